//! The `rangefind` binary, run as a user would: build, search, inspect, serve.

use crate::common;

use common::rangefind;

use std::path::Path;
use std::process::Output;

fn mdn_config() -> String {
    common::repo()
        .join("examples/mdn/rangefind.yaml")
        .display()
        .to_string()
}

/// `rangefind build` with the MDN mapping, quietly, plus `extra` flags.
fn build(inputs: &[&str], out: &Path, extra: &[&str]) -> Output {
    let config = mdn_config();
    let mut args = vec!["build", "--config", &config, "--input"];
    args.extend_from_slice(inputs);
    args.extend_from_slice(&["--out", out.to_str().unwrap(), "-q"]);
    args.extend_from_slice(extra);
    rangefind(&args)
}

fn write(dir: &Path, name: &str, content: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path.display().to_string()
}

const GOOD: &str = r#"{"id":"a","title":"Array map","body":"map calls a function on every element","section":"Web/JavaScript","page_type":"guide","url":"https://x/a","last_modified":"2024-01-01T00:00:00Z"}"#;

#[test]
fn a_malformed_line_stops_the_build_with_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(
        dir.path(),
        "docs.jsonl",
        &format!("{GOOD}\n{{\"id\": 3,\n{GOOD}\n"),
    );
    let out = dir.path().join("index");
    let output = build(&[&input], &out, &[]);
    assert!(!output.status.success());
    let message = common::text(&output);
    assert!(message.contains("docs.jsonl:2: invalid JSON"), "{message}");
    assert!(message.contains("--skip-invalid"), "{message}");
    assert!(
        !out.join("manifest.json").exists(),
        "no manifest after a failed build"
    );
}

#[test]
fn skip_invalid_counts_and_reports_bad_documents() {
    let dir = tempfile::tempdir().unwrap();
    let bad_type = GOOD.replace("\"2024-01-01T00:00:00Z\"", "\"yesterday\"");
    let input = write(
        dir.path(),
        "docs.jsonl",
        &format!("{GOOD}\nnot json\n\n{bad_type}\n"),
    );
    let out = dir.path().join("index");
    let output = build(&[&input], &out, &["--skip-invalid"]);
    let message = common::text(&output);
    assert!(output.status.success(), "{message}");
    assert!(
        message.contains("3 documents read, 1 indexed, 2 skipped"),
        "{message}"
    );
    assert!(
        message.contains("docs.jsonl:4: field \"last_modified\": expected an RFC 3339 datetime"),
        "{message}"
    );
}

#[test]
fn documents_past_max_document_bytes_are_skipped_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let long = GOOD.replace("every element", &"every element ".repeat(100));
    let input = write(
        dir.path(),
        "docs.jsonl",
        &format!("{GOOD}\n{long}\n{}\n", GOOD.replace("\"a\"", "\"b\"")),
    );
    let out = dir.path().join("index");
    // Without --skip-invalid: a long document is not a malformed one.
    let output = build(&[&input], &out, &["--max-document-bytes", "1024"]);
    let message = common::text(&output);
    assert!(output.status.success(), "{message}");
    assert!(
        message.contains("3 documents read, 2 indexed, 1 skipped"),
        "{message}"
    );
    let expected = format!(
        "docs.jsonl:2: {} bytes, longer than --max-document-bytes (1024)",
        long.len()
    );
    assert!(message.contains(&expected), "{message}");
    let answer = common::search_json(&out, "element", &[]);
    assert_eq!(answer["count"], 2, "{answer}");
}

#[test]
fn texts_past_max_field_bytes_are_cut_and_named() {
    let dir = tempfile::tempdir().unwrap();
    // "tail" is past the bound: indexed before the cut, not after it.
    let long = GOOD.replace(
        "every element",
        &format!("every element {} tail", "filler ".repeat(300)),
    );
    let input = write(dir.path(), "docs.jsonl", &format!("{long}\n"));
    let out = dir.path().join("index");
    let output = build(&[&input], &out, &["--max-field-bytes", "1024"]);
    let message = common::text(&output);
    assert!(output.status.success(), "{message}");
    assert!(
        message.contains("1 document(s) had a text longer than --max-field-bytes (1024)")
            && message.contains("docs.jsonl:1: body"),
        "{message}"
    );
    assert_eq!(common::search_json(&out, "element", &[])["count"], 1);
    assert_eq!(common::search_json(&out, "tail", &[])["count"], 0);
    let refused = build(&[&input], &out, &["--max-field-bytes", "10"]);
    assert!(!refused.status.success());
    assert!(common::text(&refused).contains("--max-field-bytes"));
}

