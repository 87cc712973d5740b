//! What a search answers: the JSON contract shared by the CLI, the browser and the Worker,
//! without tantivy.

use serde::Serialize;

/// What a search returns.
#[derive(Clone, Debug, Serialize)]
pub struct SearchResponse {
    /// Documents matching the query, over all splits (at least this many when
    /// `count_is_lower_bound`).
    pub count: u64,
    /// The request let the count stop early (`count_all: false`) and it did: splits that
    /// could not change the page were not searched.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub count_is_lower_bound: bool,
    /// The requested page of hits, best first.
    pub hits: Vec<Hit>,
    /// Aggregation results by name (Elasticsearch's shape), when the request had `aggs`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aggregations: Option<serde_json::Value>,
    /// Words of the query no split holds, and the words one edit away searched instead (typo
    /// tolerance); absent when none were.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub replaced: Vec<Replaced>,
    /// How the query's `key:value` parts whose key is one of a site's filter keys were read,
    /// by key: `"filter"` (as `filter.KEY:value`) where no searched field has the name, else
    /// `"field"`; absent when none were typed. (An object of the JSON values the writer
    /// already writes: the site engine's bytes.)
    #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
    pub read_as: serde_json::Map<String, serde_json::Value>,
    /// What the query cost. Stays the last member and numbers only: the Worker appends
    /// `subrequests` to it in the JSON text rather than parsing the answer again.
    pub stats: SearchStats,
    /// Every request the query sent (for `--explain`; not part of the JSON contract).
    #[serde(skip)]
    pub requests: Vec<crate::io::RequestRecord>,
}

/// A word of the query replaced by the words one edit away from it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Replaced {
    /// The word as the index analyses it (lowercased, folded).
    pub word: String,
    /// The index's words searched instead, the most frequent first.
    pub with: Vec<String>,
}

/// One result.
#[derive(Clone, Debug, Serialize)]
pub struct Hit {
    /// Value of the mapping's `id_field`.
    pub id: String,
    /// BM25 score (0 when hits are ordered by a field).
    pub score: f32,
    /// The hit's value of the sort field, when the request had `sort`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sort: Option<serde_json::Value>,
    /// Stored fields.
    pub doc: serde_json::Map<String, serde_json::Value>,
    /// HTML fragment of the snippet field with matches in `<mark>`; absent when not asked for
    /// or when the document has no snippet text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub snippet: Option<String>,
    /// Which value of a multi-valued snippet field the snippet's first match is in; absent
    /// when the document holds one value. A site index keeps one value per page section, so
    /// a hit links to `doc.anchors[snippet_value]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub snippet_value: Option<usize>,
    /// Which of the indexes searched together the hit comes from (their position in the list
    /// given); absent when one index is searched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// The word (or phrase) of the query this hit lacks, as typed: fewer than 10 hits held
    /// every word, so hits missing one follow them. Absent when the hit holds every word.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missing: Option<String>,
}

/// Exact costs of one query, counted by the I/O layer.
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq)]
pub struct SearchStats {
    /// Range requests sent.
    pub requests: u64,
    /// Bytes received.
    pub bytes: u64,
    /// Sequential rounds of requests.
    pub waves: u64,
    /// Splits in the index.
    pub splits_total: u64,
    /// Splits this query opened or used.
    pub splits_opened: u64,
    /// Pages (and split open regions) read from the persistent tier, IndexedDB in browsers
    /// or the edge cache in the Worker, instead of the network.
    pub cache_hits: u64,
    /// Wall time of the query.
    pub elapsed_ms: f64,
}
