//! `rangefind-bench`: cold query costs over HTTP on loopback, for BENCHMARKS.md.
//!
//! Serves the index with `rangefind serve`'s router on 127.0.0.1, opens it (the open reads
//! are reported separately), then runs every query of a query file with an empty page cache,
//! so each query pays for everything it reads except the split open.
//!
//! ```text
//! rangefind-bench --index DIR --queries FILE [--limit 10] [--json-out FILE]
//! ```

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use clap::Parser;
use rangefind_engine::io::HttpStore;
use rangefind_engine::search::{IndexOptions, SearchIndex, SearchRequest};
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
}

#[derive(Deserialize)]
struct QueryLine {
    query: String,
    kind: String,
}

#[derive(Serialize)]
struct Measured {
    query: String,
    kind: String,
    count: u64,
    requests: u64,
    bytes: u64,
    waves: u64,
    ms: f64,
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
        std::future::pending(),
    ));
    let store = Arc::new(HttpStore::new(&format!("http://{address}/")));
    let index = SearchIndex::open(
        store,
        IndexOptions {
            cache_bytes: 0,
            ..Default::default()
        },
    )
    .await?;
    let open = index.preload().await?;
    println!(
        "open: {} requests, {} bytes, {} waves for {} splits",
        open.requests, open.bytes, open.waves, open.splits_total
    );
    let text = std::fs::read_to_string(&args.queries).context("--queries")?;
    let mut measured = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let q: QueryLine = serde_json::from_str(line)?;
        let response = index
            .search(&SearchRequest::new(q.query.clone(), args.limit))
            .await
            .with_context(|| format!("query {:?}", q.query))?;
        let s = response.stats;
        measured.push(Measured {
            query: q.query,
            kind: q.kind,
            count: response.count,
            requests: s.requests,
            bytes: s.bytes,
            waves: s.waves,
            ms: s.elapsed_ms,
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
        println!(
            "{kind} ({} queries) | {} | {} | {}",
            group.len(),
            summary("requests", &mut requests),
            summary("bytes", &mut bytes),
            summary("waves", &mut waves)
        );
    }
    Ok(())
}
