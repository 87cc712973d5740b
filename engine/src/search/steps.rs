//! The steps of a search after the splits are open. Each runs its probes in every split at
//! once (see `warmup`), so each costs at most one network wave.

use tantivy::collector::{Count, TopDocs};
use tantivy::query::Query;
use tantivy::{DocAddress, TantivyDocument};

use super::query::ParsedQuery;
use super::stats_provider::GlobalStatistics;
use super::warmup::{probe, probe_postings, probe_terms, FoundTerm, Probe, Warmup};
use super::SearchRequest;
use crate::error::Result;

/// A hit before its document is loaded: score, split index, address in the split.
pub(crate) type Ranked = (f32, usize, DocAddress);

/// Wave 1: the dictionary block of every term, and the dictionary range of every prefix.
pub(crate) async fn lookup_terms(
    warmup: &Warmup<'_>,
    parsed: &ParsedQuery,
) -> Result<Vec<Vec<FoundTerm>>> {
    let mut terms = Vec::new();
    parsed
        .query
        .query_terms(&mut |term, positions| terms.push((term.clone(), positions)));
    let mut found: Vec<Vec<FoundTerm>> = warmup.splits.iter().map(|_| Vec::new()).collect();
    warmup
        .run("term lookup", || {
            let mut complete = true;
            for (split, found) in warmup.splits.iter().zip(found.iter_mut()) {
                complete &= probe_terms(split, &terms, &parsed.prefixes, found)?;
            }
            Ok(complete.then_some(()))
        })
        .await?;
    Ok(found)
}

/// Wave 2: postings, positions where phrases need them, and fieldnorms of scored fields.
pub(crate) async fn fetch_postings(warmup: &Warmup<'_>, found: &[Vec<FoundTerm>]) -> Result<()> {
    warmup
        .run("postings", || {
            let mut complete = true;
            for (split, found) in warmup.splits.iter().zip(found) {
                complete &= probe_postings(split, found, true)?;
            }
            Ok(complete.then_some(()))
        })
        .await
}

/// The synchronous search of every split with index-wide BM25 statistics, merged by score;
/// ties keep index order (split order, then document id), as one tantivy index would.
/// Returns the total count and the requested page of hits.
pub(crate) async fn top_hits(
    warmup: &Warmup<'_>,
    queries: &[Box<dyn Query>],
    request: &SearchRequest,
) -> Result<(u64, Vec<Ranked>)> {
    let window = request.offset + request.limit;
    let per_split = warmup
        .run("search", || {
            let global = GlobalStatistics {
                searchers: warmup.splits.iter().map(|s| &s.searcher).collect(),
            };
            let collector = (TopDocs::with_limit(window.max(1)).order_by_score(), Count);
            let mut results = Vec::with_capacity(warmup.splits.len());
            let mut complete = true;
            for (split, query) in warmup.splits.iter().zip(queries) {
                let searcher = &split.searcher;
                match probe(|| {
                    searcher.search_with_statistics_provider(&**query, &collector, &global)
                })? {
                    Probe::Ready(result) => results.push(result),
                    Probe::Missing => complete = false,
                }
            }
            Ok(complete.then_some(results))
        })
        .await?;
    let count = per_split.iter().map(|(_, count)| *count as u64).sum();
    let mut merged: Vec<Ranked> = per_split
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
    let page = merged
        .into_iter()
        .skip(request.offset)
        .take(request.limit)
        .collect();
    Ok((count, page))
}

/// Wave 3: the doc-store blocks of the hits shown.
pub(crate) async fn load_documents(
    warmup: &Warmup<'_>,
    page: &[Ranked],
) -> Result<Vec<TantivyDocument>> {
    warmup
        .run("documents", || {
            let mut documents = Vec::with_capacity(page.len());
            let mut complete = true;
            for (_, split, address) in page {
                match probe(|| {
                    warmup.splits[*split]
                        .searcher
                        .doc::<TantivyDocument>(*address)
                })? {
                    Probe::Ready(document) => documents.push(document),
                    Probe::Missing => complete = false,
                }
            }
            Ok(complete.then_some(documents))
        })
        .await
}
