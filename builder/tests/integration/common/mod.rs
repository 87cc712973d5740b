//! Helpers shared by the end-to-end tests: build real indexes, serve them on 127.0.0.1.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rangefind_builder::splits::SplitsOptions;
use rangefind_builder::splits::{build, BuildReport};
use rangefind_engine::io::HttpStore;
use rangefind_engine::mapping::DocMapping;
use rangefind_engine::splits::{IndexOptions, SearchIndex};

/// The repository root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// A file of the shared corpora, or `None` when it is absent: the part of the test that needs
/// it is skipped, said on stderr and in `RANGEFIND_SKIP_LOG` (a file scripts/test.sh lists at
/// the end, as cargo shows no output of passing tests). Where the corpora are expected
/// (`RANGEFIND_CORPORA=required`, which scripts/test.sh sets when ../shared/corpora is there),
/// an absent file fails the test instead.
pub fn shared_corpus(file: &str) -> Option<PathBuf> {
    let path = repo().join("..").join("shared").join("corpora").join(file);
    if path.is_file() {
        return Some(path);
    }
    let message = format!(
        "SKIPPED part of {}: {} is absent (the shared corpora are not here)",
        std::thread::current().name().unwrap_or("a test"),
        path.display()
    );
    assert!(
        std::env::var("RANGEFIND_CORPORA").as_deref() != Ok("required"),
        "{message}, but RANGEFIND_CORPORA=required says they are expected"
    );
    eprintln!("{message}");
    if let Ok(log) = std::env::var("RANGEFIND_SKIP_LOG") {
        use std::io::Write;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log);
        if let Ok(mut file) = file {
            let _ = writeln!(file, "{message}");
        }
    }
    None
}

/// Runs the `rangefind` binary with `args`.
pub fn rangefind(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_rangefind"))
        .args(args)
        .output()
        .expect("run rangefind")
}

/// `rangefind build --config CONFIG --input INPUT --out OUT -q EXTRA…`.
pub fn build_cli(config: &Path, input: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "build",
        "--config",
        config.to_str().unwrap(),
        "--input",
        input.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "-q",
    ];
    args.extend_from_slice(extra);
    rangefind(&args)
}

pub fn mdn_mapping() -> DocMapping {
    let text = std::fs::read_to_string(repo().join("examples/mdn/rangefind.yaml")).unwrap();
    DocMapping::from_yaml(&text).unwrap()
}

pub fn options(
    mapping: DocMapping,
    inputs: Vec<PathBuf>,
    out: &Path,
    split_docs: u64,
) -> SplitsOptions {
    SplitsOptions {
        mapping,
        inputs,
        out: out.to_path_buf(),
        split_docs,
        skip_invalid: false,
        max_document_bytes: rangefind_builder::options::DEFAULT_MAX_DOCUMENT_BYTES,
        max_field_bytes: rangefind_builder::options::DEFAULT_MAX_FIELD_BYTES,
        page_size: 1024,
        quiet: true,
        append_to: None,
        shard: None,
        threads: 2,
    }
}

/// Builds an index and returns its report.
pub fn build_index(
    mapping: DocMapping,
    inputs: Vec<PathBuf>,
    out: &Path,
    split_docs: u64,
) -> BuildReport {
    build(&options(mapping, inputs, out, split_docs)).expect("build")
}

/// Serves `root` with `rangefind serve`'s router on a free port; returns the base URL.
pub async fn serve(root: &Path) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(rangefind_builder::serve::serve_on(
        listener,
        root.to_path_buf(),
        rangefind_builder::serve::HEADER_READ_TIMEOUT,
        std::future::pending(),
    ));
    format!("http://{address}/")
}

/// The site index of `index` (a `build --site` output directory) opened cold, on a cache of
/// its own.
pub async fn open_site(index: &Path) -> rangefind_engine::site::SiteIndex {
    let cache = Arc::new(rangefind_engine::io::PageCache::new(64 << 20));
    let fetcher = rangefind_engine::io::Fetcher::new(cache, None);
    rangefind_builder::search::open_site_file(index.to_str().unwrap(), None, fetcher, None)
        .await
        .unwrap()
        .0
}

/// Opens the index behind `url`.
pub async fn open_http(url: &str, cache_bytes: usize) -> SearchIndex {
    SearchIndex::open(
        Arc::new(HttpStore::new(url)),
        IndexOptions {
            cache_bytes,
            ..Default::default()
        },
    )
    .await
    .expect("open index")
}

