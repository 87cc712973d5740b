//! A search of one site index, or of several as one (`openSite([a, b])`, `rangefind search
//! DIR1 DIR2 …`): every step reads from all of them at once, so several indexes cost the
//! waves of one; words are scored with their IDF over all their pages, as one index over all
//! of them would score them; hits are ranked in one list and say which index they came from.
//!
//! Field lengths are normalised by their averages over all the indexes ([`super::bm25`]), so
//! pages score exactly as in one index over all of them. What stays each index's own: its
//! analyser (a page is searched in its own language); prefixes expand to each index's most
//! frequent words.

use tantivy_query_grammar::Occur;

use super::evaluate::{Collection, Found, Scorer};
use super::index::SiteIndex;
use super::joint_cost::JointCost;
use super::matches::{rank, sorted_ats, At, Matched, Matches, Ranked};
use super::queries::{Queries, Replacing};
use super::query::Node;
use super::scored::Scored;
use super::stopwatch::Stopwatch;
use super::title_match::{order_by_title, titled_with, TitleMatch, TitleWords, TITLE_WINDOW};
use super::typo_step::{stemmed_words, typo_replacements};
use crate::api::{json_text, SearchRequest, SearchResponse};
use crate::error::{ErrorKind, Result};
use crate::formats::site_file::layout::filter_word;
use crate::formats::site_file::record::Record;
use crate::io::QueryStats;
use crate::{all_at_once, sorted_unique, StepFuture};

impl SiteIndex {
    /// Runs a search: chunks of the query's words, positions for phrases, records of the hits
    /// ([`search_together`], which also searches several indexes as one).
    ///
    /// With a lexicon, a word the index lacks (or a prefix that begins none of its words) is
    /// searched as the words one edit from it, or that it begins: one wave of lexicon blocks
    /// and one of their chunks more; the answer's `replaced` names them.
    pub async fn search(&self, request: &SearchRequest) -> Result<SearchResponse> {
        search_together(&[self], request).await
    }
}

