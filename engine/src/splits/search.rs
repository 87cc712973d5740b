//! A search of an index of splits, step by step: the splits a request may reach (time range,
//! split filters), in stages when index order may stop early, each stage's words looked up,
//! replaced from the lexicon when none is held, postings fetched, matches collected; then the
//! page of hits and its documents. Searched again when a split changed under the reader.

use std::sync::Arc;

use tantivy::query::{AllQuery, Query};

use super::analytics::AggregationRequest;
use super::probes::{expansions_in_split, global_prefix_cutoffs, FoundTerm, Warmup};
use super::search_steps::{self, Ranked};
use super::split::{OpenedSplit, QueryScope};
use super::time_range::{Overlap, TimeRange};
use super::{changed_splits, request_filters, typo_words, SearchIndex};
use super::{ParsedQuery, Replaced, Replacements, SearchRequest, SearchResponse};
use crate::api::Hit;
use crate::error::{ErrorKind, Result};
use crate::formats::split::DayCounts;
use crate::io::QueryStats;
use crate::mapping::MappedSchema;
use crate::{all_at_once, StepFuture};

/// Fewer documents than this holding every word of a query of several, and those missing one
/// word follow them: a first page of results, as in the site engine (`site::search::
/// fewer_words`, its `TITLE_WINDOW`). Whatever the request's `offset` and `limit`, so that
/// every page of a query's results counts alike.
const FEWER_WORDS_BELOW: usize = 10;

/// How one search attempt ended: answered, or with replacements for unknown words to search
/// again with.
enum Attempt {
    Answered(Box<SearchResponse>),
    Replace(Vec<(String, Vec<String>)>),
}

/// Checks a request against the index; returns its parsed aggregations.
fn check_request(
    request: &SearchRequest,
    schema: &MappedSchema,
) -> Result<Option<AggregationRequest>> {
    request.check_bounds()?;
    if request.typeahead {
        return Err(ErrorKind::InvalidQuery.with_message(
            "`typeahead` is available on site indexes (their site file); search a split index \
             with the last word as a prefix (`word*`) instead"
                .to_string(),
        ));
    }
    let stored = schema.names_where(|f| f.stored);
    for name in request.fields.iter().flatten() {
        if !stored.contains(&name.as_str()) {
            return Err(ErrorKind::InvalidQuery.with_message(format!(
                "fields: no stored field {name:?}; the stored fields are {}",
                stored.join(", ")
            )));
        }
    }
    if let Some(sort) = &request.sort {
        sort.check(schema)?;
    }
    request
        .aggs
        .as_ref()
        .map(|aggs| AggregationRequest::parse(aggs, schema))
        .transpose()
}

impl SearchIndex {
    /// Runs a search: open splits, then one wave per step (dictionary blocks, postings,
    /// documents) with the synchronous tantivy search in between.
    ///
    /// When a word of the query is in no split and the index has a lexicon, the words one
    /// edit from it are searched instead (see [`crate::typos`]); the answer names them.
    ///
    /// A split whose host answers with a new validator (ETag, Last-Modified) is checked again
    /// and the search run again, up to [`changed_splits::RECHECKS`] times (see
    /// [`changed_splits`]). So is one whose page failed its checksum when a read of it also
    /// answered with a new validator: reads of a wave run concurrently, and the one answered
    /// under the new validator may be the first the reader sees (its open region came from a
    /// cache), so its bytes fail their checksum before a read under the old validator says the
    /// file changed.
    pub async fn search(&self, request: &SearchRequest) -> Result<SearchResponse> {
        let started = web_time::Instant::now();
        let stats = QueryStats::new();
        let mut rechecks = 0;
        loop {
            match self.search_replacing(request, &stats, started).await {
                Err(error)
                    if matches!(error.kind(), ErrorKind::Changed | ErrorKind::Corrupt)
                        && rechecks < changed_splits::RECHECKS =>
                {
                    rechecks += 1;
                    if changed_splits::recheck_changed_splits(&self.slots, &stats).await? == 0 {
                        return Err(error);
                    }
                }
                answer => return answer,
            }
        }
    }

