//! Several split indexes built with one mapping are searched as one (`SearchIndex::open_together`,
//! `rangefind search A B QUERY`): the bundled MDN sample cut in two indexes (every other
//! document) answers as one index built over all of it — the same counts, the same hits with
//! the same scores (BM25's statistics and prefix expansions are counted over both), in the
//! waves of the slower index searched alone — and each hit says which index it came from. Control: each index
//! scored on its own and the hits merged by score do not rank as one index.

use crate::common;

use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;

use rangefind_engine::io::{DirStore, IndexStore};
use rangefind_engine::splits::{IndexOptions, SearchIndex, SearchRequest};

/// Documents per split: each index gets several splits.
const SPLIT_DOCS: u64 = 60;

/// Hits compared per query.
const COMPARED: usize = 20;

/// Two scores are the same when they differ by float rounding only (the statistics are sums
/// over other splits, in another order).
fn same_score(a: f32, b: f32) -> bool {
    (a - b).abs() <= 1e-4 * a.abs().max(1.0)
}

fn store(dir: &Path) -> Arc<dyn IndexStore> {
    Arc::new(DirStore::new(dir))
}

fn request(query: &str) -> SearchRequest {
    SearchRequest {
        snippet: false,
        ..SearchRequest::new(query, COMPARED)
    }
}

/// Whether `together` ranks as `one`: the same scores rank by rank, and the same documents
/// but for ties at the last score shown (which of several tied documents make the cut).
fn ranks_alike(together: &[(String, f32)], one: &[(String, f32)]) -> bool {
    if together.len() != one.len() {
        return false;
    }
    if !together
        .iter()
        .zip(one)
        .all(|((_, a), (_, b))| same_score(*a, *b))
    {
        return false;
    }
    let last = one.last().map_or(0.0, |(_, score)| *score);
    let above = |hits: &[(String, f32)]| -> HashSet<String> {
        hits.iter()
            .filter(|(_, score)| !same_score(*score, last))
            .map(|(id, _)| id.clone())
            .collect()
    };
    above(together) == above(one)
}

/// The sample built whole and cut in two; returns the three index directories and the ids
/// of the first half's documents.
fn built(dir: &Path) -> ([std::path::PathBuf; 3], HashSet<String>) {
    let text = common::sample_text();
    let (mut first, mut second) = (String::new(), String::new());
    let mut in_first = HashSet::new();
    for (n, line) in text.lines().enumerate() {
        if n % 2 == 0 {
            first.push_str(line);
            first.push('\n');
            let doc: serde_json::Value = serde_json::from_str(line).unwrap();
            in_first.insert(doc["id"].as_str().unwrap().to_string());
        } else {
            second.push_str(line);
            second.push('\n');
        }
    }
    let config = common::repo().join("examples/mdn/rangefind.yaml");
    let split_docs = SPLIT_DOCS.to_string();
    let mut out = Vec::new();
    for (name, input) in [
        ("all", text.as_str()),
        ("first", &first),
        ("second", &second),
    ] {
        let input_file = dir.join(format!("{name}.jsonl"));
        std::fs::write(&input_file, input).unwrap();
        let index = dir.join(name);
        common::succeeded(&common::build_cli(
            &config,
            &input_file,
            &index,
            &["--split-docs", &split_docs],
        ));
        out.push(index);
    }
    (out.try_into().unwrap(), in_first)
}

/// Queries from the sample's titles: each title's first word and first two words, and a
/// prefix of the first word.
fn queries() -> Vec<String> {
    let mut queries = Vec::new();
    for line in common::sample_text().lines() {
        let doc: serde_json::Value = serde_json::from_str(line).unwrap();
        let words: Vec<&str> = doc["title"]
            .as_str()
            .unwrap_or_default()
            .split_whitespace()
            .filter(|w| w.chars().all(char::is_alphanumeric))
            .collect();
        if let Some(first) = words.first() {
            queries.push(first.to_string());
            if first.chars().count() > 4 {
                let prefix: String = first.chars().take(4).collect();
                queries.push(format!("{prefix}*"));
            }
        }
        if words.len() > 1 {
            queries.push(words[..2].join(" "));
        }
    }
    queries.sort();
    queries.dedup();
    queries
}

