//! Range reads over the JS `fetch` of whatever global runs us (a page, a Web Worker, a
//! Cloudflare Worker). Status, header and retry rules are the engine's (`range_http`), so the
//! browser reports a misbehaving server exactly as the CLI does.
//!
//! Every attempt has its own `AbortController`: it fires on the timeout, and when the read is
//! dropped (an aborted search), so an abandoned query stops downloading at once.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use bytes::Bytes;
use js_sys::{Promise, Uint8Array};
use rangefind_engine::error::{ErrorKind, Result};
#[cfg(feature = "splits")]
use rangefind_engine::io::range_http::check_whole_status;
use rangefind_engine::io::range_http::{
    check_content_encoding, check_range_status, content_range, range_header, read_with_retries,
    Failure, Validator,
};
use rangefind_engine::io::{
    byteranges, ByteRange, IndexStore, RangeRead, RangeSource, ReadTogether,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, Request, RequestCache, RequestInit, Response};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = fetch)]
    fn global_fetch(request: &Request) -> Promise;
    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(handler: &js_sys::Function, ms: i32) -> JsValue;
    #[wasm_bindgen(js_name = clearTimeout)]
    fn clear_timeout(id: &JsValue);
    /// `String(value)`: what was thrown, as text (`{:?}` brought wasm-bindgen's `debugString`
    /// into the glue and a `Debug` into the engine, for values hardly ever thrown).
    #[wasm_bindgen(js_name = String, catch)]
    fn text_of(value: &JsValue) -> std::result::Result<String, JsValue>;
}

/// How reads behave; shared by every file of an index.
#[derive(Clone, Debug)]
pub struct FetchOptions {
    /// Milliseconds one attempt may take, headers and body together.
    pub timeout_ms: u32,
    /// Send `cache: "no-store"` with range reads: pages live in the engine's own tiers, and a
    /// second copy in the HTTP cache would only take quota. Off where the runtime rejects it
    /// (without it, no `cache` mode is set at all).
    pub no_store: bool,
    /// A `fetch`-compatible function to send requests with instead of the global `fetch`
    /// (the Worker maps requests onto an R2 bucket with it, and counts them).
    pub fetch: Option<js_sys::Function>,
}

/// Resolves after `ms` milliseconds.
pub async fn sleep(ms: u64) {
    let promise = Promise::new(&mut |resolve, _| {
        set_timeout(&resolve, ms.min(i32::MAX as u64) as i32);
    });
    let _ = JsFuture::from(promise).await;
}

/// One attempt's abort switch: the timeout fires it, and so does dropping an attempt that has
/// not finished (aborting finished fetches still costs CPU in Chromium).
pub(crate) struct AbortOnDrop {
    controller: AbortController,
    timer: JsValue,
    finished: std::cell::Cell<bool>,
    _on_timeout: Closure<dyn FnMut()>,
}

impl AbortOnDrop {
    fn new(timeout_ms: u32) -> std::result::Result<AbortOnDrop, JsValue> {
        let controller = AbortController::new()?;
        let for_timer = controller.clone();
        let on_timeout = Closure::<dyn FnMut()>::new(move || for_timer.abort());
        let timer = set_timeout(on_timeout.as_ref().unchecked_ref(), timeout_ms as i32);
        Ok(AbortOnDrop {
            controller,
            timer,
            finished: std::cell::Cell::new(false),
            _on_timeout: on_timeout,
        })
    }

    /// The body is read: nothing left to abort.
    pub(crate) fn finish(&self) {
        self.finished.set(true);
    }

    pub(crate) fn timed_out(&self) -> bool {
        self.controller.signal().aborted()
    }
}

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        clear_timeout(&self.timer);
        if !self.finished.get() {
            // Stops the download of an abandoned read (or a refused one, such as a 200).
            self.controller.abort();
        }
    }
}

/// Whether `url` is of the origin running us: `None` where nothing runs at an origin (a
/// Cloudflare Worker has no `location`).
fn same_origin(url: &str) -> Option<bool> {
    let origin = js_sys::Reflect::get(&js_sys::global(), &"location".into())
        .and_then(|location| js_sys::Reflect::get(&location, &"origin".into()))
        .ok()
        .and_then(|origin| origin.as_string())?;
    let path = url.strip_prefix(origin.as_str());
    Some(path.is_some_and(|path| path.starts_with('/')))
}

/// Why a request to `url` may have failed that the browser does not say (a cross-origin host
/// without CORS headers: only its console says), when that can be the cause: on a page or in
/// a Web Worker of another origin. Nothing in a Cloudflare Worker (no `location`), or for the
/// page's own origin, where it would mislead.
fn cors_hint(url: &str) -> &'static str {
    match same_origin(url) {
        Some(false) => "; a cross-origin index needs CORS headers",
        _ => "",
    }
}

pub(crate) fn js_message(value: &JsValue) -> String {
    value
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| value.as_string())
        .or_else(|| text_of(value).ok())
        .unwrap_or_default()
}

