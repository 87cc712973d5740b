//! Searching an index of splits: open (one read per split), warm up, search synchronously,
//! merge across splits, fetch the shown documents.

mod query;
mod results;
mod stats_provider;
mod warmup;

use std::collections::HashMap;
use std::sync::Arc;

use futures::lock::Mutex as AsyncMutex;
use tantivy::collector::{Count, TopDocs};
use tantivy::snippet::SnippetGenerator;
use tantivy::{DocAddress, TantivyDocument};

pub use query::{ParsedQuery, PrefixTerm, QueryBuilder, MAX_PREFIX_EXPANSIONS};
pub use results::{Hit, SearchResponse, SearchStats};

use self::stats_provider::GlobalStatistics;
use self::warmup::{
    expansions_in_split, global_prefix_cutoffs, probe, probe_postings, probe_terms, FoundTerm,
    Probe, Warmup,
};
use crate::error::{ErrorKind, Result};
use crate::io::{Fetcher, IndexStore, PageCache, QueryStats};
use crate::manifest::{Manifest, MANIFEST_FILE};
use crate::mapping::MappedSchema;
use crate::split::{open_split, OpenedSplit, QueryScope, SplitLocation};

/// Largest `limit` a search accepts.
pub const MAX_LIMIT: usize = 1000;
/// Largest `offset + limit` a search accepts (deep pages cost every split a large top-k).
pub const MAX_WINDOW: usize = 10_000;
/// Default page cache bound.
pub const DEFAULT_CACHE_BYTES: usize = 64 << 20;

/// Options for opening an index.
#[derive(Clone, Debug)]
pub struct IndexOptions {
    /// Byte bound of the in-memory page cache (0: no cache, every query is cold).
    pub cache_bytes: usize,
}

impl Default for IndexOptions {
    fn default() -> Self {
        IndexOptions {
            cache_bytes: DEFAULT_CACHE_BYTES,
        }
    }
}

/// A search request.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// Query text (tantivy syntax; anything else is searched as plain words).
    pub query: String,
    /// Hits to return.
    pub limit: usize,
    /// Hits to skip.
    pub offset: usize,
    /// Whether to cut snippets.
    pub snippet: bool,
}

impl SearchRequest {
    /// The first `limit` hits of `query`, with snippets.
    pub fn new(query: impl Into<String>, limit: usize) -> SearchRequest {
        SearchRequest {
            query: query.into(),
            limit,
            offset: 0,
            snippet: true,
        }
    }
}

struct SplitSlot {
    location: SplitLocation,
    opened: AsyncMutex<Option<Arc<OpenedSplit>>>,
}

/// An opened index: manifest, schema, splits (opened on first use) and the page cache.
pub struct SearchIndex {
    store: Arc<dyn IndexStore>,
    manifest: Manifest,
    schema: MappedSchema,
    queries: QueryBuilder,
    fetcher: Fetcher,
    slots: Vec<SplitSlot>,
}

impl std::fmt::Debug for SearchIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "SearchIndex({}, {} splits)",
            self.store.root(),
            self.slots.len()
        )
    }
}

impl SearchIndex {
    /// Reads the manifest of the index in `store`.
    pub async fn open(store: Arc<dyn IndexStore>, options: IndexOptions) -> Result<SearchIndex> {
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
        let manifest = Manifest::parse(&bytes)
            .map_err(|e| e.with_context(format!("{}{MANIFEST_FILE}", store.root())))?;
        Ok(Self::from_manifest(store, manifest, options))
    }

    /// An index over a manifest already read.
    pub fn from_manifest(
        store: Arc<dyn IndexStore>,
        manifest: Manifest,
        options: IndexOptions,
    ) -> SearchIndex {
        let schema = MappedSchema::new(manifest.mapping.clone());
        let queries = QueryBuilder::new(&schema);
        let slots = manifest
            .splits
            .iter()
            .map(|entry| SplitSlot {
                location: SplitLocation {
                    id: Arc::from(entry.id.as_str()),
                    source: store.open(&entry.path),
                    len: Some(entry.size),
                    open_region: Some(entry.open_region[0]..entry.open_region[1]),
                },
                opened: AsyncMutex::new(None),
            })
            .collect();
        let fetcher = Fetcher::new(Arc::new(PageCache::new(options.cache_bytes)));
        SearchIndex {
            store,
            manifest,
            schema,
            queries,
            fetcher,
            slots,
        }
    }

