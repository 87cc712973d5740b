//! `count_all: false` (`--no-count-all`) with a sort on the timestamp field over splits written
//! in time order: the newest (oldest) splits that likely fill the page (by the split filters'
//! count tiers; one split when they cannot tell) are searched first, in index order, without
//! their timestamp column, and the others only when the page is not full; the count is then a
//! lower bound. Hits are the column sort's, with ties in index order (reversed when descending).

use crate::common;

use std::path::Path;

use common::{rangefind, succeeded};

/// 600 events, two a minute (ties), in input order `order`; `actor` cycles through 7 users.
fn events(order: impl Iterator<Item = usize>) -> String {
    events_by(order, |i| format!("user{}", i % 7))
}

/// Events as [`events`], event `i` by the actor `actor(i)`.
fn events_by(order: impl Iterator<Item = usize>, actor: impl Fn(usize) -> String) -> String {
    order
        .map(|i| {
            serde_json::json!({
                "id": format!("e{i}"),
                "type": "PushEvent",
                "actor": {"login": actor(i)},
                "repo": {"name": "org/repo"},
                "created_at": format!("2020-01-01T{:02}:{:02}:00Z", i / 2 / 60, i / 2 % 60),
                "payload": {"message": format!("fix number {i}")},
            })
            .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn build(dir: &Path, name: &str, lines: String) -> std::path::PathBuf {
    let input = dir.join(format!("{name}.jsonl"));
    std::fs::write(&input, lines).unwrap();
    let out = dir.join(name);
    let config = common::repo().join("examples/events/rangefind.yaml");
    succeeded(&common::build_cli(
        &config,
        &input,
        &out,
        &["--split-docs", "100"],
    ));
    out
}

fn search(index: &Path, query: &str, extra: &[&str]) -> serde_json::Value {
    common::search_json(index, query, &[&["--no-snippet"], extra].concat())
}

fn column(answer: &serde_json::Value, key: &str) -> Vec<String> {
    answer["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|hit| match key {
            "id" => hit["id"].as_str().unwrap().to_string(),
            _ => hit["sort"].to_string(),
        })
        .collect()
}

#[test]
fn newest_first_reads_the_newest_split_only_and_matches_the_column_sort() {
    let dir = tempfile::tempdir().unwrap();
    let index = build(dir.path(), "ordered", events(0..600));
    assert!(common::manifest_of(&index)
        .splits
        .iter()
        .all(|s| s.time_ordered));

    let early = search(&index, "fix", &["--sort=-created_at", "--no-count-all"]);
    assert_eq!(early["stats"]["splits_opened"], 1, "{early}");
    assert_eq!(early["count"], 100);
    assert_eq!(early["count_is_lower_bound"], true);
    // Latest first, ties (two events a minute) in reverse index order.
    let newest: Vec<String> = (590..600).rev().map(|i| format!("e{i}")).collect();
    assert_eq!(column(&early, "id"), newest);
    assert_eq!(early["hits"][0]["sort"], "2020-01-01T04:59:00Z");

    let full = search(&index, "fix", &["--sort=-created_at"]);
    assert_eq!(full["count"], 600);
    assert!(full.get("count_is_lower_bound").is_none());
    assert_eq!(full["stats"]["splits_opened"], 6);
    assert_eq!(column(&early, "sort"), column(&full, "sort"));
    // Ties keep index order in the column sort: the same events, pairwise swapped.
    let mut swapped = column(&full, "id");
    swapped.chunks_mut(2).for_each(|pair| pair.reverse());
    assert_eq!(column(&early, "id"), swapped);

    // No timestamp column is read: opens, terms, postings and documents only.
    let output = rangefind(&[
        "search",
        index.to_str().unwrap(),
        "fix",
        "--sort=-created_at",
        "--no-count-all",
        "--explain",
    ]);
    let explained = succeeded(&output);
    let waves: Vec<&str> = explained
        .lines()
        .filter(|l| l.starts_with("wave "))
        .collect();
    assert!(!waves.is_empty());
    assert!(waves.iter().all(|l| !l.contains("fast")), "{explained}");
    assert!(early["stats"]["waves"].as_u64().unwrap() <= 4, "{early}");
    assert!(
        early["stats"]["bytes"].as_u64().unwrap() < full["stats"]["bytes"].as_u64().unwrap() / 3
    );

    // Oldest first: the first split, the same hits as the column sort (ties in index order).
    let oldest = search(&index, "fix", &["--sort=created_at", "--no-count-all"]);
    let full_oldest = search(&index, "fix", &["--sort=created_at"]);
    assert_eq!(oldest["stats"]["splits_opened"], 1);
    assert_eq!(column(&oldest, "id"), column(&full_oldest, "id"));
    assert_eq!(column(&oldest, "sort"), column(&full_oldest, "sort"));
}

#[test]
fn a_page_the_first_split_cannot_fill_reads_the_others() {
    let dir = tempfile::tempdir().unwrap();
    let index = build(dir.path(), "ordered", events(0..600));
    // user3 has 14 or 15 events a split, so 40 need several; an offset past the first
    // split's 100 matches, and a time range ending inside a split, too.
    // (query, options, splits opened: the newest reached, then all the others reached)
    let cases: &[(&str, &[&str], u64)] = &[
        ("actor.login:user3", &["--limit", "40"], 6),
        ("fix", &["--limit", "10", "--offset", "95"], 6),
        // Minutes 60..190: splits 1 to 3; split 3 alone holds 80 of them.
        (
            "fix",
            &[
                "--limit",
                "30",
                "--start",
                "2020-01-01T01:00:00Z",
                "--end",
                "2020-01-01T03:10:00Z",
            ],
            1,
        ),
        (
            "fix",
            &[
                "--limit",
                "90",
                "--start",
                "2020-01-01T01:00:00Z",
                "--end",
                "2020-01-01T03:10:00Z",
            ],
            3,
        ),
    ];
    for (query, extra, opened) in cases {
        let early = search(
            &index,
            query,
            &[&["--sort=-created_at", "--no-count-all"], *extra].concat(),
        );
        let full = search(&index, query, &[&["--sort=-created_at"], *extra].concat());
        assert_eq!(
            early["stats"]["splits_opened"], *opened,
            "{query} {extra:?}"
        );
        // The same values in the same order (a page edge may cut a tie differently).
        assert_eq!(
            column(&early, "sort"),
            column(&full, "sort"),
            "{query} {extra:?}"
        );
        assert!(!column(&early, "sort").is_empty());
        if early.get("count_is_lower_bound").is_none() {
            assert_eq!(early["count"], full["count"], "{query} {extra:?}");
        } else {
            assert!(early["count"].as_u64() < full["count"].as_u64());
        }
    }
}

#[test]
fn count_tiers_open_the_splits_that_fill_the_page_at_once() {
    let dir = tempfile::tempdir().unwrap();
    // "rare" has 5 events in each split of 100: its filters' tier of 4 says three splits fill
    // a page of 10 (two would, but the tiers promise 4 a split).
    let actor = |i: usize| if i.is_multiple_of(20) { "rare" } else { "busy" }.to_string();
    let index = build(dir.path(), "tiers", events_by(0..600, actor));
    let newest_first = ["--sort=-created_at", "--no-count-all"];
    let early = search(&index, "actor.login:rare", &newest_first);
    let full = search(&index, "actor.login:rare", &["--sort=-created_at"]);
    assert_eq!(early["stats"]["splits_opened"], 3, "{early}");
    // One stage: the open with the terms (the manifest carries the dictionaries), postings,
    // documents.
    assert_eq!(early["stats"]["waves"], 3, "{early}");
    assert_eq!(early["count"], 15);
    assert_eq!(early["count_is_lower_bound"], true);
    assert_eq!(column(&early, "id"), column(&full, "id"));

    // A conjunction the tiers cannot bound: the newest split, then (5 hits short) the others.
    let and = search(&index, "actor.login:rare AND fix", &newest_first);
    assert_eq!(and["stats"]["splits_opened"], 6, "{and}");
    // Two stages of the open with the terms, then postings; then the documents.
    assert_eq!(and["stats"]["waves"], 5, "{and}");
    assert_eq!(column(&and, "id"), column(&full, "id"));

    // A page larger than all the tiers promise: every split that holds the actor, at once.
    let all = search(
        &index,
        "actor.login:rare",
        &[&newest_first[..], &["--limit", "40"]].concat(),
    );
    assert_eq!(all["stats"]["splits_opened"], 6, "{all}");
    assert_eq!(all["stats"]["waves"], 3, "{all}");
    assert_eq!(all["count"], 30);
}

#[test]
fn splits_not_in_time_order_use_the_column() {
    let dir = tempfile::tempdir().unwrap();
    // Each block of 100 reversed: splits cover the same minutes, but not in index order.
    let order = (0..6).flat_map(|block| (block * 100..block * 100 + 100).rev());
    let index = build(dir.path(), "reversed", events(order));
    assert!(common::manifest_of(&index)
        .splits
        .iter()
        .all(|s| !s.time_ordered));
    let early = search(&index, "fix", &["--sort=-created_at", "--no-count-all"]);
    let full = search(&index, "fix", &["--sort=-created_at"]);
    assert_eq!(early["stats"]["splits_opened"], 6);
    assert!(early.get("count_is_lower_bound").is_none());
    assert_eq!(early["count"], 600);
    assert_eq!(column(&early, "id"), column(&full, "id"));
}
