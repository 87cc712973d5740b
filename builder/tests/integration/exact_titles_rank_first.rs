//! Searching a page's title finds that page first: a title equal to the query (after
//! analysis) ranks first, then titles that start with it as a whole name, then titles that
//! start with it inside a longer compound (`git-show` before `git-show-index`), whatever the
//! bodies score. Pages shaped like AsciiDoc manual pages, written for this test.

use crate::common;

use std::path::Path;

use common::{build_site, search_json};

/// A manual page titled `name(1) Manual Page`, summed up as `summary`, whose description is
/// `description` said `times` times.
fn man_page(site: &Path, name: &str, summary: &str, description: &str, times: usize) {
    let text = vec![description; times].join(" ");
    let body = summary;
    let html = format!(
        r#"<!DOCTYPE html><html lang="en"><head><title>{name}(1)</title></head>
<body class="manpage"><div id="header"><h1>{name}(1) Manual Page</h1>
<h2>NAME</h2><div class="sectionbody"><p>{name} - {body}</p></div></div>
<div id="content"><div class="sect1"><h2 id="_description">DESCRIPTION</h2>
<div class="sectionbody"><p>{text}</p></div></div></div></body></html>"#
    );
    std::fs::write(site.join(format!("{name}.html")), html).unwrap();
}

/// The first `total` hits' URLs for `query` read as two pages, the second from `split`:
/// what paging shows, to compare with one page of them all.
fn paged_urls(index: &Path, query: &str, split: usize, total: usize) -> Vec<String> {
    let mut paged = first_urls(index, query, split);
    let (limit, offset) = ((total - split).to_string(), split.to_string());
    let answer = search_json(
        index,
        query,
        &["--limit", &limit, "--offset", &offset, "--no-snippet"],
    );
    for hit in answer["hits"].as_array().unwrap() {
        paged.push(hit["doc"]["url"].as_str().unwrap().to_string());
    }
    paged
}

