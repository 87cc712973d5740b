//! `rangefind publish` and `rangefind build --out s3://…` against a real S3-compatible server
//! on 127.0.0.1 (s3s-fs, SigV4): what lands in the bucket and with which headers, searches
//! over HTTP straight from the bucket, re-publishing uploads nothing, an interrupted or failed
//! upload leaves the old index serving, large splits go up in parts, and mistakes are
//! reported clearly.

use crate::common;
use crate::s3_server;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rangefind_engine::io::DirStore;
use rangefind_engine::manifest::Manifest;
use rangefind_engine::mapping::StoreCompression;
use rangefind_engine::splits::{IndexOptions, SearchIndex, SearchRequest};
use s3_server::S3Server;

const BUCKET: &str = "indexes";
const QUERIES: &[&str] = &[
    "array",
    "fetch request",
    "flex*",
    "\"event listener\"",
    "css -grid",
];

/// `rangefind build` of the bundled sample with the MDN mapping into `out`, plus `extra`.
fn build_sample_args(out: &str, extra: &[&str]) -> Vec<String> {
    let config = common::repo().join("examples/mdn/rangefind.yaml");
    let mut args: Vec<String> = ["build", "--config", config.to_str().unwrap()]
        .into_iter()
        .chain(["--input", common::sample().to_str().unwrap(), "--out", out])
        .map(String::from)
        .collect();
    args.extend(extra.iter().map(|a| a.to_string()));
    args
}

fn rangefind(server: &S3Server, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rangefind"));
    command.args(args).arg("-q").envs(server.env());
    command
}

fn run(server: &S3Server, args: &[&str]) -> Output {
    rangefind(server, args).output().expect("run rangefind")
}

