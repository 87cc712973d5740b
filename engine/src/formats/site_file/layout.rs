//! The regions of a site file and how each is encoded: written by the builder, read here.
//!
//! ```text
//! stemmed    the words the analyser searches by their stem, as a Bloom filter of one bucket a
//!            page from the first page on (`super::stemmed_filter`; optional, site files
//!            written before it have none)
//! head       frame( u32 LE meta length · meta · chunk index · record sizes · dictionary )
//!              chunk index: per chunk, the beginning that tells it, its length with its
//!              tails and whether it has tails, then their length if it has, then where
//!              its words' positions end, in 128-byte units after where they start (a
//!              phrase reads them with the chunk)
//!              meta: version · pages · stemmer · fields (name, f32 boost) · snippet field ·
//!              title field · filter keys (count, then each key) (texts as length · UTF-8;
//!              "" for none); the field after the title field is each page's name
//!              ([`TITLE_NAME_FIELD`], weighted 0)
//!            also copied into the open region: opening the file reads it
//! chunks     word chunks, each a frame followed by the tails of its long words,
//!            words in byte order:
//!              word (shared prefix, rest) · postings length · postings · positions offset, length
//!            postings: count, then per page: page delta · field mask and flags · per field in
//!            the mask a count (its length code and whether the word occurs more than once
//!            in one byte, then its occurrences if so) · [text weight] · [the count in its
//!            best heading] (`super::postings`) · positions offset, length (and whether a
//!            form of the word is rare beside a far more common word, whether a tail
//!            follows) · [tail: where among the chunk's tails, its positions' length,
//!            pages, per field its pages and best score, the best score in every field]
//!            a tail: a long word's postings past the best its entry keeps, as an entry's
//!            postings, one frame (`super::postings::Tail`)
//! positions  per word, per posting, per field in its mask: count · position deltas (a long
//!            word's tail's after its entry's)
//! records    one frame per page, compressed against the head's dictionary: the page's
//!            stored fields (`super::record`); pages are numbered by their record's size, so
//!            the record sizes (`super::record_slots`) place every record
//! ```
//!
//! A posting keeps what BM25 needs of the word in each field of the page, and nothing that
//! depends on the other pages: its occurrences and the field's length in one byte
//! ([`super::length_code::length_code`]). The head keeps each field's words over all pages, so a
//! query normalises lengths by the average over every index it searches, and scores with the
//! field's boost and the word's IDF counted from the postings it read ([`crate::site::bm25`]).
//! This module holds the head and the layout's constants; a chunk's word entries, postings
//! and positions are in [`super::postings`].

use std::ops::Range;

use super::corrupt;
use super::head_meta::HeadMeta;
use super::record_slots::RecordSlots;
use crate::error::Result;
use crate::formats::split::{put_shared, put_varint, ByteReader};

/// The head region (also in the open region).
pub const HEAD: &str = "head";
/// The word chunks.
pub const CHUNKS: &str = "chunks";
/// Word positions, read for phrases only.
pub const POSITIONS: &str = "positions";

/// The page records.
pub const RECORDS: &str = "records";
/// The filter of the words searched by their stem ([`super::stemmed_filter`]), from the first
/// page on, one bucket a page. Optional: site files written before it have none, and their
/// words are not checked.
pub const STEMMED: &str = "stemmed";

pub use super::record_slots::RECORD_ALIGN;

/// The unit of the head's positions offsets: the ends of a chunk's words' positions in the
/// positions region are rounded to it. A site file's pages hold about as much (128 bytes
/// with their checksum), and a read takes whole pages anyway; exact offsets made the head 1 KB
/// larger on the MDN site.
pub const POSITIONS_UNIT: u64 = 128;

/// The searched field right after the title field: each page's name where its title has
/// words around it that say what kind of thing it names (`util::io` of `util::io Namespace
/// Reference`, `std::vec` of `Module std::vec`), weighted 0, so it scores nothing and matches
/// nothing the title does not. Its postings' lengths tell a page named as the query
/// (`crate::site::title_match::titled_with`) before its record is read.
pub const TITLE_NAME_FIELD: &str = "title_name";

