//! The split filter file of one field: for each split of the index, a binary fuse filter of
//! the terms the field holds there (≈ 9 bits a term, 0.4 % false positives, no false
//! negatives). A reader reads the file once and then knows, without opening a split, that a
//! term is not in it.
//!
//! Beside it, *count tiers*: smaller filters of the terms found in at least 4, 16, 64 …
//! documents of the split, so a reader also knows roughly how many documents a term brings.
//! A query that stops early (newest first, `count_all: false`) uses that to open, in its first
//! wave, as many splits as it takes to fill the page, rather than one split and then all the
//! others. A tier is a hint only: its false positives overstate a count, never hide a split.
//!
//! Layout (little-endian): `RFSPLTF2`, the entry count (u32), then per split its id (u8
//! length + bytes), its filter of all terms, the tier count (u8) and per tier its threshold
//! (u32) and filter. A filter is a kind byte (0: no term, 1: a filter) and for a filter its
//! 20-byte xorf descriptor, the fingerprint count (u32) and the fingerprints. The file is
//! content-addressed like splits, so it never changes under a reader.

use xorf::{BinaryFuse8, Descriptor, DmaSerializable, Filter};

use crate::error::{ErrorKind, Result};
use crate::formats::split::ByteReader;

/// The split filters' format this crate writes and reads: the last digit of the file's magic.
pub const SPLIT_FILTERS_VERSION: u32 = 2;
const MAGIC: &[u8; 8] = b"RFSPLTF2";
const _: () = assert!(MAGIC[7] as u32 == b'0' as u32 + SPLIT_FILTERS_VERSION);
const KIND_EMPTY: u8 = 0;
const KIND_FUSE8: u8 = 1;

/// The key of a term in a filter: its value bytes (as the term dictionary holds them), hashed
/// with a fixed function so every builder and reader agree.
pub fn term_key(value_bytes: &[u8]) -> u64 {
    let hash = blake3::hash(value_bytes);
    u64::from_le_bytes(hash.as_bytes()[..8].try_into().expect("8 bytes"))
}

/// The terms of one field in one split, and its count tiers.
#[derive(Clone, Debug)]
pub struct SplitFilter {
    terms: Option<BinaryFuse8>,
    /// Threshold and filter of the terms in at least that many documents, by threshold.
    tiers: Vec<(u32, Option<BinaryFuse8>)>,
}

impl SplitFilter {
    /// A filter of terms given by key and document frequency (keys may repeat), with a tier
    /// for each of `thresholds` (ascending).
    pub fn of_terms(mut terms: Vec<(u64, u32)>, thresholds: &[u32]) -> Result<SplitFilter> {
        // Ascending by key, the highest frequency first, so one entry per key keeps it.
        terms.sort_unstable_by_key(|&(key, freq)| (key, std::cmp::Reverse(freq)));
        terms.dedup_by_key(|(key, _)| *key);
        let keys_from = |threshold: u32| -> Vec<u64> {
            terms
                .iter()
                .filter(|(_, freq)| *freq >= threshold)
                .map(|(key, _)| *key)
                .collect()
        };
        Ok(SplitFilter {
            terms: fuse_of(keys_from(0))?,
            tiers: thresholds
                .iter()
                .map(|&threshold| Ok((threshold, fuse_of(keys_from(threshold))?)))
                .collect::<Result<_>>()?,
        })
    }

    /// Whether a term with this key may be in the split (false: it certainly is not).
    pub fn may_contain(&self, key: u64) -> bool {
        self.terms.as_ref().is_some_and(|f| f.contains(&key))
    }

    /// How many documents of the split a term with this key is probably in, at least: the
    /// highest tier that holds it (1 without one, 0 when the term is certainly absent). A
    /// tier's false positive overstates it, so this plans work and never decides results.
    pub fn likely_min_docs(&self, key: u64) -> u32 {
        if !self.may_contain(key) {
            return 0;
        }
        self.tiers
            .iter()
            .rev()
            .find(|(_, tier)| tier.as_ref().is_some_and(|f| f.contains(&key)))
            .map_or(1, |(threshold, _)| *threshold)
    }

    /// Bytes the filter takes in the file.
    pub fn encoded_len(&self) -> usize {
        let tiers: usize = self.tiers.iter().map(|(_, f)| 4 + fuse_len(f)).sum();
        fuse_len(&self.terms) + 1 + tiers
    }
}

/// A filter of `keys` (distinct), `None` for no key.
fn fuse_of(keys: Vec<u64>) -> Result<Option<BinaryFuse8>> {
    if keys.is_empty() {
        return Ok(None);
    }
    BinaryFuse8::try_from(&keys).map(Some).map_err(|e| {
        ErrorKind::Internal.with_message(format!(
            "building the split filter of {} terms: {e}",
            keys.len()
        ))
    })
}

fn fuse_len(fuse: &Option<BinaryFuse8>) -> usize {
    1 + fuse
        .as_ref()
        .map_or(0, |f| Descriptor::DMA_LEN + 4 + f.fingerprints.len())
}

