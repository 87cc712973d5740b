//! Tests of `lexicon`.

use super::*;
use crate::formats::lexicon::{encode_lexicon, frame_for_tests, WordCounts, LEXICON_VERSION};
use crate::io::MemoryStore;

fn lexicon_of(words: &[(&str, u32)]) -> Lexicon {
    let memory = MemoryStore::default();
    lexicon_in(words, &memory, &memory)
}

/// The lexicon of `words`, written to `memory` and read through `store`.
fn lexicon_in(words: &[(&str, u32)], memory: &MemoryStore, store: &dyn IndexStore) -> Lexicon {
    let counts: WordCounts = words.iter().map(|(w, n)| (w.to_string(), *n)).collect();
    let (bytes, layout) = encode_lexicon(&counts, &frame_for_tests).unwrap();
    memory.put("lexicon/words.lex", Bytes::from(bytes.clone()));
    let entry = LexiconEntry {
        id: "test".into(),
        path: "lexicon/words.lex".into(),
        size: bytes.len() as u64,
        words: layout.words,
        index: layout.index,
        format: LEXICON_VERSION,
    };
    Lexicon::new(store, &entry).expect("this format")
}

/// A store whose reads pause once before answering, as a network read does, and are counted.
#[derive(Debug, Default)]
struct PausingStore {
    memory: MemoryStore,
    reads: Arc<std::sync::atomic::AtomicUsize>,
}

#[derive(Debug)]
struct Pausing {
    file: Arc<dyn RangeSource>,
    reads: Arc<std::sync::atomic::AtomicUsize>,
}

#[async_trait::async_trait]
impl RangeSource for Pausing {
    fn name(&self) -> &str {
        self.file.name()
    }

    async fn read(&self, range: ByteRange) -> Result<crate::io::RangeRead> {
        tokio::task::yield_now().await;
        self.reads
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.file.read(range).await
    }
}

#[async_trait::async_trait]
impl IndexStore for PausingStore {
    fn open(&self, path: &str) -> Arc<dyn RangeSource> {
        Arc::new(Pausing {
            file: self.memory.open(path),
            reads: self.reads.clone(),
        })
    }

    async fn read_all(&self, path: &str) -> Result<Bytes> {
        self.memory.read_all(path).await
    }

    fn root(&self) -> &str {
        "pausing"
    }
}

#[tokio::test]
async fn lookups_at_the_same_time_read_a_block_once() {
    // A search and the widget's read-ahead of the word being typed look up the same word.
    let store = PausingStore::default();
    let lexicon = lexicon_in(&[("fetch", 40), ("promise", 7)], &store.memory, &store);
    lexicon.preload(None, &QueryStats::new()).await.unwrap();
    let reads = || store.reads.load(std::sync::atomic::Ordering::Relaxed);
    let before = reads();
    let words = [UnknownWord {
        word: "fech".into(),
        prefix: false,
        docs: 0,
    }];
    let (first, second) = (QueryStats::new(), QueryStats::new());
    let (one, other) = futures::join!(
        lexicon.replacements(&words, None, &first),
        lexicon.replacements(&words, None, &second)
    );
    assert_eq!(
        one.unwrap(),
        [("fech".to_string(), vec!["fetch".to_string()])]
    );
    assert_eq!(
        other.unwrap(),
        [("fech".to_string(), vec!["fetch".to_string()])]
    );
    assert_eq!(reads() - before, 1, "the block was read twice");
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
            docs: 0,
        },
        UnknownWord {
            word: "mab".into(),
            prefix: false,
            docs: 0,
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
async fn a_rare_word_of_the_index_is_replaced_by_far_more_common_words_only() {
    // `recieve` on one document, `receive` on 20: as often a misspelling as a word. `tapir`
    // on one, `taper` on two: two words.
    let lexicon = lexicon_of(&[("recieve", 1), ("receive", 20), ("tapir", 1), ("taper", 2)]);
    let lookup = |word: &str, docs| UnknownWord {
        word: word.to_string(),
        prefix: false,
        docs,
    };
    // As the engine counted them, or as the lexicon does when the engine counted none.
    let words = [
        lookup("recieve", 1),
        lookup("tapir", 1),
        lookup("recieve", 0),
    ];
    let stats = QueryStats::new();
    let found = lexicon.replacements(&words, None, &stats).await.unwrap();
    let receive = ("recieve".to_string(), vec!["receive".to_string()]);
    assert_eq!(found, [receive.clone(), receive]);
    // Counted on more documents over every index searched: not rare.
    let (words, stats) = ([lookup("recieve", 3)], QueryStats::new());
    let found = lexicon.replacements(&words, None, &stats).await.unwrap();
    assert!(found.is_empty(), "{found:?}");
}

#[tokio::test]
async fn one_edit_finds_the_word_the_most_frequent_first() {
    // `each` shares the key `ech` with `fech` but is two edits from it.
    let lexicon = lexicon_of(&[("fetch", 40), ("each", 900), ("tech", 3), ("promise", 7)]);
    let stats = QueryStats::new();
    let words = ["fech", "promsie", "zzzz"].map(|word| UnknownWord {
        word: word.to_string(),
        prefix: false,
        docs: 0,
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
        docs: 0,
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
