//! Where an index lives: a directory, a URL prefix, or memory.

use std::sync::Arc;

use bytes::Bytes;

use super::source::{MaybeSendSync, RangeSource};
use crate::error::{Error, ErrorKind, Result};

/// The most bytes of a small file (`manifest.json`, `site.json`) a reader takes whole: an index
/// is input like any other, and a host whose body never ends must not take the reader's
/// memory. 64 MiB holds the manifest of about 200,000 splits.
pub const WHOLE_FILE_LIMIT: u64 = 64 << 20;

/// The error for a small file past [`WHOLE_FILE_LIMIT`] (the caller adds its name).
pub fn too_large_to_read_whole() -> Error {
    ErrorKind::Corrupt.with_message(format!(
        "larger than the {} MiB a reader takes of a manifest.json or site.json: not a file \
         rangefind wrote",
        WHOLE_FILE_LIMIT >> 20
    ))
}

/// An index root: opens its files as range sources and reads small mutable files whole.
#[cfg_attr(not(target_arch = "wasm32"), async_trait::async_trait)]
#[cfg_attr(target_arch = "wasm32", async_trait::async_trait(?Send))]
pub trait IndexStore: MaybeSendSync {
    /// A range source for a file under the root (`splits/<id>.split`).
    fn open(&self, path: &str) -> Arc<dyn RangeSource>;

    /// Reads a whole small file (the manifest), bypassing any cache; refuses one past
    /// [`WHOLE_FILE_LIMIT`] bytes without reading more of it.
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
