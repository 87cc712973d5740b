//! Reading an index's lexicon: its block index on first use (one request), then the blocks a
//! lookup needs (one wave), each verified and kept in memory and in the persistent tier.

use std::sync::{Arc, Mutex};

use bytes::Bytes;
use futures::lock::Mutex as AsyncMutex;

use super::edits::{delete_keys, one_edit_apart};
use crate::error::{ErrorKind, Result};
use crate::formats::lexicon::{
    decode_block, decode_index, BlockRef, KeyedWord, LexiconBlock, LexiconEntry,
};
use crate::io::{
    read_ranges, ByteRange, IndexStore, PersistentCache, QueryStats, RangeRead, RangeSource,
};

/// Replacements tried for one unknown word, the most frequent first: a typo is usually one
/// edit from a few words, and the query searches them all, so the best match ranks first.
pub const MAX_REPLACEMENTS: usize = 4;
/// A word of the index on this many documents or fewer is looked up as a typo is
/// ([`Lexicon::replacements_of_each`]): a misspelling that a page or two hold themselves.
pub const RARE_DOCS: u32 = 2;
/// … and replaced by the words one edit away on this many times its documents or more, which
/// are searched beside it.
pub const FAR_MORE_COMMON: u32 = 10;
/// Blocks read for the words a prefix begins (its key range): past this the range is long,
/// the prefix short, and the index's own prefix expansion the better answer.
const MAX_COMPLETION_BLOCKS: usize = 3;
/// Blocks kept in memory; past this the cache starts again (typos are a small share of
/// queries, and a block costs one small read).
const MAX_CACHED_BLOCKS: usize = 512;

/// Decoded blocks by block number, sorted (a list, which costs the site engine less code than
/// a map: BENCHMARKS.md, "Engine size").
type Blocks = Vec<(usize, Arc<LexiconBlock>)>;

fn block_in(blocks: &Blocks, block: usize) -> Option<&Arc<LexiconBlock>> {
    let at = blocks.binary_search_by_key(&block, |(b, _)| *b).ok()?;
    Some(&blocks[at].1)
}

fn insert_block(blocks: &mut Blocks, block: usize, decoded: Arc<LexiconBlock>) {
    match blocks.binary_search_by_key(&block, |(b, _)| *b) {
        Ok(at) => blocks[at].1 = decoded,
        Err(at) => blocks.insert(at, (block, decoded)),
    }
}

/// A word no split holds, or a rare one, to find replacements for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownWord {
    /// Lowercased and folded, as the lexicon holds words.
    pub word: String,
    /// Typed as a prefix (the word being typed): the words it begins are replacements too.
    /// The index holds stems, so `transformat*` expands to nothing while `transformation`
    /// (stem `transform`) is being typed; the lexicon holds the surface words.
    pub prefix: bool,
    /// Documents holding it, as the engine counted them over every index searched: 0 for a
    /// word none holds. A rare word (at most [`RARE_DOCS`]) is replaced only by words one
    /// edit away on far more documents.
    pub docs: u32,
}

/// The largest block index [`Lexicon::preload`] reads ahead of a lookup. A first visit reads
/// what is preloaded before its first query, typo or not: the index grows with the vocabulary
/// (5.7 KB for MDN's 14,590 pages with blocks of 8 KB; 10.5 KB with blocks of 4 KB; with
/// lexicon format 2, which kept the blocks' checksums in it, 19.6 KB, and 50 KB at 100,000
/// pages of the events site, 270 KB at 940,000), and
/// past this a first typo pays a wave for it instead. The page's own read-ahead
/// (web/src/index.ts, `MAX_PRELOADED_LEXICON_INDEX_BYTES`) keeps the same bound.
pub const MAX_PRELOADED_INDEX_BYTES: u64 = 32 * 1024;

/// An index's lexicon, read as lookups need it.
#[derive(Debug)]
pub struct Lexicon {
    entry: LexiconEntry,
    source: Arc<dyn RangeSource>,
    /// The block index once read; its lock is also held while blocks are read, so that a
    /// lookup at the same time (a search and the widget's read-ahead of the word being typed)
    /// waits and finds them in `blocks` rather than reading them a second time.
    index: AsyncMutex<Option<Arc<Vec<BlockRef>>>>,
    blocks: Mutex<Blocks>,
}

