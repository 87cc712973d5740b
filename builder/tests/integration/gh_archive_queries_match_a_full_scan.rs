//! The four queries of Quickwit's GH Archive benchmark, over HTTP on an index of real events
//! (every 16th event of `../shared/corpora/events-dev.jsonl.zst`, ~59k events in splits of
//! 8,000), checked against a plain scan of the same JSON lines:
//!
//! - Q1 `actor.login:X`, the 10 newest events;
//! - Q2 events per day over everything (date_histogram, no hits);
//! - Q3 events per day for one actor;
//! - Q4 the top 100 repositories by events whose text mentions a word.
//!
//! The whole corpus runs in the benchmark (`scripts/bench/bench.sh events`).

use crate::common;

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, Write};

use rangefind_engine::mapping::{register_tokenizers, DocMapping, MappedSchema};
use rangefind_engine::splits::{parse_timestamp, SearchRequest};
use serde_json::{json, Value};
use tantivy::tokenizer::TokenizerManager;

/// Keep one event in this many.
const SAMPLE_EVERY: usize = 16;
const SPLIT_DOCS: u64 = 8_000;
const DAY: i64 = 86_400;

/// One event as the scan sees it.
struct Event {
    id: String,
    actor: String,
    repo: String,
    created_at: i64,
    /// The text field's tokens (as indexed: lowercased, stemmed).
    tokens: Vec<String>,
}

fn events_mapping() -> DocMapping {
    let text =
        std::fs::read_to_string(common::repo().join("examples/events/rangefind.yaml")).unwrap();
    DocMapping::from_yaml(&text).unwrap()
}

/// The text field's analyzer, as the index uses it.
fn text_analyzer(mapping: &DocMapping) -> tantivy::tokenizer::TextAnalyzer {
    let schema = MappedSchema::new(mapping.clone());
    let field = schema.field("text").unwrap();
    let entry = schema.schema.get_field_entry(field);
    let tantivy::schema::FieldType::Str(options) = entry.field_type() else {
        panic!("text is a text field")
    };
    let name = options.get_indexing_options().unwrap().tokenizer();
    let manager = TokenizerManager::default();
    register_tokenizers(&manager, mapping);
    manager.get(name).unwrap()
}

fn text_of(event: &Value) -> String {
    let payload = &event["payload"];
    [
        &payload["message"],
        &payload["pull_request"]["title"],
        &payload["description"],
    ]
    .iter()
    .filter_map(|v| v.as_str())
    .collect::<Vec<_>>()
    .join(" ")
}

/// Writes the sample to `path` and returns its events, in input order.
fn sample_events(corpus: &std::path::Path, path: &std::path::Path) -> Vec<Event> {
    let mapping = events_mapping();
    let mut analyzer = text_analyzer(&mapping);
    let decoder = zstd::stream::read::Decoder::new(std::fs::File::open(corpus).unwrap()).unwrap();
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut events = Vec::new();
    for line in std::io::BufReader::new(decoder)
        .lines()
        .step_by(SAMPLE_EVERY)
    {
        let line = line.unwrap();
        writeln!(out, "{line}").unwrap();
        let event: Value = serde_json::from_str(&line).unwrap();
        let mut tokens = Vec::new();
        let text = text_of(&event);
        let mut stream = analyzer.token_stream(&text);
        while let Some(token) = stream.next() {
            tokens.push(token.text.clone());
        }
        events.push(Event {
            id: event["id"].as_str().unwrap().to_string(),
            actor: event["actor"]["login"].as_str().unwrap().to_string(),
            repo: event["repo"]["name"].as_str().unwrap().to_string(),
            created_at: parse_timestamp(event["created_at"].as_str().unwrap()).unwrap(),
            tokens,
        });
    }
    out.flush().unwrap();
    events
}

/// Day (its first second) → events, as a date_histogram with `fixed_interval: 1d` counts.
fn per_day<'a>(events: impl Iterator<Item = &'a Event>) -> BTreeMap<i64, u64> {
    let mut days = BTreeMap::new();
    for event in events {
        *days
            .entry(event.created_at.div_euclid(DAY) * DAY)
            .or_default() += 1;
    }
    days
}

/// The non-empty buckets of a date_histogram answer, as day (seconds) → count.
fn buckets(answer: &Value) -> BTreeMap<i64, u64> {
    answer["buckets"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["doc_count"].as_u64().unwrap() > 0)
        .map(|b| {
            let key_ms = b["key"].as_f64().unwrap() as i64;
            (key_ms / 1000, b["doc_count"].as_u64().unwrap())
        })
        .collect()
}

fn request(query: &str, limit: usize) -> SearchRequest {
    let mut request = SearchRequest::new(query, limit);
    request.snippet = false;
    request
}

