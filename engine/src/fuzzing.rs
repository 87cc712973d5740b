//! Entry points for the fuzz targets (`fuzz/fuzz_targets/`) and the decoders' property tests:
//! each takes any bytes, runs one reader of input that comes from a host (a split's open
//! region, a filter file, a `multipart/byteranges` body, `manifest.json`, `site.json`, a search
//! request, a site file's regions, a lexicon's), and panics unless the answer is a valid one:
//! a value that holds together (and, where the format has a writer, one that writes back to
//! what was read), or an error of the kind such input deserves (`corrupt`, `incompatible`,
//! `invalid_*`). A panic, an overflow, a huge allocation or an error of another kind is a bug.

use bytes::Bytes;

use crate::error::{ErrorKind, Result};

/// `result`'s value, or `None` after checking its error is of one of `kinds`.
fn value_or<T>(result: Result<T>, kinds: &[ErrorKind], what: &str) -> Option<T> {
    match result {
        Ok(value) => Some(value),
        Err(error) => {
            assert!(
                kinds.contains(&error.kind()),
                "{what}: an error of kind {:?}, not one of {kinds:?}: {error}",
                error.kind()
            );
            None
        }
    }
}

/// What damaged or foreign bytes give.
const DAMAGED: &[ErrorKind] = &[ErrorKind::Corrupt, ErrorKind::Incompatible];

/// A split's open region (footer and hotcache) as a reader takes it from the file's tail.
#[cfg(feature = "splits")]
pub fn split_open_region(bytes: &[u8]) {
    use crate::formats::split::OpenRegion;
    for file_len in [bytes.len() as u64, bytes.len() as u64 + 4096] {
        let tail = Bytes::copy_from_slice(bytes);
        let Some(region) = value_or(OpenRegion::parse(tail, file_len), DAMAGED, "open region")
        else {
            continue;
        };
        let footer = &region.footer;
        assert!(
            footer.data_end() <= file_len,
            "the data ends inside the file"
        );
        assert_eq!(region.hot.len(), footer.hot.len());
        for (entry, bytes) in footer.hot.iter().zip(&region.hot) {
            assert_eq!(entry.len, bytes.len() as u64, "a hot range holds its bytes");
            assert!(entry.start + entry.len <= footer.data_len);
        }
        for file in &footer.files {
            assert!(file.start + file.len <= footer.data_len);
        }
        assert_eq!(region.range(file_len).end, file_len);
    }
}

/// A split filter file: decoded, it writes back to the same bytes.
#[cfg(feature = "splits")]
pub fn split_filter_file(bytes: &[u8]) {
    use crate::pruning::SplitFilterFile;
    if let Some(file) = value_or(SplitFilterFile::decode(bytes), DAMAGED, "filter file") {
        assert_eq!(file.encode(), bytes, "a filter file writes back as read");
    }
}

/// `manifest.json`: a manifest read names only files below it, each split once, and writes
/// back to a manifest that reads the same.
#[cfg(feature = "splits")]
pub fn manifest_json(bytes: &[u8]) {
    use crate::formats::manifest::Manifest;
    let kinds = [
        ErrorKind::Corrupt,
        ErrorKind::Incompatible,
        ErrorKind::InvalidInput,
    ];
    let Some(manifest) = value_or(Manifest::parse(bytes), &kinds, "manifest") else {
        return;
    };
    let paths = manifest.splits.iter().map(|split| &split.path);
    let paths = paths.chain(manifest.split_filters.iter().map(|filter| &filter.path));
    for path in paths.chain(manifest.lexicon.iter().map(|lexicon| &lexicon.path)) {
        assert!(
            crate::json_fields::is_inside(path),
            "{path:?} is below the index"
        );
    }
    let mut paths: Vec<&str> = manifest.splits.iter().map(|s| s.path.as_str()).collect();
    paths.sort_unstable();
    assert!(
        paths.windows(2).all(|pair| pair[0] != pair[1]),
        "each split once"
    );
    let written = serde_json::to_vec(&manifest).expect("a manifest writes");
    assert_eq!(Manifest::parse(&written).expect("reads back"), manifest);
}

/// A `multipart/byteranges` body: the parts read hold as many bytes as their `Content-Range`
/// says, and a cut of them gives each range asked for exactly.
pub fn multipart_byteranges(body: &[u8], boundary: &str) {
    use crate::io::byteranges;
    let body = Bytes::copy_from_slice(body);
    let Some(parts) = byteranges::parts(&body, boundary) else {
        return;
    };
    let mut asked = Vec::new();
    for part in &parts {
        let len = part.bytes.len() as u64;
        assert!(part.start.checked_add(len).is_some());
        if len > 0 {
            asked.push(part.start..part.start + len);
        }
    }
    if let Some(reads) = byteranges::cut(&asked, &parts) {
        for (range, read) in asked.iter().zip(&reads) {
            assert_eq!(read.start, range.start);
            assert_eq!(read.bytes.len() as u64, range.end - range.start);
        }
    } else {
        panic!("each part's own range is cut out of the parts");
    }
}

