//! The in-memory page cache: verified pages of splits, least recently used out first, under a
//! hard byte bound.
//!
//! Pages a running query needs are also held by that query's scope (see `splits::split::scope`), so a
//! small cache can never evict a page between the warm-up that fetched it and the synchronous
//! search that reads it; the bound applies to what outlives queries.

use std::sync::{Arc, Mutex};

use lru::LruCache;
use ownedbytes::OwnedBytes;
use rustc_hash::FxBuildHasher;

/// Default bound of a page cache, in bytes.
pub const DEFAULT_CACHE_BYTES: usize = 64 << 20;

/// A page of a file: the file's content id and the page number.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
pub struct PageKey {
    /// Split content id.
    pub file: Arc<str>,
    /// Page number (offset / page size).
    pub page: u64,
}

struct State {
    // The engine's one hasher (keys are the index's own, not an attacker's): lru's default
    // brought a second one into the site engine's wasm.
    lru: LruCache<PageKey, OwnedBytes, FxBuildHasher>,
    bytes: usize,
    capacity: usize,
}

/// Verified file pages kept between queries, within `capacity` bytes.
pub struct PageCache {
    state: Mutex<State>,
}

impl std::fmt::Debug for PageCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (pages, bytes) = self.usage();
        write!(f, "PageCache({pages} pages, {bytes} bytes)")
    }
}

impl PageCache {
    /// A cache holding at most `capacity` bytes of pages (0 disables it).
    pub fn new(capacity: usize) -> PageCache {
        PageCache {
            state: Mutex::new(State {
                lru: LruCache::unbounded_with_hasher(FxBuildHasher),
                bytes: 0,
                capacity,
            }),
        }
    }

    /// The page, if cached (and marks it recently used).
    pub fn get(&self, key: &PageKey) -> Option<OwnedBytes> {
        self.state.lock().expect("cache lock").lru.get(key).cloned()
    }

    /// Caches a page, evicting the least recently used pages beyond the bound.
    pub fn insert(&self, key: PageKey, page: OwnedBytes) {
        let mut state = self.state.lock().expect("cache lock");
        if page.len() > state.capacity {
            return;
        }
        state.bytes += page.len();
        if let Some(old) = state.lru.put(key, page) {
            state.bytes -= old.len();
        }
        while state.bytes > state.capacity {
            match state.lru.pop_lru() {
                Some((_, evicted)) => state.bytes -= evicted.len(),
                None => break,
            }
        }
    }

    /// (pages, bytes) held.
    pub fn usage(&self) -> (usize, usize) {
        let state = self.state.lock().expect("cache lock");
        (state.lru.len(), state.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(page: u64) -> PageKey {
        PageKey {
            file: Arc::from("s"),
            page,
        }
    }

    #[test]
    fn honours_the_byte_bound_and_evicts_least_recently_used() {
        let cache = PageCache::new(3000);
        for page in 0..3 {
            cache.insert(key(page), OwnedBytes::new(vec![0u8; 1000]));
        }
        assert!(cache.get(&key(0)).is_some()); // 0 is now the most recent
        cache.insert(key(3), OwnedBytes::new(vec![0u8; 1000]));
        assert_eq!(cache.usage(), (3, 3000));
        assert!(cache.get(&key(1)).is_none());
        assert!(cache.get(&key(0)).is_some());
    }

    #[test]
    fn zero_capacity_keeps_nothing() {
        let cache = PageCache::new(0);
        cache.insert(key(0), OwnedBytes::new(vec![1u8; 10]));
        assert_eq!(cache.usage(), (0, 0));
    }
}
