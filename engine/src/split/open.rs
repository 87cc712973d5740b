//! Opening a split: one read of its open region, then a tantivy searcher over it.

use std::ops::Range;
use std::sync::Arc;

use bytes::{Bytes, BytesMut};
use tantivy::directory::OwnedBytes;
use tantivy::{Index, ReloadPolicy, Searcher};

use super::directory::{SplitData, SplitDirectory};
use crate::error::{Error, ErrorKind, Result};
use crate::format::{Footer, OpenRegion};
use crate::io::{ByteRange, Fetcher, QueryStats, RangeSource, SplitPages};
use crate::mapping::{register_tokenizers, DocMapping};

/// How much to read from the end of a split whose open region is not known in advance.
const BLIND_SUFFIX: u64 = 256 * 1024;

/// Where a split is and what the manifest says about it.
#[derive(Clone, Debug)]
pub struct SplitLocation {
    /// Content id.
    pub id: Arc<str>,
    /// Its bytes.
    pub source: Arc<dyn RangeSource>,
    /// Expected length (from the manifest), checked against what the server reports.
    pub len: Option<u64>,
    /// Range of the open region (from the manifest): opening then costs exactly one read.
    pub open_region: Option<Range<u64>>,
}

/// An opened split: verified footer and a searcher reading through the split directory.
pub struct OpenedSplit {
    /// The split's bytes and pages.
    pub data: Arc<SplitData>,
    /// Where its bytes come from.
    pub source: Arc<dyn RangeSource>,
    /// Its footer.
    pub footer: Footer,
    /// The tantivy searcher (one segment).
    pub searcher: Searcher,
}

impl std::fmt::Debug for OpenedSplit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OpenedSplit({})", self.data.pages.id)
    }
}

/// Reads the open region (one request when its range is known) and opens tantivy on it.
/// The request is counted in `stats`; the caller counts the wave.
pub async fn open_split(
    location: &SplitLocation,
    fetcher: &Fetcher,
    mapping: &DocMapping,
    stats: &QueryStats,
) -> Result<OpenedSplit> {
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
    let (region, file_len, from_network) = match parsed {
        Some((region, len)) => {
            stats.add_cache_hits(1);
            (region, len, None)
        }
        None => {
            let (tail, file_len) = read_open_region(location, stats).await?;
            let region = OpenRegion::parse(tail.clone(), file_len).map_err(named)?;
            (region, file_len, Some(tail))
        }
    };
    let pages = Arc::new(SplitPages {
        id: location.id.clone(),
        file_len,
        data_len: region.footer.data_len,
        page_size: u64::from(region.footer.page_size),
    });
    let hot = region
        .footer
        .hot
        .iter()
        .zip(region.hot)
        .map(|(entry, bytes): (_, Bytes)| (entry.start, OwnedBytes::new(bytes.to_vec())))
        .collect();
    let data = Arc::new(SplitData::new(
        pages,
        fetcher.cache().clone(),
        &region.footer.files,
        hot,
    ));
    let searcher = open_searcher(&data, mapping)
        .map_err(|e| {
            if e.kind() == ErrorKind::NotWarmed {
                ErrorKind::Corrupt.with_message(format!(
                    "opening the index read bytes outside the hotcache ({e}); the split was written by an incompatible builder"
                ))
            } else {
                e
            }
        })
        .map_err(named)?;
    if let (Some(tier), Some(tail)) = (fetcher.persistent(), from_network) {
        tier.put_open_region(&location.id, tail);
    }
    Ok(OpenedSplit {
        data,
        source: source.clone(),
        footer: region.footer,
        searcher,
    })
}

/// The split's bytes from the start of its open region to its end, and its length: one read
/// when the manifest gives the range, else a suffix read and, if the guess was short, one more.
async fn read_open_region(location: &SplitLocation, stats: &QueryStats) -> Result<(Bytes, u64)> {
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
                "the split is {} bytes but the manifest says {expected}: truncated or replaced",
                read.file_len
            )));
        }
    }
    let file_len = read.file_len;
    if read.start + read.bytes.len() as u64 != file_len {
        return Err(corrupt(
            "the open read does not reach the end of the split".into(),
        ));
    }
    let data_end = OpenRegion::data_end_from_trailer(&read.bytes, file_len)
        .map_err(|e| e.with_context(source.name().to_string()))?;
    if data_end >= read.start {
        return Ok((read.bytes, file_len));
    }
    // Blind open of a split whose open region is larger than the first guess.
    let more = source
        .read(ByteRange::Bounded(data_end..read.start))
        .await?;
    stats.add_request(
        source.name(),
        more.start..more.start + more.bytes.len() as u64,
    );
    let mut joined = BytesMut::with_capacity((file_len - data_end) as usize);
    joined.extend_from_slice(&more.bytes);
    joined.extend_from_slice(&read.bytes);
    Ok((joined.freeze(), file_len))
}

fn open_searcher(data: &Arc<SplitData>, mapping: &DocMapping) -> Result<Searcher, Error> {
    let index = Index::open(SplitDirectory::new(data.clone()))?;
    register_tokenizers(index.tokenizers(), mapping);
    let reader = index
        .reader_builder()
        .reload_policy(ReloadPolicy::Manual)
        .doc_store_cache_num_blocks(16)
        .try_into()?;
    Ok(reader.searcher())
}
