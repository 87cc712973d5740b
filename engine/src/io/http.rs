//! HTTP range reads (native). Every way a server can get range requests wrong is detected
//! here and reported with the URL: ignored `Range` (200 with the whole file), short bodies,
//! misplaced `Content-Range`, error statuses, dropped connections, and content that changed
//! between two reads (a different ETag or Last-Modified).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use reqwest::header::{CACHE_CONTROL, CONTENT_RANGE, ETAG, LAST_MODIFIED, RANGE};
use reqwest::StatusCode;

use super::source::{check_read, ByteRange, RangeRead, RangeSource};
use super::store::IndexStore;
use crate::error::{Error, ErrorKind, Result};

/// Attempts per read for failures that may pass (connection errors, 502/503/504).
const ATTEMPTS: u32 = 3;

/// A file behind an HTTP(S) URL, read with `Range` requests.
#[derive(Debug)]
pub struct HttpSource {
    url: String,
    client: reqwest::Client,
    /// The first validator (ETag, else Last-Modified) seen; later reads must match it.
    validator: Mutex<Option<String>>,
}

/// A shared client with timeouts, so no read can hang.
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(10))
        .timeout(Duration::from_secs(60))
        .build()
        .expect("HTTP client")
}

impl HttpSource {
    /// A source for `url`.
    pub fn new(url: impl Into<String>, client: reqwest::Client) -> HttpSource {
        HttpSource {
            url: url.into(),
            client,
            validator: Mutex::new(None),
        }
    }