fn encode_fuse(fuse: &Option<BinaryFuse8>, out: &mut Vec<u8>) {
    match fuse {
        None => out.push(KIND_EMPTY),
        Some(fuse) => {
            out.push(KIND_FUSE8);
            let mut descriptor = [0u8; Descriptor::DMA_LEN];
            fuse.dma_copy_descriptor_to(&mut descriptor);
            out.extend_from_slice(&descriptor);
            out.extend_from_slice(&(fuse.fingerprints.len() as u32).to_le_bytes());
            out.extend_from_slice(fuse.dma_fingerprints());
        }
    }
}

fn decode_fuse(reader: &mut ByteReader) -> Result<Option<BinaryFuse8>> {
    match reader.take(1)?[0] {
        KIND_EMPTY => Ok(None),
        KIND_FUSE8 => {
            let descriptor = parse_descriptor(reader.take(Descriptor::DMA_LEN)?);
            let len = reader.u32()? as usize;
            let fingerprints = reader.take(len)?;
            check_shape(&descriptor, len)?;
            Ok(Some(BinaryFuse8 {
                descriptor,
                fingerprints: fingerprints.into(),
            }))
        }
        other => Err(corrupt(format!("unknown filter kind {other}"))),
    }
}

/// One field's filters, by split id, in manifest order.
#[derive(Clone, Debug, Default)]
pub struct SplitFilterFile {
    /// Split id and that split's filter.
    pub entries: Vec<(String, SplitFilter)>,
}

impl SplitFilterFile {
    /// The file's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let len = 12
            + self
                .entries
                .iter()
                .map(|(id, f)| 1 + id.len() + f.encoded_len())
                .sum::<usize>();
        let mut out = Vec::with_capacity(len);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        for (id, filter) in &self.entries {
            let id = &id.as_bytes()[..id.len().min(255)];
            out.push(id.len() as u8);
            out.extend_from_slice(id);
            encode_fuse(&filter.terms, &mut out);
            out.push(filter.tiers.len() as u8);
            for (threshold, tier) in &filter.tiers {
                out.extend_from_slice(&threshold.to_le_bytes());
                encode_fuse(tier, &mut out);
            }
        }
        out
    }

    /// Parses a file, checking every length and filter shape (a damaged file is an error, not
    /// a panic or a wrong answer later).
    pub fn decode(bytes: &[u8]) -> Result<SplitFilterFile> {
        let mut reader = ByteReader::new(bytes, "split filter file");
        let magic = reader.take(MAGIC.len())?;
        if magic != MAGIC {
            // An older format of ours (RFSPLTF1 had no count tiers) is not damage.
            if magic.starts_with(&MAGIC[..7]) {
                return Err(ErrorKind::Incompatible.with_message(format!(
                    "split filter file format {}; this reader reads {}: rebuild the index with this rangefind",
                    String::from_utf8_lossy(magic),
                    String::from_utf8_lossy(MAGIC)
                )));
            }
            return Err(corrupt("not a rangefind split filter file".into()));
        }
        let count = reader.u32()? as usize;
        let mut entries = Vec::with_capacity(count.min(bytes.len()));
        for _ in 0..count {
            let id_len = reader.take(1)?[0] as usize;
            let id = std::str::from_utf8(reader.take(id_len)?)
                .map_err(|_| corrupt("a split id is not UTF-8".into()))?
                .to_string();
            let terms = decode_fuse(&mut reader)?;
            let tier_count = reader.take(1)?[0] as usize;
            let mut tiers = Vec::with_capacity(tier_count);
            for _ in 0..tier_count {
                let threshold = reader.u32()?;
                if tiers.last().is_some_and(|(last, _)| *last >= threshold) {
                    return Err(corrupt("count tiers out of order".into()));
                }
                tiers.push((threshold, decode_fuse(&mut reader)?));
            }
            entries.push((id, SplitFilter { terms, tiers }));
        }
        if reader.remaining() != 0 {
            return Err(corrupt(format!(
                "{} bytes after the last filter",
                reader.remaining()
            )));
        }
        Ok(SplitFilterFile { entries })
    }
}

fn corrupt(message: String) -> crate::error::Error {
    ErrorKind::Corrupt.with_message(format!("split filter file: {message}"))
}

fn parse_descriptor(bytes: &[u8]) -> Descriptor {
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    Descriptor {
        seed: u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes")),
        segment_length: u32_at(8),
        segment_length_mask: u32_at(12),
        segment_count_length: u32_at(16),
    }
}

