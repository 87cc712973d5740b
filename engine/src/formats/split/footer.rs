//! Footer and trailer of a split: written by `writer`, parsed here, checked field by field.

use std::ops::Range;

use bytes::Bytes;

use super::day_counts::DayCounts;
use crate::error::{ErrorKind, Result};
use crate::formats::split::{put_signed, put_text, put_varint, ByteReader};

/// Split format version this code writes (5: the footer counts documents per day of the
/// timestamp field, [`DayCounts`]; 4: Chinese, Japanese and Korean text indexed as character
/// bigrams, `crate::analysis`; 3: the footer in binary, not JSON, so the site engine needs no
/// JSON parser; 2: page checksums inline, no page table).
pub const SPLIT_VERSION: u32 = 5;
/// The oldest split format this code reads: 4's footer is 5's without day counts, and its
/// indexes hold what 5's do (a reader answers them from their columns).
pub const OLDEST_READABLE_FORMAT: u32 = 4;
/// Last four bytes of every split.
pub const MAGIC: [u8; 4] = *b"RFS1";
/// Fixed size of the trailer at the end of a split.
pub const TRAILER_LEN: u64 = 24;
/// Bytes of the checksum that ends every data page.
pub const PAGE_CHECKSUM_LEN: u64 = 2;
/// The smallest page size (a power of two): site files use it, each record and chunk read
/// wasting half a page at either end (CHANGELOG.md, 2026-11-27: site file pages of 256 bytes).
pub const MIN_PAGE_SIZE: u32 = 128;

/// Data bytes a page of `page_size` bytes in the file holds (its size less its checksum): the
/// one place the writer, the footer and the reader's page mapping take it from.
pub fn page_payload(page_size: u64) -> u64 {
    page_size - PAGE_CHECKSUM_LEN
}

/// A file of the tantivy index inside the split.
#[derive(Clone, Debug, PartialEq)]
pub struct FileEntry {
    /// File name as tantivy knows it (`meta.json`, `<segment>.idx`, ...).
    pub name: String,
    /// Offset of the file in the data (the segment files end to end, page checksums left out).
    pub start: u64,
    /// Length of the file.
    pub len: u64,
}

/// A byte range of the data copied into the hotcache.
#[derive(Clone, Debug, PartialEq)]
pub struct HotEntry {
    /// Offset in the data (as [`FileEntry::start`]).
    pub start: u64,
    /// Length.
    pub len: u64,
}

/// The footer: everything a reader needs to know about a split before reading its data.
#[derive(Clone, Debug, PartialEq)]
pub struct Footer {
    /// Length of the data: the segment files end to end, without page checksums.
    pub data_len: u64,
    /// Size of a page in the file, its checksum included; pages are the reader's unit of
    /// reading, verifying and caching.
    pub page_size: u32,
    /// Number of documents.
    pub doc_count: u64,
    /// Time range (seconds since the epoch, inclusive) of the timestamp field, if any.
    pub time_range: Option<(i64, i64)>,
    /// Documents per day of the timestamp field, when every document has at most one
    /// timestamp (none in splits of format 4).
    pub day_counts: Option<DayCounts>,
    /// The index files.
    pub files: Vec<FileEntry>,
    /// Ranges held in the hotcache, in hotcache order.
    pub hot: Vec<HotEntry>,
}

impl Footer {
    /// Data bytes a page holds (its size less its checksum).
    pub fn page_payload(&self) -> u64 {
        page_payload(u64::from(self.page_size))
    }

    /// Number of data pages.
    pub fn page_count(&self) -> u64 {
        self.data_len.div_ceil(self.page_payload())
    }

    /// Where the data region ends in the file and the open region begins: the data and one
    /// checksum per page.
    pub fn data_end(&self) -> u64 {
        // Saturating: a crafted footer must fail the checks against the trailer, not overflow.
        let checksums = self.page_count().saturating_mul(PAGE_CHECKSUM_LEN);
        self.data_len.saturating_add(checksums)
    }

    /// Total bytes of the hotcache.
    pub fn hot_len(&self) -> u64 {
        self.hot.iter().map(|h| h.len).sum()
    }
}

/// Checksum of a data page's payload: the low 16 bits of its CRC32, stored (LE) in the last two
/// bytes of the page. Two bytes per 1 KiB page cost 0.2 % of the data, and a corrupted page
/// still goes unnoticed only once in 65,536; replaced or truncated files are caught by their
/// length and validators first. Inline, the checksums come with the pages a query reads
/// anyway, so opening a split no longer reads a table of them all.
pub fn page_checksum(payload: &[u8]) -> u16 {
    crate::formats::split::crc32(payload) as u16
}

