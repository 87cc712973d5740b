//! Several site indexes searched as one (`search_together`; `rangefind search A B QUERY`):
//! the bundled MDN sample cut in two sites by section (its Web API pages, short references,
//! and the rest, longer guides among them), built as two indexes, against one index built
//! over all its pages. The same pages match with the same scores, as the IDF and the average
//! field lengths are counted over both (`rangefind_engine::site::bm25`), and rank as in the
//! one index but for ties; searching both costs the waves of one.

use crate::common;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use rangefind_engine::site::search_together;
use rangefind_engine::splits::{SearchRequest, SearchResponse};

/// How far a page's score in the indexes searched together may be from its score in the one
/// index: none but a float's rounding (the same sums in another order).
const SCORE_TOLERANCE: f32 = 1e-5;

/// Hits compared per query.
const COMPARED: usize = 20;

/// The sample site built three times: whole, and cut in two (its Web API pages, and the rest).
/// Returns the three index directories, the pages' titles, and the URLs of the first part's
/// pages.
fn built_sites(dir: &Path) -> ([PathBuf; 3], Vec<String>, HashSet<String>) {
    let all = dir.join("all");
    common::untar(
        &common::repo().join("examples/mdn-site/sample-site.tar.gz"),
        &all,
    );
    let mut titles = Vec::new();
    let mut in_first = HashSet::new();
    let (first, second) = (dir.join("first"), dir.join("second"));
    let files = walkdir::WalkDir::new(&all).sort_by_file_name().into_iter();
    let pages = files.flatten().filter(|entry| entry.file_type().is_file());
    for entry in pages {
        let path = entry.path();
        let relative = path.strip_prefix(&all).unwrap();
        let in_api = relative.to_string_lossy().contains("/web/api/");
        let part = if in_api { &first } else { &second };
        if in_api {
            let url = relative.parent().unwrap().to_string_lossy();
            in_first.insert(format!("/{url}/"));
        }
        let to = part.join(relative);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(path, &to).unwrap();
        let html = std::fs::read_to_string(path).unwrap_or_default();
        if let Some(title) = html
            .split_once("<title>")
            .and_then(|(_, rest)| rest.split_once("</title>"))
        {
            titles.push(title.0.to_string());
        }
    }
    let built = [&all, &first, &second].map(|site| common::build_site(site, &[]));
    (built, titles, in_first)
}

/// Queries from the pages' titles: their first word, and their first two.
fn title_queries(titles: &[String]) -> Vec<String> {
    let mut queries = Vec::new();
    for title in titles {
        let words: Vec<String> = title
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.len() > 2)
            .map(str::to_lowercase)
            .collect();
        for n in [1, 2] {
            if words.len() >= n {
                queries.push(words[..n].join(" "));
            }
        }
    }
    queries.sort();
    queries.dedup();
    queries
}

fn request(query: &str, limit: usize) -> SearchRequest {
    SearchRequest {
        snippet: false,
        typo_tolerance: false,
        ..SearchRequest::new(query, limit)
    }
}

/// The one index's answer: each page's rank and score.
fn ranks(response: &SearchResponse) -> HashMap<String, (usize, f32)> {
    let hits = response.hits.iter().enumerate();
    hits.map(|(rank, hit)| (hit.id.clone(), (rank, hit.score)))
        .collect()
}

/// Where `ranked` (pages and scores, in their order) departs from the one index's answer: a
/// score apart from the one index's, or a page ranked above one the one index ranks above
/// it, unless their scores there are equal. Empty when it ranks as the one index.
fn departures(ranked: &[(String, f32)], one: &HashMap<String, (usize, f32)>) -> Vec<String> {
    let mut found = Vec::new();
    let near = |a: f32, b: f32| (a - b).abs() <= SCORE_TOLERANCE * a.max(b);
    for (page, score) in ranked {
        match one.get(page) {
            Some((_, expected)) if near(*score, *expected) => {}
            other => found.push(format!("{page}: score {score}, one index {other:?}")),
        }
    }
    for pair in ranked.windows(2) {
        if let (Some(above), Some(below)) = (one.get(&pair[0].0), one.get(&pair[1].0)) {
            if below.0 < above.0 && !near(above.1, below.1) {
                found.push(format!("{} ranked above {}", pair[0].0, pair[1].0));
            }
        }
    }
    found
}

