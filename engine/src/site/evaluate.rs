//! Scoring a query tree over the postings a query read: BM25 per word and field, summed over
//! fields with their boosts and over the words of the query, as tantivy scores a split's
//! default fields.
//!
//! A long word's postings past its best are in a tail the query may not have read
//! ([`crate::formats::site_file::postings::Tail`]): every page is then scored within bounds ([`super::scored`]),
//! so the search can tell whether its first hits are settled without them.

use tantivy_query_grammar::Occur;

use super::bm25::{idf, long_headings, tf_factor, Averages};
use super::query::{Node, Slot};
use super::scored::{add_where_present, best_of, intersect, subtract, union, Score, Scored};
use crate::formats::site_file::head_meta::{FieldScoring, HeadMeta};
use crate::formats::site_file::length_code::code_length;
use crate::formats::site_file::postings::{FieldCount, Posting, Postings, Tail, FULL_WEIGHT};

/// A word's postings and, when a phrase needs them, its positions (per posting, per field in
/// the posting's mask).
#[derive(Debug, Default)]
pub struct WordData {
    /// Its postings (of a long word whose tail is not read, the chunk's).
    pub postings: Postings,
    /// Its positions, when read.
    pub positions: Option<Vec<Vec<Vec<u32>>>>,
    /// Where its positions are in the positions region (empty: it has none), for a phrase to
    /// read them.
    pub positions_at: std::ops::Range<u64>,
    /// Its tail, while it is not read.
    pub tail: Option<Tail>,
    /// A form of it is rare beside a far more common word
    /// ([`crate::formats::site_file::postings::WordEntry::beside_common`]).
    pub beside_common: bool,
}

impl WordData {
    /// Pages holding the word in field `field`, whether its tail is read or not.
    fn doc_freq(&self, field: usize) -> usize {
        match &self.tail {
            Some(tail) => tail.field(field).map_or(0, |f| f.pages as usize),
            None => self.postings.doc_freq(field),
        }
    }
}

/// What the query's reads found.
#[derive(Debug, Default)]
pub struct Found {
    /// Words (and filter words) by word; a word the index lacks is absent.
    pub words: FoundWords,
    /// The words each prefix expanded to (a few prefixes: a list, which costs the engine less
    /// code than a map).
    pub expansions: Vec<(String, Vec<String>)>,
    /// Words of the query the index holds by their stem only, none of its pages as typed.
    pub stem_only: Vec<String>,
}

/// Words found, by word: sorted. A query finds some dozens of words, and a sorted list
/// costs the site engine less code than a hash map (0.1 KB of its brotli).
#[derive(Debug, Default)]
pub struct FoundWords(Vec<(String, WordData)>);

impl FoundWords {
    fn at(&self, word: &str) -> std::result::Result<usize, usize> {
        self.0
            .binary_search_by(|(found, _)| found.as_str().cmp(word))
    }

    pub fn get(&self, word: &str) -> Option<&WordData> {
        self.at(word).ok().map(|at| &self.0[at].1)
    }

    pub fn get_mut(&mut self, word: &str) -> Option<&mut WordData> {
        self.at(word).ok().map(|at| &mut self.0[at].1)
    }

    pub fn contains_key(&self, word: &str) -> bool {
        self.at(word).is_ok()
    }

    /// Adds `word`, or replaces what it had.
    pub fn insert(&mut self, word: String, data: WordData) {
        match self.at(&word) {
            Ok(at) => self.0[at].1 = data,
            Err(at) => self.0.insert(at, (word, data)),
        }
    }
}

impl Found {
    /// The index words a slot stands for.
    pub fn slot_words<'a>(&'a self, slot: &'a Slot) -> Vec<&'a str> {
        match slot {
            Slot::Word(word) => vec![word.as_str()],
            Slot::AnyOf(words) => words.iter().map(String::as_str).collect(),
            Slot::Prefix(prefix) => self
                .expansion(prefix)
                .map(|words| words.iter().map(String::as_str).collect())
                .unwrap_or_default(),
        }
    }

    /// The words `prefix` expanded to, if it was read.
    pub fn expansion(&self, prefix: &str) -> Option<&Vec<String>> {
        let found = self.expansions.iter().find(|(p, _)| p == prefix);
        found.map(|(_, words)| words)
    }

    /// Whether a word of `slots` has a tail not read.
    fn partly_read(&self, slots: &[Slot]) -> bool {
        let words = slots.iter().flat_map(|slot| self.slot_words(slot));
        words
            .filter_map(|word| self.words.get(word))
            .any(|data| data.tail.is_some())
    }
}

/// Every index searched together (one, or several as one): a word's IDF is counted over all
/// their pages, and field lengths normalised by their averages over all of them, as one index
/// over all of them would count them.
pub struct Collection<'a> {
    /// Each index's head meta and what the query read of it.
    pub parts: Vec<(&'a HeadMeta, &'a Found)>,
}

