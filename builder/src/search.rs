//! `rangefind search`: one query against a directory or URL, printed for people or as JSON.

use std::sync::Arc;

use anyhow::Context;
use rangefind_engine::io::{DirStore, Fetcher, FileLocation, HttpStore, IndexStore, PageCache};
use rangefind_engine::manifest::MANIFEST_FILE;
use rangefind_engine::site::{opened_together, search_together, SiteIndex};
use rangefind_engine::splits::{
    Filters, IndexOptions, SearchIndex, SearchRequest, SearchResponse, SearchStats,
};

use crate::site::site_json::PickLanguage;
use rangefind_engine::typos::Lexicon;

use crate::options::{AggsArg, SearchArgs};

/// What opening a site file reads, as the human output names it.
const SITE_FILE_HEAD: &str = "site file head";

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

/// The store for an index argument: `http(s)://…` or a directory (a site index's: the
/// directory of `language`, by default its default language).
pub fn store_for(index: &str, language: Option<&str>) -> anyhow::Result<Arc<dyn IndexStore>> {
    store_at(index, Some(language))
}

/// The store of `index` (`http(s)://…` or a directory); a site index's directory resolved to
/// one language's (`Some(None)`: its default language's) when `language` is set.
fn store_at(index: &str, language: Option<Option<&str>>) -> anyhow::Result<Arc<dyn IndexStore>> {
    if index.starts_with("http://") || index.starts_with("https://") {
        return Ok(Arc::new(HttpStore::new(index)));
    }
    let path = std::path::Path::new(index);
    if !path.is_dir() {
        anyhow::bail!("INDEX {index}: not a directory or an http(s) URL");
    }
    let dir = match language {
        Some(language) => language_index(path, language)?,
        None => path.to_path_buf(),
    };
    Ok(Arc::new(DirStore::new(dir)))
}

/// `dir` itself, or for a site index (`build --site`: a `site.json`, no manifest) the
/// directory of `language` (by default its default language), said on stderr.
fn language_index(
    dir: &std::path::Path,
    language: Option<&str>,
) -> anyhow::Result<std::path::PathBuf> {
    if dir.join(MANIFEST_FILE).exists() {
        return Ok(dir.to_path_buf());
    }
    let Some(site) = crate::site::site_json::read(dir)? else {
        return Ok(dir.to_path_buf());
    };
    let (tag, entry) = site.language(language)?;
    let language = dir.join(&entry.path);
    if !language.join(MANIFEST_FILE).exists() {
        anyhow::bail!(
            "{} is a site index without splits: `rangefind search {}` searches its site file, and \
             `rangefind build --site SITE --splits` writes the split index this command reads",
            dir.display(),
            dir.display()
        );
    }
    let others: Vec<&str> = site
        .languages
        .keys()
        .map(String::as_str)
        .filter(|other| *other != tag)
        .collect();
    eprintln!(
        "{} is a site index: using its {tag} pages ({}){}",
        dir.display(),
        language.display(),
        if others.is_empty() {
            String::new()
        } else {
            format!("; other languages (--language): {}", others.join(", "))
        }
    );
    Ok(language)
}

/// Whether `index` is a site index whose `language` has a site file and no split index
/// (`build --site` without `--splits`): then it is searched through the site file. A
/// `site.json` that is there but unreadable is an error naming it, not "no manifest".
async fn is_site_without_splits(index: &str, language: Option<&str>) -> anyhow::Result<bool> {
    let Ok(store) = store_at(index, None) else {
        return Ok(false);
    };
    // No site.json (or no answer for it): a split index, whose manifest read says what is wrong.
    let Ok(bytes) = store.read_all(crate::site::site_json::SITE_JSON).await else {
        return Ok(false);
    };
    let site = crate::site::site_json::parse(&bytes)
        .with_context(|| format!("{index}: {}", crate::site::site_json::SITE_JSON))?;
    let Ok((_, entry)) = site.language(language) else {
        return Ok(false);
    };
    let manifest = format!("{}{MANIFEST_FILE}", entry.path);
    // Hosts with a single-page-app fallback (`vite preview`, many static hosts) answer a
    // missing file with the site's index.html: a manifest that is not JSON is no manifest.
    let has_splits = match store.read_all(&manifest).await {
        Ok(bytes) => serde_json::from_slice::<serde_json::Value>(&bytes).is_ok(),
        Err(_) => false,
    };
    Ok(entry.site_file.is_some() && !has_splits)
}

