//! Writing a split: segment files, then the open region (hotcache, page table, footer, trailer).

use std::collections::BTreeMap;
use std::io::Write;
use std::ops::Range;
use std::path::PathBuf;

use tantivy::directory::Directory;
use tantivy::HasLen;

use super::footer::{encode_open_region, FileEntry, Footer, HotEntry};
use crate::error::{from_io, ErrorKind, Result};

/// What a split records besides its files.
#[derive(Clone, Debug)]
pub struct SplitWriteOptions {
    /// Page size of the page table (power of two ≥ 256); the reader's cache unit.
    pub page_size: u32,
    /// Number of documents.
    pub doc_count: u64,
    /// Time range of the timestamp field.
    pub time_range: Option<(i64, i64)>,
}

/// What was written.
#[derive(Clone, Debug)]
pub struct SplitSummary {
    /// Total length of the split file.
    pub len: u64,
    /// BLAKE3 of the whole file, hex (the split's content address).
    pub hash: String,
    /// The footer written.
    pub footer: Footer,
    /// Range of the open region (what one read must fetch to open the split).
    pub open_region: Range<u64>,
}

/// Hashes and counts everything written, and computes the page table on the way.
struct PagedWriter<W: Write> {
    out: W,
    hasher: blake3::Hasher,
    written: u64,
    page_size: usize,
    page: crc32fast::Hasher,
    page_fill: usize,
    page_crcs: Vec<u16>,
}

impl<W: Write> PagedWriter<W> {
    fn write_data(&mut self, mut bytes: &[u8]) -> std::io::Result<()> {
        self.write_raw(bytes)?;
        while !bytes.is_empty() {
            let take = (self.page_size - self.page_fill).min(bytes.len());
            self.page.update(&bytes[..take]);
            self.page_fill += take;
            bytes = &bytes[take..];
            if self.page_fill == self.page_size {
                self.close_page();
            }
        }
        Ok(())
    }

    fn close_page(&mut self) {
        let page = std::mem::replace(&mut self.page, crc32fast::Hasher::new());
        self.page_crcs.push(page.finalize() as u16);
        self.page_fill = 0;
    }

    fn write_raw(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.out.write_all(bytes)?;
        self.hasher.update(bytes);
        self.written += bytes.len() as u64;
        Ok(())
    }
}

/// Writes the split made of `files` (read from `dir`) to `out`. `hot` holds, per file, the
/// ranges to copy into the hotcache (see [`super::record_hot_ranges`]).
pub fn write_split<W: Write>(
    dir: &dyn Directory,
    files: &[String],
    hot: &BTreeMap<PathBuf, Vec<Range<u64>>>,
    options: &SplitWriteOptions,
    out: W,
) -> Result<SplitSummary> {
    if !options.page_size.is_power_of_two() || options.page_size < 256 {
        return Err(ErrorKind::InvalidInput.with_message(format!(
            "page size {} must be a power of two ≥ 256",
            options.page_size
        )));
    }
    let mut writer = PagedWriter {
        out,
        hasher: blake3::Hasher::new(),
        written: 0,
        page_size: options.page_size as usize,
        page: crc32fast::Hasher::new(),
        page_fill: 0,
        page_crcs: Vec::new(),
    };
    let mut entries = Vec::with_capacity(files.len());
    let mut slices = BTreeMap::new();
    const CHUNK: usize = 1 << 20;
    for name in files {
        let slice = dir
            .open_read(std::path::Path::new(name))
            .map_err(|e| ErrorKind::Io.with_message(e.to_string()))?;
        let start = writer.written;
        let len = slice.len();
        for chunk_start in (0..len).step_by(CHUNK) {
            let bytes = slice
                .read_bytes_slice(chunk_start..(chunk_start + CHUNK).min(len))
                .map_err(from_io)?;
            writer.write_data(&bytes).map_err(from_io)?;
        }
        entries.push(FileEntry {
            name: name.clone(),
            start,
            len: len as u64,
        });
        slices.insert(PathBuf::from(name), (start, slice));
    }
    if writer.page_fill > 0 {
        writer.close_page();
    }
    let data_len = writer.written;

    let mut hot_entries = Vec::new();
    let mut hotcache = Vec::new();
    for (path, ranges) in hot {
        let Some((file_start, slice)) = slices.get(path) else {
            continue; // e.g. a lock file read during the open; not part of the split.
        };
        for range in ranges {
            let bytes = slice
                .read_bytes_slice(range.start as usize..range.end as usize)
                .map_err(from_io)?;
            hot_entries.push(HotEntry {
                start: file_start + range.start,
                len: bytes.len() as u64,
            });
            hotcache.extend_from_slice(&bytes);
        }
    }
    let footer = Footer {
        data_len,
        page_size: options.page_size,
        doc_count: options.doc_count,
        time_range: options.time_range,
        files: entries,
        hot: hot_entries,
    };
    let region = encode_open_region(&footer, &hotcache, &writer.page_crcs);
    writer.write_raw(&region).map_err(from_io)?;
    writer.out.flush().map_err(from_io)?;
    Ok(SplitSummary {
        len: writer.written,
        hash: writer.hasher.finalize().to_hex().to_string(),
        open_region: data_len..writer.written,
        footer,
    })
}
