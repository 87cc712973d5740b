use super::*;

fn sample() -> (Vec<u8>, u64) {
    // 1,000 data bytes in pages of 512: two pages, 1,004 bytes with their checksums.
    let footer = Footer {
        data_len: 1000,
        page_size: 512,
        doc_count: 3,
        time_range: Some((1, 2)),
        files: vec![FileEntry {
            name: "meta.json".into(),
            start: 0,
            len: 1000,
        }],
        hot: vec![
            HotEntry { start: 10, len: 4 },
            HotEntry { start: 900, len: 2 },
        ],
    };
    let region = encode_open_region(&footer, b"abcdef");
    let mut file = vec![0u8; 1004];
    file.extend_from_slice(&region);
    let len = file.len() as u64;
    (file, len)
}

#[test]
fn round_trip() {
    let (file, len) = sample();
    let region = OpenRegion::parse(Bytes::from(file), len).unwrap();
    assert_eq!(region.footer.doc_count, 3);
    assert_eq!(&region.hot[0][..], b"abcd");
    assert_eq!(&region.hot[1][..], b"ef");
    assert_eq!(region.range(len).start, 1004);
}

#[test]
fn each_check_has_its_own_message() {
    let (file, len) = sample();
    let error = |bytes: Vec<u8>, len: u64| OpenRegion::parse(Bytes::from(bytes), len).unwrap_err();

    let e = error(file[..10].to_vec(), 10);
    assert!(e.to_string().contains("too small for a split"), "{e}");

    let mut bad_magic = file.clone();
    *bad_magic.last_mut().unwrap() = b'X';
    assert!(error(bad_magic, len)
        .to_string()
        .contains("not a rangefind split"));

    let mut bad_version = file.clone();
    let v = bad_version.len() - 8;
    bad_version[v] = 9;
    let e = error(bad_version, len);
    assert_eq!(e.kind(), ErrorKind::Incompatible);
    assert!(e.to_string().contains("version 9"), "{e}");

    let mut flipped = file.clone();
    flipped[1005] ^= 1;
    assert!(error(flipped, len)
        .to_string()
        .contains("checksum mismatch"));

    // Truncated at the front: the trailer points before the start of the bytes we have.
    let tail = file[100..].to_vec();
    let tail_len = tail.len() as u64;
    assert!(error(tail, tail_len).to_string().contains("does not fit"));
}
