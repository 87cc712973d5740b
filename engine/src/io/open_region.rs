//! Opening an immutable file of the split layout (a split, a site file): one read of its
//! open region, from the persistent tier when it has it, verified.

use std::ops::Range;
use std::sync::Arc;

use bytes::Bytes;

use super::{ByteRange, Fetcher, QueryStats, RangeSource};
use crate::error::{Error, ErrorKind, Result};
use crate::formats::split::OpenRegion;

/// How much to read from the end of a file whose open region is not known in advance.
const BLIND_SUFFIX: u64 = 256 * 1024;

/// Where a file is and what the manifest says about it.
#[derive(Clone, Debug)]
pub struct FileLocation {
    /// Content id.
    pub id: Arc<str>,
    /// Its bytes.
    pub source: Arc<dyn RangeSource>,
    /// Expected length (from the manifest), checked against what the server reports.
    pub len: Option<u64>,
    /// Range of the open region (from the manifest): opening then costs exactly one read.
    pub open_region: Option<Range<u64>>,
}

/// The verified open region of the file at `location`, its length, and the bytes read when
/// they came from the network (for the caller to store in the persistent tier once it has
/// used them without error). The request is counted in `stats`; the caller counts the wave.
pub async fn open_region(
    location: &FileLocation,
    fetcher: &Fetcher,
    stats: &QueryStats,
) -> Result<(OpenRegion, u64, Option<Bytes>)> {
    let source = &location.source;
    // Reads name their file themselves; the checks of what was read are named here.
    let named = |e: Error| e.with_context(source.name().to_string());
    let stored = match (fetcher.persistent(), &location.open_region, location.len) {
        (Some(tier), Some(_), Some(len)) => {
            tier.get_open_region(&location.id).await.map(|b| (b, len))
        }
        _ => None,
    };
    // A stored region that no longer parses (a damaged store) is read again from the source.
    let parsed = stored.and_then(|(tail, len)| Some((OpenRegion::parse(tail, len).ok()?, len)));
    Ok(match parsed {
        Some((region, len)) => {
            stats.add_cache_hits(1);
            (region, len, None)
        }
        None => {
            let (tail, file_len) = read_open_region(location, stats).await?;
            let region = OpenRegion::parse(tail.clone(), file_len).map_err(named)?;
            (region, file_len, Some(tail))
        }
    })
}

/// The open region of the file at `location` read again from its source (no cache tier):
/// what a reader compares with the region it opened when the file's validator changed.
pub async fn reread_open_region(location: &FileLocation, stats: &QueryStats) -> Result<OpenRegion> {
    let (tail, file_len) = read_open_region(location, stats).await?;
    OpenRegion::parse(tail, file_len)
        .map_err(|e| e.with_context(location.source.name().to_string()))
}

/// The file's bytes from the start of its open region to its end, and its length: one read
/// when the manifest gives the range, else a suffix read and, if the guess was short, one more.
async fn read_open_region(location: &FileLocation, stats: &QueryStats) -> Result<(Bytes, u64)> {
    let source = &location.source;
    let corrupt = |message: String| {
        ErrorKind::Corrupt
            .with_message(message)
            .with_context(source.name().to_string())
    };
    let ask = match &location.open_region {
        Some(range) => ByteRange::Bounded(range.clone()),
        None => ByteRange::Suffix(BLIND_SUFFIX),
    };
    let read = source.read(ask).await?;
    stats.add_request(
        source.name(),
        read.start..read.start + read.bytes.len() as u64,
    );
    if let Some(expected) = location.len {
        if read.file_len != expected {
            return Err(corrupt(format!(
                "the file is {} bytes but the manifest says {expected}: truncated or replaced",
                read.file_len
            )));
        }
    }
    let file_len = read.file_len;
    if read.start + read.bytes.len() as u64 != file_len {
        return Err(corrupt(
            "the open read does not reach the end of the file".into(),
        ));
    }
    let data_end = OpenRegion::data_end_from_trailer(&read.bytes, file_len)
        .map_err(|e| e.with_context(source.name().to_string()))?;
    if data_end >= read.start {
        return Ok((read.bytes, file_len));
    }
    // Blind open of a file whose open region is larger than the first guess.
    let more = source
        .read(ByteRange::Bounded(data_end..read.start))
        .await?;
    stats.add_request(
        source.name(),
        more.start..more.start + more.bytes.len() as u64,
    );
    // A `Vec`, not a `BytesMut`: the site engine has no other use for the latter's code.
    let joined = [&more.bytes[..], &read.bytes[..]].concat();
    Ok((Bytes::from(joined), file_len))
}