/// `site.json`: read, it names only files below it.
pub fn site_json(bytes: &[u8]) {
    use crate::formats::site_json::SiteJson;
    let Some(site) = value_or(SiteJson::parse(bytes), DAMAGED, "site.json") else {
        return;
    };
    for language in site.languages.values() {
        assert!(crate::json_fields::is_inside(&language.path));
        if let Some(file) = &language.site_file {
            assert!(crate::json_fields::is_inside(&file.path));
            if let Some(lexicon) = &file.lexicon {
                assert!(crate::json_fields::is_inside(&lexicon.path));
            }
        }
    }
}

/// A search request as a host hands it over (JSON): a request whose fields are the JSON's, or
/// a message saying what is wrong.
pub fn search_request_json(bytes: &[u8]) {
    use crate::api::SearchRequest;
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(bytes) else {
        return;
    };
    let query = value
        .get("query")
        .and_then(|query| query.as_str().map(str::to_string));
    match SearchRequest::from_json(value) {
        Ok(request) => assert_eq!(
            Some(request.query).filter(|q| !q.is_empty()),
            query.filter(|q| !q.is_empty())
        ),
        Err(message) => assert!(!message.is_empty()),
    }
}

/// A site file's regions, as a reader takes them from the network: its head (decoded, it
/// writes back to itself), a chunk's words, postings for 1 to 40 fields and their positions,
/// a record, and deflate frames with and without a dictionary. `fields` picks the postings'
/// field count.
pub fn site_file_regions(bytes: &[u8], fields: usize) {
    use crate::formats::site_file::layout::Head;
    use crate::formats::site_file::postings::{decode_positions, word_entries, Postings};
    if let Some(head) = value_or(Head::decode(bytes), DAMAGED, "head") {
        assert_eq!(Head::decode(&head.encode()).expect("reads back"), head);
        let _ = head.check_regions(bytes.len() as u64, bytes.len() as u64, 128);
    }
    value_or(word_entries(bytes), DAMAGED, "chunk");
    let fields = fields % 40 + 1;
    if let Some(postings) = value_or(Postings::decode(bytes, fields), DAMAGED, "postings") {
        value_or(decode_positions(bytes, &postings), DAMAGED, "positions");
    }
    value_or(
        crate::formats::site_file::record::decode(bytes),
        DAMAGED,
        "record",
    );
    for dictionary in [&[][..], &bytes[..bytes.len() / 2]] {
        let frames = crate::formats::split::Frames::new(dictionary, "site index");
        value_or(frames.decode_now(bytes, "a frame"), DAMAGED, "frame");
        let framed = [&[0x80, 0x02][..], bytes].concat();
        value_or(frames.decode_now(&framed, "a frame"), DAMAGED, "frame");
    }
}

/// A lexicon's regions: its block index, a block (as stored, and with a checksum that matches
/// so its frame and entries are decoded) and its word list.
pub fn lexicon_regions(bytes: &[u8]) {
    use crate::formats::lexicon::{checksum, decode_block, decode_index, BlockRef};
    use futures::executor::block_on;
    value_or(block_on(decode_index(bytes)), DAMAGED, "block index");
    value_or(crate::typos::decode_words(bytes), DAMAGED, "word list");
    let block = BlockRef {
        first_key: String::new(),
        range: 0..bytes.len() as u64 + 4,
    };
    value_or(block_on(decode_block(&block, bytes)), DAMAGED, "block");
    let summed = [&checksum(bytes)[..], bytes].concat();
    if let Some(entries) = value_or(block_on(decode_block(&block, &summed)), DAMAGED, "block") {
        assert!(
            entries.windows(2).all(|pair| pair[0].0 < pair[1].0),
            "keys ascend"
        );
    }
}

#[cfg(test)]
mod tests {
    //! The entry points on the format fixtures (tests/fixtures/formats), damaged at random:
    //! bytes changed, cut short, random bytes. Bounded runs, in every `cargo test`; the fuzz
    //! targets run the same checks for as long as one lets them.

    use std::path::{Path, PathBuf};

    use proptest::prelude::*;

