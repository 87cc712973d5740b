//! Under a stemming analyser, a typo whose stem is a word of the site
//! (`guies`, stem `gui`, a typo of `guides`) is corrected like any other typo, while the words
//! the pages hold as typed are not, and an unseen form of a word (`mapped`, where pages say
//! `map` and `mapper`) still finds its stem's pages. The check costs one page of the site
//! file's stemmed-word filter, read with the query's words: no wave more, no lexicon read.

use std::path::Path;

use serde_json::Value;

use crate::common::{build_site, search_json};

fn page(dir: &Path, path: &str, title: &str, text: &str) {
    let dir = dir.join(path);
    std::fs::create_dir_all(&dir).unwrap();
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><title>{title}</title></head>\
         <body><main><h1>{title}</h1><p>{text}</p></main></body></html>"
    );
    std::fs::write(dir.join("index.html"), html).unwrap();
}

fn urls(answer: &Value) -> Vec<&str> {
    let hits = answer["hits"].as_array().unwrap();
    hits.iter().map(|hit| hit["id"].as_str().unwrap()).collect()
}

/// The waves `query` takes and the bytes it reads of the lexicon (`--explain`'s requests).
fn waves_and_lexicon_bytes(index: &Path, query: &str) -> (u64, u64) {
    let output = crate::common::rangefind(&[
        "search",
        index.to_str().unwrap(),
        query,
        "--explain",
        "--no-snippet",
    ]);
    let text = crate::common::succeeded(&output);
    let (mut waves, mut bytes) = (0, 0);
    for line in text.lines().filter(|line| line.starts_with("wave ")) {
        let parts: Vec<&str> = line.split_whitespace().collect();
        waves = waves.max(parts[1].parse().unwrap());
        if parts[4].contains("/lexicon/") {
            bytes += parts[2].parse::<u64>().unwrap();
        }
    }
    (waves, bytes)
}

#[test]
fn a_typo_whose_stem_is_a_word_is_corrected_and_words_as_typed_are_not() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    page(
        &site,
        "gui",
        "The GUI toolkit",
        "Build a GUI with widgets. Two GUIs share a loop.",
    );
    page(
        &site,
        "guides",
        "Installation guides",
        "These guides explain installing packages.",
    );
    page(
        &site,
        "map",
        "The map function",
        "Apply a function to every item with map.",
    );
    page(
        &site,
        "mapper",
        "Object mapper",
        "The mapper turns rows into objects.",
    );
    page(
        &site,
        "loops",
        "Event loops",
        "An event loop runs callbacks one at a time.",
    );
    let index = build_site(&site, &[]);

    // `guies` is searched as `gui` by its stem, but no page holds it as typed: a typo.
    let typo = search_json(&index, "guies", &[]);
    assert_eq!(typo["replaced"][0]["word"], "guies", "{typo}");
    assert_eq!(typo["replaced"][0]["with"][0], "guides", "{typo}");
    let found = urls(&typo);
    assert!(found.contains(&"/guides/"), "{typo}");
    // Its stem's pages stay found: an unseen form of a word is as likely as a typo.
    assert!(found.contains(&"/gui/"), "{typo}");
    let unseen = search_json(&index, "mapped", &[]);
    assert!(urls(&unseen).contains(&"/map/"), "{unseen}");
    assert!(urls(&unseen).contains(&"/mapper/"), "{unseen}");
    // Without typo tolerance, the stem alone.
    let as_typed = search_json(&index, "guies", &["--no-typos"]);
    assert_eq!(urls(&as_typed), ["/gui/"], "{as_typed}");
    assert!(as_typed.get("replaced").is_none(), "{as_typed}");

    // Words the pages hold as typed are no typos, stemmed or not.
    for word in ["guides", "guis", "gui", "loops", "widgets"] {
        let answer = search_json(&index, word, &[]);
        assert!(answer.get("replaced").is_none(), "{word}: {answer}");
        assert!(answer["count"].as_u64().unwrap() > 0, "{word}: {answer}");
    }

    // The check reads a page of the site file with the words: the waves of a word that is
    // its own stem, and nothing of the lexicon.
    let stemmed = waves_and_lexicon_bytes(&index, "guides");
    let plain = waves_and_lexicon_bytes(&index, "gui");
    assert_eq!((stemmed, plain), ((2, 0), (2, 0)));
    // A typo then reads the lexicon.
    assert!(waves_and_lexicon_bytes(&index, "guies").1 > 0);
}
