//! `rangefind-typos`: how often a title query with one typo still finds its page, for
//! BENCHMARKS.md.
//!
//! For each `"kind": "title"` line of a query file, the page searched for is the first hit of
//! the title as typed. Each title then gets one typo of each kind (a deleted, an inserted, a
//! substituted letter, two neighbours swapped) in a word of five letters or more, chosen with
//! a fixed seed, `--rounds` times. Every typo'd query runs with typo tolerance and without, and
//! the tool reports found@1/5/10 and the median cost of each (bytes and waves, cold page cache).
//!
//! ```text
//! rangefind-typos --index DIR --queries FILE [--rounds 3] [--seed 1] [--json-out FILE]
//! ```

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use clap::Parser;
use rangefind_builder::search::open_site_file;
use rangefind_engine::io::{DirStore, Fetcher, PageCache};
use rangefind_engine::splits::{IndexOptions, SearchIndex, SearchRequest, SearchResponse};
use serde::{Deserialize, Serialize};

#[derive(Parser, Debug)]
#[command(about = "found@k of title queries with one typo, with and without typo tolerance")]
struct Args {
    /// Index directory: a site index (`_rangefind`, searched through its default language's
    /// site file), or a split index (one language of a site built with `--splits`:
    /// `_rangefind/en`).
    #[arg(long)]
    index: PathBuf,
    /// Query file: its `"kind": "title"` lines are used.
    #[arg(long)]
    queries: PathBuf,
    /// Typos of each kind per title (each in a word and at a place drawn anew).
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    /// Seed of the draws.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write one JSON line per typo'd query here.
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
    title: String,
    typo: String,
    kind: &'static str,
    page: String,
    /// Rank of the page with typo tolerance (1-based), if in the top 10.
    rank: Option<usize>,
    /// Rank without it.
    rank_without: Option<usize>,
    bytes: u64,
    waves: u64,
    bytes_without: u64,
    waves_without: u64,
    replaced: Vec<String>,
}

const KINDS: [&str; 4] = ["deletion", "insertion", "substitution", "transposition"];

/// A small deterministic generator (SplitMix64): the same seed gives the same typos.
struct Draws(u64);

impl Draws {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % below.max(1) as u64) as usize
    }

    fn letter(&mut self) -> char {
        (b'a' + self.next(26) as u8) as char
    }
}

/// `title` with one typo of `kind` in one of its words of five letters or more; `None` when
/// it has no such word.
fn typo(title: &str, kind: &str, draws: &mut Draws) -> Option<String> {
    let words: Vec<(usize, &str)> = title
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 5 && w.chars().all(|c| c.is_ascii_alphabetic()))
        .map(|w| (w.as_ptr() as usize - title.as_ptr() as usize, w))
        .collect();
    if words.is_empty() {
        return None;
    }
    let (start, word) = words[draws.next(words.len())];
    let mut chars: Vec<char> = word.chars().collect();
    match kind {
        "deletion" => {
            chars.remove(draws.next(chars.len()));
        }
        "insertion" => {
            let at = draws.next(chars.len() + 1);
            chars.insert(at, draws.letter());
        }
        "substitution" => {
            let at = draws.next(chars.len());
            let mut letter = draws.letter();
            while letter.eq_ignore_ascii_case(&chars[at]) {
                letter = draws.letter();
            }
            chars[at] = letter;
        }
        _ => {
            let at = draws.next(chars.len() - 1);
            if chars[at].eq_ignore_ascii_case(&chars[at + 1]) {
                return None;
            }
            chars.swap(at, at + 1);
        }
    }
    let typed: String = chars.into_iter().collect();
    Some(format!(
        "{}{typed}{}",
        &title[..start],
        &title[start + word.len()..]
    ))
}

async fn search(dir: &PathBuf, query: &str, typos: bool) -> anyhow::Result<SearchResponse> {
    let mut request = SearchRequest::new(query, 10);
    request.snippet = false;
    request.typo_tolerance = typos;
    // A fresh index per query: every query pays for all it reads (except the manifest, or
    // the site file's head).
    if dir.join("site.json").exists() {
        let fetcher = Fetcher::new(Arc::new(PageCache::new(64 << 20)), None);
        let (index, _) = open_site_file(&dir.to_string_lossy(), None, fetcher, None).await?;
        return Ok(index.search(&request).await?);
    }
    let store = Arc::new(DirStore::new(dir));
    let options = IndexOptions {
        cache_bytes: 0,
        ..IndexOptions::default()
    };
    let index = SearchIndex::open(store, options).await?;
    Ok(index.search(&request).await?)
}

