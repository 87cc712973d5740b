//! The persistent cache tier, below the in-memory page cache and above the network: IndexedDB
//! in browsers, the edge cache in Workers. Hosts implement it; the engine only calls it.
//!
//! Index files (splits, site files, lexicons) are immutable and content-addressed, so an
//! entry never goes stale: it is keyed by the file's content id and a page number (or the
//! file's open region). Split filter files, content-addressed too, are kept as "open regions"
//! under their own content id. A tier may drop anything at any time and must never fail a search: its errors are misses, reported by the
//! host (once) rather than returned here. What comes back is verified like network bytes.

use bytes::Bytes;

use super::source::MaybeSendSync;

/// A store of file pages and open regions that outlives the process or page.
#[cfg_attr(not(target_arch = "wasm32"), async_trait::async_trait)]
#[cfg_attr(target_arch = "wasm32", async_trait::async_trait(?Send))]
pub trait PersistentCache: MaybeSendSync {
    /// The stored pages of `file` (each as in the file, its checksum at the end), in the
    /// order asked (`None` for each one not stored).
    async fn get_pages(&self, file: &str, pages: &[u64]) -> Vec<Option<Bytes>>;

    /// Stores verified pages, each as in the file. Must not block the query: hosts queue the
    /// write.
    fn put_pages(&self, file: &str, pages: Vec<(u64, Bytes)>);

    /// The stored open region of `file` (hotcache, footer and trailer).
    async fn get_open_region(&self, file: &str) -> Option<Bytes>;

    /// Stores the open region of a file that opened correctly.
    fn put_open_region(&self, file: &str, bytes: Bytes);

    /// Drops everything of splits not in `live` (they left the manifest).
    fn retain_splits(&self, live: &[&str]);
}

/// Not a supertrait, for the same reason as [`RangeSource`](super::RangeSource)'s `Debug`.
impl std::fmt::Debug for dyn PersistentCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PersistentCache")
    }
}
