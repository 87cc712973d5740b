//! The regions of a site file and how each is encoded: written by the builder, read here.
//!
//! ```text
//! head       zstd( u32 LE meta length · meta · chunk index · record sizes · dictionary )
//!              meta: version · pages · stemmer · fields (name, f32 boost) · snippet field ·
//!              title field (texts as length · UTF-8; "" for none)
//!            also copied into the open region: opening the file reads it
//! chunks     word chunks, each zstd-compressed, words in byte order:
//!              word (shared prefix, rest) · postings length · postings · positions offset, length
//!            postings: count, then per page: page delta · field mask · one score byte per field
//! positions  per word, per posting, per field in its mask: count · position deltas
//! records    one zstd frame per page, compressed with the head's dictionary: the page's
//!            stored fields (`super::record`); pages are numbered by their record's size, so
//!            the record sizes (`super::record_slots`) place every record
//! ```
//!
//! A score byte is the word's BM25 term-frequency factor in that field of that page,
//! `tf·(k1+1) / (tf + k1·(1 − b + b·len/avg_len))`, scaled to 1..=255: computed at build time
//! from the page's field length, so a reader needs no field lengths. The query multiplies it
//! by the field's boost and the word's IDF in the field, counted from the postings it read.

use std::ops::Range;

use super::record_slots::RecordSlots;
use crate::error::{ErrorKind, Result};
use crate::format::{put_shared, put_text, put_varint, ByteReader};

/// The head region (also in the open region).
pub const HEAD: &str = "head";
/// The word chunks.
pub const CHUNKS: &str = "chunks";
/// Word positions, read for phrases only.
pub const POSITIONS: &str = "positions";
/// The page records.
pub const RECORDS: &str = "records";

/// The version of this layout, in the head; a reader refuses another.
/// 6: pages numbered by the size of their record, the head keeping the sizes instead of a
/// length per page ([`super::record_slots`]); 5: Chinese, Japanese
/// and Korean text indexed as character bigrams (`crate::analysis`); 4: head meta and
/// records in binary, not JSON (the site engine has no JSON parser); 3: words folded as
/// tantivy folds them (the one analyser of `crate::analysis`); 2 folded Latin letters only.
pub const SITE_LAYOUT_VERSION: u32 = 6;
pub use super::record_slots::RECORD_ALIGN;

/// BM25's term-frequency saturation.
pub const K1: f32 = 1.2;
/// BM25's length normalisation.
pub const B: f32 = 0.75;

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

/// A searched field of the index.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchedField {
    /// Its name (`title`, `headings`, `body`, `weight_20`).
    pub name: String,
    /// Score multiplier.
    pub boost: f32,
}

/// What the head says about the index.
#[derive(Clone, Debug, PartialEq)]
pub struct HeadMeta {
    /// [`SITE_LAYOUT_VERSION`].
    pub version: u32,
    /// Pages indexed.
    pub pages: u32,
    /// The stemmer's language, if words are stemmed.
    pub stemmer: Option<String>,
    /// The searched fields, in the order of the postings' field masks (at most 32).
    pub fields: Vec<SearchedField>,
    /// The field of the record snippets are cut from.
    pub snippet_field: String,
    /// The record's title field, when pages have one: the first hits are ordered by how their
    /// titles match the query ([`super::title_match`]).
    pub title_field: Option<String>,
}

impl HeadMeta {
    fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, u64::from(self.version));
        put_varint(out, u64::from(self.pages));
        put_text(out, self.stemmer.as_deref().unwrap_or_default());
        put_varint(out, self.fields.len() as u64);
        for field in &self.fields {
            put_text(out, &field.name);
            out.extend_from_slice(&field.boost.to_le_bytes());
        }
        put_text(out, &self.snippet_field);
        put_text(out, self.title_field.as_deref().unwrap_or_default());
    }

    fn decode(bytes: &[u8]) -> Result<HeadMeta> {
        if bytes.first() == Some(&b'{') {
            return Err(incompatible("3 or older (a JSON head)"));
        }
        let mut reader = ByteReader::new(bytes, "site index head");
        let version = reader.varint()?;
        if version != u64::from(SITE_LAYOUT_VERSION) {
            return Err(incompatible(&version.to_string()));
        }
        let some = |text: &str| (!text.is_empty()).then(|| text.to_string());
        let pages = u32::try_from(reader.varint()?).map_err(|_| reader.corrupt("page count"))?;
        let stemmer = some(reader.text()?);
        let count = reader.varint()?;
        if count == 0 || count > 32 {
            return Err(corrupt(format!("{count} searched fields")));
        }
        let fields = (0..count)
            .map(|_| {
                let name = reader.text()?.to_string();
                let boost = f32::from_le_bytes(reader.take(4)?.try_into().expect("4 bytes"));
                Ok(SearchedField { name, boost })
            })
            .collect::<Result<Vec<_>>>()?;
        let snippet_field = reader.text()?.to_string();
        let title_field = some(reader.text()?);
        reader.end()?;
        Ok(HeadMeta {
            version: SITE_LAYOUT_VERSION,
            pages,
            stemmer,
            fields,
            snippet_field,
            title_field,
        })
    }
}

