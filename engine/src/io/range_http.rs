//! What every HTTP range source shares, whatever its client (reqwest natively, `fetch` in
//! wasm): the `Range` header, reading `Content-Range`, what each status means, validators
//! that catch a file replaced between two reads, and retries with backoff for failures that
//! may pass. Each client only sends requests and reads headers.

use std::future::Future;

pub use super::source::check_read;
use super::source::ByteRange;
pub use super::validator::{Validator, ValidatorSnapshot};
use crate::error::{Error, ErrorKind, Result};

/// Attempts per read for failures that may pass (connection errors, 429, 5xx, cut bodies).
pub const ATTEMPTS: u32 = 3;

/// Longest wait a server's `Retry-After` may ask for before another attempt: past it the
/// read fails at once rather than leave a search hanging.
pub const MAX_RETRY_AFTER_MS: u64 = 10_000;

/// A failed attempt, and whether another attempt may succeed.
#[derive(Debug)]
pub struct Failure {
    /// What went wrong.
    pub error: Error,
    /// Worth retrying (network error, 429, 5xx, a body cut off).
    pub transient: bool,
    /// How long the server asked to wait before trying again (`Retry-After`), if it did
    /// (`u32`: a smaller failure is less code to move in the wasm engines).
    pub retry_after_ms: Option<u32>,
}

impl Failure {
    /// A failure that a retry will not mend.
    pub fn permanent(error: Error) -> Failure {
        Failure {
            error,
            transient: false,
            retry_after_ms: None,
        }
    }

    /// A failure that may pass (the network, an overloaded server).
    pub fn transient(error: Error) -> Failure {
        Failure {
            error,
            transient: true,
            retry_after_ms: None,
        }
    }
}

/// The `Range` header value for a read.
pub fn range_header(range: &ByteRange) -> String {
    match range {
        ByteRange::Bounded(r) if r.end > r.start => format!("bytes={}-{}", r.start, r.end - 1),
        ByteRange::Bounded(r) => format!("bytes={}-{}", r.start, r.start),
        ByteRange::Suffix(n) => format!("bytes=-{n}"),
    }
}

/// The most bytes an answer to the `Range` header `header` may hold: the ranges it asks for
/// (a suffix `-n`: n bytes), and for several, each part's boundary and headers (256 bytes
/// a part is more than they take). `u64::MAX` for a header it cannot read (none is refused).
pub fn asked_len_of_header(header: &str) -> u64 {
    let Some(spans) = header.trim().strip_prefix("bytes=") else {
        return u64::MAX;
    };
    let parts: Vec<&str> = spans.split(',').collect();
    let overhead = if parts.len() > 1 { 256 } else { 0 };
    parts
        .iter()
        .try_fold(0u64, |total, span| {
            let (first, last) = span.trim().split_once('-')?;
            let len = match (first.parse::<u64>(), last.parse::<u64>()) {
                (Err(_), Ok(suffix)) if first.is_empty() => suffix,
                (Ok(first), Ok(last)) if last >= first => last - first + 1,
                _ => return None,
            };
            total.checked_add(len + overhead)
        })
        .unwrap_or(u64::MAX)
}

/// `bytes a-b/total` → (a, total).
pub fn parse_content_range(value: &str) -> Option<(u64, u64)> {
    parse_content_span(value).map(|(start, _, total)| (start, total))
}

/// `bytes a-b/total` → (a, b + 1, total).
pub fn parse_content_span(value: &str) -> Option<(u64, u64, u64)> {
    let rest = value.trim().strip_prefix("bytes ")?;
    let (span, total) = rest.split_once('/')?;
    let (start, last) = span.split_once('-')?;
    let (start, last): (u64, u64) = (start.trim().parse().ok()?, last.trim().parse().ok()?);
    (last >= start).then_some((start, last.checked_add(1)?, total.trim().parse().ok()?))
}

/// The wait a `Retry-After` header asks for, in milliseconds: its delta-seconds form (an HTTP
/// date is read as no wait: clocks disagree), at most `u32::MAX` (49 days: refused anyway).
pub fn retry_after_ms(header: Option<&str>) -> Option<u32> {
    let seconds: u64 = header?.trim().parse().ok()?;
    Some(u32::try_from(seconds.saturating_mul(1000)).unwrap_or(u32::MAX))
}

/// Refuses a range answered with an encoded body (`Content-Encoding: gzip`, `br`, ...): its
/// bytes are not the file's, and read as they are they would be a short or misplaced read.
pub fn check_content_encoding(encoding: Option<&str>) -> std::result::Result<(), Failure> {
    match encoding.map(str::trim) {
        None | Some("") => Ok(()),
        Some(encoding) if encoding.eq_ignore_ascii_case("identity") => Ok(()),
        Some(encoding) => Err(Failure::permanent(ErrorKind::Http.with_message(format!(
            "the server compressed a range response (Content-Encoding: {encoding}), so its \
             bytes are not the file's: serve the index's files without compression (split and \
             site files are compressed inside already)"
        )))),
    }
}

/// Accepts any 2xx of a whole-file read; explains every other status, as for a range.
pub fn check_whole_status(
    status: u16,
    retry_after: Option<&str>,
) -> std::result::Result<(), Failure> {
    match status {
        200..=299 => Ok(()),
        _ => check_range_status(status, retry_after),
    }
}

