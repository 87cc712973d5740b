//! `rangefind build --append`, run as a user would, into a directory and into a bucket on a
//! real S3-compatible server on 127.0.0.1: old splits stay byte for byte, the manifest lists
//! old then new splits, searches see both, the same documents appended twice add nothing, and
//! a different mapping is refused without touching the index.

use crate::common;
use crate::s3_server;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Arc;

use rangefind_engine::formats::manifest::Manifest;
use rangefind_engine::io::DirStore;
use rangefind_engine::splits::{IndexOptions, SearchIndex, SearchRequest};
use s3_server::S3Server;

const QUERIES: &[&str] = &["array", "fetch request", "\"event listener\"", "css -grid"];

/// The bundled sample cut in two halves, as two input files.
fn halves(dir: &Path) -> (PathBuf, PathBuf) {
    let text = common::sample_text();
    let lines: Vec<&str> = text.lines().collect();
    let (first, second) = lines.split_at(lines.len() / 2);
    let write = |name: &str, lines: &[&str]| {
        let path = dir.join(name);
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        path
    };
    (write("first.jsonl", first), write("second.jsonl", second))
}

/// `rangefind build` of `input` into `out` (100 documents per split), plus `extra`.
fn build(
    server: Option<&S3Server>,
    config: &Path,
    input: &Path,
    out: &str,
    extra: &[&str],
) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rangefind"));
    command
        .args(["build", "-q", "--split-docs", "100", "--config"])
        .arg(config)
        .arg("--input")
        .arg(input)
        .args(["--out", out])
        .args(extra);
    if let Some(server) = server {
        command.envs(server.env());
    }
    command.output().unwrap()
}

/// Count and (id, score to 4 digits) of the top hits of each query, ties in id order.
async fn answers(index: &SearchIndex) -> Vec<(u64, Vec<(String, String)>)> {
    let mut all = Vec::new();
    for query in QUERIES {
        let response = index.search(&SearchRequest::new(*query, 10)).await.unwrap();
        let mut hits: Vec<(String, String)> = response
            .hits
            .into_iter()
            .map(|h| (h.id, format!("{:.4e}", h.score)))
            .collect();
        hits.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        all.push((response.count, hits));
    }
    all
}