fn incompatible(layout: &str) -> crate::error::Error {
    ErrorKind::Incompatible.with_message(format!(
        "site index layout {layout}; this reader reads layout {SITE_LAYOUT_VERSION}: rebuild the \
         index with this rangefind"
    ))
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
    /// Where each page's record lies in the records region.
    pub record_slots: RecordSlots,
    /// The zstd dictionary the records are compressed with (empty: none).
    pub dictionary: Vec<u8>,
}

fn corrupt(message: String) -> crate::error::Error {
    ErrorKind::Corrupt.with_message(format!("site index: {message}"))
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
        for (first, bounds) in self.chunk_firsts.iter().zip(self.chunk_offsets.windows(2)) {
            put_shared(&mut out, previous, first);
            put_varint(&mut out, bounds[1] - bounds[0]);
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
        chunk_offsets.push(0);
        let mut previous = String::new();
        for _ in 0..chunks {
            let first = reader.shared(&previous)?;
            if !chunk_firsts.is_empty() && first <= previous {
                return Err(corrupt("chunks are out of order".into()));
            }
            let len = reader.varint()?;
            chunk_offsets.push(chunk_offsets.last().expect("an offset") + len);
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
            record_slots,
            dictionary,
        })
    }

    /// Checks the offsets against the lengths of the regions they point into.
    pub fn check_regions(&self, chunks_len: u64, records_len: u64) -> Result<()> {
        if self.chunk_offsets.last() != Some(&chunks_len) {
            return Err(corrupt("the chunk index does not cover the chunks".into()));
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

    /// Where chunk `chunk` lies in the chunks region.
    pub fn chunk_range(&self, chunk: usize) -> Range<u64> {
        self.chunk_offsets[chunk]..self.chunk_offsets[chunk + 1]
    }

    /// Where page `page`'s record lies in the records region.
    pub fn record_range(&self, page: u32) -> Range<u64> {
        self.record_slots.range(page)
    }
}

/// A word's entry in a chunk.
#[derive(Clone, Debug, PartialEq)]
pub struct WordEntry {
    /// The word.
    pub word: String,
    /// Its encoded postings (see [`Postings`]).
    pub postings: Vec<u8>,
    /// Its positions in the positions region (empty: none kept).
    pub positions: Range<u64>,
}

/// Appends `entry` to a chunk whose previous word is `previous` (empty at a chunk's start).
pub fn put_word_entry(out: &mut Vec<u8>, previous: &str, entry: &WordEntry) {
    put_shared(out, previous, &entry.word);
    put_varint(out, entry.postings.len() as u64);
    out.extend_from_slice(&entry.postings);
    put_varint(out, entry.positions.start);
    put_varint(out, entry.positions.end - entry.positions.start);
}

/// The entries of a decompressed chunk, in order.
pub fn word_entries(chunk: &[u8]) -> Result<Vec<WordEntry>> {
    let mut reader = ByteReader::new(chunk, "site index chunk");
    let mut entries: Vec<WordEntry> = Vec::new();
    let mut previous = String::new();
    while reader.remaining() > 0 {
        let word = reader.shared(&previous)?;
        if !entries.is_empty() && word <= previous {
            return Err(corrupt("words of a chunk are out of order".into()));
        }
        let len = reader.varint()? as usize;
        let postings = reader.take(len)?.to_vec();
        let start = reader.varint()?;
        let len = reader.varint()?;
        let end = start
            .checked_add(len)
            .ok_or_else(|| corrupt("positions past the end".into()))?;
        previous.clone_from(&word);
        entries.push(WordEntry {
            word,
            postings,
            positions: start..end,
        });
    }
    Ok(entries)
}

/// One page's posting of a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Posting {
    /// The page.
    pub page: u32,
    /// Bit `i`: the word is in field `i`.
    pub fields: u32,
    /// Where its score bytes start in [`Postings::scores`], one per field in `fields`.
    pub scores_at: u32,
}