/// Searches `indexes` as one index over all their pages (one index: its own search).
pub async fn search_together(
    indexes: &[&SiteIndex],
    request: &SearchRequest,
) -> Result<SearchResponse> {
    let started = Stopwatch::start();
    refuse_unsupported(request)?;
    let mut cost = JointCost::new(indexes.len());
    let stats = cost.each();
    let filter_groups = filter_groups(request)?;
    let parse = |replacing: &Replacing| -> Vec<Queries> {
        indexes
            .iter()
            .map(|index| index.parse(request, replacing))
            .collect()
    };
    let mut queries = parse(&Replacing::default());
    if let Some(refused) = queries.iter().find_map(|q| q.exact.refused) {
        return Err(ErrorKind::InvalidQuery.with_message(refused));
    }
    let reading: Reading = (indexes, request, &filter_groups, &stats);
    let mut found = read_each(reading, &queries, (true, false)).await?;
    cost.step_done();
    let replacing = typo_replacements(indexes, request, &queries, &found, &mut cost).await?;
    if !replacing.is_empty() {
        queries = parse(&replacing);
        // Chunks read already come from the cache: only the replacements' are read.
        found = read_each(reading, &queries, (false, false)).await?;
        cost.step_done();
    }
    // Positions, for phrases only.
    let reads = indexes
        .iter()
        .zip(&queries)
        .zip(found.iter_mut())
        .zip(&stats);
    all_at_once(
        reads
            .map(|(((index, queries), found), stats)| -> StepFuture<()> {
                let nodes = queries.nodes();
                Box::pin(async move { index.read_positions(&nodes, found, stats).await })
            })
            .collect(),
    )
    .await?;
    cost.step_done();
    // The hits shown, and the first pages ordered by their titles (a count alone: none).
    let wanted = match request.limit {
        0 => 0,
        limit => (request.offset + limit).max(TITLE_WINDOW),
    };
    let mut matched = score(indexes, &queries, &found, &filter_groups);
    if !matched.settled(wanted, request.count_all) {
        // The long words' tails: one wave more, for the queries their best postings do not
        // settle (the chunks come from the cache, their tails from the network).
        found = read_each(reading, &queries, (false, true)).await?;
        cost.step_done();
        matched = score(indexes, &queries, &found, &filter_groups);
    }
    let count_is_lower_bound = !matched.complete();
    let (exact, completed) = (matched.exact.sure(), matched.completed.map(|c| c.sure()));
    let exact_count = exact.len();
    let mut ranked = rank(exact, completed);
    let scoring = (
        indexes,
        queries.as_mut_slice(),
        found.as_slice(),
        filter_groups.as_slice(),
    );
    let missing = match request.fewer_words {
        true => fewer_words(scoring, &mut ranked),
        false => Vec::new(),
    };
    let count = ranked.len() as u64;
    let shown =
        request.offset.min(ranked.len())..(request.offset + request.limit).min(ranked.len());
    // The first page of the text as typed is ordered by titles too, so its titles are read
    // with the shown hits' records (the same wave; the same records at the usual limit).
    // A count alone (`limit` 0: a search box reading ahead while keys are typed) reads none.
    let titled: Vec<Option<TitleWords>> = indexes
        .iter()
        .zip(&queries)
        .zip(&found)
        .map(|((index, queries), found)| index.title_words(&queries.exact.node, found))
        .collect();
    // Pages titled (or named) with the query's words first, wherever their scores put them
    // (what the postings tell; the first page is then ordered by the titles themselves).
    let named = |(index, page): At| {
        let titled = titled[index].as_ref();
        titled.is_some_and(|(words, field)| titled_with(words, &found[index], *field, page))
    };
    let by_postings: Vec<TitleMatch> = ranked[..exact_count]
        .iter()
        .map(|(at, _)| match named(*at) {
            true => TitleMatch::Equals,
            false => TitleMatch::Other,
        })
        .collect();
    order_by_title(&mut ranked, &by_postings);
    let window = match exact_count.min(TITLE_WINDOW) {
        window if shown.start < window.min(shown.end) && titled.iter().any(Option::is_some) => {
            window
        }
        _ => 0,
    };
    let read = sorted_ats(ranked[..window].iter().chain(&ranked[shown.clone()]));
    let mut records = read_records(indexes, &read, &stats).await?;
    cost.step_done();
    let matches: Vec<TitleMatch> = ranked[..window]
        .iter()
        .map(|(at, _)| match &titled[at.0] {
            Some((words, _)) => {
                let text = indexes[at.0].title_match(record_of(&records, *at), words);
                match named(*at) {
                    // Named so, or titled with the query's words in another order.
                    true => text.max(TitleMatch::NamedWithKind),
                    false => text,
                }
            }
            None => TitleMatch::Other,
        })
        .collect();
    order_by_title(&mut ranked, &matches);
    let terms: Vec<Vec<String>> = queries
        .iter()
        .zip(&found)
        .map(|(queries, found)| snippet_terms(&queries.nodes(), found))
        .collect();
    let several = indexes.len() > 1;
    let hits = ranked[shown]
        .iter()
        .map(|&(at, score)| {
            let found = records.iter().position(|(read, _)| *read == at);
            let (_, record) = records.swap_remove(found.expect("shown records are read"));
            let mut hit = indexes[at.0].hit(score, record, request, &terms[at.0]);
            hit.index = several.then_some(at.0);
            hit.missing = (missing.iter().find(|(page, _)| *page == at))
                .and_then(|(_, k)| queries[at.0].exact.required.get(*k))
                .map(|(_, typed)| typed.clone());
            hit
        })
        .collect();
    Ok(SearchResponse {
        count,
        count_is_lower_bound,
        hits,
        aggregations: None,
        replaced: replacing.named(),
        read_as: keys_read(indexes, &queries),
        stats: cost.stats(started),
        requests: cost.requests(),
    })
}

/// How the indexes read the query's filter keys typed as fields, by key (as the last index
/// that has the key read it, when several indexes read it otherwise).
fn keys_read(
    indexes: &[&SiteIndex],
    queries: &[Queries],
) -> serde_json::Map<String, serde_json::Value> {
    let mut read_as = serde_json::Map::new();
    for (index, queries) in indexes.iter().zip(queries) {
        for &(key, as_filter) in &queries.exact.read_as {
            let how = if as_filter { "filter" } else { "field" };
            read_as.insert(index.meta().filter_keys[key].clone(), how.into());
        }
    }
    read_as
}

