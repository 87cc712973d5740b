//! Where an index lives: a directory, a URL prefix, or memory.

use std::sync::Arc;

use bytes::Bytes;

use super::source::{MaybeSendSync, RangeSource};
use crate::error::Result;

/// An index root: opens its files as range sources and reads small mutable files whole.
#[cfg_attr(not(target_arch = "wasm32"), async_trait::async_trait)]
#[cfg_attr(target_arch = "wasm32", async_trait::async_trait(?Send))]
pub trait IndexStore: MaybeSendSync {
    /// A range source for a file under the root (`splits/<id>.split`).
    fn open(&self, path: &str) -> Arc<dyn RangeSource>;

    /// Reads a whole small file (the manifest), bypassing any cache.
    async fn read_all(&self, path: &str) -> Result<Bytes>;

    /// The root, for messages.
    fn root(&self) -> &str;
}

/// Not a supertrait, for the same reason as [`RangeSource`](super::RangeSource)'s `Debug`.
impl std::fmt::Debug for dyn IndexStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("IndexStore")
    }
}
