//! Scoring a query tree over the postings a query read: BM25 per word and field, summed over
//! fields with their boosts and over the words of the query, as tantivy scores a split's
//! default fields.

use rustc_hash::FxHashMap as HashMap;

use tantivy_query_grammar::Occur;

use super::bm25::{code_length, idf, long_headings, tf_factor, Averages};
use super::layout::{FieldScoring, HeadMeta};
use super::postings::{FieldCount, Posting, Postings, FULL_WEIGHT};
use super::query::{Node, Slot};

/// Pages and their scores, by page.
pub type Scored = Vec<(u32, f32)>;

/// A word's postings and, when a phrase needs them, its positions (per posting, per field in
/// the posting's mask).
#[derive(Debug, Default)]
pub struct WordData {
    /// Its postings.
    pub postings: Postings,
    /// Its positions, when read.
    pub positions: Option<Vec<Vec<Vec<u32>>>>,
    /// Where its positions are in the positions region (empty: it has none), for a phrase to
    /// read them.
    pub positions_at: std::ops::Range<u64>,
}

/// What the query's reads found.
#[derive(Debug, Default)]
pub struct Found {
    /// Words (and filter words) by word; a word the index lacks is absent.
    pub words: HashMap<String, WordData>,
    /// The words each prefix expanded to (a few prefixes: a list, which costs the engine less
    /// code than a map).
    pub expansions: Vec<(String, Vec<String>)>,
    /// Words of the query the index holds by their stem only, none of its pages as typed.
    pub stem_only: Vec<String>,
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
                doc_freq += data.postings.doc_freq(field);
            }
        }
        idf(doc_freq, pages)
    }
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

    /// BM25's term-frequency factor of a word in field `field` of `posting`, whose `count`
    /// it is there.
    fn tf_factor(&self, posting: &Posting, field: usize, count: FieldCount) -> f32 {
        let (mut count, mut average, mut weight) = (count, self.averages.fields[field], 1.0);
        match self.meta.fields[field].scoring {
            FieldScoring::Headings if long_headings(count.length, average) => {
                count = posting.best_heading.unwrap_or(count);
                average = self.averages.heading;
            }
            FieldScoring::Text => weight = f32::from(posting.text_weight) / f32::from(FULL_WEIGHT),
            _ => {}
        }
        tf_factor(count.occurrences, code_length(count.length), average) * weight
    }

    /// The pages `node` matches, with their scores.
    pub fn evaluate(&self, node: &Node) -> Scored {
        match node {
            Node::Phrase { field, slots, slop } => self.phrase(*field, slots, *slop),
            Node::Filter(word) => self.found.words.get(word).map_or_else(Vec::new, |data| {
                data.postings
                    .postings
                    .iter()
                    .map(|p| (p.page, 0.0))
                    .collect()
            }),
            Node::All => (0..self.meta.pages).map(|page| (page, 1.0)).collect(),
            Node::Nothing => Vec::new(),
            Node::Boost(node, boost) => {
                let mut scored = self.evaluate(node);
                scored.iter_mut().for_each(|(_, score)| *score *= boost);
                scored
            }
            Node::Clauses(clauses) => self.clauses(clauses),
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
                .fold(Vec::new(), |all, should| union(&all, should)),
        };
        for excluded in of(Occur::MustNot) {
            matched = subtract(&matched, &excluded);
        }
        matched
    }

    /// A word's score on each page holding it in `field` (any searched field when `None`).
    fn word(&self, word: &str, field: Option<usize>) -> Scored {
        let Some(data) = self.found.words.get(word) else {
            return Vec::new();
        };
        let postings = &data.postings;
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
        postings
            .postings
            .iter()
            .filter_map(|posting| {
                let mut score = 0.0;
                let mut matched = false;
                for (f, count) in postings.field_counts(posting) {
                    if field.is_none_or(|only| only == f) {
                        score += weights[f] * self.tf_factor(posting, f, count);
                        matched = true;
                    }
                }
                matched.then_some((posting.page, score))
            })
            .collect()
    }

    /// A slot's score on each page: a word's, or the best of the words it stands for.
    fn slot(&self, slot: &Slot, field: Option<usize>) -> Scored {
        self.found
            .slot_words(slot)
            .into_iter()
            .map(|word| self.word(word, field))
            .fold(Vec::new(), |best, next| merge(&best, &next, f32::max))
    }

    fn phrase(&self, field: Option<usize>, slots: &[Slot], slop: u32) -> Scored {
        let per_slot: Vec<Scored> = slots.iter().map(|slot| self.slot(slot, field)).collect();
        let Some((first, rest)) = per_slot.split_first() else {
            return Vec::new();
        };
        let candidates = rest
            .iter()
            .fold(first.clone(), |all, next| intersect(&all, next));
        if slots.len() == 1 {
            return candidates;
        }
        candidates
            .into_iter()
            .filter(|(page, _)| self.in_order(*page, field, slots, slop))
            .collect()
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

/// `b`'s score of `page`. Every `Scored` is in page order, each page once (postings are, and
/// every operation here keeps it): a binary search, where a hash map per operation cost the
/// site engine more code.
fn score_in(b: &Scored, page: u32) -> Option<f32> {
    debug_assert!(b.windows(2).all(|w| w[0].0 < w[1].0), "pages in order");
    b.binary_search_by_key(&page, |(p, _)| *p)
        .ok()
        .map(|at| b[at].1)
}

/// Pages in both, scores summed.
fn intersect(a: &Scored, b: &Scored) -> Scored {
    a.iter()
        .filter_map(|(page, score)| score_in(b, *page).map(|other| (*page, score + other)))
        .collect()
}

/// Pages of `a`, plus `b`'s score where `b` has them.
fn add_where_present(a: &Scored, b: &Scored) -> Scored {
    a.iter()
        .map(|(page, score)| (*page, score + score_in(b, *page).unwrap_or(0.0)))
        .collect()
}

/// Pages in either, scores summed.
fn union(a: &Scored, b: &Scored) -> Scored {
    merge(a, b, |x, y| x + y)
}

/// Pages in either, scores of pages in both combined with `combine`.
fn merge(a: &Scored, b: &Scored, combine: impl Fn(f32, f32) -> f32) -> Scored {
    // Sorted and folded rather than through a map: a B-tree of pages cost the site engine
    // 3 KB of code. The sort is stable, so a page's score in `a` is combined with `b`'s.
    let mut all: Scored = a.iter().chain(b).copied().collect();
    all.sort_by_key(|(page, _)| *page);
    let mut merged = Scored::with_capacity(all.len());
    for (page, score) in all {
        match merged.last_mut() {
            Some((last, total)) if *last == page => *total = combine(*total, score),
            _ => merged.push((page, score)),
        }
    }
    merged
}

/// Pages of `a` not in `b`.
fn subtract(a: &Scored, b: &Scored) -> Scored {
    a.iter()
        .filter(|(page, _)| score_in(b, *page).is_none())
        .copied()
        .collect()
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

    #[test]
    fn sets_combine_by_page() {
        let a = vec![(1, 1.0), (2, 1.0), (5, 1.0)];
        let b = vec![(2, 2.0), (7, 2.0)];
        assert_eq!(intersect(&a, &b), [(2, 3.0)]);
        assert_eq!(union(&a, &b), [(1, 1.0), (2, 3.0), (5, 1.0), (7, 2.0)]);
        assert_eq!(subtract(&a, &b), [(1, 1.0), (5, 1.0)]);
        assert_eq!(add_where_present(&a, &b), [(1, 1.0), (2, 3.0), (5, 1.0)]);
    }
}
