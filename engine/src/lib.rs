//! rangefind engine: full-text search over immutable splits read with byte-range requests.
//!
//! The builder writes splits ([`formats::split`]) and a [`formats::manifest`]; readers open an index from any
//! [`io::IndexStore`] (a directory, an HTTP prefix, memory), and each query runs as
//! *async warm-up, then synchronous tantivy search*: the engine works out which byte ranges a
//! query needs, fetches them in as few concurrent waves as possible, verifies and caches them
//! by page, then lets tantivy search bytes already in memory.
//!
//! ```no_run
//! # async fn demo() -> rangefind_engine::error::Result<()> {
//! use std::sync::Arc;
//! use rangefind_engine::io::DirStore;
//! use rangefind_engine::splits::{IndexOptions, SearchIndex, SearchRequest};
//!
//! let index = SearchIndex::open(Arc::new(DirStore::new("out/mdn")), IndexOptions::default()).await?;
//! let response = index.search(&SearchRequest::new("array map", 10)).await?;
//! println!("{} hits in {} waves", response.count, response.stats.waves);
//! # Ok(()) }
//! ```
#![warn(missing_docs)]

mod at_once;
pub use at_once::{all_at_once, at_most_at_once, each_at_once};

pub mod analysis;
pub mod api;
pub mod error;
pub mod formats;
#[cfg(any(test, feature = "fuzzing"))]
pub mod fuzzing;
pub mod io;
pub mod json_fields;
#[cfg(feature = "splits")]
pub mod mapping;
#[cfg(feature = "splits")]
pub mod pruning;
pub mod query_syntax;
pub mod query_text;
pub mod site;
pub mod snippets;
#[cfg(feature = "splits")]
pub mod splits;
pub mod typos;

#[cfg(feature = "splits")]
pub use tantivy;

/// `items` sorted, each once: the small sets a query works with (words, chunks, pages, lexicon
/// blocks) are kept in lists, as a B-tree set per element type cost the site engine more code
/// than a sort.
pub(crate) fn sorted_unique<T: Ord>(mut items: Vec<T>) -> Vec<T> {
    items.sort_unstable();
    items.dedup();
    items
}

/// A future of the site engine's steps, one per index searched (not `Send`: in wasm they hold
/// JS objects).
pub type StepFuture<'a, T> =
    std::pin::Pin<Box<dyn std::future::Future<Output = error::Result<T>> + 'a>>;

/// The settings of the bounded fuzzing in unit tests (proptest): a fixed number of cases a
/// run, and no regression files written into the tree.
#[cfg(test)]
pub(crate) fn fuzz_config() -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases: 20_000,
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    }
}
