//! Site indexes: the index of a static site (`rangefind build --site`) in one file per
//! language, searched without tantivy so the widget's engine stays small.
//!
//! The file has the split layout ([`crate::formats::split`]): checksummed pages, then an open region.
//! Its regions ([`crate::formats::site_file::layout`]) are a head that opening reads (chunk index, record lengths, the
//! records' dictionary), word chunks with postings inline (of a long word, its best:
//! the rest are its tail, apart), positions for phrases, and one compressed record per page. A
//! query reads the chunks of its words in one wave, the positions of phrase words in a second
//! only when it has a phrase, the tails of long words in another only when their best do not
//! settle its first hits, and its hits' records in the last: two waves for most queries. A word the index lacks is looked up in the site's
//! lexicon ([`crate::typos`], a file beside it) and searched as its replacements: a wave of
//! lexicon blocks, and one of their chunks when elsewhere. Why a second format:
//! docs/design-notes.md, "Why the site file exists".

pub mod bm25;
mod evaluate;
mod index;
mod joint_cost;
mod matches;
mod queries;
pub mod query;
mod scored;
mod search;
mod stopwatch;
mod title_match;
mod typo_step;

pub use crate::query_text::MAX_PREFIX_EXPANSIONS;
pub use evaluate::word_scores;
pub use index::{SiteIndex, MAX_PREFIX_CHUNKS};
pub use joint_cost::opened_together;
pub use search::search_together;