/// A GET of `url` (with this `Range` header when `range` is given); network failures and
/// timeouts are transient.
async fn send(
    url: &str,
    range: Option<&str>,
    cache: Option<RequestCache>,
    options: &FetchOptions,
    guard: &AbortOnDrop,
) -> std::result::Result<Response, Failure> {
    let timeout_ms = options.timeout_ms;
    let network = |what: String| Failure::transient(ErrorKind::Http.with_message(what));
    let init = RequestInit::new();
    init.set_method("GET");
    if let Some(cache) = cache {
        // Set only when asked: workerd rejects cache modes other than "no-store".
        init.set_cache(cache);
    }
    init.set_signal(Some(&guard.controller.signal()));
    let request = Request::new_with_str_and_init(url, &init)
        .map_err(|e| Failure::permanent(ErrorKind::Http.with_message(js_message(&e))))?;
    if let Some(range) = range {
        request
            .headers()
            .set("Range", range)
            .map_err(|e| Failure::permanent(ErrorKind::Http.with_message(js_message(&e))))?;
    }
    let sent = match &options.fetch {
        Some(fetch) => fetch
            .call1(&JsValue::UNDEFINED, &request)
            .map(|value| Promise::resolve(&value))
            .unwrap_or_else(|thrown| Promise::reject(&thrown)),
        None => global_fetch(&request),
    };
    let response = JsFuture::from(sent).await.map_err(|e| {
        if guard.timed_out() {
            network(format!("no answer within {timeout_ms} ms"))
        } else {
            network(format!(
                "the request failed ({}{})",
                js_message(&e),
                cors_hint(&request.url())
            ))
        }
    })?;
    Ok(response.unchecked_into())
}

/// A body cut off (or too slow): transient.
pub(crate) fn cut(what: String) -> Failure {
    Failure::transient(ErrorKind::Http.with_message(format!("the body was cut off: {what}")))
}

/// The body of `response`; a body cut off (or too slow) is transient.
async fn body(
    response: &Response,
    guard: &AbortOnDrop,
    timeout_ms: u32,
) -> std::result::Result<Bytes, Failure> {
    let promise = response.array_buffer().map_err(|e| cut(js_message(&e)))?;
    let buffer = JsFuture::from(promise).await.map_err(|e| {
        if guard.timed_out() {
            cut(format!("not complete within {timeout_ms} ms"))
        } else {
            cut(js_message(&e))
        }
    })?;
    guard.finish();
    Ok(Bytes::from(Uint8Array::new(&buffer).to_vec()))
}

/// A file read with `fetch` and `Range` headers.
#[derive(Debug)]
pub struct FetchSource {
    url: String,
    options: Arc<FetchOptions>,
    validator: Validator,
    /// Set once the host answered a request for several ranges otherwise than with them
    /// (shared by the files of a store: one host).
    several_refused: Arc<AtomicBool>,
}

/// Ranges asked for in one request at most: a header of about 1.5 KB.
const RANGES_PER_REQUEST: usize = 64;

impl FetchSource {
    /// Whether to ask for several ranges in one request: not once the host has refused, and
    /// only of the page's own origin (for another, such a `Range` is not a CORS-safelisted
    /// header: each file would cost a preflight's round trip first). Never in a Cloudflare
    /// Worker, which runs at no origin (its R2 bucket reads one range at a time).
    fn may_ask_several(&self) -> bool {
        !self.several_refused.load(Ordering::Relaxed) && same_origin(&self.url) == Some(true)
    }

    /// One request with this `Range` header: the ranges the host sent (one, or the parts of a
    /// `multipart/byteranges` answer to `several`), not yet checked against what was asked,
    /// and the length of the body they came in. `None` when it answered several ranges
    /// otherwise (a 200 with the whole file, whose download is aborted; a body not in parts).
    async fn request(
        &self,
        range: &str,
        several: bool,
    ) -> std::result::Result<Option<(Vec<RangeRead>, u64)>, Failure> {
        let timeout = self.options.timeout_ms;
        let guard = AbortOnDrop::new(timeout)
            .map_err(|e| Failure::permanent(ErrorKind::Http.with_message(js_message(&e))))?;
        let cache = self.options.no_store.then_some(RequestCache::NoStore);
        let response = send(&self.url, Some(range), cache, &self.options, &guard).await?;
        // On any refusal the guard aborts the body (a 200 would otherwise download the file).
        if several && response.status() == 200 {
            return Ok(None);
        }
        let headers = response.headers();
        let header = |name: &str| headers.get(name).ok().flatten();
        check_range_status(response.status(), header("retry-after").as_deref())?;
        check_content_encoding(header("content-encoding").as_deref())?;
        self.validator
            .check(header("etag").or_else(|| header("last-modified")))
            .map_err(Failure::permanent)?;
        let content_type = header("content-type").unwrap_or_default();
        let single = header("content-range");
        // The split engines refuse a body longer than the ranges asked before reading it: a host
        // cannot make them take more. The site engine leaves that to the browser (its bytes are
        // counted to the last hundred: BENCHMARKS.md, "Engine size") and checks the length it
        // got after the read, as every engine does.
        #[cfg(feature = "splits")]
        {
            let asked = rangefind_engine::io::range_http::asked_len_of_header(range);
            let length = header("content-length").and_then(|length| length.parse::<u64>().ok());
            if length > Some(asked) {
                return Err(Failure::permanent(ErrorKind::Http.with_message(format!(
                    "the server sent more than the {asked} bytes asked for ({range})"
                ))));
            }
        }
        let bytes = body(&response, &guard, timeout).await?;
        let body_len = bytes.len() as u64;
        if let Some(boundary) = byteranges::boundary(&content_type) {
            return Ok(byteranges::parts(&bytes, boundary).map(|parts| (parts, body_len)));
        }
        let (start, file_len) = content_range(single.as_deref())?;
        let read = RangeRead {
            bytes,
            start,
            file_len,
        };
        Ok(Some((vec![read], body_len)))
    }

