//! `build --site` on pages shaped like the output of real documentation generators (Sphinx,
//! DocBook, AsciiDoc, MkDocs; written for these tests in their markup conventions, not copied):
//! a title typed with its punctuation finds the page, heading results link to an id that
//! locates the heading, permalink glyphs (`¶`) are neither indexed nor shown, and navigation,
//! sidebars, tables of contents, page headers and footers and hidden text are not indexed.

use crate::common;

use std::path::{Path, PathBuf};

use common::search_json;
use serde_json::Value;

/// The fixture pages built into a site index; returns the `en` index directory.
fn built() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let fixtures = common::repo().join("builder/tests/fixtures/generator-shapes");
    copy_dir(&fixtures, &site);
    let index = common::build_site(&site, &[]);
    (dir, index)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            copy_dir(&path, &to.join(entry.file_name()));
        } else {
            std::fs::copy(&path, to.join(entry.file_name())).unwrap();
        }
    }
}

fn hits(index: &Path, query: &str) -> Vec<Value> {
    let answer = search_json(index, query, &["--limit", "20"]);
    answer["hits"].as_array().cloned().unwrap_or_default()
}

fn urls(hits: &[Value]) -> Vec<String> {
    hits.iter()
        .map(|hit| hit["doc"]["url"].as_str().unwrap().to_string())
        .collect()
}

/// Where a hit links: its URL and the anchor of the section its snippet came from.
fn link(hit: &Value) -> String {
    let section = hit["snippet_value"].as_u64().unwrap_or(0) as usize;
    let anchor = match &hit["doc"]["anchors"] {
        Value::Array(anchors) => anchors[section].as_str().unwrap().to_string(),
        Value::String(anchor) => anchor.clone(),
        _ => String::new(),
    };
    format!("{}{anchor}", hit["doc"]["url"].as_str().unwrap())
}

#[test]
fn a_title_with_punctuation_finds_its_page() {
    let (_dir, index) = built();
    for query in [
        "json — JSON encoder and decoder",
        "json — JSON encoder and decoder ¶",
        "Chapter 2. Package management",
        "Configuration | Lodestar",
        "git-show(1) – Manual Page",
    ] {
        let found = hits(&index, query);
        assert!(!found.is_empty(), "{query} found nothing");
    }
    assert_eq!(
        urls(&hits(&index, "json — JSON encoder and decoder"))[0],
        "/sphinx/json.html"
    );
}

#[test]
fn heading_results_link_to_an_id_that_locates_the_heading() {
    let (_dir, index) = built();
    for (query, expected) in [
        // Sphinx: the id is on the enclosing <section>, and the headerlink points to it.
        (
            "quintessential scalars translations",
            "/sphinx/json.html#encoders-and-decoders",
        ),
        // DocBook: <a name> or <a id> inside the heading.
        (
            "signed release checksums",
            "/docbook/ch02.html#_archive_basics",
        ),
        ("pinning preferences", "/docbook/ch02.html#_pinning"),
        // AsciiDoc: the heading's own id; an empty anchor right before a heading.
        ("pretty print commit logs", "/asciidoc/manual.html#_options"),
        (
            "character encoding agnostic",
            "/asciidoc/manual.html#_discussion",
        ),
        // MkDocs: the heading's own id.
        ("palette colour schemes", "/mkdocs/#theme-options"),
    ] {
        let found = hits(&index, query);
        assert!(!found.is_empty(), "{query} found nothing");
        assert_eq!(link(&found[0]), expected, "{query}");
    }
}

#[test]
fn permalink_glyphs_are_neither_indexed_nor_shown() {
    let (_dir, index) = built();
    let json = hits(&index, "json encoder");
    let page = json
        .iter()
        .find(|hit| hit["doc"]["url"] == "/sphinx/json.html")
        .expect("the json page");
    let shown = page.to_string();
    assert!(!shown.contains('¶'), "{shown}");
    assert_eq!(page["doc"]["title"], "json — JSON encoder and decoder");
    let headings = search_json(&index, "theme options", &[])["hits"][0].to_string();
    assert!(!headings.contains('¶'), "{headings}");
}

#[test]
fn navigation_and_page_chrome_are_not_indexed() {
    let (_dir, index) = built();
    for word in [
        "sidebarword",
        "footerword",
        "tocword",
        "tocentry",
        "navword",
        "headerword",
        "hiddenword",
        "ariahiddenword",
        "previous topic",
    ] {
        assert_eq!(
            search_json(&index, word, &["--no-typos"])["count"],
            0,
            "{word} was indexed"
        );
    }
    // Sphinx marks its body with role="main": the related-links bar above it is not content.
    let next = urls(&hits(&index, "next"));
    assert!(
        !next.iter().any(|url| url.starts_with("/sphinx/")),
        "{next:?}"
    );
}

#[test]
fn an_index_of_links_ranks_below_the_page_it_links_to() {
    let (_dir, index) = built();
    let found = urls(&hits(&index, "json decoder"));
    assert_eq!(
        found.first().map(String::as_str),
        Some("/sphinx/json.html"),
        "{found:?}"
    );
    let found = urls(&hits(&index, "quintessential"));
    assert_eq!(
        found.first().map(String::as_str),
        Some("/sphinx/json.html"),
        "{found:?}"
    );
}