/// Filter values are words of their own, `FILTER_MARK key = value`: no analysed word holds
/// this character, and they sort before every word.
pub const FILTER_MARK: char = '\u{1}';

/// The word a filter value is indexed as.
pub fn filter_word(key: &str, value: &str) -> String {
    format!("{FILTER_MARK}{key}={value}")
}

/// A field's values in a page's JSON: one string, or a list of them.
pub fn text_values(value: Option<&serde_json::Value>) -> Vec<&str> {
    match value {
        Some(serde_json::Value::String(text)) => vec![text.as_str()],
        Some(serde_json::Value::Array(values)) => {
            values.iter().filter_map(|v| v.as_str()).collect()
        }
        _ => Vec::new(),
    }
}

/// The decoded head.
#[derive(Clone, Debug, PartialEq)]
pub struct Head {
    /// Its JSON part.
    pub meta: HeadMeta,
    /// Per chunk, what tells its words: a beginning of its first word that sorts after the
    /// previous chunk's last word (the builder writes the shortest), ascending.
    pub chunk_firsts: Vec<String>,
    /// Where each chunk starts in the chunks region, and where the last ends.
    pub chunk_offsets: Vec<u64>,
    /// The bytes of each chunk's tails, at its end.
    pub chunk_tails: Vec<u64>,
    /// Where each chunk's words' positions start in the positions region (words are in the
    /// same order there), and where the last chunk's end, in [`POSITIONS_UNIT`]s (rounded
    /// down).
    pub chunk_positions: Vec<u64>,
    /// Where each page's record lies in the records region.
    pub record_slots: RecordSlots,
    /// The dictionary the records are compressed against (empty: none).
    pub dictionary: Vec<u8>,
}

impl Head {
    /// The head's bytes, before compression.
    pub fn encode(&self) -> Vec<u8> {
        let mut meta = Vec::new();
        self.meta.encode(&mut meta);
        let mut out = Vec::with_capacity(meta.len() + 16 * self.chunk_firsts.len());
        out.extend_from_slice(&(meta.len() as u32).to_le_bytes());
        out.extend_from_slice(&meta);
        put_varint(&mut out, self.chunk_firsts.len() as u64);
        let mut previous = "";
        let chunks = self.chunk_firsts.iter().zip(self.chunk_offsets.windows(2));
        let chunks = chunks
            .zip(&self.chunk_tails)
            .zip(self.chunk_positions.windows(2));
        for (((first, bounds), tails), positions) in chunks {
            put_shared(&mut out, previous, first);
            // Most chunks have no tails: a bit says whether a length of them follows.
            put_varint(
                &mut out,
                (bounds[1] - bounds[0]) << 1 | u64::from(*tails > 0),
            );
            if *tails > 0 {
                put_varint(&mut out, *tails);
            }
            put_varint(&mut out, positions[1] - positions[0]);
            previous = first;
        }
        self.record_slots.encode(&mut out);
        put_varint(&mut out, self.dictionary.len() as u64);
        out.extend_from_slice(&self.dictionary);
        out
    }

