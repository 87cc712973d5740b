//! The steps of a search after the splits are open. Each runs its probes in every split at
//! once (see `probes`), so each costs at most one network wave.

use tantivy::collector::sort_key::SortByErasedType;
use tantivy::collector::{Count, TopDocs};
use tantivy::query::Query;
use tantivy::schema::{OwnedValue, Term};
use tantivy::{DocAddress, TantivyDocument};

use super::analytics::AggregationRequest;
use super::index_order::{EdgeDocs, IndexOrder};
use super::probes::{probe, probe_postings, probe_terms, FoundTerm, Probe, Warmup};
use super::query::ParsedQuery;
use super::stats_provider::GlobalStatistics;
use super::SearchRequest;
use crate::error::Result;
use crate::formats::split::DayCounts;

/// How a hit ranks: its BM25 score, its value of the sort field, or its place in index
/// order (its sort value is then read from its stored document).
#[derive(Clone, Debug)]
pub(crate) enum SortKey {
    Score(f32),
    Value(OwnedValue),
    IndexOrder,
}

/// A hit before its document is loaded: rank, split index, address in the split.
pub(crate) type Ranked = (SortKey, usize, DocAddress);

/// What the search step found over all splits.
#[derive(Default)]
pub(crate) struct Collected {
    /// Matching documents.
    pub count: u64,
    /// The first `offset + limit` hits, best first.
    pub ranked: Vec<Ranked>,
    /// The merged aggregation results, when asked for.
    pub aggregations: Option<serde_json::Value>,
}

/// The terms `parsed` looks up, each with whether its positions are needed.
pub(crate) fn query_terms(parsed: &ParsedQuery) -> Vec<(Term, bool)> {
    let mut terms = Vec::new();
    parsed
        .query
        .query_terms(&mut |term, positions| terms.push((term.clone(), positions)));
    terms
}

/// Wave 1: the dictionary block of every term, and the dictionary range of every prefix
/// (read already, with the open, where the manifest carries the splits' dictionaries).
pub(crate) async fn lookup_terms(
    warmup: &Warmup<'_>,
    parsed: &ParsedQuery,
) -> Result<Vec<Vec<FoundTerm>>> {
    let terms = query_terms(parsed);
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

/// The synchronous search of every split with index-wide BM25 statistics: the top hits of
/// each (by score, or by a fast field), the count, and the aggregations, merged. Ties keep
/// index order (split order, then document id), as one tantivy index would.
///
/// `by_days`: the day counts of the splits that answer the aggregations without a search
/// ([`AggregationRequest::answered_by_days`]), merged with the others'.
///
/// With `index_order`, the sort is one index order satisfies and the splits come in the
/// order to take them: each gives its first or last matches, read from no column.
pub(crate) async fn collect(
    warmup: &Warmup<'_>,
    queries: &[Box<dyn Query>],
    request: &SearchRequest,
    aggregations: Option<&AggregationRequest>,
    index_order: Option<IndexOrder>,
    by_days: &[&DayCounts],
) -> Result<Collected> {
    let window = request.offset + request.limit;
    let sort = request.sort.as_ref();
    let per_split = warmup
        .run("search", || {
            let global = GlobalStatistics {
                searchers: warmup.splits.iter().map(|s| &s.searcher).collect(),
            };
            let mut results = Vec::with_capacity(warmup.splits.len());
            let mut complete = true;
            for (split, query) in warmup.splits.iter().zip(queries) {
                let searcher = &split.searcher;
                // Only what is asked for: no top k for `limit: 0`, and no scoring when the
                // hits are ordered by a field (scoring would read fieldnorms and more).
                let by_score = (window > 0 && sort.is_none())
                    .then(|| TopDocs::with_limit(window).order_by_score());
                let by_field = sort
                    .filter(|_| window > 0 && index_order.is_none())
                    .map(|sort| {
                        TopDocs::with_limit(window)
                            .order_by((SortByErasedType::for_field(&sort.field), sort.order()))
                    });
                let by_index_order = index_order.filter(|_| window > 0).map(|order| EdgeDocs {
                    limit: window,
                    order,
                });
                let aggregation = aggregations.map(|aggregations| {
                    aggregations.collector(searcher.index().tokenizers().clone())
                });
                let collector = ((by_score, by_field, by_index_order), Count, aggregation);
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
    let mut count = 0;
    let mut merged: Vec<Ranked> = Vec::new();
    let mut split_aggregations = Vec::new();
    for (split, ((by_score, by_field, by_index_order), split_count, aggregation)) in
        per_split.into_iter().enumerate()
    {
        count += split_count as u64;
        let by_score = by_score.into_iter().flatten();
        merged.extend(by_score.map(|(score, address)| (SortKey::Score(score), split, address)));
        let by_field = by_field.into_iter().flatten();
        merged.extend(by_field.map(|(value, address)| (SortKey::Value(value), split, address)));
        let by_index_order = by_index_order.into_iter().flat_map(|(docs, _)| docs);
        merged.extend(by_index_order.map(|address| (SortKey::IndexOrder, split, address)));
        split_aggregations.extend(aggregation);
    }
    // In index order, the splits and each split's hits already come in rank order.
    if index_order.is_none() {
        merged.sort_by(|a, b| {
            let rank = match (&a.0, &b.0, sort) {
                (SortKey::Score(a), SortKey::Score(b), _) => b.total_cmp(a),
                (SortKey::Value(a), SortKey::Value(b), Some(sort)) => sort.compare(a, b).reverse(),
                _ => std::cmp::Ordering::Equal,
            };
            rank.then(a.1.cmp(&b.1)).then(a.2.doc_id.cmp(&b.2.doc_id))
        });
    }
    merged.truncate(window);
    let aggregations = aggregations
        .map(|aggregations| aggregations.finish(split_aggregations, by_days))
        .transpose()?;
    Ok(Collected {
        count,
        ranked: merged,
        aggregations,
    })
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
