use super::*;
use futures::executor::block_on;

proptest::proptest! {
    #![proptest_config(crate::fuzz_config())]

    /// The lexicon's decoders end in a value or an error on any bytes, a block whose
    /// checksum matches included (so its LZ4 and entries are decoded).
    #[test]
    fn the_decoders_take_any_bytes(
        random in proptest::collection::vec(proptest::num::u8::ANY, 0..512),
    ) {
        // A value, or an error of the kind damage deserves (crate::fuzzing).
        crate::fuzzing::lexicon_regions(&random);
    }
}

fn words(list: &[(&str, u32)]) -> WordCounts {
    list.iter().map(|(w, n)| (w.to_string(), *n)).collect()
}

fn decoded(bytes: &[u8], layout: &LexiconLayout) -> (Vec<BlockRef>, Vec<LexiconBlock>) {
    let [start, end] = layout.index;
    let index = block_on(decode_index(&bytes[start as usize..end as usize])).unwrap();
    let blocks = index
        .iter()
        .map(|b| {
            block_on(decode_block(
                b,
                &bytes[b.range.start as usize..b.range.end as usize],
            ))
            .unwrap()
        })
        .collect();
    (index, blocks)
}

#[test]
fn every_key_leads_to_its_words_and_the_word_list_round_trips() {
    let list: WordCounts = (0..3000)
        .map(|i| (format!("wörd{i}"), i % 7 + 1))
        .chain([("fetch".to_string(), 40), ("each".to_string(), 900)])
        .collect();
    let (bytes, layout) = encode_lexicon(&list, &frame_for_tests).unwrap();
    assert_eq!(&bytes[..8], MAGIC);
    let (index, blocks) = decoded(&bytes, &layout);
    assert!(index.len() > 1, "several blocks");
    for (block, entries) in index.iter().zip(&blocks) {
        assert_eq!(entries[0].0, block.first_key);
    }
    let all: Vec<&(String, Vec<KeyedWord>)> = blocks.iter().flatten().collect();
    assert!(
        all.windows(2).all(|p| p[0].0 < p[1].0),
        "keys ascend across blocks"
    );
    let fech = all.iter().find(|(key, _)| key == "ech").unwrap();
    assert_eq!(
        fech.1,
        [KeyedWord {
            word: "each".into(),
            docs: 900
        },]
    );
    let fec = all.iter().find(|(key, _)| key == "fech").unwrap();
    assert_eq!(
        fec.1,
        [KeyedWord {
            word: "fetch".into(),
            docs: 40
        }]
    );
    let [start, end] = layout.words;
    assert_eq!(
        decode_words(&bytes[start as usize..end as usize]).unwrap(),
        list
    );
}

#[test]
fn damaged_blocks_and_indexes_are_errors() {
    let (mut bytes, layout) =
        encode_lexicon(&words(&[("fetch", 2), ("promise", 3)]), &frame_for_tests).unwrap();
    let [start, end] = layout.index;
    let index = block_on(decode_index(&bytes[start as usize..end as usize])).unwrap();
    let block = &index[0];
    bytes[block.range.start as usize + 5] ^= 0x55;
    let stored = &bytes[block.range.start as usize..block.range.end as usize];
    let error = block_on(decode_block(block, stored)).unwrap_err();
    assert!(error.to_string().contains("checksum"), "{error}");
    let truncated = &bytes[start as usize..end as usize - 1];
    assert!(block_on(decode_index(truncated)).is_err());
}
