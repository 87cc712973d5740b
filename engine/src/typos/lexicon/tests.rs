//! Tests of `lexicon`.

use super::*;
use crate::io::MemoryStore;
use crate::typos::lexicon_file::{encode_lexicon, zstd_for_tests, WordCounts, LEXICON_FORMAT};

fn lexicon_of(words: &[(&str, u32)]) -> Lexicon {
    let counts: WordCounts = words.iter().map(|(w, n)| (w.to_string(), *n)).collect();
    let (bytes, layout) = encode_lexicon(&counts, &zstd_for_tests).unwrap();
    let store = MemoryStore::default();
    store.put("lexicon/words.lex", Bytes::from(bytes.clone()));
    let entry = LexiconEntry {
        id: "test".into(),
        path: "lexicon/words.lex".into(),
        size: bytes.len() as u64,
        words: layout.words,
        index: layout.index,
        format: LEXICON_FORMAT,
    };
    Lexicon::new(&store, &entry).expect("this format")
}

#[tokio::test]
async fn a_word_of_the_index_is_not_replaced() {
    // `map` is in the index (in splits a filter left out, say): not a typo of `max`.
    let lexicon = lexicon_of(&[("map", 5), ("max", 9)]);
    let stats = QueryStats::new();
    let words = [
        UnknownWord {
            word: "map".into(),
            prefix: false,
        },
        UnknownWord {
            word: "mab".into(),
            prefix: false,
        },
    ];
    let found = lexicon.replacements(&words, None, &stats).await.unwrap();
    assert_eq!(
        found,
        [(
            "mab".to_string(),
            vec!["max".to_string(), "map".to_string()]
        )]
    );
}

#[test]
fn a_lexicon_of_another_format_is_refused_at_open() {
    // Entries written before `format` name format 1 (BLAKE3 block checksums): every block
    // would fail its CRC-32 check, so the open says to rebuild instead.
    let json = r#"{"id": "ab", "path": "lexicon/words.ab.lex", "size": 10, "words": [8, 9], "index": [9, 10]}"#;
    let entry: LexiconEntry = serde_json::from_str(json).expect("an entry");
    assert_eq!(entry.format, 1);
    let Err(error) = Lexicon::new(&MemoryStore::default(), &entry) else {
        panic!("a format 1 lexicon was opened");
    };
    assert_eq!(error.kind(), ErrorKind::Incompatible);
    assert!(error.to_string().contains("lexicon format 1"), "{error}");
    assert!(error.to_string().contains("rebuild"), "{error}");
}

#[tokio::test]
async fn one_edit_finds_the_word_the_most_frequent_first() {
    // `each` shares the key `ech` with `fech` but is two edits from it.
    let lexicon = lexicon_of(&[("fetch", 40), ("each", 900), ("tech", 3), ("promise", 7)]);
    let stats = QueryStats::new();
    let words = ["fech", "promsie", "zzzz"].map(|word| UnknownWord {
        word: word.to_string(),
        prefix: false,
    });
    let found = lexicon.replacements(&words, None, &stats).await.unwrap();
    assert_eq!(
        found,
        [
            ("fech".to_string(), vec!["fetch".to_string(), "tech".into()]),
            ("promsie".to_string(), vec!["promise".to_string()]),
        ]
    );
    let counts = stats.counts();
    assert_eq!(counts.waves, 2, "block index, then blocks");
    // A second lookup reads nothing.
    let again = QueryStats::new();
    lexicon.replacements(&words, None, &again).await.unwrap();
    assert_eq!(again.counts().requests, 0);
}

#[tokio::test]
async fn a_prefix_is_completed_by_the_words_it_begins_in_the_same_wave() {
    let mut words: Vec<(String, u32)> = vec![
        ("notification".into(), 300),
        ("notifications".into(), 120),
        ("notified".into(), 50),
        ("notificatio".into(), 0),
    ];
    // Enough other words that the prefix's range spans two blocks.
    words.extend((0..300).map(|n| (format!("notificate{n:03}x"), 1)));
    words.extend((0..3000).map(|n| (format!("word{n:04}"), 2)));
    let refs: Vec<(&str, u32)> = words.iter().map(|(w, n)| (w.as_str(), *n)).collect();
    let lexicon = lexicon_of(&refs);
    let lookup = |word: &str, prefix| UnknownWord {
        word: word.to_string(),
        prefix,
    };
    let stats = QueryStats::new();
    let found = lexicon
        .replacements(&[lookup("notificat", true)], None, &stats)
        .await
        .unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].1[..2], ["notification", "notifications"]);
    assert_eq!(stats.counts().waves, 2, "block index, then blocks");
    let index = lexicon.block_index(None, &QueryStats::new()).await.unwrap();
    let blocks = completion_blocks(&index, "notificat").len();
    assert!(blocks >= 2, "{blocks} block(s)");
    // Not typed as a prefix: only words one edit away (none here).
    let whole = lexicon
        .replacements(&[lookup("notificat", false)], None, &QueryStats::new())
        .await
        .unwrap();
    assert!(whole.is_empty(), "{whole:?}");
}

#[test]
fn completion_blocks_cover_the_prefix_range_up_to_a_cap() {
    let block = |key: &str| BlockRef {
        first_key: key.to_string(),
        range: 0..1,
    };
    let index = [
        block("a"),
        block("nota"),
        block("notif"),
        block("notifz"),
        block("p"),
    ];
    assert_eq!(completion_blocks(&index, "notif"), [2, 3]);
    assert_eq!(completion_blocks(&index, "notice"), [1]);
    assert_eq!(completion_blocks(&index, "0"), [0]);
}

#[test]
fn runs_join_consecutive_blocks() {
    assert_eq!(adjacent_runs(&[1, 2, 3, 7, 9, 10]), [1..4, 7..8, 9..11]);
}
