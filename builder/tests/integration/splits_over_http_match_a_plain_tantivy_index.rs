//! The same documents give the same hits and counts whether searched in one plain in-memory
//! tantivy index or in several splits read over HTTP from a real local server.

use crate::common;

use std::io::BufRead;

use rangefind_engine::mapping::{register_tokenizers, DocMapping, DocumentBuilder, MappedSchema};
use rangefind_engine::splits::{QueryBuilder, SearchRequest};
use tantivy::collector::{Count, TopDocs};
use tantivy::schema::Value;
use tantivy::{Index, TantivyDocument};

/// Queries that always run (the shared query file adds 200 real ones when present).
const BUILT_IN_QUERIES: &[&str] = &[
    "array",
    "map",
    "array map",
    "\"array map\"",
    "arr*",
    "\"array pro\"*",
    "title:map",
    "section:\"Web/JavaScript\" array",
    "page_type:javascript-instance-method",
    "Notification: click event",
    "bufferData() method",
    "map -array",
    "map OR set",
    "(array AND length) OR size",
    "last_modified:[2025-01-01T00:00:00Z TO *]",
    "zzzznotaword",
];

fn read_lines(path: &std::path::Path, limit: usize) -> Vec<String> {
    let file = std::fs::File::open(path).unwrap();
    let reader: Box<dyn BufRead> = if path.extension().is_some_and(|e| e == "gz") {
        Box::new(std::io::BufReader::new(flate2::read::GzDecoder::new(file)))
    } else {
        Box::new(std::io::BufReader::new(file))
    };
    reader.lines().take(limit).map(Result::unwrap).collect()
}

/// One tantivy index, one segment, documents in input order.
fn plain_index(mapping: &DocMapping, lines: &[String]) -> Index {
    let schema = MappedSchema::new(mapping.clone());
    let index = Index::create_in_ram(schema.schema.clone());
    register_tokenizers(index.tokenizers(), mapping);
    let mut writer = index.writer_with_num_threads(1, 100 << 20).unwrap();
    let builder = DocumentBuilder::new(schema);
    for line in lines {
        writer
            .add_document(builder.build_from_json(line).unwrap().document)
            .unwrap();
    }
    writer.commit().unwrap();
    let segments = index.searchable_segment_ids().unwrap();
    if segments.len() > 1 {
        writer.merge(&segments).wait().unwrap();
    }
    writer.wait_merging_threads().unwrap();
    index
}

/// (id, score) of the top `limit`, and the count.
fn plain_search(
    index: &Index,
    mapping: &DocMapping,
    query: &str,
    limit: usize,
) -> (Vec<(String, f32)>, u64) {
    let schema = MappedSchema::new(mapping.clone());
    let parsed = QueryBuilder::new(&schema).parse(query).unwrap();
    let searcher = index.reader().unwrap().searcher();
    let (top, count) = searcher
        .search(
            &*parsed.query,
            &(TopDocs::with_limit(limit).order_by_score(), Count),
        )
        .unwrap();
    let id_field = schema.field(&mapping.id_field).unwrap();
    let hits = top
        .into_iter()
        .map(|(score, address)| {
            let doc: TantivyDocument = searcher.doc(address).unwrap();
            (
                doc.get_first(id_field)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_string(),
                score,
            )
        })
        .collect();
    (hits, count as u64)
}

fn same_score(a: f32, b: f32) -> bool {
    (a - b).abs() <= 1e-4 * a.abs().max(1.0)
}

/// Rank by rank the scores are equal, and so are the ids, except where several documents
/// share a score: then any of them may come first. `reference` is the plain index's top
/// results over a wider window than `actual`, so ties across the cut-off rank are visible.
fn assert_same_hits(query: &str, reference: &[(String, f32)], actual: &[(String, f32)]) {
    assert_eq!(
        reference.len().min(10),
        actual.len(),
        "{query}: number of hits"
    );
    for (rank, (id, score)) in actual.iter().enumerate() {
        let (expected_id, expected_score) = &reference[rank];
        assert!(
            same_score(*expected_score, *score),
            "{query}: score at rank {rank}: {expected_score} vs {score}"
        );
        if id != expected_id {
            let tied: Vec<&String> = reference
                .iter()
                .filter(|(_, s)| same_score(*s, *score))
                .map(|(id, _)| id)
                .collect();
            assert!(
                tied.len() > 1 && tied.contains(&id),
                "{query}: rank {rank} holds {id}, the plain index has {expected_id} (no tie)"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_query_kind_matches_a_plain_index() {
    // Split filters skip splits, and BM25 statistics then cover the splits searched
    // (docs/design-notes.md): compared with one plain index, this index has none.
    let mut mapping = common::mdn_mapping();
    mapping
        .fields
        .iter_mut()
        .for_each(|f| f.split_filter = false);
    // A plain index searches words as typed: typo tolerance is compared apart
    // (typos_are_searched_as_the_words_one_edit_away.rs).
    mapping.typo_tolerance = false;
    let mut inputs = vec![common::repo().join("examples/mdn/sample.jsonl.gz")];
    let mut lines = read_lines(&inputs[0], usize::MAX);
    let mut queries: Vec<String> = BUILT_IN_QUERIES.iter().map(|q| q.to_string()).collect();
    if let Some(corpus) = common::shared_corpus("mdn.jsonl.gz") {
        // A 2,000-page subset of the real corpus, as its own input file.
        let subset = read_lines(&corpus, 2000);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("subset.jsonl");
        std::fs::write(&path, subset.join("\n")).unwrap();
        lines.extend(subset);
        inputs.push(path);
        std::mem::forget(dir);
    }
    if let Some(file) = common::shared_corpus("queries-mdn.jsonl") {
        for line in read_lines(&file, usize::MAX) {
            let value: serde_json::Value = serde_json::from_str(&line).unwrap();
            queries.push(value["query"].as_str().unwrap().to_string());
        }
    }
    let out = tempfile::tempdir().unwrap();
    let report = common::build_index(mapping.clone(), inputs, out.path(), 150);
    assert!(
        report.splits.len() >= 3,
        "several splits: {}",
        report.splits.len()
    );
    let plain = plain_index(&mapping, &lines);
    let url = common::serve(out.path()).await;
    let index = common::open_http(&url, 32 << 20).await;

    let mut matched = 0;
    for query in &queries {
        let (expected, expected_count) = plain_search(&plain, &mapping, query, 40);
        // Only what holds every word, as tantivy answers (no hits missing one).
        let request = SearchRequest {
            fewer_words: false,
            ..SearchRequest::new(query.clone(), 10)
        };
        let response = index.search(&request).await.unwrap();
        let actual: Vec<(String, f32)> = response
            .hits
            .iter()
            .map(|h| (h.id.clone(), h.score))
            .collect();
        assert_eq!(response.count, expected_count, "{query}: count");
        assert_same_hits(query, &expected, &actual);
        matched += usize::from(expected_count > 0);
    }
    eprintln!("{} queries compared, {matched} with hits", queries.len());
    assert!(
        matched >= BUILT_IN_QUERIES.len() - 2,
        "most built-in queries find something"
    );
}
