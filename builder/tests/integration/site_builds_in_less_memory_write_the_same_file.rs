//! `build --site --word-memory MB`: a build whose words outgrow the memory it is given sets
//! them aside on disk in sorted runs and merges them as the site file is written; the index
//! it writes is the same, byte for byte, as a build that held every word in memory.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

/// Every file under `dir` (relative path → bytes).
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let entries = walkdir::WalkDir::new(dir).into_iter().flatten();
    (entries.filter(|entry| entry.file_type().is_file()))
        .map(|entry| {
            let path = entry.path().strip_prefix(dir).unwrap();
            (
                path.display().to_string(),
                std::fs::read(entry.path()).unwrap(),
            )
        })
        .collect()
}

#[test]
fn words_set_aside_in_runs_make_the_same_index() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    // The sample five times over (2,200 pages, five batches of analysis): words in several
    // runs and in memory at the end.
    for copy in ["a", "b", "c", "d", "e"] {
        common::untar(
            &common::repo().join("examples/mdn-site/sample-site.tar.gz"),
            &site.join(copy),
        );
    }
    let build = |name: &str, extra: &[&str]| {
        let out = dir.path().join(name);
        // Past 40 pages, long words have tails: runs merge into them too.
        let mut args = vec!["--out", out.to_str().unwrap(), "--tail-past", "40"];
        args.extend_from_slice(extra);
        (common::build_site_saying(&site, &args), files(&out))
    };
    let (said, in_memory) = build("in-memory", &[]);
    assert!(!said.contains("--word-memory"), "{said}");
    let (said, in_runs) = build("in-runs", &["--word-memory", "1"]);
    let runs: usize = (said.split("set aside on disk in ").nth(1))
        .and_then(|rest| rest.split(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no runs said: {said}"));
    assert!(runs >= 3, "{runs} runs: {said}");
    assert_eq!(
        in_runs.keys().collect::<Vec<_>>(),
        in_memory.keys().collect::<Vec<_>>()
    );
    assert!(in_runs == in_memory, "the same files, byte for byte");
}
