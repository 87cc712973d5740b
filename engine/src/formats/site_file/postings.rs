//! The word chunks' entries and what they point to: a word's postings (page deltas, field
//! masks, per field the word's occurrences and the field's length, as [`super::layout`]
//! describes them) and its positions; a long word's postings past its best in a [`Tail`]
//! (`super::tail`).
//! Written by the builder, read by the site engine.

use std::ops::Range;

use super::corrupt;
use super::length_code;
pub use super::tail::{Tail, TailField};
use crate::error::Result;
use crate::formats::split::{put_shared, put_varint, ByteReader};

/// A word's entry in a chunk.
#[derive(Clone, Debug, PartialEq)]
pub struct WordEntry {
    /// The word.
    pub word: String,
    /// Its encoded postings (see [`Postings`]).
    pub postings: Vec<u8>,
    /// Its positions in the positions region (empty: none kept); of a long word, those of
    /// its whole list, by page (a query that reads positions reads whole lists).
    pub positions: Range<u64>,
    /// A long word's postings past its best, kept apart.
    pub tail: Option<Tail>,
    /// A form of it is on a page or two and one edit from a word on far more pages
    /// ([`crate::typos::rare_words_beside_common_ones`]): a query typing it looks it up in
    /// the lexicon, as a misspelling those pages hold themselves may be.
    pub beside_common: bool,
}

/// Appends `entry` to a chunk whose previous word is `previous` (empty at a chunk's start).
pub fn put_word_entry(out: &mut Vec<u8>, previous: &str, entry: &WordEntry) {
    put_shared(out, previous, &entry.word);
    put_varint(out, entry.postings.len() as u64);
    out.extend_from_slice(&entry.postings);
    put_varint(out, entry.positions.start);
    let len = entry.positions.end - entry.positions.start;
    let flags = u64::from(entry.beside_common) << 1 | u64::from(entry.tail.is_some());
    put_varint(out, len << 2 | flags);
    if let Some(tail) = &entry.tail {
        tail.put(out);
    }
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
        let len_and_flags = reader.varint()?;
        let end = start
            .checked_add(len_and_flags >> 2)
            .ok_or_else(|| corrupt("positions past the end".into()))?;
        let tail = match len_and_flags & 1 {
            0 => None,
            _ => Some(Tail::read(&mut reader)?),
        };
        previous.clone_from(&word);
        entries.push(WordEntry {
            word,
            postings,
            positions: start..end,
            tail,
            beside_common: len_and_flags & 2 != 0,
        });
    }
    Ok(entries)
}

/// What a posting keeps of a word in one field of a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldCount {
    /// The word's occurrences in the field.
    pub occurrences: u32,
    /// The field's length in words, coded ([`length_code::length_code`]).
    pub length: u8,
}

impl FieldCount {
    /// The count of a word seen `occurrences` times in a field of `length` words.
    pub fn new(occurrences: u32, length: u32) -> FieldCount {
        FieldCount {
            occurrences,
            length: length_code::length_code(length),
        }
    }

    /// One byte, the length code and whether the word occurs more than once; if it does, its
    /// occurrences less two.
    fn put(self, out: &mut Vec<u8>) {
        let more = self.occurrences > 1;
        out.push(self.length << 1 | u8::from(more));
        if more {
            put_varint(out, u64::from(self.occurrences - 2));
        }
    }

    fn read(reader: &mut ByteReader) -> Result<FieldCount> {
        let byte = reader.take(1)?[0];
        // Past u32::MAX (only in a damaged file) the count saturates: BM25 saturates long
        // before.
        let occurrences = match byte & 1 {
            0 => 1,
            _ => reader.varint()?.min(u64::from(u32::MAX - 2)) as u32 + 2,
        };
        let length = byte >> 1;
        Ok(FieldCount {
            occurrences,
            length,
        })
    }
}

/// What a posting keeps of a word on one page, as the builder writes it.
#[derive(Clone, Debug, PartialEq)]
pub struct PageCounts {
    /// Per field holding the word (ascending): the field and its count there.
    pub fields: Vec<(u8, FieldCount)>,
    /// The weight of the page's text ([`super::head_meta::FieldScoring::Text`] fields) in 255ths.
    pub text_weight: u8,
    /// In a headings field that may be long ([`length_code::headings_may_be_long`]): the word's count
    /// in its best heading, for when the field is long. `None`: the whole field's count stands.
    pub best_heading: Option<FieldCount>,
}

impl PageCounts {
    /// Counts in `fields`, at full weight, with no best heading apart.
    pub fn of(fields: Vec<(u8, FieldCount)>) -> PageCounts {
        PageCounts {
            fields,
            text_weight: FULL_WEIGHT,
            best_heading: None,
        }
    }
}

/// A text weight of 1.
pub const FULL_WEIGHT: u8 = 255;
/// Flags below a posting's field mask: a text weight byte follows its counts.
const WEIGHTED: u64 = 1;
/// Flags below a posting's field mask: the best heading's count follows.
const BEST_HEADING: u64 = 2;
/// Bits of flags below a posting's field mask.
const FLAG_BITS: u32 = 2;

