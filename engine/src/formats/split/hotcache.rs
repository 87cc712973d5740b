//! Recording the hotcache: open the freshly built index through a directory that notes every
//! byte range read, then touch what every query touches. The ranges are recorded, not listed
//! by hand, so they follow tantivy's actual reads.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use tantivy::directory::error::{DeleteError, OpenReadError, OpenWriteError};
use tantivy::directory::{
    Directory, DirectoryLock, FileHandle, Lock, OwnedBytes, WatchCallback, WatchHandle, WritePtr,
};
use tantivy::{HasLen, Index, ReloadPolicy};

use crate::mapping::{has_fieldnorms, register_tokenizers, DocMapping};

type Recorded = Arc<Mutex<BTreeMap<PathBuf, Vec<Range<u64>>>>>;

/// A read-only directory wrapper that records every range read through it.
#[derive(Clone, Debug)]
pub struct HotRangeRecorder {
    inner: Arc<dyn Directory>,
    recorded: Recorded,
}

impl HotRangeRecorder {
    /// Wraps a directory.
    pub fn new(inner: Box<dyn Directory>) -> HotRangeRecorder {
        HotRangeRecorder {
            inner: Arc::from(inner),
            recorded: Arc::default(),
        }
    }

    /// Recorded ranges per file, sorted and merged.
    pub fn ranges(&self) -> BTreeMap<PathBuf, Vec<Range<u64>>> {
        let recorded = self.recorded.lock().expect("recorder lock");
        recorded
            .iter()
            .map(|(path, ranges)| (path.clone(), merge_ranges(ranges.clone())))
            .collect()
    }
}

/// Sorts ranges and merges the ones that overlap or touch.
pub(crate) fn merge_ranges(mut ranges: Vec<Range<u64>>) -> Vec<Range<u64>> {
    ranges.sort_by_key(|r| (r.start, r.end));
    let mut merged: Vec<Range<u64>> = Vec::with_capacity(ranges.len());
    for range in ranges.into_iter().filter(|r| r.start < r.end) {
        match merged.last_mut() {
            Some(last) if range.start <= last.end => last.end = last.end.max(range.end),
            _ => merged.push(range),
        }
    }
    merged
}

#[derive(Debug)]
struct RecordingHandle {
    path: PathBuf,
    inner: Arc<dyn FileHandle>,
    recorded: Recorded,
}

impl HasLen for RecordingHandle {
    fn len(&self) -> usize {
        self.inner.len()
    }
}

#[async_trait::async_trait]
impl FileHandle for RecordingHandle {
    fn read_bytes(&self, range: Range<usize>) -> std::io::Result<OwnedBytes> {
        self.recorded
            .lock()
            .expect("recorder lock")
            .entry(self.path.clone())
            .or_default()
            .push(range.start as u64..range.end as u64);
        self.inner.read_bytes(range)
    }
}

impl Directory for HotRangeRecorder {
    fn get_file_handle(&self, path: &Path) -> Result<Arc<dyn FileHandle>, OpenReadError> {
        let inner = self.inner.get_file_handle(path)?;
        Ok(Arc::new(RecordingHandle {
            path: path.to_path_buf(),
            inner,
            recorded: self.recorded.clone(),
        }))
    }
    fn delete(&self, path: &Path) -> Result<(), DeleteError> {
        self.inner.delete(path)
    }
    fn exists(&self, path: &Path) -> Result<bool, OpenReadError> {
        self.inner.exists(path)
    }
    fn open_write(&self, path: &Path) -> Result<WritePtr, OpenWriteError> {
        self.inner.open_write(path)
    }
    fn atomic_read(&self, path: &Path) -> Result<Vec<u8>, OpenReadError> {
        let bytes = self.inner.atomic_read(path)?;
        self.recorded
            .lock()
            .expect("recorder lock")
            .entry(path.to_path_buf())
            .or_default()
            .push(0..bytes.len() as u64);
        Ok(bytes)
    }
    fn atomic_write(&self, path: &Path, data: &[u8]) -> std::io::Result<()> {
        self.inner.atomic_write(path, data)
    }
    fn sync_directory(&self) -> std::io::Result<()> {
        self.inner.sync_directory()
    }
    fn acquire_lock(
        &self,
        _lock: &Lock,
    ) -> Result<DirectoryLock, tantivy::directory::error::LockError> {
        Ok(DirectoryLock::from(Box::new(())))
    }
    fn watch(&self, _callback: WatchCallback) -> tantivy::Result<WatchHandle> {
        Ok(WatchHandle::empty())
    }
}

/// Opens the index in `dir` as a reader would, touching the structures every query uses, and
/// returns the byte ranges read per file.
///
/// Fieldnorms are included while their total stays under `fieldnorm_budget` bytes: they are
/// read whole by every scored query, so in small splits they belong in the open read.
pub fn record_hot_ranges(
    dir: Box<dyn Directory>,
    mapping: &DocMapping,
    fieldnorm_budget: u64,
) -> tantivy::Result<BTreeMap<PathBuf, Vec<Range<u64>>>> {
    let recorder = HotRangeRecorder::new(dir);
    let index = Index::open(recorder.clone())?;
    register_tokenizers(index.tokenizers(), mapping);
    let reader = index
        .reader_builder()
        .reload_policy(ReloadPolicy::Manual)
        .try_into()?;
    let searcher = reader.searcher();
    let schema = index.schema();
    let mut fieldnorm_bytes = 0u64;
    for segment in searcher.segment_readers() {
        segment.get_store_reader(1)?;
        let fast_fields = segment.fast_fields();
        for (field, entry) in schema.fields() {
            if entry.is_indexed() {
                let inverted = segment.inverted_index(field)?;
                // Term dictionaries are opened lazily; reading their first block makes the
                // block index and header part of the hotcache.
                inverted.terms().num_terms();
                if has_fieldnorms(entry) {
                    let norms = u64::from(segment.max_doc());
                    if fieldnorm_bytes + norms <= fieldnorm_budget {
                        segment.get_fieldnorms_reader(field)?;
                        fieldnorm_bytes += norms;
                    }
                }
            }
            if entry.is_fast() {
                // Opens the column header; the values stay in the data region.
                fast_fields.dynamic_column_handles(entry.name())?;
            }
        }
    }
    Ok(recorder.ranges())
}
