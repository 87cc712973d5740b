//! The one trait every byte source implements.

use std::fmt::Debug;
use std::ops::Range;

use bytes::Bytes;

use super::stats::QueryStats;
use crate::error::Result;

/// `Send + Sync` natively; nothing in wasm, where JS objects are neither.
#[cfg(not(target_arch = "wasm32"))]
pub trait MaybeSendSync: Send + Sync {}
#[cfg(not(target_arch = "wasm32"))]
impl<T: Send + Sync> MaybeSendSync for T {}
/// `Send + Sync` natively; nothing in wasm, where JS objects are neither.
#[cfg(target_arch = "wasm32")]
pub trait MaybeSendSync {}
#[cfg(target_arch = "wasm32")]
impl<T> MaybeSendSync for T {}

/// Reads of one file in flight at once by default (browsers cap per-host connections anyway).
pub const READS_AT_ONCE: usize = 32;

/// Which bytes to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ByteRange {
    /// `start..end` of the file.
    Bounded(Range<u64>),
    /// The last `n` bytes (or the whole file if shorter).
    Suffix(u64),
}

impl ByteRange {
    /// The most bytes an answer may hold (a host sending more is refused before it is read).
    pub fn asked_len(&self) -> u64 {
        match self {
            ByteRange::Bounded(r) => r.end.saturating_sub(r.start).max(1),
            ByteRange::Suffix(n) => *n,
        }
    }
}

/// Bytes read, where they start, and how long the whole file is (as the server or the file
/// system says: a reader compares it with the length it expects, to catch replaced files).
#[derive(Clone, Debug)]
pub struct RangeRead {
    /// The bytes.
    pub bytes: Bytes,
    /// Offset of `bytes` in the file.
    pub start: u64,
    /// Length of the whole file.
    pub file_len: u64,
}

/// An immutable file read by byte ranges.
///
/// Implementers return exactly the bytes asked for (clamped to the end of the file for
/// suffix reads) or an error naming the file; never fewer bytes silently.
#[cfg_attr(not(target_arch = "wasm32"), async_trait::async_trait)]
#[cfg_attr(target_arch = "wasm32", async_trait::async_trait(?Send))]
pub trait RangeSource: MaybeSendSync {
    /// The path or URL, for messages.
    fn name(&self) -> &str;

    /// Reads a range.
    async fn read(&self, range: ByteRange) -> Result<RangeRead>;

    /// Reads several ranges (a wave's runs of pages, each `start..end` and not empty) in one
    /// request, in their order, where the server answers so (`super::byteranges`); `None`
    /// where it does not or may not: the caller then reads them one by one ([`read_ranges`]).
    async fn read_together(&self, _ranges: &[Range<u64>]) -> Result<Option<ReadTogether>> {
        Ok(None)
    }

    /// How many ranges one request of it may ask for: 1, unless its host answers several in
    /// one ([`RangeSource::read_together`]) and has not refused to yet.
    fn ranges_per_request(&self) -> usize {
        1
    }

    /// The validator that HTTP sources check every read against (local files have none).
    fn validator(&self) -> Option<&super::validator::Validator> {
        None
    }
}

/// Ranges read in one request.
#[derive(Debug)]
pub struct ReadTogether {
    /// Each range asked for, in the order asked.
    pub reads: Vec<RangeRead>,
    /// Bytes of the answer's body: the ranges and each part's own headers.
    pub body_len: u64,
}

/// `ranges` of `source` in one request where its server answers so, else each in a read of
/// its own, at most [`READS_AT_ONCE`] at a time; counted in `stats` as sent: requests, and
/// the bytes of their bodies.
pub async fn read_ranges(
    source: &dyn RangeSource,
    ranges: Vec<Range<u64>>,
    stats: &QueryStats,
) -> Result<Vec<RangeRead>> {
    let reads = read_ranges_if(source, ranges, false, stats).await?;
    Ok(reads.unwrap_or_default())
}

/// [`read_ranges`], or `None` where `together_only` and the server would not answer them in
/// one request (the caller plans again for one request each).
pub async fn read_ranges_if(
    source: &dyn RangeSource,
    ranges: Vec<Range<u64>>,
    together_only: bool,
    stats: &QueryStats,
) -> Result<Option<Vec<RangeRead>>> {
    if let Some(together) = source.read_together(&ranges).await? {
        stats.add_request_together(source.name(), ranges, together.body_len);
        return Ok(Some(together.reads));
    }
    if together_only {
        return Ok(None);
    }
    let reads = ranges
        .iter()
        .map(|range| source.read(ByteRange::Bounded(range.clone())))
        .collect();
    let reads = crate::at_most_at_once(reads, READS_AT_ONCE)
        .await
        .into_iter()
        .collect::<Result<Vec<_>>>()?;
    for range in ranges {
        stats.add_request(source.name(), range);
    }
    Ok(Some(reads))
}

/// Checks a read against what was asked; shared by every source so each reports the same way.
pub fn check_read(name: &str, asked: &ByteRange, read: &RangeRead) -> Result<()> {
    use crate::error::ErrorKind;
    let end = read.start + read.bytes.len() as u64;
    let expected = match asked {
        ByteRange::Bounded(r) => r.clone(),
        ByteRange::Suffix(n) => read.file_len.saturating_sub(*n)..read.file_len,
    };
    if expected.end > read.file_len {
        return Err(ErrorKind::Corrupt
            .with_message(format!(
                "asked for bytes {}..{} but the file is {} bytes long: truncated or replaced",
                expected.start, expected.end, read.file_len
            ))
            .with_context(name.to_string()));
    }
    if read.start != expected.start || end != expected.end {
        return Err(ErrorKind::Http
            .with_message(format!(
                "asked for bytes {}..{}, received {}..{} ({} bytes): short or misplaced read",
                expected.start,
                expected.end,
                read.start,
                end,
                read.bytes.len()
            ))
            .with_context(name.to_string()));
    }
    Ok(())
}

/// A source shows as its name. `Debug` is not a supertrait of [`RangeSource`]: every trait
/// object's vtable would then carry its implementer's derived `Debug`, and the formatting
/// code it pulls in (BENCHMARKS.md, "Engine size").
impl Debug for dyn RangeSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RangeSource({})", self.name())
    }
}