#[tokio::test(flavor = "multi_thread")]
async fn two_indexes_rank_as_one_index_over_all_their_pages() {
    let dir = tempfile::tempdir().unwrap();
    let ([all, first, second], titles, in_first) = built_sites(dir.path());
    let queries = title_queries(&titles);
    assert!(queries.len() > 300, "{} queries", queries.len());
    let (mut compared, mut own_departures, mut several_hits) = (0, 0, 0);
    let mut departed = Vec::new();
    for query in &queries {
        // Cold, as a first visit: every index opened afresh.
        let one = common::open_site(&all).await;
        let (a, b) = (
            common::open_site(&first).await,
            common::open_site(&second).await,
        );
        let whole = one.search(&request(query, 200)).await.unwrap();
        let together = search_together(&[&a, &b], &request(query, COMPARED))
            .await
            .unwrap();
        assert_eq!(together.count, whole.count, "{query}: pages matched");
        if whole.count == 0 {
            continue;
        }
        compared += 1;
        let one_scores = ranks(&whole);
        let wrong = departures(&common::scored(&together), &one_scores);
        if !wrong.is_empty() {
            departed.push(format!("{query}: {wrong:?}"));
        }
        let top = whole.hits.len().min(COMPARED);
        assert_eq!(together.hits.len(), top, "{query}");
        assert_eq!(
            together.stats.waves, whole.stats.waves,
            "{query}: two indexes cost the waves of one"
        );
        for hit in &together.hits {
            let from_first = hit.index == Some(0);
            assert!(hit.index.is_some(), "{query}: {} says no index", hit.id);
            assert_eq!(from_first, in_first.contains(&hit.id), "{}", hit.id);
        }
        several_hits += usize::from(
            together.hits.iter().any(|h| h.index == Some(0))
                && together.hits.iter().any(|h| h.index == Some(1)),
        );
        // Control: each index's own scores (its own IDF), merged by score, do not rank as one
        // index would: the checks above can fail, and the IDF over both is what passes them.
        let mut own: Vec<(String, f32)> = Vec::new();
        for index in [&a, &b] {
            own.extend(common::scored(
                &index.search(&request(query, COMPARED)).await.unwrap(),
            ));
        }
        own.sort_by(|x, y| y.1.total_cmp(&x.1));
        own.truncate(COMPARED);
        own_departures += usize::from(!departures(&own, &one_scores).is_empty());
    }
    assert!(compared > 300, "{compared} queries found something");
    assert!(
        departed.is_empty(),
        "{} of {compared} queries rank otherwise than in one index: {departed:#?}",
        departed.len()
    );
    assert!(
        several_hits > 50,
        "{several_hits} queries had hits from both"
    );
    assert!(
        own_departures > compared / 4,
        "merging each index's own scores departs on {own_departures} of {compared} queries"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn filters_typos_and_the_cli_work_across_indexes() {
    let dir = tempfile::tempdir().unwrap();
    let ([all, first, second], _, _) = built_sites(dir.path());
    let (one, a, b) = (
        common::open_site(&all).await,
        common::open_site(&first).await,
        common::open_site(&second).await,
    );

    // A filter with a value from each index: pages holding either, from both.
    let mut filtered = request("", 300);
    filtered.filters.push((
        "filter.section".into(),
        vec!["Web/API".into(), "Web/JavaScript".into()],
    ));
    let whole = one.search(&filtered).await.unwrap();
    let together = search_together(&[&a, &b], &filtered).await.unwrap();
    assert!(whole.count > 50);
    assert_eq!(together.count, whole.count);
    let from: Vec<Option<usize>> = together.hits.iter().map(|h| h.index).collect();
    assert!(
        from.contains(&Some(0)) && from.contains(&Some(1)),
        "{from:?}"
    );

    // A word no index holds is searched as its replacements in every index's lexicon, once.
    let typo = SearchRequest::new("promsie", 10);
    let whole = one.search(&typo).await.unwrap();
    let together = search_together(&[&a, &b], &typo).await.unwrap();
    assert_eq!(whole.replaced.len(), 1);
    assert_eq!(together.replaced.len(), 1, "{:?}", together.replaced);
    assert!(together.replaced[0].with.contains(&"promise".to_string()));
    assert_eq!(together.hits[0].id, whole.hits[0].id);
    assert!(together.stats.waves <= whole.stats.waves);

    // The CLI: every argument but the last is an index; hits say which index they came from.
    let output = common::rangefind(&[
        "search",
        first.to_str().unwrap(),
        second.to_str().unwrap(),
        "array map",
        "--json",
        "--no-typos",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|_| panic!("{}", common::text(&output)));
    let cli: Vec<(&str, u64)> = json["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|hit| (hit["id"].as_str().unwrap(), hit["index"].as_u64().unwrap()))
        .collect();
    let engine = search_together(&[&a, &b], &request("array map", 10))
        .await
        .unwrap();
    let expected: Vec<(&str, u64)> = engine
        .hits
        .iter()
        .map(|hit| (hit.id.as_str(), hit.index.unwrap() as u64))
        .collect();
    assert_eq!(cli, expected);
    assert_eq!(json["index_open"]["waves"], 1, "both opened at once");
    assert_eq!(json["index_open"]["requests"], 2);

    // An index that is no site index is named.
    let records = dir.path().join("records");
    std::fs::create_dir_all(&records).unwrap();
    let output = common::rangefind(&[
        "search",
        first.to_str().unwrap(),
        records.to_str().unwrap(),
        "array",
    ]);
    let message = common::failed(&output);
    assert!(
        message.contains(records.to_str().unwrap()) && message.contains("site index"),
        "{message}"
    );
}
