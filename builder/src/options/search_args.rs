//! `rangefind search`'s options, and the parsers of their values.

use std::path::PathBuf;

use clap::Args;

use super::split_pair;

/// `rangefind search`.
#[derive(Args, Debug)]
pub struct SearchArgs {
    /// Index: a directory, or an http(s) URL of the directory holding manifest.json (a site
    /// index's: of site.json).
    pub index: String,
    /// Query: words, "phrases", field:value, AND/OR/-, prefix*, field:[a TO b]. May be left
    /// out (or "") with --sort, --aggs, --start/--end or --filter: they then work on every
    /// document.
    /// A query starting with `-` (`-draft`: every page without the word) is a query, not an
    /// option.
    #[arg(default_value = "", allow_hyphen_values = true)]
    pub query: String,
    /// Indexes searched as one with INDEX: `rangefind search a/_rangefind b/_rangefind QUERY`
    /// (with three arguments or more, the last is the query; `""` for none), all site indexes
    /// or all split indexes of one doc mapping. One list of hits ranked as one index over all
    /// their pages would rank them, each saying which index it came from (`index` in --json: 0
    /// for the first).
    #[arg(value_name = "INDEX... QUERY")]
    pub more: Vec<String>,
    /// Number of hits.
    #[arg(long, default_value_t = super::DEFAULT_LIMIT)]
    pub limit: usize,
    /// Hits to skip (paging).
    #[arg(long, default_value_t = 0)]
    pub offset: usize,
    /// Print one JSON object: {count, hits, aggregations, stats, index_open} (`index_open`: what
    /// reading the manifest and the split filters cost, once per opened index).
    #[arg(long)]
    pub json: bool,
    /// Leave snippets out.
    #[arg(long)]
    pub no_snippet: bool,
    /// Only hits whose timestamp field is at or after TIME (seconds since 1970, or RFC 3339
    /// such as 2024-05-01T00:00:00Z); splits wholly outside the range are not read.
    #[arg(long, value_name = "TIME", value_parser = timestamp)]
    pub start: Option<i64>,
    /// Only hits whose timestamp field is before TIME.
    #[arg(long, value_name = "TIME", value_parser = timestamp)]
    pub end: Option<i64>,
    /// Stored fields to show of each hit, comma-separated (default: all of them).
    #[arg(long, value_name = "FIELD,...", value_delimiter = ',')]
    pub fields: Option<Vec<String>>,
    /// Keep only hits whose FIELD (keyword, numeric or bool) equals VALUE; repeat for more
    /// (several values of one field: any of them; different fields: all of them).
    #[arg(long = "filter", value_name = "FIELD=VALUE", value_parser = parse_filter)]
    pub filters: Vec<(String, String)>,
    /// Order hits by a fast field instead of by score: FIELD (smallest first), -FIELD or
    /// FIELD:desc (largest first), e.g. --sort=-created_at for newest first.
    #[arg(long, value_name = "FIELD", allow_hyphen_values = true, value_parser = sort_by)]
    pub sort: Option<rangefind_engine::splits::SortBy>,
    /// Aggregations over fast fields, in Elasticsearch's JSON (terms, date_histogram,
    /// histogram, range, stats, avg, min, max, sum, cardinality), or @FILE to read them from
    /// a file. With --limit 0 only the columns they need are read, e.g.
    /// --aggs '{"per_day": {"date_histogram": {"field": "created_at", "fixed_interval": "1d"}}}'
    #[arg(long, value_name = "JSON", value_parser = aggs_arg)]
    pub aggs: Option<AggsArg>,
    /// Let the count be a lower bound ("count_is_lower_bound" in --json): a sort on the
    /// timestamp field over splits written in time order then searches the newest (oldest)
    /// split first and opens the others only if the page is not full.
    #[arg(long)]
    pub no_count_all: bool,
    /// Search only the words as typed. By default, in an index with a lexicon (site indexes,
    /// mappings with `typo_tolerance: true`), a word no split holds is searched as the
    /// index's words one edit away from it, and the answer says so.
    #[arg(long)]
    pub no_typos: bool,
    /// Only results holding every word. By default, when fewer than 10 hold every word of a
    /// query of several, the results missing one word follow them, each saying which.
    #[arg(long)]
    pub all_words: bool,
    /// Which language of a site index to search (a tag such as `fr` or `pt-BR`, matched as
    /// the widget matches a page's `lang`); by default the site's default language.
    #[arg(long, value_name = "LANG")]
    pub language: Option<String>,
    /// Search as a search box does while the text is being typed (site indexes): the last
    /// word is also a prefix, and the pages only it finds come after every page the text
    /// finds as typed.
    #[arg(long)]
    pub typeahead: bool,
    /// List every range request the query sent, by wave, with what it read.
    #[arg(long)]
    pub explain: bool,
    /// Requests a wave of reads aims at, reading through small gaps to get there (6 suits
    /// HTTP/1.1 hosts; 0 joins only adjacent pages). The Worker uses 2.
    #[arg(long, value_name = "N", default_value_t = rangefind_engine::io::DEFAULT_MAX_REQUESTS_PER_WAVE)]
    pub max_requests_per_wave: usize,
    /// Widest gap, in KiB, a read may span to keep a wave within that number of requests.
    #[arg(long, value_name = "KIB", default_value_t = rangefind_engine::io::DEFAULT_MAX_READ_THROUGH_BYTES / 1024)]
    pub max_read_through_kb: u64,
    /// Read through every gap within --max-read-through-kb even when a wave stays above its
    /// budget, as the Worker does (where every request counts against a limit).
    #[arg(long)]
    pub metered_requests: bool,
    /// Search a site index (`build --site`) through its default language's site file, with the
    /// site engine the widget uses (no tantivy), instead of through its splits (`--splits`).
    /// A site index built without splits is always searched this way.
    #[arg(long)]
    pub site_file: bool,
    /// Seconds the whole search may take over HTTP, every file and retry included: a host that
    /// does not answer fails the search then, naming the file waited for (0: no deadline; each
    /// attempt still ends after 60 s).
    #[arg(long, value_name = "SECONDS", default_value_t = super::DEFAULT_TIMEOUT_SECONDS)]
    pub timeout: u64,
}

fn sort_by(text: &str) -> Result<rangefind_engine::splits::SortBy, String> {
    text.parse()
        .map_err(|e: rangefind_engine::error::Error| e.description())
}

/// `--aggs`: the aggregations' JSON, or the file that holds it (read when the search runs).
#[derive(Debug, Clone, PartialEq)]
pub enum AggsArg {
    /// Given on the command line.
    Json(serde_json::Value),
    /// `@FILE`.
    File(PathBuf),
}

fn aggs_arg(text: &str) -> Result<AggsArg, String> {
    match text.strip_prefix('@') {
        Some(path) => Ok(AggsArg::File(PathBuf::from(path))),
        None => serde_json::from_str(text)
            .map(AggsArg::Json)
            .map_err(|e| format!("the argument is not JSON: {e}")),
    }
}

fn timestamp(text: &str) -> Result<i64, String> {
    rangefind_engine::splits::parse_timestamp(text).ok_or_else(|| {
        format!("{text:?} is not a time: give seconds since 1970 or RFC 3339 such as 2024-05-01T00:00:00Z")
    })
}

fn parse_filter(text: &str) -> Result<(String, String), String> {
    split_pair(text, "FIELD=VALUE")
}