async fn local_answers(dir: &Path) -> Vec<(u64, Vec<(String, String)>)> {
    let store = Arc::new(DirStore::new(dir));
    answers(
        &SearchIndex::open(store, IndexOptions::default())
            .await
            .unwrap(),
    )
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn appending_to_a_directory_keeps_the_old_splits_and_finds_both_parts() {
    let work = tempfile::tempdir().unwrap();
    let (first, second) = halves(work.path());
    let config = common::repo().join("examples/mdn/rangefind.yaml");
    let out = work.path().join("index");
    let out_text = out.to_str().unwrap();

    // Appending to nothing creates the index.
    let message = common::succeeded(&build(None, &config, &first, out_text, &["--append"]));
    assert!(message.contains("no index in"), "{message}");
    let before = common::manifest_of(&out);
    let old_bytes: Vec<Vec<u8>> = before
        .splits
        .iter()
        .map(|s| std::fs::read(out.join(&s.path)).unwrap())
        .collect();

    let message = common::succeeded(&build(None, &config, &second, out_text, &["--append"]));
    let after = common::manifest_of(&out);
    assert_eq!(after.splits[..before.splits.len()], before.splits[..]);
    assert!(after.splits.len() > before.splits.len());
    assert!(
        message.contains(&format!(
            "the index had {} split(s) and now has {}",
            before.splits.len(),
            after.splits.len()
        )),
        "{message}"
    );
    for (split, bytes) in before.splits.iter().zip(&old_bytes) {
        assert_eq!(&std::fs::read(out.join(&split.path)).unwrap(), bytes);
    }
    assert_eq!(after.doc_count(), 440);

    // The same answers as one index built from both parts at once.
    let whole = work.path().join("whole");
    let both = work.path().join("both.jsonl");
    let joined =
        std::fs::read_to_string(&first).unwrap() + &std::fs::read_to_string(&second).unwrap();
    std::fs::write(&both, joined).unwrap();
    common::succeeded(&build(None, &config, &both, whole.to_str().unwrap(), &[]));
    assert_eq!(local_answers(&out).await, local_answers(&whole).await);
    // The lexicon counts the old documents' words and the new ones': one build's file.
    assert!(after.lexicon.is_some());
    assert_eq!(after.lexicon, common::manifest_of(&whole).lexicon);

    // The same documents again: same content ids, nothing added.
    let message = common::succeeded(&build(None, &config, &second, out_text, &["--append"]));
    assert!(message.contains("held the same content"), "{message}");
    assert_eq!(common::manifest_of(&out), after);

    // Another mapping is refused, and the index is untouched.
    let other = work.path().join("other.yaml");
    let yaml = std::fs::read_to_string(&config).unwrap();
    std::fs::write(
        &other,
        yaml.replace("default_operator: and", "default_operator: or"),
    )
    .unwrap();
    let output = build(None, &other, &second, out_text, &["--append"]);
    let message = common::text(&output);
    assert!(!output.status.success(), "{message}");
    assert!(message.contains("`default_operator` differs"), "{message}");
    assert_eq!(common::manifest_of(&out), after);
}

#[tokio::test(flavor = "multi_thread")]
async fn appending_to_a_bucket_uploads_only_the_new_splits() {
    let server = S3Server::start(&["indexes"]).await;
    let work = tempfile::tempdir().unwrap();
    let (first, second) = halves(work.path());
    let config = common::repo().join("examples/mdn/rangefind.yaml");
    let target = "s3://indexes/appended";
    common::succeeded(&build(Some(&server), &config, &first, target, &[]));
    let stored = || {
        let bytes = std::fs::read(server.object("indexes", "appended/manifest.json")).unwrap();
        Manifest::parse(&bytes).unwrap()
    };
    let splits_before = stored().splits.len();
    let message = common::succeeded(&build(
        Some(&server),
        &config,
        &second,
        target,
        &["--append"],
    ));

    // The same index, split for split, as appending locally (builds are deterministic).
    let local = work.path().join("local");
    let local_text = local.to_str().unwrap();
    common::succeeded(&build(None, &config, &first, local_text, &[]));
    common::succeeded(&build(None, &config, &second, local_text, &["--append"]));
    let expected = common::manifest_of(&local);
    assert_eq!(stored(), expected);
    // The new splits, and each field's split filter file and the lexicon, rewritten to cover
    // them too (read from the bucket: the stored manifest equals the local one, filters and
    // lexicon included).
    assert!(!expected.split_filters.is_empty());
    assert!(expected.lexicon.is_some());
    let new_files = expected.splits.len() - splits_before + expected.split_filters.len() + 1;
    assert!(
        message.contains(&format!("{new_files} file(s) uploaded")),
        "{message}"
    );
    let url = format!("{}/indexes/appended/", server.endpoint);
    assert_eq!(
        answers(&common::open_http(&url, 64 << 20).await).await,
        local_answers(&local).await
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_long_lived_reader_refreshes_onto_appended_splits_and_keeps_what_it_opened() {
    let work = tempfile::tempdir().unwrap();
    let (first, second) = halves(work.path());
    let config = common::repo().join("examples/mdn/rangefind.yaml");
    let out = work.path().join("index");
    let out_text = out.to_str().unwrap();
    common::succeeded(&build(None, &config, &first, out_text, &[]));
    let reader = SearchIndex::open(Arc::new(DirStore::new(&out)), IndexOptions::default())
        .await
        .unwrap();
    let old_splits = reader.manifest().splits.len() as u64;
    reader.preload().await.unwrap();
    assert!(
        reader.refreshed().await.unwrap().is_none(),
        "nothing changed yet"
    );

    common::succeeded(&build(None, &config, &second, out_text, &["--append"]));
    let refreshed = reader
        .refreshed()
        .await
        .unwrap()
        .expect("the manifest changed");
    assert_eq!(refreshed.manifest(), &common::manifest_of(&out));
    // Only the appended splits are opened: one read each, in one wave.
    let stats = refreshed.preload().await.unwrap();
    let new_splits = stats.splits_total - old_splits;
    assert!(new_splits > 0);
    assert_eq!((stats.requests, stats.waves), (new_splits, 1));
    assert_eq!(answers(&refreshed).await, local_answers(&out).await);
}
