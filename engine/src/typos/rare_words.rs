//! Which words of an index are rare beside a far more common word one edit away: on
//! [`RARE_DOCS`] documents or fewer, one edit from a word on [`FAR_MORE_COMMON`] times as
//! many. A query typing such a word is as often after the common one, misspelt on those
//! pages, as after the word itself: the lexicon replaces it with the common word, and the
//! engine searches both ([`super::Lexicon::replacements_of_each`]). A site index marks them
//! at build time, so that a query looks up only these in the lexicon, not every rare word.

use std::hash::{DefaultHasher, Hash, Hasher};

use super::edits::{delete_keys, one_edit_apart};
use super::lexicon::{FAR_MORE_COMMON, RARE_DOCS};
use crate::formats::lexicon::WordCounts;

/// The words of `words` (documents holding each) rare beside a far more common word, in
/// their order. Holds the common words' deletion keys as hashes meanwhile (16 bytes a key):
/// the rare words, usually the most, are only looked up.
pub fn rare_words_beside_common_ones(words: &WordCounts) -> Vec<&str> {
    let common: Vec<(&str, u32)> = (words.iter())
        .filter(|(_, &docs)| docs >= FAR_MORE_COMMON)
        .map(|(word, &docs)| (word.as_str(), docs))
        .collect();
    let mut keys: Vec<(u64, u32)> = Vec::new();
    for (at, (word, _)) in common.iter().enumerate() {
        keys.extend(
            delete_keys(word)
                .iter()
                .map(|key| (key_hash(key), at as u32)),
        );
    }
    keys.sort_unstable();
    let beside_common = |word: &str, docs: u32| {
        delete_keys(word).iter().any(|key| {
            let hash = key_hash(key);
            let first = keys.partition_point(|(k, _)| *k < hash);
            keys[first..]
                .iter()
                .take_while(|(k, _)| *k == hash)
                .any(|&(_, at)| {
                    let (common, common_docs) = common[at as usize];
                    common_docs >= docs * FAR_MORE_COMMON && one_edit_apart(word, common)
                })
        })
    };
    (words.iter())
        .filter(|(word, &docs)| docs > 0 && docs <= RARE_DOCS && beside_common(word, docs))
        .map(|(word, _)| word.as_str())
        .collect()
}

/// A key's hash (two keys sharing one only cost a word compared for nothing).
fn key_hash(key: &str) -> u64 {
    let mut hasher = DefaultHasher::new();
    key.hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rare_word_one_edit_from_a_far_more_common_one_is_rare_beside_it() {
        let words: WordCounts = [
            ("recieve", 1),
            ("receive", 20),
            ("tapir", 1),
            ("taper", 2),
            ("zebrafish", 1),
            ("fetc", 2),
            ("fetch", 19),
            ("feth", 2),
            ("fetcher", 40),
        ]
        .into_iter()
        .map(|(word, docs)| (word.to_string(), docs))
        .collect();
        // `fetc` on 2 pages needs 20 beside it; `feth` has `fetch` only two edits from
        // `fetcher`, one from `fetch`: 19 < 20.
        assert_eq!(rare_words_beside_common_ones(&words), ["recieve"]);
    }
}
