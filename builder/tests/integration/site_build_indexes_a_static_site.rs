//! `rangefind build --site`: a small real site on disk, built with the CLI, searched with the
//! CLI. Pages are chosen to exercise each rule: content markers, ignore, filters, metadata,
//! weights, languages, character sets, redirects, noindex and unreadable files.

use crate::common;

use std::path::Path;

use common::{rangefind, search_json, succeeded, text, untar};
use serde_json::Value;

pub(crate) fn write(root: &Path, path: &str, bytes: &[u8]) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

pub(crate) fn page(lang: &str, main: &str) -> String {
    format!(
        "<!doctype html><html{lang}><head><meta charset=\"utf-8\"><title>Site page</title></head>\
         <body><nav>menu words</nav>{main}<footer>footer words</footer></body></html>"
    )
}

pub(crate) fn make_site(root: &Path) {
    write(
        root,
        "index.html",
        page(
            " lang=\"en\"",
            "<main><h1>Home</h1><p>Welcome home.</p></main>",
        )
        .as_bytes(),
    );
    write(
        root,
        "guide/index.html",
        page(
            " lang=\"en\"",
            r#"<main data-rangefind-body data-rangefind-filter="tag:guide">
            <h1>Getting started</h1><p>Install the widget with one script tag.</p>
            <h2 id="config">Configuration</h2><p>Set the colour theme with custom properties.</p>
            <h2>Keyboard use</h2><p>Arrow keys move between results.</p></main>"#,
        )
        .as_bytes(),
    );
    write(
        root,
        "blog/post.html",
        page(
            " lang=\"en-GB\"",
            r#"<article data-pagefind-body data-pagefind-filter="tag:blog"
                data-pagefind-meta="author:Ada">
            <h1>Announcing typo tolerance</h1><p>Searches survive running typos.</p>
            <p data-pagefind-weight="4">zebra</p>
            <aside data-pagefind-ignore>secretword</aside></article>"#,
        )
        .as_bytes(),
    );
    write(
        root,
        "fr/index.html",
        page(
            " lang=\"fr\"",
            "<main data-pagefind-body><h1>Accueil</h1><p>Les chevaux mangent.</p></main>",
        )
        .as_bytes(),
    );
    write(
        root,
        "old.html",
        br#"<html lang="en"><head><meta http-equiv="refresh" content="0; url=/guide/"></head>
            <body data-rangefind-body>Relocated.</body></html>"#,
    );
    write(
        root,
        "private.html",
        br#"<html lang="en"><head><meta name="robots" content="noindex"></head>
            <body data-rangefind-body>Private words.</body></html>"#,
    );
    write(
        root,
        "latin1.html",
        b"<html lang=\"en\"><head><meta charset=\"iso-8859-1\"></head>\
          <body><main data-rangefind-body><h1>Menu</h1><p>Caf\xe9 cr\xe8me.</p></main></body></html>",
    );
    write(
        root,
        "notes/undeclared.html",
        b"<html><body><main data-rangefind-body><p>Undeclared language notes.</p></main></body></html>",
    );
    write(
        root,
        ".hidden/x.html",
        b"<html><body data-rangefind-body>hiddenword</body></html>",
    );
    #[cfg(unix)]
    std::os::unix::fs::symlink(root.join("missing-target"), root.join("broken.html")).unwrap();
}

/// `build --site` with the split index too, which these tests search language by language.
pub(crate) fn build(site: &Path) -> String {
    succeeded(&rangefind(&[
        "build",
        "--site",
        site.to_str().unwrap(),
        "--splits",
        "-q",
    ]))
}

pub(crate) fn hits(index: &Path, query: &str, extra: &[&str]) -> Vec<Value> {
    search_json(index, query, extra)["hits"]
        .as_array()
        .unwrap()
        .clone()
}

pub(crate) fn ids(hits: &[Value]) -> Vec<&str> {
    hits.iter().map(|h| h["id"].as_str().unwrap()).collect()
}

/// A stored field as a list (one value is stored as a scalar).
pub(crate) fn list(value: &Value) -> Vec<Value> {
    match value {
        Value::Array(items) => items.clone(),
        Value::Null => Vec::new(),
        other => vec![other.clone()],
    }
}

