//! Entry points for the fuzz targets of what the builder and `rangefind serve` read from
//! outside (`fuzz/fuzz_targets/`): a `Range` header, and a page's HTML. Each panics unless the
//! answer is a valid one.

use crate::serve::range::{parse_range, RangeAnswer, MAX_RANGES};

/// `rangefind serve`'s reading of a `Range` header against a file of `len` bytes: whatever
/// the header, every range it answers lies in the file and is not empty, several at most
/// [`MAX_RANGES`] and no more bytes than the file; and a header the engine writes for ranges
/// in the file (`io::byteranges::header`) is answered with exactly those ranges.
pub fn serve_range_header(header: &str, len: u64) {
    match parse_range(Some(header), len) {
        RangeAnswer::Whole | RangeAnswer::Unsatisfiable => {}
        RangeAnswer::Partial(start, end) => assert!(start < end && end <= len, "{header}"),
        RangeAnswer::Several(ranges) => {
            assert!(ranges.len() > 1 && ranges.len() <= MAX_RANGES, "{header}");
            assert!(ranges.iter().all(|&(start, end)| start < end && end <= len));
            assert!(ranges.iter().map(|(start, end)| end - start).sum::<u64>() <= len);
        }
    }
    // The engine's own header for ranges cut from the fuzzed bytes, as a reference.
    if len == 0 {
        return;
    }
    let ranges: Vec<std::ops::Range<u64>> = header
        .bytes()
        .collect::<Vec<u8>>()
        .chunks(2)
        .map(|pair| {
            let start = u64::from(pair[0]) * len / 256;
            let end = (start + 1 + u64::from(*pair.last().unwrap_or(&0))).min(len);
            start..end
        })
        .take(MAX_RANGES)
        .collect();
    if ranges.is_empty() {
        return;
    }
    let written = rangefind_engine::io::byteranges::header(&ranges);
    let expected: Vec<(u64, u64)> = ranges.iter().map(|r| (r.start, r.end)).collect();
    let asked: u64 = expected.iter().map(|(start, end)| end - start).sum();
    match parse_range(Some(&written), len) {
        RangeAnswer::Partial(start, end) => assert_eq!(vec![(start, end)], expected),
        RangeAnswer::Several(got) => assert_eq!(got, expected),
        // Ranges that overlap to more bytes than the file are sent whole, as nginx does.
        RangeAnswer::Whole => assert!(asked > len, "{written}"),
        RangeAnswer::Unsatisfiable => panic!("{written} lies in a {len}-byte file"),
    }
}

/// A page's bytes, decoded and extracted as `build --site` does: a page, or a reason to skip
/// it. A page has a title, no section without text, and anchors that are fragments.
pub fn html_page(bytes: &[u8]) {
    use crate::site::pages::{decode, extract};
    let (html, _) = decode::decode_html(bytes);
    let Ok(page) = extract::extract(&html, "/fuzzed/page.html") else {
        return;
    };
    assert!(!page.title.is_empty(), "a page has a title");
    for section in &page.sections {
        assert!(!section.text.is_empty(), "a section kept has text");
        assert!(
            section.anchor.is_empty() || section.anchor.starts_with('#'),
            "an anchor is a fragment: {:?}",
            section.anchor
        );
    }
    assert!((0.0..=1.0).contains(&page.link_share));
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2_000, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn any_range_header(header in "bytes=[0-9,\\- ]{0,40}|\\PC{0,40}", len in 0u64..5000) {
            super::serve_range_header(&header, len);
        }

        #[test]
        fn any_page(html in "(<(div|h1|h2|p|a href=\"#x\"|main|nav|header|title|script|span data-pagefind-body) ?>|</(div|h1|h2|p|a|main|nav|header|title|script|span)>|[a-z ]{0,6}|&[a-z]{0,4};?){0,40}") {
            super::html_page(html.as_bytes());
        }
    }
}
