//! rangefind for JavaScript hosts: a thin wasm-bindgen adapter over `rangefind-engine`.
//!
//! ```js
//! import init, { Index } from "./rangefind_wasm.js";
//! await init();
//! const index = await Index.open("https://example.com/index/", { cacheBytes: 64 << 20 }, idbTier);
//! const response = JSON.parse(await index.search(JSON.stringify({ query: "array map", limit: 10 })));
//! ```
//!
//! Requests and responses cross the boundary as JSON text in the shape `rangefind search
//! --json` prints, so every host (page, Web Worker, Cloudflare Worker) gets the same contract
//! without a second set of bindings. Errors are JS `Error`s named `RangefindError` with a
//! stable `code` (`not_found`, `http`, `corrupt`, `invalid_query`, `aborted`, ...).

/// The allocator: talc, not Rust's default dlmalloc, which was 4.8 KB of the site engine's
/// code; talc is smaller and faster on wasm32 (BENCHMARKS.md, "Engine size"). Engines are
/// single-threaded (no atomics), as talc's wasm allocator requires.
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

mod fetch;
mod js_value;
mod persistent;
#[cfg(not(feature = "splits"))]
mod site_index;
#[cfg(feature = "splits")]
mod split_index;
#[cfg(feature = "splits")]
mod whole_body;

use std::sync::Arc;

use futures::future::{select, Either};
use js_sys::{Promise, Reflect};
use rangefind_engine::api::{SearchRequest, SearchResponse, SearchStats};
use rangefind_engine::error::{Error, ErrorKind};
use rangefind_engine::io::{
    PersistentCache, DEFAULT_MAX_READ_THROUGH_BYTES, DEFAULT_MAX_REQUESTS_PER_WAVE,
};
use rangefind_engine::json_fields::{flag, object, size, small, unknown, whole, FieldResult};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{future_to_promise, JsFuture};
use web_sys::AbortSignal;

pub use fetch::{FetchOptions, FetchSource, FetchStore};
pub use persistent::JsPersistentCache;
#[cfg(not(feature = "splits"))]
pub use site_index::SiteIndex;
#[cfg(feature = "splits")]
pub use split_index::Index;

/// Options of opening an index (all optional), as the host names them (`cacheBytes`, ...).
#[derive(Debug, Default)]
struct OpenOptions {
    /// Byte bound of the in-memory page cache.
    cache_bytes: Option<usize>,
    /// Milliseconds one HTTP attempt may take.
    timeout_ms: Option<u32>,
    /// Keep range reads out of the HTTP cache (default true).
    no_store: Option<bool>,
    /// Requests a wave aims at (default 6; 0: join only adjacent pages).
    max_requests_per_wave: Option<usize>,
    /// Widest gap a read may span to stay within that budget (default 64 KiB).
    max_read_through_bytes: Option<u64>,
    /// Every request is metered (a Worker's subrequests): read through gaps within that
    /// width even when a wave stays above its budget (default false).
    metered_requests: Option<bool>,
}

/// A JS error named `RangefindError` carrying the engine's error code.
fn js_error(code: &str, message: &str) -> JsValue {
    let error = js_sys::Error::new(message);
    error.set_name("RangefindError");
    let _ = Reflect::set(&error, &"code".into(), &code.into());
    error.into()
}

fn engine_error(error: Error) -> JsValue {
    js_error(error.kind().code(), &error.description())
}

fn invalid(message: String) -> JsValue {
    js_error(ErrorKind::InvalidQuery.code(), &message)
}

/// Resolves when `signal` aborts (never, without a signal).
async fn aborted(signal: Option<AbortSignal>) {
    let Some(signal) = signal else {
        return futures::future::pending().await;
    };
    if signal.aborted() {
        return;
    }
    let promise = Promise::new(&mut |resolve, _| {
        let _ = signal.add_event_listener_with_callback("abort", &resolve);
    });
    let _ = JsFuture::from(promise).await;
}

impl OpenOptions {
    /// The options object a host passed (`undefined` or `null`: the defaults).
    fn from_js(options: &JsValue) -> Result<OpenOptions, JsValue> {
        if options.is_undefined() || options.is_null() {
            return Ok(OpenOptions::default());
        }
        OpenOptions::from_json(from_js(options)?).map_err(|e| invalid(format!("bad options: {e}")))
    }