#[tokio::test(flavor = "multi_thread")]
async fn the_four_gh_archive_queries_answer_as_a_scan_does() {
    let Some(corpus) = common::shared_corpus("events-dev.jsonl.zst") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("sample.jsonl");
    let events = sample_events(&corpus, &input);
    let out = dir.path().join("index");
    let report = common::build_index(events_mapping(), vec![input], &out, SPLIT_DOCS);
    assert_eq!(report.indexed as usize, events.len());
    let url = common::serve(&out).await;
    let index = common::open_http(&url, 0).await;

    // Actors by number of events: the busiest, one in the middle, one with a single event.
    let mut by_actor: HashMap<&str, u64> = HashMap::new();
    for event in &events {
        *by_actor.entry(&event.actor).or_default() += 1;
    }
    let mut actors: Vec<(&str, u64)> = by_actor.into_iter().collect();
    actors.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let chosen = [
        actors[0].0,
        actors[actors.len() / 50].0,
        actors.last().unwrap().0,
    ];

    for actor in chosen {
        let query = format!("actor.login:\"{actor}\"");
        let theirs: Vec<&Event> = events.iter().filter(|e| e.actor == actor).collect();

        // Q1: newest first; among events of the same second, index order.
        let mut newest: Vec<&Event> = theirs.clone();
        newest.sort_by_key(|e| std::cmp::Reverse(e.created_at));
        let mut q1 = request(&query, 10);
        q1.sort = Some("-created_at".parse().unwrap());
        let answer = index.search(&q1).await.unwrap();
        assert_eq!(answer.count as usize, theirs.len(), "Q1 {actor}");
        let ids: Vec<&str> = answer.hits.iter().map(|h| h.id.as_str()).collect();
        let expected: Vec<&str> = newest.iter().take(10).map(|e| e.id.as_str()).collect();
        assert_eq!(ids, expected, "Q1 {actor}");
        for (hit, event) in answer.hits.iter().zip(&newest) {
            assert_eq!(
                parse_timestamp(hit.sort.as_ref().unwrap().as_str().unwrap()),
                Some(event.created_at)
            );
        }

        // Q3: events per day for the actor.
        let mut q3 = request(&query, 0);
        q3.aggs = Some(
            json!({"per_day": {"date_histogram": {"field": "created_at", "fixed_interval": "1d"}}}),
        );
        let answer = index.search(&q3).await.unwrap();
        assert!(answer.hits.is_empty());
        let aggregations = answer.aggregations.as_ref().unwrap();
        assert_eq!(
            buckets(&aggregations["per_day"]),
            per_day(theirs.iter().copied()),
            "Q3 {actor}"
        );
    }

    // Q2: events per day over everything, on a fresh reader: the split opens and nothing
    // else (each split's footer counts its events per day).
    let index = common::open_http(&url, 0).await;
    let mut q2 = request("", 0);
    q2.aggs = Some(
        json!({"per_day": {"date_histogram": {"field": "created_at", "fixed_interval": "1d"}}}),
    );
    let answer = index.search(&q2).await.unwrap();
    assert_eq!(answer.count as usize, events.len());
    assert_eq!(
        buckets(&answer.aggregations.as_ref().unwrap()["per_day"]),
        per_day(events.iter())
    );
    assert_eq!(answer.stats.waves, 1, "the split opens alone");
    assert_eq!(
        answer.stats.splits_opened,
        index.manifest().splits.len() as u64
    );
    let open_bytes: u64 = index
        .manifest()
        .splits
        .iter()
        .map(|s| s.open_region[1] - s.open_region[0])
        .sum();
    assert_eq!(answer.stats.bytes, open_bytes);

    // Q2 within a time range that cuts splits: the splits inside it answer from their day
    // counts, the two it cuts from their columns, and the buckets are the scan's.
    let splits = &index.manifest().splits;
    let (start, end) = (
        splits[1].time_range.unwrap().0 + DAY / 2,
        splits[splits.len() - 2].time_range.unwrap().1,
    );
    let mut q2_range = q2.clone();
    (q2_range.start_timestamp, q2_range.end_timestamp) = (Some(start), Some(end));
    let answer = index.search(&q2_range).await.unwrap();
    let within: Vec<&Event> = events
        .iter()
        .filter(|e| (start..end).contains(&e.created_at))
        .collect();
    assert_eq!(answer.count as usize, within.len());
    assert_eq!(
        buckets(&answer.aggregations.as_ref().unwrap()["per_day"]),
        per_day(within.into_iter())
    );
    // The splits are open already: what it read is the columns of the splits it cuts.
    let last = splits.len() - 1;
    let cut = [&splits[1].path, &splits[last - 1].path, &splits[last].path];
    assert!(!answer.requests.is_empty());
    for read in &answer.requests {
        let what = index.describe_range(&read.file, &read.range).await;
        assert_eq!(what.unwrap_or_default(), "fast", "{read:?}");
        assert!(
            cut.iter().any(|path| read.file.ends_with(path.as_str())),
            "{read:?}"
        );
    }

    // Q4: top 100 repositories among events that mention a word.
    for word in ["fix", "release", "segfault"] {
        let mut q4 = request(&format!("text:{word}"), 0);
        q4.aggs = Some(json!({"repos": {"terms": {"field": "repo.name", "size": 100}}}));
        let answer = index.search(&q4).await.unwrap();
        let mut expected: HashMap<&str, u64> = HashMap::new();
        // The word as indexed ("release" is stemmed to "releas").
        let mut analyzer = text_analyzer(&events_mapping());
        let mut stream = analyzer.token_stream(word);
        let stem = stream.next().unwrap().text.clone();
        for event in events.iter().filter(|e| e.tokens.contains(&stem)) {
            *expected.entry(&event.repo).or_default() += 1;
        }
        assert_eq!(answer.count, expected.values().sum::<u64>(), "Q4 {word}");
        let buckets = answer.aggregations.as_ref().unwrap()["repos"]["buckets"]
            .as_array()
            .unwrap()
            .clone();
        let counts: Vec<u64> = buckets
            .iter()
            .map(|b| b["doc_count"].as_u64().unwrap())
            .collect();
        assert!(
            counts.windows(2).all(|w| w[0] >= w[1]),
            "Q4 {word}: most first"
        );
        let found: HashMap<&str, u64> = buckets
            .iter()
            .map(|b| (b["key"].as_str().unwrap(), b["doc_count"].as_u64().unwrap()))
            .collect();
        assert_eq!(found, expected, "Q4 {word}");
        assert!(!found.is_empty(), "Q4 {word}: the sample mentions it");
    }
}
