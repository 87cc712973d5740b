//! What goes wrong while publishing to a real S3-compatible server on 127.0.0.1 (s3s-fs,
//! SigV4): an interrupted or failed upload leaves the old index serving, writes refused for a
//! moment are retried, mistakes are reported before anything is written, and a build whose
//! upload fails keeps its index for `rangefind publish`.

use crate::common;
use crate::publish_to_object_storage::{
    assert_bucket_answers_like, build_local, build_sample_args, rangefind, run, uploaded_count,
    S3Server, BUCKET,
};

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

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
