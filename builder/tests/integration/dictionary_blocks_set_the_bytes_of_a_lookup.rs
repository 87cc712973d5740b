//! The mapping's `dictionary_block_size` sets how many bytes of terms a term dictionary block
//! holds: smaller blocks read fewer bytes a word looked up (the first wave of a cold query),
//! for a larger block index read when a split opens; the hits are the same.

use crate::common;

use rangefind_engine::mapping::DocMapping;
use rangefind_engine::splits::{SearchIndex, SearchRequest};

const WORDS: [&str; 6] = [
    "array",
    "fetch",
    "border",
    "promise",
    "element",
    "title:map",
];

struct Built {
    _dir: tempfile::TempDir,
    index: SearchIndex,
    open_bytes: u64,
}

async fn built_with(block_size: usize) -> Built {
    let dir = tempfile::tempdir().unwrap();
    let mut mapping = common::mdn_mapping();
    mapping.dictionary_block_size = block_size;
    let input = common::repo().join("examples/mdn/sample.jsonl.gz");
    common::build_index(mapping, vec![input], dir.path(), 1_000_000);
    let url = common::serve(dir.path()).await;
    // No page cache: every query reads what it needs.
    let index = common::open_http(&url, 0).await;
    let open_bytes = index.preload().await.unwrap().bytes;
    Built {
        _dir: dir,
        index,
        open_bytes,
    }
}

/// The hits (ids and scores) and the bytes of the first wave (the dictionary blocks).
async fn lookup(index: &SearchIndex, query: &str) -> (Vec<(String, f32)>, u64) {
    let response = index.search(&SearchRequest::new(query, 10)).await.unwrap();
    let first_wave = response
        .requests
        .iter()
        .filter(|r| r.wave == 1)
        .map(|r| r.range.end - r.range.start)
        .sum();
    (common::scored(&response), first_wave)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn smaller_dictionary_blocks_read_fewer_bytes_for_the_same_hits() {
    let small = built_with(1000).await;
    let default = built_with(4000).await;
    assert!(
        small.open_bytes > default.open_bytes,
        "a larger block index opens with the split: {} against {}",
        small.open_bytes,
        default.open_bytes
    );
    let (mut small_total, mut default_total) = (0, 0);
    for word in WORDS {
        let (small_hits, small_bytes) = lookup(&small.index, word).await;
        let (default_hits, default_bytes) = lookup(&default.index, word).await;
        assert!(!small_hits.is_empty(), "{word}: no hits");
        assert_eq!(small_hits, default_hits, "{word}");
        assert!(
            small_bytes <= default_bytes,
            "{word}: {small_bytes} > {default_bytes}"
        );
        small_total += small_bytes;
        default_total += default_bytes;
    }
    assert!(
        small_total * 2 < default_total,
        "lookups read {small_total} bytes with 1000-byte blocks, {default_total} with 4000"
    );
}

#[test]
fn a_block_size_out_of_range_is_refused_with_its_bounds() {
    let yaml = std::fs::read_to_string(common::repo().join("examples/mdn/rangefind.yaml")).unwrap();
    let yaml = yaml.replace("dictionary_block_size: 1000", "dictionary_block_size: 100");
    let error = DocMapping::from_yaml(&yaml).unwrap_err().to_string();
    assert!(
        error.contains("dictionary_block_size 100 is out of range (256 ..= 65536)"),
        "{error}"
    );
}