    async fn request_with_retries(
        &self,
        range: &str,
        several: bool,
    ) -> Result<Option<(Vec<RangeRead>, u64)>> {
        read_with_retries(&self.url, || self.request(range, several), sleep).await
    }
}

#[async_trait::async_trait(?Send)]
impl RangeSource for FetchSource {
    async fn read(&self, range: ByteRange) -> Result<RangeRead> {
        let sent = self
            .request_with_retries(&range_header(&range), false)
            .await?;
        let read = sent
            .and_then(|(parts, _)| parts.into_iter().next())
            .ok_or_else(|| {
                ErrorKind::Http
                    .with_message("an answer in parts to one range")
                    .with_context(self.url.clone())
            })?;
        rangefind_engine::io::range_http::check_read(&self.url, &range, &read)?;
        Ok(read)
    }

    /// One request where the host answers several ranges at once (found out by asking: a host
    /// that does not is asked range by range from then on).
    async fn read_together(&self, ranges: &[Range<u64>]) -> Result<Option<ReadTogether>> {
        if ranges.len() < 2 || ranges.len() > RANGES_PER_REQUEST || !self.may_ask_several() {
            return Ok(None);
        }
        let sent = self
            .request_with_retries(&byteranges::header(ranges), true)
            .await?;
        let together = sent.and_then(|(parts, body_len)| {
            let reads = byteranges::cut(ranges, &parts)?;
            Some(ReadTogether { reads, body_len })
        });
        if together.is_none() {
            self.several_refused.store(true, Ordering::Relaxed);
        }
        Ok(together)
    }

    fn ranges_per_request(&self) -> usize {
        match self.may_ask_several() {
            true => RANGES_PER_REQUEST,
            false => 1,
        }
    }

    fn validator(&self) -> Option<&Validator> {
        Some(&self.validator)
    }

    fn name(&self) -> &str {
        &self.url
    }
}

/// An index root behind a URL prefix, read with `fetch`.
#[derive(Debug)]
pub struct FetchStore {
    base: String,
    options: Arc<FetchOptions>,
    several_refused: Arc<AtomicBool>,
}

impl FetchStore {
    /// The index at `base` (a trailing slash is added when missing).
    pub fn new(base: &str, options: FetchOptions) -> FetchStore {
        let mut base = base.to_string();
        if !base.ends_with('/') {
            base.push('/');
        }
        FetchStore {
            base,
            options: Arc::new(options),
            several_refused: Arc::default(),
        }
    }
}

#[async_trait::async_trait(?Send)]
impl IndexStore for FetchStore {
    fn open(&self, path: &str) -> Arc<dyn RangeSource> {
        Arc::new(FetchSource {
            url: format!("{}{}", self.base, path),
            options: self.options.clone(),
            validator: Validator::default(),
            several_refused: self.several_refused.clone(),
        })
    }

    /// The manifest goes through the HTTP cache (no cache mode is set): the host's
    /// `Cache-Control` decides how long a reader may keep it (`rangefind serve` allows a minute) before asking again.
    #[cfg(feature = "splits")]
    async fn read_all(&self, path: &str) -> Result<Bytes> {
        let url = format!("{}{}", self.base, path);
        let timeout = self.options.timeout_ms;
        let attempt = || async {
            let guard = AbortOnDrop::new(timeout)
                .map_err(|e| Failure::permanent(ErrorKind::Http.with_message(js_message(&e))))?;
            let response = send(&url, None, None, &self.options, &guard).await?;
            let retry_after = response.headers().get("retry-after").ok().flatten();
            check_whole_status(response.status(), retry_after.as_deref())?;
            let bytes = crate::whole_body::within(&response, &guard, timeout).await?;
            Ok(RangeRead {
                file_len: bytes.len() as u64,
                bytes,
                start: 0,
            })
        };
        Ok(read_with_retries(&url, attempt, sleep).await?.bytes)
    }

    /// The site engine reads no file whole: the page reads `site.json` (web/src/site.ts),
    /// and site files and lexicons are read by range.
    #[cfg(not(feature = "splits"))]
    async fn read_all(&self, _: &str) -> Result<Bytes> {
        Err(ErrorKind::Internal.with_message("no whole file"))
    }

    fn root(&self) -> &str {
        &self.base
    }
}
