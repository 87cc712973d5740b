//! A word on a page or two, one edit from a word on far more pages, is as often that word
//! misspelt on those pages as a word of its own: a query for it finds both, its own pages
//! and those of the common word, and the answer names the common word. A rare word without
//! such a neighbour, or whose neighbour is about as rare, is searched alone. The site file
//! marks such words at build time, so the site engine looks up only them in the lexicon; the
//! splits, which have no such marks, search every word they hold as typed.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{self, rangefind, succeeded};
use crate::site_build_indexes_a_static_site::{page, write};

/// `receive` on 20 pages and its misspelling `recieve` on one; `zebrafish` on one page and
/// nothing one edit from it; `tapir` on one page and `taper` on two.
fn make_site(root: &Path) -> PathBuf {
    let mut pages = vec![
        (
            "typo.html",
            "Inbox",
            "Messages you recieve land in the inbox.",
        ),
        ("fish.html", "Fish", "The zebrafish is a small fish."),
        ("tapir.html", "Zoo", "A tapir sleeps."),
        ("taper-1.html", "Candles", "A taper burns."),
        ("taper-2.html", "Joints", "A taper fits."),
    ];
    let common: Vec<(String, String)> = (0..20)
        .map(|n| (format!("receive-{n}.html"), format!("Mail {n}")))
        .collect();
    for (path, title) in &common {
        pages.push((path, title, "What you receive is kept."));
    }
    for (path, title, text) in pages {
        let main = format!("<main><h1>{title}</h1><p>{text}</p></main>");
        write(root, path, page(" lang=\"en\"", &main).as_bytes());
    }
    common::build_site(root, &["--splits"])
}

/// The site engine's and the splits' answers to `query`, in that order.
fn answers(index: &Path, query: &str) -> [Value; 2] {
    let index = index.to_str().unwrap();
    let run = |engine: &[&str]| {
        let fields = ["--fields", "url", "--no-snippet", "--json", "--limit", "50"];
        let output = rangefind(&[&["search", index], engine, &fields, &["--", query]].concat());
        succeeded(&output);
        serde_json::from_slice::<Value>(&output.stdout).unwrap()
    };
    [run(&["--site-file"]), run(&["--language", "en"])]
}

fn urls(answer: &Value) -> Vec<String> {
    let hits = answer["hits"].as_array().unwrap().iter();
    let mut urls: Vec<String> = hits
        .map(|hit| hit["doc"]["url"].as_str().unwrap().to_string())
        .collect();
    urls.sort();
    urls
}

#[test]
fn a_rare_misspelling_finds_the_common_word_too() {
    let dir = tempfile::tempdir().unwrap();
    let index = make_site(&dir.path().join("site"));

    let [site, splits] = answers(&index, "recieve");
    assert_eq!(
        site["count"], 21,
        "its own page and the 20 of `receive`: {site}"
    );
    assert!(urls(&site).contains(&"/typo.html".to_string()), "{site}");
    assert_eq!(
        site["replaced"],
        serde_json::json!([{"word": "recieve", "with": ["receive"]}]),
        "{site}"
    );
    assert_eq!(urls(&splits), ["/typo.html"], "as typed: {splits}");
    // With typo tolerance off, the word alone.
    let output = rangefind(&[
        "search",
        index.to_str().unwrap(),
        "--site-file",
        "--no-typos",
        "--json",
        "--",
        "recieve",
    ]);
    let answer: Value = serde_json::from_str(&succeeded(&output)).unwrap();
    assert_eq!(answer["count"], 1, "{answer}");
}

#[test]
fn a_rare_word_without_a_far_more_common_neighbour_is_searched_alone() {
    let dir = tempfile::tempdir().unwrap();
    let index = make_site(&dir.path().join("site"));

    for query in ["zebrafish", "tapir"] {
        let [site, splits] = answers(&index, query);
        assert_eq!(site["count"], 1, "{query}: {site}");
        assert_eq!(urls(&site), urls(&splits), "{query}");
        for answer in [&site, &splits] {
            let replaced = answer["replaced"].as_array().map_or(0, Vec::len);
            assert_eq!(replaced, 0, "{query}: {answer}");
        }
    }
    // A common word is never looked up.
    let [site, _] = answers(&index, "receive");
    assert_eq!(site["count"], 20, "{site}");
}