    /// Decodes the head's bytes (decompressed), checking them.
    pub fn decode(bytes: &[u8]) -> Result<Head> {
        let mut reader = ByteReader::new(bytes, "site index head");
        let meta_len = reader.u32()? as usize;
        let meta = HeadMeta::decode(reader.take(meta_len)?)?;
        let chunks = reader.varint()? as usize;
        let mut chunk_firsts = Vec::with_capacity(chunks.min(bytes.len()));
        let mut chunk_offsets = Vec::with_capacity(chunks.min(bytes.len()) + 1);
        let mut chunk_tails = Vec::with_capacity(chunks.min(bytes.len()));
        let mut chunk_positions = Vec::with_capacity(chunks.min(bytes.len()) + 1);
        chunk_offsets.push(0u64);
        chunk_positions.push(0u64);
        let mut previous = String::new();
        for _ in 0..chunks {
            let first = reader.shared(&previous)?;
            if !chunk_firsts.is_empty() && first <= previous {
                return Err(corrupt("chunks are out of order".into()));
            }
            let len_and_tails = reader.varint()?;
            let len = len_and_tails >> 1;
            let tails = match len_and_tails & 1 {
                0 => 0,
                _ => reader.varint()?,
            };
            let end = chunk_offsets.last().expect("an offset").checked_add(len);
            match end {
                Some(end) if tails < len => chunk_offsets.push(end),
                _ => return Err(corrupt("a chunk's length".into())),
            }
            chunk_tails.push(tails);
            let positions = chunk_positions
                .last()
                .expect("an offset")
                .checked_add(reader.varint()?);
            chunk_positions.push(positions.ok_or_else(|| corrupt("a chunk's positions".into()))?);
            chunk_firsts.push(first.clone());
            previous = first;
        }
        let record_slots = RecordSlots::decode(&mut reader)?;
        if record_slots.pages() != u64::from(meta.pages) {
            let pages = record_slots.pages();
            return Err(corrupt(format!("{pages} records for {} pages", meta.pages)));
        }
        let dictionary_len = reader.varint()? as usize;
        let dictionary = reader.take(dictionary_len)?.to_vec();
        reader.end()?;
        Ok(Head {
            meta,
            chunk_firsts,
            chunk_offsets,
            chunk_tails,
            chunk_positions,
            record_slots,
            dictionary,
        })
    }

    /// Checks the offsets against the lengths of the regions they point into.
    pub fn check_regions(
        &self,
        chunks_len: u64,
        positions_len: u64,
        records_len: u64,
    ) -> Result<()> {
        if self.chunk_offsets.last() != Some(&chunks_len) {
            return Err(corrupt("the chunk index does not cover the chunks".into()));
        }
        if self.chunk_positions.last() != Some(&(positions_len / POSITIONS_UNIT)) {
            return Err(corrupt(
                "the chunk index does not cover the positions".into(),
            ));
        }
        if self.record_slots.region_len() != records_len {
            return Err(corrupt("the record sizes do not cover the records".into()));
        }
        Ok(())
    }

    /// The chunk that holds `word`, if any can.
    pub fn chunk_of(&self, word: &str) -> Option<usize> {
        let after = self
            .chunk_firsts
            .partition_point(|first| first.as_str() <= word);
        after.checked_sub(1)
    }

    /// The chunks that hold words beginning with `prefix`.
    pub fn chunks_of_prefix(&self, prefix: &str) -> Range<usize> {
        let start = self.chunk_of(prefix).unwrap_or(0);
        let end = self
            .chunk_firsts
            .partition_point(|first| first.as_str() < prefix || first.starts_with(prefix));
        start..end.max(start + 1).min(self.chunk_firsts.len())
    }

    /// Where chunk `chunk` lies in the chunks region, without its tails.
    pub fn chunk_range(&self, chunk: usize) -> Range<u64> {
        let span = self.chunk_span(chunk);
        span.start..span.end - self.chunk_tails[chunk]
    }

    /// Where chunk `chunk` lies in the chunks region, with its tails.
    pub fn chunk_span(&self, chunk: usize) -> Range<u64> {
        self.chunk_offsets[chunk]..self.chunk_offsets[chunk + 1]
    }

    /// Where chunk `chunk`'s words' positions lie in the positions region, `positions_len`
    /// bytes long: whole [`POSITIONS_UNIT`]s, so a unit more at most at either end.
    pub fn chunk_positions(&self, chunk: usize, positions_len: u64) -> Range<u64> {
        let start = self.chunk_positions[chunk] * POSITIONS_UNIT;
        let end = (self.chunk_positions[chunk + 1] + 1) * POSITIONS_UNIT;
        start.min(positions_len)..end.min(positions_len)
    }

    /// Where page `page`'s record lies in the records region.
    pub fn record_range(&self, page: u32) -> Range<u64> {
        self.record_slots.range(page)
    }
}

#[cfg(test)]
mod tests {
    use super::super::head_meta::{FieldScoring, SearchedField};
    use super::super::SITE_LAYOUT_VERSION;
    use super::*;
    use crate::error::ErrorKind;