#[test]
fn a_site_builds_into_one_index_per_language() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("public");
    make_site(&site);
    let summary = build(&site);
    for expected in [
        "skipped 1 page(s) without data-rangefind-body / data-pagefind-body (other pages have it): /",
        "skipped 1 page(s) redirects",
        "skipped 1 page(s) marked noindex",
        "could not read",
        "broken.html",
        "1 page(s) have no <html lang>: indexed as en",
        "5 pages indexed (en: 3, en-gb: 1, fr: 1)",
    ] {
        assert!(summary.contains(expected), "{expected:?} not in:\n{summary}");
    }
    let out = site.join("_rangefind");
    let site_json: Value =
        serde_json::from_slice(&std::fs::read(out.join("site.json")).unwrap()).unwrap();
    assert_eq!(site_json["default_language"], "en");
    assert_eq!(site_json["site_root"], "../");
    assert_eq!(site_json["languages"]["en"]["pages"], 3);
    assert_eq!(site_json["languages"]["en"]["stemmer"], "en");
    assert_eq!(site_json["languages"]["en-gb"]["stemmer"], "en");
    assert_eq!(site_json["languages"]["en"]["filters"]["tag"]["guide"], 1);
    assert_eq!(site_json["languages"]["en-gb"]["filters"]["tag"]["blog"], 1);
    let en = out.join("en");

    // A hit names the section its snippet came from, and how to link to it.
    let keyboard = hits(&en, "arrow keys", &[]);
    assert_eq!(ids(&keyboard), ["/guide/"]);
    let section = keyboard[0]["snippet_value"].as_u64().unwrap() as usize;
    assert_eq!(
        list(&keyboard[0]["doc"]["sections"])[section],
        "Keyboard use"
    );
    assert_eq!(
        list(&keyboard[0]["doc"]["anchors"])[section],
        "#:~:text=Keyboard%20use"
    );
    assert_eq!(keyboard[0]["doc"]["title"], "Getting started");
    let colour = hits(&en, "colour theme", &[]);
    let section = colour[0]["snippet_value"].as_u64().unwrap() as usize;
    assert_eq!(list(&colour[0]["doc"]["anchors"])[section], "#config");
    // Headings are searched.
    assert_eq!(ids(&hits(&en, "configuration", &[])), ["/guide/"]);

    // Navigation, footers, ignored and hidden files are not indexed; the undeclared page and
    // the Latin-1 page are, the latter decoded.
    for word in [
        "menu words",
        "footer words",
        "hiddenword",
        "welcome",
        "relocated",
        "private",
    ] {
        assert!(
            hits(&en, word, &["--all-words"]).is_empty(),
            "{word} was indexed"
        );
    }
    assert_eq!(
        ids(&hits(&en, "undeclared", &[])),
        ["/notes/undeclared.html"]
    );
    assert_eq!(ids(&hits(&en, "café crème", &[])), ["/latin1.html"]);

    // en-GB has its own index: stemmed, weighted, filtered, with metadata.
    let gb = out.join("en-gb");
    let post = hits(&gb, "run", &[]);
    assert_eq!(ids(&post), ["/blog/post.html"], "running is stemmed to run");
    assert_eq!(post[0]["doc"]["meta.author"], "Ada");
    assert_eq!(ids(&hits(&gb, "zebra", &[])), ["/blog/post.html"]);
    assert!(hits(&gb, "secretword", &[]).is_empty());
    assert_eq!(
        ids(&hits(&gb, "typo", &["--filter", "filter.tag=blog"])),
        ["/blog/post.html"]
    );
    assert!(hits(&gb, "typo", &["--filter", "filter.tag=guide"]).is_empty());
    assert_eq!(ids(&hits(&out.join("fr"), "chevaux", &[])), ["/fr/"]);

    // The site directory itself searches its default language.
    let output = rangefind(&["search", out.to_str().unwrap(), "keyboard", "--json"]);
    assert!(text(&output).contains("is a site index: using its en pages"));
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(answer["hits"][0]["id"], "/guide/");

    // A rebuild drops what left the site: a language, old splits.
    std::fs::remove_dir_all(site.join("fr")).unwrap();
    write(
        &site,
        "guide/index.html",
        page(
            " lang=\"en\"",
            "<main data-rangefind-body><p>Rewritten guide.</p></main>",
        )
        .as_bytes(),
    );
    build(&site);
    assert!(!out.join("fr").exists(), "the fr index is removed");
    let site_json: Value =
        serde_json::from_slice(&std::fs::read(out.join("site.json")).unwrap()).unwrap();
    assert!(site_json["languages"].get("fr").is_none());
    let splits = std::fs::read_dir(en.join("splits")).unwrap().count();
    assert_eq!(splits, common::manifest_of(&en).splits.len());
    let lexicons: Vec<String> = std::fs::read_dir(en.join("lexicon"))
        .unwrap()
        .map(|entry| format!("lexicon/{}", entry.unwrap().file_name().to_string_lossy()))
        .collect();
    assert_eq!(lexicons, [common::manifest_of(&en).lexicon.unwrap().path]);
    assert_eq!(ids(&hits(&en, "rewritten", &[])), ["/guide/"]);
    assert!(hits(&en, "keyboard", &[]).is_empty());
}

/// Runs `rangefind ARGS`, checks that it fails and says `message`.
pub(crate) fn fails_saying(args: &[&str], message: &str) {
    let output = rangefind(args);
    assert!(!output.status.success(), "{args:?} succeeded");
    assert!(
        text(&output).contains(message),
        "{message:?} not in {}",
        text(&output)
    );
}

