//! The site engine for JS hosts: a language's site file (`rangefind build --site` names it in
//! `site.json`), opened and searched without tantivy. This is the module built without the
//! `splits` feature (scripts/build-wasm.sh → web/src/wasm-site/).
//!
//! ```js
//! import init, { SiteIndex } from "./rangefind_wasm.js";
//! await init();
//! const site = await (await fetch("/_rangefind/site.json")).json();
//! const index = await SiteIndex.open("/_rangefind/", site.languages.en.site_file, {}, null, null);
//! const response = JSON.parse(await index.search(JSON.stringify({ query: "array map", limit: 10 })));
//! ```

use std::rc::Rc;
use std::sync::Arc;

use js_sys::Promise;
use rangefind_engine::io::{Fetcher, IndexStore, PageCache, SplitLocation, DEFAULT_CACHE_BYTES};
use rangefind_engine::site;
use rangefind_engine::site::site_json::SiteFileEntry;
use rangefind_engine::typos::Lexicon;
use wasm_bindgen::prelude::*;
use web_sys::AbortSignal;

use crate::{engine_error, invalid, persistent_tier, search_promise, stats_promise, OpenOptions};

/// An opened site file. Methods return promises; searches may run concurrently.
#[wasm_bindgen]
pub struct SiteIndex {
    inner: Rc<site::SiteIndex>,
    open_stats: String,
}

#[wasm_bindgen]
impl SiteIndex {
    /// Opens the site file `file` (`site.json`'s `site_file` of a language:
    /// `{path, size, open_region}`, its path relative to `url`, the directory of `site.json`).
    /// `options`, `persistent` and `fetch` as for the split engine's `Index.open`.
    pub async fn open(
        url: String,
        file: JsValue,
        options: JsValue,
        persistent: JsValue,
        fetch: Option<js_sys::Function>,
    ) -> Result<SiteIndex, JsValue> {
        let file: SiteFileEntry =
            crate::from_js(&file).map_err(|e| invalid(format!("bad site file entry: {e}")))?;
        let options = OpenOptions::from_js(&options)?;
        let store = options.store(&url, fetch);
        let location = SplitLocation {
            id: file.path.clone().into(),
            source: store.open(&file.path),
            len: Some(file.size),
            open_region: Some(file.open_region[0]..file.open_region[1]),
        };
        let cache = PageCache::new(options.cache_bytes.unwrap_or(DEFAULT_CACHE_BYTES));
        let fetcher = Fetcher::new(Arc::new(cache), persistent_tier(persistent)?)
            .with_max_requests_per_wave(options.max_requests_per_wave())
            .with_max_read_through_bytes(options.max_read_through_bytes())
            .with_metered_requests(options.metered_requests.unwrap_or(false));
        // The engine shares its fetcher as an `Arc` on every host; wasm has one thread.
        #[allow(clippy::arc_with_non_send_sync)]
        let fetcher = Arc::new(fetcher);
        let (index, stats) = site::SiteIndex::open(location, fetcher)
            .await
            .map_err(engine_error)?;
        let index = match &file.lexicon {
            Some(lexicon) => {
                index.with_lexicon(Lexicon::new(&store, lexicon).map_err(engine_error)?)
            }
            None => index,
        };
        Ok(SiteIndex {
            inner: Rc::new(index),
            open_stats: serde_json::to_string(&stats).expect("stats serialise"),
        })
    }

    /// Runs a search. `request` is a plain object: `{query, limit?, offset?, snippet?, filters?,
    /// fields?}`; resolves to the response as JSON text. An abort of `signal` rejects with
    /// code `aborted`.
    pub fn search(&self, request: &JsValue, signal: Option<AbortSignal>) -> Promise {
        let index = self.inner.clone();
        search_promise(request, signal, |request| async move {
            index.search(&request).await
        })
    }

    /// Reads now what the first query with a typo would (the lexicon's block index); resolves
    /// to what that cost, as JSON text.
    pub fn preload(&self) -> Promise {
        let index = self.inner.clone();
        stats_promise(async move { index.preload().await })
    }

    /// `[pages, bytes]` held by the in-memory page cache.
    #[wasm_bindgen(js_name = memoryCacheUsage)]
    pub fn memory_cache_usage(&self) -> Vec<f64> {
        let (pages, bytes) = self.inner.cache_usage();
        vec![pages as f64, bytes as f64]
    }

    /// What opening it cost, as JSON text (`{requests, bytes, waves, ...}`).
    #[wasm_bindgen(js_name = openStats)]
    pub fn open_stats(&self) -> String {
        self.open_stats.clone()
    }

    /// Pages in the index.
    pub fn pages(&self) -> u32 {
        self.inner.pages()
    }
}
