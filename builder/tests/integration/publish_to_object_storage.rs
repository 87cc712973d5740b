//! `rangefind publish` and `rangefind build --out s3://…` against a real S3-compatible server
//! on 127.0.0.1 (s3s-fs, SigV4): what lands in the bucket and with which headers, searches
//! over HTTP straight from the bucket, re-publishing uploads nothing, large splits go up in
//! parts. What goes wrong (interrupted and refused uploads, mistakes) is in
//! `publish_failures_keep_the_old_index_serving`, with these helpers.

use crate::common;
use crate::s3_server;

use std::path::Path;
use std::process::{Command, Output};
use std::sync::atomic::Ordering;
use std::sync::Arc;

use rangefind_engine::formats::manifest::Manifest;
use rangefind_engine::io::DirStore;
use rangefind_engine::mapping::StoreCompression;
use rangefind_engine::splits::{IndexOptions, SearchIndex, SearchRequest};
pub(crate) use s3_server::S3Server;

pub(crate) const BUCKET: &str = "indexes";
const QUERIES: &[&str] = &[
    "array",
    "fetch request",
    "flex*",
    "\"event listener\"",
    "css -grid",
];

/// `rangefind build` of the bundled sample with the MDN mapping into `out`, plus `extra`.
pub(crate) fn build_sample_args(out: &str, extra: &[&str]) -> Vec<String> {
    let config = common::repo().join("examples/mdn/rangefind.yaml");
    let mut args: Vec<String> = ["build", "--config", config.to_str().unwrap()]
        .into_iter()
        .chain(["--input", common::sample().to_str().unwrap(), "--out", out])
        .map(String::from)
        .collect();
    args.extend(extra.iter().map(|a| a.to_string()));
    args
}

pub(crate) fn rangefind(server: &S3Server, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rangefind"));
    command.args(args).arg("-q").envs(server.env());
    command
}

pub(crate) fn run(server: &S3Server, args: &[&str]) -> Output {
    rangefind(server, args).output().expect("run rangefind")
}

pub(crate) fn build_local(out: &Path, split_docs: u64) -> Manifest {
    common::build_index(
        common::mdn_mapping(),
        vec![common::sample()],
        out,
        split_docs,
    );
    common::manifest_of(out)
}

/// count, ids and scores of each query.
async fn answers(index: &SearchIndex) -> Vec<(u64, Vec<(String, f32)>)> {
    let mut all = Vec::new();
    for query in QUERIES {
        let response = index.search(&SearchRequest::new(*query, 10)).await.unwrap();
        let hits = response.hits.into_iter().map(|h| (h.id, h.score)).collect();
        all.push((response.count, hits));
    }
    all
}

async fn local_answers(dir: &Path) -> Vec<(u64, Vec<(String, f32)>)> {
    let index = SearchIndex::open(Arc::new(DirStore::new(dir)), IndexOptions::default())
        .await
        .unwrap();
    answers(&index).await
}

/// The index under `prefix` in the bucket, searched over HTTP, answers as the one in `dir`.
pub(crate) async fn assert_bucket_answers_like(server: &S3Server, prefix: &str, dir: &Path) {
    assert_eq!(
        bucket_answers(server, prefix).await,
        local_answers(dir).await
    );
}

async fn bucket_answers(server: &S3Server, prefix: &str) -> Vec<(u64, Vec<(String, f32)>)> {
    let url = format!("{}/{BUCKET}/{prefix}/", server.endpoint);
    answers(&common::open_http(&url, 64 << 20).await).await
}

fn assert_headers(response: &reqwest::Response, expected: &[(&str, &str)]) {
    for (name, value) in expected {
        let got = response.headers().get(*name).map(|v| v.to_str().unwrap());
        assert_eq!(got, Some(*value), "{name} of {}", response.url());
    }
}

