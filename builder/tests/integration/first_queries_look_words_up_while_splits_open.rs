//! A split's term dictionary block indexes travel in the manifest (within its budget), so a
//! query on a split not yet open reads the dictionary blocks of its words in the open's wave:
//! 3 waves in all for a word, a phrase, a prefix or a field, with the hits of a split opened
//! first. Without them (an older manifest) the lookups wait for the open, as before.

use std::path::Path;

use crate::common;

use rangefind_engine::splits::{SearchIndex, SearchRequest};

const QUERIES: [&str; 5] = [
    "array",
    "\"array of\"",
    "promi*",
    "title:map",
    "fetch request",
];

fn build(dir: &Path) {
    let input = common::repo().join("examples/mdn/sample.jsonl.gz");
    common::build_index(common::mdn_mapping(), vec![input], dir, 1_000_000);
}

/// Builds the index in `dir` with its manifest changed by `edit`.
fn build_with_manifest(dir: &Path, edit: impl FnOnce(&mut serde_json::Value)) {
    build(dir);
    let path = dir.join("manifest.json");
    let mut manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    edit(&mut manifest);
    std::fs::write(&path, manifest.to_string()).unwrap();
}

/// Each query on an index opened anew (its split not open), and its hits and waves.
async fn first_queries(url: &str) -> Vec<(Vec<(String, f32)>, u64)> {
    let mut answers = Vec::new();
    for query in QUERIES {
        let index = common::open_http(url, 8 << 20).await;
        let response = index.search(&SearchRequest::new(query, 10)).await.unwrap();
        assert!(response.stats.splits_opened > 0, "{query}");
        answers.push((common::scored(&response), response.stats.waves));
    }
    answers
}

/// The hits of each query on an index whose splits were opened first.
async fn hits_after_preload(index: &SearchIndex) -> Vec<Vec<(String, f32)>> {
    index.preload().await.unwrap();
    let mut hits = Vec::new();
    for query in QUERIES {
        let response = index.search(&SearchRequest::new(query, 10)).await.unwrap();
        hits.push(common::scored(&response));
    }
    hits
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_query_looks_its_words_up_in_the_open_wave() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path());
    let manifest = common::manifest_of(dir.path());
    assert!(manifest.splits.iter().all(|s| s.dictionaries.is_some()));
    let url = common::serve(dir.path()).await;
    let preloaded = hits_after_preload(&common::open_http(&url, 8 << 20).await).await;
    let first = first_queries(&url).await;
    for ((query, (hits, waves)), expected) in QUERIES.iter().zip(first).zip(preloaded) {
        assert!(!hits.is_empty(), "{query}: no hits");
        assert_eq!(hits, expected, "{query}");
        assert_eq!(waves, 3, "{query}: the open, postings, documents");
    }

    // The open's wave holds the open region and the dictionary blocks.
    let index = common::open_http(&url, 8 << 20).await;
    let response = index
        .search(&SearchRequest::new("array", 10))
        .await
        .unwrap();
    let split = &manifest.splits[0];
    let first_wave: Vec<_> = response.requests.iter().filter(|r| r.wave == 1).collect();
    assert!(
        first_wave
            .iter()
            .any(|r| r.range.start == split.open_region[0]),
        "{first_wave:?}"
    );
    let dictionaries = split.dictionaries.as_ref().unwrap();
    // Data offsets to file offsets: each page ends with a 2-byte checksum.
    let page = u64::from(dictionaries.page_size);
    let page_start = |data: u64| data / (page - 2) * page;
    let term_file = page_start(dictionaries.range[0])..page_start(dictionaries.range[1]) + page;
    assert!(
        (first_wave.iter())
            .any(|r| term_file.start <= r.range.start && r.range.end <= term_file.end),
        "no dictionary block in the first wave: {first_wave:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_dictionaries_in_the_manifest_the_lookups_wait_for_the_open() {
    let dir = tempfile::tempdir().unwrap();
    build_with_manifest(dir.path(), |manifest| {
        for split in manifest["splits"].as_array_mut().unwrap() {
            split.as_object_mut().unwrap().remove("dictionaries");
        }
    });
    let url = common::serve(dir.path()).await;
    let preloaded = hits_after_preload(&common::open_http(&url, 8 << 20).await).await;
    for ((query, (hits, waves)), expected) in
        QUERIES.iter().zip(first_queries(&url).await).zip(preloaded)
    {
        assert_eq!(hits, expected, "{query}");
        assert_eq!(
            waves, 4,
            "{query}: the open, dictionaries, postings, documents"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_dictionaries_entry_is_refused_naming_the_split() {
    let dir = tempfile::tempdir().unwrap();
    build_with_manifest(dir.path(), |manifest| {
        manifest["splits"][0]["dictionaries"]["hot"][0][1] = "not base64!".into();
    });
    let url = common::serve(dir.path()).await;
    let error = SearchIndex::open(
        std::sync::Arc::new(rangefind_engine::io::HttpStore::new(&url)),
        Default::default(),
    )
    .await
    .unwrap_err()
    .to_string();
    assert!(
        error.contains("the manifest's dictionaries of split") && error.contains("not base64"),
        "{error}"
    );
}
