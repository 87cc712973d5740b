//! Aggregations and sorting by a fast field, over an index of several splits: each kind of
//! aggregation gives what one pass over the documents gives, sorting merges the splits' top k,
//! and mistakes get `invalid_query` errors that say what to do. Through the library over HTTP
//! and through `rangefind search --aggs / --sort`.

use crate::common;

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use rangefind_engine::error::ErrorKind;
use rangefind_engine::mapping::DocMapping;
use rangefind_engine::splits::SearchRequest;
use serde_json::{json, Value};

const MAPPING: &str = r#"
id_field: id
timestamp_field: at
default_search_fields: [text]
fields:
  - { name: id, type: keyword }
  - { name: text, type: text }
  - { name: kind, type: keyword, fast: true }
  - { name: size, type: u64, fast: true }
  - { name: delta, type: i64, fast: true }
  - { name: ratio, type: f64, fast: true }
  - { name: plain, type: u64 }
  - { name: at, type: datetime, fast: true }
"#;

const EVENTS: u64 = 500;
const SPLIT_DOCS: u64 = 70;

/// Event i: deterministic but unordered values, so that every split holds some of each.
fn event(i: u64) -> Value {
    let kind = ["push", "pull", "tag", "fork"][(i * 7 % 4) as usize];
    json!({
        "id": format!("e{i}"),
        "text": if i.is_multiple_of(3) { "alpha beta" } else { "beta gamma" },
        "kind": kind,
        "size": i * 37 % 101,
        "delta": (i as i64 * 13 % 41) - 20,
        "ratio": (i * 11 % 17) as f64 / 4.0,
        "plain": i,
        // Two events per minute: ties in time.
        "at": 1_600_000_000 + (i / 2) * 60,
    })
}

fn build(dir: &Path) -> std::path::PathBuf {
    let input = dir.join("events.jsonl");
    let lines: Vec<String> = (0..EVENTS).map(|i| event(i).to_string()).collect();
    std::fs::write(&input, lines.join("\n")).unwrap();
    let out = dir.join("index");
    let mapping = DocMapping::from_yaml(MAPPING).unwrap();
    common::build_index(mapping, vec![input], &out, SPLIT_DOCS);
    out
}

fn matching(query: &str) -> Vec<Value> {
    (0..EVENTS)
        .map(event)
        .filter(|e| match query {
            "alpha" => e["text"].as_str().unwrap().contains("alpha"),
            _ => true,
        })
        .collect()
}

