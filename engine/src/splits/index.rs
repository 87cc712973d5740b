//! Opening an index of splits (or several searched as one, [`super::catalog`]): the
//! manifest, then the split filter files, a wave each; the lexicon and each split opened on
//! first use (one read of a split's open region).

use std::collections::HashMap;
use std::sync::Arc;

use futures::lock::Mutex as AsyncMutex;

use super::catalog::{read_parts, Catalog};
use super::prefix_query::PrefixTerm;
use super::split::{open_split, OpenedSplit, QueryScope, SplitDictionaries};
use super::QueryBuilder;
use crate::api::SearchStats;
use crate::error::Result;
use crate::formats::manifest::Manifest;
use crate::io::{
    Fetcher, IndexStore, PageCache, PageRequest, PersistentCache, QueryStats,
    DEFAULT_MAX_READ_THROUGH_BYTES, DEFAULT_MAX_REQUESTS_PER_WAVE,
};
use crate::io::{FileLocation, DEFAULT_CACHE_BYTES};
use crate::mapping::MappedSchema;
use crate::pruning::{read_filter_files, IndexFilters, SplitFilterFile};
use crate::typos::Lexicon;
use tantivy::schema::Term;

/// Options for opening an index.
#[derive(Clone, Debug)]
pub struct IndexOptions {
    /// Byte bound of the in-memory page cache (0: no cache, every query is cold).
    pub cache_bytes: usize,
    /// A tier below the memory cache that outlives the process (IndexedDB, the edge cache).
    pub persistent: Option<Arc<dyn PersistentCache>>,
    /// Requests a wave aims at, reading through small gaps to get there: 6 suits HTTP/1.1
    /// hosts seen from browsers (six connections); 0 joins only adjacent pages (HTTP/2 hosts,
    /// where more requests cost no round trip and gaps only cost bytes).
    pub max_requests_per_wave: usize,
    /// Bytes of gaps between wanted pages a wave may read through, in all, to stay within
    /// that budget (when metered: each gap).
    pub max_read_through_bytes: u64,
    /// Every request is metered (a Worker's subrequests), not only round trips: gaps within
    /// `max_read_through_bytes` are read through even when a wave stays above its budget.
    pub metered_requests: bool,
}

impl Default for IndexOptions {
    fn default() -> Self {
        IndexOptions {
            cache_bytes: DEFAULT_CACHE_BYTES,
            persistent: None,
            max_requests_per_wave: DEFAULT_MAX_REQUESTS_PER_WAVE,
            max_read_through_bytes: DEFAULT_MAX_READ_THROUGH_BYTES,
            metered_requests: false,
        }
    }
}

/// The cost figures of what `stats` counted since `started`.
fn search_stats(
    stats: &QueryStats,
    splits_total: usize,
    splits_opened: usize,
    started: web_time::Instant,
) -> SearchStats {
    let io = stats.counts();
    SearchStats {
        requests: io.requests,
        bytes: io.bytes,
        waves: io.waves,
        splits_total: splits_total as u64,
        splits_opened: splits_opened as u64,
        cache_hits: io.cache_hits,
        elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
    }
}

/// What an index being opened starts from: the reads so far, and what an older index over
/// the same files already read.
pub(super) struct Opened {
    pub(super) stats: QueryStats,
    pub(super) started: web_time::Instant,
    pub(super) splits: HashMap<String, Arc<OpenedSplit>>,
    pub(super) filter_files: HashMap<String, Arc<SplitFilterFile>>,
    /// Lexicons by content id.
    pub(super) lexicons: HashMap<String, Arc<Lexicon>>,
}

pub(super) struct SplitSlot {
    pub(super) location: FileLocation,
    pub(super) opened: AsyncMutex<Option<Arc<OpenedSplit>>>,
    /// Its term dictionaries as the manifest carries them, to look words up while it opens.
    pub(super) dictionaries: Option<SplitDictionaries>,
    /// Which of the indexes searched together the split belongs to.
    pub(super) part: usize,
}

