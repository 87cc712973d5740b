use super::*;

fn sample() -> (Vec<u8>, u64) {
    sample_with(Some((1, 2)), Some(DayCounts { days: vec![(0, 3)] }))
}

fn sample_with(time_range: Option<(i64, i64)>, day_counts: Option<DayCounts>) -> (Vec<u8>, u64) {
    // 1,000 data bytes in pages of 512: two pages, 1,004 bytes with their checksums.
    let footer = Footer {
        data_len: 1000,
        page_size: 512,
        doc_count: 3,
        time_range,
        day_counts,
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

#[cfg(feature = "splits")]
#[test]
fn round_trip() {
    let (file, len) = sample();
    let region = OpenRegion::parse(Bytes::from(file), len).unwrap();
    assert_eq!(region.footer.doc_count, 3);
    assert_eq!(
        region.footer.day_counts,
        Some(DayCounts { days: vec![(0, 3)] })
    );
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

#[cfg(feature = "splits")]
#[test]
fn day_counts_must_fit_the_documents_and_their_times() {
    let parse = |(file, len): (Vec<u8>, u64)| OpenRegion::parse(Bytes::from(file), len);
    let day = crate::formats::split::DAY_SECONDS;
    // Days 1 and 2 of documents timed within them.
    let fits = DayCounts {
        days: vec![(1, 2), (2, 1)],
    };
    assert!(parse(sample_with(Some((day + 5, 2 * day)), Some(fits.clone()))).is_ok());
    for (times, days) in [
        (Some((day + 5, 2 * day)), vec![(1, 3), (2, 1)]), // 4 documents of 3
        (Some((day + 5, day + 9)), fits.days.clone()),    // day 2 after the last time
        (None, fits.days.clone()),                        // days without times
    ] {
        let e = parse(sample_with(times, Some(DayCounts { days }))).unwrap_err();
        assert!(e.to_string().contains("day counts outside"), "{e}");
    }
}

#[test]
fn footers_of_format_4_have_no_day_counts() {
    let (mut file, len) = sample_with(Some((1, 2)), None);
    // Format 5 says "no day counts" in the footer's last byte; format 4 has no such byte. Drop
    // it, shorten the footer and the region by one, mend the checksum, say 4.
    let trailer = file.len() - TRAILER_LEN as usize;
    let footer_len = u32::from_le_bytes(file[trailer + 8..trailer + 12].try_into().unwrap());
    assert_eq!(file.remove(trailer - 1), 0);
    let trailer = trailer - 1;
    file[trailer + 8..trailer + 12].copy_from_slice(&(footer_len - 1).to_le_bytes());
    let crc = crate::formats::split::crc32(&file[1004..trailer]);
    file[trailer + 12..trailer + 16].copy_from_slice(&crc.to_le_bytes());
    file[trailer + 16..trailer + 20].copy_from_slice(&4u32.to_le_bytes());
    let region = OpenRegion::parse(Bytes::from(file), len - 1).unwrap();
    assert_eq!(region.footer.day_counts, None);
    assert_eq!(region.footer.time_range, Some((1, 2)));
}
