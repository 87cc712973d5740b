//! A query of several words that too few pages hold all of (fewer than a page of results)
//! still finds pages: those with every word first, then those missing one, each hit saying
//! which word it lacks; alike in the site engine and the splits, in the CLI's JSON and its
//! text. A word in a field and an exclusion are never left out.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use crate::common::{self, rangefind, succeeded, text};
use crate::site_build_indexes_a_static_site::{page, write};

/// Pages about maps and keys, some with both words, and a dozen about sets.
fn make_site(root: &Path) -> PathBuf {
    let pages = [
        ("maps.html", "Maps", "Maps hold keys and their values."),
        (
            "weak-maps.html",
            "Weak maps",
            "A weak map holds keys weakly.",
        ),
        ("map-size.html", "Map size", "How many entries a map holds."),
        (
            "keyboard.html",
            "Keyboard",
            "Keys of the keyboard, pressed.",
        ),
        ("arrays.html", "Arrays", "Arrays hold items in order."),
    ];
    for (path, title, text) in pages {
        let main = format!("<main><h1>{title}</h1><p>{text}</p></main>");
        write(root, path, page(" lang=\"en\"", &main).as_bytes());
    }
    for n in 0..12 {
        let main = format!("<main><h1>Sets {n}</h1><p>Sets hold each value once.</p></main>");
        write(
            root,
            &format!("sets/{n}.html"),
            page(" lang=\"en\"", &main).as_bytes(),
        );
    }
    common::build_site(root, &["--splits"])
}

/// The site engine's and the splits' answers to `query`, in that order.
fn both(index: &Path, query: &str, extra: &[&str]) -> [Output; 2] {
    let index = index.to_str().unwrap();
    let run = |engine: &[&str]| {
        let fields = ["--fields", "url", "--no-snippet", "--json"];
        rangefind(&[&["search", index], engine, &fields, extra, &["--", query]].concat())
    };
    [run(&["--site-file"]), run(&["--language", "en"])]
}

fn answers(index: &Path, query: &str, extra: &[&str]) -> [Value; 2] {
    both(index, query, extra).map(|output| {
        succeeded(&output);
        serde_json::from_slice(&output.stdout).unwrap()
    })
}

/// Each hit's page and the word it lacks (`-` when none), in the order given.
fn hits(answer: &Value) -> Vec<(String, String)> {
    (answer["hits"].as_array().unwrap().iter())
        .map(|hit| {
            let url = hit["doc"]["url"].as_str().unwrap().to_string();
            let missing = hit["missing"].as_str().unwrap_or("-").to_string();
            (url, missing)
        })
        .collect()
}

/// `hits` as a set, to compare engines whose equal scores may tie in either order.
fn sorted(mut hits: Vec<(String, String)>) -> Vec<(String, String)> {
    hits.sort();
    hits
}

#[test]
fn pages_missing_one_word_follow_those_with_every_word_in_both_engines() {
    let dir = tempfile::tempdir().unwrap();
    let index = make_site(&dir.path().join("site"));
    let with = |url: &str, missing: &str| (url.to_string(), missing.to_string());

    // No page holds `zebra`: the pages with the other two, each lacking it.
    for answer in answers(&index, "maps keys zebra", &[]) {
        assert_eq!(answer["count"], 2, "{answer}");
        assert_eq!(
            sorted(hits(&answer)),
            [
                with("/maps.html", "zebra"),
                with("/weak-maps.html", "zebra")
            ],
            "{answer}"
        );
    }

    // Two pages hold both words: first, as they are; then the pages lacking one of them.
    let [site, splits] = answers(&index, "maps keys", &[]);
    for answer in [&site, &splits] {
        let hits = hits(answer);
        assert_eq!(answer["count"], 4, "{answer}");
        assert_eq!(
            sorted(hits[..2].to_vec()),
            [with("/maps.html", "-"), with("/weak-maps.html", "-")],
            "{answer}"
        );
        assert_eq!(
            sorted(hits[2..].to_vec()),
            [
                with("/keyboard.html", "maps"),
                with("/map-size.html", "keys")
            ],
            "{answer}"
        );
    }
    // The same list a page at a time.
    for (full, engine) in [(&site, 0), (&splits, 1)] {
        let page = &answers(&index, "maps keys", &["--limit", "2", "--offset", "2"])[engine];
        assert_eq!(page["count"], 4, "{page}");
        assert_eq!(hits(page), hits(full)[2..].to_vec(), "{page}");
    }

    // A first page of pages with every word: no page lacking one.
    for answer in answers(&index, "sets value", &[]) {
        assert_eq!(answer["count"], 12, "{answer}");
        assert!(hits(&answer).iter().all(|(_, m)| m == "-"), "{answer}");
    }
    // Fewer than a first page: the arrays and the sets after them, lacking `maps`.
    for answer in answers(&index, "hold maps", &[]) {
        let hits = hits(&answer);
        assert_eq!(answer["count"], 3 + 13, "{answer}");
        assert!(hits[..3].iter().all(|(_, m)| m == "-"), "{answer}");
        assert!(hits[3..].iter().all(|(_, m)| m == "maps"), "{answer}");
    }

    // An excluded word stays excluded when another is left out.
    for answer in answers(&index, "zebra -maps keys", &[]) {
        assert_eq!(hits(&answer), [with("/keyboard.html", "zebra")], "{answer}");
    }
    // A word in a field narrows as a filter does: never left out, so with one word of the
    // query's own beside it, nothing is.
    for query in ["title:maps zebra", "zebra"] {
        for answer in answers(&index, query, &[]) {
            assert_eq!(answer["count"], 0, "{query}: {answer}");
        }
    }
}

#[test]
fn the_cli_says_which_word_a_hit_lacks() {
    let dir = tempfile::tempdir().unwrap();
    let index = make_site(&dir.path().join("site"));
    for engine in [&["--site-file"][..], &["--language", "en"]] {
        let args = [
            &["search", index.to_str().unwrap()],
            engine,
            &["maps keys zebra"],
        ]
        .concat();
        let output = rangefind(&args);
        let said = succeeded(&output);
        assert_eq!(
            said.matches("     missing: zebra").count(),
            2,
            "{}",
            text(&output)
        );
    }
}
