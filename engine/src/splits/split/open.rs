//! Opening a split: one read of its open region, then a tantivy searcher over it.

use std::sync::Arc;

use bytes::Bytes;
use tantivy::directory::OwnedBytes;
use tantivy::{Index, ReloadPolicy, Searcher};

use super::directory::{SplitData, SplitDirectory};
use crate::error::{Error, ErrorKind, Result};
use crate::formats::split::Footer;
use crate::io::{open_region, Fetcher, FileLocation, PagedFile, QueryStats, RangeSource};
use crate::mapping::{register_tokenizers, DocMapping};

/// An opened split: verified footer and a searcher reading through the split directory.
pub struct OpenedSplit {
    /// The split's bytes and pages.
    pub data: Arc<SplitData>,
    /// Where its bytes come from.
    pub source: Arc<dyn RangeSource>,
    /// Its footer.
    pub footer: Footer,
    /// The open region's CRC-32, to tell this version of the split from another.
    pub region_crc: u32,
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
    location: &FileLocation,
    fetcher: &Fetcher,
    mapping: &DocMapping,
    stats: &QueryStats,
) -> Result<OpenedSplit> {
    let source = &location.source;
    // Reads name their file themselves; the checks of what was read are named here.
    let named = |e: Error| e.with_context(source.name().to_string());
    let (region, file_len, from_network) = open_region(location, fetcher, stats).await?;
    let pages = Arc::new(PagedFile::for_footer(
        location.id.clone(),
        file_len,
        &region.footer,
    ));
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
        region_crc: region.crc,
        searcher,
    })
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
