//! The site engine for JS hosts: a language's site file (`rangefind build --site` names it in
//! `site.json`), opened and searched without tantivy. This is the module built without the
//! `splits` feature (scripts/build/build-wasm.sh → web/src/wasm-site/).
//!
//! ```js
//! import init, { SiteIndex } from "./rangefind_wasm.js";
//! await init();
//! const site = await (await fetch("/_rangefind/site.json")).json();
//! const file = site.languages.en.site_file;
//! const index = await SiteIndex.open([{ url: "/_rangefind/", file, persistent: null }], {}, null);
//! const response = JSON.parse(await index.search(JSON.stringify({ query: "array map", limit: 10 })));
//! ```

use std::rc::Rc;
use std::sync::Arc;

use js_sys::{Promise, Reflect};
use rangefind_engine::api::SearchStats;
use rangefind_engine::error::Error;
use rangefind_engine::formats::site_json::SiteFileEntry;
use rangefind_engine::io::{Fetcher, FileLocation, IndexStore, PageCache, DEFAULT_CACHE_BYTES};
use rangefind_engine::site;
use rangefind_engine::typos::Lexicon;
use rangefind_engine::{all_at_once, StepFuture};
use wasm_bindgen::prelude::*;
use web_sys::AbortSignal;

use crate::{
    engine_error, invalid, persistent_tier, promise, search_promise, stats_promise, FetchStore,
    OpenOptions,
};

/// Opened site files, searched as one. Methods return promises; searches may run
/// concurrently.
#[wasm_bindgen]
pub struct SiteIndex {
    inner: Rc<Vec<site::SiteIndex>>,
    open_stats: String,
}

#[wasm_bindgen]
impl SiteIndex {
    /// Opens site files, all at once, to search them as one: `sites` is a list of `{url, file,
    /// persistent}`, `file` a language's `site_file` in `site.json` (`{path, size,
    /// open_region, lexicon?}`, its path relative to `url`, the directory of `site.json`),
    /// `persistent` that site's persistent tier (or null). `options` and `fetch` as for the
    /// split engine's `Index.open`. A promise, not an `async fn`: [`crate::promise`] says why.
    #[wasm_bindgen(unchecked_return_type = "Promise<SiteIndex>")]
    pub fn open(
        sites: js_sys::Array,
        options: JsValue,
        fetch: Option<js_sys::Function>,
    ) -> Promise {
        promise(Box::pin(async move {
            let options = OpenOptions::from_js(&options)?;
            let sites: Vec<SiteToOpen> = sites
                .iter()
                .map(|site| SiteToOpen::from_js(&site, &options, fetch.clone()))
                .collect::<Result<_, _>>()?;
            let opening = sites
                .iter()
                .map(|site| -> StepFuture<_> { Box::pin(site.open()) });
            let opened = all_at_once(opening.collect()).await.map_err(engine_error)?;
            let (indexes, stats): (Vec<_>, Vec<_>) = opened.into_iter().unzip();
            let stats = site::opened_together(&stats);
            Ok(SiteIndex {
                inner: Rc::new(indexes),
                open_stats: stats.to_json(),
            }
            .into())
        }))
    }

    /// Runs a search. `request` is a plain object: `{query, limit?, offset?, snippet?, filters?,
    /// fields?}`; resolves to the response as JSON text (hits from several sites carry the
    /// `index` of theirs). An abort of `signal` rejects with code `aborted`.
    pub fn search(&self, request: &JsValue, signal: Option<AbortSignal>) -> Promise {
        let indexes = self.inner.clone();
        search_promise(request, signal, |request| async move {
            let indexes: Vec<&site::SiteIndex> = indexes.iter().collect();
            // Boxed: inlined into the promise's future, the search's states cost the site
            // engine 197 bytes more (brotli).
            let search: rangefind_engine::StepFuture<_> =
                Box::pin(site::search_together(&indexes, &request));
            search.await
        })
    }

    /// Reads now what the first query with a typo would (each lexicon's block index); resolves
    /// to what that cost, as JSON text.
    pub fn preload(&self) -> Promise {
        let indexes = self.inner.clone();
        stats_promise(async move {
            let each = indexes
                .iter()
                .map(|index| -> StepFuture<_> { Box::pin(index.preload()) });
            let stats = all_at_once(each.collect()).await?;
            Ok(site::opened_together(&stats))
        })
    }

    /// `[pages, bytes]` held by the in-memory page caches.
    #[wasm_bindgen(js_name = memoryCacheUsage)]
    pub fn memory_cache_usage(&self) -> Vec<f64> {
        let (pages, bytes) = self.inner.iter().fold((0, 0), |(pages, bytes), index| {
            let (p, b) = index.cache_usage();
            (pages + p, bytes + b)
        });
        vec![pages as f64, bytes as f64]
    }

    /// What opening them cost, as JSON text (`{requests, bytes, waves, ...}`).
    #[wasm_bindgen(js_name = openStats)]
    pub fn open_stats(&self) -> String {
        self.open_stats.clone()
    }

    /// Pages in the indexes.
    pub fn pages(&self) -> u32 {
        self.inner.iter().map(site::SiteIndex::pages).sum()
    }
}

/// A site file to open: `{url, file, persistent}`, read.
struct SiteToOpen {
    store: FetchStore,
    file: SiteFileEntry,
    fetcher: Arc<Fetcher>,
}

impl SiteToOpen {
    fn from_js(
        site: &JsValue,
        options: &OpenOptions,
        fetch: Option<js_sys::Function>,
    ) -> Result<SiteToOpen, JsValue> {
        let field = |name: &str| Reflect::get(site, &name.into()).unwrap_or(JsValue::UNDEFINED);
        let url = field("url")
            .as_string()
            .ok_or_else(|| invalid("a site to open has no `url`".into()))?;
        let file = SiteFileEntry::from_json(crate::from_js(&field("file"))?)
            .map_err(|e| invalid(format!("bad site file entry: {e}")))?;
        // A page cache of its own, as when the site is searched alone.
        let cache = PageCache::new(options.cache_bytes.unwrap_or(DEFAULT_CACHE_BYTES));
        let fetcher = Fetcher::new(Arc::new(cache), persistent_tier(field("persistent"))?)
            .with_max_requests_per_wave(options.max_requests_per_wave())
            .with_max_read_through_bytes(options.max_read_through_bytes())
            .with_metered_requests(options.metered_requests.unwrap_or(false));
        // The engine shares its fetcher as an `Arc` on every host; wasm has one thread.
        #[allow(clippy::arc_with_non_send_sync)]
        let fetcher = Arc::new(fetcher);
        Ok(SiteToOpen {
            store: options.store(&url, fetch),
            file,
            fetcher,
        })
    }

    /// Opens it: one read of its head, and its lexicon (read as queries need it).
    async fn open(&self) -> Result<(site::SiteIndex, SearchStats), Error> {
        let file = &self.file;
        let location = FileLocation {
            id: file.path.clone().into(),
            source: self.store.open(&file.path),
            len: Some(file.size),
            open_region: Some(file.open_region[0]..file.open_region[1]),
        };
        let (index, stats) = site::SiteIndex::open(location, self.fetcher.clone()).await?;
        let index = match &file.lexicon {
            Some(lexicon) => index.with_lexicon(Lexicon::new(&self.store, lexicon)?),
            None => index,
        };
        Ok((index, stats))
    }
}