#[tokio::test(flavor = "multi_thread")]
async fn two_split_indexes_rank_as_one_index_over_all_their_documents() {
    let dir = tempfile::tempdir().unwrap();
    let ([all, first, second], in_first) = built(dir.path());
    // No page cache: every query reads what it needs.
    let cold = || IndexOptions {
        cache_bytes: 0,
        ..IndexOptions::default()
    };
    let one = SearchIndex::open(store(&all), cold()).await.unwrap();
    let together = SearchIndex::open_together(vec![store(&first), store(&second)], cold())
        .await
        .unwrap();
    assert_eq!(
        together.open_stats().waves,
        one.open_stats().waves,
        "both manifests in one wave, then both indexes' split filter files in one"
    );
    assert_eq!(
        together.manifest().splits.len(),
        common::manifest_of(&first).splits.len() + common::manifest_of(&second).splits.len()
    );
    let first_alone = SearchIndex::open(store(&first), cold()).await.unwrap();
    let second_alone = SearchIndex::open(store(&second), cold()).await.unwrap();
    // Waves, each search on readers fresh from opening: together, the indexes are read at
    // once, so a search costs the waves of the slower index searched alone.
    for query in queries().iter().step_by(10) {
        let fresh = |dirs: Vec<Arc<dyn IndexStore>>| async move {
            let index = SearchIndex::open_together(dirs, cold()).await.unwrap();
            let response = index.search(&request(query)).await.unwrap();
            (response.stats.waves, response.replaced.is_empty())
        };
        let (together, plain) = fresh(vec![store(&first), store(&second)]).await;
        let (first_waves, first_plain) = fresh(vec![store(&first)]).await;
        let (second_waves, second_plain) = fresh(vec![store(&second)]).await;
        if plain && first_plain && second_plain {
            assert!(
                together <= first_waves.max(second_waves),
                "{query}: {together} waves together, {first_waves} and {second_waves} alone"
            );
        }
    }
    let queries = queries();
    assert!(queries.len() > 300, "{} queries", queries.len());
    let (mut compared, mut control_departs) = (0, 0);
    for query in &queries {
        let expected = one.search(&request(query)).await.unwrap();
        let got = together.search(&request(query)).await.unwrap();
        assert_eq!(got.count, expected.count, "{query}");
        assert!(
            ranks_alike(&common::scored(&got), &common::scored(&expected)),
            "{query}: together {:?}, one index {:?}",
            common::scored(&got),
            common::scored(&expected)
        );
        for hit in &got.hits {
            let index = usize::from(!in_first.contains(&hit.id));
            assert_eq!(hit.index, Some(index), "{query}: {} says its index", hit.id);
        }
        let first_hits = first_alone.search(&request(query)).await.unwrap();
        let second_hits = second_alone.search(&request(query)).await.unwrap();
        // Control: each index scored on its own statistics, the hits merged by score.
        let mut merged = common::scored(&first_hits);
        merged.extend(common::scored(&second_hits));
        merged.sort_by(|a, b| b.1.total_cmp(&a.1));
        merged.truncate(COMPARED);
        if !ranks_alike(&merged, &common::scored(&expected)) {
            control_departs += 1;
        }
        compared += 1;
    }
    assert!(
        control_departs * 4 > compared,
        "merging each index's own scores departs from one index on only {control_departs} of \
         {compared} queries: this test would not see statistics counted per index"
    );
    println!(
        "{compared} queries rank as one index; merged per-index scores depart on {control_departs}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn filters_typos_the_cli_and_other_mappings_across_split_indexes() {
    let dir = tempfile::tempdir().unwrap();
    let ([all, first, second], in_first) = built(dir.path());
    let one = SearchIndex::open(store(&all), IndexOptions::default())
        .await
        .unwrap();
    let together =
        SearchIndex::open_together(vec![store(&first), store(&second)], IndexOptions::default())
            .await
            .unwrap();

    // A filter works across both (each index's split filter file prunes its own splits). The
    // scores are not compared: BM25's statistics are those of the splits a query searches,
    // and the filter prunes other splits in each layout.
    let section = |query: &str, value: &str| {
        let mut request = request(query);
        request.filters.push(("section".into(), vec![value.into()]));
        request
    };
    for (query, value) in [
        ("array", "Web/JavaScript"),
        ("color", "Web/CSS"),
        ("", "Web/HTML"),
    ] {
        let expected = one.search(&section(query, value)).await.unwrap();
        let got = together.search(&section(query, value)).await.unwrap();
        assert!(expected.count > 0, "{query} in {value}");
        assert_eq!(got.count, expected.count, "{query} in {value}");
        assert!(got.stats.splits_opened < together.manifest().splits.len() as u64);
    }

    // A word neither index holds is replaced from both lexicons, once.
    let typo = together.search(&request("promsie")).await.unwrap();
    assert!(
        typo.replaced
            .iter()
            .any(|r| r.word == "promsie" && r.with.iter().any(|w| w == "promise")),
        "{:?}",
        typo.replaced
    );
    assert!(typo.count > 0);
    assert_eq!(
        typo.count,
        one.search(&request("promsie")).await.unwrap().count
    );

    // The CLI: `rangefind search A B QUERY` answers as the engine, hits naming their index.
    let output = common::rangefind(&[
        "search",
        first.to_str().unwrap(),
        second.to_str().unwrap(),
        "array map",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&common::succeeded(&output)).unwrap();
    let engine = together.search(&request("array map")).await.unwrap();
    assert_eq!(json["count"], engine.count);
    let cli: Vec<(String, u64)> = json["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|hit| {
            (
                hit["id"].as_str().unwrap().to_string(),
                hit["index"].as_u64().unwrap(),
            )
        })
        .collect();
    for (id, index) in &cli {
        assert_eq!(*index, u64::from(!in_first.contains(id)), "{id}");
    }
    assert_eq!(
        json["index_open"]["waves"],
        one.open_stats().waves,
        "both opened at once"
    );
    let human = common::succeeded(&common::rangefind(&[
        "search",
        first.to_str().unwrap(),
        second.to_str().unwrap(),
        "array",
    ]));
    assert!(human.contains(second.to_str().unwrap()), "{human}");

    // The same index twice would count its documents twice: refused.
    let error =
        SearchIndex::open_together(vec![store(&first), store(&first)], IndexOptions::default())
            .await
            .unwrap_err()
            .to_string();
    assert!(error.contains("given twice"), "{error}");

    // Indexes mapped differently are not searched as one, and the error names both.
    let events = dir.path().join("events");
    let input = dir.path().join("events.jsonl");
    std::fs::write(
        &input,
        r#"{"id":"1","type":"PushEvent","actor":{"login":"a"},"repo":{"name":"a/b"},"created_at":"2024-01-01T00:00:00Z","payload":{"message":"fix array"}}"#,
    )
    .unwrap();
    let output = common::build_cli(
        &common::repo().join("examples/events/rangefind.yaml"),
        &input,
        &events,
        &[],
    );
    common::succeeded(&output);
    let error =
        SearchIndex::open_together(vec![store(&first), store(&events)], IndexOptions::default())
            .await
            .unwrap_err()
            .to_string();
    assert!(
        error.contains("map documents differently")
            && error.contains(first.to_str().unwrap())
            && error.contains(events.to_str().unwrap()),
        "{error}"
    );
    let output = common::rangefind(&[
        "search",
        first.to_str().unwrap(),
        events.to_str().unwrap(),
        "array",
    ]);
    let message = common::failed(&output);
    assert!(message.contains("map documents differently"), "{message}");
}
