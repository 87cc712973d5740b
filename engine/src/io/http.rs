//! HTTP range reads (native). Every way a server can get range requests wrong is detected
//! here and reported with the URL: ignored `Range` (200 with the whole file), short bodies,
//! misplaced `Content-Range`, error statuses, dropped connections, and content that changed
//! between two reads (a different ETag or Last-Modified).

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use reqwest::header::{
    CACHE_CONTROL, CONTENT_ENCODING, CONTENT_RANGE, ETAG, LAST_MODIFIED, RANGE, RETRY_AFTER,
};

use super::range_http::{
    check_content_encoding, check_range_status, check_whole_status, content_range, range_header,
    read_with_retries, Failure, Validator,
};
use super::source::{check_read, ByteRange, RangeRead, RangeSource};
use super::store::IndexStore;
use crate::error::{ErrorKind, Result};

/// A file behind an HTTP(S) URL, read with `Range` requests.
#[derive(Debug)]
pub struct HttpSource {
    url: String,
    client: reqwest::Client,
    validator: Validator,
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
            validator: Validator::default(),
        }
    }

    async fn read_once(&self, range: &ByteRange) -> std::result::Result<RangeRead, Failure> {
        let response = self
            .client
            .get(&self.url)
            .header(RANGE, range_header(range))
            .send()
            .await
            .map_err(|e| Failure::transient(ErrorKind::Http.with_message(describe(&e))))?;
        let headers = response.headers();
        let header = |name| headers.get(name).and_then(|v| v.to_str().ok());
        check_range_status(response.status().as_u16(), header(RETRY_AFTER))?;
        check_content_encoding(header(CONTENT_ENCODING))?;
        self.validator
            .check(
                header(ETAG)
                    .or_else(|| header(LAST_MODIFIED))
                    .map(str::to_string),
            )
            .map_err(Failure::permanent)?;
        let (start, file_len) = content_range(header(CONTENT_RANGE))?;
        let bytes = response.bytes().await.map_err(|e| {
            Failure::transient(
                ErrorKind::Http.with_message(format!("the body was cut off: {}", describe(&e))),
            )
        })?;
        let read = RangeRead {
            bytes,
            start,
            file_len,
        };
        check_read(&self.url, range, &read).map_err(Failure::permanent)?;
        Ok(read)
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

#[async_trait::async_trait]
impl RangeSource for HttpSource {
    fn validator(&self) -> Option<&Validator> {
        Some(&self.validator)
    }

    fn name(&self) -> &str {
        &self.url
    }

    async fn read(&self, range: ByteRange) -> Result<RangeRead> {
        read_with_retries(
            &self.url,
            || self.read_once(&range),
            |ms| tokio::time::sleep(Duration::from_millis(ms)),
        )
        .await
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

    /// The whole file (the manifest, `site.json`), retried as a range read is.
    async fn read_all(&self, path: &str) -> Result<Bytes> {
        let url = format!("{}{}", self.base, path);
        let attempt = || async {
            let response = self
                .client
                .get(&url)
                .header(CACHE_CONTROL, "no-cache")
                .send()
                .await
                .map_err(|e| Failure::transient(ErrorKind::Http.with_message(describe(&e))))?;
            let retry_after = response
                .headers()
                .get(RETRY_AFTER)
                .and_then(|v| v.to_str().ok());
            check_whole_status(response.status().as_u16(), retry_after)?;
            let bytes = response.bytes().await.map_err(|e| {
                Failure::transient(
                    ErrorKind::Http.with_message(format!("the body was cut off: {}", describe(&e))),
                )
            })?;
            Ok(RangeRead {
                file_len: bytes.len() as u64,
                bytes,
                start: 0,
            })
        };
        let sleep = |ms| tokio::time::sleep(Duration::from_millis(ms));
        Ok(read_with_retries(&url, attempt, sleep).await?.bytes)
    }

    fn root(&self) -> &str {
        &self.base
    }
}
