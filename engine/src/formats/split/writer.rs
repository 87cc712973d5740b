//! Writing a split: segment files in checksummed pages, then the open region (hotcache,
//! footer, trailer).

#[cfg(feature = "splits")]
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::ops::Range;
#[cfg(feature = "splits")]
use std::path::PathBuf;

#[cfg(feature = "splits")]
use tantivy::directory::Directory;
#[cfg(feature = "splits")]
use tantivy::HasLen;

use super::footer::{encode_open_region, page_payload, FileEntry, Footer, HotEntry, MIN_PAGE_SIZE};
use crate::error::{from_io, ErrorKind, Result};

/// What a split records besides its files.
#[derive(Clone, Debug)]
pub struct SplitWriteOptions {
    /// Page size, checksum included (a power of two, at least [`MIN_PAGE_SIZE`]); the reader's
    /// cache unit.
    pub page_size: u32,
    /// Number of documents.
    pub doc_count: u64,
    /// Time range of the timestamp field.
    pub time_range: Option<(i64, i64)>,
    /// Documents per day of the timestamp field (see [`super::DayCounts`]).
    pub day_counts: Option<super::DayCounts>,
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

/// Hashes and counts everything written, and ends every page of data with its checksum.
struct PagedWriter<W: Write> {
    out: W,
    hasher: blake3::Hasher,
    /// Bytes written to the file.
    written: u64,
    /// Data bytes written (checksums left out): where the next file starts in the data.
    data_written: u64,
    /// Data bytes a page holds.
    payload: usize,
    page: crate::formats::split::Crc32Hasher,
    page_fill: usize,
}

impl<W: Write> PagedWriter<W> {
    fn new(out: W, page_size: u32) -> PagedWriter<W> {
        PagedWriter {
            out,
            hasher: blake3::Hasher::new(),
            written: 0,
            data_written: 0,
            payload: page_payload(u64::from(page_size)) as usize,
            page: crate::formats::split::Crc32Hasher::new(),
            page_fill: 0,
        }
    }

    /// Ends the data: the last page, however full, gets its checksum.
    fn end_data(&mut self) -> std::io::Result<()> {
        if self.page_fill > 0 {
            self.close_page()?;
        }
        Ok(())
    }

    fn write_data(&mut self, mut bytes: &[u8]) -> std::io::Result<()> {
        while !bytes.is_empty() {
            let take = (self.payload - self.page_fill).min(bytes.len());
            self.write_raw(&bytes[..take])?;
            self.page.update(&bytes[..take]);
            self.page_fill += take;
            self.data_written += take as u64;
            bytes = &bytes[take..];
            if self.page_fill == self.payload {
                self.close_page()?;
            }
        }
        Ok(())
    }

    fn close_page(&mut self) -> std::io::Result<()> {
        let page = std::mem::take(&mut self.page);
        self.page_fill = 0;
        self.write_raw(&(page.finalize() as u16).to_le_bytes())
    }

