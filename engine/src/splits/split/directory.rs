//! A read-only tantivy `Directory` over one split.

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tantivy::directory::error::{DeleteError, LockError, OpenReadError, OpenWriteError};
use tantivy::directory::{
    Directory, DirectoryLock, FileHandle, Lock, OwnedBytes, WatchCallback, WatchHandle, WritePtr,
};
use tantivy::HasLen;

use super::scope::QueryScope;
use crate::error::NotWarmedMarker;
use crate::formats::split::FileEntry;
use crate::io::{PageCache, PageKey, PagedFile};

/// The bytes of one opened split: its file table, hotcache and pages.
pub struct SplitData {
    /// Paging facts (id, page size, data length).
    pub pages: Arc<PagedFile>,
    cache: Arc<PageCache>,
    files: HashMap<PathBuf, FileEntry>,
    /// Hot ranges sorted by start: (start in split, bytes).
    hot: Vec<(u64, OwnedBytes)>,
}

impl SplitData {
    /// Assembles the reader state of a split.
    pub fn new(
        pages: Arc<PagedFile>,
        cache: Arc<PageCache>,
        files: &[FileEntry],
        mut hot: Vec<(u64, OwnedBytes)>,
    ) -> SplitData {
        hot.sort_by_key(|(start, _)| *start);
        let files = files
            .iter()
            .map(|f| (PathBuf::from(&f.name), f.clone()))
            .collect();
        SplitData {
            pages,
            cache,
            files,
            hot,
        }
    }

    /// The split range of a file.
    pub fn file_range(&self, name: &Path) -> Option<Range<u64>> {
        self.files.get(name).map(|f| f.start..f.start + f.len)
    }

    fn hot_slice(&self, range: &Range<u64>) -> Option<OwnedBytes> {
        let index = self.hot.partition_point(|(start, _)| *start <= range.start);
        let (start, bytes) = self.hot.get(index.checked_sub(1)?)?;
        let offset = (range.start - start) as usize;
        let end = (range.end - start) as usize;
        (end <= bytes.len()).then(|| bytes.slice(offset..end))
    }

    /// Reads split bytes synchronously: hotcache, then the active query's pages, then the page
    /// cache. A miss is recorded in the active scope and reported as `NotWarmed`.
    pub fn read(&self, range: Range<u64>, file: &Path) -> std::io::Result<OwnedBytes> {
        if range.start >= range.end {
            return Ok(OwnedBytes::empty());
        }
        if let Some(bytes) = self.hot_slice(&range) {
            return Ok(bytes);
        }
        let scope = QueryScope::active();
        let pages = self.pages.pages_of(&range);
        let mut found = Vec::with_capacity((pages.end - pages.start) as usize);
        for page in pages {
            let key = PageKey {
                file: self.pages.id.clone(),
                page,
            };
            let bytes = scope.as_ref().and_then(|s| s.page(&key)).or_else(|| {
                let bytes = self.cache.get(&key)?;
                if let Some(scope) = &scope {
                    scope.hold(key.clone(), bytes.clone());
                }
                Some(bytes)
            });
            match bytes {
                Some(bytes) => found.push(bytes),
                None => {
                    if let Some(scope) = &scope {
                        scope.record_miss(&self.pages.id, range.clone());
                    }
                    return Err(std::io::Error::other(NotWarmedMarker {
                        file: format!("{} in split {}", file.display(), self.pages.id),
                        range,
                    }));
                }
            }
        }
        Ok(self.pages.join(&found, &range))
    }
}

/// tantivy's view of a split: its files, read through [`SplitData::read`].
#[derive(Clone)]
pub struct SplitDirectory {
    data: Arc<SplitData>,
}

impl SplitDirectory {
    /// A directory over an opened split.
    pub fn new(data: Arc<SplitData>) -> SplitDirectory {
        SplitDirectory { data }
    }
}

struct SplitFileHandle {
    data: Arc<SplitData>,
    path: PathBuf,
    start: u64,
    len: u64,
}

// `Debug` by hand, naming the split (tantivy's `Directory` and `FileHandle` require it):
// derived, it printed the file table and the hot bytes, 0.6 KB of the browser's split engine
// (brotli) for nothing a person reads.
impl fmt::Debug for SplitData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "split {}", self.pages.id)
    }
}

impl fmt::Debug for SplitDirectory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.data, f)
    }
}

impl fmt::Debug for SplitFileHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} in split {}", self.path.display(), self.data.pages.id)
    }
}

impl HasLen for SplitFileHandle {
    fn len(&self) -> usize {
        self.len as usize
    }
}

#[async_trait::async_trait]
impl FileHandle for SplitFileHandle {
    fn read_bytes(&self, range: Range<usize>) -> std::io::Result<OwnedBytes> {
        if range.end as u64 > self.len {
            return Err(std::io::Error::new(
                std::io::ErrorKind::UnexpectedEof,
                format!(
                    "read {range:?} past the end of {} ({} bytes)",
                    self.path.display(),
                    self.len
                ),
            ));
        }
        let absolute = self.start + range.start as u64..self.start + range.end as u64;
        self.data.read(absolute, &self.path)
    }
}

fn read_only(path: &Path) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::PermissionDenied,
        format!("{}: splits are read-only", path.display()),
    )
}

impl Directory for SplitDirectory {
    fn get_file_handle(&self, path: &Path) -> Result<Arc<dyn FileHandle>, OpenReadError> {
        let range = self
            .data
            .file_range(path)
            .ok_or_else(|| OpenReadError::FileDoesNotExist(path.to_path_buf()))?;
        Ok(Arc::new(SplitFileHandle {
            data: self.data.clone(),
            path: path.to_path_buf(),
            start: range.start,
            len: range.end - range.start,
        }))
    }

    fn delete(&self, path: &Path) -> Result<(), DeleteError> {
        Err(DeleteError::IoError {
            io_error: Arc::new(read_only(path)),
            filepath: path.to_path_buf(),
        })
    }

    fn exists(&self, path: &Path) -> Result<bool, OpenReadError> {
        Ok(self.data.file_range(path).is_some())
    }

    fn open_write(&self, path: &Path) -> Result<WritePtr, OpenWriteError> {
        Err(OpenWriteError::IoError {
            io_error: Arc::new(read_only(path)),
            filepath: path.to_path_buf(),
        })
    }

    fn atomic_read(&self, path: &Path) -> Result<Vec<u8>, OpenReadError> {
        let handle = self.get_file_handle(path)?;
        let bytes = handle
            .read_bytes(0..handle.len())
            .map_err(|e| OpenReadError::IoError {
                io_error: Arc::new(e),
                filepath: path.to_path_buf(),
            })?;
        Ok(bytes.as_slice().to_vec())
    }

    fn atomic_write(&self, path: &Path, _data: &[u8]) -> std::io::Result<()> {
        Err(read_only(path))
    }

    fn sync_directory(&self) -> std::io::Result<()> {
        Ok(())
    }

    fn acquire_lock(&self, _lock: &Lock) -> Result<DirectoryLock, LockError> {
        Ok(DirectoryLock::from(Box::new(())))
    }

    fn watch(&self, _callback: WatchCallback) -> tantivy::Result<WatchHandle> {
        Ok(WatchHandle::empty())
    }
}
