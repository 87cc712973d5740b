//! One wave of page fetches: merge, share, verify, cache, count.

use std::collections::{BTreeSet, HashMap};
use std::ops::Range;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
#[cfg(not(target_arch = "wasm32"))]
use futures::future::BoxFuture;
use futures::future::{FutureExt, Shared};
use futures::stream::{self, StreamExt};
use tantivy::directory::OwnedBytes;

use super::cache::{PageCache, PageKey};
use super::persistent::PersistentCache;
use super::source::{ByteRange, RangeSource};
use super::stats::QueryStats;
use crate::error::{Error, ErrorKind, Result};

/// Requests in flight at once within one wave (browsers cap per-host connections anyway).
const MAX_CONCURRENT_REQUESTS: usize = 32;

#[cfg(not(target_arch = "wasm32"))]
type Fut<T> = BoxFuture<'static, T>;
#[cfg(target_arch = "wasm32")]
type Fut<T> = futures::future::LocalBoxFuture<'static, T>;

type SharedRead = Shared<Fut<Result<Arc<Resolved>, Error>>>;

/// The paging facts of one split: how its data is cut into pages and how to verify them.
/// Plain data (no source), so tantivy's side may share it across threads even in wasm.
#[derive(Debug)]
pub struct SplitPages {
    /// Content id (cache key).
    pub id: Arc<str>,
    /// Length of the split file; every read must report this length.
    pub file_len: u64,
    /// Length of the data region (pages cover `0..data_len`).
    pub data_len: u64,
    /// Page size.
    pub page_size: u64,
    /// Checksum of each page ([`crate::format::page_checksum`]).
    pub page_crcs: Vec<u16>,
}

impl SplitPages {
    /// Byte range of page `page`.
    pub fn page_range(&self, page: u64) -> Range<u64> {
        page * self.page_size..((page + 1) * self.page_size).min(self.data_len)
    }

    /// Pages covering `range` (clamped to the data region).
    pub fn pages_of(&self, range: &Range<u64>) -> Range<u64> {
        let end = range.end.min(self.data_len);
        if range.start >= end {
            return 0..0;
        }
        range.start / self.page_size..end.div_ceil(self.page_size)
    }

    fn verify(&self, page: u64, bytes: &[u8], name: &str) -> Result<()> {
        let expected = self.page_crcs.get(page as usize).copied();
        if expected != Some(crate::format::page_checksum(bytes)) {
            let range = self.page_range(page);
            return Err(ErrorKind::Corrupt
                .with_message(format!(
                    "page {page} (bytes {}..{}) does not match its checksum: \
                     the split is corrupt or was changed after it was built",
                    range.start, range.end
                ))
                .with_context(name.to_string()));
        }
        Ok(())
    }
}

/// The missing byte ranges of one split, to fetch in a wave.
#[derive(Debug)]
pub struct PageRequest {
    /// The split.
    pub split: Arc<SplitPages>,
    /// Where its bytes come from.
    pub source: Arc<dyn RangeSource>,
    /// Byte ranges (any alignment) of its data region.
    pub ranges: Vec<Range<u64>>,
}

/// Fetches pages for queries; shared by all queries on an index.
pub struct Fetcher {
    cache: Arc<PageCache>,
    persistent: Option<Arc<dyn PersistentCache>>,
    in_flight: Mutex<HashMap<PageKey, SharedRead>>,
}

impl std::fmt::Debug for Fetcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Fetcher({:?}, {:?})", self.cache, self.persistent)
    }
}

/// Pages a shared read resolved, and whether it had to use the network for them.
#[derive(Debug)]
struct Resolved {
    pages: Vec<(PageKey, OwnedBytes)>,
    networked: bool,
}

impl Fetcher {
    /// A fetcher filling `cache`, with `persistent` as the tier below it (if any).
    pub fn new(cache: Arc<PageCache>, persistent: Option<Arc<dyn PersistentCache>>) -> Fetcher {
        Fetcher {
            cache,
            persistent,
            in_flight: Mutex::new(HashMap::new()),
        }
    }

    /// The page cache.
    pub fn cache(&self) -> &Arc<PageCache> {
        &self.cache
    }

    /// The persistent tier, if any.
    pub fn persistent(&self) -> Option<&Arc<dyn PersistentCache>> {
        self.persistent.as_ref()
    }

    /// Makes every page touched by `requests` available in `pages` (the query's working set):
    /// from `pages` itself, the memory cache, a read already in flight, or one new read per
    /// split that takes what it can from the persistent tier and sends one request per run of
    /// adjacent pages still missing, all concurrently. Counts one wave if it waited on the
    /// network at all.
    pub async fn fetch_wave(
        &self,
        requests: Vec<PageRequest>,
        pages: &mut HashMap<PageKey, OwnedBytes>,
        stats: &QueryStats,
    ) -> Result<()> {
        let mut reads: Vec<SharedRead> = Vec::new();
        let mut new_keys: Vec<PageKey> = Vec::new();
        {
            let mut in_flight = self.in_flight.lock().expect("in-flight lock");
            let mut waiting: BTreeSet<(Arc<str>, u64)> = BTreeSet::new();
            for request in requests {
                let split = &request.split;
                let mut missing = BTreeSet::new();
                for range in &request.ranges {
                    for page in split.pages_of(range) {
                        let key = PageKey {
                            split: split.id.clone(),
                            page,
                        };
                        if pages.contains_key(&key) {
                            continue;
                        }
                        if let Some(bytes) = self.cache.get(&key) {
                            pages.insert(key, bytes);
                        } else if let Some(read) = in_flight.get(&key) {
                            if waiting.insert((split.id.clone(), page)) {
                                reads.push(read.clone());
                            }
                        } else {
                            missing.insert(page);
                        }
                    }
                }
                if missing.is_empty() {
                    continue;
                }
                let read = self.read_pages(
                    split.clone(),
                    request.source.clone(),
                    missing.clone(),
                    stats.clone(),
                );
                for page in missing {
                    let key = PageKey {
                        split: split.id.clone(),
                        page,
                    };
                    in_flight.insert(key.clone(), read.clone());
                    new_keys.push(key);
                }
                reads.push(read);
            }
        }
        if reads.is_empty() {
            return Ok(());
        }
        let results: Vec<Result<Arc<Resolved>>> = futures::future::join_all(reads).await;
        {
            let mut in_flight = self.in_flight.lock().expect("in-flight lock");
            for key in &new_keys {
                in_flight.remove(key);
            }
        }
        let mut networked = false;
        for result in results {
            let resolved = result?;
            networked |= resolved.networked;
            for (key, bytes) in &resolved.pages {
                pages.insert(key.clone(), bytes.clone());
            }
        }
        if networked {
            stats.add_wave();
        }
        Ok(())
    }

