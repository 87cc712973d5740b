//! How closely a page's title matches the query, for ordering the first hits: a page titled
//! exactly what was searched comes first, then one named so, its title the name and only
//! words that say what kind of thing it names (`std::vec` → `Module std::vec`, `Vector` →
//! `Vector Class Reference`: told by the postings of the name the builder keeps), then titles
//! that start with it as a whole (`git-show` → `git-show(1) Manual Page`), then titles that
//! start with it inside a longer compound (`git-show-index(1)`), then the rest, each group in
//! score order.
//!
//! BM25 alone cannot tell these apart: the words match in every one of those titles, and the
//! bodies decide. Titles are compared after analysis, as the index holds them.

use super::evaluate::Found;
use super::query::Node;
use crate::analysis::{Analyzer, Word};
use crate::formats::site_file::length_code::code_length;
use tantivy_query_grammar::Occur;

/// Hits whose order titles may change: the first page of results.
pub const TITLE_WINDOW: usize = 10;

/// Characters that join words into one compound (`git-show-index`, `Array.prototype.map`,
/// `std::vec`, `snake_case`, `don't`): a title continuing with one of them after the query's
/// words goes on with the same name.
const JOINERS: &[char] = &['-', '_', '.', ':', '/', '\'', '’'];

/// How a title matches the query's words, worst first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum TitleMatch {
    /// It does not start with the query's words.
    Other,
    /// It starts with them, inside a longer compound (`git-show` in `git-show-index`).
    StartsInside,
    /// It starts with them, then a new word (`git-show` in `git-show(1) Manual Page`).
    Starts,
    /// It names the query's words with only words of their kind around them (`Module
    /// std::vec`): its name, the field after the title, is the query's words (the builder
    /// names pages, `builder/src/site/words/title_name.rs`).
    NamedWithKind,
    /// It is the query's words.
    Equals,
}

/// The query's words to compare an index's titles with ([`query_words`]), and its title
/// field.
pub type TitleWords<'a> = (Vec<Vec<&'a str>>, usize);

/// The query's words in title order: per word, the index words it stands for (a typo's
/// replacements, a prefix's expansions). Words in excluded clauses, filters and fields other
/// than `title_field` are left out. Empty when the query has no words (`*`, filters only).
pub fn query_words<'a>(node: &'a Node, found: &'a Found, title_field: usize) -> Vec<Vec<&'a str>> {
    let mut words = Vec::new();
    collect(node, found, title_field, &mut words);
    words
}

fn collect<'a>(node: &'a Node, found: &'a Found, title_field: usize, out: &mut Vec<Vec<&'a str>>) {
    match node {
        Node::Phrase { field, slots, .. } if field.is_none_or(|f| f == title_field) => {
            out.extend(slots.iter().map(|slot| found.slot_words(slot)));
        }
        Node::Clauses(clauses) => clauses
            .iter()
            .filter(|(occur, _)| *occur != Occur::MustNot)
            .for_each(|(_, node)| collect(node, found, title_field, out)),
        Node::Boost(node, _) => collect(node, found, title_field, out),
        Node::Phrase { .. } | Node::Filter(_) | Node::All | Node::Nothing => {}
    }
}

/// Whether the title of `page`, or its name (the field after the title,
/// [`crate::formats::site_file::layout::TITLE_NAME_FIELD`]), is as many words as `query` and
/// holds one of each of its places' words (a word as often as places hold it): titled or
/// named with the query's words, as the
/// postings read tell (a title's length is exact there; a page's name is shorter than its
/// title, so only one of them can be the query's length). Such pages come first whatever
/// their score: a page of links, whose text weighs little, may score far past the first page,
/// where [`order_by_title`] does not look.
pub fn titled_with(query: &[Vec<&str>], found: &Found, title_field: usize, page: u32) -> bool {
    query.iter().all(|place| {
        place.iter().any(|word| {
            let Some(data) = found.words.get(word) else {
                return false;
            };
            // A word in several places of the query is as many times in the title.
            let times = query.iter().filter(|place| place.contains(word)).count();
            let (postings, list) = (&data.postings, &data.postings.postings);
            list.binary_search_by_key(&page, |p| p.page)
                .is_ok_and(|at| {
                    postings.field_counts(&list[at]).any(|(field, count)| {
                        // The title or its name, the field after it.
                        field.wrapping_sub(title_field) < 2
                            && code_length(count.length) as usize == query.len()
                            && count.occurrences as usize >= times
                    })
                })
        })
    })
}

