//! The site file (`build --site` writes one per language) searched by the site engine over a
//! real HTTP server: the same pages match as through the splits, ranked alike, in two waves
//! (three with a phrase), and damaged bytes are a clear error.

use crate::common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rangefind_builder::search::open_site_file;
use rangefind_engine::error::ErrorKind;
use rangefind_engine::io::{Fetcher, PageCache};
use rangefind_engine::site::SiteIndex;
use rangefind_engine::splits::{SearchRequest, SearchResponse};

/// The bundled MDN sample site, built with the CLI into `dir/site/_rangefind`.
fn built_site(dir: &Path) -> PathBuf {
    let site = dir.join("site");
    std::fs::create_dir_all(&site).unwrap();
    let status = std::process::Command::new("tar")
        .arg("xzf")
        .arg(common::repo().join("examples/mdn-site/sample-site.tar.gz"))
        .arg("-C")
        .arg(&site)
        .status()
        .expect("run tar");
    assert!(status.success());
    let root = std::fs::read_dir(&site)
        .unwrap()
        .flatten()
        .find(|entry| entry.path().is_dir())
        .expect("the archive holds the site's directory")
        .path();
    common::build_site(&root, &["--splits"])
}

fn fetcher() -> Fetcher {
    Fetcher::new(Arc::new(PageCache::new(64 << 20)), None)
}

async fn site_search(index: &SiteIndex, query: &str) -> SearchResponse {
    index
        .search(&SearchRequest::new(query, 10))
        .await
        .unwrap_or_else(|e| panic!("{query}: {e}"))
}

