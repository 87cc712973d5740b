//! HTTP range reads (native). Every way a server can get range requests wrong is detected
//! here and reported with the URL: ignored `Range` (200 with the whole file), short bodies,
//! misplaced `Content-Range`, error statuses, dropped connections, and content that changed
//! between two reads (a different ETag or Last-Modified).

use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::{Bytes, BytesMut};
use reqwest::header::{
    CACHE_CONTROL, CONTENT_ENCODING, CONTENT_RANGE, ETAG, LAST_MODIFIED, RANGE, RETRY_AFTER,
};

use super::range_http::{
    check_content_encoding, check_range_status, check_whole_status, content_range, range_header,
    read_with_retries, Failure, Validator,
};
use super::source::{check_read, ByteRange, RangeRead, RangeSource};
use super::store::{too_large_to_read_whole, IndexStore, WHOLE_FILE_LIMIT};
use crate::error::{Error, ErrorKind, Result};

/// How long one attempt may take, headers and body together.
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(60);

/// When the reads of a whole search must be done (`rangefind search --timeout`): each attempt
/// may take what is left, at most [`ATTEMPT_TIMEOUT`], and none starts once it has passed, so a
/// host that never answers costs the deadline, not attempts × timeout for every file.
#[derive(Debug, Clone, Copy)]
pub struct Deadline {
    at: Instant,
    seconds: u64,
}

impl Deadline {
    /// `seconds` from now.
    pub fn after_seconds(seconds: u64) -> Deadline {
        Deadline {
            at: Instant::now() + Duration::from_secs(seconds),
            seconds,
        }
    }

    /// What is left of it.
    fn left(&self) -> Duration {
        self.at.saturating_duration_since(Instant::now())
    }

    /// The failure of a read the deadline cut short: final, as no other attempt may start.
    fn passed(&self) -> Failure {
        Failure::permanent(ErrorKind::Http.with_message(format!(
            "no answer within the search's deadline of {} s (`--timeout`)",
            self.seconds
        )))
    }
}

/// The timeout of the next attempt: [`ATTEMPT_TIMEOUT`], or what is left of `deadline`.
fn attempt_timeout(deadline: Option<Deadline>) -> std::result::Result<Duration, Failure> {
    match deadline {
        None => Ok(ATTEMPT_TIMEOUT),
        Some(deadline) if deadline.left().is_zero() => Err(deadline.passed()),
        Some(deadline) => Ok(deadline.left().min(ATTEMPT_TIMEOUT)),
    }
}

/// A request error: the deadline's when it cut the request short, else transient (the network).
fn request_failure(error: &reqwest::Error, deadline: Option<Deadline>, what: &str) -> Failure {
    match deadline {
        Some(deadline) if error.is_timeout() && deadline.left().is_zero() => deadline.passed(),
        _ => Failure::transient(ErrorKind::Http.with_message(format!("{what}{}", describe(error)))),
    }
}

/// Sleeps `ms` between attempts, never past `deadline` (the next attempt then fails at once).
async fn sleep_within(ms: u64, deadline: Option<Deadline>) {
    let pause = Duration::from_millis(ms);
    tokio::time::sleep(deadline.map_or(pause, |d| d.left().min(pause))).await
}

/// The body of `response`, refused with `excess` as soon as it is longer than `limit` (by its
/// `Content-Length`, or as it arrives): a host cannot make a reader hold more than it asked for.
async fn body_within(
    mut response: reqwest::Response,
    limit: u64,
    deadline: Option<Deadline>,
    excess: impl Fn() -> Error,
) -> std::result::Result<Bytes, Failure> {
    if response.content_length().is_some_and(|len| len > limit) {
        return Err(Failure::permanent(excess()));
    }
    let mut body = BytesMut::new();
    loop {
        match response.chunk().await {
            Ok(Some(chunk)) if (body.len() + chunk.len()) as u64 > limit => {
                return Err(Failure::permanent(excess()))
            }
            Ok(Some(chunk)) => body.extend_from_slice(&chunk),
            Ok(None) => return Ok(body.freeze()),
            Err(e) => return Err(request_failure(&e, deadline, "the body was cut off: ")),
        }
    }
}

/// A file behind an HTTP(S) URL, read with `Range` requests.
#[derive(Debug)]
pub struct HttpSource {
    url: String,
    client: reqwest::Client,
    validator: Validator,
    deadline: Option<Deadline>,
}

/// A shared client with timeouts, so no read can hang.
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(10))
        .timeout(ATTEMPT_TIMEOUT)
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
            deadline: None,
        }
    }

    /// Reads of this file end by `deadline`.
    pub fn with_deadline(mut self, deadline: Option<Deadline>) -> HttpSource {
        self.deadline = deadline;
        self
    }

    async fn read_once(&self, range: &ByteRange) -> std::result::Result<RangeRead, Failure> {
        let response = self
            .client
            .get(&self.url)
            .header(RANGE, range_header(range))
            .timeout(attempt_timeout(self.deadline)?)
            .send()
            .await
            .map_err(|e| request_failure(&e, self.deadline, ""))?;
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
        let asked = range.asked_len();
        let bytes = body_within(response, asked, self.deadline, || {
            ErrorKind::Http.with_message(format!(
                "the server sent more than the {asked} bytes asked for ({})",
                range_header(range)
            ))
        })
        .await?;
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
            |ms| sleep_within(ms, self.deadline),
        )
        .await
    }
}

/// An index root behind a URL prefix.
#[derive(Debug, Clone)]
pub struct HttpStore {
    base: String,
    client: reqwest::Client,
    deadline: Option<Deadline>,
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
            deadline: None,
        }
    }

    /// Every read of the index (its files and their retries) ends by `deadline`.
    pub fn with_deadline(mut self, deadline: Option<Deadline>) -> HttpStore {
        self.deadline = deadline;
        self
    }
}

#[async_trait::async_trait]
impl IndexStore for HttpStore {
    fn open(&self, path: &str) -> Arc<dyn RangeSource> {
        Arc::new(
            HttpSource::new(format!("{}{}", self.base, path), self.client.clone())
                .with_deadline(self.deadline),
        )
    }

    /// The whole file (the manifest, `site.json`), retried as a range read is.
    async fn read_all(&self, path: &str) -> Result<Bytes> {
        let url = format!("{}{}", self.base, path);
        let attempt = || async {
            let response = self
                .client
                .get(&url)
                .header(CACHE_CONTROL, "no-cache")
                .timeout(attempt_timeout(self.deadline)?)
                .send()
                .await
                .map_err(|e| request_failure(&e, self.deadline, ""))?;
            let retry_after = response
                .headers()
                .get(RETRY_AFTER)
                .and_then(|v| v.to_str().ok());
            check_whole_status(response.status().as_u16(), retry_after)?;
            let bytes = body_within(
                response,
                WHOLE_FILE_LIMIT,
                self.deadline,
                too_large_to_read_whole,
            )
            .await?;
            Ok(RangeRead {
                file_len: bytes.len() as u64,
                bytes,
                start: 0,
            })
        };
        let sleep = |ms| sleep_within(ms, self.deadline);
        Ok(read_with_retries(&url, attempt, sleep).await?.bytes)
    }

    fn root(&self) -> &str {
        &self.base
    }
}
