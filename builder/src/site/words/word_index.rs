//! The words of a site's pages as they are analysed, in shards by word (a batch of pages joins
//! on every core, a shard each): each word's postings and positions, and the words as typed
//! for the lexicon; then, merged from memory and the runs on disk, every word in byte order
//! ([`WordIndex::into_sorted`]) for the site file's chunks and positions.

use std::collections::hash_map::Entry;
use std::path::{Path, PathBuf};

use rustc_hash::FxHashMap;

use rangefind_engine::analysis::Analyzer;
use rangefind_engine::formats::site_file::head_meta::SearchedField;
use rangefind_engine::formats::site_file::postings::encode_positions;
use rangefind_engine::typos::WordCounts;
use rayon::prelude::*;

use super::analyse::{analyse, AnalysedPage, PageShard, StoredPage, SHARDS};
use super::word_runs::{MergedWord, SortedWords, WordPostings, WordRuns};

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

    /// Analyses a batch of JSON lines in parallel, then adds their words in page order, and
    /// hands each page's record to `set_aside`, in page order.
    pub(in crate::site) fn add_batch(
        &mut self,
        pages: &mut Vec<StoredPage>,
        set_aside: &mut dyn FnMut(&[u8]) -> anyhow::Result<()>,
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
            set_aside(&page.record)?;
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

    /// Every word, in byte order, its postings and positions merged from memory and the
    /// runs on disk, with the parts it was merged from.
    pub(in crate::site) fn into_sorted(
        mut self,
    ) -> impl Iterator<Item = anyhow::Result<MergedWord>> {
        let words = self.take_sorted_words();
        self.runs.merge(words)
    }

    /// Pages holding each word as typed.
    pub(in crate::site) fn typed_counts(&mut self) -> WordCounts {
        let shards = self.shards.iter_mut();
        shards
            .flat_map(|shard| std::mem::take(&mut shard.typed))
            .collect()
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
