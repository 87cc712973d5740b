//! `rangefind search`: one query against a directory or URL, printed for people or as JSON.

use std::sync::Arc;

use anyhow::Context;
use rangefind_engine::api::add_filter;
use rangefind_engine::formats::manifest::MANIFEST_FILE;
use rangefind_engine::io::{Deadline, Fetcher, PageCache};
use rangefind_engine::site::{opened_together, search_together, SiteIndex};
use rangefind_engine::splits::{
    Filters, IndexOptions, SearchIndex, SearchRequest, SearchResponse, SearchStats,
};
use serde_json::Value;

mod index_kind;
mod print;

use crate::options::{AggsArg, SearchArgs};
use index_kind::is_site_without_splits;
pub use index_kind::{open_site_file, read_site_json, store_at, store_for};
use print::{print_human, print_request, SITE_FILE_HEAD};

/// `--filter FIELD=VALUE` pairs as the engine's filters (values of one field are alternatives).
fn filters(pairs: &[(String, String)]) -> Filters {
    let mut filters = Filters::new();
    for (field, value) in pairs {
        add_filter(
            &mut filters,
            field,
            serde_json::Value::String(value.clone()),
        );
    }
    filters
}

/// The query as an error message names it: quoted, and cut short when long (an error about
/// a query's length must not print the whole of it).
fn quoted_query(query: &str) -> String {
    const SHOWN: usize = 60;
    match query.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{:?}… ({} bytes)", &query[..cut], query.len()),
        None => format!("{query:?}"),
    }
}

/// Runs `rangefind search`.
pub async fn run(mut args: SearchArgs) -> anyhow::Result<()> {
    // `--aggs @FILE` is read before any index is opened.
    args.aggs = args
        .aggs
        .map(|aggs| read_aggs(&aggs).map(AggsArg::Json))
        .transpose()?;
    let indexes = indexes_searched(&mut args);
    let language = args.language.as_deref();
    let deadline = (args.timeout > 0).then(|| Deadline::after_seconds(args.timeout));
    // Each index is searched through its site file (a site index without splits, or
    // `--site-file`) or its splits; several are searched as one when all are of one kind.
    let mut site_files = Vec::with_capacity(indexes.len());
    for index in &indexes {
        site_files.push(args.site_file || is_site_without_splits(index, language, deadline).await?);
    }
    if site_files.iter().all(|&site_file| site_file) {
        return search_site_files(args, indexes, deadline).await;
    }
    if let Some(site) = site_files.iter().position(|&site_file| site_file) {
        let splits = site_files
            .iter()
            .position(|&site_file| !site_file)
            .expect("mixed");
        anyhow::bail!(
            "{} is a site index without splits and {} is not (it is searched through its splits, \
             its {MANIFEST_FILE}): several indexes are searched as one when all are site indexes \
             or all are split indexes",
            indexes[site],
            indexes[splits]
        );
    }
    let stores = indexes
        .iter()
        .map(|index| store_for(index, language, deadline))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let options = IndexOptions {
        max_requests_per_wave: args.max_requests_per_wave,
        max_read_through_bytes: args.max_read_through_kb * 1024,
        metered_requests: args.metered_requests,
        ..IndexOptions::default()
    };
    let index = SearchIndex::open_together(stores, options)
        .await
        .with_context(|| format!("opening {}", indexes.join(" ")))?;
    let request = search_request(&args)?;
    let response = index
        .search(&request)
        .await
        .with_context(|| format!("searching {}", quoted_query(&args.query)))?;
    if args.json {
        // What opening the index cost (manifest, split filters) beside the query's own cost.
        println!("{}", with_open_cost(&response, index.open_stats())?);
    } else {
        let title_field = index
            .manifest()
            .mapping
            .search_fields()
            .first()
            .map(|f| f.name.clone());
        let what = if index.manifest().split_filters.is_empty() {
            "manifest"
        } else {
            "manifest, split filters"
        };
        let named = if indexes.len() > 1 { &indexes[..] } else { &[] };
        print_human(
            title_field.as_deref(),
            &response,
            (what, *index.open_stats()),
            named,
        );
    }
    if args.explain {
        for request in &response.requests {
            let what = index
                .describe_range(&request.file, &request.range)
                .await
                .unwrap_or_default();
            print_request(request, &what);
        }
    }
    Ok(())
}