/// A bucket aggregation's buckets as (key, doc_count), in answer order.
fn bucket_counts(aggregation: &Value) -> impl Iterator<Item = (&Value, u64)> {
    aggregation["buckets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (&b["key"], b["doc_count"].as_u64().unwrap()))
}

fn aggs_request(query: &str, aggs: Value) -> SearchRequest {
    let mut request = SearchRequest::new(query, 0);
    request.aggs = Some(aggs);
    request
}

#[tokio::test(flavor = "multi_thread")]
async fn every_kind_of_aggregation_merges_across_splits() {
    let dir = tempfile::tempdir().unwrap();
    let out = build(dir.path());
    assert_eq!(common::manifest_of(&out).splits.len(), 8);
    let url = common::serve(&out).await;
    let index = common::open_http(&url, 1 << 20).await;

    for query in ["", "alpha"] {
        let events = matching(query);
        let sizes: Vec<u64> = events.iter().map(|e| e["size"].as_u64().unwrap()).collect();
        let deltas: Vec<i64> = events
            .iter()
            .map(|e| e["delta"].as_i64().unwrap())
            .collect();
        let request = aggs_request(
            query,
            json!({
                "kinds": {"terms": {"field": "kind"}},
                "sizes": {"histogram": {"field": "size", "interval": 25}},
                "bands": {"range": {"field": "delta", "ranges": [{"to": 0}, {"from": 0, "to": 10}, {"from": 10}]}},
                "size_stats": {"stats": {"field": "size"}},
                "ratio_avg": {"avg": {"field": "ratio"}},
                "delta_min": {"min": {"field": "delta"}},
                "delta_max": {"max": {"field": "delta"}},
                "size_sum": {"sum": {"field": "size"}},
                "distinct_sizes": {"cardinality": {"field": "size"}},
            }),
        );
        let answer = index.search(&request).await.unwrap();
        assert_eq!(answer.count as usize, events.len(), "{query:?}");
        assert!(answer.hits.is_empty());
        let aggs = answer.aggregations.unwrap();

        let mut kinds: BTreeMap<String, u64> = BTreeMap::new();
        for e in &events {
            *kinds.entry(e["kind"].as_str().unwrap().into()).or_default() += 1;
        }
        let found: BTreeMap<String, u64> = bucket_counts(&aggs["kinds"])
            .map(|(key, count)| (key.as_str().unwrap().into(), count))
            .collect();
        assert_eq!(found, kinds, "terms {query:?}");

        let mut bins: BTreeMap<u64, u64> = BTreeMap::new();
        for size in &sizes {
            *bins.entry(size / 25 * 25).or_default() += 1;
        }
        let found: BTreeMap<u64, u64> = bucket_counts(&aggs["sizes"])
            .filter(|(_, count)| *count > 0)
            .map(|(key, count)| (key.as_f64().unwrap() as u64, count))
            .collect();
        assert_eq!(found, bins, "histogram {query:?}");

        let bands: Vec<u64> = bucket_counts(&aggs["bands"])
            .map(|(_, count)| count)
            .collect();
        let count = |f: &dyn Fn(i64) -> bool| deltas.iter().filter(|d| f(**d)).count() as u64;
        assert_eq!(
            bands,
            [
                count(&|d| d < 0),
                count(&|d| (0..10).contains(&d)),
                count(&|d| d >= 10)
            ],
            "range {query:?}"
        );

        let sum: u64 = sizes.iter().sum();
        let stats = &aggs["size_stats"];
        assert_eq!(stats["count"], sizes.len());
        assert_eq!(stats["sum"].as_f64().unwrap(), sum as f64);
        assert_eq!(
            stats["min"].as_f64().unwrap(),
            *sizes.iter().min().unwrap() as f64
        );
        assert_eq!(
            stats["max"].as_f64().unwrap(),
            *sizes.iter().max().unwrap() as f64
        );
        assert_eq!(aggs["size_sum"]["value"].as_f64().unwrap(), sum as f64);
        let ratio_sum: f64 = events.iter().map(|e| e["ratio"].as_f64().unwrap()).sum();
        let avg = aggs["ratio_avg"]["value"].as_f64().unwrap();
        assert!(
            (avg - ratio_sum / events.len() as f64).abs() < 1e-9,
            "avg {query:?}"
        );
        assert_eq!(
            aggs["delta_min"]["value"].as_f64().unwrap(),
            *deltas.iter().min().unwrap() as f64
        );
        assert_eq!(
            aggs["delta_max"]["value"].as_f64().unwrap(),
            *deltas.iter().max().unwrap() as f64
        );
        // HyperLogLog: exact at this size.
        let distinct: HashSet<u64> = sizes.iter().copied().collect();
        assert_eq!(
            aggs["distinct_sizes"]["value"].as_f64().unwrap(),
            distinct.len() as f64
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn sorting_by_a_field_merges_the_splits_top_k() {
    let dir = tempfile::tempdir().unwrap();
    let out = build(dir.path());
    let url = common::serve(&out).await;
    let index = common::open_http(&url, 1 << 20).await;

    for (field, descending) in [
        ("size", true),
        ("size", false),
        ("delta", true),
        ("ratio", false),
        ("at", true),
        ("kind", false),
    ] {
        for query in ["", "alpha"] {
            let mut events = matching(query);
            // Ties keep index order in both directions (a stable sort).
            events.sort_by(|a, b| {
                let order = match (&a[field], &b[field]) {
                    (Value::String(x), Value::String(y)) => x.cmp(y),
                    (x, y) => x.as_f64().unwrap().total_cmp(&y.as_f64().unwrap()),
                };
                if descending {
                    order.reverse()
                } else {
                    order
                }
            });
            let mut request = SearchRequest::new(query, 25);
            request.offset = 5;
            request.snippet = false;
            request.sort = Some(
                format!("{field}:{}", if descending { "desc" } else { "asc" })
                    .parse()
                    .unwrap(),
            );
            let answer = index.search(&request).await.unwrap();
            assert_eq!(answer.count as usize, events.len());
            let ids: Vec<&str> = answer.hits.iter().map(|h| h.id.as_str()).collect();
            let expected: Vec<String> = events
                .iter()
                .skip(5)
                .take(25)
                .map(|e| e["id"].as_str().unwrap().to_string())
                .collect();
            assert_eq!(ids, expected, "sort {field} desc={descending} {query:?}");
            assert!(answer
                .hits
                .iter()
                .all(|h| h.sort.is_some() && h.score == 0.0));
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn mistakes_are_invalid_queries_that_say_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let out = build(dir.path());
    let url = common::serve(&out).await;
    let index = common::open_http(&url, 1 << 20).await;

    let cases: Vec<(SearchRequest, &str)> = vec![
        (
            aggs_request("", json!({"p": {"terms": {"field": "plain"}}})),
            "\"plain\" is not a fast field of this index (its fast fields are kind, size, delta, ratio, at",
        ),
        (
            aggs_request("", json!({"p": {"terms": {"field": "nope"}}})),
            "\"nope\" is not a fast field",
        ),
        (aggs_request("", json!({"p": {"median": {"field": "size"}}})), "aggs: "),
        (aggs_request("", json!({})), "name at least one aggregation"),
        (
            aggs_request("", json!({"h": {"histogram": {"field": "size", "interval": 0.00001}}})),
            "",
        ),
    ];
    for (request, message) in cases {
        let error = index.search(&request).await.unwrap_err();
        assert_eq!(error.kind(), ErrorKind::InvalidQuery, "{error}");
        assert!(error.to_string().contains(message), "{error}");
    }
    let mut request = SearchRequest::new("", 10);
    request.sort = Some("-plain".parse().unwrap());
    let error = index.search(&request).await.unwrap_err();
    assert_eq!(error.kind(), ErrorKind::InvalidQuery);
    assert!(
        error
            .to_string()
            .contains("sort: \"plain\" is not a fast field"),
        "{error}"
    );
    for bad in ["", "-", "size:sideways"] {
        assert!(
            bad.parse::<rangefind_engine::splits::SortBy>().is_err(),
            "{bad:?}"
        );
    }
    let parsed: SearchRequest =
        serde_json::from_value(json!({"query": "", "sort": {"size": "desc"}, "aggregations": {"k": {"terms": {"field": "kind"}}}}))
            .unwrap();
    assert_eq!(parsed.sort, Some("-size".parse().unwrap()));
    assert!(parsed.aggs.is_some());
}

#[test]
fn the_cli_takes_aggs_and_sort() {
    let dir = tempfile::tempdir().unwrap();
    let out = build(dir.path());
    let index = out.to_str().unwrap();
    let aggs_file = dir.path().join("aggs.json");
    std::fs::write(&aggs_file, r#"{"kinds": {"terms": {"field": "kind"}}}"#).unwrap();
    let answer: Value = serde_json::from_str(&common::succeeded(&common::rangefind(&[
        "search",
        index,
        "--limit",
        "0",
        "--json",
        "--aggs",
        &format!("@{}", aggs_file.display()),
    ])))
    .unwrap();
    assert_eq!(answer["count"], EVENTS);
    let total: u64 = answer["aggregations"]["kinds"]["buckets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["doc_count"].as_u64().unwrap())
        .sum();
    assert_eq!(total, EVENTS);

    // `--sort -FIELD` (a leading hyphen) works without `=`; the human output shows the value.
    let printed = common::succeeded(&common::rangefind(&[
        "search", index, "alpha", "--sort", "-size", "--limit", "3",
    ]));
    assert!(
        printed.contains("(100)") || printed.contains("(99)"),
        "{printed}"
    );

    let failed = common::rangefind(&["search", index, "--aggs", "{not json"]);
    assert!(!failed.status.success());
    assert!(
        common::text(&failed).contains("the argument is not JSON"),
        "{}",
        common::text(&failed)
    );
    let failed = common::rangefind(&["search", index, "--aggs", "@/nonexistent/aggs.json"]);
    assert!(common::text(&failed).contains("/nonexistent/aggs.json"));
    let failed = common::rangefind(&["search", index, "--sort", "size:up"]);
    assert!(
        common::text(&failed).contains("use asc or desc"),
        "{}",
        common::text(&failed)
    );
}