/// A lookup indexes up to `segment_count_length + 2 × segment_length` (segments are powers of
/// two): a descriptor that disagrees with the fingerprints would index out of bounds.
fn check_shape(descriptor: &Descriptor, fingerprints: usize) -> Result<()> {
    let segment = descriptor.segment_length;
    let reach = segment
        .checked_mul(2)
        .and_then(|two| two.checked_add(descriptor.segment_count_length));
    let fits = segment.is_power_of_two()
        && descriptor.segment_length_mask == segment - 1
        && descriptor.segment_count_length.is_multiple_of(segment)
        && reach.is_some_and(|reach| reach as usize <= fingerprints);
    if fits {
        Ok(())
    } else {
        Err(corrupt(
            "a filter's descriptor does not fit its fingerprints".into(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TIERS: [u32; 3] = [4, 16, 64];

    /// A filter of words, each in one document.
    fn filter(words: &[&str]) -> SplitFilter {
        let terms = words.iter().map(|w| (term_key(w.as_bytes()), 1)).collect();
        SplitFilter::of_terms(terms, &TIERS).unwrap()
    }

    #[test]
    fn filters_round_trip_and_have_no_false_negatives() {
        let many: Vec<String> = (0..5000).map(|i| format!("user{i}")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        let file = SplitFilterFile {
            entries: vec![
                ("a".into(), filter(&many)),
                ("b".into(), filter(&["solo"])),
                ("c".into(), filter(&[])),
                ("d".into(), filter(&["x", "x", "y"])),
            ],
        };
        let decoded = SplitFilterFile::decode(&file.encode()).unwrap();
        let ids: Vec<&str> = decoded.entries.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(ids, ["a", "b", "c", "d"]);
        let get = |i: usize| &decoded.entries[i].1;
        let a = get(0);
        assert!(many.iter().all(|w| a.may_contain(term_key(w.as_bytes()))));
        let false_positives = (0..10_000)
            .filter(|i| a.may_contain(term_key(format!("other{i}").as_bytes())))
            .count();
        assert!(false_positives < 100, "{false_positives} false positives");
        assert!(get(1).may_contain(term_key(b"solo")));
        assert!(!get(2).may_contain(term_key(b"solo")));
        assert!(get(3).may_contain(term_key(b"y")));
    }

    #[test]
    fn count_tiers_give_a_likely_lower_bound() {
        // 300 terms at each frequency, so that false positives of one tier barely show.
        let mut terms = Vec::new();
        for freq in [1u32, 3, 4, 20, 100] {
            for i in 0..300 {
                terms.push((term_key(format!("f{freq}-{i}").as_bytes()), freq));
            }
        }
        // A key seen twice keeps its highest frequency.
        terms.push((term_key(b"f1-0"), 70));
        let built = SplitFilter::of_terms(terms, &TIERS).unwrap();
        let file = SplitFilterFile {
            entries: vec![("s".into(), built)],
        };
        let decoded = SplitFilterFile::decode(&file.encode()).unwrap();
        let split = &decoded.entries[0].1;
        let bound = |freq: u32| -> Vec<u32> {
            (1..300)
                .map(|i| split.likely_min_docs(term_key(format!("f{freq}-{i}").as_bytes())))
                .collect()
        };
        let mostly = |bounds: Vec<u32>, expected: u32| {
            let right = bounds.iter().filter(|b| **b == expected).count();
            assert!(right >= 290, "{right} of 299 at {expected}: {bounds:?}");
            // Never below the truth: tiers have no false negatives.
            assert!(bounds.iter().all(|b| *b >= expected), "{bounds:?}");
        };
        mostly(bound(1), 1);
        mostly(bound(3), 1);
        mostly(bound(4), 4);
        mostly(bound(20), 16);
        mostly(bound(100), 64);
        assert_eq!(split.likely_min_docs(term_key(b"f1-0")), 64);
        assert_eq!(split.likely_min_docs(term_key(b"absent")), 0);
    }

    #[test]
    fn damaged_files_are_errors() {
        let file = SplitFilterFile {
            entries: vec![("a".into(), filter(&["one", "two", "three"]))],
        };
        let bytes = file.encode();
        for cut in [0, 5, 12, 20, bytes.len() - 1] {
            let error = SplitFilterFile::decode(&bytes[..cut]).unwrap_err();
            assert_eq!(error.kind(), ErrorKind::Corrupt, "cut at {cut}");
        }
        let mut older = bytes.clone();
        older[7] = b'1';
        let error = SplitFilterFile::decode(&older).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Incompatible, "{error}");
        assert!(error.to_string().contains("rebuild"), "{error}");
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(SplitFilterFile::decode(&longer).is_err());
        // A segment length that points past the fingerprints.
        let mut bad = bytes.clone();
        let descriptor_at = 8 + 4 + 1 + 1 + 1;
        bad[descriptor_at + 8..descriptor_at + 12].copy_from_slice(&(1u32 << 20).to_le_bytes());
        assert_eq!(
            SplitFilterFile::decode(&bad).unwrap_err().kind(),
            ErrorKind::Corrupt
        );
        // Tiers out of order: the second threshold (16) made 1.
        let mut unordered = bytes.clone();
        let first_tier = bytes.len() - 3 * 5 + 4 + 1;
        unordered[first_tier..first_tier + 4].copy_from_slice(&1u32.to_le_bytes());
        let error = SplitFilterFile::decode(&unordered).unwrap_err();
        assert!(error.to_string().contains("out of order"), "{error}");
    }
}