fn rank(response: &SearchResponse, page: &str) -> Option<usize> {
    response
        .hits
        .iter()
        .position(|h| h.id == page)
        .map(|r| r + 1)
}

fn found_at(measured: &[Measured], k: usize, without: bool) -> String {
    let found = measured
        .iter()
        .filter(|m| {
            let rank = if without { m.rank_without } else { m.rank };
            rank.is_some_and(|r| r <= k)
        })
        .count();
    format!(
        "{:.0} % ({found}/{})",
        100.0 * found as f64 / measured.len().max(1) as f64,
        measured.len()
    )
}

fn median(mut values: Vec<u64>) -> u64 {
    values.sort_unstable();
    values.get(values.len() / 2).copied().unwrap_or(0)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let text = std::fs::read_to_string(&args.queries)
        .with_context(|| format!("reading {}", args.queries.display()))?;
    let titles: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(serde_json::from_str::<QueryLine>)
        .collect::<Result<Vec<_>, _>>()
        .context("a query line is not {\"query\", \"kind\"}")?
        .into_iter()
        .filter(|q| q.kind == "title")
        .map(|q| q.query)
        .collect();
    anyhow::ensure!(
        !titles.is_empty(),
        "no \"kind\": \"title\" line in the query file"
    );
    let mut draws = Draws(args.seed);
    let mut measured = Vec::new();
    for title in &titles {
        let exact = search(&args.index, title, false).await?;
        let Some(page) = exact.hits.first().map(|h| h.id.clone()) else {
            eprintln!("skipped (no hit as typed): {title}");
            continue;
        };
        for _ in 0..args.rounds {
            for kind in KINDS {
                let Some(typed) = typo(title, kind, &mut draws) else {
                    continue;
                };
                let with = search(&args.index, &typed, true).await?;
                let without = search(&args.index, &typed, false).await?;
                measured.push(Measured {
                    title: title.clone(),
                    typo: typed,
                    kind,
                    rank: rank(&with, &page),
                    rank_without: rank(&without, &page),
                    page: page.clone(),
                    bytes: with.stats.bytes,
                    waves: with.stats.waves,
                    bytes_without: without.stats.bytes,
                    waves_without: without.stats.waves,
                    replaced: with
                        .replaced
                        .iter()
                        .map(|r| format!("{} → {}", r.word, r.with.join("|")))
                        .collect(),
                });
            }
        }
    }
    if let Some(path) = &args.json_out {
        let lines: Vec<String> = measured
            .iter()
            .map(serde_json::to_string)
            .collect::<Result<_, _>>()?;
        std::fs::write(path, lines.join("\n") + "\n")?;
    }
    println!(
        "{} titles, {} typo'd queries (one typo each; {} rounds of {} kinds, seed {})",
        titles.len(),
        measured.len(),
        args.rounds,
        KINDS.len(),
        args.seed
    );
    for (name, without) in [("typo tolerance", false), ("words as typed", true)] {
        println!(
            "{name:>15}: found@1 {}, found@5 {}, found@10 {}",
            found_at(&measured, 1, without),
            found_at(&measured, 5, without),
            found_at(&measured, 10, without)
        );
    }
    for kind in KINDS {
        let of_kind: Vec<Measured> = measured
            .iter()
            .filter(|m| m.kind == kind)
            .map(|m| Measured {
                title: String::new(),
                typo: String::new(),
                page: String::new(),
                replaced: Vec::new(),
                ..*m
            })
            .collect();
        println!("  {kind:>13}: found@10 {}", found_at(&of_kind, 10, false));
    }
    println!(
        "median cold cost (fresh index, manifest aside): {} bytes / {} waves with typo tolerance, {} bytes / {} waves without",
        median(measured.iter().map(|m| m.bytes).collect()),
        median(measured.iter().map(|m| m.waves).collect()),
        median(measured.iter().map(|m| m.bytes_without).collect()),
        median(measured.iter().map(|m| m.waves_without).collect()),
    );
    Ok(())
}
