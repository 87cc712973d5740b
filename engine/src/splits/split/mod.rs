//! Opening a split and serving tantivy's reads from verified bytes already in memory.
//!
//! Layers, outermost first: tantivy `Searcher` → [`SplitDirectory`] (file table → split
//! offsets) → hotcache (from the open read) → the running query's [`QueryScope`] → the shared
//! page cache → a recorded miss (`NotWarmed`), which the warm-up loop fetches in its next wave.
//! A synchronous read never touches the network.

mod dictionaries;
mod directory;
mod open;
mod scope;

pub use crate::io::FileLocation;
pub use dictionaries::SplitDictionaries;
pub use directory::{SplitData, SplitDirectory};
pub use open::{open_split, OpenedSplit};
pub use scope::QueryScope;