/// How `title` matches `query` (from [`query_words`]) as text: equal, starting with it or
/// not ([`TitleMatch::NamedWithKind`] is told by the postings, [`titled_with`]).
pub fn title_match(title: &str, query: &[Vec<&str>], analyzer: &Analyzer) -> TitleMatch {
    let words: Vec<Word> = analyzer.word_list(title);
    let starts = query.len() <= words.len()
        && query
            .iter()
            .zip(&words)
            .all(|(wanted, word)| wanted.contains(&word.term.as_str()));
    if query.is_empty() || !starts {
        return TitleMatch::Other;
    }
    let Some(next) = words.get(query.len()) else {
        return TitleMatch::Equals;
    };
    let end = words[query.len() - 1].end;
    // Overlapping words are bigrams of one CJK run, which goes on past the query's.
    let inside = next.start < end || title[end..next.start].chars().all(|c| JOINERS.contains(&c));
    match inside {
        true => TitleMatch::StartsInside,
        false => TitleMatch::Starts,
    }
}

/// Orders `ranked` (pages by score, best first) by how their titles match, keeping the score
/// order within each kind of match. `matches[i]` is how the title of `ranked[i]` matches;
/// items past `matches` stay where they are.
pub fn order_by_title<T: Clone>(ranked: &mut [T], matches: &[TitleMatch]) {
    let window = ranked.len().min(matches.len());
    // Each kind in turn, best first, in score order: a stable order without a sort (the
    // site engine's size counts every sort it instantiates).
    let mut reordered: Vec<T> = Vec::with_capacity(window);
    for kind in [
        TitleMatch::Equals,
        TitleMatch::NamedWithKind,
        TitleMatch::Starts,
        TitleMatch::StartsInside,
        TitleMatch::Other,
    ] {
        let of_kind = (0..window).filter(|&i| matches[i] == kind);
        reordered.extend(of_kind.map(|i| ranked[i].clone()));
    }
    ranked[..window].clone_from_slice(&reordered);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matched(title: &str, query: &str) -> TitleMatch {
        let analyzer = Analyzer::new(Some("en")).unwrap();
        let terms = analyzer.terms(query);
        let query: Vec<Vec<&str>> = terms.iter().map(|t| vec![t.as_str()]).collect();
        title_match(title, &query, &analyzer)
    }

    #[test]
    fn titles_rank_by_how_they_begin() {
        use TitleMatch::*;
        assert_eq!(matched("git-show", "git-show"), Equals);
        assert_eq!(matched("git-show(1) Manual Page", "git-show"), Starts);
        assert_eq!(
            matched("git-show-index(1) Manual Page", "git-show"),
            StartsInside
        );
        assert_eq!(matched("The git-show command", "git-show"), Other);
        assert_eq!(matched("Promises", "promise"), Equals, "after stemming");
        assert_eq!(
            matched("Array.prototype.map()", "Array.prototype.map"),
            Equals
        );
        assert_eq!(matched("Array.prototype.map()", "array"), StartsInside);
        assert_eq!(matched("json — JSON encoder and decoder", "json"), Starts);
        assert_eq!(matched("json", ""), Other, "no words");
        assert_eq!(matched("git", "git show"), Other, "shorter than the query");
        assert_eq!(matched("全文检索", "全文检索"), Equals);
        assert_eq!(matched("全文检索入门", "全文检索"), StartsInside);
        assert_eq!(matched("全文检索 入门", "全文检索"), Starts);
    }

    #[test]
    fn ordering_keeps_the_score_order_within_a_kind() {
        use TitleMatch::*;
        let mut ranked = vec!["a", "b", "c", "d", "e", "f"];
        order_by_title(&mut ranked, &[Other, StartsInside, Equals, Other, Starts]);
        assert_eq!(ranked, ["c", "e", "b", "a", "d", "f"]);
        let mut ranked = vec!["a", "b", "c"];
        order_by_title(&mut ranked, &[Starts, NamedWithKind, Equals]);
        assert_eq!(ranked, ["c", "b", "a"]);
    }
}
