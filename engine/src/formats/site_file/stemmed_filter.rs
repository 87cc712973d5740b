//! Which words of a site index its analyser searches by another term (their stem), as a Bloom
//! filter cut into buckets of one page each: the site file's `stemmed` region.
//!
//! A query word searched by its stem is found whenever some page holds the stem: `guies`
//! (stem `gui`) finds the pages of `gui` and `guis`, and typo tolerance never sees the typo of
//! `guides`. The words the pages hold as typed tell the two apart; the lexicon has them, but
//! files them among ten times as many deletion keys (a block of about 4 KB a word). This
//! filter holds only the words that differ from their stem, 12 bits each: the one page that
//! files a word, read with the query's words (the same wave), answers "no page holds it as
//! typed" with no false negatives and about 0.3 % false positives (a typo then goes
//! uncorrected, as before the filter).
//!
//! Layout: buckets of one page's data each (the site file's pages carry the checksums), the
//! region starting at the first page; a word's bucket and bits come from [`word_hash`]
//! (FNV-1a, fixed here: the builder and every reader must agree on it).

/// Bits of a bucket per word filed in it, on average ([`HASHES`] set for each).
const BITS_PER_WORD: usize = 12;
const HASHES: u64 = 8;

/// The buckets of the filter of `words`, `bucket_bytes` each.
pub fn encode(words: &[&str], bucket_bytes: usize) -> Vec<u8> {
    let per_bucket = bucket_bytes * 8 / BITS_PER_WORD;
    let buckets = words.len().div_ceil(per_bucket).max(1);
    let mut out = vec![0u8; buckets * bucket_bytes];
    for word in words {
        let (bucket, bits) = place(word, buckets as u64, bucket_bytes);
        let bucket = &mut out[bucket as usize * bucket_bytes..][..bucket_bytes];
        for bit in bits {
            bucket[bit / 8] |= 1 << (bit % 8);
        }
    }
    out
}

/// The bucket that would file `word` in a filter of `buckets` buckets.
pub fn bucket_of(word: &str, buckets: u64) -> u64 {
    (word_hash(word) >> 32) % buckets.max(1)
}

/// Whether `bucket` (the bucket [`bucket_of`] `word`) may hold `word`: false only if no page
/// holds it as typed.
pub fn may_hold(bucket: &[u8], word: &str) -> bool {
    let (_, mut bits) = place(word, 1, bucket.len());
    bits.all(|bit| bucket[bit / 8] & (1 << (bit % 8)) != 0)
}

/// `word`'s bucket among `buckets`, and its bits in a bucket of `bucket_bytes` (double
/// hashing, from the hash's low half and the hash mixed again: independent of the bucket).
fn place(word: &str, buckets: u64, bucket_bytes: usize) -> (u64, impl Iterator<Item = usize>) {
    let hash = word_hash(word);
    let mixed = hash.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    let (first, step) = (hash & 0xFFFF_FFFF, (mixed >> 32) | 1);
    let bits = (bucket_bytes * 8).max(1) as u64;
    let positions =
        (0..HASHES).map(move |i| (first.wrapping_add(i.wrapping_mul(step)) % bits) as usize);
    (bucket_of(word, buckets), positions)
}

/// FNV-1a (64 bits) of `word`'s UTF-8 bytes: part of the file format.
fn word_hash(word: &str) -> u64 {
    word.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUCKET: usize = 510;

    fn holds(filter: &[u8], word: &str) -> bool {
        let buckets = (filter.len() / BUCKET) as u64;
        let at = bucket_of(word, buckets) as usize * BUCKET;
        may_hold(&filter[at..at + BUCKET], word)
    }

    #[test]
    fn every_word_filed_is_held_and_few_others_are() {
        let words: Vec<String> = (0..5000).map(|n| format!("word{n}s")).collect();
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let filter = encode(&refs, BUCKET);
        assert_eq!(
            filter.len(),
            5000usize.div_ceil(BUCKET * 8 / BITS_PER_WORD) * BUCKET
        );
        assert!(refs.iter().all(|word| holds(&filter, word)));
        let others = (0..20_000)
            .filter(|n| holds(&filter, &format!("other{n}")))
            .count();
        assert!(others < 20_000 / 100, "{others} false positives in 20,000");
    }

    #[test]
    fn an_empty_filter_is_one_bucket_holding_nothing() {
        let filter = encode(&[], BUCKET);
        assert_eq!(filter.len(), BUCKET);
        assert!(!holds(&filter, "guies"));
    }
}