impl Collection<'_> {
    /// BM25's IDF of `word` in the field named `field`, over every index.
    fn idf(&self, word: &str, field: &str) -> f32 {
        let mut pages = 0;
        let mut doc_freq = 0;
        for (meta, found) in &self.parts {
            pages += meta.pages;
            let field = meta.fields.iter().position(|f| f.name == field);
            if let (Some(data), Some(field)) = (found.words.get(word), field) {
                doc_freq += data.doc_freq(field);
            }
        }
        idf(doc_freq, pages)
    }
}

/// BM25 of a word on each of `postings` in an index of `meta` whose fields are normalised by
/// `averages`: per field, its weight (boost × IDF; fields weighted 0 are not searched) times
/// the term-frequency factor. Pages holding the word in no searched field are left out. The
/// builder orders a long word's postings by the same scores ([`Tail::best`]).
pub fn word_scores<'a>(
    meta: &'a HeadMeta,
    averages: &'a Averages,
    postings: &'a Postings,
    weights: &'a [f32],
) -> impl Iterator<Item = (u32, f32)> + 'a {
    postings.postings.iter().filter_map(move |posting| {
        let mut score = 0.0;
        let mut matched = false;
        for (f, count) in postings.field_counts(posting) {
            if weights[f] != 0.0 {
                score += weights[f] * field_factor(meta, averages, posting, f, count);
                matched = true;
            }
        }
        matched.then_some((posting.page, score))
    })
}

/// BM25's term-frequency factor of a word in field `field` of `posting`, whose `count` it is
/// there.
fn field_factor(
    meta: &HeadMeta,
    averages: &Averages,
    posting: &Posting,
    field: usize,
    count: FieldCount,
) -> f32 {
    let (mut count, mut average, mut weight) = (count, averages.fields[field], 1.0);
    match meta.fields[field].scoring {
        FieldScoring::Headings if long_headings(count.length, average) => {
            count = posting.best_heading.unwrap_or(count);
            average = averages.heading;
        }
        FieldScoring::Text => weight = f32::from(posting.text_weight) / f32::from(FULL_WEIGHT),
        _ => {}
    }
    tf_factor(count.occurrences, code_length(count.length), average) * weight
}

/// Scores queries of one index.
pub struct Scorer<'a> {
    /// The index's head meta.
    meta: &'a HeadMeta,
    /// What was read.
    found: &'a Found,
    /// The indexes searched together, this one among them.
    collection: &'a Collection<'a>,
    /// Its fields' averages over all of them.
    averages: Averages,
}

impl<'a> Scorer<'a> {
    /// Scores the pages of the index of `meta`, which the query read `found` of, among the
    /// indexes of `collection`.
    pub fn new(meta: &'a HeadMeta, found: &'a Found, collection: &'a Collection<'a>) -> Self {
        let metas: Vec<&HeadMeta> = collection.parts.iter().map(|(meta, _)| *meta).collect();
        Scorer {
            meta,
            found,
            collection,
            averages: Averages::of(meta, &metas),
        }
    }

    /// The pages `node` matches, with their scores.
    pub fn evaluate(&self, node: &Node) -> Scored {
        match node {
            Node::Phrase { field, slots, slop } => self.phrase(*field, slots, *slop),
            Node::Filter(word) => self.filter(word),
            Node::All => Scored::exactly((0..self.meta.pages).map(|page| (page, 1.0))),
            Node::Nothing => Scored::default(),
            Node::Boost(node, boost) => {
                let mut scored = self.evaluate(node);
                for (_, score) in &mut scored.pages {
                    let (low, high) = (score.low * boost, score.high * boost);
                    (score.low, score.high) = (low.min(high), low.max(high));
                }
                scored.rest = scored.rest.map(|rest| (rest * boost).max(0.0));
                scored
            }
            Node::Clauses(clauses) => self.clauses(clauses),
        }
    }

    /// The pages holding one word of each of `groups` (filter words) among `matched`.
    pub fn filtered(&self, matched: Scored, groups: &[Vec<String>]) -> Scored {
        groups.iter().fold(matched, |matched, group| {
            let allowed = group
                .iter()
                .map(|word| self.filter(word))
                .fold(Scored::default(), |all, next| union(&all, &next));
            intersect(&matched, &allowed)
        })
    }

    /// The pages with the filter word `word`, scoring nothing.
    fn filter(&self, word: &str) -> Scored {
        let Some(data) = self.found.words.get(word) else {
            return Scored::default();
        };
        Scored {
            pages: (data.postings.postings.iter())
                .map(|p| (p.page, Score::exact(0.0)))
                .collect(),
            rest: data.tail.as_ref().map(|_| 0.0),
        }
    }

    fn clauses(&self, clauses: &[(Occur, Node)]) -> Scored {
        let of = |wanted: Occur| {
            clauses
                .iter()
                .filter(move |(occur, _)| *occur == wanted)
                .map(|(_, node)| self.evaluate(node))
        };
        let mut musts = of(Occur::Must);
        let shoulds: Vec<Scored> = of(Occur::Should).collect();
        let mut matched = match musts.next() {
            Some(first) => {
                let all = musts.fold(first, |all, next| intersect(&all, &next));
                shoulds
                    .iter()
                    .fold(all, |all, should| add_where_present(&all, should))
            }
            None => shoulds
                .iter()
                .fold(Scored::default(), |all, should| union(&all, should)),
        };
        for excluded in of(Occur::MustNot) {
            matched = subtract(&matched, &excluded);
        }
        matched
    }

