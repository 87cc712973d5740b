//! The engine's persistent tier, implemented by a JS object the host passes in (IndexedDB in
//! the `rangefind` package, the edge cache in the Worker). The object has these methods:
//!
//! ```ts
//! getPages(split: string, pages: number[]): Promise<(Uint8Array | undefined)[]>
//! putPages(split: string, pages: number[], data: Uint8Array[]): void
//! getOpenRegion(split: string): Promise<Uint8Array | undefined>
//! putOpenRegion(split: string, data: Uint8Array): void
//! retainSplits(live: string[]): void
//! ```
//!
//! A tier never fails a search: a throwing or rejecting method is a miss here (the host
//! warns about it once).

use bytes::Bytes;
use js_sys::{Array, Function, Promise, Reflect, Uint8Array};
use rangefind_engine::io::PersistentCache;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// A persistent tier backed by a JS object.
#[derive(Debug)]
pub struct JsPersistentCache {
    target: JsValue,
}

impl JsPersistentCache {
    /// Wraps `target`, checking it has every method.
    pub fn new(target: JsValue) -> Result<JsPersistentCache, JsValue> {
        for name in [
            "getPages",
            "putPages",
            "getOpenRegion",
            "putOpenRegion",
            "retainSplits",
        ] {
            if !Reflect::get(&target, &name.into())?.is_function() {
                return Err(js_sys::TypeError::new(&format!(
                    "the persistent cache has no method {name}"
                ))
                .into());
            }
        }
        Ok(JsPersistentCache { target })
    }

    fn call(&self, name: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
        let method: Function = Reflect::get(&self.target, &name.into())?.unchecked_into();
        method.apply(&self.target, &args.iter().collect::<Array>())
    }

    async fn call_async(&self, name: &str, args: &[JsValue]) -> Option<JsValue> {
        let value = self.call(name, args).ok()?;
        let value = JsFuture::from(Promise::resolve(&value)).await.ok()?;
        (!value.is_undefined() && !value.is_null()).then_some(value)
    }
}

fn bytes_of(value: JsValue) -> Option<Bytes> {
    value
        .dyn_into::<Uint8Array>()
        .ok()
        .map(|array| Bytes::from(array.to_vec()))
}

#[async_trait::async_trait(?Send)]
impl PersistentCache for JsPersistentCache {
    async fn get_pages(&self, split: &str, pages: &[u64]) -> Vec<Option<Bytes>> {
        let numbers: Array = pages.iter().map(|&p| JsValue::from_f64(p as f64)).collect();
        let found = self
            .call_async("getPages", &[split.into(), numbers.into()])
            .await
            .and_then(|v| v.dyn_into::<Array>().ok());
        match found {
            Some(found) => (0..pages.len() as u32)
                .map(|i| bytes_of(found.get(i)))
                .collect(),
            None => vec![None; pages.len()],
        }
    }

    fn put_pages(&self, split: &str, pages: Vec<(u64, Bytes)>) {
        if pages.is_empty() {
            return;
        }
        let numbers: Array = pages
            .iter()
            .map(|(p, _)| JsValue::from_f64(*p as f64))
            .collect();
        let data: Array = pages
            .iter()
            .map(|(_, bytes)| JsValue::from(Uint8Array::from(&bytes[..])))
            .collect();
        let _ = self.call("putPages", &[split.into(), numbers.into(), data.into()]);
    }

    async fn get_open_region(&self, split: &str) -> Option<Bytes> {
        bytes_of(self.call_async("getOpenRegion", &[split.into()]).await?)
    }

    fn put_open_region(&self, split: &str, bytes: Bytes) {
        let data = Uint8Array::from(&bytes[..]);
        let _ = self.call("putOpenRegion", &[split.into(), data.into()]);
    }

    fn retain_splits(&self, live: &[&str]) {
        let names: Array = live.iter().map(|&s| JsValue::from(s)).collect();
        let _ = self.call("retainSplits", &[names.into()]);
    }
}