    /// The manifest.
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// The page cache.
    pub fn cache(&self) -> &Arc<PageCache> {
        self.fetcher.cache()
    }

    /// Opens every split (one concurrent wave of one read each) so later queries skip it.
    pub async fn preload(&self) -> Result<SearchStats> {
        let stats = QueryStats::new();
        let started = web_time::Instant::now();
        let splits = self.open_splits(&stats).await?;
        Ok(self.finish_stats(&stats, splits.len(), started))
    }

    async fn open_splits(&self, stats: &QueryStats) -> Result<Vec<Arc<OpenedSplit>>> {
        let mapping = &self.manifest.mapping;
        let before = stats.counts().requests;
        let opens = self.slots.iter().map(|slot| async move {
            let mut opened = slot.opened.lock().await;
            if let Some(split) = opened.as_ref() {
                return Ok(split.clone());
            }
            let split = Arc::new(open_split(&slot.location, &self.fetcher, mapping, stats).await?);
            *opened = Some(split.clone());
            Ok::<_, crate::error::Error>(split)
        });
        let splits = futures::future::try_join_all(opens).await?;
        if stats.counts().requests > before {
            stats.add_wave();
        }
        Ok(splits)
    }

    fn finish_stats(
        &self,
        stats: &QueryStats,
        opened: usize,
        started: web_time::Instant,
    ) -> SearchStats {
        let io = stats.counts();
        SearchStats {
            requests: io.requests,
            bytes: io.bytes,
            waves: io.waves,
            splits_total: self.slots.len() as u64,
            splits_opened: opened as u64,
            elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
        }
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
            if range.start >= split.footer.data_len {
                return Some("open region (hotcache, page table, footer)".to_string());
            }
            let names: Vec<&str> = split
                .footer
                .files
                .iter()
                .filter(|f| f.start < range.end && range.start < f.start + f.len)
                .map(|f| f.name.rsplit('.').next().unwrap_or(&f.name))
                .collect();
            return Some(names.join("+"));
        }
        None
    }

    /// Runs a search.
    pub async fn search(&self, request: &SearchRequest) -> Result<SearchResponse> {
        if request.limit > MAX_LIMIT {
            return Err(ErrorKind::InvalidQuery.with_message(format!(
                "limit {} is above the maximum {MAX_LIMIT}",
                request.limit
            )));
        }
        if request.offset + request.limit > MAX_WINDOW {
            return Err(ErrorKind::InvalidQuery
                .with_message(format!("offset + limit is above the maximum {MAX_WINDOW}")));
        }
        let started = web_time::Instant::now();
        let stats = QueryStats::new();
        let parsed = self.queries.parse(&request.query)?;
        let splits = self.open_splits(&stats).await?;
        let warmup = Warmup {
            scope: QueryScope::new(),
            fetcher: &self.fetcher,
            stats: &stats,
            splits: &splits,
        };

        let mut terms = Vec::new();
        parsed
            .query
            .query_terms(&mut |term, positions| terms.push((term.clone(), positions)));
        let mut found: Vec<Vec<FoundTerm>> = splits.iter().map(|_| Vec::new()).collect();
        warmup
            .run("term lookup", || {
                let mut complete = true;
                for (split, found) in splits.iter().zip(found.iter_mut()) {
                    complete &= probe_terms(split, &terms, &parsed.prefixes, found)?;
                }
                Ok(complete.then_some(()))
            })
            .await?;
        // Prefixes expand to the same terms as in one index: parse again with what the
        // dictionaries said, one query per split when phrase prefixes need per-split caps.
        let cutoffs = global_prefix_cutoffs(&parsed.prefixes, &mut found);
        let queries: Vec<Box<dyn tantivy::query::Query>> = if parsed.prefixes.is_empty() {
            splits.iter().map(|_| parsed.query.box_clone()).collect()
        } else {
            let mut queries = Vec::with_capacity(splits.len());
            for found in &found {
                let expansions = expansions_in_split(&parsed.prefixes, found);
                queries.push(
                    self.queries
                        .parse_with_cutoffs(&request.query, Some(&cutoffs), Some(&expansions))?
                        .query,
                );
            }
            queries
        };
        warmup
            .run("postings", || {
                let mut complete = true;
                for (split, found) in splits.iter().zip(&found) {
                    complete &= probe_postings(split, found, true)?;
                }
                Ok(complete.then_some(()))
            })
            .await?;

        let window = request.offset + request.limit;
        let per_split = warmup
            .run("search", || {
                let global = GlobalStatistics {
                    searchers: splits.iter().map(|s| &s.searcher).collect(),
                };
                let collector = (TopDocs::with_limit(window.max(1)).order_by_score(), Count);
                let mut results = Vec::with_capacity(splits.len());
                let mut complete = true;
                for (split, query) in splits.iter().zip(&queries) {
                    match probe(|| {
                        split
                            .searcher
                            .search_with_statistics_provider(&**query, &collector, &global)
                    })? {
                        Probe::Ready(result) => results.push(result),
                        Probe::Missing => complete = false,
                    }
                }
                Ok(complete.then_some(results))
            })
            .await?;

        let count: u64 = per_split.iter().map(|(_, count)| *count as u64).sum();
        // Merge by score; ties keep index order (split order, then document id), as one
        // tantivy index would.
        let mut merged: Vec<(f32, usize, DocAddress)> = per_split
            .iter()
            .enumerate()
            .flat_map(|(split, (top, _))| {
                top.iter()
                    .map(move |(score, address)| (*score, split, *address))
            })
            .collect();
        merged.sort_by(|a, b| {
            b.0.total_cmp(&a.0)
                .then(a.1.cmp(&b.1))
                .then(a.2.doc_id.cmp(&b.2.doc_id))
        });
        let page: Vec<(f32, usize, DocAddress)> = merged
            .into_iter()
            .skip(request.offset)
            .take(request.limit)
            .collect();

        let documents = warmup
            .run("documents", || {
                let mut documents = Vec::with_capacity(page.len());
                let mut complete = true;
                for (_, split, address) in &page {
                    match probe(|| splits[*split].searcher.doc::<TantivyDocument>(*address))? {
                        Probe::Ready(doc) => documents.push(doc),
                        Probe::Missing => complete = false,
                    }
                }
                Ok(complete.then_some(documents))
            })
            .await?;

        let hits = warmup
            .scope
            .enter(|| self.hits(request, &queries, &splits, &page, documents))?;
        let used: std::collections::HashSet<usize> = (0..splits.len()).collect();
        Ok(SearchResponse {
            count,
            hits,
            stats: self.finish_stats(&stats, used.len(), started),
            requests: stats.requests(),
        })
    }

    fn hits(
        &self,
        request: &SearchRequest,
        queries: &[Box<dyn tantivy::query::Query>],
        splits: &[Arc<OpenedSplit>],
        page: &[(f32, usize, DocAddress)],
        documents: Vec<TantivyDocument>,
    ) -> Result<Vec<Hit>> {
        let snippet_field = if request.snippet {
            self.manifest
                .mapping
                .snippet_field()
                .and_then(|f| self.schema.field(&f.name))
        } else {
            None
        };
        let id_field = self
            .schema
            .field(&self.manifest.mapping.id_field)
            .expect("validated mapping");
        let mut generators: HashMap<usize, SnippetGenerator> = HashMap::new();
        let mut hits = Vec::with_capacity(page.len());
        for ((score, split, _), document) in page.iter().zip(documents) {
            let snippet = match snippet_field {
                Some(field) => {
                    if !generators.contains_key(split) {
                        let mut generator = SnippetGenerator::create(
                            &splits[*split].searcher,
                            &*queries[*split],
                            field,
                        )?;
                        generator.set_max_num_chars(220);
                        generators.insert(*split, generator);
                    }
                    results::snippet_html(&generators[split].snippet_from_doc(&document))
                }
                None => None,
            };
            let doc = results::document_json(&self.schema, &document);
            let id = match doc.get(&self.schema.mapping_of(id_field).name) {
                Some(serde_json::Value::String(s)) => s.clone(),
                Some(serde_json::Value::Array(values)) => {
                    values.first().map(|v| v.to_string()).unwrap_or_default()
                }
                Some(other) => other.to_string(),
                None => String::new(),
            };
            hits.push(Hit {
                id,
                score: *score,
                doc,
                snippet,
            });
        }
        Ok(hits)
    }
}
