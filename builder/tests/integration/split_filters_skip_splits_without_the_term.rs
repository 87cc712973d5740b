//! Split filters (`split_filter: true`): a query opens only the splits that may hold its
//! terms, answers exactly as an index without filters does, and the filter files stay right
//! through `--append` and `manifest merge`; a damaged filter file is a clear error.

use crate::common;

use std::path::{Path, PathBuf};

use common::{build_cli, rangefind, succeeded};

/// Events `first..first + count`, 100 a split: split `s` has its own ten users `u{s}-{j}`;
/// `everywhere` is in every split, `rare` only in event 512 (split 5).
fn events(first: usize, count: usize) -> String {
    (first..first + count)
        .map(|i| {
            let login = match i {
                512 => "rare".to_string(),
                _ if i % 10 == 0 => "everywhere".to_string(),
                _ => format!("u{}-{}", i / 100, i % 10),
            };
            serde_json::json!({
                "id": format!("e{i}"),
                "type": "PushEvent",
                "actor": {"login": login},
                "repo": {"name": format!("org/repo{}", (i / 100) % 4)},
                "created_at": format!("2020-01-{:02}T{:02}:{:02}:00Z", 1 + i / 1440, (i / 60) % 24, i % 60),
                "payload": {"message": format!("fix number {i}")},
            })
            .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn config(dir: &Path, with_filters: bool) -> PathBuf {
    let text =
        std::fs::read_to_string(common::repo().join("examples/events/rangefind.yaml")).unwrap();
    assert!(text.contains("split_filter: true"));
    let text = if with_filters {
        text
    } else {
        text.replace(", split_filter: true", "")
    };
    let path = dir.join(if with_filters {
        "filtered.yaml"
    } else {
        "plain.yaml"
    });
    std::fs::write(&path, text).unwrap();
    path
}

fn search(index: &Path, query: &str, extra: &[&str]) -> serde_json::Value {
    common::search_json(
        index,
        query,
        &[&["--limit", "1000", "--no-snippet"], extra].concat(),
    )
}

fn ids(answer: &serde_json::Value) -> Vec<String> {
    let mut ids: Vec<String> = answer["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|hit| hit["id"].as_str().unwrap().to_string())
        .collect();
    ids.sort();
    ids
}

#[test]
fn queries_open_only_splits_that_may_match_and_answer_as_without_filters() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("events.jsonl");
    std::fs::write(&input, events(0, 800)).unwrap();
    let filtered = dir.path().join("filtered");
    let plain = dir.path().join("plain");
    for (config, out) in [
        (config(dir.path(), true), &filtered),
        (config(dir.path(), false), &plain),
    ] {
        succeeded(&build_cli(&config, &input, out, &["--split-docs", "100"]));
    }
    let manifest = common::manifest_of(&filtered);
    let fields: Vec<&str> = manifest
        .split_filters
        .iter()
        .map(|f| f.field.as_str())
        .collect();
    assert_eq!(fields, ["actor.login", "repo.name"]);
    assert!(common::manifest_of(&plain).split_filters.is_empty());

    // (query, --filter, splits that may hold a match)
    let cases: &[(&str, Option<&str>, u64)] = &[
        ("actor.login:rare", None, 1),
        ("actor.login:nobody", None, 0),
        ("actor.login:u2-3 OR actor.login:u6-1", None, 2),
        ("actor.login:u2-3 AND fix", None, 1),
        ("actor.login:u2-3 AND actor.login:u6-1", None, 0),
        ("\"number 250\" AND actor.login:u2-3", None, 1),
        ("actor.login:everywhere", None, 8),
        ("repo.name:\"org/repo1\"", None, 2),
        ("fix", Some("actor.login=u3-1"), 1),
        ("", Some("repo.name=org/repo3"), 2),
        ("fix -actor.login:u2-3", None, 8),
        ("fix", None, 8),
    ];
    for (query, filter, may_match) in cases {
        let extra: Vec<&str> = filter.iter().flat_map(|f| ["--filter", f]).collect();
        let with = search(&filtered, query, &extra);
        let without = search(&plain, query, &extra);
        assert_eq!(with["count"], without["count"], "{query}");
        assert_eq!(ids(&with), ids(&without), "{query}");
        // False positives (0.4 % a split) could open one more: none with these terms.
        assert_eq!(
            with["stats"]["splits_opened"], *may_match,
            "{query}: {with}"
        );
        assert_eq!(without["stats"]["splits_opened"], 8, "{query}");
        // Opening reads the manifest, then both filter files in one wave.
        assert_eq!(with["index_open"]["requests"], 3, "{with}");
        assert_eq!(with["index_open"]["waves"], 2, "{with}");
        assert_eq!(without["index_open"]["requests"], 1);
    }
    assert!(search(&filtered, "actor.login:rare", &[])["count"] == 1);
}

#[test]
fn appends_and_shard_merges_write_filter_files_covering_every_split() {
    let dir = tempfile::tempdir().unwrap();
    let config = config(dir.path(), true);
    let all = dir.path().join("all.jsonl");
    std::fs::write(&all, events(0, 600)).unwrap();
    let single = dir.path().join("single");
    succeeded(&build_cli(&config, &all, &single, &["--split-docs", "100"]));

    // Two shards into one directory, merged: the same filter files as the single build.
    let sharded = dir.path().join("sharded");
    for shard in ["0/2", "1/2"] {
        succeeded(&build_cli(
            &config,
            &all,
            &sharded,
            &["--split-docs", "100", "--shard", shard],
        ));
    }
    succeeded(&rangefind(&[
        "manifest",
        "merge",
        sharded.to_str().unwrap(),
    ]));
    assert_eq!(
        common::manifest_of(&sharded).split_filters,
        common::manifest_of(&single).split_filters
    );
    assert_eq!(
        search(&sharded, "actor.login:nobody", &[])["stats"]["splits_opened"],
        0
    );
    assert_eq!(
        search(&sharded, "actor.login:u4-2", &[])["stats"]["splits_opened"],
        1
    );

    // Appending 200 events: new files cover the 8 splits; the old ones stay for old readers.
    let first = dir.path().join("first.jsonl");
    let more = dir.path().join("more.jsonl");
    std::fs::write(&first, events(0, 600)).unwrap();
    std::fs::write(&more, events(600, 200)).unwrap();
    let appended = dir.path().join("appended");
    succeeded(&build_cli(
        &config,
        &first,
        &appended,
        &["--split-docs", "100"],
    ));
    let before = common::manifest_of(&appended).split_filters;
    succeeded(&build_cli(
        &config,
        &more,
        &appended,
        &["--split-docs", "100", "--append"],
    ));
    let after = common::manifest_of(&appended).split_filters;
    assert_eq!(after.len(), 2);
    for (old, new) in before.iter().zip(&after) {
        assert_ne!(old.id, new.id);
        assert!(appended.join(&old.path).is_file());
    }
    for (query, opened) in [
        ("actor.login:u7-1", 1),
        ("actor.login:u1-1", 1),
        ("actor.login:everywhere", 8),
    ] {
        let answer = search(&appended, query, &[]);
        assert_eq!(
            answer["stats"]["splits_opened"], opened,
            "{query}: {answer}"
        );
        assert!(answer["count"].as_u64().unwrap() > 0);
    }
    // The same result as building all 800 at once.
    let whole = dir.path().join("whole");
    let all = dir.path().join("800.jsonl");
    std::fs::write(&all, events(0, 800)).unwrap();
    succeeded(&build_cli(&config, &all, &whole, &["--split-docs", "100"]));
    assert_eq!(after, common::manifest_of(&whole).split_filters);
}

#[test]
fn a_damaged_or_missing_filter_file_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("events.jsonl");
    std::fs::write(&input, events(0, 300)).unwrap();
    let out = dir.path().join("index");
    succeeded(&build_cli(
        &config(dir.path(), true),
        &input,
        &out,
        &["--split-docs", "100"],
    ));
    let filter = out.join(&common::manifest_of(&out).split_filters[0].path);
    let good = std::fs::read(&filter).unwrap();

    let mut damaged = good.clone();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0x40;
    std::fs::write(&filter, &damaged).unwrap();
    let output = rangefind(&["search", out.to_str().unwrap(), "fix"]);
    assert!(!output.status.success());
    let message = common::text(&output);
    assert!(
        message.contains("does not match its content id"),
        "{message}"
    );
    assert!(message.contains(".filter"), "{message}");

    std::fs::write(&filter, &good[..good.len() - 3]).unwrap();
    let message = common::text(&rangefind(&["search", out.to_str().unwrap(), "fix"]));
    assert!(message.contains("truncated"), "{message}");

    std::fs::remove_file(&filter).unwrap();
    let output = rangefind(&["search", out.to_str().unwrap(), "fix"]);
    assert!(!output.status.success());
    let message = common::text(&output);
    assert!(message.contains(".filter"), "{message}");

    std::fs::write(&filter, &good).unwrap();
    succeeded(&rangefind(&["search", out.to_str().unwrap(), "fix"]));
}

#[test]
fn a_word_in_splits_a_filter_left_out_is_not_taken_for_a_typo() {
    // Split 0: user `a`, messages about `promise`; split 1: user `b`, about `premise` (one
    // edit from `promise`). Typo tolerance on.
    let dir = tempfile::tempdir().unwrap();
    let lines: Vec<String> = (0..20)
        .map(|i| {
            let (login, word) = if i < 10 {
                ("a", "promise")
            } else {
                ("b", "premise")
            };
            serde_json::json!({
                "id": format!("e{i}"),
                "type": "PushEvent",
                "actor": {"login": login},
                "repo": {"name": "org/repo"},
                "created_at": format!("2020-01-01T00:{i:02}:00Z"),
                "payload": {"message": format!("{word} event {i}")},
            })
            .to_string()
        })
        .collect();
    let input = dir.path().join("events.jsonl");
    std::fs::write(&input, lines.join("\n")).unwrap();
    let mapping = std::fs::read_to_string(config(dir.path(), true)).unwrap();
    let with_typos = dir.path().join("typos.yaml");
    std::fs::write(&with_typos, format!("typo_tolerance: true\n{mapping}")).unwrap();
    let index = dir.path().join("index");
    succeeded(&build_cli(
        &with_typos,
        &input,
        &index,
        &["--split-docs", "10"],
    ));
    // A typo is still replaced.
    let typo = search(&index, "promsie", &[]);
    assert_eq!(typo["replaced"][0]["word"], "promsie", "{typo}");
    assert_eq!(typo["count"], 10, "{typo}");
    // `promise` with user b: the filter leaves split 0 out, and split 1 has no `promise`. The
    // answer is no hits, not user b's events about `premise` under a `replaced` that says
    // `promise` is no word (so it was, and with user `nobody` every split was left out).
    for filter in ["actor.login=b", "actor.login=nobody"] {
        let answer = search(&index, "promise", &["--filter", filter]);
        assert_eq!(answer["count"], 0, "{filter}: {answer}");
        assert!(answer.get("replaced").is_none(), "{filter}: {answer}");
    }
    assert_eq!(
        search(&index, "promise", &["--filter", "actor.login=nobody"])["stats"]["splits_opened"],
        0
    );
}
