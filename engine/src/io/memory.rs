//! In-memory sources, for tests and for hosts that already hold the bytes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use bytes::Bytes;

use super::source::{check_read, ByteRange, RangeRead, RangeSource};
use super::store::IndexStore;
use crate::error::{ErrorKind, Result};

/// A file held in memory.
#[derive(Debug, Clone)]
pub struct MemorySource {
    name: String,
    bytes: Bytes,
}

impl MemorySource {
    /// Wraps bytes.
    pub fn new(name: impl Into<String>, bytes: Bytes) -> MemorySource {
        MemorySource {
            name: name.into(),
            bytes,
        }
    }
}

pub(crate) fn slice_for(bytes: &Bytes, range: &ByteRange) -> RangeRead {
    let len = bytes.len() as u64;
    let (start, end) = match range {
        ByteRange::Bounded(r) => (r.start.min(len), r.end.min(len)),
        ByteRange::Suffix(n) => (len.saturating_sub(*n), len),
    };
    RangeRead {
        bytes: bytes.slice(start as usize..end.max(start) as usize),
        start,
        file_len: len,
    }
}

#[cfg_attr(not(target_arch = "wasm32"), async_trait::async_trait)]
#[cfg_attr(target_arch = "wasm32", async_trait::async_trait(?Send))]
impl RangeSource for MemorySource {
    fn name(&self) -> &str {
        &self.name
    }

    async fn read(&self, range: ByteRange) -> Result<RangeRead> {
        let read = slice_for(&self.bytes, &range);
        check_read(&self.name, &range, &read)?;
        Ok(read)
    }
}

/// An index root held in memory (tests; hosts that embed a small index).
#[derive(Debug, Default, Clone)]
pub struct MemoryStore {
    files: Arc<Mutex<HashMap<String, Bytes>>>,
}

impl MemoryStore {
    /// Adds or replaces a file.
    pub fn put(&self, path: &str, bytes: Bytes) {
        self.files
            .lock()
            .expect("store lock")
            .insert(path.to_string(), bytes);
    }
}

#[derive(Debug)]
struct MemoryStoreFile {
    path: String,
    files: Arc<Mutex<HashMap<String, Bytes>>>,
}

#[cfg_attr(not(target_arch = "wasm32"), async_trait::async_trait)]
#[cfg_attr(target_arch = "wasm32", async_trait::async_trait(?Send))]
impl RangeSource for MemoryStoreFile {
    fn name(&self) -> &str {
        &self.path
    }

    async fn read(&self, range: ByteRange) -> Result<RangeRead> {
        let bytes = self
            .files
            .lock()
            .expect("store lock")
            .get(&self.path)
            .cloned();
        let bytes = bytes
            .ok_or_else(|| ErrorKind::NotFound.with_message(format!("no file {}", self.path)))?;
        MemorySource::new(self.path.clone(), bytes)
            .read(range)
            .await
    }
}

#[cfg_attr(not(target_arch = "wasm32"), async_trait::async_trait)]
#[cfg_attr(target_arch = "wasm32", async_trait::async_trait(?Send))]
impl IndexStore for MemoryStore {
    fn open(&self, path: &str) -> Arc<dyn RangeSource> {
        Arc::new(MemoryStoreFile {
            path: path.to_string(),
            files: self.files.clone(),
        })
    }

    async fn read_all(&self, path: &str) -> Result<Bytes> {
        let bytes = self.files.lock().expect("store lock").get(path).cloned();
        let bytes =
            bytes.ok_or_else(|| ErrorKind::NotFound.with_message(format!("no file {path}")))?;
        if bytes.len() as u64 > super::WHOLE_FILE_LIMIT {
            return Err(super::too_large_to_read_whole().with_context(path.to_string()));
        }
        Ok(bytes)
    }

    fn root(&self) -> &str {
        "memory"
    }
}