    async fn read_once(&self, range: &ByteRange) -> Result<RangeRead> {
        let header = match range {
            ByteRange::Bounded(r) if r.end > r.start => format!("bytes={}-{}", r.start, r.end - 1),
            ByteRange::Bounded(r) => format!("bytes={}-{}", r.start, r.start),
            ByteRange::Suffix(n) => format!("bytes=-{n}"),
        };
        let response = self
            .client
            .get(&self.url)
            .header(RANGE, header)
            .send()
            .await
            .map_err(|e| ErrorKind::Http.with_message(describe(&e)))?;
        let status = response.status();
        if status == StatusCode::NOT_FOUND {
            return Err(ErrorKind::NotFound.with_message("404 Not Found"));
        }
        if status == StatusCode::RANGE_NOT_SATISFIABLE {
            return Err(ErrorKind::Corrupt.with_message(
                "416 Range Not Satisfiable: the file is shorter than expected (truncated or replaced)",
            ));
        }
        if status == StatusCode::OK {
            return Err(ErrorKind::Http.with_message(
                "the server ignored the Range header and answered 200 with the whole file; \
                 serve the index from a server that supports range requests \
                 (nginx, S3, R2, `rangefind serve`)",
            ));
        }
        if status != StatusCode::PARTIAL_CONTENT {
            return Err(ErrorKind::Http.with_message(format!("unexpected status {status}")));
        }
        self.check_validator(response.headers())?;
        let content_range = response
            .headers()
            .get(CONTENT_RANGE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
            .ok_or_else(|| ErrorKind::Http.with_message("206 without a Content-Range header"))?;
        let (start, file_len) = parse_content_range(&content_range).ok_or_else(|| {
            ErrorKind::Http.with_message(format!("unreadable Content-Range {content_range:?}"))
        })?;
        let bytes = response.bytes().await.map_err(|e| {
            ErrorKind::Http.with_message(format!("the body was cut off: {}", describe(&e)))
        })?;
        let read = RangeRead {
            bytes,
            start,
            file_len,
        };
        check_read(&self.url, range, &read)?;
        Ok(read)
    }

    fn check_validator(&self, headers: &reqwest::header::HeaderMap) -> Result<()> {
        let current = headers
            .get(ETAG)
            .or_else(|| headers.get(LAST_MODIFIED))
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let Some(current) = current else {
            return Ok(());
        };
        let mut seen = self.validator.lock().expect("validator lock");
        match seen.as_ref() {
            None => *seen = Some(current),
            Some(first) if *first != current => {
                return Err(ErrorKind::Corrupt.with_message(format!(
                    "the file changed on the server while being read (validator {first} became {current}); \
                     splits are immutable: publish changed content under a new name"
                )))
            }
            Some(_) => {}
        }
        Ok(())
    }
}

fn describe(error: &reqwest::Error) -> String {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

/// `bytes a-b/total` → (a, total).
fn parse_content_range(value: &str) -> Option<(u64, u64)> {
    let rest = value.trim().strip_prefix("bytes ")?;
    let (span, total) = rest.split_once('/')?;
    let (start, _end) = span.split_once('-')?;
    Some((start.trim().parse().ok()?, total.trim().parse().ok()?))
}

fn is_transient(error: &Error, message: &str) -> bool {
    error.kind() == ErrorKind::Http
        && !message.contains("ignored the Range")
        && (message.contains("status 50")
            || message.contains("cut off")
            || message.contains("error sending request")
            || message.contains("connection"))
}

#[async_trait::async_trait]
impl RangeSource for HttpSource {
    fn name(&self) -> &str {
        &self.url
    }

    async fn read(&self, range: ByteRange) -> Result<RangeRead> {
        let mut attempt = 0;
        loop {
            attempt += 1;
            match self.read_once(&range).await {
                Ok(read) => return Ok(read),
                Err(error) => {
                    let message = error.to_string();
                    if attempt >= ATTEMPTS || !is_transient(&error, &message) {
                        let error = if attempt > 1 {
                            error.with_context(format!("after {attempt} attempts"))
                        } else {
                            error
                        };
                        return Err(error.with_context(self.url.clone()));
                    }
                    tokio::time::sleep(Duration::from_millis(100 << (2 * (attempt - 1)))).await;
                }
            }
        }
    }
}

/// An index root behind a URL prefix.
#[derive(Debug, Clone)]
pub struct HttpStore {
    base: String,
    client: reqwest::Client,
}

impl HttpStore {
    /// The index at `base` (`http://host/path/`; a trailing slash is added when missing).
    pub fn new(base: &str) -> HttpStore {
        let mut base = base.to_string();
        if !base.ends_with('/') {
            base.push('/');
        }
        HttpStore {
            base,
            client: client(),
        }
    }
}

#[async_trait::async_trait]
impl IndexStore for HttpStore {
    fn open(&self, path: &str) -> Arc<dyn RangeSource> {
        Arc::new(HttpSource::new(
            format!("{}{}", self.base, path),
            self.client.clone(),
        ))
    }

    async fn read_all(&self, path: &str) -> Result<Bytes> {
        let url = format!("{}{}", self.base, path);
        let response = self
            .client
            .get(&url)
            .header(CACHE_CONTROL, "no-cache")
            .send()
            .await
            .map_err(|e| {
                ErrorKind::Http
                    .with_message(describe(&e))
                    .with_context(url.clone())
            })?;
        let status = response.status();
        if status == StatusCode::NOT_FOUND {
            return Err(ErrorKind::NotFound
                .with_message("404 Not Found")
                .with_context(url));
        }
        if !status.is_success() {
            return Err(ErrorKind::Http
                .with_message(format!("status {status}"))
                .with_context(url));
        }
        response
            .bytes()
            .await
            .map_err(|e| ErrorKind::Http.with_message(describe(&e)).with_context(url))
    }

    fn root(&self) -> &str {
        &self.base
    }
}

#[cfg(test)]
mod tests {
    use super::parse_content_range;

    #[test]
    fn content_range() {
        assert_eq!(parse_content_range("bytes 10-19/100"), Some((10, 100)));
        assert_eq!(parse_content_range("bytes 10-19/*"), None);
        assert_eq!(parse_content_range("items 1-2/3"), None);
    }
}