/// A word's decoded postings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Postings {
    /// By page, ascending.
    pub postings: Vec<Posting>,
    /// Score bytes of every posting, end to end.
    pub scores: Vec<u8>,
}

impl Postings {
    /// Encodes `(page, [(field, score byte)])`, pages ascending, fields ascending.
    pub fn encode(postings: &[(u32, Vec<(u8, u8)>)]) -> Vec<u8> {
        let mut out = Vec::with_capacity(postings.len() * 3 + 2);
        put_varint(&mut out, postings.len() as u64);
        let mut previous = 0;
        for (page, fields) in postings {
            put_varint(&mut out, u64::from(page - previous));
            previous = *page;
            let mask = fields.iter().fold(0u32, |mask, (f, _)| mask | 1 << f);
            put_varint(&mut out, u64::from(mask));
            out.extend(fields.iter().map(|(_, score)| *score));
        }
        out
    }

    /// Decodes postings of an index with `fields` searched fields.
    pub fn decode(bytes: &[u8], fields: usize) -> Result<Postings> {
        let mut reader = ByteReader::new(bytes, "site index postings");
        let count = reader.varint()? as usize;
        let mut postings = Vec::with_capacity(count.min(bytes.len()));
        let mut scores = Vec::with_capacity(count.min(bytes.len()));
        let mut page = 0u64;
        let allowed = if fields >= 32 {
            u32::MAX
        } else {
            (1 << fields) - 1
        };
        for i in 0..count {
            let delta = reader.varint()?;
            if i > 0 && delta == 0 {
                return Err(corrupt("a page is listed twice".into()));
            }
            page += delta;
            let mask = u32::try_from(reader.varint()?)
                .ok()
                .filter(|mask| mask & !allowed == 0)
                .ok_or_else(|| corrupt("a posting names a field the index lacks".into()))?;
            let scores_at = scores.len() as u32;
            scores.extend_from_slice(reader.take(mask.count_ones() as usize)?);
            postings.push(Posting {
                page: u32::try_from(page).map_err(|_| corrupt("a page number overflows".into()))?,
                fields: mask,
                scores_at,
            });
        }
        reader.end()?;
        Ok(Postings { postings, scores })
    }

    /// The score bytes of `posting`, by field: `(field, byte)`.
    pub fn field_scores<'a>(&'a self, posting: &Posting) -> impl Iterator<Item = (usize, u8)> + 'a {
        let fields = posting.fields;
        let at = posting.scores_at as usize;
        (0..32)
            .filter(move |f| fields & (1 << f) != 0)
            .enumerate()
            .map(move |(i, field)| (field, self.scores[at + i]))
    }

    /// Pages holding the word in field `field`.
    pub fn doc_freq(&self, field: usize) -> usize {
        self.postings
            .iter()
            .filter(|p| p.fields & (1 << field) != 0)
            .count()
    }
}

/// The score byte of a word seen `tf` times in a field of `len` words, `avg_len` on average.
pub fn score_byte(tf: u32, len: u32, avg_len: f32) -> u8 {
    let tf = tf as f32;
    let norm = K1 * (1.0 - B + B * len as f32 / avg_len.max(1.0));
    let factor = tf * (K1 + 1.0) / (tf + norm);
    ((factor / (K1 + 1.0) * 255.0).round() as u8).max(1)
}

/// The term-frequency factor a score byte stands for.
pub fn score_factor(byte: u8) -> f32 {
    f32::from(byte) / 255.0 * (K1 + 1.0)
}

