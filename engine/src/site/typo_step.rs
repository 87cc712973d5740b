//! The typo step of a site search: the words no index holds, and a last word being typed that
//! begins none of their words, looked up in every index's lexicon at once; what the query is
//! then searched with instead, and how the answer names it.

use super::evaluate::Found;
use super::index::SiteIndex;
use super::joint_cost::JointCost;
use super::queries::{Queries, Replacing};
use crate::api::SearchRequest;
use crate::error::Result;
use crate::typos::{is_correctable, unknown_words, UnknownWord, RARE_DOCS};
use crate::{all_at_once, StepFuture};

/// The words of the query as typed that `index` searches by another term, their stem: the
/// word read checks them in its stemmed-word filter, as a typo's stem may be a word of the
/// index (`guies`, stem `gui`). None without typo tolerance or a lexicon.
pub(super) fn stemmed_words(
    index: &SiteIndex,
    request: &SearchRequest,
    queries: &Queries,
) -> Vec<String> {
    if !request.typo_tolerance || index.lexicon().is_none() {
        return Vec::new();
    }
    let words = queries.exact.words.iter();
    let stemmed = words.filter(|word| !word.prefix && index.stems(&word.word));
    crate::sorted_unique(stemmed.map(|word| word.word.clone()).collect())
}

/// With typo tolerance and lexicons, the replacements of the query's words that no index
/// holds (the words read show it), and the completions of a completed last word that begins
/// none of their words: one wave of lexicon blocks over every index's lexicon (and each
/// lexicon's block index once, unless preloaded); a word's replacements are those of every
/// lexicon. Empty when every word is known or has no replacement.
pub(super) async fn typo_replacements(
    indexes: &[&SiteIndex],
    request: &SearchRequest,
    queries: &[Queries],
    found: &[Found],
    cost: &mut JointCost,
) -> Result<Replacing> {
    let lexicons: Vec<_> = indexes
        .iter()
        .enumerate()
        .filter_map(|(i, index)| Some((i, index.lexicon()?)))
        .collect();
    if !request.typo_tolerance || lexicons.is_empty() {
        return Ok(Replacing::default());
    }
    // Over every index: the pages holding the word, as a lookup counts them
    // ([`SiteIndex::pages_of`]).
    let pages = |word: &str| -> u32 {
        let each = indexes.iter().zip(found);
        each.map(|(index, found)| index.pages_of(word, found))
            .fold(0, u32::saturating_add)
    };
    let held_as_typed = |word: &str| {
        (indexes.iter().zip(found)).any(|(index, found)| {
            index.pages_of(word, found) > 0 && !found.stem_only.iter().any(|w| w == word)
        })
    };
    let expanded = |word: &str| {
        found
            .iter()
            .any(|found| found.expansion(word).is_some_and(|words| !words.is_empty()))
    };
    // The words typed are the same in every index's parse of the query.
    let typed = &queries[0];
    // A word on a page or two that the builder marked is looked up too: the lexicon
    // replaces it only with far more common words one edit away, as a misspelling those
    // pages hold themselves may be.
    let mut unknown = unknown_words(&typed.exact.words, |word| {
        let pages = match held_as_typed(&word.word) {
            true => pages(&word.word),
            false => 0,
        };
        let known = pages > RARE_DOCS || word.prefix && expanded(&word.word);
        (!known).then_some(pages)
    });
    let exact_unknown = unknown.len();
    // The last word is completed from the lexicon only when the index has no word it
    // begins and it is no word of the index itself: a word typed whole whose stem is
    // shorter ("ways", indexed as "way") begins no indexed word, and its one-edit
    // neighbours are no completion of it.
    let completing = typed
        .completed
        .as_ref()
        .and_then(|parsed| parsed.completed.clone())
        .filter(|word| is_correctable(word))
        .filter(|word| !expanded(word) && !held_as_typed(word));
    if let Some(word) = completing {
        unknown.push(UnknownWord {
            word,
            prefix: true,
            docs: 0,
        });
    }
    if unknown.is_empty() {
        return Ok(Replacing::default());
    }
    let stats = cost.each();
    let lookups = all_at_once(
        lexicons
            .iter()
            .map(|(i, (lexicon, persistent))| -> StepFuture<_> {
                Box::pin(lexicon.replacements_of_each(&unknown, *persistent, &stats[*i]))
            })
            .collect(),
    )
    .await?;
    cost.step_done();
    // Each word's replacements in every lexicon, each once, in the order they came.
    let mut each: Vec<Vec<String>> = vec![Vec::new(); unknown.len()];
    for lookup in lookups {
        for (all, words) in each.iter_mut().zip(lookup) {
            for word in words {
                if !all.contains(&word) {
                    all.push(word);
                }
            }
        }
    }
    let completion = (each.len() > exact_unknown)
        .then(|| each.pop())
        .flatten()
        .filter(|words| !words.is_empty())
        .map(|words| (unknown.pop().expect("the completed word").word, words));
    let words = unknown
        .into_iter()
        .zip(each)
        .filter(|(_, instead)| !instead.is_empty())
        .map(|(unknown, mut instead)| {
            // A word held by its stem only is an unseen form of it as often as a typo, and a
            // rare word a real one as often as a misspelling: its pages stay found, beside
            // those of the words meant.
            if pages(&unknown.word) > 0 {
                instead.push(unknown.word.clone());
            }
            (unknown.word, instead)
        })
        .collect();
    Ok(Replacing { words, completion })
}
