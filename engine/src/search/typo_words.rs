//! Which words of a query the index does not hold: the ones typo tolerance looks up.

use super::query::{QueryBuilder, QueryWord};
use super::warmup::FoundTerm;
use crate::typos::UnknownWord;

/// The words of `words` that no split in `found` (the term lookups of every split searched)
/// holds in any default field: none of their terms, and for a prefix no expansion. Each once,
/// a prefix if any of its occurrences is one.
pub(crate) fn unknown_words(
    queries: &QueryBuilder,
    words: &[QueryWord],
    found: &[Vec<FoundTerm>],
) -> Vec<UnknownWord> {
    let found: Vec<&FoundTerm> = found.iter().flatten().collect();
    let known = |word: &QueryWord| {
        let terms = queries.word_terms(&word.word);
        let exact = terms.iter().any(|term| {
            found
                .iter()
                .any(|f| f.field == term.field() && f.key == term.serialized_value_bytes())
        });
        let expanded = word.prefix
            && found.iter().any(|f| {
                f.expansion.is_some()
                    && queries.default_fields().contains(&f.field)
                    && f.key.starts_with(word.word.as_bytes())
            });
        exact || expanded
    };
    let mut unknown: Vec<UnknownWord> = Vec::new();
    for word in words {
        // `fetch (ap OR ap*)` holds `ap` twice: known as either, it is known.
        let mut same = words.iter().filter(|w| w.word == word.word);
        if !unknown.iter().any(|u| u.word == word.word) && !same.clone().any(known) {
            unknown.push(UnknownWord {
                word: word.word.clone(),
                prefix: same.any(|w| w.prefix),
            });
        }
    }
    unknown
}