/// BM25's IDF of a word in `doc_freq` of `pages` pages.
pub fn idf(doc_freq: usize, pages: u32) -> f32 {
    let n = pages as f32;
    let df = doc_freq as f32;
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

/// Encodes a word's positions: per posting, per field in its mask (ascending), the positions.
pub fn encode_positions<P: AsRef<[u32]>>(out: &mut Vec<u8>, fields: &[P]) {
    for positions in fields {
        let positions = positions.as_ref();
        put_varint(out, positions.len() as u64);
        let mut previous = 0;
        for &position in positions {
            put_varint(out, u64::from(position - previous));
            previous = position;
        }
    }
}

/// Decodes a word's positions for `postings`: per posting, per field in its mask.
pub fn decode_positions(bytes: &[u8], postings: &Postings) -> Result<Vec<Vec<Vec<u32>>>> {
    let mut reader = ByteReader::new(bytes, "site index positions");
    let mut out = Vec::with_capacity(postings.postings.len());
    for posting in &postings.postings {
        let mut fields = Vec::with_capacity(posting.fields.count_ones() as usize);
        for _ in 0..posting.fields.count_ones() {
            let count = reader.varint()? as usize;
            let mut positions = Vec::with_capacity(count.min(reader.remaining()));
            let mut position = 0u64;
            for _ in 0..count {
                position += reader.varint()?;
                positions.push(
                    u32::try_from(position).map_err(|_| corrupt("a position overflows".into()))?,
                );
            }
            fields.push(positions);
        }
        out.push(fields);
    }
    reader.end()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head() -> Head {
        Head {
            meta: HeadMeta {
                version: SITE_LAYOUT_VERSION,
                pages: 3,
                stemmer: Some("en".into()),
                fields: vec![SearchedField {
                    name: "body".into(),
                    boost: 1.0,
                }],
                snippet_field: "body".into(),
                title_field: Some("title".into()),
            },
            chunk_firsts: vec![
                "\u{1}k=v".into(),
                "apple".into(),
                "map".into(),
                "mapping".into(),
            ],
            chunk_offsets: vec![0, 10, 25, 40, 41],
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
        head.check_regions(41, 128).unwrap();
        assert!(head.check_regions(40, 128).is_err());
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
            if let Ok(head) = Head::decode(&bytes) {
                let _ = head.check_regions(41, 128);
            }
            let _ = Head::decode(&random);
            let _ = word_entries(&random);
            if let Ok(postings) = Postings::decode(&random, fields) {
                let _ = postings.doc_freq(0);
                let _ = decode_positions(&random, &postings);
            }
            // zstd frames (chunks, records), past the magic number into the frame decoder.
            let frames = crate::site::Frames::new(&[]).unwrap();
            let _ = frames.decode(&random, "a fuzzed frame");
            let framed = [&[0x28, 0xb5, 0x2f, 0xfd][..], &random].concat();
            let _ = frames.decode(&framed, "a fuzzed frame");
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

    #[test]
    fn postings_positions_and_entries_round_trip() {
        let list = vec![(2, vec![(0, 200), (2, 9)]), (7, vec![(1, 255)])];
        let bytes = Postings::encode(&list);
        let postings = Postings::decode(&bytes, 3).unwrap();
        assert_eq!(postings.postings.len(), 2);
        assert_eq!(postings.postings[1].page, 7);
        let first: Vec<_> = postings.field_scores(&postings.postings[0]).collect();
        assert_eq!(first, [(0, 200), (2, 9)]);
        assert_eq!(postings.doc_freq(1), 1);
        assert!(Postings::decode(&bytes, 2).is_err(), "field 2 of 2");
        assert!(Postings::decode(&bytes[..bytes.len() - 1], 3).is_err());

        let mut positions = Vec::new();
        encode_positions(&mut positions, &[vec![1, 5], vec![0]]);
        encode_positions(&mut positions, &[vec![3]]);
        let decoded = decode_positions(&positions, &postings).unwrap();
        assert_eq!(decoded, [vec![vec![1, 5], vec![0]], vec![vec![3]]]);

        let mut chunk = Vec::new();
        let a = WordEntry {
            word: "map".into(),
            postings: bytes.clone(),
            positions: 0..positions.len() as u64,
        };
        let b = WordEntry {
            word: "mapping".into(),
            postings: bytes,
            positions: 9..9,
        };
        put_word_entry(&mut chunk, "", &a);
        put_word_entry(&mut chunk, &a.word, &b);
        assert_eq!(word_entries(&chunk).unwrap(), [a, b]);
        assert!(word_entries(&chunk[..chunk.len() - 2]).is_err());
    }

    #[test]
    fn score_bytes_follow_bm25() {
        assert!(score_byte(1, 100, 100.0) < score_byte(3, 100, 100.0));
        assert!(score_byte(1, 10, 100.0) > score_byte(1, 1000, 100.0));
        let exact = 2.0 * (K1 + 1.0) / (2.0 + K1);
        assert!((score_factor(score_byte(2, 50, 50.0)) - exact).abs() < 0.01);
        assert!(idf(1, 1000) > idf(500, 1000));
    }
}
