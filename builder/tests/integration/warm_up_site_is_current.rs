//! The one-page site the widget's worker searches while the reader is still typing, so that
//! the browser compiles the engine's search before the reader's first query (a browser
//! compiles a wasm function on its first call: docs/design-notes.md, "Warming the engine
//! up"). Its site file, lexicon and entry are in web/src/warm-up-site.ts, generated from the
//! page here; a site layout or lexicon format change makes that file stale, and the worker's
//! warm-up would then fail (with a console warning, not an error: it is only a warm-up). So
//! this test checks it is what this rangefind builds, and that its searches find the page the
//! ways a reader's do (a phrase, a word completed as it is typed, a typo).
//!
//! Regenerate it with
//! `cargo test -p rangefind-builder --test integration write_warm_up_site -- --ignored`.

use std::path::{Path, PathBuf};

use base64::Engine;
use serde_json::{json, Value};

use crate::common::{build_site, repo, search_json};

/// The page: a title, sections with anchors, words for a phrase, a prefix and a typo.
const PAGE: &str = r#"<!doctype html>
<html lang="en"><head><title>Static site search</title></head>
<body><main>
<h1>Static site search</h1>
<p>Searching a static site reads only the bytes each query needs, in ranges of one file.</p>
<h2 id="warm-up">Warm up</h2>
<p>The search engine compiles its code while the reader types the first query.</p>
</main></body></html>
"#;

/// The warm-up's searches, as the widget asks them: a phrase with its last word being typed,
/// then a finished query with a typo.
fn queries() -> Value {
    json!([
        { "query": "\"static site\" sear", "limit": 10, "typeahead": true },
        { "query": "serch engine", "limit": 10, "typeahead": false },
    ])
}

fn generated_file() -> PathBuf {
    repo().join("web/src/warm-up-site.ts")
}

/// The one-page site built into `dir`: its index directory.
fn build_page(dir: &Path) -> PathBuf {
    let site = dir.join("public");
    std::fs::create_dir_all(&site).unwrap();
    std::fs::write(site.join("index.html"), PAGE).unwrap();
    build_site(&site, &[])
}

/// web/src/warm-up-site.ts as this rangefind would write it for the page built in `index`.
fn generated(index: &Path) -> String {
    let site_json: Value =
        serde_json::from_slice(&std::fs::read(index.join("site.json")).unwrap()).unwrap();
    let language = &site_json["languages"]["en"];
    let file = &language["site_file"];
    let mut bytes = serde_json::Map::new();
    let paths = [&file["path"], &file["lexicon"]["path"]];
    for path in paths.map(|path| path.as_str().unwrap()) {
        let read = std::fs::read(index.join(path)).unwrap();
        let encoded = base64::engine::general_purpose::STANDARD.encode(read);
        bytes.insert(path.to_string(), encoded.into());
    }
    let site = json!({ "file": file, "bytes": bytes, "queries": queries() });
    format!(
        "// Generated from builder/tests/integration/warm_up_site_is_current.rs by\n\
         // `cargo test -p rangefind-builder --test integration write_warm_up_site -- --ignored`:\n\
         // do not edit.\n\n\
         /** A one-page site (its site file entry, its files' bytes in base64 by path) and the\n \
         * searches the worker's warm-up runs on it. */\n\
         export const WARM_UP_SITE = {};\n",
        serde_json::to_string_pretty(&site).unwrap()
    )
}

#[test]
fn the_warm_up_site_is_what_this_rangefind_builds_and_its_searches_find_its_page() {
    let dir = tempfile::tempdir().unwrap();
    let index = build_page(dir.path());
    let have = std::fs::read_to_string(generated_file()).unwrap_or_default();
    assert!(
        have == generated(&index),
        "web/src/warm-up-site.ts is not what this rangefind builds (a new site layout or \
         lexicon format?): regenerate it with `cargo test -p rangefind-builder --test \
         integration write_warm_up_site -- --ignored`"
    );
    let [phrase, typo] = [0, 1].map(|i| queries()[i].clone());
    let found = search_json(&index, phrase["query"].as_str().unwrap(), &["--typeahead"]);
    assert_eq!(found["count"], 1, "{found}");
    let found = search_json(&index, typo["query"].as_str().unwrap(), &[]);
    assert_eq!(found["count"], 1, "{found}");
    let replaced = json!([{ "word": "serch", "with": ["search"] }]);
    assert_eq!(found["replaced"], replaced, "{found}");
}

#[test]
#[ignore = "writes web/src/warm-up-site.ts"]
fn write_warm_up_site() {
    let dir = tempfile::tempdir().unwrap();
    let index = build_page(dir.path());
    std::fs::write(generated_file(), generated(&index)).unwrap();
}