/// Everything a command printed, stdout then stderr.
pub fn text(output: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The output of a command that must fail, as text.
pub fn failed(output: &std::process::Output) -> String {
    assert!(!output.status.success(), "it succeeded: {}", text(output));
    text(output)
}

/// What a command printed, after checking that it succeeded.
pub fn succeeded(output: &std::process::Output) -> String {
    let message = text(output);
    assert!(
        output.status.success(),
        "rangefind failed ({}): {message}",
        output.status
    );
    message
}

/// `rangefind build --site SITE --no-widget -q EXTRA…`, checked to succeed; returns the
/// index directory (`SITE/_rangefind`).
pub fn build_site(site: &Path, extra: &[&str]) -> PathBuf {
    build_site_saying(site, extra);
    site.join("_rangefind")
}

/// [`build_site`], returning what the build said (its summary).
pub fn build_site_saying(site: &Path, extra: &[&str]) -> String {
    let mut args = vec![
        "build",
        "--site",
        site.to_str().unwrap(),
        "--no-widget",
        "-q",
    ];
    args.extend_from_slice(extra);
    succeeded(&rangefind(&args))
}

/// `rangefind search INDEX QUERY --json EXTRA…`, checked to succeed, its answer parsed.
pub fn search_json(index: &Path, query: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["search", index.to_str().unwrap(), query, "--json"];
    args.extend_from_slice(extra);
    let output = rangefind(&args);
    succeeded(&output);
    serde_json::from_slice(&output.stdout).unwrap()
}

/// RFC 3339 time of `hour` hours after 2020-01-01T00:00:00Z.
pub fn at(hour: u64) -> String {
    let (day, hour) = (hour / 24, hour % 24);
    format!(
        "2020-{:02}-{:02}T{hour:02}:00:00Z",
        1 + day / 31,
        1 + day % 31
    )
}

/// 600 events, one an hour from 2020-01-01 (January has 31 days: hours < 744 stay in it),
/// indexed in splits of 100 (time-ordered: split k holds hours 100k..100k+99).
pub fn build_hourly_events(dir: &Path) -> PathBuf {
    let input = dir.join("events.jsonl");
    let lines: Vec<String> = (0..600)
        .map(|i| {
            serde_json::json!({
                "id": format!("e{i}"),
                "type": "PushEvent",
                "actor": {"login": format!("user{}", i % 7)},
                "repo": {"name": format!("org/repo{}", i % 3)},
                "created_at": at(i),
                "payload": {"message": format!("fix number {i}")},
            })
            .to_string()
        })
        .collect();
    std::fs::write(&input, lines.join("\n")).unwrap();
    let out = dir.join("index");
    let config = repo().join("examples/events/rangefind.yaml");
    let output = build_cli(&config, &input, &out, &["--split-docs", "100"]);
    assert!(output.status.success(), "{}", text(&output));
    out
}

/// The manifest of the index in `dir`.
pub fn manifest_of(dir: &Path) -> rangefind_engine::formats::manifest::Manifest {
    rangefind_engine::formats::manifest::Manifest::parse(
        &std::fs::read(dir.join("manifest.json")).unwrap(),
    )
    .unwrap()
}

/// The bundled MDN sample (`examples/mdn/sample.jsonl.gz`).
pub fn sample() -> PathBuf {
    repo().join("examples/mdn/sample.jsonl.gz")
}

/// The bundled sample's JSON lines, decompressed.
pub fn sample_text() -> String {
    use std::io::Read;
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(sample()).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    text
}

/// Unpacks a `.tar.gz` of a site into `into` with the system's tar.
pub fn untar(archive: &Path, into: &Path) {
    std::fs::create_dir_all(into).unwrap();
    let status = std::process::Command::new("tar")
        .arg("xzf")
        .arg(archive)
        .arg("-C")
        .arg(into)
        .status()
        .expect("run tar");
    assert!(status.success(), "tar xzf {}", archive.display());
}

/// Each hit's id and score, in order.
pub fn scored(response: &rangefind_engine::api::SearchResponse) -> Vec<(String, f32)> {
    response
        .hits
        .iter()
        .map(|hit| (hit.id.clone(), hit.score))
        .collect()
}
