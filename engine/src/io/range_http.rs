//! What every HTTP range source shares, whatever its client (reqwest natively, `fetch` in
//! wasm): the `Range` header, reading `Content-Range`, what each status means, validators
//! that catch a file replaced between two reads, and retries with backoff for failures that
//! may pass. Each client only sends requests and reads headers.

use std::future::Future;
use std::sync::Mutex;

pub use super::source::check_read;
use super::source::{ByteRange, RangeRead};
use crate::error::{Error, ErrorKind, Result};

/// Attempts per read for failures that may pass (connection errors, 429, 5xx, cut bodies).
pub const ATTEMPTS: u32 = 3;

/// A failed attempt, and whether another attempt may succeed.
#[derive(Debug)]
pub struct Failure {
    /// What went wrong.
    pub error: Error,
    /// Worth retrying (network error, 429, 5xx, a body cut off).
    pub transient: bool,
}

impl Failure {
    /// A failure that a retry will not mend.
    pub fn permanent(error: Error) -> Failure {
        Failure {
            error,
            transient: false,
        }
    }

    /// A failure that may pass (the network, an overloaded server).
    pub fn transient(error: Error) -> Failure {
        Failure {
            error,
            transient: true,
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

/// `bytes a-b/total` → (a, total).
pub fn parse_content_range(value: &str) -> Option<(u64, u64)> {
    let rest = value.trim().strip_prefix("bytes ")?;
    let (span, total) = rest.split_once('/')?;
    let (start, _end) = span.split_once('-')?;
    Some((start.trim().parse().ok()?, total.trim().parse().ok()?))
}

/// Accepts a 206; explains every other status of a range request.
pub fn check_range_status(status: u16) -> std::result::Result<(), Failure> {
    match status {
        206 => Ok(()),
        404 => Err(Failure::permanent(
            ErrorKind::NotFound.with_message("404 Not Found"),
        )),
        416 => Err(Failure::permanent(ErrorKind::Corrupt.with_message(
            "416 Range Not Satisfiable: the file is shorter than expected (truncated or replaced)",
        ))),
        200 => Err(Failure::permanent(ErrorKind::Http.with_message(
            "the server ignored the Range header and answered 200 with the whole file; \
             serve the index from a server that supports range requests \
             (nginx, S3, R2, `rangefind serve`)",
        ))),
        429 | 500..=599 => Err(Failure::transient(
            ErrorKind::Http.with_message(format!("unexpected status {status}")),
        )),
        _ => Err(Failure::permanent(
            ErrorKind::Http.with_message(format!("unexpected status {status}")),
        )),
    }
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
            ErrorKind::Http.with_message(format!("unreadable Content-Range {value:?}")),
        )
    })
}

/// The first validator (ETag, else Last-Modified) a file answered with; later reads must match.
#[derive(Debug, Default)]
pub struct Validator(Mutex<Option<String>>);

impl Validator {
    /// Checks the validator of a response against the first one seen.
    pub fn check(&self, current: Option<String>) -> std::result::Result<(), Failure> {
        let Some(current) = current else {
            return Ok(());
        };
        let mut seen = self.0.lock().expect("validator lock");
        match seen.as_ref() {
            None => *seen = Some(current),
            Some(first) if *first != current => {
                return Err(Failure::permanent(ErrorKind::Corrupt.with_message(format!(
                    "the file changed on the server while being read (validator {first} became {current}); \
                     splits are immutable: publish changed content under a new name"
                ))))
            }
            Some(_) => {}
        }
        Ok(())
    }
}

/// Milliseconds to wait before attempt `attempt + 1` (100 ms, then 400 ms).
pub fn backoff_ms(attempt: u32) -> u64 {
    100 << (2 * (attempt - 1))
}

/// Runs `attempt` up to [`ATTEMPTS`] times while it fails transiently, sleeping with `sleep`
/// between attempts; the final error names `url` (and the attempts, if more than one).
pub async fn read_with_retries<A, AF, S, SF>(
    url: &str,
    mut attempt: A,
    sleep: S,
) -> Result<RangeRead>
where
    A: FnMut() -> AF,
    AF: Future<Output = std::result::Result<RangeRead, Failure>>,
    S: Fn(u64) -> SF,
    SF: Future<Output = ()>,
{
    let mut made = 0;
    loop {
        made += 1;
        match attempt().await {
            Ok(read) => return Ok(read),
            Err(failure) if failure.transient && made < ATTEMPTS => sleep(backoff_ms(made)).await,
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
    }

    #[test]
    fn statuses_are_classified() {
        assert!(check_range_status(206).is_ok());
        assert!(check_range_status(503).unwrap_err().transient);
        assert!(!check_range_status(200).unwrap_err().transient);
        assert_eq!(
            check_range_status(404).unwrap_err().error.kind(),
            ErrorKind::NotFound
        );
    }

    #[test]
    fn validator_catches_a_changed_file() {
        let validator = Validator::default();
        assert!(validator.check(Some("\"a\"".into())).is_ok());
        assert!(validator.check(None).is_ok());
        assert!(validator.check(Some("\"a\"".into())).is_ok());
        assert!(validator.check(Some("\"b\"".into())).is_err());
    }
}
