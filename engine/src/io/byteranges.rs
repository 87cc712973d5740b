//! Several ranges of a file in one HTTP request (`Range: bytes=a-b,c-d`) and the
//! `multipart/byteranges` answer to it (RFC 9110 §14.6), which nginx, Apache, Caddy and
//! `rangefind serve` send. A browser talks HTTP/1.1 to a host over six connections: a wave
//! of ten scattered records in ten requests waits a round trip for the last four, in one
//! request it does not. Hosts that do not answer so (S3, R2 and many CDNs answer 200 with
//! the whole file) are read range by range: [`cut`] says when an answer cannot be used.

use std::ops::Range;

use bytes::Bytes;

use super::range_http::parse_content_span;
use super::source::RangeRead;

/// The `Range` header asking for `ranges` (each `start..end`, not empty) at once.
pub fn header(ranges: &[Range<u64>]) -> String {
    let spans: Vec<String> = ranges
        .iter()
        .map(|range| format!("{}-{}", range.start, range.end - 1))
        .collect();
    format!("bytes={}", spans.join(","))
}

/// The boundary of a `multipart/byteranges` answer, from its `Content-Type`.
pub fn boundary(content_type: &str) -> Option<&str> {
    let (kind, parameters) = content_type.split_once(';')?;
    if !kind.trim().eq_ignore_ascii_case("multipart/byteranges") {
        return None;
    }
    parameters.split(';').find_map(|parameter| {
        let (name, value) = parameter.split_once('=')?;
        name.trim()
            .eq_ignore_ascii_case("boundary")
            .then(|| value.trim().trim_matches('"'))
    })
}

/// The parts of a `multipart/byteranges` body, each with where it starts and the file's
/// length; `None` when the body is not one. A part's length is its `Content-Range`'s, so
/// its bytes are never searched for the boundary.
pub fn parts(body: &Bytes, boundary: &str) -> Option<Vec<RangeRead>> {
    let delimiter = format!("--{boundary}");
    let mut at = find(body, delimiter.as_bytes(), 0)? + delimiter.len();
    let mut parts = Vec::new();
    while !body[at..].starts_with(b"--") {
        let headers_end = find(body, b"\r\n\r\n", at)?;
        let headers = std::str::from_utf8(&body[at..headers_end]).ok()?;
        let (start, end, file_len) = headers.lines().find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.trim()
                .eq_ignore_ascii_case("content-range")
                .then(|| parse_content_span(value))?
        })?;
        let data = headers_end + 4;
        let data_end = data.checked_add(usize::try_from(end - start).ok()?)?;
        parts.push(RangeRead {
            bytes: body
                .get(data..data_end)
                .map(|_| body.slice(data..data_end))?,
            start,
            file_len,
        });
        at = find(body, delimiter.as_bytes(), data_end)? + delimiter.len();
    }
    Some(parts)
}

/// The reads asked for, cut out of what the server sent: parts in any order, and parts that
/// join several ranges asked for (a server may coalesce them) or a single range answer
/// spanning them all. `None` when a range asked for is not wholly inside one part.
pub fn cut(asked: &[Range<u64>], parts: &[RangeRead]) -> Option<Vec<RangeRead>> {
    asked
        .iter()
        .map(|range| {
            let part = parts.iter().find(|part| {
                part.start <= range.start && range.end <= part.start + part.bytes.len() as u64
            })?;
            let from = (range.start - part.start) as usize;
            Some(RangeRead {
                bytes: part
                    .bytes
                    .slice(from..from + (range.end - range.start) as usize),
                start: range.start,
                file_len: part.file_len,
            })
        })
        .collect()
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    haystack
        .get(from..)?
        .windows(needle.len())
        .position(|window| window == needle)
        .map(|at| from + at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(parts: &[(&str, &[u8])]) -> Bytes {
        let mut body = b"\r\n".to_vec();
        for (range, bytes) in parts {
            body.extend_from_slice(
                format!("--B\r\nContent-Type: application/octet-stream\r\nContent-Range: bytes {range}\r\n\r\n").as_bytes(),
            );
            body.extend_from_slice(bytes);
            body.extend_from_slice(b"\r\n");
        }
        body.extend_from_slice(b"--B--\r\n");
        Bytes::from(body)
    }

    #[test]
    fn ranges_are_asked_for_in_one_header() {
        assert_eq!(
            header(&[0..10, 20..21, 100..200]),
            "bytes=0-9,20-20,100-199"
        );
    }

    #[test]
    fn the_boundary_is_read_from_the_content_type() {
        assert_eq!(boundary("multipart/byteranges; boundary=abc"), Some("abc"));
        assert_eq!(
            boundary("Multipart/ByteRanges;charset=x; boundary=\"a b\""),
            Some("a b")
        );
        assert_eq!(boundary("application/octet-stream"), None);
        assert_eq!(boundary("multipart/mixed; boundary=abc"), None);
    }

    #[test]
    fn parts_are_read_by_their_content_range_and_cut_to_what_was_asked() {
        // The second part's bytes hold the delimiter: lengths, not searches, end parts.
        let body = body(&[("20-24/100", b"--B\r\n"), ("0-3/100", b"abcd")]);
        let parts = parts(&body, "B").expect("a multipart body");
        assert_eq!(parts.len(), 2);
        assert_eq!((parts[0].start, &parts[0].bytes[..]), (20, &b"--B\r\n"[..]));
        assert_eq!((parts[1].start, parts[1].file_len), (0, 100));
        let reads = cut(&[0..4, 21..23], &parts).expect("both ranges sent");
        assert_eq!(&reads[0].bytes[..], b"abcd");
        assert_eq!((reads[1].start, &reads[1].bytes[..]), (21, &b"-B"[..]));
        // Coalesced into one part, or one range spanning both: cut out of it.
        let joined = parts_of(&[("0-9/10", b"0123456789")]);
        let reads = cut(&[1..3, 7..9], &joined).expect("inside the one part");
        assert_eq!(
            (&reads[0].bytes[..], &reads[1].bytes[..]),
            (&b"12"[..], &b"78"[..])
        );
        // A range the server left out.
        assert!(cut(&[0..4, 50..60], &parts).is_none());
    }

    fn parts_of(spec: &[(&str, &[u8])]) -> Vec<RangeRead> {
        parts(&body(spec), "B").expect("a multipart body")
    }

    #[test]
    fn bodies_that_are_not_multipart_are_refused() {
        let whole = body(&[("0-3/100", b"abcd")]);
        assert!(
            parts(&whole.slice(..whole.len() - 12), "B").is_none(),
            "cut off"
        );
        assert!(parts(&whole, "C").is_none(), "another boundary");
        assert!(parts(
            &Bytes::from_static(b"--B\r\nContent-Range: bytes 9-2/10\r\n\r\n"),
            "B"
        )
        .is_none());
        assert!(parts(&Bytes::from_static(b"--B\r\nX: y\r\n\r\nab\r\n--B--"), "B").is_none());
    }
}
