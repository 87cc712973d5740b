//! Which words of a query the index does not hold: the ones typo tolerance looks up.

use std::sync::Arc;

use super::probes::FoundTerm;
use super::query::{QueryBuilder, QueryWord};
use crate::error::Result;
use crate::io::{PersistentCache, QueryStats};
use crate::typos::{Lexicon, UnknownWord, MAX_REPLACEMENTS};

/// The words of `words` that no split in `found` (the term lookups of every split searched)
/// holds in any default field: none of their terms, and for a prefix no expansion. (A rare
/// word they hold is searched as typed: splits do not mark the rare words beside common ones
/// that a site file marks, and looking up every rare word costs a wave.)
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
        (!exact && !expanded).then_some(0)
    })
}

/// What `lexicons` (each index's, when several are searched as one) have instead of each of
/// `unknown`, read at once: one lexicon's replacements, or those of all of them taken in
/// turn (each lexicon's most frequent first), each word once, at most [`MAX_REPLACEMENTS`].
pub(super) async fn replacements(
    lexicons: &[Arc<Lexicon>],
    unknown: &[UnknownWord],
    persistent: Option<&Arc<dyn PersistentCache>>,
    stats: &QueryStats,
) -> Result<Vec<(String, Vec<String>)>> {
    if let [lexicon] = lexicons {
        return lexicon.replacements(unknown, persistent, stats).await;
    }
    let each: Vec<QueryStats> = lexicons.iter().map(|_| QueryStats::new()).collect();
    let reads = lexicons
        .iter()
        .zip(&each)
        .map(|(lexicon, stats)| lexicon.replacements(unknown, persistent, stats));
    let found = futures::future::try_join_all(reads).await;
    stats.add_concurrent(&each);
    let found = found?;
    Ok(unknown
        .iter()
        .filter_map(|word| {
            let lists: Vec<&Vec<String>> = found
                .iter()
                .filter_map(|of_one| of_one.iter().find(|(w, _)| *w == word.word))
                .map(|(_, instead)| instead)
                .collect();
            let longest = lists.iter().map(|list| list.len()).max()?;
            let mut instead: Vec<String> = Vec::new();
            for rank in 0..longest {
                for list in &lists {
                    if let Some(w) = list.get(rank).filter(|w| !instead.contains(w)) {
                        instead.push(w.clone());
                    }
                }
            }
            instead.truncate(MAX_REPLACEMENTS);
            Some((word.word.clone(), instead))
        })
        .collect())
}
