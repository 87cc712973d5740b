//! `build --shard I/N` on N "machines" into one directory, then `manifest merge`: the same
//! splits, in the same order, as one build of the whole input; and clear errors when a shard
//! is missing, stale or incomplete.

use crate::common;

use common::rangefind;

use std::path::Path;
use std::process::Output;

/// Builds the bundled MDN sample into `out` in splits of 60 documents, with `extra` flags.
fn build(out: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["--split-docs", "60"];
    args.extend_from_slice(extra);
    common::build_cli(
        &common::repo().join("examples/mdn/rangefind.yaml"),
        &common::repo().join("examples/mdn/sample.jsonl.gz"),
        out,
        &args,
    )
}

/// The command failed, saying `message`.
fn assert_fails_with(output: Output, message: &str) {
    let text = common::text(&output);
    assert!(!output.status.success(), "{text}");
    assert!(text.contains(message), "{text}");
}

fn manifest(dir: &Path, name: &str) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(dir.join(name)).unwrap()).unwrap()
}

fn split_ids(manifest: &serde_json::Value) -> Vec<String> {
    manifest["splits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn three_shards_merge_into_the_splits_of_one_build() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole");
    let output = build(&whole, &[]);
    assert!(output.status.success(), "{}", common::text(&output));
    let expected = manifest(&whole, "manifest.json");
    assert!(
        split_ids(&expected).len() >= 4,
        "the sample should make several splits"
    );

    let shared = dir.path().join("shared");
    for shard in ["2/3", "0/3", "1/3"] {
        let output = build(&shared, &["--shard", shard]);
        assert!(output.status.success(), "{}", common::text(&output));
    }
    assert!(
        !shared.join("manifest.json").exists(),
        "shards write only their own manifests"
    );
    let output = rangefind(&["manifest", "merge", shared.to_str().unwrap()]);
    assert!(output.status.success(), "{}", common::text(&output));
    assert!(
        common::text(&output).contains("Merged 3 shards"),
        "{}",
        common::text(&output)
    );

    let merged = manifest(&shared, "manifest.json");
    assert_eq!(split_ids(&merged), split_ids(&expected));
    assert_eq!(merged["splits"], expected["splits"]);
    assert_eq!(merged["mapping"], expected["mapping"]);
    // The lexicon counts the words of every shard: the same file as one build's.
    assert!(expected["lexicon"].is_object());
    assert_eq!(merged["lexicon"], expected["lexicon"]);

    // The merged index answers as the whole one does.
    let search = |index: &Path| {
        let output = rangefind(&["search", index.to_str().unwrap(), "array map", "--json"]);
        assert!(output.status.success(), "{}", common::text(&output));
        let answer: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        answer["hits"].clone()
    };
    assert_eq!(search(&shared), search(&whole));
}

#[test]
fn merge_refuses_missing_stale_and_incomplete_shards() {
    let dir = tempfile::tempdir().unwrap();
    let shared = dir.path().join("shared");
    let merge = || rangefind(&["manifest", "merge", shared.to_str().unwrap()]);

    // Nothing built yet.
    std::fs::create_dir_all(&shared).unwrap();
    assert_fails_with(merge(), "build with --shard");

    // One of two shards.
    assert!(build(&shared, &["--shard", "0/2"]).status.success());
    assert_fails_with(merge(), "shard(s) 1 of 2 not built yet");
    assert!(!shared.join("manifest.json").exists());

    // A stale manifest of an earlier build with another N.
    assert!(build(&shared, &["--shard", "1/2"]).status.success());
    assert!(build(&shared, &["--shard", "0/3"]).status.success());
    assert_fails_with(merge(), "different builds");
    std::fs::remove_file(shared.join("manifest-shard-0-of-3.json")).unwrap();

    // A split a shard lists is missing (built elsewhere, not copied).
    let listed = manifest(&shared, "manifest-shard-1-of-2.json");
    let split = listed["splits"][0]["path"].as_str().unwrap().to_string();
    let moved = dir.path().join("moved.split");
    std::fs::rename(shared.join(&split), &moved).unwrap();
    assert_fails_with(
        merge(),
        "missing, though manifest-shard-1-of-2.json lists it",
    );
    std::fs::rename(&moved, shared.join(&split)).unwrap();
    let output = merge();
    assert!(output.status.success(), "{}", common::text(&output));
}

#[test]
fn bad_shard_flags_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    for (flags, message) in [
        (vec!["--shard", "3/3"], "is not I/N with 0 <= I < N"),
        (vec!["--shard", "1/2", "--append"], "--shard and --append"),
    ] {
        assert_fails_with(build(&dir.path().join("x"), &flags), message);
    }
}
