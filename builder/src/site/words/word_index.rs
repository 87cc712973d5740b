//! The words of a site's pages as they are analysed, in shards by word (a batch of pages joins
//! on every core, a shard each): each word's postings and positions, and the words as typed
//! for the lexicon; then written as the site file's chunks and positions.

use std::collections::hash_map::Entry;
use std::path::{Path, PathBuf};

use indicatif::ProgressBar;
use rustc_hash::FxHashMap;

use rangefind_engine::analysis::Analyzer;
use rangefind_engine::format::encode_frame;
use rangefind_engine::site::bm25::Averages;
use rangefind_engine::site::file::head_meta::{FieldScoring, HeadMeta, SearchedField};
use rangefind_engine::site::file::length_code::headings_may_be_long;
use rangefind_engine::site::file::postings::{
    encode_positions, FieldCount, PageCounts, Postings, WordEntry, FULL_WEIGHT,
};
use rangefind_engine::typos::WordCounts;
use rayon::prelude::*;

use super::analyse::{analyse, AnalysedPage, PageShard, StoredPage, SHARDS};
use super::heading_scores;
use super::renumber::renumber;
use super::tails;
use super::word_runs::{SortedWords, WordPostings, WordRuns};
use crate::site::write::chunk_writer::{ChunkWriter, WrittenChunks, CHUNK_LEVEL};
use crate::site::write::record_spill::RecordSpill;
use crate::site::write::region_file::RegionFile;

/// The words of the pages analysed so far, in [`SHARDS`] shards by word, and those set aside
/// in runs on disk.
pub(in crate::site) struct WordIndex {
    shards: Vec<WordShard>,
    /// Each combination of filter values pages have, numbered as first seen.
    filter_groups: FxHashMap<String, u32>,
    /// Bytes the shards' words may hold before they are written as a run, and where.
    memory: usize,
    work: PathBuf,
    runs: WordRuns,
}

/// The words of one shard.
#[derive(Default)]
pub(in crate::site) struct WordShard {
    words: FxHashMap<String, WordPostings>,
    /// Bytes its words hold, about.
    held: usize,
    /// Pages holding each word as typed: the lexicon's input.
    typed: FxHashMap<String, u32>,
}

/// Bytes a word's entry in a shard holds beside its word and postings: the map's slot (the
/// word's `String`, its [`WordPostings`]) and control byte, and an allocation's rounding.
const ENTRY_BYTES: usize = std::mem::size_of::<(String, WordPostings)>() + 1 + 16;

impl WordIndex {
    /// An index of no words yet, whose words are written as a run to a temporary file in
    /// `work` whenever they hold more than `memory` bytes.
    pub(in crate::site) fn new(memory: usize, work: &Path) -> WordIndex {
        WordIndex {
            shards: (0..SHARDS).map(|_| WordShard::default()).collect(),
            filter_groups: FxHashMap::default(),
            memory,
            work: work.to_path_buf(),
            runs: WordRuns::default(),
        }
    }

    /// Runs on disk now (runs are merged when there are many).
    pub(in crate::site) fn runs(&self) -> usize {
        self.runs.len()
    }

    /// Times the words outgrew their memory and were written as a run.
    pub(in crate::site) fn spills(&self) -> usize {
        self.runs.written()
    }

    /// Words to write: those in memory and in each run (the parts [`WordIndex::write`]
    /// counts on its progress bar).
    pub(in crate::site) fn parts_to_write(&self) -> u64 {
        let in_memory: usize = self.shards.iter().map(|shard| shard.words.len()).sum();
        (in_memory + self.runs.words()) as u64
    }

    /// Analyses a batch of JSON lines in parallel, then adds their words in page order.
    pub(in crate::site) fn add_batch(
        &mut self,
        pages: &mut Vec<StoredPage>,
        records: &mut RecordSpill,
        lines: &[String],
        searched: &[SearchedField],
        analyzer: &Analyzer,
    ) -> anyhow::Result<()> {
        let analysed: Vec<AnalysedPage> = lines
            .par_iter()
            .map(|line| analyse(line, searched, analyzer))
            .collect::<anyhow::Result<_>>()?;
        // Each shard takes its part of every page, in page order.
        let mut by_shard: Vec<Vec<(u32, PageShard)>> = (0..SHARDS).map(|_| Vec::new()).collect();
        for mut page in analysed {
            let number = pages.len() as u32;
            let groups = self.filter_groups.len() as u32;
            page.stored.filter_group = *self.filter_groups.entry(page.filters).or_insert(groups);
            for (shard, part) in by_shard.iter_mut().zip(page.shards.drain(..)) {
                shard.push((number, part));
            }
            records.push(&page.record)?;
            pages.push(page.stored);
        }
        self.shards
            .par_iter_mut()
            .zip(by_shard)
            .for_each(|(shard, parts)| shard.add(parts));
        if self.shards.iter().map(|shard| shard.held).sum::<usize>() > self.memory {
            let words = self.take_sorted_words();
            self.runs.spill(words, &self.work)?;
        }
        Ok(())
    }