/// The indexes `search` names: `INDEX QUERY`, or `INDEX INDEX… QUERY` (the last argument is
/// the query, which this moves into `args.query`).
fn indexes_searched(args: &mut SearchArgs) -> Vec<String> {
    let Some(query) = args.more.pop() else {
        return vec![args.index.clone()];
    };
    let mut indexes = vec![
        args.index.clone(),
        std::mem::replace(&mut args.query, query),
    ];
    indexes.append(&mut args.more);
    indexes
}

/// The site engine on the site file of each of `indexes` (its language `--language`, by
/// default its default language), searched as one.
async fn search_site_files(
    args: SearchArgs,
    indexes: Vec<String>,
    deadline: Option<Deadline>,
) -> anyhow::Result<()> {
    let fetcher = || {
        Fetcher::new(
            Arc::new(PageCache::new(IndexOptions::default().cache_bytes)),
            None,
        )
        .with_max_requests_per_wave(args.max_requests_per_wave)
        .with_max_read_through_bytes(args.max_read_through_kb * 1024)
        .with_metered_requests(args.metered_requests)
    };
    let language = args.language.as_deref();
    let opened = futures::future::try_join_all(
        indexes
            .iter()
            .map(|index| open_site_file(index, language, fetcher(), deadline)),
    )
    .await
    .map_err(|error| match indexes.len() {
        1 => error,
        _ => error.context(
            "several indexes are searched as one when each is a site index (`build --site`)",
        ),
    })?;
    let (opened, open_stats): (Vec<SiteIndex>, Vec<SearchStats>) = opened.into_iter().unzip();
    let open_stats = opened_together(&open_stats);
    let opened: Vec<&SiteIndex> = opened.iter().collect();
    let response = search_together(&opened, &search_request(&args)?)
        .await
        .with_context(|| format!("searching {}", quoted_query(&args.query)))?;
    if args.json {
        println!("{}", with_open_cost(&response, &open_stats)?);
    } else {
        print_human(
            Some("title"),
            &response,
            (SITE_FILE_HEAD, open_stats),
            &indexes,
        );
    }
    if args.explain {
        for request in &response.requests {
            print_request(request, "");
        }
    }
    Ok(())
}

fn search_request(args: &SearchArgs) -> anyhow::Result<SearchRequest> {
    Ok(SearchRequest {
        query: args.query.clone(),
        limit: args.limit,
        offset: args.offset,
        snippet: !args.no_snippet,
        filters: filters(&args.filters),
        fields: args.fields.clone(),
        start_timestamp: args.start,
        end_timestamp: args.end,
        sort: args.sort.clone(),
        aggs: args.aggs.as_ref().map(read_aggs).transpose()?,
        count_all: !args.no_count_all,
        typo_tolerance: !args.no_typos,
        fewer_words: !args.all_words,
        typeahead: args.typeahead,
    })
}

/// The aggregations `--aggs` gives, reading `@FILE`.
fn read_aggs(aggs: &AggsArg) -> anyhow::Result<serde_json::Value> {
    match aggs {
        AggsArg::Json(json) => Ok(json.clone()),
        AggsArg::File(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("--aggs @{}: reading the file", path.display()))?;
            serde_json::from_str(&text)
                .with_context(|| format!("--aggs @{}: not JSON", path.display()))
        }
    }
}

/// `response` in the JSON contract (the text every host writes, `SearchResponse::to_json`),
/// with what opening the index cost beside it as `index_open`.
fn with_open_cost(response: &SearchResponse, open: &SearchStats) -> anyhow::Result<Value> {
    let mut json: Value = serde_json::from_str(&response.to_json())?;
    json["index_open"] = serde_json::from_str(&open.to_json())?;
    Ok(json)
}