    /// Searches `request`, then again with replacements for its unknown words if it has some;
    /// with too few hits, adds those missing one word ([`Self::with_fewer_words`]).
    async fn search_replacing(
        &self,
        request: &SearchRequest,
        stats: &QueryStats,
        started: web_time::Instant,
    ) -> Result<SearchResponse> {
        let mut replacements = None;
        loop {
            match self
                .search_once(request, replacements.as_deref(), None, stats, started)
                .await?
            {
                Attempt::Answered(response) => {
                    let replacements = replacements.as_deref();
                    let search = (request, replacements, stats, started);
                    return self.with_fewer_words(search, *response).await;
                }
                Attempt::Replace(found) => replacements = Some(found),
            }
        }
    }

    /// `response` with, when fewer than [`FEWER_WORDS_BELOW`] documents hold every word of a
    /// query of several, the documents missing one word after them, best first, each saying
    /// which ([`crate::api::Hit::missing`]): each word left out in turn, searched again (what
    /// was read comes from the cache). Ranked by score only: not with `sort` or `aggs`, which
    /// answer over exactly what matches; nor with the request's `fewer_words` false.
    async fn with_fewer_words(
        &self,
        (request, replacements, stats, started): (
            &SearchRequest,
            Option<&Replacements>,
            &QueryStats,
            web_time::Instant,
        ),
        mut response: SearchResponse,
    ) -> Result<SearchResponse> {
        let window = request.offset + request.limit;
        if !request.fewer_words
            || request.sort.is_some()
            || request.aggs.is_some()
            || response.count_is_lower_bound
            || response.count >= FEWER_WORDS_BELOW as u64
        {
            return Ok(response);
        }
        // Parsed again only here, where too few hold every word: its required words.
        let parsed = (self.queries).parse_without(&request.query, replacements, None, None)?;
        let required = parsed.required;
        if required.is_empty() {
            return Ok(response);
        }
        // Every hit from the first, those holding every word included, to leave them out.
        let from_start = SearchRequest {
            offset: 0,
            limit: window.max(1),
            ..request.clone()
        };
        let mut hits = std::mem::take(&mut response.hits);
        let mut more: Vec<Hit> = Vec::new();
        let every_word = response.count;
        // The query as typed again when the page asked for starts past its first hit; and
        // without each word in turn: all at once (one wave for their documents, the rest read
        // already), each counted apart and then as reads that ran together. None asks for
        // replacements: the search as typed did not, and one leaving out a word never does.
        let again = (request.offset > 0).then_some(None);
        let skips: Vec<Option<usize>> = again
            .into_iter()
            .chain((0..required.len()).map(Some))
            .collect();
        let each: Vec<QueryStats> = skips.iter().map(|_| QueryStats::new()).collect();
        let searches = skips
            .iter()
            .zip(&each)
            .map(|(skip, stats)| -> StepFuture<Attempt> {
                Box::pin(self.search_once(&from_start, replacements, *skip, stats, started))
            });
        let answers = all_at_once(searches.collect()).await;
        stats.add_concurrent(&each);
        for (skip, answer) in skips.into_iter().zip(answers?) {
            let Attempt::Answered(without) = answer else {
                continue;
            };
            let Some(k) = skip else {
                hits = without.hits;
                continue;
            };
            // It matches what holds every word too.
            response.count += without.count.saturating_sub(every_word);
            response.count_is_lower_bound |= without.count_is_lower_bound;
            for mut hit in without.hits {
                let same = |other: &Hit| other.id == hit.id && other.index == hit.index;
                if !hits.iter().chain(&more).any(same) {
                    hit.missing = Some(required[k].clone());
                    more.push(hit);
                }
            }
        }
        let opened = response.stats.splits_opened as usize;
        response.stats = self.finish_stats(stats, opened, started);
        response.requests = stats.requests();
        more.sort_by(|a, b| b.score.total_cmp(&a.score));
        hits.extend(more);
        response.hits = (hits.into_iter().skip(request.offset))
            .take(request.limit)
            .collect();
        Ok(response)
    }