    /// The shards' words, sorted, leaving them empty.
    fn take_sorted_words(&mut self) -> SortedWords {
        let shards = self.shards.iter_mut();
        let mut words: SortedWords = (shards)
            .flat_map(|shard| {
                shard.held = 0;
                std::mem::take(&mut shard.words)
            })
            .collect();
        words.par_sort_unstable_by(|a, b| a.0.cmp(&b.0));
        words
    }

    /// Each page's combination of filter values, ranked by the values (pages of one record
    /// size are numbered in this order: a filter value's pages are then runs of consecutive
    /// numbers, whose postings compress to little, however large the site).
    pub(in crate::site) fn filter_ranks(&self, pages: &[StoredPage]) -> Vec<u32> {
        let mut groups: Vec<(&String, u32)> = (self.filter_groups.iter())
            .map(|(key, group)| (key, *group))
            .collect();
        groups.sort();
        let mut rank_of = vec![0u32; groups.len()];
        for (rank, (_, group)) in groups.into_iter().enumerate() {
            rank_of[group as usize] = rank as u32;
        }
        (pages.iter())
            .map(|page| rank_of[page.filter_group as usize])
            .collect()
    }

    /// Pages holding each word as typed.
    pub(in crate::site) fn typed_counts(&mut self) -> WordCounts {
        let shards = self.shards.iter_mut();
        shards
            .flat_map(|shard| std::mem::take(&mut shard.typed))
            .collect()
    }

    /// The regions of words: the chunks (with long words' tails) and the positions; pages
    /// numbered by `number_of` (by page in site order), long
    /// words' postings (on more than `tail_past` pages) cut as the engine scores them in the
    /// index of `meta`. Both regions go to temporary files in `dir`; `progress` counts the
    /// words written ([`WordIndex::parts_to_write`]).
    pub(in crate::site) fn write(
        mut self,
        pages: &[StoredPage],
        meta: &HeadMeta,
        number_of: &[u32],
        tail_past: usize,
        dir: &Path,
        progress: &ProgressBar,
    ) -> anyhow::Result<(WrittenChunks, RegionFile)> {
        let searched = &meta.fields;
        let averages = Averages::of(meta, &[meta]);
        let words = self.take_sorted_words();
        let mut chunks = ChunkWriter::new(dir)?;
        let mut positions = RegionFile::new(dir)?;
        let mut tails = TailWriter::default();
        for word in self.runs.merge(words) {
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
            let entry = match tails::cut(list, tail_past, meta, &averages) {
                Ok(cut) => {
                    let entry = WordEntry {
                        word,
                        postings: Postings::encode(&cut.kept),
                        positions: at,
                        tail: Some(cut.entry),
                    };
                    (entry, Some(Postings::encode(&cut.tail)))
                }
                Err(list) => {
                    let entry = WordEntry {
                        word,
                        postings: Postings::encode(&list),
                        positions: at,
                        tail: None,
                    };
                    (entry, None)
                }
            };
            tails.push(entry, &mut chunks)?;
        }
        tails.flush(&mut chunks)?;
        Ok((chunks.finish()?, positions))
    }
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

impl WordShard {
    /// The postings of `word`, new if it has none (counted in what the shard holds).
    fn entry(&mut self, word: String) -> &mut WordPostings {
        match self.words.entry(word) {
            Entry::Occupied(entry) => entry.into_mut(),
            Entry::Vacant(entry) => {
                self.held += entry.key().len() + ENTRY_BYTES;
                entry.insert(WordPostings::default())
            }
        }
    }

    /// Adds the parts of pages that fall in this shard, in page order.
    pub(in crate::site) fn add(&mut self, parts: Vec<(u32, PageShard)>) {
        for (number, part) in parts {
            for (word, fields) in part.words {
                let entry = self.entry(word);
                let before = entry.allocated();
                let field_positions: Vec<&[u32]> =
                    fields.iter().map(|(_, at, _)| at.as_slice()).collect();
                encode_positions(&mut entry.positions, &field_positions);
                for (field, _, count) in &fields {
                    entry.postings.push(number, *field, *count);
                }
                let grown = entry.allocated() - before;
                self.held += grown;
            }
            for word in part.typed {
                *self.typed.entry(word).or_default() += 1;
            }
            for word in part.filters {
                let entry = self.entry(word);
                let before = entry.allocated();
                entry.postings.push(number, u8::MAX, 0);
                let grown = entry.allocated() - before;
                self.held += grown;
            }
        }
    }
}