#[test]
fn a_bad_mapping_names_the_setting() {
    let dir = tempfile::tempdir().unwrap();
    let config = write(
        dir.path(),
        "bad.yaml",
        "id_field: nope\nfields:\n  - { name: id, type: keyword }\n",
    );
    let input = write(dir.path(), "docs.jsonl", GOOD);
    let output = rangefind(&[
        "build",
        "--config",
        &config,
        "--input",
        &input,
        "--out",
        "/tmp/unused",
    ]);
    assert!(!output.status.success());
    assert!(
        common::text(&output).contains("id_field \"nope\" is not one of the fields"),
        "{}",
        common::text(&output)
    );
}

#[test]
fn build_reads_gzip_and_zstd_and_search_prints_the_json_contract() {
    let dir = tempfile::tempdir().unwrap();
    let plain: String = (0..50)
        .map(|i| GOOD.replace("\"a\"", &format!("\"doc{i}\"")) + "\n")
        .collect();
    let zst = dir.path().join("docs.jsonl.zst");
    std::fs::write(&zst, zstd::encode_all(plain.as_bytes(), 3).unwrap()).unwrap();
    let sample = common::repo().join("examples/mdn/sample.jsonl.gz");
    let out = dir.path().join("index");
    let output = build(
        &[sample.to_str().unwrap(), zst.to_str().unwrap()],
        &out,
        &["--split-docs", "200"],
    );
    assert!(output.status.success(), "{}", common::text(&output));
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("manifest.json")).unwrap()).unwrap();
    let splits = manifest["splits"].as_array().unwrap();
    assert!(splits.len() >= 3);
    let docs: u64 = splits.iter().map(|s| s["docs"].as_u64().unwrap()).sum();
    assert!(docs > 400);
    for split in splits {
        // Every document has a `last_modified`, so every split records its time range.
        let range = split["time_range"]
            .as_array()
            .expect("time_range in the manifest");
        assert!(range[0].as_i64().unwrap() <= range[1].as_i64().unwrap());
    }

    let output = rangefind(&[
        "search",
        out.to_str().unwrap(),
        "array map",
        "--limit",
        "3",
        "--json",
    ]);
    assert!(output.status.success(), "{}", common::text(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let keys = |v: &serde_json::Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(keys(&json), ["count", "hits", "index_open", "stats"]);
    // Opening the index reads the manifest, then the `section` split filter file.
    assert_eq!(json["index_open"]["requests"], 2);
    assert_eq!(json["index_open"]["waves"], 2);
    assert_eq!(
        keys(&json["stats"]),
        [
            "bytes",
            "cache_hits",
            "elapsed_ms",
            "requests",
            "splits_opened",
            "splits_total",
            "waves"
        ]
    );
    let hit = &json["hits"][0];
    assert_eq!(keys(hit), ["doc", "id", "score", "snippet"]);
    assert!(hit["snippet"].as_str().unwrap().contains("<mark>"));
    assert_eq!(json["hits"].as_array().unwrap().len(), 3);
    // Cold: every split opened in one wave, then terms, postings and documents.
    assert_eq!(
        json["stats"]["splits_opened"],
        json["stats"]["splits_total"]
    );
    assert!(
        json["stats"]["waves"].as_u64().unwrap() <= 4,
        "{}",
        json["stats"]
    );

    // --fields: only the chosen stored fields, the id and snippet as before; a name that is
    // not a stored field is refused, naming the ones that are.
    let search_json = |extra: &[&str]| {
        let mut args = vec!["search", out.to_str().unwrap(), "array map", "--json"];
        args.extend_from_slice(extra);
        rangefind(&args)
    };
    let output = search_json(&["--fields", "title,url"]);
    assert!(output.status.success(), "{}", common::text(&output));
    let narrow: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let wide: serde_json::Value = serde_json::from_slice(&search_json(&[]).stdout).unwrap();
    assert_eq!(narrow["count"], wide["count"]);
    for (narrow_hit, wide_hit) in narrow["hits"]
        .as_array()
        .unwrap()
        .iter()
        .zip(wide["hits"].as_array().unwrap())
    {
        assert_eq!(keys(&narrow_hit["doc"]), ["title", "url"]);
        assert_eq!(narrow_hit["doc"]["title"], wide_hit["doc"]["title"]);
        assert_eq!(narrow_hit["id"], wide_hit["id"]);
        assert_eq!(narrow_hit["snippet"], wide_hit["snippet"]);
    }
    // Reading through gaps as the Worker does changes the requests, never the answer.
    let output = search_json(&[
        "--max-requests-per-wave",
        "1",
        "--max-read-through-kb",
        "4096",
        "--metered-requests",
    ]);
    assert!(output.status.success(), "{}", common::text(&output));
    let metered: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(metered["hits"], wide["hits"]);
    assert!(metered["stats"]["requests"].as_u64() <= wide["stats"]["requests"].as_u64());

    let output = search_json(&["--fields", "title,nonsense"]);
    assert!(!output.status.success());
    let message = common::text(&output);
    assert!(
        message.contains("no stored field \"nonsense\"") && message.contains("title"),
        "{message}"
    );

    let output = rangefind(&["inspect", out.to_str().unwrap()]);
    assert!(output.status.success(), "{}", common::text(&output));
    assert!(
        common::text(&output).contains("hotcache"),
        "{}",
        common::text(&output)
    );
    // ... and in each split's own footer.
    assert!(
        common::text(&output).contains("time range 1"),
        "{}",
        common::text(&output)
    );
    assert!(
        !common::text(&output).contains("time range -"),
        "{}",
        common::text(&output)
    );
}

#[test]
fn searching_something_that_is_not_an_index_explains_why() {
    let dir = tempfile::tempdir().unwrap();
    let output = rangefind(&["search", dir.path().to_str().unwrap(), "x"]);
    assert!(!output.status.success());
    assert!(
        common::text(&output).contains("no manifest.json"),
        "{}",
        common::text(&output)
    );
}

#[test]
fn a_byte_order_mark_is_not_part_of_the_first_document() {
    // Editors on Windows save UTF-8 with a byte order mark: the first line was "invalid JSON
    // at line 1 column 1".
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "docs.jsonl", &format!("\u{feff}{GOOD}\n"));
    let out = dir.path().join("index");
    common::succeeded(&build(&[&input], &out, &[]));
    let answer = common::search_json(&out, "map", &[]);
    assert_eq!(answer["count"], 1, "{answer}");
}

