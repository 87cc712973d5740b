//! `rangefind search`: one query against a directory or URL, printed for people or as JSON.

use std::sync::Arc;

use anyhow::Context;
use rangefind_engine::io::{DirStore, HttpStore, IndexStore};
use rangefind_engine::search::{Filters, IndexOptions, SearchIndex, SearchRequest, SearchResponse};

use crate::options::SearchArgs;

/// `--filter FIELD=VALUE` pairs as the engine's filters (values of one field are alternatives).
fn filters(pairs: &[(String, String)]) -> Filters {
    let mut filters = Filters::new();
    for (field, value) in pairs {
        filters
            .entry(field.clone())
            .or_default()
            .push(serde_json::Value::String(value.clone()));
    }
    filters
}

/// The store for an index argument: `http(s)://…` or a directory.
pub fn store_for(index: &str) -> anyhow::Result<Arc<dyn IndexStore>> {
    if index.starts_with("http://") || index.starts_with("https://") {
        return Ok(Arc::new(HttpStore::new(index)));
    }
    let path = std::path::Path::new(index);
    if !path.is_dir() {
        anyhow::bail!("INDEX {index}: not a directory or an http(s) URL");
    }
    Ok(Arc::new(DirStore::new(language_index(path))))
}

/// `dir` itself, or for a site index (`build --site`: a `site.json`, no manifest) the
/// directory of its default language, said on stderr.
fn language_index(dir: &std::path::Path) -> std::path::PathBuf {
    if dir.join(rangefind_engine::manifest::MANIFEST_FILE).exists() {
        return dir.to_path_buf();
    }
    let Some(site) = crate::site::site_index::read(dir) else {
        return dir.to_path_buf();
    };
    let Some(entry) = site.languages.get(&site.default_language) else {
        return dir.to_path_buf();
    };
    let others: Vec<&str> = site
        .languages
        .keys()
        .filter(|language| **language != site.default_language)
        .map(String::as_str)
        .collect();
    eprintln!(
        "{} is a site index: using its {} pages ({}){}",
        dir.display(),
        site.default_language,
        dir.join(&entry.path).display(),
        if others.is_empty() {
            String::new()
        } else {
            format!("; other languages: {}", others.join(", "))
        }
    );
    dir.join(&entry.path)
}

/// Runs `rangefind search`.
pub async fn run(args: SearchArgs) -> anyhow::Result<()> {
    let store = store_for(&args.index)?;
    let options = IndexOptions {
        max_requests_per_wave: args.max_requests_per_wave,
        max_read_through_bytes: args.max_read_through_kb * 1024,
        metered_requests: args.metered_requests,
        ..IndexOptions::default()
    };
    let index = SearchIndex::open(store, options)
        .await
        .with_context(|| format!("opening {}", args.index))?;
    let request = SearchRequest {
        query: args.query.clone(),
        limit: args.limit,
        offset: args.offset,
        snippet: !args.no_snippet,
        filters: filters(&args.filters),
        fields: args.fields.clone(),
        start_timestamp: args.start,
        end_timestamp: args.end,
        sort: args.sort.clone(),
        aggs: args.aggs.clone(),
        count_all: !args.no_count_all,
        typo_tolerance: !args.no_typos,
    };
    let response = index
        .search(&request)
        .await
        .with_context(|| format!("searching {:?}", args.query))?;
    if args.json {
        // What opening the index cost (manifest, split filters) beside the query's own cost.
        let mut json = serde_json::to_value(&response)?;
        json["index_open"] = serde_json::to_value(index.open_stats())?;
        println!("{json}");
    } else {
        print_human(&index, &response);
    }
    if args.explain {
        for request in &response.requests {
            let what = index
                .describe_range(&request.file, &request.range)
                .await
                .unwrap_or_default();
            eprintln!(
                "wave {} {:>9} bytes  {}  {}..{}  {what}",
                request.wave,
                request.range.end - request.range.start,
                request.file,
                request.range.start,
                request.range.end
            );
        }
    }
    Ok(())
}

fn print_human(index: &SearchIndex, response: &SearchResponse) {
    let mapping = &index.manifest().mapping;
    let title_field = mapping.search_fields().first().map(|f| f.name.clone());
    let at_least = if response.count_is_lower_bound {
        "at least "
    } else {
        ""
    };
    for replaced in &response.replaced {
        println!(
            "{:?} is in no document: searched {} instead",
            replaced.word,
            replaced.with.join(" or ")
        );
    }
    println!("{at_least}{} documents match", response.count);
    for (rank, hit) in response.hits.iter().enumerate() {
        let title = title_field
            .as_ref()
            .and_then(|f| hit.doc.get(f))
            .and_then(|v| v.as_str())
            .unwrap_or("");
        let rank_value = match &hit.sort {
            Some(value) => format!("{value}"),
            None => format!("score {:.2}", hit.score),
        };
        println!("{:>3}. {}  {}  ({rank_value})", rank + 1, hit.id, title);
        if let Some(snippet) = &hit.snippet {
            let plain = snippet
                .replace("<mark>", "\x1b[1m")
                .replace("</mark>", "\x1b[0m");
            println!("     {}", unescape(&plain).replace('\n', " "));
        }
    }
    if let Some(aggregations) = &response.aggregations {
        println!(
            "aggregations: {}",
            serde_json::to_string_pretty(aggregations).unwrap_or_default()
        );
    }
    let s = &response.stats;
    println!(
        "cost: {} requests, {} bytes, {} waves; {}/{} splits opened; {:.1} ms",
        s.requests, s.bytes, s.waves, s.splits_opened, s.splits_total, s.elapsed_ms
    );
    let open = index.open_stats();
    println!(
        "index open (manifest{}): {} requests, {} bytes, {} waves",
        if index.manifest().split_filters.is_empty() {
            ""
        } else {
            ", split filters"
        },
        open.requests,
        open.bytes,
        open.waves
    );
}

fn unescape(html: &str) -> String {
    html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}
