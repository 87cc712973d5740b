use super::*;

#[test]
fn postings_positions_and_entries_round_trip() {
    let count = FieldCount::new;
    let list = vec![
        (
            2,
            PageCounts::of(vec![(0, count(1, 4)), (2, count(9, 700))]),
        ),
        (
            7,
            PageCounts {
                fields: vec![(1, count(3, 40))],
                text_weight: 51,
                best_heading: Some(count(1, 2)),
            },
        ),
    ];
    let bytes = Postings::encode(&list);
    let postings = Postings::decode(&bytes, 3).unwrap();
    assert_eq!(postings.postings.len(), 2);
    assert_eq!(postings.postings[1].page, 7);
    let first: Vec<_> = postings.field_counts(&postings.postings[0]).collect();
    assert_eq!(first, [(0, count(1, 4)), (2, count(9, 700))]);
    assert_eq!(postings.postings[0].text_weight, FULL_WEIGHT);
    assert_eq!(postings.postings[0].best_heading, None);
    assert_eq!(postings.postings[1].text_weight, 51);
    assert_eq!(postings.postings[1].best_heading, Some(count(1, 2)));
    assert_eq!(postings.doc_freq(1), 1);
    assert!(Postings::decode(&bytes, 2).is_err(), "field 2 of 2");
    assert!(Postings::decode(&bytes[..bytes.len() - 1], 3).is_err());

    let mut positions = Vec::new();
    encode_positions(&mut positions, &[vec![1, 5], vec![0]]);
    encode_positions(&mut positions, &[vec![3]]);
    let decoded = decode_positions(&positions, &postings).unwrap();
    assert_eq!(decoded, [vec![vec![1, 5], vec![0]], vec![vec![3]]]);

    let mut chunk = Vec::new();
    let a = WordEntry {
        word: "map".into(),
        postings: bytes.clone(),
        positions: 0..positions.len() as u64,
        tail: None,
        beside_common: true,
    };
    let b = WordEntry {
        word: "mapping".into(),
        postings: bytes,
        positions: 9..9,
        tail: Some(Tail {
            at: 300..420,
            pages: 5000,
            fields: vec![
                TailField {
                    field: 0,
                    pages: 12,
                    best: 0.5,
                },
                TailField {
                    field: 2,
                    pages: 4990,
                    best: 1.0,
                },
            ],
            best: 1.25,
        }),
        beside_common: false,
    };
    put_word_entry(&mut chunk, "", &a);
    put_word_entry(&mut chunk, &a.word, &b);
    assert_eq!(word_entries(&chunk).unwrap(), [a, b]);
    assert!(word_entries(&chunk[..chunk.len() - 2]).is_err());
}

#[test]
fn a_tail_joins_its_postings_by_page() {
    let count = FieldCount::new;
    let encode = |pages: &[(u32, u32)]| {
        let list: Vec<_> = (pages.iter())
            .map(|&(page, n)| (page, PageCounts::of(vec![(0, count(n, 9))])))
            .collect();
        Postings::decode(&Postings::encode(&list), 1).unwrap()
    };
    let head = encode(&[(4, 3), (9, 2)]);
    let all = (head.clone())
        .merge(encode(&[(1, 1), (7, 1), (12, 1)]))
        .unwrap();
    let pages: Vec<u32> = all.postings.iter().map(|p| p.page).collect();
    assert_eq!(pages, [1, 4, 7, 9, 12]);
    let occurrences: Vec<u32> = (all.postings.iter())
        .map(|p| all.field_counts(p).next().unwrap().1.occurrences)
        .collect();
    assert_eq!(occurrences, [1, 3, 1, 2, 1], "each page keeps its counts");
    let twice = head.merge(encode(&[(9, 1)]));
    assert!(twice.is_err(), "a page in both is a damaged file");
}