    /// One search of `request` with `replacements` for unknown words, without its `skip`th
    /// required word if given; without replacements, and leaving out no word, it stops once
    /// the term lookups show words to replace, if the lexicon has replacements.
    async fn search_once(
        &self,
        request: &SearchRequest,
        replacements: Option<&Replacements>,
        skip: Option<usize>,
        stats: &QueryStats,
        started: web_time::Instant,
    ) -> Result<Attempt> {
        let aggregations = check_request(request, &self.schema)?;
        let filter_groups = request_filters::filter_terms(&self.schema, &request.filters)?;
        let filter = request_filters::filter_query(&filter_groups);
        let mut parsed = (self.queries).parse_without(&request.query, replacements, skip, None)?;
        // `*` asks for every document: answered as the empty query with aggregations is (a
        // per-day histogram from the splits' footers), not by scoring each document.
        let match_all = crate::query_text::is_match_all(&request.query);
        let query_is_empty = match_all || request.query.trim().is_empty();
        let time = TimeRange::of(request.start_timestamp, request.end_timestamp, &self.schema)?;
        // With nothing to search for, a time range, a sort or aggregations work on everything.
        let everything =
            match_all || time.is_some() || request.sort.is_some() || aggregations.is_some();
        let matches_everything = query_is_empty && filter.is_none() && everything;
        parsed.query = if matches_everything {
            Box::new(AllQuery)
        } else {
            request_filters::apply(parsed.query, filter.as_deref(), query_is_empty)
        };
        // The splits the time range may reach, and how (every split without a range), less
        // those whose split filters show they cannot match.
        let reached: Vec<(usize, Overlap)> = self
            .catalog
            .manifest
            .splits
            .iter()
            .enumerate()
            .map(|(i, split)| {
                (
                    i,
                    time.map_or(Overlap::Whole, |t| t.overlap(split.time_range)),
                )
            })
            .filter(|(_, overlap)| *overlap != Overlap::None)
            .filter(|(i, _)| {
                self.filters.is_empty()
                    || self
                        .filters
                        .split_may_match(*i, &*parsed.query, &filter_groups)
            })
            .collect();
        // A sort that index order satisfies may stop early: the first splits in time that
        // likely fill the page, then the others only if they did not.
        let index_order = match request.count_all {
            true => None,
            false => self.index_order_plan(request, &reached, aggregations.is_some()),
        };
        let window = request.offset + request.limit;
        let stages: Vec<&[(usize, Overlap)]> = match &index_order {
            Some((ordered, _)) => {
                let first = self.first_stage_len(ordered, &*parsed.query, window);
                let (first, rest) = ordered.split_at(first);
                [first, rest]
                    .into_iter()
                    .filter(|s| !s.is_empty())
                    .collect()
            }
            None => vec![reached.as_slice()],
        };
        // A date histogram of whole days over everything (events per day) needs no column of
        // the splits the request reaches whole: their footers count their documents per day.
        let answered_by_days = request.limit == 0
            && matches_everything
            && aggregations
                .as_ref()
                .is_some_and(AggregationRequest::answered_by_days);
        let may_replace = replacements.is_none()
            && skip.is_none()
            && request.typo_tolerance
            && stages.len() == 1
            && !parsed.words.is_empty();
        let scope = QueryScope::new();
        let terms = search_steps::query_terms(&parsed);
        let mut splits: Vec<Arc<OpenedSplit>> = Vec::new();
        // The slot of each of `splits`.
        let mut split_slots: Vec<usize> = Vec::new();
        let mut queries: Vec<Box<dyn Query>> = Vec::new();
        let mut collected = search_steps::Collected::default();
        let mut count_is_lower_bound = false;
        // Splits opened, those answered by their day counts among them.
        let mut splits_opened = 0;
        for (n, stage) in stages.into_iter().enumerate() {
            if n > 0 && collected.ranked.len() >= window {
                count_is_lower_bound = true;
                break;
            }
            let which: Vec<usize> = stage.iter().map(|(i, _)| *i).collect();
            let lookups = (terms.as_slice(), parsed.prefixes.as_slice());
            let opened = (self.open_splits_looking_up(stats, &which, &scope, lookups)).await?;
            splits_opened += opened.len();
            // Whole days over everything a split holds: its footer's day counts answer.
            let (by_days, searched): (Vec<_>, Vec<_>) =
                stage.iter().zip(opened).partition(|((_, overlap), split)| {
                    answered_by_days
                        && *overlap == Overlap::Whole
                        && split.footer.day_counts.is_some()
                });
            collected.count += by_days.iter().map(|(_, s)| s.footer.doc_count).sum::<u64>();
            let days: Vec<&DayCounts> = by_days
                .iter()
                .filter_map(|(_, split)| split.footer.day_counts.as_ref())
                .collect();
            let (stage, opened): (Vec<(usize, Overlap)>, Vec<Arc<OpenedSplit>>) =
                searched.into_iter().map(|(at, split)| (*at, split)).unzip();
            let warmup = Warmup {
                scope: scope.clone(),
                fetcher: &self.fetcher,
                stats,
                splits: &opened,
            };
            let mut found = search_steps::lookup_terms(&warmup, &parsed).await?;
            if may_replace && !self.lexicons.is_empty() {
                let unknown = typo_words::unknown_words(&self.queries, &parsed.words, &found);
                if !unknown.is_empty() {
                    let persistent = self.fetcher.persistent();
                    let found =
                        typo_words::replacements(&self.lexicons, &unknown, persistent, stats)
                            .await?;
                    if !found.is_empty() {
                        return Ok(Attempt::Replace(found));
                    }
                }
            }
            let mut stage_queries = self.split_queries(
                request,
                (replacements, skip),
                &parsed,
                &mut found,
                filter.as_deref(),
            )?;
            if let Some(time) = time {
                stage_queries = stage_queries
                    .into_iter()
                    .zip(&stage)
                    .map(|(query, (_, overlap))| match overlap {
                        Overlap::Partial => time.restrict(query, &self.schema),
                        _ => query,
                    })
                    .collect();
            }
            search_steps::fetch_postings(&warmup, &found).await?;
            let order = index_order.as_ref().map(|(_, order)| *order);
            let found = search_steps::collect(
                &warmup,
                &stage_queries,
                request,
                aggregations.as_ref(),
                order,
                &days,
            )
            .await?;
            let first = splits.len();
            collected.count += found.count;
            collected.ranked.extend(
                found
                    .ranked
                    .into_iter()
                    .map(|(rank, split, address)| (rank, first + split, address)),
            );
            collected.ranked.truncate(window);
            collected.aggregations = found.aggregations;
            splits.extend(opened);
            split_slots.extend(stage.iter().map(|(slot, _)| *slot));
            queries.extend(stage_queries);
        }
        let page: Vec<Ranked> = collected.ranked.into_iter().skip(request.offset).collect();
        let warmup = Warmup {
            scope,
            fetcher: &self.fetcher,
            stats,
            splits: &splits,
        };
        let documents = search_steps::load_documents(&warmup, &page).await?;
        let hits = warmup
            .scope
            .enter(|| self.hits(request, &queries, &splits, &split_slots, &page, documents))?;
        Ok(Attempt::Answered(Box::new(SearchResponse {
            count: collected.count,
            count_is_lower_bound,
            hits,
            aggregations: collected.aggregations,
            replaced: replacements
                .unwrap_or_default()
                .iter()
                .map(|(word, instead)| Replaced {
                    word: word.clone(),
                    with: instead.clone(),
                })
                .collect(),
            read_as: serde_json::Map::new(),
            stats: self.finish_stats(stats, splits_opened, started),
            requests: stats.requests(),
        })))
    }

    /// The query each split runs (`parsed` already carries `filter`). Prefixes expand to the same terms as in one index: once the
    /// dictionaries are read, parse again with the index-wide cutoffs (and, for phrase
    /// prefixes, each split's own expansion count).
    fn split_queries(
        &self,
        request: &SearchRequest,
        (replacements, skip): (Option<&Replacements>, Option<usize>),
        parsed: &ParsedQuery,
        found: &mut [Vec<FoundTerm>],
        filter: Option<&dyn Query>,
    ) -> Result<Vec<Box<dyn Query>>> {
        if parsed.prefixes.is_empty() {
            return Ok(found.iter().map(|_| parsed.query.box_clone()).collect());
        }
        let cutoffs = global_prefix_cutoffs(&parsed.prefixes, found);
        found
            .iter()
            .map(|found| {
                let expansions = expansions_in_split(&parsed.prefixes, found);
                let cutoffs = Some((cutoffs.as_slice(), expansions.as_slice()));
                let reparsed =
                    (self.queries).parse_without(&request.query, replacements, skip, cutoffs)?;
                Ok(request_filters::apply(reparsed.query, filter, false))
            })
            .collect()
    }
}