impl Lexicon {
    /// The lexicon the manifest's `entry` names, in `store`. Reads nothing yet.
    /// Refuses a lexicon of another format (`Incompatible`: the index needs rebuilding).
    pub fn new(store: &dyn IndexStore, entry: &LexiconEntry) -> Result<Lexicon> {
        entry.check_format()?;
        Ok(Lexicon {
            entry: entry.clone(),
            source: store.open(&entry.path),
            index: AsyncMutex::new(None),
            blocks: Mutex::new(Vec::new()),
        })
    }

    /// Its content id.
    pub fn id(&self) -> &str {
        &self.entry.id
    }

    /// Bytes of its block index.
    pub fn block_index_len(&self) -> u64 {
        let [start, end] = self.entry.index;
        end.saturating_sub(start)
    }

    /// For each of `words`, the index's words one edit away (and for a prefix, the words it
    /// begins), the most frequent first, at most [`MAX_REPLACEMENTS`]. Words with none are
    /// left out. Costs at most two waves: the block index (once per reader), then the blocks.
    pub async fn replacements(
        &self,
        words: &[UnknownWord],
        persistent: Option<&Arc<dyn PersistentCache>>,
        stats: &QueryStats,
    ) -> Result<Vec<(String, Vec<String>)>> {
        let each = self.replacements_of_each(words, persistent, stats).await?;
        Ok(words
            .iter()
            .zip(each)
            .filter(|(_, instead)| !instead.is_empty())
            .map(|(unknown, instead)| (unknown.word.clone(), instead))
            .collect())
    }

    /// The replacements of each of `words`, in their order (empty for a word without any), so
    /// that one lookup can hold the same word twice: whole, and as a prefix being typed.
    pub async fn replacements_of_each(
        &self,
        words: &[UnknownWord],
        persistent: Option<&Arc<dyn PersistentCache>>,
        stats: &QueryStats,
    ) -> Result<Vec<Vec<String>>> {
        let index = self.block_index(persistent, stats).await?;
        // Each word's keys, with the block that would hold each.
        let keys: Vec<Vec<(String, usize)>> = words
            .iter()
            .map(|w| {
                let keys = delete_keys(&w.word).into_iter();
                keys.filter_map(|key| {
                    let block = block_of(&index, &key)?;
                    Some((key, block))
                })
                .collect()
            })
            .collect();
        let completions: Vec<Vec<usize>> = words
            .iter()
            .map(|w| match w.prefix {
                true => completion_blocks(&index, &w.word),
                false => Vec::new(),
            })
            .collect();
        let wanted: Vec<u64> = keys
            .iter()
            .flatten()
            .map(|(_, block)| *block as u64)
            .chain(completions.iter().flatten().map(|&block| block as u64))
            .collect();
        // As `u64`s: the engine's one sort of integers.
        let wanted = crate::sorted_unique(wanted)
            .into_iter()
            .map(|b| b as usize)
            .collect();
        let blocks = self.blocks(&index, wanted, persistent, stats).await?;
        let mut found = Vec::new();
        for ((UnknownWord { word, prefix, docs }, keys), completions) in
            words.iter().zip(&keys).zip(&completions)
        {
            let mut candidates: Vec<&KeyedWord> = Vec::new();
            // Documents holding the word itself (none: a typo), as the engine counted them
            // or, if more, this lexicon.
            let mut own = *docs;
            for (key, block) in keys {
                let Some(block) = block_in(&blocks, *block) else {
                    continue;
                };
                if let Ok(at) = block.binary_search_by(|(k, _)| k.as_str().cmp(key)) {
                    let keyed = &block[at].1;
                    for c in keyed {
                        if c.word == *word {
                            own = own.max(c.docs);
                        }
                    }
                    candidates.extend(keyed.iter().filter(|c| one_edit_apart(word, &c.word)));
                }
            }
            // A word some document holds is no typo, even if none of the splits searched holds
            // it (a filter or time range left them out): replacing it would answer for another
            // word. The lexicon covers every split. Unless it is rare and a word one edit away
            // far more common: then it is as often that word misspelt on a page or two, and
            // both are searched (the engine keeps the word itself).
            if own > 0 && !prefix {
                let least = match own <= RARE_DOCS {
                    true => own * FAR_MORE_COMMON,
                    false => u32::MAX,
                };
                candidates.retain(|c| c.docs >= least);
            }
            // A word filed under a key in the prefix's range may begin with the prefix (the
            // word itself, or one of its deletions past the prefix).
            let begun = completions
                .iter()
                .filter_map(|b| block_in(&blocks, *b))
                .flat_map(|block| block.iter())
                .filter(|(key, _)| key.starts_with(word.as_str()))
                .flat_map(|(_, words)| words)
                .filter(|c| c.word.len() > word.len() && c.word.starts_with(word.as_str()));
            candidates.extend(begun);
            candidates.sort_unstable_by(|a, b| b.docs.cmp(&a.docs).then(a.word.cmp(&b.word)));
            candidates.dedup_by(|a, b| a.word == b.word);
            let best = candidates.iter().take(MAX_REPLACEMENTS);
            found.push(best.map(|c| c.word.clone()).collect());
        }
        Ok(found)
    }

