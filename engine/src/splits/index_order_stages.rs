//! Which splits a query opens, and in what stages: a sort that index order satisfies takes the
//! splits in time order and may stop once the first stage fills the page.

use tantivy::query::Query;

use super::index_order::IndexOrder;
use super::time_range::Overlap;
use super::{SearchIndex, SearchRequest};

impl SearchIndex {
    /// When index order satisfies the request's sort, the splits to search in the order to
    /// take them, and which end of each to take: the sort is on the timestamp field (stored,
    /// to show each hit's value), every split reached was written in time order, and their
    /// time ranges do not overlap. Ties then come in index order, reversed when descending.
    pub(super) fn index_order_plan(
        &self,
        request: &SearchRequest,
        reached: &[(usize, Overlap)],
        has_aggregations: bool,
    ) -> Option<(Vec<(usize, Overlap)>, IndexOrder)> {
        let sort = request.sort.as_ref()?;
        let mapping = &self.catalog.manifest.mapping;
        let timestamp = mapping.timestamp_field.as_deref()?;
        let stored = mapping.field(timestamp).is_some_and(|f| f.stored);
        if has_aggregations || sort.field != timestamp || !stored || request.limit == 0 {
            return None;
        }
        let mut by_time = reached
            .iter()
            .map(|&(i, overlap)| {
                let split = &self.catalog.manifest.splits[i];
                let range = split.time_range.filter(|_| split.time_ordered)?;
                Some((range, (i, overlap)))
            })
            .collect::<Option<Vec<_>>>()?;
        by_time.sort_by_key(|&(range, (i, _))| (range, i));
        if by_time.windows(2).any(|pair| pair[0].0 .1 > pair[1].0 .0) {
            return None;
        }
        let mut ordered: Vec<(usize, Overlap)> = by_time.into_iter().map(|(_, s)| s).collect();
        if sort.descending {
            ordered.reverse();
            Some((ordered, IndexOrder::Last))
        } else {
            Some((ordered, IndexOrder::First))
        }
    }

    /// How many of `ordered` (the splits in the order an early-stopping sort takes them) its
    /// first stage opens, all at once: as many as the split filters' count tiers say fill
    /// `window` hits, else up to the last split they say holds a match; at least one.
    pub(super) fn first_stage_len(
        &self,
        ordered: &[(usize, Overlap)],
        query: &dyn Query,
        window: usize,
    ) -> usize {
        let mut likely = 0;
        let mut known = ordered.len().min(1);
        for (n, (split, overlap)) in ordered.iter().enumerate() {
            // A split partly outside the time range may hold its matches outside it.
            let here = match overlap {
                Overlap::Whole => self.filters.split_likely_min_matches(*split, query),
                _ => 0,
            };
            if here > 0 {
                likely += here;
                known = n + 1;
            }
            if likely >= window as u64 {
                return n + 1;
            }
        }
        known
    }
}