pub(crate) fn uploaded_count(message: &str) -> usize {
    let marker = " file(s) uploaded";
    let end = message
        .find(marker)
        .unwrap_or_else(|| panic!("no upload count in: {message}"));
    let start = message[..end].rfind(' ').unwrap() + 1;
    message[start..end].parse().unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn publish_uploads_splits_then_the_manifest_and_the_bucket_serves_searches() {
    let server = S3Server::start(&[BUCKET]).await;
    let work = tempfile::tempdir().unwrap();
    let local = work.path().join("mdn");
    let manifest = build_local(&local, 150);
    assert_eq!(manifest.splits.len(), 3);

    let target = format!("s3://{BUCKET}/docs/mdn");
    let message = common::succeeded(&run(
        &server,
        &["publish", local.to_str().unwrap(), &target],
    ));
    // 3 splits, the `section` split filter file and the lexicon.
    assert_eq!(uploaded_count(&message), 5, "{message}");

    // Exactly the index's files, byte for byte.
    let mut expected: Vec<String> = manifest
        .splits
        .iter()
        .map(|s| format!("docs/mdn/{}", s.path))
        .chain(
            manifest
                .split_filters
                .iter()
                .map(|f| format!("docs/mdn/{}", f.path)),
        )
        .chain(
            manifest
                .lexicon
                .iter()
                .map(|l| format!("docs/mdn/{}", l.path)),
        )
        .collect();
    expected.push("docs/mdn/manifest.json".to_string());
    expected.sort();
    assert_eq!(server.keys(BUCKET, "docs/mdn/"), expected);
    for split in &manifest.splits {
        let stored = std::fs::read(server.object(BUCKET, &format!("docs/mdn/{}", split.path)));
        assert_eq!(
            stored.unwrap(),
            std::fs::read(local.join(&split.path)).unwrap()
        );
    }

    // Headers as a browser gets them from the bucket (anonymous, public read).
    let client = reqwest::Client::new();
    let base = format!("{}/{BUCKET}/docs/mdn", server.endpoint);
    let split = client
        .get(format!("{base}/{}", manifest.splits[0].path))
        .header("Range", "bytes=0-99")
        .send()
        .await
        .unwrap();
    assert_eq!(split.status(), 206);
    assert_headers(
        &split,
        &[
            ("cache-control", "public, max-age=31536000, immutable"),
            ("content-type", "application/octet-stream"),
        ],
    );
    let stored_manifest = client
        .get(format!("{base}/manifest.json"))
        .send()
        .await
        .unwrap();
    assert_headers(
        &stored_manifest,
        &[
            ("cache-control", "public, max-age=60"),
            ("content-type", "application/json"),
        ],
    );
    assert!(stored_manifest.headers().contains_key("etag"));

    // Searched over HTTP straight from the bucket: the answers of the local index.
    assert_bucket_answers_like(&server, "docs/mdn", &local).await;

    // Publishing again uploads no split, and only the manifest is written.
    let writes_before = server.faults.writes.load(Ordering::Relaxed);
    let message = common::succeeded(&run(
        &server,
        &["publish", local.to_str().unwrap(), &target],
    ));
    assert_eq!(uploaded_count(&message), 0, "{message}");
    assert!(message.contains("5 already there"), "{message}");
    assert_eq!(
        server.faults.writes.load(Ordering::Relaxed) - writes_before,
        1
    );

    // A dry run says what would happen and writes nothing.
    let writes_before = server.faults.writes.load(Ordering::Relaxed);
    let other = work.path().join("other");
    build_local(&other, 100);
    let message = common::succeeded(&run(
        &server,
        &["publish", other.to_str().unwrap(), &target, "--dry-run"],
    ));
    // 5 splits and their `section` split filter file.
    assert!(message.contains("would upload 6 file(s)"), "{message}");
    assert_eq!(server.faults.writes.load(Ordering::Relaxed), writes_before);
}

#[tokio::test(flavor = "multi_thread")]
async fn building_into_a_bucket_twice_uploads_the_splits_once() {
    let server = S3Server::start(&[BUCKET]).await;
    let args = build_sample_args("s3://indexes/built", &["--split-docs", "200"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let first = common::succeeded(&run(&server, &args));
    // 3 splits, the `section` split filter file and the lexicon.
    assert_eq!(uploaded_count(&first), 5, "{first}");
    // The same input gives byte-identical splits (content addresses), so nothing is uploaded.
    let second = common::succeeded(&run(&server, &args));
    assert_eq!(uploaded_count(&second), 0, "{second}");
    assert_eq!(server.keys(BUCKET, "built/splits/").len(), 3);

    let work = tempfile::tempdir().unwrap();
    build_local(work.path(), 200);
    assert_bucket_answers_like(&server, "built", work.path()).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn large_splits_are_uploaded_in_parts() {
    let server = S3Server::start(&[BUCKET]).await;
    let work = tempfile::tempdir().unwrap();
    // Four copies of the sample's pages, stored uncompressed: one split over 5 MiB.
    let input = work.path().join("pages.jsonl");
    let mut lines = String::new();
    let sample = common::sample_text();
    for copy in 0..4 {
        for line in sample.lines() {
            let mut doc: serde_json::Value = serde_json::from_str(line).unwrap();
            let id = format!("{}#{copy}", doc["id"].as_str().unwrap());
            doc["id"] = serde_json::Value::String(id);
            lines.push_str(&doc.to_string());
            lines.push('\n');
        }
    }
    std::fs::write(&input, lines).unwrap();
    let mut mapping = common::mdn_mapping();
    mapping.store.compression = StoreCompression::None;
    let local = work.path().join("index");
    common::build_index(mapping, vec![input], &local, 1_000_000);
    let manifest = common::manifest_of(&local);
    let split = &manifest.splits[0];
    assert!(split.size > 5 << 20, "split of {} bytes", split.size);

    let target = format!("s3://{BUCKET}/big");
    let message = common::succeeded(&run(
        &server,
        &[
            "publish",
            local.to_str().unwrap(),
            &target,
            "--part-size",
            "5242880",
        ],
    ));
    // The split, the `section` split filter file and the lexicon.
    assert_eq!(uploaded_count(&message), 3, "{message}");
    assert_eq!(server.faults.multipart_uploads.load(Ordering::Relaxed), 1);
    let stored = std::fs::read(server.object(BUCKET, &format!("big/{}", split.path))).unwrap();
    assert_eq!(stored, std::fs::read(local.join(&split.path)).unwrap());
    let response = reqwest::Client::new()
        .head(format!("{}/{BUCKET}/big/{}", server.endpoint, split.path))
        .send()
        .await
        .unwrap();
    assert_headers(
        &response,
        &[("cache-control", "public, max-age=31536000, immutable")],
    );
    assert_bucket_answers_like(&server, "big", &local).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn publishing_to_a_directory_gives_a_servable_index() {
    let server = S3Server::start(&[]).await;
    let work = tempfile::tempdir().unwrap();
    let local = work.path().join("mdn");
    build_local(&local, 150);
    let destination = work.path().join("site/search");
    common::succeeded(&run(
        &server,
        &[
            "publish",
            local.to_str().unwrap(),
            destination.to_str().unwrap(),
            "--dry-run",
        ],
    ));
    assert!(!destination.exists(), "a dry run writes nothing");
    let message = common::succeeded(&run(
        &server,
        &[
            "publish",
            local.to_str().unwrap(),
            destination.to_str().unwrap(),
        ],
    ));
    // 3 splits, the `section` split filter file and the lexicon.
    assert_eq!(uploaded_count(&message), 5, "{message}");
    let url = common::serve(&destination).await;
    assert_eq!(
        answers(&common::open_http(&url, 64 << 20).await).await,
        local_answers(&local).await
    );
}
