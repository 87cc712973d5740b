//! `rangefind build --site`: a small real site on disk, built with the CLI, searched with the
//! CLI. Pages are chosen to exercise each rule: content markers, ignore, filters, metadata,
//! weights, languages, character sets, redirects, noindex and unreadable files.

use crate::common;

use std::path::Path;

use common::{rangefind, search_json, succeeded, text, untar};
use serde_json::Value;

fn write(root: &Path, path: &str, bytes: &[u8]) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

fn page(lang: &str, main: &str) -> String {
    format!(
        "<!doctype html><html{lang}><head><meta charset=\"utf-8\"><title>Site page</title></head>\
         <body><nav>menu words</nav>{main}<footer>footer words</footer></body></html>"
    )
}

fn make_site(root: &Path) {
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
fn build(site: &Path) -> String {
    succeeded(&rangefind(&[
        "build",
        "--site",
        site.to_str().unwrap(),
        "--splits",
        "-q",
    ]))
}

fn hits(index: &Path, query: &str, extra: &[&str]) -> Vec<Value> {
    search_json(index, query, extra)["hits"]
        .as_array()
        .unwrap()
        .clone()
}

fn ids(hits: &[Value]) -> Vec<&str> {
    hits.iter().map(|h| h["id"].as_str().unwrap()).collect()
}

/// A stored field as a list (one value is stored as a scalar).
fn list(value: &Value) -> Vec<Value> {
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
        assert!(hits(&en, word, &[]).is_empty(), "{word} was indexed");
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
fn fails_saying(args: &[&str], message: &str) {
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

/// Builds an MDN site (the bundled sample, or the shared corpus's whole site) and checks its
/// page count and that titles find their page first.
fn check_mdn_site(archive: &Path, at_least: u64) {
    let dir = tempfile::tempdir().unwrap();
    untar(archive, dir.path());
    let site = dir.path().join("site-mdn");
    let summary = build(&site);
    assert!(
        summary
            .contains("without data-rangefind-body / data-pagefind-body (other pages have it): /"),
        "the root page has no data-pagefind-body: {summary}"
    );
    let out = site.join("_rangefind");
    let site_json: Value =
        serde_json::from_slice(&std::fs::read(out.join("site.json")).unwrap()).unwrap();
    let pages = site_json["languages"]["en"]["pages"].as_u64().unwrap();
    assert!(pages >= at_least, "{pages} pages indexed");
    let sections = &site_json["languages"]["en"]["filters"]["section"];
    assert!(sections["Web/JavaScript"].as_u64().unwrap() > 0);
    let en = out.join("en");
    let map = hits(&en, "Array.prototype.map()", &["--limit", "3"]);
    assert_eq!(
        map[0]["id"],
        "/web/javascript/reference/global_objects/array/map/"
    );
    assert_eq!(map[0]["doc"]["title"], "Array.prototype.map()");
    assert_eq!(
        map[0]["doc"]["meta.page_type"],
        "javascript-instance-method"
    );
    let in_section = hits(
        &en,
        "map",
        &["--filter", "filter.section=Web/JavaScript", "--limit", "50"],
    );
    assert!(!in_section.is_empty());
    for hit in &in_section {
        assert_eq!(hit["doc"]["filter.section"], "Web/JavaScript");
    }
}

#[test]
fn the_bundled_mdn_sample_site_builds() {
    check_mdn_site(
        &common::repo().join("examples/mdn-site/sample-site.tar.gz"),
        440,
    );
}

#[test]
fn the_shared_mdn_site_builds() {
    if let Some(archive) = common::shared_corpus("site-mdn.tar.gz") {
        check_mdn_site(&archive, 14_000);
    }
}

#[test]
fn the_widget_is_written_next_to_site_json() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("public");
    make_site(&site);
    let summary = build(&site);
    let out = site.join("_rangefind");
    assert!(
        !summary.contains("built without the <rangefind-search> widget"),
        "this rangefind was compiled before web/dist existed: run scripts/setup.sh\n{summary}"
    );
    assert!(
        summary
            .contains(r#"<script type="module" src="/_rangefind/rangefind-search.js"></script>"#),
        "{summary}"
    );
    let script = std::fs::read_to_string(out.join("rangefind-search.js")).unwrap();
    assert!(script.contains("rangefind-search") && script.contains("worker.js"));
    // site.json is inlined ahead of the script's code, so the widget starts without reading it.
    let rest = script
        .strip_prefix("var __RANGEFIND_SITE__=")
        .expect("site.json inlined");
    let inlined = serde_json::Deserializer::from_str(rest)
        .into_iter::<Value>()
        .next()
        .unwrap()
        .unwrap();
    let site_json: Value =
        serde_json::from_slice(&std::fs::read(out.join("site.json")).unwrap()).unwrap();
    assert_eq!(inlined, site_json);
    assert!(out.join("site-worker.js").is_file());
    assert!(std::fs::read_to_string(out.join("worker.js"))
        .unwrap()
        .contains("./wasm-site/rangefind_wasm.js"));
    let wasm = std::fs::read(out.join("wasm-site/rangefind_wasm_bg.wasm")).unwrap();
    assert_eq!(&wasm[..4], b"\0asm");
    // The same compressed ahead, at brotli's best, for hosts that send such files.
    let compressed = std::fs::read(out.join("wasm-site/rangefind_wasm_bg.wasm.br")).unwrap();
    let mut decoded = Vec::new();
    brotli::BrotliDecompress(&mut &compressed[..], &mut decoded).unwrap();
    assert_eq!(decoded, wasm);
    assert!(compressed.len() < wasm.len() / 2);
    assert!(out.join("wasm-site/rangefind_wasm.js").is_file());
    // The widget searches site files: the split engine an earlier widget used is removed.
    assert!(!out.join("wasm").exists());
    std::fs::create_dir_all(out.join("wasm")).unwrap();
    std::fs::write(out.join("wasm/rangefind_wasm_bg.wasm"), b"\0asm").unwrap();
    std::fs::write(out.join("wasm/rangefind_wasm.js"), b"").unwrap();
    build(&site);
    assert!(!out.join("wasm").exists());
    // The summary counts the index apart from the widget: site.json, and per language a
    // manifest, one split, the lexicon and the site file (built with --splits).
    let languages = 3;
    assert!(
        summary.contains(&format!("the index is {} files", 1 + 4 * languages)),
        "{summary}"
    );
    // The site has French pages: the site engine with every stemmer comes too.
    // Each engine's .wasm also compressed ahead (.wasm.br).
    assert!(summary.contains("The search widget (10 files"), "{summary}");
    assert!(out.join("wasm-site-all/rangefind_wasm_bg.wasm").is_file());
    assert!(out.join("site-worker-all.js").is_file());

    let plain = dir.path().join("plain");
    make_site(&plain);
    let summary = succeeded(&rangefind(&[
        "build",
        "--site",
        plain.to_str().unwrap(),
        "--no-widget",
        "-q",
    ]));
    assert!(!summary.contains("rangefind-search"), "{summary}");
    assert!(!plain.join("_rangefind/rangefind-search.js").exists());
    assert!(!plain.join("_rangefind/wasm").exists());
    assert!(plain.join("_rangefind/site.json").is_file());
}

#[test]
fn without_splits_a_site_index_is_its_site_files() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("public");
    make_site(&site);
    let out = site.join("_rangefind");
    let default_build = || {
        let args = [
            "build",
            "--site",
            site.to_str().unwrap(),
            "--no-widget",
            "-q",
        ];
        succeeded(&rangefind(&args))
    };
    let summary = default_build();
    // site.json, and per language the site file and its lexicon.
    let languages = 3;
    assert!(
        summary.contains(&format!("the index is {} files", 1 + 2 * languages)),
        "{summary}"
    );
    assert!(!out.join("en/manifest.json").exists() && !out.join("en/splits").exists());
    // The CLI searches the site directory through its default language's site file.
    let found = search_json(&out, "keyboard", &[]);
    assert_eq!(ids(found["hits"].as_array().unwrap()), ["/guide/"]);
    let found = search_json(&out, "keybaord", &[]);
    assert_eq!(found["replaced"][0]["with"][0], "keyboard", "{found}");
    // Another language's site file, stemmed in its language (chevaux → cheval).
    let found = search_json(&out, "cheval", &["--language", "fr-CA"]);
    assert_eq!(ids(found["hits"].as_array().unwrap()), ["/fr/"]);
    assert_eq!(search_json(&out, "cheval", &[])["count"], 0);
    fails_saying(
        &[
            "search",
            out.to_str().unwrap(),
            "cheval",
            "--language",
            "de",
        ],
        "--language de: the site has no pages in it (its languages: en, en-gb, fr)",
    );
    // Commands that read splits say how to get them.
    fails_saying(
        &["inspect", out.to_str().unwrap()],
        "`rangefind build --site SITE --splits`",
    );
    // With --splits the split index is there; rebuilt without, it is gone again.
    build(&site);
    assert!(out.join("en/manifest.json").exists());
    let found = search_json(&out, "cheval", &["--language", "fr"]);
    assert_eq!(ids(found["hits"].as_array().unwrap()), ["/fr/"]);
    default_build();
    assert!(!out.join("en/manifest.json").exists() && !out.join("en/splits").exists());
    let lexicons = std::fs::read_dir(out.join("en/lexicon")).unwrap().count();
    assert_eq!(lexicons, 1);
}