/// What every read of the words is made with: the indexes, the request, its filters' values
/// and each index's cost counter.
type Reading<'a> = (
    &'a [&'a SiteIndex],
    &'a SearchRequest,
    &'a [Vec<String>],
    &'a [QueryStats],
);

/// Every index's words of its `queries`, read at once (one wave). With `check`, also, for
/// the words it searches by their stem, its filter of the words held as typed (the same
/// wave): the first read checks them, a second (the replacements') none. `whole`: long
/// words' whole lists, whatever the query. One boxed future: each of its three awaits had
/// the reads' steps inlined (140 bytes of the site engine, brotli).
fn read_each<'a>(
    (indexes, request, filter_groups, stats): Reading<'a>,
    queries: &'a [Queries],
    (check, whole): (bool, bool),
) -> StepFuture<'a, Vec<Found>> {
    let reads = indexes.iter().zip(queries).zip(stats);
    Box::pin(all_at_once(
        reads
            .map(|((index, queries), stats)| -> StepFuture<Found> {
                let nodes = queries.nodes();
                let stemmed = match check {
                    true => stemmed_words(index, request, queries),
                    false => Vec::new(),
                };
                let whole = whole || queries.need_whole_lists(request.count_all);
                Box::pin(async move {
                    let read = index.read_words(&nodes, filter_groups, &stemmed, whole, stats);
                    read.await
                })
            })
            .collect(),
    ))
}

/// When fewer than a first page of pages ([`TITLE_WINDOW`]: whatever the request's `offset`
/// and `limit`, so that every page of results counts alike) hold every word of a query of
/// several, counting the pages its completed last word finds while it is typed (a search box
/// then shows those, not pages lacking the word being typed), the pages missing one word,
/// after the rest (ranked by score): a title typed whole
/// whose small word ("in", "of") is nowhere else on its page, or a word the site lacks, then
/// still finds pages. Returns the pages added, each with the word it lacks (its place in the
/// query's `required`). The words' whole lists are read by then, as for any query of several
/// words (`Queries::need_whole_lists`).
fn fewer_words(
    (indexes, queries, found, filter_groups): Scoring,
    ranked: &mut Ranked,
) -> Vec<(At, usize)> {
    let mut missing = Vec::new();
    // Every index parses the same text, so the first's required words are each one's.
    let required = queries[0].exact.required.len();
    if ranked.len() >= TITLE_WINDOW || required < 2 {
        return missing;
    }
    let mut more: Ranked = Vec::new();
    for k in 0..required {
        // The word made optional (`Should`): a page need not hold it, and one that does is
        // listed already.
        require(queries, k, Occur::Should);
        for (at, score) in score(indexes, queries, found, filter_groups).exact.sure() {
            if !ranked.iter().any(|(page, _)| *page == at) {
                more.push((at, score));
                missing.push((at, k));
            }
        }
        require(queries, k, Occur::Must);
    }
    ranked.extend(rank(more, None));
    missing
}

/// What the pages are scored with again: the indexes, their queries (whose words are made
/// optional in turn), what was read, and the filters' values.
type Scoring<'a> = (
    &'a [&'a SiteIndex],
    &'a mut [Queries],
    &'a [Found],
    &'a [Vec<String>],
);

/// Makes the `k`th required word of each index's query `occur`.
fn require(queries: &mut [Queries], k: usize, occur: Occur) {
    for parsed in queries.iter_mut().map(|queries| &mut queries.exact) {
        if let (Node::Clauses(clauses), Some(&(at, _))) = (&mut parsed.node, parsed.required.get(k))
        {
            clauses[at].0 = occur;
        }
    }
}

