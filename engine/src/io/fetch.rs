//! One wave of page fetches: merge, share, verify, cache, count.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
#[cfg(not(target_arch = "wasm32"))]
use futures::future::BoxFuture;
use futures::future::{FutureExt, Shared};
use futures::stream::{self, StreamExt};
use ownedbytes::OwnedBytes;

use super::cache::{PageCache, PageKey};
use super::persistent::PersistentCache;
use super::source::{ByteRange, RangeSource};
use super::stats::QueryStats;
use crate::error::{Error, ErrorKind, Result};
use crate::format::{page_payload, PAGE_CHECKSUM_LEN};

/// Requests in flight at once within one wave (browsers cap per-host connections anyway).
const MAX_CONCURRENT_REQUESTS: usize = 32;
/// Requests one wave should send at most, by default: a browser talks HTTP/1.1 to a host over
/// 6 connections, and a 7th request waits a whole round trip for one of them. Reading through
/// a gap costs bytes; a round trip at 100 ms and 10 Mbit/s is worth 125 KB.
pub const DEFAULT_MAX_REQUESTS_PER_WAVE: usize = 6;
/// Gaps this small are always read through: a request costs more (headers, latency).
const ALWAYS_READ_THROUGH_PAGES: u64 = 2;
/// Gaps larger than this are never read through, whatever the budget (by default: a host
/// where requests are counted, such as a Worker's subrequests, may allow more).
pub const DEFAULT_MAX_READ_THROUGH_BYTES: u64 = 64 * 1024;

#[cfg(not(target_arch = "wasm32"))]
type Fut<T> = BoxFuture<'static, T>;
#[cfg(target_arch = "wasm32")]
type Fut<T> = futures::future::LocalBoxFuture<'static, T>;

type SharedRead = Shared<Fut<Result<Arc<Resolved>, Error>>>;

/// The reads a wave started, as the in-flight map holds them: removed from it when the wave
/// ends, and also when it is dropped unfinished (an aborted search, a Worker's timeout). Left
/// there, a read nobody drives any more would be joined by every later query of its pages; in
/// a Worker, a read started by an earlier request cannot even finish in another one, so those
/// pages failed until the isolate died.
struct InFlightEntries<'a> {
    in_flight: &'a Mutex<HashMap<PageKey, SharedRead>>,
    entries: Vec<(PageKey, SharedRead)>,
}

impl Drop for InFlightEntries<'_> {
    fn drop(&mut self) {
        let mut in_flight = self
            .in_flight
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        for (key, read) in self.entries.drain(..) {
            // Only this wave's own read: a later wave may have started another for the page.
            if in_flight
                .get(&key)
                .is_some_and(|current| current.ptr_eq(&read))
            {
                in_flight.remove(&key);
            }
        }
    }
}

/// The paging facts of one split: how its data is cut into pages and where they lie.
/// Plain data (no source), so tantivy's side may share it across threads even in wasm.
#[derive(Debug)]
pub struct SplitPages {
    /// Content id (cache key).
    pub id: Arc<str>,
    /// Length of the split file; every read must report this length.
    pub file_len: u64,
    /// Length of the data (pages cover `0..data_len` of it, checksums left out).
    pub data_len: u64,
    /// Size of a page in the file, its checksum included.
    pub page_size: u64,
}

impl SplitPages {
    /// The pages of the file `id`, `file_len` bytes long, whose footer is `footer`.
    pub fn for_footer(id: Arc<str>, file_len: u64, footer: &crate::format::Footer) -> SplitPages {
        SplitPages {
            id,
            file_len,
            data_len: footer.data_len,
            page_size: u64::from(footer.page_size),
        }
    }

    /// The data range `range` from `pages`, the data of the pages [`Self::pages_of`] gives
    /// for it, in order.
    pub fn join(&self, pages: &[OwnedBytes], range: &Range<u64>) -> OwnedBytes {
        let covered = self.pages_of(range);
        let first_page_start = self.page_range(covered.start).start;
        let from = (range.start - first_page_start) as usize;
        let to = (range.end - first_page_start) as usize;
        if let [page] = pages {
            return page.slice(from..to);
        }
        let mut joined = Vec::with_capacity(to);
        for page in pages {
            joined.extend_from_slice(page.as_slice());
        }
        joined.truncate(to);
        joined.drain(..from);
        OwnedBytes::new(joined)
    }