    /// A shared read of some pages of one split: the persistent tier first, then one request
    /// per run of adjacent pages it lacks, counted in the stats of the query that started it
    /// (a query that joins it waits without counting it again).
    fn read_pages(
        &self,
        split: Arc<SplitPages>,
        source: Arc<dyn RangeSource>,
        wanted: BTreeSet<u64>,
        stats: QueryStats,
    ) -> SharedRead {
        let cache = self.cache.clone();
        let persistent = self.persistent.clone();
        let future = async move {
            let mut resolved = Resolved {
                pages: Vec::with_capacity(wanted.len()),
                networked: false,
            };
            let mut missing = wanted;
            if let Some(tier) = &persistent {
                let asked: Vec<u64> = missing.iter().copied().collect();
                let stored = tier.get_pages(&split.id, &asked).await;
                for (page, bytes) in asked.into_iter().zip(stored) {
                    // A stored page that fails its checksum is a miss, fetched again.
                    let Some(bytes) = bytes else { continue };
                    if split.verify(page, &bytes, source.name()).is_ok() {
                        let key = PageKey {
                            split: split.id.clone(),
                            page,
                        };
                        let bytes = OwnedBytes::new(bytes.to_vec());
                        cache.insert(key.clone(), bytes.clone());
                        resolved.pages.push((key, bytes));
                        missing.remove(&page);
                    }
                }
            }
            if missing.is_empty() {
                return Ok(Arc::new(resolved));
            }
            resolved.networked = true;
            let runs = runs(&missing);
            let fetched: Vec<Result<Vec<(u64, Bytes)>>> = stream::iter(runs)
                .map(|run| read_run(&split, &*source, run, &stats))
                .buffer_unordered(MAX_CONCURRENT_REQUESTS)
                .collect()
                .await;
            let mut to_store = Vec::new();
            for run in fetched {
                for (page, bytes) in run? {
                    let key = PageKey {
                        split: split.id.clone(),
                        page,
                    };
                    let owned = OwnedBytes::new(bytes.to_vec());
                    cache.insert(key.clone(), owned.clone());
                    resolved.pages.push((key, owned));
                    to_store.push((page, bytes));
                }
            }
            if let Some(tier) = &persistent {
                tier.put_pages(&split.id, to_store);
            }
            Ok(Arc::new(resolved))
        };
        #[cfg(not(target_arch = "wasm32"))]
        let boxed: Fut<Result<Arc<Resolved>>> = future.boxed();
        #[cfg(target_arch = "wasm32")]
        let boxed: Fut<Result<Arc<Resolved>>> = future.boxed_local();
        boxed.shared()
    }
}

/// One request for a run of adjacent pages, verified page by page.
async fn read_run(
    split: &SplitPages,
    source: &dyn RangeSource,
    run: Range<u64>,
    stats: &QueryStats,
) -> Result<Vec<(u64, Bytes)>> {
    let start = split.page_range(run.start).start;
    let end = split.page_range(run.end - 1).end;
    let read = source.read(ByteRange::Bounded(start..end)).await?;
    stats.add_request(
        source.name(),
        read.start..read.start + read.bytes.len() as u64,
    );
    if read.file_len != split.file_len {
        return Err(ErrorKind::Corrupt
            .with_message(format!(
                "the split is now {} bytes, but {} bytes were expected: it was truncated or replaced",
                read.file_len, split.file_len
            ))
            .with_context(source.name().to_string()));
    }
    let mut pages = Vec::with_capacity((run.end - run.start) as usize);
    for page in run {
        let range = split.page_range(page);
        let bytes = read
            .bytes
            .slice((range.start - start) as usize..(range.end - start) as usize);
        split.verify(page, &bytes, source.name())?;
        pages.push((page, bytes));
    }
    Ok(pages)
}

/// Runs of consecutive page numbers.
fn runs(pages: &BTreeSet<u64>) -> Vec<Range<u64>> {
    let mut runs: Vec<Range<u64>> = Vec::new();
    for &page in pages {
        match runs.last_mut() {
            Some(run) if run.end == page => run.end += 1,
            _ => runs.push(page..page + 1),
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_group_adjacent_pages() {
        let pages: BTreeSet<u64> = [1, 2, 3, 7, 9, 10].into_iter().collect();
        assert_eq!(runs(&pages), vec![1..4, 7..8, 9..11]);
    }
}
