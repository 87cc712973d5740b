//! `build --site` on pages cut from real generators' output (builder/tests/fixtures/
//! real-generators: Sphinx with the site's name in a header `<h1>`, Sphinx alabaster, mdBook,
//! Doxygen, rustdoc) gives every page the title a reader sees, says how it chose them, and
//! warns when many pages share one title; a page's `<title>` is searched as its title is.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::search_json;

fn fixture(generator: &str) -> PathBuf {
    common::repo()
        .join("builder/tests/fixtures/real-generators")
        .join(generator)
}

/// Builds `site` into a temporary directory: (the directory, the index, the build's summary).
fn build(site: &Path) -> (tempfile::TempDir, PathBuf, String) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("index");
    let said = common::build_site_saying(site, &["--out", out.to_str().unwrap()]);
    (dir, out, said)
}

/// Every page's title, by URL.
fn titles(index: &Path) -> BTreeMap<String, String> {
    let answer = search_json(
        index,
        "*",
        &["--limit", "100", "--no-snippet", "--fields", "url,title"],
    );
    answer["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|hit| {
            let doc = &hit["doc"];
            (
                doc["url"].as_str().unwrap().to_string(),
                doc["title"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn every_generator_gives_each_page_the_title_a_reader_sees() {
    for generator in [
        "sphinx-haiku",
        "sphinx-alabaster",
        "mdbook",
        "doxygen",
        "rustdoc",
    ] {
        let site = fixture(generator);
        let expected: BTreeMap<String, String> =
            serde_json::from_slice(&std::fs::read(site.join("expected-titles.json")).unwrap())
                .unwrap();
        let (_dir, index, said) = build(&site);
        assert_eq!(titles(&index), expected, "{generator}: {said}");
        assert!(
            said.contains("titles: "),
            "{generator}: the summary says how titles were chosen: {said}"
        );
        assert!(
            !said.contains("share the title") && !said.contains("have the title"),
            "{generator}: {said}"
        );
    }
}

#[test]
fn the_summary_names_the_affix_and_the_sites_name_left_out() {
    let (_dir, _index, said) = build(&fixture("sphinx-haiku"));
    assert!(said.contains("\" — Bumps 0.9.0 documentation\""), "{said}");
    assert!(said.contains("5 from the content's <h1>"), "{said}");
    let (_dir, _index, said) = build(&fixture("mdbook"));
    assert!(said.contains("4 from <title>"), "{said}");
}

#[test]
fn many_pages_sharing_one_title_are_warned_of() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    std::fs::create_dir_all(&site).unwrap();
    for page in 0..8 {
        // A site whose only <h1> is its name, in the content, and no <title>.
        std::fs::write(
            site.join(format!("page-{page}.html")),
            format!("<html><body><h1>Acme Handbook</h1><p>Chapter {page} of the handbook.</p></body></html>"),
        )
        .unwrap();
    }
    let (_out, index, said) = build(&site);
    assert!(
        said.contains("warning: 8 of 8 pages have the title \"Acme Handbook\""),
        "{said}"
    );
    assert!(
        said.contains("left out as the site's name: \"acme handbook\""),
        "{said}"
    );
    assert!(titles(&index)
        .values()
        .all(|title| title == "Acme Handbook"));
}

#[test]
fn the_title_element_is_searched_as_the_title_is() {
    let (_dir, index, _) = build(&fixture("rustdoc"));
    // rustdoc's <h1> says "Struct alloc::vec::Vec", its tab "Vec in alloc::vec".
    let answer = search_json(&index, "\"vec in alloc\"", &["--limit", "3"]);
    assert_eq!(
        answer["hits"][0]["doc"]["url"], "/alloc/vec/struct.Vec.html",
        "{answer}"
    );
}