/// An opened index (or several searched as one): manifest, schema, split filters, splits
/// (opened on first use) and the page cache.
pub struct SearchIndex {
    pub(super) catalog: Catalog,
    pub(super) schema: MappedSchema,
    pub(super) queries: QueryBuilder,
    pub(super) fetcher: Arc<Fetcher>,
    pub(super) slots: Vec<SplitSlot>,
    /// The split filter files, by content id (a refreshed index reuses them).
    pub(super) filter_files: HashMap<String, Arc<SplitFilterFile>>,
    pub(super) filters: IndexFilters,
    /// The lexicons for typo tolerance (each index's), read as queries need them.
    pub(super) lexicons: Vec<Arc<Lexicon>>,
    /// What opening cost: the manifest, then the split filter files.
    pub(super) open_stats: SearchStats,
}

impl std::fmt::Debug for SearchIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "SearchIndex({}, {} splits)",
            self.catalog.roots(),
            self.slots.len()
        )
    }
}

impl SearchIndex {
    /// Reads the manifest of the index in `store`, then its split filter files (one wave).
    pub async fn open(store: Arc<dyn IndexStore>, options: IndexOptions) -> Result<SearchIndex> {
        Self::open_together(vec![store], options).await
    }

    /// Several indexes built with the same mapping, searched as one: their manifests in one
    /// wave, then their split filter files in another, as for one index. A search counts
    /// BM25's statistics over all their documents and expands prefixes over all their words,
    /// so it ranks as one index over every document would; each hit says which index it
    /// comes from (its position in `stores`).
    pub async fn open_together(
        stores: Vec<Arc<dyn IndexStore>>,
        options: IndexOptions,
    ) -> Result<SearchIndex> {
        let started = web_time::Instant::now();
        let stats = QueryStats::new();
        let catalog = Catalog::new(read_parts(stores, &stats).await?)?;
        let fetcher = Fetcher::new(
            Arc::new(PageCache::new(options.cache_bytes)),
            options.persistent,
        )
        .with_max_requests_per_wave(options.max_requests_per_wave)
        .with_max_read_through_bytes(options.max_read_through_bytes)
        .with_metered_requests(options.metered_requests);
        // Send + Sync natively; in wasm the tiers are JS objects and one thread runs all.
        #[allow(clippy::arc_with_non_send_sync)]
        let fetcher = Arc::new(fetcher);
        let opened = Opened {
            stats,
            started,
            splits: HashMap::new(),
            filter_files: HashMap::new(),
            lexicons: HashMap::new(),
        };
        Self::with_fetcher(catalog, fetcher, opened).await
    }