#[test]
fn a_site_json_that_cannot_be_read_is_named_not_taken_for_a_missing_manifest() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    std::fs::create_dir_all(&site).unwrap();
    write(
        &site,
        "index.html",
        "<html lang=en><head><title>Array map</title></head><body><main><h1>Array map</h1><p>map calls a function on every element</p></main></body></html>",
    );
    let index = common::build_site(&site, &[]);
    let site_json = index.join("site.json");
    let good = std::fs::read_to_string(&site_json).unwrap();
    // Saved with a byte order mark (as browsers do, it is read past).
    std::fs::write(&site_json, format!("\u{feff}{good}")).unwrap();
    assert_eq!(common::search_json(&index, "map", &[])["count"], 1);
    // Cut short: the error names site.json and what is wrong, not "no manifest.json".
    std::fs::write(&site_json, &good[..good.len() / 2]).unwrap();
    let output = rangefind(&["search", index.to_str().unwrap(), "map"]);
    assert!(!output.status.success());
    let message = common::text(&output);
    assert!(message.contains("site.json: not a site index"), "{message}");
    assert!(message.contains("EOF while parsing"), "{message}");
    assert!(!message.contains("manifest"), "{message}");
}

#[test]
fn one_thread_builds_the_same_index_as_two() {
    let dir = tempfile::tempdir().unwrap();
    let sample = common::sample();
    let sample = sample.to_str().unwrap();
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    for (out, threads) in [(&one, "1"), (&two, "2")] {
        let output = build(
            &[sample],
            out,
            &["--split-docs", "150", "--threads", threads],
        );
        assert!(output.status.success(), "{}", common::text(&output));
    }
    // Splits and split filter files are named after their content: the same names, the same
    // bytes.
    assert_eq!(common::manifest_of(&one), common::manifest_of(&two));
    let output = build(&[sample], &dir.path().join("three"), &["--threads", "3"]);
    assert!(!output.status.success());
    assert!(
        common::text(&output).contains("--threads"),
        "{}",
        common::text(&output)
    );
}

#[test]
fn port_belongs_to_serve_and_rangefind_port_does_not_leak_into_build() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "index.html",
        "<html lang=en><title>Tide tables</title><main><h1>Tide tables</h1><p>High water at noon.</p></main></html>",
    );
    let site = dir.path().to_str().unwrap();
    // `--port` without `--serve` is a mistake worth saying.
    let refused = rangefind(&["build", "--site", site, "--port", "9000", "-q"]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--serve"));
    // RANGEFIND_PORT, set for `rangefind serve`, must not break a plain site build.
    let built = std::process::Command::new(env!("CARGO_BIN_EXE_rangefind"))
        .args(["build", "--site", site, "-q"])
        .env("RANGEFIND_PORT", "9000")
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
}
