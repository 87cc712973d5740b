//! `--start` / `--end` (`start_timestamp` / `end_timestamp`): exactly the hits in
//! `[start, end)`, and splits whose recorded time range misses it are never opened.

use crate::common;

use common::{at, build_hourly_events, rangefind};

use std::path::Path;

fn search(index: &Path, query: &str, extra: &[&str]) -> serde_json::Value {
    common::search_json(index, query, &[&["--limit", "1000"], extra].concat())
}

#[test]
fn only_hits_in_range_and_only_splits_that_reach_it() {
    let dir = tempfile::tempdir().unwrap();
    let index = build_hourly_events(dir.path());
    let (start, end) = (at(150), at(320));

    for query in ["fix", ""] {
        let answer = search(&index, query, &["--start", &start, "--end", &end]);
        assert_eq!(answer["count"], 170, "{query:?}");
        let stats = &answer["stats"];
        assert_eq!(stats["splits_total"], 6);
        // Hours 150..320 lie in splits 1, 2 and 3 only.
        assert_eq!(stats["splits_opened"], 3, "{stats}");
        let hits = answer["hits"].as_array().unwrap();
        assert_eq!(hits.len(), 170);
        for hit in hits {
            let time = hit["doc"]["created_at"].as_str().unwrap();
            assert!(start.as_str() <= time && time < end.as_str(), "{time}");
        }
    }

    // Open bounds, and seconds since 1970 (2020-01-01T00:00:00Z is 1577836800).
    let from_hour_550 = search(
        &index,
        "fix",
        &["--start", &(1_577_836_800 + 550 * 3600).to_string()],
    );
    assert_eq!(from_hour_550["count"], 50);
    assert_eq!(from_hour_550["stats"]["splits_opened"], 1);
    // An end past the last date an index stores (2262) is no end: it wrapped around to 1816
    // in the range query on the split across the start, which then matched nothing.
    let to_9999 = search(
        &index,
        "fix",
        &["--start", &at(550), "--end", "9999-12-31T00:00:00Z"],
    );
    assert_eq!(to_9999["count"], 50);
    let before_hour_100 = search(&index, "fix", &["--end", &at(100)]);
    assert_eq!(before_hour_100["count"], 100);
    assert_eq!(before_hour_100["stats"]["splits_opened"], 1);

    // A range no split reaches opens none and reads nothing but the manifest.
    let later = search(&index, "fix", &["--start", "2021-01-01T00:00:00Z"]);
    assert_eq!(later["count"], 0);
    assert_eq!(later["stats"]["splits_opened"], 0);
    assert_eq!(later["stats"]["requests"], 0);
}

#[test]
fn bad_ranges_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let index = build_hourly_events(dir.path());
    let output = rangefind(&[
        "search",
        index.to_str().unwrap(),
        "fix",
        "--start",
        &at(10),
        "--end",
        &at(5),
    ]);
    assert!(!output.status.success());
    assert!(
        common::text(&output).contains("must be before end_timestamp"),
        "{}",
        common::text(&output)
    );

    let output = rangefind(&[
        "search",
        index.to_str().unwrap(),
        "fix",
        "--start",
        "yesterday",
    ]);
    assert!(!output.status.success());
    assert!(
        common::text(&output).contains("is not a time"),
        "{}",
        common::text(&output)
    );

    // An index without a timestamp field.
    let config = dir.path().join("plain.yaml");
    std::fs::write(
        &config,
        "id_field: id\nfields:\n  - { name: id, type: keyword }\n  - { name: text, type: text }\n",
    )
    .unwrap();
    let input = dir.path().join("plain.jsonl");
    std::fs::write(&input, "{\"id\": \"a\", \"text\": \"hello\"}\n").unwrap();
    let plain = dir.path().join("plain");
    let output = common::build_cli(&config, &input, &plain, &[]);
    assert!(output.status.success(), "{}", common::text(&output));
    let output = rangefind(&["search", plain.to_str().unwrap(), "hello", "--start", "0"]);
    assert!(!output.status.success());
    assert!(
        common::text(&output).contains("no timestamp_field"),
        "{}",
        common::text(&output)
    );
}
