//! Which words of a query the index does not hold: the ones typo tolerance looks up.

use super::query::{QueryBuilder, QueryWord};
use super::warmup::FoundTerm;
use crate::typos::UnknownWord;

/// The words of `words` that no split in `found` (the term lookups of every split searched)
/// holds in any default field: none of their terms, and for a prefix no expansion.
pub(crate) fn unknown_words(
    queries: &QueryBuilder,
    words: &[QueryWord],
    found: &[Vec<FoundTerm>],
) -> Vec<UnknownWord> {
    let found: Vec<&FoundTerm> = found.iter().flatten().collect();
    crate::typos::unknown_words(words, |QueryWord { word, prefix }| {
        let exact = queries.word_terms(word).iter().any(|term| {
            found
                .iter()
                .any(|f| f.field == term.field() && f.key == term.serialized_value_bytes())
        });
        let expanded = *prefix
            && found.iter().any(|f| {
                f.expansion.is_some()
                    && queries.default_fields().contains(&f.field)
                    && f.key.starts_with(word.as_bytes())
            });
        exact || expanded
    })
}
