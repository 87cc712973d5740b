//! The split engine for JS hosts: an index of tantivy splits (`manifest.json`), opened and
//! searched (the `splits` feature: the browser's default and analytics engines, the Worker).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use js_sys::Promise;
use rangefind_engine::splits::{IndexOptions, SearchIndex};
use wasm_bindgen::prelude::*;
use web_sys::AbortSignal;

use crate::{engine_error, persistent_tier, promise, search_promise, stats_promise, OpenOptions};

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
    /// instead of the global `fetch` (same signature), or null. A promise, not an `async fn`:
    /// [`crate::promise`] says why.
    #[wasm_bindgen(unchecked_return_type = "Promise<Index>")]
    pub fn open(
        url: String,
        options: JsValue,
        persistent: JsValue,
        fetch: Option<js_sys::Function>,
    ) -> Promise {
        Self::open_together(vec![url], options, persistent, fetch)
    }

    /// Several indexes built with one doc mapping (each `url` a directory holding its
    /// `manifest.json`), searched as one: one ranked list, scored as one index over all their
    /// documents, each hit's `index` its position in `urls`. Options as for [`Index::open`];
    /// `persistent` serves them all.
    #[wasm_bindgen(js_name = openTogether, unchecked_return_type = "Promise<Index>")]
    pub fn open_together(
        urls: Vec<String>,
        options: JsValue,
        persistent: JsValue,
        fetch: Option<js_sys::Function>,
    ) -> Promise {
        promise(Box::pin(async move {
            let options = OpenOptions::from_js(&options)?;
            let stores = urls
                .iter()
                .map(|url| Arc::new(options.store(url, fetch.clone())) as _)
                .collect();
            let defaults = IndexOptions::default();
            let index_options = IndexOptions {
                cache_bytes: options.cache_bytes.unwrap_or(defaults.cache_bytes),
                persistent: persistent_tier(persistent)?,
                max_requests_per_wave: options.max_requests_per_wave(),
                max_read_through_bytes: options.max_read_through_bytes(),
                metered_requests: options
                    .metered_requests
                    .unwrap_or(defaults.metered_requests),
            };
            let index = SearchIndex::open_together(stores, index_options)
                .await
                .map_err(engine_error)?;
            Ok(Index {
                inner: Rc::new(RefCell::new(Rc::new(index))),
            }
            .into())
        }))
    }

    /// Reads the manifest again; resolves to `true` when it changed (later searches use the
    /// new one, keeping the caches and the splits already opened), `false` when it did not.
    pub fn refresh(&self) -> Promise {
        let slot = self.inner.clone();
        promise(Box::pin(async move {
            let current = slot.borrow().clone();
            let changed = match current.refreshed().await.map_err(engine_error)? {
                Some(index) => {
                    *slot.borrow_mut() = Rc::new(index);
                    true
                }
                None => false,
            };
            Ok(changed.into())
        }))
    }

    fn current(&self) -> Rc<SearchIndex> {
        self.inner.borrow().clone()
    }

    /// Runs a search. `request` is a plain object: `{query, limit?, offset?, snippet?, filters?}`;
    /// resolves to the response as JSON text. An abort of `signal` rejects with code
    /// `aborted` and stops the search's downloads.
    pub fn search(&self, request: &JsValue, signal: Option<AbortSignal>) -> Promise {
        let index = self.current();
        search_promise(request, signal, |request| async move {
            index.search(&request).await
        })
    }

    /// Opens every split now (one concurrent wave), so the first search skips it; resolves
    /// to the stats as JSON text.
    pub fn preload(&self) -> Promise {
        let index = self.current();
        stats_promise(async move { index.preload().await })
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
