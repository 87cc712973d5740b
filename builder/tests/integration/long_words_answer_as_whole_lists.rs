//! Long words' tails (`build --tail-past`, `rangefind_engine::formats::site_file::postings::Tail`): a site
//! index whose common words keep only their best postings in their chunks answers every
//! query as it does reading whole lists, and as the same site built without tails does (the
//! same hits, in the same order, with the same scores), reading less for one word and the
//! same waves for several.
//!
//! The bundled MDN sample is built three times: without tails, and with tails past 40 pages
//! (5 postings kept: too few for ten hits, so a first page of one word reads the tail) and
//! past 96 (12 kept: often enough). Queries: the pages' titles, their first word and first
//! two, the first word as a prefix, as typed (its last word completed), in the title field,
//! and two words as a phrase; each with a count of every hit and without.

use crate::common;

use std::path::{Path, PathBuf};

use rangefind_engine::splits::{SearchRequest, SearchResponse};

/// Builds the sample site into `dir/NAME` with `extra` flags.
fn build(site: &Path, dir: &Path, name: &str, extra: &[&str]) -> PathBuf {
    let out = dir.join(name);
    let mut args = vec!["--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    common::build_site(site, &args);
    out
}

/// The queries: per title, its first word, its first two, the first as a prefix, as typed,
/// in the title field, and the first two as a phrase.
fn queries(site: &Path) -> Vec<(String, bool)> {
    let mut queries = Vec::new();
    let files = walkdir::WalkDir::new(site).sort_by_file_name().into_iter();
    for entry in files.flatten().filter(|e| e.file_type().is_file()) {
        let html = std::fs::read_to_string(entry.path()).unwrap_or_default();
        let Some((_, rest)) = html.split_once("<title>") else {
            continue;
        };
        let title = rest.split_once("</title>").map_or("", |t| t.0);
        let words: Vec<String> = (title.split(|c: char| !c.is_alphanumeric()))
            .filter(|w| w.len() > 2)
            .map(str::to_lowercase)
            .collect();
        let Some(first) = words.first() else {
            continue;
        };
        queries.push((first.clone(), false));
        queries.push((format!("{}*", &first[..3]), false));
        queries.push((first.clone(), true));
        queries.push((format!("title:{first}"), false));
        if let Some(second) = words.get(1) {
            queries.push((format!("{first} {second}"), false));
            queries.push((format!("{first} {second}"), true));
            queries.push((format!("\"{first} {second}\""), false));
        }
    }
    queries.sort();
    queries.dedup();
    queries
}

fn request(query: &str, typeahead: bool, count_all: bool) -> SearchRequest {
    SearchRequest {
        snippet: false,
        typo_tolerance: false,
        typeahead,
        count_all,
        ..SearchRequest::new(query, 10)
    }
}

/// What a test compares of an answer: each hit's id and score.
fn hits(response: &SearchResponse) -> Vec<(String, f32)> {
    common::scored(response)
}

#[tokio::test(flavor = "multi_thread")]
async fn tails_answer_as_whole_lists_and_read_less_for_one_word() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    common::untar(
        &common::repo().join("examples/mdn-site/sample-site.tar.gz"),
        &site,
    );
    let whole = build(&site, dir.path(), "whole", &["--tail-past", "0"]);
    let cut = [40, 96].map(|past| {
        let name = format!("past-{past}");
        build(
            &site,
            dir.path(),
            &name,
            &["--tail-past", &past.to_string()],
        )
    });
    let queries = queries(&site);
    assert!(queries.len() > 1000, "{} queries", queries.len());
    // Every third: enough of each kind, in a test of bounded time.
    let queries: Vec<_> = queries.into_iter().step_by(3).collect();
    let (mut less, mut same_waves, mut several_words, mut counted_below) = (0, 0, 0, 0);
    let mut tails_read = 0;
    for (query, typeahead) in &queries {
        for count_all in [true, false] {
            let request = request(query, *typeahead, count_all);
            // Cold, as a first visit.
            let expected = common::open_site(&whole)
                .await
                .search(&request)
                .await
                .unwrap();
            for index in &cut {
                let answer = common::open_site(index)
                    .await
                    .search(&request)
                    .await
                    .unwrap();
                let what = format!("{query} (typed: {typeahead}, count all: {count_all})");
                // Whole lists, read with their chunks (a count of every hit reads them).
                let all = SearchRequest {
                    count_all: true,
                    ..request.clone()
                };
                let read_whole = common::open_site(index).await.search(&all).await.unwrap();
                assert_eq!(
                    hits(&answer),
                    hits(&read_whole),
                    "{what}: hits, whole lists"
                );
                // A prefix's words may be others where chunks are cut otherwise (a long
                // word's is its own).
                if !query.contains('*') && !typeahead {
                    assert_eq!(hits(&answer), hits(&expected), "{what}: hits");
                }
                match answer.count_is_lower_bound {
                    true => {
                        assert!(!count_all, "{what}: a count of all is exact");
                        assert!(answer.count <= read_whole.count, "{what}: count");
                        counted_below += 1;
                    }
                    false => assert_eq!(answer.count, read_whole.count, "{what}: count"),
                }
                let words = query.split_whitespace().count();
                if !count_all && words == 1 && !*typeahead && !query.starts_with('"') {
                    less += usize::from(answer.stats.bytes < expected.stats.bytes);
                    same_waves += usize::from(answer.stats.waves == expected.stats.waves);
                    // Not settled by the best: the tails, in one wave more.
                    tails_read += usize::from(answer.stats.waves == expected.stats.waves + 1);
                }
                if words > 1 || count_all {
                    // Whole lists are read with their chunks: no wave more.
                    several_words += 1;
                    assert_eq!(answer.stats.waves, expected.stats.waves, "{what}: waves");
                }
            }
        }
    }
    assert!(
        several_words > 500,
        "{several_words} answers of several words"
    );
    assert!(
        counted_below > 25,
        "{counted_below} counts were lower bounds"
    );
    assert!(
        tails_read > 20,
        "{tails_read} one-word queries read their tails"
    );
    assert!(
        less > 100,
        "{less} one-word queries read less than whole lists"
    );
    assert!(
        same_waves > 100,
        "{same_waves} one-word queries settled in the chunks' wave"
    );
}