    fn write_raw(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.out.write_all(bytes)?;
        self.hasher.update(bytes);
        self.written += bytes.len() as u64;
        Ok(())
    }
}

#[cfg(feature = "splits")]
/// Writes the split made of `files` (read from `dir`) to `out`. `hot` holds, per file, the
/// ranges to copy into the hotcache (see [`super::record_hot_ranges`]).
pub fn write_split<W: Write>(
    dir: &dyn Directory,
    files: &[String],
    hot: &BTreeMap<PathBuf, Vec<Range<u64>>>,
    options: &SplitWriteOptions,
    out: W,
) -> Result<SplitSummary> {
    check_page_size(options.page_size)?;
    let mut writer = PagedWriter::new(out, options.page_size);
    let mut entries = Vec::with_capacity(files.len());
    let mut slices = BTreeMap::new();
    const CHUNK: usize = 1 << 20;
    for name in files {
        let slice = dir
            .open_read(std::path::Path::new(name))
            .map_err(|e| ErrorKind::Io.with_message(e.to_string()))?;
        let start = writer.data_written;
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
    writer.end_data().map_err(from_io)?;
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
    finish(writer, options, entries, hot_entries, &hotcache)
}

/// Writes a file of the split layout made of named `regions` (a site index), the regions
/// named in `hot` copied into its open region, so that opening the file reads them.
pub fn write_regions<W: Write>(
    regions: &[(&str, &[u8])],
    hot: &[&str],
    options: &SplitWriteOptions,
    out: W,
) -> Result<SplitSummary> {
    let mut readers: Vec<&[u8]> = regions.iter().map(|(_, bytes)| *bytes).collect();
    let mut sources: Vec<(&str, &mut dyn Read)> = (regions.iter())
        .zip(readers.iter_mut())
        .map(|((name, _), reader)| (*name, reader as &mut dyn Read))
        .collect();
    write_streamed_regions(&mut sources, hot, options, out)
}

/// [`write_regions`] of regions read to their end from `regions`: a region need not be in
/// memory (a million-page site's are 350 MB), but for the hot ones.
pub fn write_streamed_regions<W: Write>(
    regions: &mut [(&str, &mut dyn Read)],
    hot: &[&str],
    options: &SplitWriteOptions,
    out: W,
) -> Result<SplitSummary> {
    check_page_size(options.page_size)?;
    let mut writer = PagedWriter::new(out, options.page_size);
    let mut entries = Vec::with_capacity(regions.len());
    let mut hot_entries = Vec::new();
    let mut hotcache = Vec::new();
    let mut buffer = vec![0; 1 << 16];
    for (name, source) in regions.iter_mut() {
        let (start, is_hot) = (writer.data_written, hot.contains(name));
        loop {
            let read = match source.read(&mut buffer) {
                Ok(0) => break,
                Ok(read) => read,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(from_io(e)),
            };
            writer.write_data(&buffer[..read]).map_err(from_io)?;
            if is_hot {
                hotcache.extend_from_slice(&buffer[..read]);
            }
        }
        let len = writer.data_written - start;
        if is_hot {
            hot_entries.push(HotEntry { start, len });
        }
        entries.push(FileEntry {
            name: name.to_string(),
            start,
            len,
        });
    }
    writer.end_data().map_err(from_io)?;
    finish(writer, options, entries, hot_entries, &hotcache)
}

fn check_page_size(page_size: u32) -> Result<()> {
    if !page_size.is_power_of_two() || page_size < MIN_PAGE_SIZE {
        return Err(ErrorKind::InvalidInput.with_message(format!(
            "page size {page_size} must be a power of two ≥ {MIN_PAGE_SIZE}"
        )));
    }
    Ok(())
}

/// Ends a file whose data is written: the open region (hotcache, footer, trailer).
fn finish<W: Write>(
    mut writer: PagedWriter<W>,
    options: &SplitWriteOptions,
    files: Vec<FileEntry>,
    hot: Vec<HotEntry>,
    hotcache: &[u8],
) -> Result<SplitSummary> {
    let data_end = writer.written;
    let footer = Footer {
        data_len: writer.data_written,
        page_size: options.page_size,
        doc_count: options.doc_count,
        time_range: options.time_range,
        day_counts: options.day_counts.clone(),
        files,
        hot,
    };
    debug_assert_eq!(footer.data_end(), data_end);
    let region = encode_open_region(&footer, hotcache);
    writer.write_raw(&region).map_err(from_io)?;
    writer.out.flush().map_err(from_io)?;
    Ok(SplitSummary {
        len: writer.written,
        hash: writer.hasher.finalize().to_hex().to_string(),
        open_region: data_end..writer.written,
        footer,
    })
}

/// `data` cut into checksummed pages of `page_size`, as a split's data region holds it.
#[cfg(test)]
pub(crate) fn framed(data: &[u8], page_size: u32) -> Vec<u8> {
    let mut writer = PagedWriter::new(Vec::new(), page_size);
    writer.write_data(data).expect("writes to memory");
    writer.end_data().expect("writes to memory");
    writer.out
}
