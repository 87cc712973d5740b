//! What an index of splits is made of: one index's manifest, or several indexes searched as
//! one (`rangefind search A B QUERY`), each with its own store and manifest. Their manifests
//! are read in one wave and must map documents alike; the catalog then lists every split and
//! filter file of all of them, in the order the indexes were given, so that a search over
//! them counts BM25's statistics over all their documents, as one index over all would.

use std::sync::Arc;

use crate::error::{ErrorKind, Result};
use crate::formats::manifest::{Manifest, MANIFEST_FILE};
use crate::io::{IndexStore, QueryStats};

/// One index of those searched together: where its files are and what its manifest says.
pub(super) struct Part {
    pub(super) store: Arc<dyn IndexStore>,
    pub(super) manifest: Manifest,
}

/// The indexes searched together, and the manifest they make as one: the shared mapping,
/// every split and every split filter file (in the order the indexes were given), and the
/// first index's lexicon (each index's own is in its part).
pub(super) struct Catalog {
    pub(super) parts: Vec<Part>,
    pub(super) manifest: Manifest,
    /// For each split of `manifest`, the part it belongs to.
    pub(super) split_parts: Vec<usize>,
}

impl Catalog {
    /// The catalog of `parts` (at least one), which must map documents alike.
    pub(super) fn new(parts: Vec<Part>) -> Result<Catalog> {
        let first = &parts.first().expect("at least one index").manifest;
        if let Some(other) = parts.iter().find(|p| p.manifest.mapping != first.mapping) {
            return Err(ErrorKind::Incompatible.with_message(format!(
                "{} and {} map documents differently (their doc mappings differ): indexes are \
                 searched as one only when they were built with the same mapping",
                parts[0].store.root(),
                other.store.root()
            )));
        }
        // A split in two of them (an index given twice, or a copy): its documents would count
        // twice.
        let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        for (n, part) in parts.iter().enumerate() {
            for split in &part.manifest.splits {
                if let Some(&other) = seen.get(split.id.as_str()).filter(|&&other| other != n) {
                    return Err(ErrorKind::InvalidInput.with_message(format!(
                        "{} and {} both hold the split {}: an index given twice, or a copy of \
                         one, would count its documents twice",
                        parts[other].store.root(),
                        part.store.root(),
                        split.id
                    )));
                }
                seen.insert(split.id.as_str(), n);
            }
        }
        let mut manifest = first.clone();
        manifest.splits.clear();
        manifest.split_filters.clear();
        let mut split_parts = Vec::new();
        for (n, part) in parts.iter().enumerate() {
            manifest.splits.extend(part.manifest.splits.iter().cloned());
            manifest
                .split_filters
                .extend(part.manifest.split_filters.iter().cloned());
            split_parts.extend(part.manifest.splits.iter().map(|_| n));
        }
        Ok(Catalog {
            parts,
            manifest,
            split_parts,
        })
    }

    /// Whether several indexes are searched as one.
    pub(super) fn several(&self) -> bool {
        self.parts.len() > 1
    }

    /// The roots of the indexes, for messages.
    pub(super) fn roots(&self) -> String {
        let roots: Vec<&str> = self.parts.iter().map(|p| p.store.root()).collect();
        roots.join(" ")
    }
}

/// Reads the manifest of each of `stores` at once: one request each, one wave for all.
pub(super) async fn read_parts(
    stores: Vec<Arc<dyn IndexStore>>,
    stats: &QueryStats,
) -> Result<Vec<Part>> {
    if stores.is_empty() {
        return Err(ErrorKind::InvalidInput.with_message("no index to open".to_string()));
    }
    let reads = stores.into_iter().map(|store| async move {
        let manifest = read_manifest(&*store, stats).await?;
        Ok::<_, crate::error::Error>(Part { store, manifest })
    });
    let parts = futures::future::try_join_all(reads).await?;
    stats.add_wave();
    Ok(parts)
}

/// Reads and parses the manifest of the index in `store` (one request, counted in `stats`;
/// the caller counts the wave).
async fn read_manifest(store: &dyn IndexStore, stats: &QueryStats) -> Result<Manifest> {
    let bytes = store.read_all(MANIFEST_FILE).await.map_err(|e| {
        if e.kind() == ErrorKind::NotFound {
            ErrorKind::NotFound.with_message(format!(
                "no {MANIFEST_FILE} in {}: is this an index built by `rangefind build`?",
                store.root()
            ))
        } else {
            e
        }
    })?;
    stats.add_request(MANIFEST_FILE, 0..bytes.len() as u64);
    Manifest::parse(&bytes).map_err(|e| e.with_context(format!("{}{MANIFEST_FILE}", store.root())))
}
