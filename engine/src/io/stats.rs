//! Exact cost counters of one query, filled by the I/O layer.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde::Serialize;

/// Requests, bytes and waves one query caused. Counted where requests are sent, never
/// estimated. Cloning shares the counters.
#[derive(Clone, Debug, Default)]
pub struct QueryStats {
    counters: Arc<Counters>,
}

#[derive(Debug, Default)]
struct Counters {
    requests: AtomicU64,
    bytes: AtomicU64,
    waves: AtomicU64,
    cache_hits: AtomicU64,
    log: Mutex<Vec<RequestRecord>>,
}

/// Whether each request is logged: natively, for the CLI's `--explain` and the tests. The
/// engines in wasm (browsers, the Worker) never hand the log to their host, so they keep
/// none: code the site engine's visitors would download for nothing.
const KEEPS_LOG: bool = cfg!(not(target_family = "wasm"));

/// One request a query sent: which file, which bytes, in which wave (1-based).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct RequestRecord {
    /// Path or URL.
    pub file: String,
    /// Byte range.
    pub range: Range<u64>,
    /// The wave it belonged to.
    pub wave: u64,
}

/// A snapshot of [`QueryStats`].
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq, Eq)]
pub struct IoCounts {
    /// Range requests sent.
    pub requests: u64,
    /// Bytes received.
    pub bytes: u64,
    /// Sequential rounds of requests.
    pub waves: u64,
    /// Pages and open regions read from the persistent tier instead of the network.
    pub cache_hits: u64,
}

impl QueryStats {
    /// Fresh counters.
    pub fn new() -> QueryStats {
        QueryStats::default()
    }
    pub(crate) fn add_request(&self, file: &str, range: Range<u64>) {
        let len = range.end - range.start;
        self.add_request_together(file, vec![range], len);
    }

    /// One request for `ranges` of `file` (several where the host answers them together) whose
    /// answer's body was `body_len` bytes; the log keeps each range read.
    pub(crate) fn add_request_together(&self, file: &str, ranges: Vec<Range<u64>>, body_len: u64) {
        self.counters.requests.fetch_add(1, Ordering::Relaxed);
        self.counters.bytes.fetch_add(body_len, Ordering::Relaxed);
        if !KEEPS_LOG {
            return;
        }
        let wave = self.counters.waves.load(Ordering::Relaxed) + 1;
        let mut log = self.counters.log.lock().expect("stats lock");
        log.extend(ranges.into_iter().map(|range| RequestRecord {
            file: file.to_string(),
            range,
            wave,
        }));
    }

    /// Every range read so far, in order (ranges read together share one request); none in
    /// wasm ([`KEEPS_LOG`]).
    pub fn requests(&self) -> Vec<RequestRecord> {
        if !KEEPS_LOG {
            return Vec::new();
        }
        self.counters.log.lock().expect("stats lock").clone()
    }
    /// `n` reads served by the persistent tier (they cost no request).
    pub(crate) fn add_cache_hits(&self, n: u64) {
        self.counters.cache_hits.fetch_add(n, Ordering::Relaxed);
    }
    pub(crate) fn add_wave(&self) {
        self.counters.waves.fetch_add(1, Ordering::Relaxed);
    }
    /// Adds what `concurrent` counted, each on counters of its own, while they ran at the
    /// same time (several indexes' lexicons read at once): their requests and bytes add up,
    /// but their waves overlap, so the query waited the most waves any of them took.
    #[cfg(feature = "splits")]
    pub(crate) fn add_concurrent(&self, concurrent: &[QueryStats]) {
        let waves_before = self.counters.waves.load(Ordering::Relaxed);
        let mut most = 0;
        for other in concurrent {
            let counts = other.counts();
            self.counters
                .requests
                .fetch_add(counts.requests, Ordering::Relaxed);
            self.counters
                .bytes
                .fetch_add(counts.bytes, Ordering::Relaxed);
            self.add_cache_hits(counts.cache_hits);
            let mut log = self.counters.log.lock().expect("stats lock");
            log.extend(other.requests().into_iter().map(|mut record| {
                record.wave += waves_before;
                record
            }));
            most = most.max(counts.waves);
        }
        self.counters.waves.fetch_add(most, Ordering::Relaxed);
    }

    /// Current counts.
    pub fn counts(&self) -> IoCounts {
        IoCounts {
            requests: self.counters.requests.load(Ordering::Relaxed),
            bytes: self.counters.bytes.load(Ordering::Relaxed),
            waves: self.counters.waves.load(Ordering::Relaxed),
            cache_hits: self.counters.cache_hits.load(Ordering::Relaxed),
        }
    }
}