    /// Reads the block index now (once per reader), so that a first lookup reads blocks only;
    /// unless it is larger than [`MAX_PRELOADED_INDEX_BYTES`]: then the first lookup reads it.
    pub async fn preload(
        &self,
        persistent: Option<&Arc<dyn PersistentCache>>,
        stats: &QueryStats,
    ) -> Result<()> {
        if self.block_index_len() > MAX_PRELOADED_INDEX_BYTES {
            return Ok(());
        }
        self.block_index(persistent, stats).await.map(drop)
    }

    /// Boxed: a lookup and a preload await it, and one copy of its steps serves both.
    fn block_index<'a>(
        &'a self,
        persistent: Option<&'a Arc<dyn PersistentCache>>,
        stats: &'a QueryStats,
    ) -> crate::StepFuture<'a, Arc<Vec<BlockRef>>> {
        Box::pin(self.read_block_index(persistent, stats))
    }

    async fn read_block_index(
        &self,
        persistent: Option<&Arc<dyn PersistentCache>>,
        stats: &QueryStats,
    ) -> Result<Arc<Vec<BlockRef>>> {
        let mut index = self.index.lock().await;
        if let Some(index) = index.as_ref() {
            return Ok(index.clone());
        }
        let stored = match persistent {
            Some(tier) => tier.get_open_region(&self.entry.id).await,
            None => None,
        };
        let from_tier = match stored {
            Some(bytes) => Some(decode_index(&bytes).await),
            None => None,
        };
        let decoded = match from_tier {
            Some(Ok(decoded)) => {
                stats.add_cache_hits(1);
                decoded
            }
            // Missing, or damaged in the tier: read it.
            _ => {
                let [start, end] = self.entry.index;
                let read = self.source.read(ByteRange::Bounded(start..end)).await?;
                stats.add_request(self.source.name(), start..end);
                let bytes = self.checked(read)?;
                stats.add_wave();
                let decoded = decode_index(&bytes).await.map_err(|e| self.context(e))?;
                if let Some(tier) = persistent {
                    tier.put_open_region(&self.entry.id, bytes);
                }
                decoded
            }
        };
        let decoded = Arc::new(decoded);
        *index = Some(decoded.clone());
        Ok(decoded)
    }

    /// The blocks `wanted`, from memory, the persistent tier, or one wave of reads (adjacent
    /// blocks in one request).
    async fn blocks(
        &self,
        index: &[BlockRef],
        wanted: Vec<usize>,
        persistent: Option<&Arc<dyn PersistentCache>>,
        stats: &QueryStats,
    ) -> Result<Blocks> {
        let cached_of = |wanted: &[usize]| -> Blocks {
            let cached = self.blocks.lock().expect("lexicon lock");
            wanted
                .iter()
                .filter_map(|b| Some((*b, block_in(&cached, *b)?.clone())))
                .collect()
        };
        let mut have = cached_of(&wanted);
        if have.len() == wanted.len() {
            return Ok(have);
        }
        let _reading = self.index.lock().await;
        // What a lookup that read meanwhile left in memory.
        have = cached_of(&wanted);
        let mut missing: Vec<usize> = wanted
            .into_iter()
            .filter(|b| block_in(&have, *b).is_none())
            .collect();
        if let (Some(tier), false) = (persistent, missing.is_empty()) {
            let pages: Vec<u64> = missing.iter().map(|&b| b as u64).collect();
            let stored = tier.get_pages(&self.entry.id, &pages).await;
            for (block, bytes) in missing.iter().zip(stored) {
                let Some(bytes) = bytes else { continue };
                // Damaged in the tier: read again below.
                if let Ok(decoded) = decode_block(&index[*block], &bytes).await {
                    stats.add_cache_hits(1);
                    insert_block(&mut have, *block, Arc::new(decoded));
                }
            }
            missing.retain(|b| block_in(&have, *b).is_none());
        }
        if missing.is_empty() {
            return Ok(have);
        }
        let runs = adjacent_runs(&missing);
        let ranges: Vec<std::ops::Range<u64>> = runs
            .iter()
            .map(|run| index[run.start].range.start..index[run.end - 1].range.end)
            .collect();
        // One request where the host answers several ranges at once.
        let reads = read_ranges(&*self.source, ranges.clone(), stats).await?;
        let mut read = Vec::with_capacity(runs.len());
        for ((run, range), got) in runs.into_iter().zip(ranges).zip(reads) {
            let bytes = self.checked(got)?;
            for block in run {
                let at = &index[block].range;
                let stored =
                    bytes.slice((at.start - range.start) as usize..(at.end - range.start) as usize);
                let decoded = decode_block(&index[block], &stored).await;
                read.push((block, stored, decoded.map_err(|e| self.context(e))?));
            }
        }
        stats.add_wave();
        let mut stored_pages = Vec::new();
        let mut cached = self.blocks.lock().expect("lexicon lock");
        if cached.len() > MAX_CACHED_BLOCKS {
            cached.clear();
        }
        for (block, stored, decoded) in read {
            let decoded = Arc::new(decoded);
            insert_block(&mut cached, block, decoded.clone());
            insert_block(&mut have, block, decoded);
            stored_pages.push((block as u64, stored));
        }
        if let Some(tier) = persistent {
            tier.put_pages(&self.entry.id, stored_pages);
        }
        Ok(have)
    }

    /// A read's bytes, its file's length checked against the manifest's.
    fn checked(&self, read: RangeRead) -> Result<Bytes> {
        if read.file_len != self.entry.size {
            return Err(self.context(ErrorKind::Corrupt.with_message(format!(
                "the lexicon is {} bytes but the manifest says {}: truncated or replaced",
                read.file_len, self.entry.size
            ))));
        }
        Ok(read.bytes)
    }

    fn context(&self, error: crate::error::Error) -> crate::error::Error {
        error.with_context(self.source.name().to_string())
    }
}

/// The block that holds `key` if any block does: the last one starting at or before it.
fn block_of(index: &[BlockRef], key: &str) -> Option<usize> {
    index
        .partition_point(|b| b.first_key.as_str() <= key)
        .checked_sub(1)
}

/// The blocks holding the keys `prefix` begins (at most [`MAX_COMPLETION_BLOCKS`]): the one
/// `prefix` would be in, and those after it that start inside the range.
fn completion_blocks(index: &[BlockRef], prefix: &str) -> Vec<usize> {
    let first = block_of(index, prefix).unwrap_or(0);
    (first..index.len())
        .take_while(|&b| b == first || index[b].first_key.starts_with(prefix))
        .take(MAX_COMPLETION_BLOCKS)
        .collect()
}

/// `sorted` as runs of consecutive numbers.
fn adjacent_runs(sorted: &[usize]) -> Vec<std::ops::Range<usize>> {
    let mut runs: Vec<std::ops::Range<usize>> = Vec::new();
    for &n in sorted {
        match runs.last_mut() {
            Some(run) if run.end == n => run.end = n + 1,
            _ => runs.push(n..n + 1),
        }
    }
    runs
}

#[cfg(test)]
mod tests;