/// Accepts a 206; explains every other status of a range request. `retry_after` is the
/// response's `Retry-After` header, which a 429 or 503 may carry.
pub fn check_range_status(
    status: u16,
    retry_after: Option<&str>,
) -> std::result::Result<(), Failure> {
    let mut failure = match status {
        206 => return Ok(()),
        404 => Failure::permanent(ErrorKind::NotFound.with_message("404 Not Found")),
        416 => Failure::permanent(ErrorKind::Corrupt.with_message(
            "416 Range Not Satisfiable: the file is shorter than expected (truncated or replaced)",
        )),
        200 => Failure::permanent(ErrorKind::Http.with_message(
            "the server ignored the Range header and answered 200 with the whole file; \
             serve the index from a server that supports range requests \
             (nginx, S3, R2, `rangefind serve`)",
        )),
        429 | 500..=599 => {
            Failure::transient(ErrorKind::Http.with_message(format!("unexpected status {status}")))
        }
        _ => {
            Failure::permanent(ErrorKind::Http.with_message(format!("unexpected status {status}")))
        }
    };
    failure.retry_after_ms = retry_after_ms(retry_after);
    if failure.retry_after_ms > Some(MAX_RETRY_AFTER_MS as u32) {
        failure.transient = false;
        failure.error = failure.error.with_context(format!(
            "the server asked to retry after {} s, longer than the {} s a read waits",
            failure.retry_after_ms.unwrap_or(0) / 1000,
            MAX_RETRY_AFTER_MS / 1000
        ));
    }
    Err(failure)
}

/// Reads the `Content-Range` of a 206: (start, file length).
pub fn content_range(header: Option<&str>) -> std::result::Result<(u64, u64), Failure> {
    let value = header.ok_or_else(|| {
        Failure::permanent(ErrorKind::Http.with_message(
            "206 without a readable Content-Range header (cross-origin hosts must send \
             `Access-Control-Expose-Headers: Content-Range`)",
        ))
    })?;
    parse_content_range(value).ok_or_else(|| {
        Failure::permanent(
            ErrorKind::Http.with_message(format!("unreadable Content-Range \"{value}\"")),
        )
    })
}

/// Milliseconds to wait before attempt `attempt + 1` (100 ms, then 400 ms).
pub fn backoff_ms(attempt: u32) -> u64 {
    100 << (2 * (attempt - 1))
}

/// Runs `attempt` up to [`ATTEMPTS`] times while it fails transiently, sleeping with `sleep`
/// between attempts; the final error names `url` (and the attempts, if more than one).
pub async fn read_with_retries<T, A, AF, S, SF>(url: &str, mut attempt: A, sleep: S) -> Result<T>
where
    A: FnMut() -> AF,
    AF: Future<Output = std::result::Result<T, Failure>>,
    S: Fn(u64) -> SF,
    SF: Future<Output = ()>,
{
    let mut made = 0;
    loop {
        made += 1;
        match attempt().await {
            Ok(read) => return Ok(read),
            Err(failure) if failure.transient && made < ATTEMPTS => {
                // The server's Retry-After when it gave one (capped in check_range_status).
                sleep(backoff_ms(made).max(failure.retry_after_ms.unwrap_or(0).into())).await
            }
            Err(failure) => {
                let error = if made > 1 {
                    failure.error.with_context(format!("after {made} attempts"))
                } else {
                    failure.error
                };
                return Err(error.with_context(url.to_string()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_range_parses() {
        assert_eq!(parse_content_range("bytes 10-19/100"), Some((10, 100)));
        assert_eq!(parse_content_range("bytes 10-19/*"), None);
        assert_eq!(parse_content_range("items 1-2/3"), None);
        assert_eq!(parse_content_span("bytes 10-19/100"), Some((10, 20, 100)));
        assert_eq!(parse_content_span("bytes 19-10/100"), None);
    }

    #[test]
    fn an_answer_holds_what_was_asked() {
        assert_eq!(asked_len_of_header("bytes=10-19"), 10);
        assert_eq!(asked_len_of_header("bytes=-500"), 500);
        assert_eq!(asked_len_of_header("bytes=0-0,10-19"), 1 + 10 + 2 * 256);
        assert_eq!(
            asked_len_of_header(&range_header(&ByteRange::Bounded(5..105))),
            100
        );
        assert_eq!(asked_len_of_header("bytes=9-1"), u64::MAX);
        assert_eq!(asked_len_of_header("items=1-2"), u64::MAX);
    }

    #[test]
    fn statuses_are_classified() {
        assert!(check_range_status(206, None).is_ok());
        assert!(check_range_status(503, None).unwrap_err().transient);
        assert!(!check_range_status(200, None).unwrap_err().transient);
        assert!(!check_range_status(403, None).unwrap_err().transient);
        assert_eq!(
            check_range_status(404, None).unwrap_err().error.kind(),
            ErrorKind::NotFound
        );
        assert!(check_whole_status(200, None).is_ok());
        let busy = check_range_status(429, Some("2")).unwrap_err();
        assert!(busy.transient && busy.retry_after_ms == Some(2000));
        let later = check_range_status(503, Some("3600")).unwrap_err();
        assert!(!later.transient, "an hour is not waited for");
        assert!(
            later.error.to_string().contains("retry after 3600 s"),
            "{}",
            later.error
        );
        let dated = check_range_status(503, Some("Wed, 21 Oct 2015 07:28:00 GMT")).unwrap_err();
        assert!(dated.transient && dated.retry_after_ms.is_none());
    }
}
