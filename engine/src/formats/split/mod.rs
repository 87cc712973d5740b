//! The split file: one immutable file per split, read with range requests.
//!
//! ```text
//! 0                                                                   data_end
//! ├─ page 0 ─────────────────────┬─ page 1 ───────────────────┬─ … ─┬─ last page ─┤
//! │ page_size − 2 data bytes │crc│ next data bytes      │crc│     │ rest  │crc│
//! └──────────────────────────┴───┴──────────────────────┴───┴─────┴───────┴───┘
//!   the data: segment files (meta.json, .idx, .pos, .term, .store, .fast, .fieldnorm) end
//!   to end; `crc`: u16 LE, the low bits of the CRC32 of the page's data bytes
//! ├─ hotcache ───────────────────┬─ footer ────────┬─ trailer (24 bytes) ─┤
//! │ bytes every open reads,      │ file table, hot │ data_end  u64 LE     │
//! │ recorded from a real index   │ ranges, doc     │ footer_len u32 LE    │
//! │ open                         │ count, times,   │ region_crc u32 LE    │
//! │                              │ days            │                      │
//! │                              │ (binary)        │ version   u32 LE (5) │
//! │                              │                 │ magic     b"RFS1"    │
//! └──────────────────────────────┴─────────────────┴──────────────────────┘
//!        "open region" = data_end .. end: one read opens a split, and its CRC is checked
//! ```
//!
//! Offsets in the footer (files, hot ranges) are offsets in the data, checksums left out;
//! the reader maps them to pages. Every byte a reader uses is verified: the open region by
//! `region_crc`, each data page by the checksum it ends with. Corrupt, truncated or replaced
//! bytes therefore surface as a clear `Corrupt` error before tantivy decodes them. The
//! checksums live in the pages rather than in a table in the open region so that opening a
//! split reads only what every query needs: a table of them all was 70 % of the open read
//! of a 25 MB split (see docs/design-notes.md).

mod byte_reader;
mod crc;
mod day_counts;
mod footer;
mod frames;
#[cfg(feature = "splits")]
mod hotcache;
mod inflate;
mod recent_frames;
mod writer;

pub(crate) use byte_reader::{put_shared, put_signed, put_text, put_varint, ByteReader};
pub use crc::{crc32, Crc32Hasher};
pub use day_counts::{DayCounts, DAY_SECONDS};
#[cfg(any(test, feature = "native"))]
pub use frames::encode_frame;
pub use frames::Frames;

/// A UTF-8 byte order mark, which some editors (on Windows above all) write at the start of a
/// text file.
pub const UTF8_BOM: &[u8] = b"\xef\xbb\xbf";

/// `bytes` without a leading UTF-8 byte order mark: JSON parsers may ignore one (RFC 8259) and
/// browsers do, so a `site.json` or manifest saved with one reads as it does in a browser.
pub fn without_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes)
}
pub use footer::{
    page_checksum, page_payload, FileEntry, Footer, HotEntry, OpenRegion, MAGIC, MIN_PAGE_SIZE,
    OLDEST_READABLE_FORMAT, PAGE_CHECKSUM_LEN, SPLIT_VERSION, TRAILER_LEN,
};
#[cfg(feature = "splits")]
pub use hotcache::{record_hot_ranges, HotRangeRecorder};
#[cfg(test)]
pub(crate) use writer::framed;
#[cfg(feature = "splits")]
pub use writer::write_split;
pub use writer::{write_regions, write_streamed_regions, SplitSummary, SplitWriteOptions};
