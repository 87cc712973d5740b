//! Typo tolerance end to end: an index built with `typo_tolerance: true` (the bundled MDN
//! sample, several splits) served over HTTP on 127.0.0.1. A word no split holds is searched as
//! the words one edit away, exactly as if they had been typed; known words never touch the
//! lexicon; and a damaged or replaced lexicon is a clear error, not a silent miss.

use crate::common;

use std::path::PathBuf;

use rangefind_engine::splits::{SearchIndex, SearchRequest, SearchResponse};

/// The MDN sample built with typo tolerance into a temporary directory (kept while the
/// returned guard lives), in several splits.
fn built_index() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("index");
    common::succeeded(&common::build_cli(
        &common::repo().join("examples/mdn/rangefind.yaml"),
        &common::sample(),
        &out,
        &["--split-docs", "100"],
    ));
    (dir, out)
}

async fn search(index: &SearchIndex, query: &str, typos: bool) -> SearchResponse {
    let mut request = SearchRequest::new(query, 10);
    request.typo_tolerance = typos;
    index.search(&request).await.unwrap()
}

fn ids(response: &SearchResponse) -> Vec<(String, String)> {
    response
        .hits
        .iter()
        .map(|h| (h.id.clone(), format!("{:.4e}", h.score)))
        .collect()
}

