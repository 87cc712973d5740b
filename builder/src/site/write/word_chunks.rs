//! A language's words written as the site file's regions: each word, in byte order, its
//! postings renumbered to the file's pages and cut into its best and a tail when it is long,
//! an entry of the word chunks ([`super::chunk_writer`]), its positions in the positions
//! region.

use std::path::Path;

use indicatif::ProgressBar;
use rangefind_engine::formats::site_file::head_meta::{FieldScoring, HeadMeta, SearchedField};
use rangefind_engine::formats::site_file::length_code::headings_may_be_long;
use rangefind_engine::formats::site_file::postings::{
    FieldCount, PageCounts, Postings, WordEntry, FULL_WEIGHT,
};
use rangefind_engine::formats::split::encode_frame;
use rangefind_engine::site::bm25::Averages;
use rayon::prelude::*;

use super::chunk_writer::{ChunkWriter, WrittenChunks, CHUNK_LEVEL};
use super::region_file::RegionFile;
use crate::site::words::analyse::StoredPage;
use crate::site::words::renumber::renumber;
use crate::site::words::word_index::WordIndex;
use crate::site::words::{heading_scores, tails};

/// The regions of `words`: the chunks (with long words' tails) and the positions; pages
/// numbered by `number_of` (by page in site order), the words of `beside_common` (sorted)
/// marked as rare beside a far more common word, long words' postings (on more than
/// `tail_past` pages) cut as the engine scores them in the index of `meta`. Both regions go
/// to temporary files in `dir`; `progress` counts the words written
/// ([`WordIndex::parts_to_write`]).
pub(in crate::site) fn write_word_chunks(
    words: WordIndex,
    pages: &[StoredPage],
    meta: &HeadMeta,
    number_of: &[u32],
    (beside_common, tail_past): (&[String], usize),
    dir: &Path,
    progress: &ProgressBar,
) -> anyhow::Result<(WrittenChunks, RegionFile)> {
    let searched = &meta.fields;
    let averages = Averages::of(meta, &[meta]);
    let mut chunks = ChunkWriter::new(dir)?;
    let mut positions = RegionFile::new(dir)?;
    let mut tails = TailWriter::default();
    for word in words.into_sorted() {
        let (word, postings, parts) = word?;
        progress.inc(parts as u64);
        // A filter word's postings have no field.
        let mut list: Vec<(u32, PageCounts)> = Vec::new();
        for (page, field, count) in postings.postings.iter() {
            if list.last().is_none_or(|(last, _)| *last != page) {
                list.push((page, PageCounts::of(Vec::new())));
            }
            if field != u8::MAX {
                let counts = &mut list.last_mut().expect("a page").1;
                let stored = &pages[page as usize];
                add_count(counts, field, count, stored, &searched[usize::from(field)]);
            }
        }
        let (list, word_positions) = renumber(list, &postings.positions, number_of);
        let start = positions.len();
        positions.write(&word_positions)?;
        let at = start..positions.len();
        let marked = beside_common.binary_search(&word).is_ok();
        let entry = match tails::cut(list, tail_past, meta, &averages) {
            Ok(cut) => {
                let entry = WordEntry {
                    word,
                    postings: Postings::encode(&cut.kept),
                    positions: at,
                    tail: Some(cut.entry),
                    beside_common: marked,
                };
                (entry, Some(Postings::encode(&cut.tail)))
            }
            Err(list) => {
                let entry = WordEntry {
                    word,
                    postings: Postings::encode(&list),
                    positions: at,
                    tail: None,
                    beside_common: marked,
                };
                (entry, None)
            }
        };
        tails.push(entry, &mut chunks)?;
    }
    tails.flush(&mut chunks)?;
    Ok((chunks.finish()?, positions))
}

/// Long words' tails, compressed on every core a batch at a time: their entries wait, and
/// the entries after them with them (the chunks are in word order).
#[derive(Default)]
struct TailWriter {
    /// Entries waiting, with their tails' postings (uncompressed) if they have one.
    waiting: Vec<(WordEntry, Option<Vec<u8>>)>,
    /// Uncompressed bytes waiting.
    waiting_bytes: usize,
}

/// Uncompressed tail bytes compressed together.
const TAIL_BATCH_BYTES: usize = 32 << 20;

impl TailWriter {
    /// Adds an entry to the chunks after those waiting, with its tail's postings
    /// (uncompressed) if it has one.
    fn push(
        &mut self,
        (entry, tail): (WordEntry, Option<Vec<u8>>),
        chunks: &mut ChunkWriter,
    ) -> anyhow::Result<()> {
        if tail.is_none() && self.waiting.is_empty() {
            return chunks.add(entry, None);
        }
        self.waiting_bytes += tail.as_ref().map_or(0, Vec::len);
        self.waiting.push((entry, tail));
        if self.waiting_bytes >= TAIL_BATCH_BYTES {
            self.flush(chunks)?;
        }
        Ok(())
    }

    /// Compresses the waiting tails and adds their entries to the chunks.
    fn flush(&mut self, chunks: &mut ChunkWriter) -> anyhow::Result<()> {
        let waiting = std::mem::take(&mut self.waiting);
        self.waiting_bytes = 0;
        let compressed: Vec<Option<Vec<u8>>> = waiting
            .par_iter()
            .map(|(_, tail)| {
                let raw = tail.as_deref()?;
                Some(encode_frame(raw, &[], CHUNK_LEVEL).expect("deflate compresses to memory"))
            })
            .collect();
        for ((entry, _), tail) in waiting.into_iter().zip(compressed) {
            chunks.add(entry, tail)?;
        }
        Ok(())
    }
}

/// Adds a word's `count` in `field` of page `stored` to the page's `counts`: its occurrences;
/// in text, the page's text weight; in headings that may be long, its best heading's count
/// when that is not the whole field's.
fn add_count(
    counts: &mut PageCounts,
    field: u8,
    count: u32,
    stored: &StoredPage,
    searched: &SearchedField,
) {
    let len = stored.lengths[usize::from(field)];
    match searched.scoring {
        FieldScoring::Plain => counts.fields.push((field, FieldCount::new(count, len))),
        FieldScoring::Text => {
            counts.fields.push((field, FieldCount::new(count, len)));
            let weight = (stored.text_weight * f32::from(FULL_WEIGHT)).round();
            counts.text_weight = weight.max(1.0) as u8;
        }
        FieldScoring::Headings => {
            let (occurrences, in_best, best_len) = heading_scores::unpack(count);
            let whole = FieldCount::new(occurrences, len);
            counts.fields.push((field, whole));
            let best = FieldCount::new(in_best, best_len);
            if best != whole && headings_may_be_long(whole.length) {
                counts.best_heading = Some(best);
            }
        }
    }
}