impl Footer {
    /// The footer's bytes:
    ///
    /// ```text
    /// data length · page size · documents · time range (0, or 1 · first · last, zigzag) ·
    /// files (count · per file: name · start · length) · hot ranges (count · start · length) ·
    /// day counts (0, or 1 · [`DayCounts`]; format 5 on)
    /// ```
    ///
    /// varints throughout, names as length · UTF-8.
    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        put_varint(&mut out, self.data_len);
        put_varint(&mut out, u64::from(self.page_size));
        put_varint(&mut out, self.doc_count);
        match self.time_range {
            None => put_varint(&mut out, 0),
            Some((first, last)) => {
                put_varint(&mut out, 1);
                put_signed(&mut out, first);
                put_signed(&mut out, last);
            }
        }
        put_varint(&mut out, self.files.len() as u64);
        for file in &self.files {
            put_text(&mut out, &file.name);
            put_varint(&mut out, file.start);
            put_varint(&mut out, file.len);
        }
        put_varint(&mut out, self.hot.len() as u64);
        for hot in &self.hot {
            put_varint(&mut out, hot.start);
            put_varint(&mut out, hot.len);
        }
        match &self.day_counts {
            None => put_varint(&mut out, 0),
            Some(days) => {
                put_varint(&mut out, 1);
                days.encode(&mut out);
            }
        }
        out
    }

    /// Reads a footer written by [`Footer::encode`] in split format `version`.
    fn decode(bytes: &[u8], version: u32) -> Result<Footer> {
        let mut reader = ByteReader::new(bytes, "split footer");
        let data_len = reader.varint()?;
        let page_size = u32::try_from(reader.varint()?).map_err(|_| reader.corrupt("page size"))?;
        let doc_count = reader.varint()?;
        let time_range = match reader.varint()? {
            0 => None,
            1 => Some((reader.signed()?, reader.signed()?)),
            _ => return Err(reader.corrupt("time range")),
        };
        // Each entry takes two bytes at least: a damaged count cannot make a huge allocation.
        let count = |reader: &mut ByteReader| -> Result<u64> {
            let count = reader.varint()?;
            if count > reader.remaining() as u64 / 2 {
                return Err(reader.corrupt("more entries than bytes"));
            }
            Ok(count)
        };
        let files = (0..count(&mut reader)?)
            .map(|_| {
                Ok(FileEntry {
                    name: reader.text()?.to_string(),
                    start: reader.varint()?,
                    len: reader.varint()?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let hot = (0..count(&mut reader)?)
            .map(|_| {
                Ok(HotEntry {
                    start: reader.varint()?,
                    len: reader.varint()?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let day_counts = match version {
            4 => None,
            _ => read_day_counts(&mut reader, doc_count, time_range)?,
        };
        reader.end()?;
        Ok(Footer {
            data_len,
            page_size,
            doc_count,
            time_range,
            day_counts,
            files,
            hot,
        })
    }
}

/// A footer's day counts (format 5 on): `0`, or `1 ·` [`DayCounts`], which must fit the split's
/// documents and their time range.
#[cfg(feature = "splits")]
fn read_day_counts(
    reader: &mut ByteReader,
    doc_count: u64,
    time_range: Option<(i64, i64)>,
) -> Result<Option<DayCounts>> {
    let days = match reader.varint()? {
        0 => return Ok(None),
        1 => DayCounts::decode(reader)?,
        _ => return Err(reader.corrupt("day counts")),
    };
    let within = |(first, last): (i64, i64)| {
        let (first, last) = (DayCounts::day_of(first), DayCounts::day_of(last));
        days.days
            .iter()
            .all(|(day, _)| (first..=last).contains(day))
    };
    if days.total() > doc_count || !time_range.is_some_and(within) {
        return Err(reader.corrupt("day counts outside the documents or their times"));
    }
    Ok(Some(days))
}

/// The site engine reads site files, which count no days, and carries no decoder for them:
/// it reads the `0` that says so (days after a `1` then fail the footer's end check).
#[cfg(not(feature = "splits"))]
fn read_day_counts(
    reader: &mut ByteReader,
    _: u64,
    _: Option<(i64, i64)>,
) -> Result<Option<DayCounts>> {
    reader.varint()?;
    Ok(None)
}

/// Encodes the region that follows the data: hotcache, footer, trailer.
pub(crate) fn encode_open_region(footer: &Footer, hotcache: &[u8]) -> Vec<u8> {
    let encoded = footer.encode();
    let mut region = Vec::with_capacity(hotcache.len() + encoded.len() + TRAILER_LEN as usize);
    region.extend_from_slice(hotcache);
    region.extend_from_slice(&encoded);
    let region_crc = crate::formats::split::crc32(&region);
    region.extend_from_slice(&footer.data_end().to_le_bytes());
    region.extend_from_slice(&(encoded.len() as u32).to_le_bytes());
    region.extend_from_slice(&region_crc.to_le_bytes());
    region.extend_from_slice(&SPLIT_VERSION.to_le_bytes());
    region.extend_from_slice(&MAGIC);
    region
}

/// A parsed and verified open region.
#[derive(Clone, Debug)]
pub struct OpenRegion {
    /// The footer.
    pub footer: Footer,
    /// Hotcache bytes, one buffer per hot entry (same order as `footer.hot`).
    pub hot: Vec<Bytes>,
    /// CRC-32 of the hotcache and footer (from the trailer): tells two versions of a file apart.
    pub crc: u32,
}

fn corrupt<T>(message: String) -> Result<T> {
    Err(ErrorKind::Corrupt.with_message(message))
}

fn le_u32(bytes: &[u8]) -> u32 {
    u32::from_le_bytes(bytes.try_into().expect("4 bytes"))
}

impl OpenRegion {
    /// Where the trailer says the open region begins; `tail` is any suffix of the split of at
    /// least `TRAILER_LEN` bytes. Used to find out how much more to read when the open
    /// region's range is not known in advance.
    pub fn data_end_from_trailer(tail: &[u8], file_len: u64) -> Result<u64> {
        let trailer = check_trailer(tail, file_len)?;
        Ok(u64::from_le_bytes(
            trailer[0..8].try_into().expect("8 bytes"),
        ))
    }

    /// Parses the open region. `tail` holds the split's bytes from the end of the data (or
    /// earlier) to the end; `file_len` is the split's real length.
    pub fn parse(tail: Bytes, file_len: u64) -> Result<OpenRegion> {
        let trailer = check_trailer(&tail, file_len)?;
        let data_end = u64::from_le_bytes(trailer[0..8].try_into().expect("8 bytes"));
        let footer_len = u64::from(le_u32(&trailer[8..12]));
        let region_crc = le_u32(&trailer[12..16]);
        let region_end = data_end.checked_add(footer_len + TRAILER_LEN);
        if region_end.is_none_or(|end| end > file_len) {
            return corrupt(format!(
                "the trailer says the data ends at byte {data_end} and the footer is {footer_len} bytes, \
                 which does not fit in a {file_len}-byte file: the file is truncated or corrupt"
            ));
        }
        let region_len = file_len - data_end;
        if (tail.len() as u64) < region_len {
            return corrupt(format!(
                "expected the last {region_len} bytes of the file, got {}",
                tail.len()
            ));
        }
        let region =
            tail.slice(tail.len() - region_len as usize..tail.len() - TRAILER_LEN as usize);
        if crate::formats::split::crc32(&region) != region_crc {
            return corrupt(
                "footer/hotcache checksum mismatch: the file is corrupt or was changed".into(),
            );
        }
        let version = le_u32(&trailer[16..20]);
        let footer = Footer::decode(&region[region.len() - footer_len as usize..], version)?;
        if !footer.page_size.is_power_of_two() || footer.page_size < MIN_PAGE_SIZE {
            return corrupt(format!(
                "page size {} is not a power of two ≥ {MIN_PAGE_SIZE}",
                footer.page_size
            ));
        }
        if footer.data_end() != data_end {
            return corrupt(format!(
                "{} bytes of data in pages of {} end at byte {}, but the trailer says {data_end}",
                footer.data_len,
                footer.page_size,
                footer.data_end()
            ));
        }
        let data_len = footer.data_len;
        let hot_len = footer.hot_len();
        if hot_len + footer_len != region.len() as u64 {
            return corrupt(format!(
                "hotcache ({hot_len} B) + footer ({footer_len} B) do not add up to the {} B region",
                region.len()
            ));
        }
        for file in &footer.files {
            if file.start + file.len > data_len {
                return corrupt(format!("file {} lies outside the data region", file.name));
            }
        }
        let mut hot = Vec::with_capacity(footer.hot.len());
        let mut offset = 0usize;
        for entry in &footer.hot {
            if entry.start + entry.len > data_len {
                return corrupt("a hotcache range lies outside the data region".into());
            }
            hot.push(region.slice(offset..offset + entry.len as usize));
            offset += entry.len as usize;
        }
        Ok(OpenRegion {
            footer,
            hot,
            crc: region_crc,
        })
    }

    /// The split range of the open region.
    pub fn range(&self, file_len: u64) -> Range<u64> {
        self.footer.data_end()..file_len
    }
}

fn check_trailer(tail: &[u8], file_len: u64) -> Result<&[u8]> {
    if file_len < TRAILER_LEN || (tail.len() as u64) < TRAILER_LEN {
        return corrupt(format!(
            "{file_len} bytes is too small for a split (the trailer alone is {TRAILER_LEN}): truncated or not a split"
        ));
    }
    let trailer = &tail[tail.len() - TRAILER_LEN as usize..];
    if trailer[20..24] != MAGIC {
        // Hex by hand: `{:x?}` and `{:?}` bring the Debug formatting of slices and strings
        // into the engines, for this one message.
        let found: String = trailer[20..24]
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect();
        return corrupt(format!(
            "not a rangefind split: the last bytes are {found} (hex), expected the magic \"{}\"",
            std::str::from_utf8(&MAGIC).unwrap_or("")
        ));
    }
    let version = le_u32(&trailer[16..20]);
    if !(OLDEST_READABLE_FORMAT..=SPLIT_VERSION).contains(&version) {
        return Err(ErrorKind::Incompatible.with_message(format!(
            "split format version {version}; this reader reads versions \
             {OLDEST_READABLE_FORMAT} to {SPLIT_VERSION}: rebuild the index with this \
             rangefind, or use a matching reader"
        )));
    }
    Ok(trailer)
}

#[cfg(test)]
mod tests;
