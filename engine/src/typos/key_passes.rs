//! The lexicon's (delete key, word) pairs in key order, made a range of keys at a time.
//!
//! A word of n characters has n + 1 keys, so a million-page site's 1.3 million words make
//! about 12 million pairs: held at once, as the lexicon was first written, they took 800 MB
//! for two seconds, the build's peak. Made in passes, each over the keys of a few first
//! bytes, they hold at most [`PAIRS_PER_PASS`] (or one first byte's, if more) for the price
//! of making every key once more to count them, and a word's keys in at most two passes (a
//! key starts as its word does or, its first character deleted, as the rest). The file
//! written is the same.

use std::collections::BTreeMap;

use super::edits::delete_keys;

/// Words and their document frequencies (`super::WordCounts`, which the lexicon file's module
/// defines: that module uses this one).
type WordCounts = BTreeMap<String, u32>;

/// Bytes a pair takes in memory, about: a 48-byte tuple and its key's allocation.
pub const PAIR_BYTES: usize = 64;
/// Pairs made at once, at most: about 250 MB; MDN's 80,000 pairs take one pass.
pub const PAIRS_PER_PASS: usize = 1 << 22;

/// A key, the document frequency of its word, and the word.
pub type KeyPair<'w> = (String, u32, &'w str);

/// Buckets of keys: the empty key, then one per first byte (byte order is key order).
const BUCKETS: usize = 257;

/// The (key, docs, word) pairs of `words`, in passes of at most `per_pass` pairs (one
/// bucket's pairs are never cut), each sorted by key, then the most frequent word first, then
/// the word: every pass's keys come after the last pass's.
pub fn key_pairs_in_passes(
    words: &WordCounts,
    per_pass: usize,
) -> impl Iterator<Item = Vec<KeyPair<'_>>> {
    let mut passes = bucket_ranges(&bucket_counts(words), per_pass).into_iter();
    std::iter::from_fn(move || {
        let buckets = passes.next()?;
        let mut pairs: Vec<KeyPair> = Vec::new();
        for (word, &docs) in words {
            // A key starts as its word does, or (the first character deleted) as the rest.
            let rest = word
                .chars()
                .next()
                .map_or("", |first| &word[first.len_utf8()..]);
            if !buckets.contains(&bucket_of(word)) && !buckets.contains(&bucket_of(rest)) {
                continue;
            }
            let keys = delete_keys(word).into_iter();
            let in_pass = keys.filter(|key| buckets.contains(&bucket_of(key)));
            pairs.extend(in_pass.map(|key| (key, docs, word.as_str())));
        }
        pairs.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.cmp(b.2)));
        Some(pairs)
    })
}

fn bucket_of(key: &str) -> usize {
    key.as_bytes()
        .first()
        .map_or(0, |&byte| 1 + usize::from(byte))
}

/// Pairs per bucket.
fn bucket_counts(words: &WordCounts) -> [usize; BUCKETS] {
    let mut counts = [0; BUCKETS];
    for word in words.keys() {
        for key in delete_keys(word) {
            counts[bucket_of(&key)] += 1;
        }
    }
    counts
}

/// Consecutive buckets grouped into passes of at most `per_pass` pairs (a bucket with more is
/// a pass of its own); buckets without pairs join any pass.
fn bucket_ranges(counts: &[usize; BUCKETS], per_pass: usize) -> Vec<std::ops::Range<usize>> {
    let mut ranges = Vec::new();
    let (mut start, mut held) = (0, 0);
    for (bucket, &count) in counts.iter().enumerate() {
        if held > 0 && held + count > per_pass {
            ranges.push(start..bucket);
            (start, held) = (bucket, 0);
        }
        held += count;
    }
    ranges.push(start..BUCKETS);
    ranges
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passes_make_every_pair_once_in_key_order() {
        let words: WordCounts = (0..500)
            .map(|i| (format!("w{}örd{i}", (b'a' + (i % 26) as u8) as char), i % 5))
            .chain([("a".to_string(), 3), ("é".to_string(), 1)])
            .collect();
        let at_once: Vec<Vec<KeyPair>> = key_pairs_in_passes(&words, usize::MAX).collect();
        assert_eq!(at_once.len(), 1);
        let in_passes: Vec<Vec<KeyPair>> = key_pairs_in_passes(&words, 300).collect();
        assert!(in_passes.len() > 3, "{} passes", in_passes.len());
        assert!(in_passes.iter().all(|pass| !pass.is_empty()));
        assert_eq!(in_passes.concat(), at_once[0]);
        // The word `a` has the empty key, the first of all.
        assert_eq!(at_once[0][0], (String::new(), 3, "a"));
    }

    #[test]
    fn a_bucket_larger_than_a_pass_is_a_pass_of_its_own() {
        let mut counts = [0; BUCKETS];
        (counts[5], counts[6], counts[9], counts[200]) = (10, 50, 20, 30);
        assert_eq!(
            bucket_ranges(&counts, 30),
            [0..6, 6..7, 7..200, 200..BUCKETS]
        );
        let whole = bucket_ranges(&[0; BUCKETS], 30);
        assert!(whole.len() == 1 && whole[0] == (0..BUCKETS));
    }
}
