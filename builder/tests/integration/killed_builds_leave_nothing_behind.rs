//! A build that was killed leaves its work directory in `--out`, and the file it was writing
//! (`splits/.tmp-PID-….split`); the next build removes them (only those, only of builds no
//! longer running: a directory another build has just made, as shards built into one
//! directory at once do, stays; so do those of builds on another machine sharing the
//! directory, whose processes this one cannot see, until they are a day old).

use crate::common;

use std::fs;
use std::path::Path;

use common::{build_cli, rangefind, repo, sample, succeeded};

/// A work directory as a build leaves it; `owner`: the owner file of rangefind before
/// 2026-12-02, which named its directories without their process.
fn leave_work_dir(out: &Path, name: &str, owner: Option<u32>) {
    let dir = out.join(name);
    fs::create_dir_all(dir.join("parts")).unwrap();
    fs::write(dir.join("parts/a.tmp"), b"half a split").unwrap();
    if let Some(owner) = owner {
        fs::write(dir.join("owner.pid"), owner.to_string()).unwrap();
    }
}

#[test]
fn a_build_removes_the_work_directories_of_builds_that_did_not_finish() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("index");
    fs::create_dir_all(&out).unwrap();
    // A process id no system hands out (above Linux's pid_max limit).
    let gone = 4_194_304 + 1;
    leave_work_dir(&out, ".rangefind-build-killed", Some(gone));
    leave_work_dir(&out, ".rangefind-build-old", None);
    leave_work_dir(&out, ".rangefind-build-running", Some(std::process::id()));
    leave_work_dir(&out, &format!(".rangefind-build-{gone}-killedtoo"), None);
    // Another build's directory, just made: its name says its process, which is running.
    let just_made = format!(".rangefind-build-{}-justmade", std::process::id());
    leave_work_dir(&out, &just_made, None);
    // A build on another machine (`0badc0de`) whose process id this machine does not run.
    let elsewhere = format!(".rangefind-build-{gone}-0badc0de-shard3");
    leave_work_dir(&out, &elsewhere, None);
    fs::create_dir_all(out.join("not-ours")).unwrap();
    fs::create_dir_all(out.join("splits")).unwrap();
    let half_split = out.join(format!("splits/.tmp-{gone}-x1y2.split"));
    fs::write(&half_split, b"half a split").unwrap();
    let being_written = out.join(format!("splits/.tmp-{}-a1b2.split", std::process::id()));
    fs::write(&being_written, b"a split being written").unwrap();
    let written_elsewhere = out.join(format!("splits/.tmp-{gone}-0badc0de-c3d4.split"));
    fs::write(&written_elsewhere, b"a split another machine is writing").unwrap();
    let config = repo().join("examples/mdn/rangefind.yaml");
    let summary = succeeded(&build_cli(&config, &sample(), &out, &[]));
    assert!(
        summary.contains("removed 3 work directories left in"),
        "{summary}"
    );
    assert!(
        summary.contains("removed 1 unfinished file left in"),
        "{summary}"
    );
    assert!(!half_split.exists());
    assert!(being_written.exists(), "a running build's file is its own");
    assert!(
        written_elsewhere.exists(),
        "another machine's build may be running"
    );
    let mut left: Vec<String> = fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with('.'))
        .collect();
    left.sort();
    let mut kept = [
        just_made.as_str(),
        elsewhere.as_str(),
        ".rangefind-build-running",
    ];
    kept.sort();
    assert_eq!(left, kept);
    assert!(out.join("not-ours").is_dir());

    // Site builds too, with their own prefix.
    let site = dir.path().join("site");
    fs::create_dir_all(&site).unwrap();
    fs::write(
        site.join("index.html"),
        "<html lang=en><body><main>words</main></body></html>",
    )
    .unwrap();
    let site_out = site.join("_rangefind");
    leave_work_dir(&site_out, ".rangefind-site-killed", Some(gone));
    let args = ["build", "--site", site.to_str().unwrap(), "--no-widget"];
    let summary = succeeded(&rangefind(&args));
    assert!(summary.contains("removed 1 work directory"), "{summary}");
    assert!(!site_out.join(".rangefind-site-killed").exists());
}
