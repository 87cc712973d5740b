//! What a search asks for: the JSON contract shared by the CLI, the browser and the Worker,
//! without tantivy, so that the site engine takes the same requests as the split engine.

use crate::error::{ErrorKind, Result};

/// A search request. As JSON (the browser and Worker APIs): `{"query", "limit"?, "offset"?,
/// "snippet"?, "filters"?, "fields"?, "start_timestamp"?, "end_timestamp"?, "sort"?, "aggs"?,
/// "count_all"?, "typo_tolerance"?, "fewer_words"?, "typeahead"?}`,
/// where a filter value is one value or a list of alternatives.
///
/// Read from JSON by [`SearchRequest::from_json`] (`super::request_json`).
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// Query text (tantivy syntax; anything else is searched as plain words).
    pub query: String,
    /// Hits to return.
    pub limit: usize,
    /// Hits to skip.
    pub offset: usize,
    /// Whether to cut snippets.
    pub snippet: bool,
    /// Exact values hits must have (keyword, numeric and bool fields).
    pub filters: Filters,
    /// Stored fields each hit's `doc` holds (all stored fields when absent): a result list
    /// rarely shows whole bodies, and they are most of an answer's bytes.
    pub fields: Option<Vec<String>>,
    /// Only hits whose timestamp field is at or after this (seconds since the epoch, or RFC
    /// 3339 text in JSON). Splits whose recorded time range misses `[start, end)` are not
    /// opened.
    pub start_timestamp: Option<i64>,
    /// Only hits whose timestamp field is before this.
    pub end_timestamp: Option<i64>,
    /// Order hits by a fast field instead of by score (`"-created_at"`: newest first).
    pub sort: Option<SortBy>,
    /// Elasticsearch-style aggregations over fast fields (terms, date_histogram, histogram,
    /// range, stats, avg, min, max, sum, cardinality, …), computed over every match.
    pub aggs: Option<serde_json::Value>,
    /// Count every match (default). `false` lets the count be a lower bound
    /// (`count_is_lower_bound` in the answer), so a sort on the timestamp field over splits
    /// written in time order stops at the newest (or oldest) splits that fill the page,
    /// without opening the others.
    pub count_all: bool,
    /// Search the words one edit away from a word no split holds (default), when the index
    /// has a lexicon (`typo_tolerance: true` in its mapping). The answer's `replaced` names
    /// them.
    pub typo_tolerance: bool,
    /// When fewer than 10 hits hold every word of a query of several, the hits missing one
    /// word follow them (default), each naming it (`Hit::missing`). `false`: only hits
    /// holding every word, and a count of those alone.
    pub fewer_words: bool,
    /// The text is still being typed (a search box): its last word is also searched as a
    /// prefix, and the pages only that completion finds are ranked after every page the
    /// text finds as typed, so the first hits are the same as without it. Site indexes only.
    pub typeahead: bool,
}

/// Largest `limit` a search accepts.
pub const MAX_LIMIT: usize = 1000;
/// Largest `offset + limit` a search accepts (deep pages cost every split a large top-k).
pub const MAX_WINDOW: usize = 10_000;
impl SearchRequest {
    /// Checks the bounds both engines keep alike: `limit`, `offset + limit`, and the query's
    /// length and nesting, before anything is parsed or read.
    pub fn check_bounds(&self) -> Result<()> {
        if self.limit > MAX_LIMIT {
            return Err(ErrorKind::InvalidQuery.with_message(format!(
                "limit {} is above the maximum {MAX_LIMIT}",
                self.limit
            )));
        }
        if self.offset.saturating_add(self.limit) > MAX_WINDOW {
            return Err(ErrorKind::InvalidQuery
                .with_message(format!("offset + limit is above the maximum {MAX_WINDOW}")));
        }
        crate::query_text::check_query_text(&self.query)
    }
}

impl Default for SearchRequest {
    fn default() -> Self {
        SearchRequest::new("", 10)
    }
}