    fn head() -> Head {
        Head {
            meta: HeadMeta {
                version: SITE_LAYOUT_VERSION,
                pages: 3,
                stemmer: Some("en".into()),
                fields: vec![SearchedField {
                    name: "body".into(),
                    boost: 1.0,
                    words: 1234,
                    scoring: FieldScoring::Text,
                }],
                headings: 7,
                snippet_field: "body".into(),
                title_field: Some("title".into()),
                filter_keys: vec!["section".into()],
            },
            chunk_firsts: vec![
                "\u{1}k=v".into(),
                "apple".into(),
                "map".into(),
                "mapping".into(),
            ],
            chunk_offsets: vec![0, 10, 25, 40, 41],
            chunk_tails: vec![0, 5, 0, 0],
            chunk_positions: vec![0, 0, 2, 2, 70],
            // Pages 0 and 1 of one unit, page 2 of two.
            record_slots: RecordSlots::new(&[(1, 2), (2, 1)]).unwrap(),
            dictionary: vec![1, 2, 3],
        }
    }

    #[test]
    fn the_head_round_trips_and_finds_chunks() {
        let head = head();
        let decoded = Head::decode(&head.encode()).unwrap();
        assert_eq!(decoded, head);
        assert_eq!(head.chunk_of("\u{1}k=v"), Some(0));
        assert_eq!(head.chunk_of("banana"), Some(1));
        assert_eq!(head.chunk_of("mapa"), Some(2));
        assert_eq!(head.chunk_of("zebra"), Some(3));
        assert_eq!(head.chunks_of_prefix("map"), 2..4);
        assert_eq!(head.chunks_of_prefix("mappi"), 2..4);
        assert_eq!(head.chunks_of_prefix("b"), 1..2);
        assert_eq!(head.chunks_of_prefix("zz"), 3..4);
        assert_eq!(head.record_range(2), 64..128);
        assert_eq!(head.chunk_range(1), 10..20);
        assert_eq!(head.chunk_span(1), 10..25);
        // Positions 300..301 in 128-byte units: 2..2, read as bytes 256..384.
        assert_eq!(head.chunk_positions(2, 9000), 256..384);
        assert_eq!(head.chunk_positions(3, 9000), 256..9000);
        head.check_regions(41, 9000, 128).unwrap();
        assert!(head.check_regions(40, 9000, 128).is_err());
        assert!(head.check_regions(41, 9100, 128).is_err());
    }

    proptest::proptest! {
        #![proptest_config(crate::fuzz_config())]

        /// The decoders of every region a reader takes from the network end in a value or an
        /// error on any bytes: a damaged head (bytes changed, cut short), random chunks,
        /// postings and positions. Never a panic, an overflow or a huge allocation.
        #[test]
        fn the_decoders_take_any_bytes(
            changes in proptest::collection::vec((0usize..4096, proptest::num::u8::ANY), 0..8),
            cut in 0usize..4096,
            random in proptest::collection::vec(proptest::num::u8::ANY, 0..512),
            fields in 1usize..40,
        ) {
            let mut bytes = head().encode();
            for (at, value) in changes {
                let len = bytes.len();
                bytes[at % len] = value;
            }
            bytes.truncate(cut.max(1));
            // A value, or an error of the kind damage deserves (crate::fuzzing).
            crate::fuzzing::site_file_regions(&bytes, fields);
            crate::fuzzing::site_file_regions(&random, fields);
        }
    }

    #[test]
    fn a_damaged_head_is_an_error() {
        let bytes = head().encode();
        for cut in [3, 10, bytes.len() - 1] {
            let error = Head::decode(&bytes[..cut]).unwrap_err();
            assert_eq!(error.kind(), ErrorKind::Corrupt, "cut at {cut}: {error}");
        }
        let mut newer = head();
        newer.meta.version = 99;
        let error = Head::decode(&newer.encode()).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Incompatible);
    }

    /// Found by the property test above: a changed byte made a boost NaN, which would have
    /// made every score NaN.
    #[test]
    fn a_boost_that_is_no_weight_is_an_error() {
        for boost in [f32::NAN, f32::INFINITY, -1.0] {
            let mut damaged = head();
            damaged.meta.fields[0].boost = boost;
            let error = Head::decode(&damaged.encode()).unwrap_err();
            assert_eq!(error.kind(), ErrorKind::Corrupt, "boost {boost}: {error}");
        }
    }
}