#[test]
fn a_page_past_max_field_bytes_is_indexed_up_to_it() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    // The first section and the last (past the bound) each have a word of their own.
    let word = |i| match i {
        0 => "openingword",
        39 => "closingword",
        _ => "",
    };
    let sections: String = (0..40)
        .map(|i| {
            format!(
                "<h2 id=\"s{i}\">Part {i}</h2><p>{} {}</p>",
                "filler ".repeat(100),
                word(i)
            )
        })
        .collect();
    write(
        &site,
        "long.html",
        page(
            " lang=\"en\"",
            &format!("<main><h1>Long</h1>{sections}</main>"),
        )
        .as_bytes(),
    );
    let summary = text(&rangefind(&[
        "build",
        "--site",
        site.to_str().unwrap(),
        "--max-field-bytes",
        "8192",
        "--splits",
        "-q",
    ]));
    assert!(
        summary.contains("1 page(s) have more than --max-field-bytes (8192) of text, indexed up to it: /long.html"),
        "{summary}"
    );
    let index = site.join("_rangefind/en");
    assert_eq!(hits(&index, "openingword", &[]).len(), 1);
    assert!(hits(&index, "closingword", &[]).is_empty());
    // The site file (what the widget reads) holds the same text as the splits.
    let site_file = site.join("_rangefind");
    assert_eq!(hits(&site_file, "openingword", &[]).len(), 1);
    assert!(hits(&site_file, "closingword", &[]).is_empty());
}

#[test]
fn a_word_typed_whole_is_not_completed_with_its_typo_neighbours() {
    // "ways" is indexed as "way": no indexed word begins with "ways", yet it is a word of the
    // index, so a search box typing it reads what the whole word reads; its one-edit
    // neighbours (was, days) were searched as its "completion", in two more waves.
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    for (name, text) in [
        ("a", "There are many ways to do it."),
        ("b", "It was raining for days."),
        ("c", "Nothing to see here."),
    ] {
        let main = format!("<main><h1>Page {name}</h1><p>{text}</p></main>");
        write(
            &site,
            &format!("{name}.html"),
            page(" lang=\"en\"", &main).as_bytes(),
        );
    }
    succeeded(&rangefind(&[
        "build",
        "--site",
        site.to_str().unwrap(),
        "-q",
    ]));
    let index = site.join("_rangefind");
    let exact = search_json(&index, "ways", &[]);
    let typed = search_json(&index, "ways", &["--typeahead"]);
    assert_eq!(typed["hits"], exact["hits"], "{typed}");
    assert!(typed.get("replaced").is_none(), "{typed}");
    assert_eq!(typed["stats"]["waves"], exact["stats"]["waves"], "{typed}");
}

#[test]
fn a_count_alone_reads_no_records() {
    // A search box reads ahead between keys with `limit` 0: the words of the text typed so
    // far, not the records of hits the next key makes stale. The search after the last key
    // then reads only its records: one wave.
    let dir = tempfile::tempdir().unwrap();
    untar(
        &common::repo().join("examples/mdn-site/sample-site.tar.gz"),
        dir.path(),
    );
    let index = common::build_site(&dir.path().join("site-mdn"), &[]);
    for query in [
        "promi",
        "fetch api",
        "margin inl",
        "array ma",
        "\"event listener\"",
    ] {
        let shown = search_json(&index, query, &["--typeahead"]);
        let counted = search_json(&index, query, &["--typeahead", "--limit", "0"]);
        assert!(shown["count"].as_u64().unwrap() > 0, "{query}: {shown}");
        assert_eq!(counted["count"], shown["count"], "{query}");
        assert_eq!(counted["hits"], serde_json::json!([]), "{query}");
        let waves = |answer: &Value| answer["stats"]["waves"].as_u64().unwrap();
        assert_eq!(
            waves(&counted) + 1,
            waves(&shown),
            "{query}: {counted} {shown}"
        );
    }
}

#[test]
fn bad_sites_get_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope");
    fails_saying(
        &["build", "--site", missing.to_str().unwrap()],
        "not a directory",
    );

    let empty = dir.path().join("empty");
    std::fs::create_dir_all(empty.join("css")).unwrap();
    std::fs::write(empty.join("css/site.css"), "body{}").unwrap();
    let empty = empty.to_str().unwrap();
    fails_saying(&["build", "--site", empty], "no .html or .htm files");

    let scripts_only = dir.path().join("scripts");
    write(
        &scripts_only,
        "a.html",
        b"<body><script>x()</script></body>",
    );
    fails_saying(
        &["build", "--site", scripts_only.to_str().unwrap(), "-q"],
        "has text to index",
    );

    fails_saying(
        &["build", "--site", empty, "--config", "x.yaml"],
        "cannot be used with",
    );
    fails_saying(
        &["build", "--site", empty, "--language", "../x"],
        "not a language tag",
    );
    fails_saying(&["build", "--out", "/tmp/x"], "--config");
}
