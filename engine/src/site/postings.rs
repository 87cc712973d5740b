//! The word chunks' entries and what they point to: a word's postings (page deltas, field
//! masks, one BM25 score byte per field, as [`super::layout`] describes them) and its
//! positions. Written by the builder, read by the site engine.

use std::ops::Range;

use super::layout::{corrupt, B, K1};
use crate::error::Result;
use crate::format::{put_shared, put_varint, ByteReader};

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