fn build_local(out: &Path, split_docs: u64) -> Manifest {
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
async fn assert_bucket_answers_like(server: &S3Server, prefix: &str, dir: &Path) {
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

fn uploaded_count(message: &str) -> usize {
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
async fn an_interrupted_or_failed_upload_leaves_the_old_index_serving() {
    let server = S3Server::start(&[BUCKET]).await;
    let work = tempfile::tempdir().unwrap();
    let (old, new) = (work.path().join("old"), work.path().join("new"));
    build_local(&old, 150);
    let new_manifest = build_local(&new, 100);
    assert_eq!(new_manifest.splits.len(), 5);
    let target = format!("s3://{BUCKET}/live");
    common::succeeded(&run(&server, &["publish", old.to_str().unwrap(), &target]));
    let old_manifest = std::fs::read(old.join("manifest.json")).unwrap();
    let served_manifest = || std::fs::read(server.object(BUCKET, "live/manifest.json")).unwrap();

    // Killed in the middle: some new splits are up, the manifest is the old one.
    server.faults.write_delay_ms.store(300, Ordering::Relaxed);
    let mut child = rangefind(
        &server,
        &["publish", new.to_str().unwrap(), &target, "--jobs", "1"],
    )
    .stdout(Stdio::null())
    .stderr(Stdio::null())
    .spawn()
    .unwrap();
    let new_keys: Vec<String> = new_manifest
        .splits
        .iter()
        .map(|s| format!("live/{}", s.path))
        .collect();
    let started = Instant::now();
    while !new_keys
        .iter()
        .any(|k| server.keys(BUCKET, "live/").contains(k))
    {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no split uploaded"
        );
        assert!(child.try_wait().unwrap().is_none(), "publish ended early");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    child.kill().unwrap();
    child.wait().unwrap();
    server.faults.write_delay_ms.store(0, Ordering::Relaxed);
    let up = new_keys
        .iter()
        .filter(|k| server.keys(BUCKET, "live/").contains(k))
        .count();
    assert!(
        up < new_keys.len(),
        "the kill came too late to test anything"
    );
    assert_eq!(served_manifest(), old_manifest);
    assert_bucket_answers_like(&server, "live", &old).await;

    // The store fails every write of one split: a clear error, still the old manifest.
    let failing = &new_manifest.splits[4];
    *server.faults.fail_writes_to.lock().unwrap() = Some(failing.id.clone());
    let output = run(&server, &["publish", new.to_str().unwrap(), &target]);
    let message = common::text(&output);
    eprintln!("{message}");
    assert!(!output.status.success(), "{message}");
    assert!(
        message.contains(&format!("uploading {} to {target}", failing.path)),
        "{message}"
    );
    assert!(
        message.contains("the manifest there was not changed"),
        "{message}"
    );
    assert_eq!(served_manifest(), old_manifest);
    assert_bucket_answers_like(&server, "live", &old).await;

    // Once the store works again, publishing finishes the job with the splits still missing.
    *server.faults.fail_writes_to.lock().unwrap() = None;
    let message = common::succeeded(&run(&server, &["publish", new.to_str().unwrap(), &target]));
    let uploaded = uploaded_count(&message);
    assert!((1..=5).contains(&uploaded), "{message}");
    assert_eq!(
        served_manifest(),
        std::fs::read(new.join("manifest.json")).unwrap()
    );
    assert_bucket_answers_like(&server, "live", &new).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn writes_refused_for_a_moment_are_retried() {
    let server = S3Server::start(&[BUCKET]).await;
    let work = tempfile::tempdir().unwrap();
    let local = work.path().join("mdn");
    build_local(&local, 150);
    // Three 503s in a row: each split or manifest PUT that meets one is sent again.
    server.faults.fail_next_writes.store(3, Ordering::Relaxed);
    let target = format!("s3://{BUCKET}/retried");
    let message = common::succeeded(&run(
        &server,
        &["publish", local.to_str().unwrap(), &target],
    ));
    // 3 splits, the `section` split filter file and the lexicon.
    assert_eq!(uploaded_count(&message), 5, "{message}");
    assert_eq!(server.faults.fail_next_writes.load(Ordering::Relaxed), 0);
    // 3 splits, the split filter file, the lexicon and the manifest, plus the 3 refused
    // attempts.
    assert_eq!(server.faults.writes.load(Ordering::Relaxed), 6 + 3);
    assert_bucket_answers_like(&server, "retried", &local).await;
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
async fn mistakes_are_reported_before_anything_is_written() {
    let server = S3Server::start(&[BUCKET]).await;
    let work = tempfile::tempdir().unwrap();
    let local = work.path().join("mdn");
    let manifest = build_local(&local, 150);
    let dir = local.to_str().unwrap();
    let fails = |args: &[&str], envs: &[(&str, &str)], expected: &str| {
        let output = rangefind(&server, args)
            .envs(envs.iter().copied())
            .output()
            .unwrap();
        let message = common::text(&output);
        eprintln!("--- {args:?}\n{message}");
        assert!(!output.status.success(), "{args:?} succeeded: {message}");
        assert!(
            message.contains(expected),
            "{args:?}: expected `{expected}` in: {message}"
        );
    };
    fails(
        &["publish", dir, "s3://indexes/x"],
        &[("AWS_SECRET_ACCESS_KEY", "wrong")],
        "SignatureDoesNotMatch",
    );
    fails(
        &["publish", dir, "s3://no-such-bucket/x"],
        &[],
        "NoSuchBucket",
    );
    fails(
        &["publish", dir, "ftp://host/x"],
        &[],
        "unsupported destination",
    );
    fails(
        &["publish", dir, "s3://indexes/x", "--part-size", "1000"],
        &[],
        "--part-size",
    );
    let args = build_sample_args("s3://no-such-bucket/x", &[]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    fails(&args, &[], "is not reachable");
    fails(
        &["publish", work.path().to_str().unwrap(), "s3://indexes/x"],
        &[],
        "an index written by `rangefind build",
    );
    // A damaged local index is refused before any upload.
    let split = local.join(&manifest.splits[1].path);
    let bytes = std::fs::read(&split).unwrap();
    std::fs::write(&split, &bytes[..bytes.len() / 2]).unwrap();
    fails(&["publish", dir, "s3://indexes/x"], &[], "is damaged");
    assert!(server.keys(BUCKET, "").is_empty(), "nothing may be written");
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

#[tokio::test(flavor = "multi_thread")]
async fn a_build_whose_upload_fails_keeps_its_index_for_publish() {
    let server = S3Server::start(&[BUCKET]).await;
    *server.faults.fail_writes_to.lock().unwrap() = Some("manifest.json".to_string());
    let args = build_sample_args("s3://indexes/kept", &[]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = run(&server, &args);
    let message = common::text(&output);
    assert!(!output.status.success(), "{message}");
    assert!(
        message.contains("writing manifest.json to s3://indexes/kept failed"),
        "{message}"
    );
    let marker = "the index is built in ";
    let start = message.find(marker).expect(marker) + marker.len();
    let kept = PathBuf::from(&message[start..start + message[start..].find(':').unwrap()]);
    assert!(kept.join("manifest.json").is_file(), "{message}");
    assert!(server.keys(BUCKET, "kept/manifest.json").is_empty());

    // The command the message gives finishes the job: the splits are up, only the manifest goes.
    *server.faults.fail_writes_to.lock().unwrap() = None;
    let retry = format!("rangefind publish {} s3://indexes/kept", kept.display());
    assert!(message.contains(&retry), "{message}");
    let message = common::succeeded(&run(
        &server,
        &["publish", kept.to_str().unwrap(), "s3://indexes/kept"],
    ));
    assert_eq!(uploaded_count(&message), 0, "{message}");
    assert_eq!(server.keys(BUCKET, "kept/manifest.json").len(), 1);
    std::fs::remove_dir_all(&kept).unwrap();
}