    /// The fixtures of the current formats.
    fn fixture(dir: &str, extension: &str) -> Vec<u8> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/formats");
        let mut found: Vec<PathBuf> = walk(&root.join(dir));
        found.retain(|path| path.extension().is_some_and(|e| e == extension));
        found.sort();
        std::fs::read(found.first().expect("a fixture")).expect("readable")
    }

    fn walk(dir: &Path) -> Vec<PathBuf> {
        let mut files = Vec::new();
        for entry in std::fs::read_dir(dir)
            .expect("a fixture directory")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                files.extend(walk(&path));
            } else {
                files.push(path);
            }
        }
        files
    }

    /// `bytes` with `changes` made and cut at `cut` (of its length, in 1/1000s).
    fn damaged(mut bytes: Vec<u8>, changes: &[(usize, u8)], cut: usize) -> Vec<u8> {
        for &(at, value) in changes {
            let len = bytes.len();
            bytes[at % len] = value;
        }
        let keep = (bytes.len() * cut.min(1000) / 1000).max(1);
        bytes.truncate(keep);
        bytes
    }

    fn damage() -> impl Strategy<Value = (Vec<(usize, u8)>, usize)> {
        (
            proptest::collection::vec((any::<usize>(), any::<u8>()), 0..6),
            prop_oneof![Just(1000usize), 0usize..1000],
        )
    }

    fn config() -> ProptestConfig {
        ProptestConfig {
            cases: 2_000,
            failure_persistence: None,
            ..ProptestConfig::default()
        }
    }

    #[test]
    fn the_fixtures_read_as_they_are() {
        #[cfg(feature = "splits")]
        {
            super::split_open_region(&fixture("split-5-lexicon-5/splits", "split"));
            super::split_filter_file(&fixture("split-5-lexicon-5/filters", "filter"));
            super::manifest_json(&fixture("split-5-lexicon-5", "json"));
        }
        super::site_json(&fixture("site-11-lexicon-5", "json"));
    }

    proptest! {
        #![proptest_config(config())]

        #[cfg(feature = "splits")]
        #[test]
        fn a_damaged_open_region((changes, cut) in damage()) {
            let split = fixture("split-5-lexicon-5/splits", "split");
            // The tail a reader reads: the open region and some data before it.
            let tail = split[split.len().saturating_sub(6000)..].to_vec();
            super::split_open_region(&damaged(tail, &changes, cut));
        }

        #[cfg(feature = "splits")]
        #[test]
        fn a_damaged_filter_file((changes, cut) in damage()) {
            let file = fixture("split-5-lexicon-5/filters", "filter");
            super::split_filter_file(&damaged(file, &changes, cut));
        }

        #[cfg(feature = "splits")]
        #[test]
        fn a_damaged_manifest((changes, cut) in damage()) {
            let manifest = fixture("split-5-lexicon-5", "json");
            super::manifest_json(&damaged(manifest, &changes, cut));
        }

        #[test]
        fn a_damaged_site_json((changes, cut) in damage()) {
            super::site_json(&damaged(fixture("site-11-lexicon-5", "json"), &changes, cut));
        }

        #[test]
        fn any_search_request(text in "\\PC{0,80}") {
            super::search_request_json(text.as_bytes());
            super::search_request_json(format!("{{\"query\":{text:?},\"limit\":3}}").as_bytes());
        }

        #[test]
        fn any_multipart_body(parts in proptest::collection::vec((0u64..100, 0u64..40, any::<u8>()), 0..4), junk in any::<u8>()) {
            let mut body = Vec::new();
            for (start, len, fill) in &parts {
                let end = start + len;
                body.extend_from_slice(format!("\r\n--B\r\nContent-Range: bytes {start}-{}/200\r\n\r\n", end.max(1) - 1).as_bytes());
                body.extend(std::iter::repeat_n(*fill, (*len).max(1) as usize));
            }
            body.extend_from_slice(b"\r\n--B--\r\n");
            super::multipart_byteranges(&body, "B");
            body.insert(body.len() / 2, junk);
            super::multipart_byteranges(&body, "B");
        }

        #[test]
        fn damaged_site_file_regions((changes, cut) in damage(), fields in 0usize..40, at in any::<usize>()) {
            let file = fixture("site-11-lexicon-5/en", "rfsite");
            // A window of the file: a page of chunks, positions or records.
            let start = at % file.len();
            let window = file[start..(start + 700).min(file.len())].to_vec();
            super::site_file_regions(&damaged(window, &changes, cut), fields);
        }

        #[test]
        fn damaged_lexicon_regions((changes, cut) in damage(), at in any::<usize>()) {
            let file = fixture("site-11-lexicon-5/en/lexicon", "lex");
            let start = at % file.len();
            let window = file[start..(start + 700).min(file.len())].to_vec();
            super::lexicon_regions(&damaged(window, &changes, cut));
        }

        #[test]
        fn random_bytes(random in proptest::collection::vec(any::<u8>(), 0..512), fields in 0usize..40) {
            super::site_file_regions(&random, fields);
            super::lexicon_regions(&random);
            #[cfg(feature = "splits")]
            {
                super::split_open_region(&random);
                super::split_filter_file(&random);
            }
        }
    }
}
