//! A paged file (a split, a site file, a lexicon): how its data is cut into checksummed
//! pages, where each page lies in the file, and how a page read is verified.

use std::ops::Range;
use std::sync::Arc;

use bytes::Bytes;
use ownedbytes::OwnedBytes;

use crate::error::{ErrorKind, Result};
use crate::formats::split::{page_payload, PAGE_CHECKSUM_LEN};

/// The paging facts of one file: how its data is cut into pages and where they lie.
/// Plain data (no source), so tantivy's side may share it across threads even in wasm.
#[derive(Debug)]
pub struct PagedFile {
    /// Content id (cache key).
    pub id: Arc<str>,
    /// Length of the file; every read must report this length.
    pub file_len: u64,
    /// Length of the data (pages cover `0..data_len` of it, checksums left out).
    pub data_len: u64,
    /// Size of a page in the file, its checksum included.
    pub page_size: u64,
}

impl PagedFile {
    /// The pages of the file `id`, `file_len` bytes long, whose footer is `footer`.
    pub fn for_footer(
        id: Arc<str>,
        file_len: u64,
        footer: &crate::formats::split::Footer,
    ) -> PagedFile {
        PagedFile {
            id,
            file_len,
            data_len: footer.data_len,
            page_size: u64::from(footer.page_size),
        }
    }

    /// The data range `range` from `pages`, the data of the pages [`Self::pages_of`] gives
    /// for it, in order.
    pub fn join(&self, pages: &[OwnedBytes], range: &Range<u64>) -> OwnedBytes {
        let covered = self.pages_of(range);
        let first_page_start = self.page_range(covered.start).start;
        let from = (range.start - first_page_start) as usize;
        let to = (range.end - first_page_start) as usize;
        if let [page] = pages {
            return page.slice(from..to);
        }
        let mut joined = Vec::with_capacity(to);
        for page in pages {
            joined.extend_from_slice(page.as_slice());
        }
        joined.truncate(to);
        joined.drain(..from);
        OwnedBytes::new(joined)
    }

    /// Data bytes a page holds.
    fn payload(&self) -> u64 {
        page_payload(self.page_size)
    }

    /// Data range of page `page`.
    pub fn page_range(&self, page: u64) -> Range<u64> {
        page * self.payload()..((page + 1) * self.payload()).min(self.data_len)
    }

    /// File range of page `page`: its data, then its checksum.
    pub fn page_in_file(&self, page: u64) -> Range<u64> {
        let data = self.page_range(page);
        let start = page * self.page_size;
        start..start + (data.end - data.start) + PAGE_CHECKSUM_LEN
    }

    /// The bytes in the file of runs of pages (`first..last + 1`), each run one range.
    pub fn runs_in_file(&self, runs: &[Range<u64>]) -> Vec<Range<u64>> {
        let run_in_file = |run: &Range<u64>| {
            self.page_in_file(run.start).start..self.page_in_file(run.end - 1).end
        };
        runs.iter().map(run_in_file).collect()
    }

    /// Pages covering the data range `range` (clamped to the data).
    pub fn pages_of(&self, range: &Range<u64>) -> Range<u64> {
        let end = range.end.min(self.data_len);
        if range.start >= end {
            return 0..0;
        }
        range.start / self.payload()..end.div_ceil(self.payload())
    }

    /// The data offset of a file offset within the data region (a checksum maps to the end of
    /// its page's data), to name what a request read.
    pub fn data_offset(&self, file_offset: u64) -> u64 {
        let page = file_offset / self.page_size;
        let within = (file_offset % self.page_size).min(self.payload());
        (page * self.payload() + within).min(self.data_len)
    }

    /// The data of page `page` from its bytes in the file, once they match their checksum.
    pub(super) fn unframe(&self, page: u64, framed: Bytes, name: &str) -> Result<Bytes> {
        let in_file = self.page_in_file(page);
        let data_len = framed.len().saturating_sub(PAGE_CHECKSUM_LEN as usize);
        let matches = framed.len() as u64 == in_file.end - in_file.start
            && framed[data_len..]
                == crate::formats::split::page_checksum(&framed[..data_len]).to_le_bytes();
        if !matches {
            return Err(ErrorKind::Corrupt
                .with_message(format!(
                    "page {page} (bytes {}..{}) does not match its checksum: \
                     the file is corrupt or was changed after it was built",
                    in_file.start, in_file.end
                ))
                .with_context(name.to_string()));
        }
        Ok(framed.slice(..data_len))
    }
}