/// `site.json` of the site index in `store`.
async fn read_site_json(
    store: &dyn IndexStore,
) -> anyhow::Result<crate::site::site_json::SiteJson> {
    let bytes = store
        .read_all(crate::site::site_json::SITE_JSON)
        .await
        .context("reading site.json (is it a site index?)")?;
    crate::site::site_json::parse(&bytes).context(crate::site::site_json::SITE_JSON)
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
    // Each index is searched through its site file (a site index without splits, or
    // `--site-file`) or its splits; several are searched as one when all are of one kind.
    let mut site_files = Vec::with_capacity(indexes.len());
    for index in &indexes {
        site_files.push(args.site_file || is_site_without_splits(index, language).await?);
    }
    if site_files.iter().all(|&site_file| site_file) {
        return search_site_files(args, indexes).await;
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
        .map(|index| store_for(index, language))
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
        let mut json = serde_json::to_value(&response)?;
        json["index_open"] = serde_json::to_value(index.open_stats())?;
        println!("{json}");
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

fn print_request(request: &rangefind_engine::io::RequestRecord, what: &str) {
    eprintln!(
        "wave {} {:>9} bytes  {}  {}..{}  {what}",
        request.wave,
        request.range.end - request.range.start,
        request.file,
        request.range.start,
        request.range.end
    );
}

/// Opens the site file of `index` (a site index's directory or URL, holding `site.json`) for
/// `language` (by default its default language) with its lexicon, reading with `fetcher`;
/// returns what opening it cost.
pub async fn open_site_file(
    index: &str,
    language: Option<&str>,
    fetcher: Fetcher,
) -> anyhow::Result<(SiteIndex, SearchStats)> {
    let store = store_at(index, None)?;
    let site = read_site_json(store.as_ref())
        .await
        .with_context(|| index.to_string())?;
    let entry = site
        .language(language)
        .with_context(|| index.to_string())?
        .1
        .site_file
        .clone()
        .with_context(|| {
            format!("{index}: its site.json names no site file (rebuild it with this rangefind)")
        })?;
    let location = FileLocation {
        id: entry.path.clone().into(),
        source: store.open(&entry.path),
        len: Some(entry.size),
        open_region: Some(entry.open_region[0]..entry.open_region[1]),
    };
    let (index, stats) = SiteIndex::open(location, Arc::new(fetcher))
        .await
        .with_context(|| format!("opening {}", entry.path))?;
    let index = match &entry.lexicon {
        Some(lexicon) => index.with_lexicon(
            Lexicon::new(store.as_ref(), lexicon)
                .with_context(|| format!("opening {}", entry.path))?,
        ),
        None => index,
    };
    Ok((index, stats))
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
async fn search_site_files(args: SearchArgs, indexes: Vec<String>) -> anyhow::Result<()> {
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
            .map(|index| open_site_file(index, language, fetcher())),
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
        let mut json = serde_json::to_value(&response)?;
        json["index_open"] = serde_json::to_value(open_stats)?;
        println!("{json}");
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

/// Prints `response` for people; `opened` says what opening the index read and what it cost.
/// `indexes`: the arguments naming the indexes searched, which hits from several name.
fn print_human(
    title_field: Option<&str>,
    response: &SearchResponse,
    opened: (&str, SearchStats),
    indexes: &[String],
) {
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
    let what = match opened.0 == SITE_FILE_HEAD {
        true => "pages",
        false => "documents",
    };
    println!("{at_least}{} {what} match", response.count);
    for (rank, hit) in response.hits.iter().enumerate() {
        let title = title_field
            .and_then(|f| hit.doc.get(f))
            .and_then(|v| v.as_str())
            .unwrap_or("");
        let rank_value = match &hit.sort {
            Some(value) => format!("{value}"),
            None => format!("score {:.2}", hit.score),
        };
        let from = match hit.index.and_then(|i| indexes.get(i)) {
            Some(index) => format!("{index}: "),
            None => String::new(),
        };
        println!(
            "{:>3}. {from}{}  {}  ({rank_value})",
            rank + 1,
            hit.id,
            title
        );
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
    let (what, open) = opened;
    // A site file is one file: splits are not its unit.
    let splits = match what == SITE_FILE_HEAD {
        true => String::new(),
        false => format!("; {}/{} splits opened", s.splits_opened, s.splits_total),
    };
    println!(
        "cost: {} requests, {} bytes, {} waves{splits}; {:.1} ms",
        s.requests, s.bytes, s.waves, s.elapsed_ms
    );
    println!(
        "index open ({what}): {} requests, {} bytes, {} waves",
        open.requests, open.bytes, open.waves
    );
}

fn unescape(html: &str) -> String {
    html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}