fn first_urls(index: &Path, query: &str, limit: usize) -> Vec<String> {
    let answer = search_json(
        index,
        query,
        &["--limit", &limit.to_string(), "--no-snippet"],
    );
    let hits = answer["hits"].as_array().cloned().unwrap_or_default();
    hits.iter()
        .map(|hit| hit["doc"]["url"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_page_titled_as_the_query_comes_first() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    std::fs::create_dir_all(&site).unwrap();
    // The page the query names is long and says "show" rarely; the others are short and say
    // it often: by BM25 alone they rank first.
    let long = "Shows one or more objects: blobs, trees, tags and commits, each as it is stored.";
    man_page(&site, "git-show", "Show various types of objects", long, 20);
    for name in ["git-show-index", "git-show-branch", "git-show-ref"] {
        man_page(
            &site,
            name,
            "Show packed archive index",
            "See git show, git show.",
            3,
        );
    }
    man_page(
        &site,
        "git-log",
        "Show commit logs",
        "Like git show does, git show.",
        2,
    );
    let index = build_site(&site, &[]);

    let shown = first_urls(&index, "git-show", 10);
    assert_eq!(shown.len(), 5, "{shown:?}");
    assert_eq!(shown[0], "/git-show.html", "{shown:?}");
    // Titles starting with the query inside a longer name, then the title that does not.
    assert_eq!(shown[4], "/git-log.html", "{shown:?}");
    assert_eq!(
        first_urls(&index, "git-show-branch", 10)[0],
        "/git-show-branch.html"
    );
    // The same order at any page size: paging never shows a page twice or skips one.
    assert_eq!(paged_urls(&index, "git-show", 2, 5), shown);
    // Its score (BM25) is below the next hits': the title put it first.
    let answer = search_json(&index, "git-show", &["--limit", "2"]);
    let score = |i: usize| answer["hits"][i]["score"].as_f64().unwrap();
    assert!(score(0) < score(1), "{answer}");
}

/// A page of an API reference: its name in `<h1>` between words that say what it names.
fn api_page(site: &Path, file: &str, title: &str, text: &str, times: usize) {
    let text = vec![text; times].join(" ");
    let html = format!(
        r#"<!DOCTYPE html><html lang="en"><head><title>{title}</title></head>
<body><main><h1>{title}</h1><p>{text}</p></main></body></html>"#
    );
    std::fs::write(site.join(file), html).unwrap();
}

#[test]
fn a_name_with_words_of_its_kind_comes_first() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    std::fs::create_dir_all(&site).unwrap();
    // Shaped like rustdoc's and Doxygen's pages: the module's and the class's own pages say
    // their names once in long text; guides say them often in short text, so BM25 alone
    // ranks the guides first.
    let long = "Contiguous growable arrays, their iterators and the functions that make them.";
    api_page(&site, "vec.html", "Module std::vec", long, 20);
    api_page(&site, "vector.html", "Vector Class Reference", long, 20);
    for (file, title) in [
        ("a.html", "Growing arrays"),
        ("b.html", "Collections guide"),
    ] {
        api_page(
            &site,
            file,
            title,
            "Use std::vec, std::vec again; a Vector, one Vector.",
            2,
        );
    }
    api_page(
        &site,
        "c.html",
        "Module std::vec examples",
        "std::vec, std::vec.",
        2,
    );
    let index = build_site(&site, &[]);

    let found = first_urls(&index, "std::vec", 10);
    assert_eq!(found[0], "/vec.html", "{found:?}");
    let found = first_urls(&index, "Vector", 10);
    assert_eq!(found[0], "/vector.html", "{found:?}");
}

/// A hub page titled `title` whose content is 60 links, each to an `item`: its text weighs
/// less (mostly links), and it says its name only in its title.
fn links_page(site: &Path, file: &str, title: &str, item: &str) {
    let links: String = (0..60)
        .map(|i| format!(r#"<li><a href="{item}{i}.html">{item} {i} of the set</a></li>"#))
        .collect();
    let html = format!(
        r#"<!DOCTYPE html><html lang="en"><head><title>{title}</title></head>
<body><main><h1>{title}</h1><ul>{links}</ul></main></body></html>"#
    );
    std::fs::write(site.join(file), html).unwrap();
}

#[test]
fn a_page_of_links_titled_as_the_query_comes_first_from_past_the_first_page() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    std::fs::create_dir_all(&site).unwrap();
    // A hub page of links, shaped like a manual's index of modules: its text weighs less
    // (mostly links), and it says its name only in its title. Fifteen short pages say the
    // name in a heading and often in their text, so by score alone the hub is past the
    // first ten.
    links_page(&site, "reference.html", "Library Reference", "module");
    for i in 0..15 {
        api_page(
            &site,
            &format!("guide{i}.html"),
            &format!("Guide {i}: library reference notes"),
            "The library reference lists it; see the library reference.",
            3,
        );
    }
    let index = build_site(&site, &[]);

    let by_score = search_json(
        &index,
        "library reference",
        &["--limit", "20", "--no-snippet"],
    );
    let hits = by_score["hits"].as_array().unwrap();
    assert_eq!(hits.len(), 16, "{by_score}");
    assert_eq!(
        hits[0]["doc"]["url"], "/reference.html",
        "the page titled as the query is first: {by_score}"
    );
    // At any page size: paging never shows a page twice or skips one.
    let all = first_urls(&index, "library reference", 20);
    assert_eq!(paged_urls(&index, "library reference", 3, 16), all);
    let found = first_urls(&index, "Library Reference", 1);
    assert_eq!(found, ["/reference.html"]);
    // A title holding the words and more is not moved: the guides keep their order by score.
    let found = first_urls(&index, "library reference notes", 20);
    assert!(
        found[..15].iter().all(|url| url.starts_with("/guide")),
        "{found:?}"
    );
}

#[test]
fn a_page_of_links_named_with_words_of_its_kind_comes_first_from_past_the_first_page() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    std::fs::create_dir_all(&site).unwrap();
    // Shaped like Doxygen's namespace pages: a list of links titled with the namespace's name
    // and the words that say what it is. Fifteen short pages say the name in their titles
    // among other words and often in their text, so by score alone the namespace's own page
    // is past the first ten, where the titles of the first page are not read.
    links_page(
        &site,
        "namespace.html",
        "util::io Namespace Reference",
        "class",
    );
    for i in 0..15 {
        api_page(
            &site,
            &format!("guide{i}.html"),
            &format!("Reading files {i} with util::io"),
            "Open it with util::io; util::io reads it, util::io writes it.",
            3,
        );
    }
    let index = build_site(&site, &[]);

    let found = first_urls(&index, "util::io", 20);
    assert_eq!(found.len(), 16, "{found:?}");
    assert_eq!(found[0], "/namespace.html", "{found:?}");
    // At any page size: paging never shows a page twice or skips one.
    assert_eq!(paged_urls(&index, "util::io", 4, 16), found);
    // A part of the name is not the name: the guides keep their places.
    let found = first_urls(&index, "io", 20);
    assert_eq!(found.len(), 16, "{found:?}");
    assert_eq!(found[15], "/namespace.html", "{found:?}");
}
