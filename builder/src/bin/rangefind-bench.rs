//! `rangefind-bench`: cold query costs over HTTP on loopback, for BENCHMARKS.md.
//!
//! Serves the index with `rangefind serve`'s router on 127.0.0.1, opens it (the open reads
//! are reported separately), then runs every query of a query file with an empty page cache,
//! so each query pays for everything it reads except the split open. With `--fresh-index`
//! every query opens the index anew and pays for its split opens too (the index open, manifest
//! and split filters, is reported apart); `--warm N` then repeats it N times on the same index
//! and reports the median time.
//!
//! A query line is `{"query", "kind"}`, or `{"kind", "request": {…}}` with a whole search
//! request (sort, aggs, count_all, …).
//!
//! ```text
//! rangefind-bench --index DIR --queries FILE [--limit 10] [--fresh-index] [--warm N] [--json-out FILE]
//! ```

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use clap::Parser;
use rangefind_engine::io::HttpStore;
use rangefind_engine::splits::{IndexOptions, SearchIndex, SearchRequest};
use serde::{Deserialize, Serialize};

#[derive(Parser, Debug)]
#[command(about = "Cold query costs (requests, bytes, waves) over HTTP on loopback")]
struct Args {
    /// Index directory.
    #[arg(long)]
    index: PathBuf,
    /// Query file: one {"query": …, "kind": …} per line.
    #[arg(long)]
    queries: PathBuf,
    /// Hits per query.
    #[arg(long, default_value_t = 10)]
    limit: usize,
    /// Write one JSON line per query here.
    #[arg(long)]
    json_out: Option<PathBuf>,
    /// Open the index anew for every query: each pays for the splits it opens.
    #[arg(long)]
    fresh_index: bool,
    /// Repeat each query this many times after its cold run (page cache on) and report the
    /// median time (needs --fresh-index).
    #[arg(long, default_value_t = 0, requires = "fresh_index")]
    warm: usize,
}

#[derive(Deserialize)]
struct QueryLine {
    #[serde(default)]
    query: String,
    kind: String,
    /// A whole search request instead of `query`.
    request: Option<serde_json::Value>,
}

#[derive(Serialize)]
struct Measured {
    query: String,
    kind: String,
    count: u64,
    requests: u64,
    bytes: u64,
    waves: u64,
    /// Bytes received in each wave, in order (the split opens of `--fresh-index` included).
    wave_bytes: Vec<u64>,
    splits_opened: u64,
    splits_total: u64,
    ms: f64,
    /// Median time of the warm repeats.
    #[serde(skip_serializing_if = "Option::is_none")]
    warm_ms: Option<f64>,
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn summary(name: &str, values: &mut [f64]) -> String {
    values.sort_by(f64::total_cmp);
    let pick = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
    format!(
        "{name}: median {} p95 {} max {}",
        pick(0.5),
        pick(0.95),
        pick(1.0)
    )
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    let root = args.index.canonicalize().context("--index")?;
    tokio::spawn(rangefind_builder::serve::serve_on(
        listener,
        root,
        rangefind_builder::serve::HEADER_READ_TIMEOUT,
        std::future::pending(),
    ));
    let url = format!("http://{address}/");
    let open_index = |cache_bytes: usize| {
        SearchIndex::open(
            Arc::new(HttpStore::new(&url)),
            IndexOptions {
                cache_bytes,
                ..Default::default()
            },
        )
    };
    let shared = open_index(0).await?;
    let opened = shared.open_stats();
    println!(
        "index open (manifest, split filters): {} requests, {} bytes, {} waves",
        opened.requests, opened.bytes, opened.waves
    );
    if !args.fresh_index {
        let open = shared.preload().await?;
        println!(
            "split opens: {} requests, {} bytes, {} waves for {} splits",
            open.requests, open.bytes, open.waves, open.splits_total
        );
    }
    let text = std::fs::read_to_string(&args.queries).context("--queries")?;
    let mut measured = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let q: QueryLine = serde_json::from_str(line)?;
        let request: SearchRequest = match &q.request {
            Some(request) => serde_json::from_value(request.clone())
                .with_context(|| format!("request {request}"))?,
            None => SearchRequest::new(q.query.clone(), args.limit),
        };
        let fresh = match args.fresh_index {
            true => Some(open_index(64 << 20).await?),
            false => None,
        };
        let index = fresh.as_ref().unwrap_or(&shared);
        let response = index
            .search(&request)
            .await
            .with_context(|| format!("query {:?}", request.query))?;
        let mut warm = Vec::with_capacity(args.warm);
        for _ in 0..args.warm {
            warm.push(index.search(&request).await?.stats.elapsed_ms);
        }
        let s = response.stats;
        let mut wave_bytes = vec![0; s.waves as usize];
        for request in &response.requests {
            if let Some(bytes) = wave_bytes.get_mut(request.wave.saturating_sub(1) as usize) {
                *bytes += request.range.end - request.range.start;
            }
        }
        measured.push(Measured {
            query: q.request.map_or(q.query, |r| r.to_string()),
            kind: q.kind,
            count: response.count,
            requests: s.requests,
            bytes: s.bytes,
            waves: s.waves,
            wave_bytes,
            splits_opened: s.splits_opened,
            splits_total: s.splits_total,
            ms: s.elapsed_ms,
            warm_ms: (!warm.is_empty()).then(|| median(warm)),
        });
    }
    if let Some(path) = &args.json_out {
        let lines: Vec<String> = measured
            .iter()
            .map(|m| serde_json::to_string(m).expect("json"))
            .collect();
        std::fs::write(path, lines.join("\n") + "\n")?;
    }
    let mut kinds: Vec<String> = measured.iter().map(|m| m.kind.clone()).collect();
    kinds.sort();
    kinds.dedup();
    kinds.insert(0, "all".into());
    for kind in kinds {
        let group: Vec<&Measured> = measured
            .iter()
            .filter(|m| kind == "all" || m.kind == kind)
            .collect();
        let mut requests: Vec<f64> = group.iter().map(|m| m.requests as f64).collect();
        let mut bytes: Vec<f64> = group.iter().map(|m| m.bytes as f64).collect();
        let mut waves: Vec<f64> = group.iter().map(|m| m.waves as f64).collect();
        let mut opened: Vec<f64> = group.iter().map(|m| m.splits_opened as f64).collect();
        let mut warm: Vec<f64> = group.iter().filter_map(|m| m.warm_ms).collect();
        println!(
            "{kind} ({} queries) | {} | {} | {} | splits opened {}{}",
            group.len(),
            summary("requests", &mut requests),
            summary("bytes", &mut bytes),
            summary("waves", &mut waves),
            summary("", &mut opened).trim_start_matches(": "),
            if warm.is_empty() {
                String::new()
            } else {
                format!(
                    " | warm ms {}",
                    summary("", &mut warm).trim_start_matches(": ")
                )
            }
        );
    }
    Ok(())
}
