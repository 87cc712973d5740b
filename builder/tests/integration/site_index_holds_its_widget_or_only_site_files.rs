//! What a site index's directory holds: the widget next to site.json (`--no-widget` leaves it
//! out), and, when built without splits, only the site files the widget searches.

use rangefind_engine::formats::site_file::SITE_LAYOUT_VERSION;
use serde_json::Value;

use crate::common::{rangefind, search_json, succeeded};
use crate::site_build_indexes_a_static_site::{build, fails_saying, ids, make_site};

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
    // `inspect` describes each language's site file: its regions, the head a first visit
    // reads, its lexicon.
    let inspect = || {
        let output = rangefind(&["inspect", out.to_str().unwrap()]);
        succeeded(&output);
        String::from_utf8(output.stdout).unwrap()
    };
    let described = inspect();
    for (says, what) in [
        ("fr: 1 page in fr/", "each language"),
        ("regions, bytes: stemmed", "the regions"),
        (
            &format!("head (site layout {SITE_LAYOUT_VERSION})"),
            "the head",
        ),
        ("its block index", "the lexicon"),
    ] {
        assert!(described.contains(says), "{what}: {described}");
    }
    assert!(!described.contains("also a split index"), "{described}");
    // With --splits the split index is there; rebuilt without, it is gone again.
    build(&site);
    assert!(out.join("en/manifest.json").exists());
    assert!(inspect().contains("also a split index (build --site --splits): rangefind inspect"));
    let found = search_json(&out, "cheval", &["--language", "fr"]);
    assert_eq!(ids(found["hits"].as_array().unwrap()), ["/fr/"]);
    default_build();
    assert!(!out.join("en/manifest.json").exists() && !out.join("en/splits").exists());
    let lexicons = std::fs::read_dir(out.join("en/lexicon")).unwrap().count();
    assert_eq!(lexicons, 1);
}
