//! Reading an index's split filter files: one concurrent wave, each file whole, checked
//! against its content id, kept in the persistent tier like a split's open region.

use std::collections::HashMap;
use std::sync::Arc;

use bytes::Bytes;

use crate::error::{ErrorKind, Result};
use crate::formats::manifest::SplitFilterEntry;
use crate::formats::split_filters::SplitFilterFile;
use crate::io::{ByteRange, IndexStore, PersistentCache, QueryStats};

/// Whether `bytes` are the file with content id `id`.
fn has_id(bytes: &[u8], id: &str) -> bool {
    blake3::hash(bytes).to_hex().starts_with(id)
}

/// The files `entries` name (each in its index's store), by content id; files in `known` (an
/// earlier read of the same index) are reused. Requests are counted in `stats`, as one wave.
pub(crate) async fn read_filter_files(
    entries: &[(&dyn IndexStore, &SplitFilterEntry)],
    persistent: Option<&Arc<dyn PersistentCache>>,
    known: &HashMap<String, Arc<SplitFilterFile>>,
    stats: &QueryStats,
) -> Result<HashMap<String, Arc<SplitFilterFile>>> {
    let before = stats.counts().requests;
    let reads = entries.iter().map(|&(store, entry)| async move {
        if let Some(file) = known.get(&entry.id) {
            return Ok((entry.id.clone(), file.clone()));
        }
        let stored = match persistent {
            Some(tier) => tier.get_open_region(&entry.id).await,
            None => None,
        };
        // A stored copy that does not match its id (a damaged store) is read again.
        if let Some(bytes) = stored.filter(|b| has_id(b, &entry.id)) {
            if let Ok(file) = SplitFilterFile::decode(&bytes) {
                stats.add_cache_hits(1);
                return Ok((entry.id.clone(), Arc::new(file)));
            }
        }
        let bytes = read_whole(store, entry, stats).await?;
        let file =
            SplitFilterFile::decode(&bytes).map_err(|e| e.with_context(entry.path.clone()))?;
        if let Some(tier) = persistent {
            tier.put_open_region(&entry.id, bytes);
        }
        Ok::<_, crate::error::Error>((entry.id.clone(), Arc::new(file)))
    });
    let files = futures::future::try_join_all(reads).await?;
    if stats.counts().requests > before {
        stats.add_wave();
    }
    Ok(files.into_iter().collect())
}

async fn read_whole(
    store: &dyn IndexStore,
    entry: &SplitFilterEntry,
    stats: &QueryStats,
) -> Result<Bytes> {
    let source = store.open(&entry.path);
    let read = source.read(ByteRange::Bounded(0..entry.size)).await?;
    stats.add_request(source.name(), 0..read.bytes.len() as u64);
    let corrupt = |message: String| {
        ErrorKind::Corrupt
            .with_message(message)
            .with_context(source.name().to_string())
    };
    if read.file_len != entry.size {
        return Err(corrupt(format!(
            "the split filter file is {} bytes but the manifest says {}: truncated or replaced",
            read.file_len, entry.size
        )));
    }
    if !has_id(&read.bytes, &entry.id) {
        return Err(corrupt(
            "the split filter file does not match its content id: damaged or replaced".into(),
        ));
    }
    Ok(read.bytes)
}
