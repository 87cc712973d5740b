//! The split engine: searching an index of splits (data sets, analytics, the Worker) with
//! tantivy. Same shape as [`crate::site`]: `index` opens (the manifest, split filters, the
//! lexicon; each split on first use, [`split`]), `query` parses a request's text into a
//! tantivy query, `search` runs it (warm up, search synchronously, merge across splits,
//! fetch the shown documents) and `snippets` cuts the hits' snippets.

mod analytics;
mod catalog;
mod changed_splits;
#[cfg(feature = "aggregations")]
mod day_histograms;
#[cfg(feature = "aggregations")]
mod filter_queries;
mod hits;
mod index;
mod index_order;
mod index_order_stages;
mod prefix_query;
mod probes;
mod query;
mod replace_words;
mod request_filters;
mod results;
mod search;
mod search_steps;
mod snippets;
pub mod split;
mod stats_provider;
mod time_range;
mod typo_words;

pub use crate::api::{
    parse_timestamp, Filters, Hit, Replaced, SearchRequest, SearchResponse, SearchStats, SortBy,
};
pub use crate::api::{MAX_LIMIT, MAX_WINDOW};
pub use crate::io::DEFAULT_CACHE_BYTES;
pub use crate::query_text::MAX_PREFIX_EXPANSIONS;
pub use crate::query_text::{MAX_QUERY_BYTES, MAX_QUERY_DEPTH};
pub use index::{IndexOptions, SearchIndex};
pub use prefix_query::PrefixTerm;
pub use query::{ParsedQuery, QueryBuilder, QueryWord, Replacements};