fn ids(response: &SearchResponse) -> Vec<String> {
    response.hits.iter().map(|hit| hit.id.clone()).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_site_file_finds_what_the_splits_find_in_two_waves() {
    let dir = tempfile::tempdir().unwrap();
    let out = built_site(dir.path());
    let url = common::serve(&out).await;
    let splits = common::open_http(&format!("{url}en/"), 64 << 20).await;
    let (site, opened) = open_site_file(&url, None, fetcher(), None).await.unwrap();
    assert_eq!((opened.requests, opened.waves), (1, 1), "one read opens it");
    assert!(site.pages() > 400);

    // Words, several words, an exclusion, a field: the same pages match, scored alike (BM25
    // with the same boosts; the site file keeps each score to one byte), but for the headings
    // of long pages, which the site file scores heading by heading (`heading_scores` in the
    // builder): the same top 10 is asked of queries outside the headings.
    for query in [
        "array",
        "array map",
        "promise then",
        "map -array",
        "title:array",
        "css grid layout",
        "body:array",
        "body:promise body:then",
    ] {
        let expected = splits.search(&SearchRequest::new(query, 10)).await.unwrap();
        let response = site_search(&site, query).await;
        assert!(response.count > 0, "{query}: nothing found");
        assert_eq!(response.count, expected.count, "{query}");
        if !query.contains(':') {
            continue;
        }
        // The same top 10, but for pages tied with the last one shown: ties go by page number,
        // which the site file gives by record size and the splits by site order.
        for (answer, other) in [(&response, &expected), (&expected, &response)] {
            let shown: HashSet<String> = ids(other).into_iter().collect();
            // The lowest score shown (titles may have put it before others).
            let last = answer
                .hits
                .iter()
                .map(|hit| hit.score)
                .fold(f32::MAX, f32::min);
            for hit in answer.hits.iter().filter(|hit| !shown.contains(&hit.id)) {
                assert!(
                    hit.score <= last * 1.01,
                    "{query}: the top 10 differ beyond ties at the 10th\n site:   {:?}\n splits: {:?}",
                    ids(&response),
                    ids(&expected)
                );
            }
        }
        // The best score is the splits' first hit (the site file then orders its first hits by
        // their titles, which the splits do not: `Map[Symbol.species]` before
        // `Map.prototype.size` for `map`).
        let best = response
            .hits
            .iter()
            .max_by(|a, b| a.score.total_cmp(&b.score));
        assert_eq!(
            best.map(|h| &h.id),
            expected.hits.first().map(|h| &h.id),
            "{query}"
        );
    }

    // A cold word query: its chunks (and, as it is searched by its stem `prototyp`, the
    // page of the stemmed-word filter that files it), then its hits' records. Again: nothing
    // read.
    let (fresh, _) = open_site_file(&url, None, fetcher(), None).await.unwrap();
    let cold = site_search(&fresh, "prototype").await;
    assert_eq!(cold.stats.waves, 2, "{:?}", cold.stats);
    assert!(cold.stats.requests <= 8, "{:?}", cold.stats);
    let warm = site_search(&fresh, "prototype").await;
    assert_eq!((warm.stats.requests, warm.stats.waves), (0, 0));
    assert_eq!(ids(&warm), ids(&cold));

    // A phrase reads its words' positions with their chunks (their chunks' positions, which
    // the head places), so it costs the waves of a word query; it matches only the words in
    // order.
    let (fresh, _) = open_site_file(&url, None, fetcher(), None).await.unwrap();
    let phrase = site_search(&fresh, "\"array map\"").await;
    let words = site_search(&site, "array map").await;
    assert_eq!(phrase.stats.waves, 2, "{:?}", phrase.stats);
    assert!(
        phrase.count > 0 && phrase.count < words.count,
        "{} of {}",
        phrase.count,
        words.count
    );
    let expected = splits
        .search(&SearchRequest::new("\"array map\"", 10))
        .await
        .unwrap();
    assert_eq!(phrase.count, expected.count);

    // Hits carry the page's URL and title, and a snippet from the section that matched.
    let hit = &words.hits[0];
    assert!(hit.doc["url"].as_str().unwrap().starts_with('/'));
    assert!(hit.doc["title"].as_str().is_some());
    let snippet = hit.snippet.as_deref().unwrap();
    assert!(snippet.contains("<mark>"), "{snippet}");
    let section = hit.snippet_value.unwrap();
    assert!(section < hit.doc["anchors"].as_array().unwrap().len());

    // A prefix finds the words it begins, the most common first.
    let prefix = site_search(&site, "promis*").await;
    assert!(prefix.count > 0);
    assert_eq!(prefix.count, site_search(&site, "promise").await.count);

    // Filters narrow the hits to pages with the value.
    let mut filtered = SearchRequest::new("map", 50);
    filtered.filters.push((
        "filter.section".into(),
        vec![serde_json::Value::String("Web/JavaScript".into())],
    ));
    let response = site.search(&filtered).await.unwrap();
    assert!(response.count > 0 && response.count < site_search(&site, "map").await.count);
    for hit in &response.hits {
        assert_eq!(hit.doc["filter.section"], "Web/JavaScript");
    }
    let expected = splits.search(&filtered).await.unwrap();
    assert_eq!(response.count, expected.count);
    filtered.filters.push(("section".into(), Vec::new()));
    let error = site.search(&filtered).await.unwrap_err();
    assert_eq!(error.kind(), ErrorKind::InvalidQuery);

    // Queries that mean nothing on a page's text: no hits, no error, no reads.
    for query in ["", "(((", "…", "zzzzqqqq"] {
        let response = site_search(&site, query).await;
        assert_eq!(response.count, 0, "{query}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn typos_are_replaced_as_the_splits_replace_them() {
    let dir = tempfile::tempdir().unwrap();
    let out = built_site(dir.path());
    let url = common::serve(&out).await;
    let splits = common::open_http(&format!("{url}en/"), 64 << 20).await;
    let (site, _) = open_site_file(&url, None, fetcher(), None).await.unwrap();
    // A typo, the widget's typing of one, a prefix typed past its word's stem, a phrase with a
    // typo, and words the index holds (nothing replaced).
    for query in [
        "promsie",
        "(promsie OR promsie*)",
        "(transformat OR transformat*)",
        "\"asynchronus function\"",
        "fetch (api OR api*)",
    ] {
        let expected = splits.search(&SearchRequest::new(query, 10)).await.unwrap();
        let response = site_search(&site, query).await;
        assert_eq!(response.replaced, expected.replaced, "{query}");
        assert_eq!(response.count, expected.count, "{query}");
        // The best score is the splits' first hit (the site file orders its first hits by
        // their titles too).
        let best = response
            .hits
            .iter()
            .max_by(|a, b| a.score.total_cmp(&b.score));
        assert_eq!(
            best.map(|h| &h.id),
            expected.hits.first().map(|h| &h.id),
            "{query}"
        );
    }
    assert_eq!(
        site_search(&site, "promsie").await.replaced[0].with,
        ["promise"]
    );

    // Preloaded, the lexicon's block index is not read again: a cold typo costs its chunks,
    // the lexicon blocks, the replacements' chunks when elsewhere, and the records.
    let (fresh, _) = open_site_file(&url, None, fetcher(), None).await.unwrap();
    let preload = fresh.preload().await.unwrap();
    assert_eq!((preload.requests, preload.waves), (1, 1));
    let cold = site_search(&fresh, "promsie").await;
    assert!(cold.count > 0);
    assert!((3..=4).contains(&cold.stats.waves), "{:?}", cold.stats);

    // Without typo tolerance the word is searched as typed.
    let mut exact = SearchRequest::new("promsie", 10);
    exact.typo_tolerance = false;
    let response = site.search(&exact).await.unwrap();
    assert_eq!((response.count, response.replaced.len()), (0, 0));
}

#[tokio::test(flavor = "multi_thread")]
async fn damaged_site_files_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let out = built_site(dir.path());
    let site_json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("site.json")).unwrap()).unwrap();
    let path = out.join(
        site_json["languages"]["en"]["site_file"]["path"]
            .as_str()
            .unwrap(),
    );
    let original = std::fs::read(&path).unwrap();
    let url = common::serve(&out).await;

    // A flipped byte in the data: the page holding it fails its checksum when read.
    let mut flipped = original.clone();
    for at in (1000..original.len() / 2).step_by(997) {
        flipped[at] ^= 0x55;
    }
    std::fs::write(&path, &flipped).unwrap();
    let (site, _) = open_site_file(&url, None, fetcher(), None).await.unwrap();
    let mut corrupt = 0;
    for query in ["array", "map", "promise", "function", "element", "css"] {
        if let Err(error) = site.search(&SearchRequest::new(query, 10)).await {
            assert_eq!(error.kind(), ErrorKind::Corrupt, "{error}");
            assert!(error.to_string().contains("checksum"), "{error}");
            corrupt += 1;
        }
    }
    assert!(corrupt > 0, "no query read a damaged page");

    // Truncated, or replaced by a file of another length: opening says so.
    std::fs::write(&path, &original[..original.len() - 10]).unwrap();
    let error = open_site_file(&url, None, fetcher(), None)
        .await
        .unwrap_err();
    assert!(
        format!("{error:#}").contains("truncated or replaced"),
        "{error:#}"
    );
    std::fs::write(&path, b"not a site file").unwrap();
    assert!(open_site_file(&url, None, fetcher(), None).await.is_err());
}
