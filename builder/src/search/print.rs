//! `search`'s output for people: hits with their title and snippet, what opening the indexes
//! and the query cost, and with `--explain` every request.

use rangefind_engine::splits::{SearchResponse, SearchStats};

pub(super) fn print_request(request: &rangefind_engine::io::RequestRecord, what: &str) {
    eprintln!(
        "wave {} {:>9} bytes  {}  {}..{}  {what}",
        request.wave,
        request.range.end - request.range.start,
        request.file,
        request.range.start,
        request.range.end
    );
}

/// What opening a site file reads, as the human output names it.
pub(super) const SITE_FILE_HEAD: &str = "site file head";

/// Prints `response` for people; `opened` says what opening the index read and what it cost.
/// `indexes`: the arguments naming the indexes searched, which hits from several name.
pub(super) fn print_human(
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
    for (key, how) in &response.read_as {
        match how.as_str().unwrap_or_default() {
            "filter" => println!("{key}:… is a filter of the site: read as filter.{key}:…"),
            _ => println!(
                "{key}:… searches the field {key}; the site's filter of that name is filter.{key}:…"
            ),
        }
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
        if let Some(missing) = &hit.missing {
            println!("     missing: {missing}");
        }
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

pub(super) fn unescape(html: &str) -> String {
    html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}