impl SearchRequest {
    /// The first `limit` hits of `query`, with snippets.
    pub fn new(query: impl Into<String>, limit: usize) -> SearchRequest {
        SearchRequest {
            query: query.into(),
            limit,
            offset: 0,
            snippet: true,
            filters: Filters::new(),
            fields: None,
            start_timestamp: None,
            end_timestamp: None,
            sort: None,
            aggs: None,
            count_all: true,
            typo_tolerance: true,
            fewer_words: true,
            typeahead: false,
        }
    }
}

/// Field name → accepted values (a hit needs one of the values of every field), each field
/// once, in the request's order. A list, not a map: a request names a few fields, and a B-tree
/// was 1.5 KB of the site engine (BENCHMARKS.md, "Engine size").
pub type Filters = Vec<(String, Vec<serde_json::Value>)>;

/// Adds `value` to the values `field` accepts in `filters`.
pub fn add_filter(filters: &mut Filters, field: &str, value: serde_json::Value) {
    match filters.iter_mut().find(|(name, _)| name == field) {
        Some((_, values)) => values.push(value),
        None => filters.push((field.to_string(), vec![value])),
    }
}

/// Hits ordered by a fast field. As JSON: `"created_at"` (ascending), `"-created_at"`
/// (descending), `"created_at:desc"`, or `{"created_at": "desc"}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SortBy {
    /// A fast field.
    pub field: String,
    /// Largest first?
    pub descending: bool,
}

#[cfg(feature = "splits")]
impl std::str::FromStr for SortBy {
    type Err = crate::error::Error;

    fn from_str(text: &str) -> Result<SortBy> {
        let text = text.trim();
        let (field, descending) = if let Some(field) = text.strip_prefix('-') {
            (field, true)
        } else if let Some((field, order)) = text.rsplit_once(':') {
            (field, parse_order(order)?)
        } else {
            (text.strip_prefix('+').unwrap_or(text), false)
        };
        if field.is_empty() {
            return Err(ErrorKind::InvalidQuery.with_message(format!(
                "sort {text:?}: name a fast field, e.g. \"-created_at\" for newest first"
            )));
        }
        Ok(SortBy {
            field: field.to_string(),
            descending,
        })
    }
}

#[cfg(feature = "splits")]
pub(super) fn parse_order(order: &str) -> Result<bool> {
    match order.to_ascii_lowercase().as_str() {
        "desc" => Ok(true),
        "asc" => Ok(false),
        other => {
            Err(ErrorKind::InvalidQuery
                .with_message(format!("sort order {other:?}: use asc or desc")))
        }
    }
}

/// Seconds since the epoch of `text`: an integer, or RFC 3339 such as `2024-05-01T00:00:00Z`.
#[cfg(feature = "splits")]
pub fn parse_timestamp(text: &str) -> Option<i64> {
    let text = text.trim();
    match text.parse::<i64>() {
        Ok(seconds) => Some(seconds),
        Err(_) => parse_datetime(&serde_json::Value::String(text.to_string())),
    }
}

/// The first and last second an index can store (tantivy keeps nanoseconds in an i64: from
/// 1677-09-21T00:12:44Z to 2262-04-11T23:47:16Z). Past them the stored value wrapped around
/// silently (9999 became 1816).
#[cfg(feature = "splits")]
pub const STORED_SECONDS: std::ops::RangeInclusive<i64> =
    (i64::MIN / 1_000_000_000)..=(i64::MAX / 1_000_000_000);

/// RFC 3339 text, or integer seconds since the epoch.
#[cfg(feature = "splits")]
pub(crate) fn parse_datetime(json: &serde_json::Value) -> Option<i64> {
    match json {
        serde_json::Value::String(text) => {
            let parsed = time::OffsetDateTime::parse(
                text.trim(),
                &time::format_description::well_known::Rfc3339,
            )
            .ok()?;
            Some(parsed.unix_timestamp())
        }
        serde_json::Value::Number(n) => n.as_i64(),
        _ => None,
    }
}