fn lexicon_requests(response: &SearchResponse) -> usize {
    response
        .requests
        .iter()
        .filter(|r| r.file.contains("/lexicon/"))
        .count()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_word_with_one_typo_is_searched_as_the_words_one_edit_away() {
    let (_dir, out) = built_index();
    let manifest = common::manifest_of(&out);
    assert!(manifest.splits.len() >= 4, "several splits");
    let url = common::serve(&out).await;
    let index = common::open_http(&url, 64 << 20).await;

    for (typed, meant) in [
        ("promsie", "promise"),          // transposition
        ("fetc request", "fetch"),       // deletion
        ("arrray", "array"),             // insertion
        ("\"evant listener\"", "event"), // substitution, in a phrase
    ] {
        let answer = search(&index, typed, true).await;
        assert_eq!(answer.replaced.len(), 1, "{typed}: {:?}", answer.replaced);
        let replaced = &answer.replaced[0];
        assert!(
            replaced.with.contains(&meant.to_string()),
            "{typed}: {replaced:?}"
        );
        assert!(answer.count > 0, "{typed}");
        // Exactly what searching the replacements as typed finds.
        let instead = format!("({})", replaced.with.join(" OR "));
        let spelled = typed.replace(&replaced.word, &instead);
        let spelled = if typed.starts_with('"') {
            // A phrase: each variant of it, any of them.
            let variants: Vec<String> = replaced
                .with
                .iter()
                .map(|w| typed.replace(&replaced.word, w))
                .collect();
            variants.join(" OR ")
        } else {
            spelled
        };
        let expected = search(&index, &spelled, false).await;
        assert_eq!(answer.count, expected.count, "{typed} / {spelled}");
        assert_eq!(ids(&answer), ids(&expected), "{typed} / {spelled}");
        // Without typo tolerance the word is missing: no page holds it (with other words
        // beside it, the pages holding those come, each lacking it).
        let strict = search(&index, typed, false).await;
        let lacking = Some(replaced.word.as_str());
        assert!(
            (strict.hits.iter()).all(|hit| hit.missing.as_deref() == lacking),
            "{typed}: {:?}",
            strict.hits
        );
        let other_words = typed.contains(' ') && !typed.starts_with('"');
        assert_eq!(strict.count > 0, other_words, "{typed}");
        assert!(strict.replaced.is_empty());
        assert_eq!(lexicon_requests(&strict), 0);
    }

    // Known words, excluded words and words with nothing one edit away read no lexicon block
    // beyond what an earlier query read, and replace nothing.
    let cold = common::open_http(&url, 64 << 20).await;
    for query in ["promise", "fetch -promsie", "array*", "title:promsie"] {
        let answer = search(&cold, query, true).await;
        assert!(answer.replaced.is_empty(), "{query}: {:?}", answer.replaced);
        assert_eq!(lexicon_requests(&answer), 0, "{query}");
    }
    let nothing = search(&cold, "qqqqzzzzxx", true).await;
    assert!(nothing.replaced.is_empty());
    assert_eq!(nothing.count, 0);
    assert_eq!(
        lexicon_requests(&nothing),
        2,
        "the block index, then one block"
    );

    // A typo costs the block index once per reader, then one wave of blocks, then the
    // replacements' own reads.
    let first = search(&cold, "promsie", true).await;
    let lexicon: Vec<u64> = first
        .requests
        .iter()
        .filter(|r| r.file.contains("/lexicon/"))
        .map(|r| r.wave)
        .collect();
    assert!(!lexicon.is_empty());
    let again = search(&cold, "promsie", true).await;
    assert_eq!(again.stats.requests, 0, "everything is in the page cache");
    assert_eq!(again.count, first.count);
}

/// The error a search for a typo'd word gets.
async fn typo_error(index: &SearchIndex) -> String {
    index
        .search(&SearchRequest::new("promsie", 10))
        .await
        .unwrap_err()
        .to_string()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_damaged_or_replaced_lexicon_is_a_clear_error() {
    let (_dir, out) = built_index();
    let entry = common::manifest_of(&out).lexicon.expect("a lexicon");
    let path = out.join(&entry.path);
    let good = std::fs::read(&path).unwrap();
    let url = common::serve(&out).await;

    // A flipped byte in every block: the checksum catches it.
    let mut damaged = good.clone();
    for at in (16..entry.words[0] as usize).step_by(512) {
        damaged[at] ^= 0x5a;
    }
    std::fs::write(&path, &damaged).unwrap();
    let index = common::open_http(&url, 0).await;
    let error = typo_error(&index).await;
    assert!(
        error.contains("lexicon") && error.contains("checksum"),
        "{error}"
    );
    // Known words do not read it, and still work.
    assert!(
        index
            .search(&SearchRequest::new("promise", 10))
            .await
            .unwrap()
            .count
            > 0
    );

    // Truncated: its length is not the manifest's.
    std::fs::write(&path, &good[..good.len() - 100]).unwrap();
    let error = typo_error(&common::open_http(&url, 0).await).await;
    assert!(error.contains("truncated or replaced"), "{error}");

    // Deleted: not found, naming the file.
    std::fs::remove_file(&path).unwrap();
    let error = typo_error(&common::open_http(&url, 0).await).await;
    assert!(error.contains("words."), "{error}");
}

/// Search as you type: the widget sends the last word as `(w OR w*)`. The index holds stems,
/// so a prefix typed past its word's stem (`configurat`, while `configuration`, stem
/// `configur`, is being typed) expands to nothing; the lexicon's words it begins are searched
/// instead, in the same wave as the typo lookup.
#[tokio::test(flavor = "multi_thread")]
async fn a_prefix_typed_past_its_stem_is_completed_from_the_lexicon() {
    let (_dir, out) = built_index();
    let url = common::serve(&out).await;
    let index = common::open_http(&url, 64 << 20).await;

    let typed = "(configurat OR configurat*)";
    let strict = search(&index, typed, false).await;
    assert_eq!(
        strict.count, 0,
        "the prefix is past the stem: nothing as typed"
    );
    let answer = search(&index, typed, true).await;
    assert_eq!(answer.replaced.len(), 1, "{:?}", answer.replaced);
    let replaced = &answer.replaced[0];
    assert_eq!(replaced.word, "configurat");
    assert!(
        replaced.with.contains(&"configuration".to_string()),
        "{replaced:?}"
    );
    assert!(replaced.with.iter().all(|w| w.starts_with("configurat")));
    // The hits of searching the completions as typed, in the same order (both occurrences of
    // the word are replaced, so every score is twice that of one).
    let spelled = format!("({})", replaced.with.join(" OR "));
    let expected = search(&index, &spelled, false).await;
    assert!(expected.count > 0);
    assert_eq!(answer.count, expected.count);
    let hits =
        |r: &SearchResponse| -> Vec<String> { ids(r).into_iter().map(|(id, _)| id).collect() };
    assert_eq!(hits(&answer), hits(&expected));
    // One lexicon wave beyond the block index, as for a typo.
    let waves: std::collections::BTreeSet<u64> = answer
        .requests
        .iter()
        .filter(|r| r.file.contains("/lexicon/"))
        .map(|r| r.wave)
        .collect();
    assert_eq!(waves.len(), 2, "the block index, then the blocks");

    // A whole word is not completed: `configurat` typed and finished is 3 edits from anything.
    let whole = search(&index, "configurat", true).await;
    assert!(whole.replaced.is_empty(), "{:?}", whole.replaced);
    assert_eq!(whole.count, 0);
}

/// A lexicon of `words` distinct made-up words, written into `dir`.
fn lexicon_of(dir: &std::path::Path, words: usize) -> rangefind_engine::typos::Lexicon {
    let counts: rangefind_engine::typos::WordCounts = (0..words)
        .map(|n| (format!("w{n:x}q{}", n % 7), 1 + (n % 3) as u32))
        .collect();
    let entry = rangefind_builder::lexicon::write_file(dir, &counts).unwrap();
    let store = rangefind_engine::io::DirStore::new(dir.to_path_buf());
    rangefind_engine::typos::Lexicon::new(&store, &entry).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_block_index_too_large_for_a_first_visit_is_read_by_the_first_typo_instead() {
    use rangefind_engine::io::QueryStats;
    use rangefind_engine::typos::{UnknownWord, MAX_PRELOADED_INDEX_BYTES};
    let dir = tempfile::tempdir().unwrap();
    for (words, preloaded) in [(2_000, true), (2_400_000, false)] {
        let lexicon = lexicon_of(&dir.path().join(words.to_string()), words);
        let index_bytes = lexicon.block_index_len();
        assert_eq!(
            index_bytes <= MAX_PRELOADED_INDEX_BYTES,
            preloaded,
            "{index_bytes}"
        );
        let stats = QueryStats::new();
        lexicon.preload(None, &stats).await.unwrap();
        assert_eq!(
            stats.counts().requests,
            u64::from(preloaded),
            "{words} words"
        );
        // The first lookup reads the block index if the preload did not, then its blocks.
        let lookup = QueryStats::new();
        let typo = UnknownWord {
            word: "w1q2".into(),
            prefix: false,
            docs: 0,
        };
        let found = lexicon.replacements(&[typo], None, &lookup).await.unwrap();
        assert!(!found.is_empty());
        assert_eq!(lookup.counts().waves, if preloaded { 1 } else { 2 });
    }
}

/// Words up to the longest an index holds (the analyser drops words of 40 bytes or more) are
/// in the lexicon: a long name typed with one letter doubled or dropped is corrected, in the
/// site engine as in the splits. Until 2026-12-02 the lexicon stopped at 32 characters.
#[test]
fn a_long_word_with_one_typo_is_corrected() {
    use crate::site_build_indexes_a_static_site::{page, write};
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let long = "supercalifragilisticexpialidocious"; // 34 letters
    let longest = "pneumonoultramicroscopicsilicovolcanos"; // 38 letters
    for (path, word) in [("a.html", long), ("b.html", longest)] {
        let main = format!("<main><h1>A page</h1><p>The word {word} is long.</p></main>");
        write(&site, path, page(" lang=\"en\"", &main).as_bytes());
    }
    write(
        &site,
        "c.html",
        page(
            " lang=\"en\"",
            "<main><h1>Other</h1><p>Short words.</p></main>",
        )
        .as_bytes(),
    );
    let index = common::build_site(&site, &[]);
    for (typed, meant, url) in [
        ("supercalifragilisticexpialidociouss", long, "/a.html"), // 35 letters typed
        ("supercalifragilisticexpalidocious", long, "/a.html"),
        (
            "pneumonoultramicroscopicsilicovolcanoss",
            longest,
            "/b.html",
        ), // 39
    ] {
        let answer = common::search_json(&index, typed, &["--fields", "url"]);
        let urls: Vec<&str> = (answer["hits"].as_array().unwrap().iter())
            .map(|hit| hit["doc"]["url"].as_str().unwrap())
            .collect();
        assert_eq!(urls, [url], "{typed}: {answer}");
        assert_eq!(
            answer["replaced"],
            serde_json::json!([{"word": typed, "with": [meant]}]),
            "{typed}"
        );
    }
}
