//! Local files (the builder, tests, `rangefind search DIR`).

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bytes::Bytes;

use super::source::{check_read, ByteRange, RangeRead, RangeSource};
use super::store::{too_large_to_read_whole, IndexStore, WHOLE_FILE_LIMIT};
use crate::error::{ErrorKind, Result};

/// A local file, opened per read so a replaced file is noticed (its length is re-read).
#[derive(Debug)]
pub struct FileSource {
    path: PathBuf,
    name: String,
}

impl FileSource {
    /// A source for `path`.
    pub fn new(path: impl Into<PathBuf>) -> FileSource {
        let path = path.into();
        let name = path.display().to_string();
        FileSource { path, name }
    }
}

fn io_error(path: &Path, error: std::io::Error) -> crate::error::Error {
    let kind = if error.kind() == std::io::ErrorKind::NotFound {
        ErrorKind::NotFound
    } else {
        ErrorKind::Io
    };
    kind.with_message(error.to_string())
        .with_context(path.display().to_string())
}

#[async_trait::async_trait]
impl RangeSource for FileSource {
    fn name(&self) -> &str {
        &self.name
    }

    async fn read(&self, range: ByteRange) -> Result<RangeRead> {
        let mut file = File::open(&self.path).map_err(|e| io_error(&self.path, e))?;
        let file_len = file.metadata().map_err(|e| io_error(&self.path, e))?.len();
        let (start, end) = match &range {
            ByteRange::Bounded(r) => (r.start, r.end.min(file_len).max(r.start.min(file_len))),
            ByteRange::Suffix(n) => (file_len.saturating_sub(*n), file_len),
        };
        let start = start.min(end);
        let mut buffer = vec![0u8; (end - start) as usize];
        // Seek and read rather than a positional read: the file is this call's own, and
        // `read_exact_at` exists on Unix only (the CLI is built for Windows too).
        file.seek(SeekFrom::Start(start))
            .and_then(|_| file.read_exact(&mut buffer))
            .map_err(|e| io_error(&self.path, e))?;
        let read = RangeRead {
            bytes: Bytes::from(buffer),
            start,
            file_len,
        };
        check_read(&self.name, &range, &read)?;
        Ok(read)
    }
}

/// An index root in a local directory.
#[derive(Debug, Clone)]
pub struct DirStore {
    root: PathBuf,
    name: String,
}

impl DirStore {
    /// The index in `root`.
    pub fn new(root: impl Into<PathBuf>) -> DirStore {
        let root = root.into();
        let name = root.display().to_string();
        DirStore { root, name }
    }
}

#[async_trait::async_trait]
impl IndexStore for DirStore {
    fn open(&self, path: &str) -> Arc<dyn RangeSource> {
        Arc::new(FileSource::new(self.root.join(path)))
    }

    async fn read_all(&self, path: &str) -> Result<Bytes> {
        use std::io::Read;
        let full = self.root.join(path);
        let file = File::open(&full).map_err(|e| io_error(&full, e))?;
        // Read to the limit and one byte past it, whatever the length says (a file that grows).
        let mut bytes = Vec::new();
        file.take(WHOLE_FILE_LIMIT + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| io_error(&full, e))?;
        if bytes.len() as u64 > WHOLE_FILE_LIMIT {
            return Err(too_large_to_read_whole().with_context(full.display().to_string()));
        }
        Ok(Bytes::from(bytes))
    }

    fn root(&self) -> &str {
        &self.name
    }
}
