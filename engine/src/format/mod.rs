//! The split file: one immutable file per split, read with range requests.
//!
//! ```text
//! 0                                   data_len
//! ├─ segment files (meta.json, .idx, .pos, .term, .store, .fast, .fieldnorm) ─┤
//! │  pages of `page_size` bytes, each covered by a checksum in the page table   │
//! ├─ hotcache ───────────┬─ page table ─┬─ footer (JSON) ─┬─ trailer (24 bytes) ┤
//! │ bytes every open     │ u16 LE per   │ file table, hot │ data_len  u64 LE    │
//! │ reads, recorded from │ data page    │ ranges, doc     │ footer_len u32 LE   │
//! │ a real index open    │              │ count, times    │ region_crc u32 LE   │
//! │                      │              │                 │ version   u32 LE    │
//! │                      │              │                 │ magic     b"RFS1"   │
//! └──────────────────────┴──────────────┴─────────────────┴─────────────────────┘
//!        "open region" = data_len .. end: one read opens a split, and its CRC is checked
//! ```
//!
//! Every byte a reader uses is verified: the open region by `region_crc`, each data page by
//! its entry in the page table. Corrupt, truncated or replaced bytes therefore surface as a
//! clear `Corrupt` error before tantivy decodes them.

mod footer;
mod hotcache;
mod writer;

pub use footer::{
    page_checksum, FileEntry, Footer, HotEntry, OpenRegion, FORMAT_VERSION, MAGIC, TRAILER_LEN,
};
pub use hotcache::{record_hot_ranges, HotRangeRecorder};
pub use writer::{write_split, SplitSummary, SplitWriteOptions};
