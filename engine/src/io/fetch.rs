//! One wave of page fetches: merge, share, verify, cache, count.

use rustc_hash::FxHashMap as HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
#[cfg(not(target_arch = "wasm32"))]
use futures::future::BoxFuture;
use futures::future::{FutureExt, Shared};
use ownedbytes::OwnedBytes;

use super::cache::{PageCache, PageKey};
use super::paged_file::PagedFile;
use super::persistent::PersistentCache;
use super::read_plan::plan_runs;
use super::source::{read_ranges_if, RangeRead, RangeSource};
use super::stats::QueryStats;
use crate::error::{Error, ErrorKind, Result};

/// The pages a wave fetched, by key (hashed with the engine's one hasher, FxHash).
pub type FetchedPages = HashMap<PageKey, OwnedBytes>;

/// Requests one wave should send at most, by default: a browser talks HTTP/1.1 to a host over
/// 6 connections, and a 7th request waits a whole round trip for one of them. Reading through
/// a gap costs bytes; a round trip at 100 ms and 10 Mbit/s is worth 125 KB.
pub const DEFAULT_MAX_REQUESTS_PER_WAVE: usize = 6;
/// A wave reads through at most this many bytes of gaps between the pages it wants of one
/// file, to keep to its request budget: about half a round trip's worth at 10 Mbit/s (where
/// requests are metered, such as a Worker's subrequests, the limit is on each gap, and the
/// host may allow more).
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

/// The missing byte ranges of one file, to fetch in a wave.
#[derive(Debug)]
pub struct PageRequest {
    /// The file.
    pub file: Arc<PagedFile>,
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
    fn keep(&mut self, cache: &PageCache, file: &Arc<str>, page: u64, bytes: &[u8]) {
        let key = PageKey {
            file: file.clone(),
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
            in_flight: Mutex::new(HashMap::default()),
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
    /// file that takes what it can from the persistent tier and sends the rest as a few
    /// requests (see `read_plan`), all concurrently. Counts one wave if it waited on the
    /// network at all.
    pub async fn fetch_wave(
        &self,
        requests: Vec<PageRequest>,
        pages: &mut FetchedPages,
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
                let file = &request.file;
                let mut missing = Vec::new();
                for range in &request.ranges {
                    for page in file.pages_of(range) {
                        let key = PageKey {
                            file: file.id.clone(),
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
                    wanted.push((request.file, request.source, missing));
                }
            }
            // The wave's request budget is shared by the splits that need the network.
            let budget = match self.max_requests_per_wave {
                0 => usize::MAX,
                max => (max / wanted.len().max(1)).max(1),
            };
            for (file, source, missing) in wanted {
                let read =
                    self.read_pages(file.clone(), source, missing.clone(), budget, stats.clone());
                for page in missing {
                    let key = PageKey {
                        file: file.id.clone(),
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
        let results: Vec<Result<Arc<Resolved>>> = crate::each_at_once(reads).await;
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

    /// A shared read of some pages of one file (`wanted`: sorted, each once): the persistent
    /// tier first, then one request per run of adjacent pages it lacks, counted in the stats of the query that started it
    /// (a query that joins it waits without counting it again).
    fn read_pages(
        &self,
        file: Arc<PagedFile>,
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
                let stored = tier.get_pages(&file.id, &missing).await;
                let mut still_missing = Vec::new();
                for (&page, framed) in missing.iter().zip(stored) {
                    // A stored page that fails its checksum is a miss, fetched again.
                    match framed.map(|framed| file.unframe(page, framed, source.name())) {
                        Some(Ok(bytes)) => {
                            resolved.keep(&cache, &file.id, page, &bytes);
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
            // A wave's runs that one request asks for together cost a request whatever
            // lies between them: reading through a gap would only cost its bytes. Past the
            // budget they are asked for so; where the host refuses, planned again within it.
            let gap = max_read_through / file.page_size;
            let mut within = budget.max(source.ranges_per_request());
            let (runs, reads) = loop {
                let runs = plan_runs(&missing, within, gap, metered);
                let ranges = file.runs_in_file(&runs);
                // Past the budget only as one request. Planned within it, runs may still be
                // more (`plan_runs` reads through no more than its gap): read one by one.
                let together_only = within > budget && runs.len() > budget;
                match read_ranges_if(&*source, ranges, together_only, &stats).await? {
                    Some(reads) => break (runs, reads),
                    None => within = budget,
                }
            };
            // Where requests are metered, reads span gaps of up to megabytes to save one:
            // checksumming and caching those gap pages would cost more CPU than the rest of
            // the query, so only the pages asked for are kept.
            let mut to_store = Vec::new();
            for (run, read) in runs.into_iter().zip(reads) {
                let asked = metered.then_some(missing.as_slice());
                for (page, framed, bytes) in check_run(&file, &*source, run, read, asked)? {
                    resolved.keep(&cache, &file.id, page, &bytes);
                    // Stored with its checksum, to be verified again when read back.
                    to_store.push((page, framed));
                }
            }
            if let Some(tier) = &persistent {
                tier.put_pages(&file.id, to_store);
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

/// The read of a run of adjacent pages, verified page by page: each page's bytes in the file
/// and its data. With `only`, just those of its pages are verified and kept.
fn check_run(
    file: &PagedFile,
    source: &dyn RangeSource,
    run: Range<u64>,
    read: RangeRead,
    only: Option<&[u64]>,
) -> Result<Vec<(u64, Bytes, Bytes)>> {
    let start = read.start;
    if read.file_len != file.file_len {
        return Err(ErrorKind::Corrupt
            .with_message(format!(
                "the file is now {} bytes, but {} bytes were expected: it was truncated or replaced",
                read.file_len, file.file_len
            ))
            .with_context(source.name().to_string()));
    }
    let mut pages = Vec::with_capacity((run.end - run.start) as usize);
    for page in run {
        if only.is_some_and(|only| only.binary_search(&page).is_err()) {
            continue;
        }
        let range = file.page_in_file(page);
        let framed = read
            .bytes
            .slice((range.start - start) as usize..(range.end - start) as usize);
        let bytes = file.unframe(page, framed.clone(), source.name())?;
        pages.push((page, framed, bytes));
    }
    Ok(pages)
}
