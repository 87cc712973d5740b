//! `*` (tantivy's and Quickwit's every-document query) and `*:*` (Lucene's, Elasticsearch's):
//! every document, answered as the empty query is with aggregations, a filter or a sort: events
//! per day from the splits' footers, at exactly the empty query's requests and bytes. On a site
//! index, `*:*` lists every page as `*` does.

use crate::common;

use common::{at, build_hourly_events, search_json};

use serde_json::Value;

const PER_DAY: &str =
    r#"{"per_day": {"date_histogram": {"field": "created_at", "fixed_interval": "1d"}}}"#;

/// What an answer costs: requests, bytes, waves and splits opened.
fn cost(answer: &Value) -> [&Value; 4] {
    let stats = &answer["stats"];
    [
        &stats["requests"],
        &stats["bytes"],
        &stats["waves"],
        &stats["splits_opened"],
    ]
}

#[test]
fn match_all_costs_what_the_empty_query_costs() {
    let dir = tempfile::tempdir().unwrap();
    let index = build_hourly_events(dir.path());

    // Events per day over everything: each split's footer answers, nothing else is read.
    let empty = search_json(&index, "", &["--limit", "0", "--aggs", PER_DAY]);
    assert_eq!(empty["count"], 600);
    assert_eq!(empty["stats"]["waves"], 1, "{empty}");
    for typed in ["*", " *:* "] {
        let answer = search_json(&index, typed, &["--limit", "0", "--aggs", PER_DAY]);
        assert_eq!(answer["count"], 600, "{typed:?}");
        assert_eq!(answer["aggregations"], empty["aggregations"], "{typed:?}");
        assert_eq!(cost(&answer), cost(&empty), "{typed:?}: {answer}");
    }

    // With a filter, or a time range and a sort: the empty query's hits and cost.
    let cases: [&[&str]; 2] = [
        &["--filter", "actor.login=user3", "--limit", "1000"],
        &["--start", &at(150), "--end", &at(320), "--sort=-created_at"],
    ];
    for extra in cases {
        let empty = search_json(&index, "", extra);
        assert!(empty["count"].as_u64().unwrap() > 0, "{extra:?}");
        for typed in ["*", "*:*"] {
            let answer = search_json(&index, typed, extra);
            assert_eq!(answer["count"], empty["count"], "{typed:?} {extra:?}");
            assert_eq!(answer["hits"], empty["hits"], "{typed:?} {extra:?}");
            assert_eq!(cost(&answer), cost(&empty), "{typed:?} {extra:?}");
        }
    }

    // Alone, `*` and `*:*` list every event (the empty query asks for nothing).
    let all = search_json(&index, "*", &["--limit", "5"]);
    assert_eq!(all["count"], 600);
    assert_eq!(all["hits"].as_array().unwrap().len(), 5);
    let lucene = search_json(&index, "*:*", &["--limit", "5"]);
    assert_eq!(lucene["count"], 600);
    assert_eq!(lucene["hits"], all["hits"]);
    assert_eq!(search_json(&index, "", &[])["count"], 0);
}

#[test]
fn lucenes_match_all_lists_every_page_of_a_site() {
    let dir = tempfile::tempdir().unwrap();
    common::untar(
        &common::repo().join("examples/mdn-site/sample-site.tar.gz"),
        dir.path(),
    );
    let index = common::build_site(&dir.path().join("site-mdn"), &[]);
    let star = search_json(&index, "*", &["--limit", "3"]);
    assert!(star["count"].as_u64().unwrap() > 100, "{star}");
    let lucene = search_json(&index, "*:*", &["--limit", "3"]);
    assert_eq!(lucene["count"], star["count"]);
    assert_eq!(lucene["hits"], star["hits"]);
    let filtered = ["--filter", "filter.section=Web/API", "--limit", "3"];
    let empty = search_json(&index, "", &filtered);
    assert!(empty["count"].as_u64().unwrap() > 0);
    assert_eq!(
        search_json(&index, "*:*", &filtered)["count"],
        empty["count"]
    );
}
