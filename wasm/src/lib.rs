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

mod fetch;
mod persistent;

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use futures::future::{select, Either};
use js_sys::{Promise, Reflect};
use rangefind_engine::error::{Error, ErrorKind};
use rangefind_engine::search::{IndexOptions, SearchIndex, SearchRequest};
use serde::Deserialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{future_to_promise, JsFuture};
use web_sys::AbortSignal;

pub use fetch::{FetchOptions, FetchSource, FetchStore};
pub use persistent::JsPersistentCache;

/// Options of [`Index::open`] (all optional).
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
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

/// An opened index. Methods return promises; searches may run concurrently.
#[wasm_bindgen]
pub struct Index {
    /// Replaced by [`Index::refresh`]; searches in flight keep the index they started on.
    inner: Rc<RefCell<Rc<SearchIndex>>>,
}

#[wasm_bindgen]
impl Index {
    /// Reads the manifest at `url` (the directory holding `manifest.json`). `options`:
    /// `{cacheBytes?, timeoutMs?, noStore?, maxRequestsPerWave?, maxReadThroughBytes?,
    /// meteredRequests?}`; `persistent`: a persistent tier object (see `persistent.rs`), or null; `fetch`: a function to send requests with
    /// instead of the global `fetch` (same signature), or null.
    pub async fn open(
        url: String,
        options: JsValue,
        persistent: JsValue,
        fetch: Option<js_sys::Function>,
    ) -> Result<Index, JsValue> {
        let options: OpenOptions = if options.is_undefined() || options.is_null() {
            OpenOptions::default()
        } else {
            let text = js_sys::JSON::stringify(&options)?;
            serde_json::from_str(&String::from(text))
                .map_err(|e| invalid(format!("bad options: {e}")))?
        };
        let persistent = if persistent.is_undefined() || persistent.is_null() {
            None
        } else {
            Some(Arc::new(JsPersistentCache::new(persistent)?) as Arc<_>)
        };
        let store = FetchStore::new(
            &url,
            FetchOptions {
                timeout_ms: options.timeout_ms.unwrap_or(30_000),
                no_store: options.no_store.unwrap_or(true),
                fetch,
            },
        );
        let defaults = IndexOptions::default();
        let index_options = IndexOptions {
            cache_bytes: options.cache_bytes.unwrap_or(defaults.cache_bytes),
            persistent,
            max_requests_per_wave: options
                .max_requests_per_wave
                .unwrap_or(defaults.max_requests_per_wave),
            max_read_through_bytes: options
                .max_read_through_bytes
                .unwrap_or(defaults.max_read_through_bytes),
            metered_requests: options
                .metered_requests
                .unwrap_or(defaults.metered_requests),
        };
        let index = SearchIndex::open(Arc::new(store), index_options)
            .await
            .map_err(engine_error)?;
        Ok(Index {
            inner: Rc::new(RefCell::new(Rc::new(index))),
        })
    }

    /// Reads the manifest again; resolves to `true` when it changed (later searches use the
    /// new one, keeping the caches and the splits already opened), `false` when it did not.
    pub fn refresh(&self) -> Promise {
        let slot = self.inner.clone();
        future_to_promise(async move {
            let current = slot.borrow().clone();
            let changed = match current.refreshed().await.map_err(engine_error)? {
                Some(index) => {
                    *slot.borrow_mut() = Rc::new(index);
                    true
                }
                None => false,
            };
            Ok(changed.into())
        })
    }

    fn current(&self) -> Rc<SearchIndex> {
        self.inner.borrow().clone()
    }

    /// Runs a search. `request` is JSON: `{query, limit?, offset?, snippet?, filters?}`;
    /// resolves to the response as JSON text. An abort of `signal` rejects with code
    /// `aborted` and stops the search's downloads.
    pub fn search(&self, request: &str, signal: Option<AbortSignal>) -> Promise {
        let index = self.current();
        let request: Result<SearchRequest, _> = serde_json::from_str(request);
        future_to_promise(async move {
            let request = request.map_err(|e| invalid(format!("bad search request: {e}")))?;
            let search = Box::pin(index.search(&request));
            let abort = Box::pin(aborted(signal));
            let outcome = match select(search, abort).await {
                Either::Left((result, _)) => result.map_err(engine_error),
                Either::Right(_) => Err(js_error("aborted", "the search was aborted")),
            };
            let response = outcome?;
            Ok(serde_json::to_string(&response)
                .expect("responses serialise")
                .into())
        })
    }

    /// Opens every split now (one concurrent wave), so the first search skips it; resolves
    /// to the stats as JSON text.
    pub fn preload(&self) -> Promise {
        let index = self.current();
        future_to_promise(async move {
            let stats = index.preload().await.map_err(engine_error)?;
            Ok(serde_json::to_string(&stats)
                .expect("stats serialise")
                .into())
        })
    }

    /// The manifest, as JSON text.
    pub fn manifest(&self) -> String {
        serde_json::to_string(self.current().manifest()).expect("manifest serialises")
    }

    /// `[pages, bytes]` held by the in-memory page cache.
    #[wasm_bindgen(js_name = memoryCacheUsage)]
    pub fn memory_cache_usage(&self) -> Vec<f64> {
        let (pages, bytes) = self.current().cache().usage();
        vec![pages as f64, bytes as f64]
    }
}
