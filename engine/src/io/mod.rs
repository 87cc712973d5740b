//! Range I/O over paged files (splits, site files, lexicons): where their bytes come from and
//! how their pages are fetched, verified and cached.
//!
//! A read travels: tantivy (sync) → split directory → query scope / page cache; on a miss the
//! warm-up loop fetches the missing pages in one wave through the [`Fetcher`], which merges
//! adjacent pages into one request, shares in-flight reads, verifies every page's checksum
//! and counts requests, bytes and waves. Below the page cache, an optional
//! [`PersistentCache`] (IndexedDB, the edge cache) is asked before the network.

pub mod byteranges;
mod cache;
mod fetch;
#[cfg(feature = "native")]
mod file;
#[cfg(feature = "http")]
mod http;
mod memory;
mod open_region;
mod paged_file;
mod persistent;
pub mod range_http;
mod read_plan;
mod source;
mod stats;
mod store;
mod validator;

pub use cache::{PageCache, PageKey, DEFAULT_CACHE_BYTES};
pub use fetch::{
    FetchedPages, Fetcher, PageRequest, DEFAULT_MAX_READ_THROUGH_BYTES,
    DEFAULT_MAX_REQUESTS_PER_WAVE,
};
#[cfg(feature = "native")]
pub use file::{DirStore, FileSource};
#[cfg(feature = "http")]
pub use http::{client as http_client, Deadline, HttpSource, HttpStore};
#[cfg(feature = "http")]
/// The HTTP client type used by [`HttpSource`].
pub type HttpClient = reqwest::Client;
pub use memory::{MemorySource, MemoryStore};
pub use open_region::{open_region, reread_open_region, FileLocation};
pub use paged_file::PagedFile;
pub use persistent::PersistentCache;
pub use source::{read_ranges, ByteRange, MaybeSendSync, RangeRead, RangeSource, ReadTogether};
pub use stats::{IoCounts, QueryStats, RequestRecord};
pub use store::{too_large_to_read_whole, IndexStore, WHOLE_FILE_LIMIT};

#[cfg(test)]
mod tests;