    /// A word's score on each page holding it in `field` (any searched field when `None`).
    fn word(&self, word: &str, field: Option<usize>) -> Scored {
        let Some(data) = self.found.words.get(word) else {
            return Scored::default();
        };
        let weights: Vec<f32> = (0..self.meta.fields.len())
            .map(|f| {
                let searched = field.is_none_or(|only| only == f);
                if !searched {
                    return 0.0;
                }
                let searched = &self.meta.fields[f];
                searched.boost * self.collection.idf(word, &searched.name)
            })
            .collect();
        let scores = word_scores(self.meta, &self.averages, &data.postings, &weights);
        let mut scored = Scored::exactly(scores);
        scored.rest = data.tail.as_ref().map(|tail| self.tail_bound(tail, field));
        scored
    }

    /// The most a page of `tail` scores, searched in `field` (every field: `None`). The
    /// builder's bests are those of its index searched alone; a search of several indexes
    /// (other averages, other IDFs) can bound it by nothing less than infinity, so it reads
    /// the tail.
    fn tail_bound(&self, tail: &Tail, field: Option<usize>) -> f32 {
        if self.collection.parts.len() > 1 {
            return f32::INFINITY;
        }
        let best = match field {
            None => tail.best,
            Some(field) => tail.field(field).map_or(0.0, |f| f.best),
        };
        // A margin for the rounding of another platform's logarithm.
        best * (1.0 + 1e-4)
    }

    /// A slot's score on each page: a word's, or the best of the words it stands for.
    fn slot(&self, slot: &Slot, field: Option<usize>) -> Scored {
        self.found
            .slot_words(slot)
            .into_iter()
            .map(|word| self.word(word, field))
            .fold(Scored::default(), |best, next| best_of(&best, &next))
    }

    fn phrase(&self, field: Option<usize>, slots: &[Slot], slop: u32) -> Scored {
        let per_slot: Vec<Scored> = slots.iter().map(|slot| self.slot(slot, field)).collect();
        let Some((first, rest)) = per_slot.split_first() else {
            return Scored::default();
        };
        let mut candidates = rest
            .iter()
            .fold(first.clone(), |all, next| intersect(&all, next));
        if slots.len() == 1 {
            return candidates;
        }
        // Positions of postings in tails not read are not known either: a page whose words
        // do not follow each other in the postings read may on others.
        let partly_read = self.found.partly_read(slots);
        candidates.pages.retain_mut(|(page, score)| {
            if !score.sure || self.in_order(*page, field, slots, slop) {
                return true;
            }
            score.sure = false;
            partly_read
        });
        candidates
    }
    /// Whether the slots' words follow each other on `page` in one field.
    fn in_order(&self, page: u32, field: Option<usize>, slots: &[Slot], slop: u32) -> bool {
        let fields = self.meta.fields.len();
        (0..fields)
            .filter(|f| field.is_none_or(|only| only == *f))
            .any(|f| {
                let positions: Vec<Vec<u32>> = slots
                    .iter()
                    .map(|slot| self.slot_positions(slot, page, f))
                    .collect();
                follows(&positions, slop)
            })
    }

    /// The positions in field `field` of `page` of the words a slot stands for.
    fn slot_positions(&self, slot: &Slot, page: u32, field: usize) -> Vec<u32> {
        let mut all = Vec::new();
        for word in self.found.slot_words(slot) {
            let Some(data) = self.found.words.get(word) else {
                continue;
            };
            let Some(positions) = &data.positions else {
                continue;
            };
            let list = &data.postings.postings;
            let Ok(at) = list.binary_search_by_key(&page, |p| p.page) else {
                continue;
            };
            let posting = &list[at];
            if posting.fields & (1 << field) == 0 {
                continue;
            }
            let nth = (posting.fields & ((1 << field) - 1)).count_ones() as usize;
            if let Some(field_positions) = positions.get(at).and_then(|p| p.get(nth)) {
                all.extend_from_slice(field_positions);
            }
        }
        all.sort_unstable();
        all
    }
}

/// Whether some position of each list follows one of the list before, at most `slop` words
/// apart.
fn follows(positions: &[Vec<u32>], slop: u32) -> bool {
    let Some((first, rest)) = positions.split_first() else {
        return false;
    };
    first.iter().any(|&start| {
        let mut at = start;
        rest.iter().all(|next| {
            let found = next
                .iter()
                .find(|&&p| p > at && p <= at + 1 + slop)
                .copied();
            found.inspect(|&p| at = p).is_some()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_follow_within_the_slop() {
        assert!(follows(&[vec![1, 9], vec![10], vec![11]], 0));
        assert!(!follows(&[vec![1], vec![3]], 0));
        assert!(follows(&[vec![1], vec![3]], 1));
        assert!(!follows(&[vec![5], vec![4]], 3), "order matters");
    }
}