    /// The options `value` holds; an unknown one is an error (a misspelt option would be
    /// silently ignored otherwise).
    fn from_json(value: serde_json::Value) -> FieldResult<OpenOptions> {
        const KNOWN: &[&str] = &[
            "cacheBytes",
            "timeoutMs",
            "noStore",
            "maxRequestsPerWave",
            "maxReadThroughBytes",
            "meteredRequests",
        ];
        let mut options = OpenOptions::default();
        for (name, value) in object(value, "the options")? {
            // `null` is an option left out, as serde read it.
            if value.is_null() {
                continue;
            }
            match name.as_str() {
                "cacheBytes" => options.cache_bytes = Some(size(&name, &value)?),
                "timeoutMs" => options.timeout_ms = Some(small(&name, &value)?),
                "noStore" => options.no_store = Some(flag(&name, &value)?),
                "maxRequestsPerWave" => options.max_requests_per_wave = Some(size(&name, &value)?),
                "maxReadThroughBytes" => {
                    options.max_read_through_bytes = Some(whole(&name, &value)?)
                }
                "meteredRequests" => options.metered_requests = Some(flag(&name, &value)?),
                _ => return Err(unknown(&name, KNOWN)),
            }
        }
        Ok(options)
    }

    /// The store of the files under `url`.
    fn store(&self, url: &str, fetch: Option<js_sys::Function>) -> FetchStore {
        FetchStore::new(
            url,
            FetchOptions {
                timeout_ms: self.timeout_ms.unwrap_or(30_000),
                no_store: self.no_store.unwrap_or(true),
                fetch,
            },
        )
    }

    fn max_requests_per_wave(&self) -> usize {
        self.max_requests_per_wave
            .unwrap_or(DEFAULT_MAX_REQUESTS_PER_WAVE)
    }

    fn max_read_through_bytes(&self) -> u64 {
        self.max_read_through_bytes
            .unwrap_or(DEFAULT_MAX_READ_THROUGH_BYTES)
    }
}

/// A value the host passed (an options object, a request, a site file entry) as JSON, for the
/// engine's readers (`from_json`); an error when it holds what JSON cannot (a function).
fn from_js(value: &JsValue) -> Result<serde_json::Value, JsValue> {
    js_value::to_json(value).map_err(|e| invalid(format!("not a JSON value: {e}")))
}

/// The persistent tier object a host passed, if any.
fn persistent_tier(persistent: JsValue) -> Result<Option<Arc<dyn PersistentCache>>, JsValue> {
    if persistent.is_undefined() || persistent.is_null() {
        return Ok(None);
    }
    Ok(Some(Arc::new(JsPersistentCache::new(persistent)?)))
}

/// A promise of `search` run on `request` (a plain object) until it ends or `signal` aborts:
/// the response as JSON text.
fn search_promise<F, Fut>(request: &JsValue, signal: Option<AbortSignal>, search: F) -> Promise
where
    F: FnOnce(SearchRequest) -> Fut + 'static,
    Fut: std::future::Future<Output = Result<SearchResponse, Error>>,
{
    let request = from_js(request).and_then(|request| {
        SearchRequest::from_json(request).map_err(|e| invalid(format!("bad search request: {e}")))
    });
    promise(Box::pin(async move {
        let request = request?;
        let search = Box::pin(search(request));
        let abort = Box::pin(aborted(signal));
        let response = match select(search, abort).await {
            Either::Left((result, _)) => result.map_err(engine_error)?,
            Either::Right(_) => return Err(js_error("aborted", "the search was aborted")),
        };
        Ok(response.to_json().into())
    }))
}

/// A promise of what `work` cost, as JSON text (`{requests, bytes, waves, ...}`).
fn stats_promise(
    work: impl std::future::Future<Output = Result<SearchStats, Error>> + 'static,
) -> Promise {
    promise(Box::pin(async move {
        let stats = work.await.map_err(engine_error)?;
        Ok(stats.to_json().into())
    }))
}

/// `work` as a promise, for every promise the engine returns (opening, searching, preloading,
/// refreshing): boxed, so `future_to_promise` and its task are compiled once, not once per
/// future (an `async fn` export gets its own). 262 bytes less site engine, brotli.
pub(crate) fn promise(
    work: std::pin::Pin<Box<dyn std::future::Future<Output = Result<JsValue, JsValue>>>>,
) -> Promise {
    future_to_promise(work)
}