/// One page's posting of a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Posting {
    /// The page.
    pub page: u32,
    /// Bit `i`: the word is in field `i`.
    pub fields: u32,
    /// Where its counts start in [`Postings::counts`], one per field in `fields`.
    pub counts_at: u32,
    /// The weight of the page's text, in 255ths.
    pub text_weight: u8,
    /// The word's count in its best heading, when not the whole headings field.
    pub best_heading: Option<FieldCount>,
}

/// A word's decoded postings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Postings {
    /// By page, ascending.
    pub postings: Vec<Posting>,
    /// Counts of every posting, end to end.
    pub counts: Vec<FieldCount>,
}

impl Postings {
    /// Encodes `(page, counts)`, pages ascending, fields ascending.
    pub fn encode(postings: &[(u32, PageCounts)]) -> Vec<u8> {
        let mut out = Vec::with_capacity(postings.len() * 4 + 2);
        put_varint(&mut out, postings.len() as u64);
        let mut previous = 0;
        for (page, counts) in postings {
            put_varint(&mut out, u64::from(page - previous));
            previous = *page;
            let mask = counts
                .fields
                .iter()
                .fold(0u64, |mask, (f, _)| mask | 1 << f);
            let weighted = counts.text_weight != FULL_WEIGHT;
            let mut flags = 0;
            if weighted {
                flags |= WEIGHTED;
            }
            if counts.best_heading.is_some() {
                flags |= BEST_HEADING;
            }
            put_varint(&mut out, (mask << FLAG_BITS) | flags);
            counts
                .fields
                .iter()
                .for_each(|(_, count)| count.put(&mut out));
            if weighted {
                out.push(counts.text_weight);
            }
            if let Some(best) = counts.best_heading {
                best.put(&mut out);
            }
        }
        out
    }

    /// Decodes postings of an index with `fields` searched fields.
    pub fn decode(bytes: &[u8], fields: usize) -> Result<Postings> {
        let mut reader = ByteReader::new(bytes, "site index postings");
        let count = reader.varint()? as usize;
        let mut postings = Vec::with_capacity(count.min(bytes.len()));
        let mut counts = Vec::with_capacity(count.min(bytes.len()));
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
            page = page
                .checked_add(delta)
                .ok_or_else(|| corrupt("a page number overflows".into()))?;
            let mask_and_flags = reader.varint()?;
            let mask = u32::try_from(mask_and_flags >> FLAG_BITS)
                .ok()
                .filter(|mask| mask & !allowed == 0)
                .ok_or_else(|| corrupt("a posting names a field the index lacks".into()))?;
            let counts_at = counts.len() as u32;
            for _ in 0..mask.count_ones() {
                counts.push(FieldCount::read(&mut reader)?);
            }
            let text_weight = match mask_and_flags & WEIGHTED {
                0 => FULL_WEIGHT,
                _ => reader.take(1)?[0],
            };
            let best_heading = match mask_and_flags & BEST_HEADING {
                0 => None,
                _ => Some(FieldCount::read(&mut reader)?),
            };
            postings.push(Posting {
                page: u32::try_from(page).map_err(|_| corrupt("a page number overflows".into()))?,
                fields: mask,
                counts_at,
                text_weight,
                best_heading,
            });
        }
        reader.end()?;
        Ok(Postings { postings, counts })
    }

    /// The counts of `posting`, by field: `(field, count)`.
    pub fn field_counts<'a>(
        &'a self,
        posting: &Posting,
    ) -> impl Iterator<Item = (usize, FieldCount)> + 'a {
        let fields = posting.fields;
        let at = posting.counts_at as usize;
        (0..32)
            .filter(move |f| fields & (1 << f) != 0)
            .enumerate()
            .map(move |(i, field)| (field, self.counts[at + i]))
    }

    /// These postings and a tail's (no page in both), by page: a long word's whole list.
    pub fn merge(mut self, tail: Postings) -> Result<Postings> {
        let (kept, shift) = (self.postings.len(), self.counts.len() as u32);
        let moved = tail.postings.into_iter().map(|p| Posting {
            counts_at: p.counts_at + shift,
            ..p
        });
        self.postings.extend(moved);
        self.counts.extend(tail.counts);
        // Both in page order: merged by walking them side by side.
        let all = &self.postings;
        let (mut a, mut b) = (0, kept);
        let mut merged = Vec::with_capacity(all.len());
        while a < kept || b < all.len() {
            let from_kept = b == all.len() || a < kept && all[a].page < all[b].page;
            if a < kept && b < all.len() && all[a].page == all[b].page {
                return Err(corrupt("a page is in a word's chunk and its tail".into()));
            }
            let next = if from_kept { &mut a } else { &mut b };
            merged.push(all[*next]);
            *next += 1;
        }
        self.postings = merged;
        Ok(self)
    }

    /// Pages holding the word in field `field`.
    pub fn doc_freq(&self, field: usize) -> usize {
        self.postings
            .iter()
            .filter(|p| p.fields & (1 << field) != 0)
            .count()
    }
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
                position = position
                    .checked_add(reader.varint()?)
                    .ok_or_else(|| corrupt("a position overflows".into()))?;
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
mod tests;