    /// Data bytes a page holds.
    fn payload(&self) -> u64 {
        page_payload(self.page_size)
    }

    /// Data range of page `page`.
    pub fn page_range(&self, page: u64) -> Range<u64> {
        page * self.payload()..((page + 1) * self.payload()).min(self.data_len)
    }

    /// File range of page `page`: its data, then its checksum.
    pub fn page_in_file(&self, page: u64) -> Range<u64> {
        let data = self.page_range(page);
        let start = page * self.page_size;
        start..start + (data.end - data.start) + PAGE_CHECKSUM_LEN
    }

    /// Pages covering the data range `range` (clamped to the data).
    pub fn pages_of(&self, range: &Range<u64>) -> Range<u64> {
        let end = range.end.min(self.data_len);
        if range.start >= end {
            return 0..0;
        }
        range.start / self.payload()..end.div_ceil(self.payload())
    }

    /// The data offset of a file offset within the data region (a checksum maps to the end of
    /// its page's data), to name what a request read.
    pub fn data_offset(&self, file_offset: u64) -> u64 {
        let page = file_offset / self.page_size;
        let within = (file_offset % self.page_size).min(self.payload());
        (page * self.payload() + within).min(self.data_len)
    }

    /// The data of page `page` from its bytes in the file, once they match their checksum.
    fn unframe(&self, page: u64, framed: Bytes, name: &str) -> Result<Bytes> {
        let in_file = self.page_in_file(page);
        let data_len = framed.len().saturating_sub(PAGE_CHECKSUM_LEN as usize);
        let matches = framed.len() as u64 == in_file.end - in_file.start
            && framed[data_len..]
                == crate::format::page_checksum(&framed[..data_len]).to_le_bytes();
        if !matches {
            return Err(ErrorKind::Corrupt
                .with_message(format!(
                    "page {page} (bytes {}..{}) does not match its checksum: \
                     the split is corrupt or was changed after it was built",
                    in_file.start, in_file.end
                ))
                .with_context(name.to_string()));
        }
        Ok(framed.slice(..data_len))
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
    max_requests_per_wave: usize,
    max_read_through_bytes: u64,
    metered_requests: bool,
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

impl Resolved {
    /// Adds a verified page to the result and to the memory cache.
    fn keep(&mut self, cache: &PageCache, split: &Arc<str>, page: u64, bytes: &[u8]) {
        let key = PageKey {
            split: split.clone(),
            page,
        };
        let bytes = OwnedBytes::new(bytes.to_vec());
        cache.insert(key.clone(), bytes.clone());
        self.pages.push((key, bytes));
    }
}

impl Fetcher {
    /// A fetcher filling `cache`, with `persistent` as the tier below it (if any).
    pub fn new(cache: Arc<PageCache>, persistent: Option<Arc<dyn PersistentCache>>) -> Fetcher {
        Fetcher {
            cache,
            persistent,
            max_requests_per_wave: DEFAULT_MAX_REQUESTS_PER_WAVE,
            max_read_through_bytes: DEFAULT_MAX_READ_THROUGH_BYTES,
            metered_requests: false,
            in_flight: Mutex::new(HashMap::new()),
        }
    }

    /// Sets how many requests a wave aims at (0: no aim, only adjacent pages are joined).
    pub fn with_max_requests_per_wave(mut self, max: usize) -> Fetcher {
        self.max_requests_per_wave = max;
        self
    }

    /// Sets the widest gap between wanted pages that a read may span to save a request.
    pub fn with_max_read_through_bytes(mut self, max: u64) -> Fetcher {
        self.max_read_through_bytes = max;
        self
    }

    /// Whether every request is metered (a Worker's subrequests), so that reading through a gap
    /// within the limit saves something even when the wave stays above its budget.
    pub fn with_metered_requests(mut self, metered: bool) -> Fetcher {
        self.metered_requests = metered;
        self
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
    /// split that takes what it can from the persistent tier and sends the rest as a few
    /// requests (see [`plan_runs`]), all concurrently. Counts one wave if it waited on the
    /// network at all.
    pub async fn fetch_wave(
        &self,
        requests: Vec<PageRequest>,
        pages: &mut HashMap<PageKey, OwnedBytes>,
        stats: &QueryStats,
    ) -> Result<()> {
        let mut reads: Vec<SharedRead> = Vec::new();
        // Leaves the in-flight map when this wave ends, however it ends.
        let mut started = InFlightEntries {
            in_flight: &self.in_flight,
            entries: Vec::new(),
        };
        {
            let mut in_flight = self.in_flight.lock().expect("in-flight lock");
            let mut wanted = Vec::new();
            for request in requests {
                let split = &request.split;
                let mut missing = Vec::new();
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
                            // Joined once per page it holds: waiting on it twice is harmless.
                            reads.push(read.clone());
                        } else {
                            missing.push(page);
                        }
                    }
                }
                if !missing.is_empty() {
                    // Ranges may overlap.
                    let missing = crate::sorted_unique(missing);
                    wanted.push((request.split, request.source, missing));
                }
            }
            // The wave's request budget is shared by the splits that need the network.
            let budget = match self.max_requests_per_wave {
                0 => usize::MAX,
                max => (max / wanted.len().max(1)).max(1),
            };
            for (split, source, missing) in wanted {
                let read = self.read_pages(
                    split.clone(),
                    source,
                    missing.clone(),
                    budget,
                    stats.clone(),
                );
                for page in missing {
                    let key = PageKey {
                        split: split.id.clone(),
                        page,
                    };
                    in_flight.insert(key.clone(), read.clone());
                    started.entries.push((key, read.clone()));
                }
                reads.push(read);
            }
        }
        if reads.is_empty() {
            return Ok(());
        }
        let results: Vec<Result<Arc<Resolved>>> = futures::future::join_all(reads).await;
        drop(started);
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

    /// A shared read of some pages of one split (`wanted`: sorted, each once): the persistent
    /// tier first, then one request per run of adjacent pages it lacks, counted in the stats of the query that started it
    /// (a query that joins it waits without counting it again).
    fn read_pages(
        &self,
        split: Arc<SplitPages>,
        source: Arc<dyn RangeSource>,
        wanted: Vec<u64>,
        budget: usize,
        stats: QueryStats,
    ) -> SharedRead {
        let cache = self.cache.clone();
        let persistent = self.persistent.clone();
        let max_read_through = self.max_read_through_bytes;
        let metered = self.metered_requests;
        let future = async move {
            let mut resolved = Resolved {
                pages: Vec::with_capacity(wanted.len()),
                networked: false,
            };
            let mut missing = wanted;
            if let Some(tier) = &persistent {
                let stored = tier.get_pages(&split.id, &missing).await;
                let mut still_missing = Vec::new();
                for (&page, framed) in missing.iter().zip(stored) {
                    // A stored page that fails its checksum is a miss, fetched again.
                    match framed.map(|framed| split.unframe(page, framed, source.name())) {
                        Some(Ok(bytes)) => {
                            resolved.keep(&cache, &split.id, page, &bytes);
                            stats.add_cache_hits(1);
                        }
                        _ => still_missing.push(page),
                    }
                }
                missing = still_missing;
            }
            if missing.is_empty() {
                return Ok(Arc::new(resolved));
            }
            resolved.networked = true;
            let runs = plan_runs(
                &missing,
                budget,
                max_read_through / split.page_size,
                metered,
            );
            let fetched: Vec<Result<Vec<(u64, Bytes, Bytes)>>> = stream::iter(runs)
                // Where requests are metered, reads span gaps of up to megabytes to save one:
                // checksumming and caching those gap pages would cost more CPU than the rest
                // of the query, so only the pages asked for are kept.
                .map(|run| {
                    read_run(
                        &split,
                        &*source,
                        run,
                        metered.then_some(missing.as_slice()),
                        &stats,
                    )
                })
                .buffer_unordered(MAX_CONCURRENT_REQUESTS)
                .collect()
                .await;
            let mut to_store = Vec::new();
            for run in fetched {
                for (page, framed, bytes) in run? {
                    resolved.keep(&cache, &split.id, page, &bytes);
                    // Stored with its checksum, to be verified again when read back.
                    to_store.push((page, framed));
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

/// One request for a run of adjacent pages, verified page by page: each page's bytes in the
/// file and its data. With `only`, just those of its pages are verified and kept.
async fn read_run(
    split: &SplitPages,
    source: &dyn RangeSource,
    run: Range<u64>,
    only: Option<&[u64]>,
    stats: &QueryStats,
) -> Result<Vec<(u64, Bytes, Bytes)>> {
    let start = split.page_in_file(run.start).start;
    let end = split.page_in_file(run.end - 1).end;
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
        if only.is_some_and(|only| only.binary_search(&page).is_err()) {
            continue;
        }
        let range = split.page_in_file(page);
        let framed = read
            .bytes
            .slice((range.start - start) as usize..(range.end - start) as usize);
        let bytes = split.unframe(page, framed.clone(), source.name())?;
        pages.push((page, framed, bytes));
    }
    Ok(pages)
}

/// The requests for `pages`: runs of consecutive pages, joined across gaps of at most
/// [`ALWAYS_READ_THROUGH_PAGES`]; then, if that leaves more than `budget` runs, joined across
/// the smallest gaps until within it, reading through no gap of more than `max_gap` pages.
/// When the budget cannot be met so, nothing more is joined (joining fewer would cost bytes
/// and save no round trip), unless `partial`: where every request is metered (a Worker's
/// subrequests), each gap of `max_gap` pages or fewer is worth reading through anyway.
/// Pages read through a gap are verified and cached like the others (when metered, dropped:
/// see `read_pages`).
fn plan_runs(pages: &[u64], budget: usize, max_gap: u64, partial: bool) -> Vec<Range<u64>> {
    let mut runs: Vec<Range<u64>> = Vec::new();
    for &page in pages {
        match runs.last_mut() {
            Some(run) if page - run.end <= ALWAYS_READ_THROUGH_PAGES => run.end = page + 1,
            _ => runs.push(page..page + 1),
        }
    }
    let budget = budget.max(1);
    if runs.len() <= budget {
        return runs;
    }
    let mut gaps: Vec<u64> = runs.windows(2).map(|w| w[1].start - w[0].end).collect();
    gaps.sort_unstable();
    // Joining the `len - budget` smallest gaps; the largest of them decides.
    let mut to_join = runs.len() - budget;
    if gaps[to_join - 1] > max_gap {
        if !partial {
            return runs;
        }
        to_join = gaps.iter().take_while(|&&gap| gap <= max_gap).count();
        if to_join == 0 {
            return runs;
        }
    }
    let widest = gaps[to_join - 1];
    let mut joined: Vec<Range<u64>> = Vec::with_capacity(runs.len() - to_join);
    let mut still_to_join = to_join;
    for run in runs {
        match joined.last_mut() {
            // Ties at the widest gap: join only as many as needed.
            Some(last) if still_to_join > 0 && run.start - last.end <= widest => {
                last.end = run.end;
                still_to_join -= 1;
            }
            _ => joined.push(run),
        }
    }
    joined
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(pages: &[u64]) -> Vec<u64> {
        pages.to_vec()
    }

    #[test]
    fn runs_join_adjacent_pages_and_small_gaps() {
        assert_eq!(
            plan_runs(&set(&[1, 2, 3, 7, 9, 10]), 10, 64, false),
            vec![1..4, 7..11]
        );
        assert_eq!(plan_runs(&set(&[0, 3]), 10, 64, false), vec![0..4]);
        assert_eq!(plan_runs(&set(&[0, 4]), 10, 64, false), vec![0..1, 4..5]);
    }

    #[test]
    fn runs_fit_the_budget_by_joining_the_smallest_gaps() {
        let pages = set(&[0, 10, 14, 40, 100]);
        assert_eq!(
            plan_runs(&pages, 3, 64, false),
            vec![0..15, 40..41, 100..101]
        );
        assert_eq!(plan_runs(&pages, 2, 64, false), vec![0..41, 100..101]);
        // When the budget cannot be met within the gap limit, nothing is joined.
        assert_eq!(
            plan_runs(&pages, 1, 30, false),
            vec![0..1, 10..11, 14..15, 40..41, 100..101]
        );
    }

    #[test]
    fn metered_requests_join_every_gap_within_the_limit() {
        let pages = set(&[0, 10, 14, 40, 100]);
        // The budget of 1 is out of reach within gaps of 30 pages; the gaps of 9, 3 and 25
        // pages are read through all the same, the gap of 59 is not.
        assert_eq!(plan_runs(&pages, 1, 30, true), vec![0..41, 100..101]);
        assert_eq!(
            plan_runs(&pages, 1, 5, true),
            vec![0..1, 10..15, 40..41, 100..101]
        );
        assert_eq!(
            plan_runs(&pages, 1, 2, true),
            vec![0..1, 10..11, 14..15, 40..41, 100..101]
        );
        // Within reach, it plans exactly as without metering.
        assert_eq!(
            plan_runs(&pages, 3, 64, true),
            plan_runs(&pages, 3, 64, false)
        );
    }
}