    /// An index over `catalog` reading through `fetcher`; splits, filter files and
    /// lexicons already read (by content id) are reused instead of read again.
    async fn with_fetcher(
        catalog: Catalog,
        fetcher: Arc<Fetcher>,
        mut opened: Opened,
    ) -> Result<SearchIndex> {
        let manifest = &catalog.manifest;
        let schema = MappedSchema::new(manifest.mapping.clone());
        let queries = QueryBuilder::new(&schema);
        let filter_entries: Vec<_> = catalog
            .parts
            .iter()
            .flat_map(|part| {
                let store: &dyn IndexStore = &*part.store;
                part.manifest
                    .split_filters
                    .iter()
                    .map(move |entry| (store, entry))
            })
            .collect();
        let filter_files = read_filter_files(
            &filter_entries,
            fetcher.persistent(),
            &opened.filter_files,
            &opened.stats,
        )
        .await?;
        let split_ids: Vec<&str> = manifest.splits.iter().map(|s| s.id.as_str()).collect();
        let filters = IndexFilters::new(
            manifest
                .split_filters
                .iter()
                .filter_map(|entry| {
                    let field = schema.field(&entry.field)?;
                    Some((field, filter_files.get(&entry.id)?.clone()))
                })
                .collect(),
            &split_ids,
        );
        let slots = manifest
            .splits
            .iter()
            .zip(&catalog.split_parts)
            .map(|(entry, &part)| -> Result<SplitSlot> {
                let id: Arc<str> = Arc::from(entry.id.as_str());
                let cache = fetcher.cache();
                let dictionaries = (entry.dictionaries.as_ref())
                    .map(|d| SplitDictionaries::new(id.clone(), entry.size, d, cache.clone()))
                    .transpose()?;
                Ok(SplitSlot {
                    location: FileLocation {
                        id,
                        source: catalog.parts[part].store.open(&entry.path),
                        len: Some(entry.size),
                        open_region: Some(entry.open_region[0]..entry.open_region[1]),
                    },
                    opened: AsyncMutex::new(opened.splits.remove(&entry.id)),
                    dictionaries,
                    part,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        // A refreshed index keeps the lexicons it read that the manifests still name.
        let lexicons = catalog
            .parts
            .iter()
            .filter_map(|part| Some((part, part.manifest.lexicon.as_ref()?)))
            .map(|(part, entry)| -> Result<Arc<Lexicon>> {
                Ok(match opened.lexicons.remove(&entry.id) {
                    Some(lexicon) => lexicon,
                    // Send + Sync natively; in wasm the source is a JS object and one thread
                    // runs all.
                    #[allow(clippy::arc_with_non_send_sync)]
                    None => Arc::new(Lexicon::new(&*part.store, entry)?),
                })
            })
            .collect::<Result<Vec<_>>>()?;
        if let Some(persistent) = fetcher.persistent() {
            // Splits, filter files and lexicons that left the manifest will never be read again.
            let live: Vec<&str> = manifest
                .splits
                .iter()
                .map(|s| s.id.as_str())
                .chain(manifest.split_filters.iter().map(|f| f.id.as_str()))
                .chain(lexicons.iter().map(|l| l.id()))
                .collect();
            persistent.retain_splits(&live);
        }
        let open_stats = search_stats(&opened.stats, slots.len(), 0, opened.started);
        Ok(SearchIndex {
            catalog,
            schema,
            queries,
            fetcher,
            slots,
            filter_files,
            filters,
            lexicons,
            open_stats,
        })
    }

    /// Reads the manifest again (for long-lived readers such as a Worker isolate). `None` when
    /// it did not change; otherwise an index over the new manifest that shares this one's
    /// caches and in-flight reads, and keeps the splits already opened that it still lists
    /// (split files are immutable, so nothing read so far goes stale).
    pub async fn refreshed(&self) -> Result<Option<SearchIndex>> {
        let started = web_time::Instant::now();
        let stats = QueryStats::new();
        let stores = self.catalog.parts.iter().map(|p| p.store.clone()).collect();
        let parts = read_parts(stores, &stats).await?;
        let unchanged = parts
            .iter()
            .zip(&self.catalog.parts)
            .all(|(new, old)| new.manifest == old.manifest);
        if unchanged {
            return Ok(None);
        }
        let catalog = Catalog::new(parts)?;
        let mut opened = HashMap::new();
        if catalog.manifest.mapping == self.catalog.manifest.mapping {
            // A new mapping reads splits differently: then they are opened again.
            for slot in &self.slots {
                if let Some(split) = slot.opened.lock().await.as_ref() {
                    opened.insert(slot.location.id.to_string(), split.clone());
                }
            }
        }
        let opened = Opened {
            stats,
            started,
            splits: opened,
            filter_files: self.filter_files.clone(),
            lexicons: self
                .lexicons
                .iter()
                .map(|l| (l.id().to_string(), l.clone()))
                .collect(),
        };
        Self::with_fetcher(catalog, self.fetcher.clone(), opened)
            .await
            .map(Some)
    }

    /// What opening the index cost: reading the manifest, then the split filter files.
    pub fn open_stats(&self) -> &SearchStats {
        &self.open_stats
    }

    /// The manifest; of several indexes searched as one, the one they make together: their
    /// mapping, all their splits and split filter files, and the first one's lexicon.
    pub fn manifest(&self) -> &Manifest {
        &self.catalog.manifest
    }

    /// The page cache.
    pub fn cache(&self) -> &Arc<PageCache> {
        self.fetcher.cache()
    }

    /// Opens every split (one concurrent wave of one read each) so later queries skip it.
    pub async fn preload(&self) -> Result<SearchStats> {
        let stats = QueryStats::new();
        let started = web_time::Instant::now();
        let splits = self.open_splits(&stats, 0..self.slots.len()).await?;
        Ok(self.finish_stats(&stats, splits.len(), started))
    }

    /// Opens the splits `which` (slot numbers), in one wave.
    pub(super) async fn open_splits(
        &self,
        stats: &QueryStats,
        which: impl IntoIterator<Item = usize>,
    ) -> Result<Vec<Arc<OpenedSplit>>> {
        let mapping = &self.catalog.manifest.mapping;
        let before = stats.counts().requests;
        let opens = which
            .into_iter()
            .map(|i| &self.slots[i])
            .map(|slot| async move {
                let mut opened = slot.opened.lock().await;
                if let Some(split) = opened.as_ref() {
                    return Ok(split.clone());
                }
                // Send + Sync natively; in wasm the source is a JS object and one thread runs all.
                #[allow(clippy::arc_with_non_send_sync)]
                let split =
                    Arc::new(open_split(&slot.location, &self.fetcher, mapping, stats).await?);
                *opened = Some(split.clone());
                Ok::<_, crate::error::Error>(split)
            });
        let splits = futures::future::try_join_all(opens).await?;
        if stats.counts().requests > before {
            stats.add_wave();
        }
        Ok(splits)
    }

    /// Opens the splits `which` as [`Self::open_splits`] does and, in the same wave, reads
    /// the dictionary blocks that looking up `terms` and `prefixes` will read in those of
    /// them not open yet whose dictionaries the manifest carries: the lookups after the open
    /// then find them in `scope` and cost no wave of their own.
    pub(super) async fn open_splits_looking_up(
        &self,
        stats: &QueryStats,
        which: &[usize],
        scope: &Arc<QueryScope>,
        (terms, prefixes): (&[(Term, bool)], &[PrefixTerm]),
    ) -> Result<Vec<Arc<OpenedSplit>>> {
        let mut ahead = Vec::new();
        for slot in which.iter().map(|&i| &self.slots[i]) {
            let Some(dictionaries) = &slot.dictionaries else {
                continue;
            };
            // Open already, or opening for another query: its lookups wait for it.
            if !slot
                .opened
                .try_lock()
                .is_some_and(|opened| opened.is_none())
            {
                continue;
            }
            scope.enter(|| dictionaries.look_up(terms, prefixes));
            ahead.extend(scope.take_misses().into_values().map(|ranges| PageRequest {
                file: dictionaries.pages().clone(),
                source: slot.location.source.clone(),
                ranges,
            }));
        }
        if ahead.is_empty() {
            return self.open_splits(stats, which.iter().copied()).await;
        }
        // Counted apart, then as reads that ran together: one wave.
        let (opening, reading) = (QueryStats::new(), QueryStats::new());
        let mut pages = scope.take_pages();
        let (opened, read) = futures::future::join(
            self.open_splits(&opening, which.iter().copied()),
            self.fetcher.fetch_wave(ahead, &mut pages, &reading),
        )
        .await;
        scope.put_pages(pages);
        stats.add_concurrent(&[opening, reading]);
        // Where both failed (a corrupt or changed file), the open's verdict is the one to give.
        let opened = opened?;
        read?;
        Ok(opened)
    }

    pub(super) fn finish_stats(
        &self,
        stats: &QueryStats,
        opened: usize,
        started: web_time::Instant,
    ) -> SearchStats {
        search_stats(stats, self.slots.len(), opened, started)
    }

    /// Names what a requested byte range of a split holds (`.store`, `.idx`, `open region`),
    /// for explaining a query's cost. `None` for files that are not opened splits.
    pub async fn describe_range(&self, file: &str, range: &std::ops::Range<u64>) -> Option<String> {
        for slot in &self.slots {
            if slot.location.source.name() != file {
                continue;
            }
            let opened = slot.opened.lock().await;
            let split = opened.as_ref()?;
            if range.start >= split.footer.data_end() {
                return Some("open region (hotcache, footer)".to_string());
            }
            let pages = &split.data.pages;
            let data = pages.data_offset(range.start)..pages.data_offset(range.end);
            let names: Vec<&str> = split
                .footer
                .files
                .iter()
                .filter(|f| f.start < data.end && data.start < f.start + f.len)
                .map(|f| f.name.rsplit('.').next().unwrap_or(&f.name))
                .collect();
            return Some(names.join("+"));
        }
        None
    }
}