/// The pages each index matches for the query as typed and, while it is typed, with its last
/// word completed, scored with IDFs over all the indexes and kept to the filters' values.
fn score(
    indexes: &[&SiteIndex],
    queries: &[Queries],
    found: &[Found],
    filter_groups: &[Vec<String>],
) -> Matched {
    let collection = Collection {
        parts: indexes
            .iter()
            .map(|index| index.meta())
            .zip(found)
            .collect(),
    };
    let mut exact = Vec::new();
    let mut completed: Option<Vec<Scored>> = None;
    for ((index, found), queries) in indexes.iter().zip(found).zip(queries) {
        let scorer = Scorer::new(index.meta(), found, &collection);
        let matched = |node: &Node| scorer.filtered(scorer.evaluate(node), filter_groups);
        exact.push(matched(&queries.exact.node));
        if let Some(parsed) = &queries.completed {
            completed
                .get_or_insert_with(Vec::new)
                .push(matched(&parsed.node));
        }
    }
    Matched {
        exact: Matches::of(exact),
        completed: completed.map(Matches::of),
    }
}

/// The records of `read` (pages of the indexes, sorted), each index's read at once.
async fn read_records(
    indexes: &[&SiteIndex],
    read: &[At],
    stats: &[QueryStats],
) -> Result<Vec<(At, Record)>> {
    let reads = indexes.iter().zip(stats).enumerate();
    let records_each = all_at_once(
        reads
            .map(|(i, (index, stats))| -> StepFuture<_> {
                let pages: Vec<u32> = read.iter().filter(|at| at.0 == i).map(|at| at.1).collect();
                Box::pin(async move { index.records(&pages, stats).await })
            })
            .collect(),
    )
    .await?;
    let mut records: Vec<(At, Record)> = Vec::with_capacity(read.len());
    for (i, each) in records_each.into_iter().enumerate() {
        records.extend(each.into_iter().map(|(page, record)| ((i, page), record)));
    }
    Ok(records)
}

/// The record of `at` among `records`.
fn record_of(records: &[(At, Record)], at: At) -> Option<&Record> {
    records
        .iter()
        .find(|(read, _)| *read == at)
        .map(|(_, record)| record)
}

/// The words a hit's snippet marks: those of the query's clauses that are not excluded.
fn snippet_terms(nodes: &[&Node], found: &Found) -> Vec<String> {
    let mut terms = Vec::new();
    for node in nodes {
        collect_terms(node, found, &mut terms);
    }
    sorted_unique(terms)
}

fn collect_terms(node: &Node, found: &Found, out: &mut Vec<String>) {
    match node {
        Node::Phrase { slots, .. } => {
            for slot in slots {
                out.extend(found.slot_words(slot).into_iter().map(String::from));
            }
        }
        Node::Clauses(clauses) => {
            for (occur, node) in clauses {
                if *occur != Occur::MustNot {
                    collect_terms(node, found, out);
                }
            }
        }
        Node::Boost(node, _) => collect_terms(node, found, out),
        _ => {}
    }
}

/// The request's filters as groups of filter words: a hit has one word of every group.
fn filter_groups(request: &SearchRequest) -> Result<Vec<Vec<String>>> {
    request
        .filters
        .iter()
        .map(|(name, values)| {
            let key = name.strip_prefix("filter.").ok_or_else(|| {
                ErrorKind::InvalidQuery.with_message(format!(
                    "filter on `{name}`: a site index filters on `filter.KEY` (its pages' \
                     data-rangefind-filter keys)"
                ))
            })?;
            Ok(values
                .iter()
                .map(|value| match value {
                    serde_json::Value::String(text) => filter_word(key, text),
                    // As JSON text (`7`, `true`), by the writer answers use.
                    other => filter_word(key, &json_text(other)),
                })
                .collect())
        })
        .collect()
}

/// A site index ranks pages by their text: sorting, aggregations and time ranges belong to
/// indexes of records (`rangefind build --input`).
fn refuse_unsupported(request: &SearchRequest) -> Result<()> {
    request.check_bounds()?;
    let unsupported = if request.sort.is_some() {
        Some("sort")
    } else if request.aggs.is_some() {
        Some("aggs")
    } else if request.start_timestamp.is_some() || request.end_timestamp.is_some() {
        Some("start_timestamp/end_timestamp")
    } else {
        None
    };
    match unsupported {
        Some(what) => Err(ErrorKind::InvalidQuery.with_message(format!(
            "`{what}` is not available on a site index (it ranks pages by their text)"
        ))),
        None => Ok(()),
    }
}
