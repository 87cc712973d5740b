//! A site index opened for searching: its head from the open read, then per query one wave of
//! word chunks, lexicon blocks and replacements' chunks for typos only, one of positions for
//! phrases only, and one of the hits' records.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::sync::Arc;

use ownedbytes::OwnedBytes;
use tantivy_query_grammar::Occur;

use super::evaluate::{Found, Scored, Scorer, WordData};
use super::frames::Frames;
use super::layout::{self, decode_positions, filter_word, word_entries, Head, Postings, WordEntry};
use super::query::{self, Node, Slot};
use super::record::{self, Record};
use super::snippet;
use super::title_match::{self, order_by_title, title_match, TitleMatch, TITLE_WINDOW};
use crate::analysis::Analyzer;
use crate::api::{Hit, Replaced, SearchRequest, SearchResponse, SearchStats};
use crate::error::{ErrorKind, Result};
use crate::format::ByteReader;
use crate::io::{
    open_region, Fetcher, PageKey, PageRequest, QueryStats, SplitLocation, SplitPages,
};
use crate::sorted_unique;
use crate::typos::{is_correctable, unknown_words, Lexicon, UnknownWord};

/// Words a prefix is searched as at most: the ones on the most pages.
pub const MAX_PREFIX_EXPANSIONS: usize = 50;
/// Chunks a prefix reads at most: a prefix of one or two letters spans many, and the words it
/// begins in the first of them are the ones typing is heading for as often as any.
pub const MAX_PREFIX_CHUNKS: usize = 2;
/// Characters of a snippet.
const SNIPPET_CHARS: usize = 220;

/// Where a region lies in the data.
#[derive(Debug, Clone)]
struct Regions {
    chunks: Range<u64>,
    positions: Range<u64>,
    records: Range<u64>,
}

/// An open site index.
pub struct SiteIndex {
    location: SplitLocation,
    pages: Arc<SplitPages>,
    head: Head,
    regions: Regions,
    analyzer: Analyzer,
    frames: Frames,
    fetcher: Arc<Fetcher>,
    /// The site's lexicon, for typo tolerance (read as queries need it).
    lexicon: Option<Lexicon>,
}

impl std::fmt::Debug for SiteIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "SiteIndex({}, {} pages)",
            self.location.id, self.head.meta.pages
        )
    }
}

fn corrupt(message: String) -> crate::error::Error {
    ErrorKind::Corrupt.with_message(message)
}

impl SiteIndex {
    /// Opens the site file at `location`: one read of its open region (the head), from the
    /// persistent tier when it has it. Returns what the open cost.
    pub async fn open(
        location: SplitLocation,
        fetcher: Arc<Fetcher>,
    ) -> Result<(SiteIndex, SearchStats)> {
        let started = web_time::Instant::now();
        let stats = QueryStats::new();
        let (region, file_len, from_network) = open_region(&location, &fetcher, &stats).await?;
        if from_network.is_some() {
            stats.add_wave();
        }
        let named = |e: crate::error::Error| e.with_context(location.source.name().to_string());
        let file = |name: &str| {
            region
                .footer
                .files
                .iter()
                .find(|f| f.name == name)
                .map(|f| f.start..f.start + f.len)
                .ok_or_else(|| corrupt(format!("not a site index: it has no {name} region")))
        };
        let regions = Regions {
            chunks: file(layout::CHUNKS).map_err(named)?,
            positions: file(layout::POSITIONS).map_err(named)?,
            records: file(layout::RECORDS).map_err(named)?,
        };
        let head_bytes = match (region.footer.hot.first(), region.hot.first()) {
            (Some(entry), Some(bytes))
                if Some(entry.start) == file(layout::HEAD).ok().map(|r| r.start) =>
            {
                bytes
            }
            _ => {
                return Err(named(corrupt(
                    "not a site index: its open region lacks the head".into(),
                )))
            }
        };
        let raw = Frames::new(&[])?
            .decode(head_bytes, "head")
            .map_err(named)?;
        let head = Head::decode(&raw).map_err(named)?;
        head.check_regions(
            regions.chunks.end - regions.chunks.start,
            regions.records.end - regions.records.start,
        )
        .map_err(named)?;
        let frames = Frames::new(&head.dictionary).map_err(named)?;
        let analyzer = Analyzer::new(head.meta.stemmer.as_deref()).map_err(named)?;
        if let (Some(tier), Some(tail)) = (fetcher.persistent(), from_network) {
            tier.put_open_region(&location.id, tail);
        }
        let pages = Arc::new(SplitPages::for_footer(
            location.id.clone(),
            file_len,
            &region.footer,
        ));
        let index = SiteIndex {
            location,
            pages,
            head,
            regions,
            analyzer,
            frames,
            fetcher,
            lexicon: None,
        };
        let cost = search_stats(&stats, started);
        Ok((index, cost))
    }

    /// The index with typo tolerance from `lexicon` (the site file's, as `site.json` names it).
    pub fn with_lexicon(mut self, lexicon: Lexicon) -> SiteIndex {
        self.lexicon = Some(lexicon);
        self
    }

    /// Pages in the index.
    pub fn pages(&self) -> u32 {
        self.head.meta.pages
    }

    /// `(pages, bytes)` held by the in-memory page cache.
    pub fn cache_usage(&self) -> (usize, usize) {
        self.fetcher.cache().usage()
    }

    /// Reads now what the first query with a typo would (the lexicon's block index), so that
    /// it costs one wave less: a page calls this while its reader starts typing.
    pub async fn preload(&self) -> Result<SearchStats> {
        let started = web_time::Instant::now();
        let stats = QueryStats::new();
        if let Some(lexicon) = &self.lexicon {
            lexicon.preload(self.fetcher.persistent(), &stats).await?;
        }
        Ok(search_stats(&stats, started))
    }

    /// Runs a search: chunks of the query's words, positions for phrases, records of the hits.
    ///
    /// With a lexicon, a word the index lacks (or a prefix that begins none of its words) is
    /// searched as the words one edit from it, or that it begins: one wave of lexicon blocks
    /// and one of their chunks more; the answer's `replaced` names them.
    pub async fn search(&self, request: &SearchRequest) -> Result<SearchResponse> {
        let started = web_time::Instant::now();
        refuse_unsupported(request)?;
        if let Ok(ast) = tantivy_query_grammar::parse_query(&request.query) {
            // A site index's fields have no fast column: ranges and `field:*` are refused as
            // the split engine refuses them on such fields.
            let fields = &self.head.meta.fields;
            let known = |name: &str| {
                fields
                    .iter()
                    .any(|field| field.name == name)
                    .then_some(false)
            };
            crate::query_text::check_fast_fields(&ast, &known)?;
        }
        let stats = QueryStats::new();
        let filter_groups = filter_groups(request)?;
        let mut queries = self.parse(request, &Replacing::default());
        let mut found = self
            .read_words(&queries.both(), &filter_groups, &stats)
            .await?;
        let replacing = self
            .typo_replacements(request, &queries, &found, &stats)
            .await?;
        if !replacing.is_empty() {
            queries = self.parse(request, &replacing);
            // Chunks read already come from the cache: only the replacements' are read.
            found = self
                .read_words(&queries.both(), &filter_groups, &stats)
                .await?;
        }
        self.read_positions(&queries.both(), &mut found, &stats)
            .await?;
        let scorer = Scorer {
            meta: &self.head.meta,
            found: &found,
        };
        let matched = |node: &Node| {
            let mut matched = scorer.evaluate(node);
            keep_filtered(&mut matched, &filter_groups, &found);
            matched
        };
        let exact = matched(&queries.exact.node);
        let completed = queries
            .completed
            .as_ref()
            .map(|parsed| matched(&parsed.node));
        let exact_count = exact.len();
        let mut ranked = rank(exact, completed);
        let count = ranked.len() as u64;
        let shown =
            request.offset.min(ranked.len())..(request.offset + request.limit).min(ranked.len());
        // The first page of the text as typed is ordered by titles too, so its titles are read
        // with the shown hits' records (the same wave; the same records at the usual limit).
        let (window, titled) = self.titled_window(&queries.exact.node, &found, exact_count, &shown);
        let read: Vec<u32> = sorted_unique(
            ranked[..window]
                .iter()
                .chain(&ranked[shown.clone()])
                .map(|(page, _)| *page)
                .collect(),
        );
        let mut records = self.records(&read, &stats).await?;
        if let Some(title_field) = &self.head.meta.title_field {
            let matches: Vec<TitleMatch> = ranked[..window]
                .iter()
                .map(|(page, _)| {
                    let title = record_of(&records, *page)
                        .and_then(|record| record.get(title_field))
                        .and_then(|t| t.as_str());
                    title_match(title.unwrap_or_default(), &titled, &self.analyzer)
                })
                .collect();
            order_by_title(&mut ranked, &matches);
        }
        let terms = snippet_terms(&queries.both(), &found);
        let hits = ranked[shown]
            .iter()
            .map(|&(page, score)| {
                let at = records.iter().position(|(read, _)| *read == page);
                let (_, record) = records.swap_remove(at.expect("shown records are read"));
                self.hit(score, record, request, &terms)
            })
            .collect();
        Ok(SearchResponse {
            count,
            count_is_lower_bound: false,
            hits,
            aggregations: None,
            replaced: replacing.named(),
            stats: search_stats(&stats, started),
            requests: stats.requests(),
        })
    }

    /// The request's query as typed and, for `typeahead`, with its last word completed.
    fn parse(&self, request: &SearchRequest, replacing: &Replacing) -> Queries {
        let (meta, analyzer) = (&self.head.meta, &self.analyzer);
        // No text with filters: every page with those values, as the split engine answers.
        let text = match request.query.trim().is_empty() && !request.filters.is_empty() {
            true => "*",
            false => request.query.as_str(),
        };
        let exact = query::parse(text, meta, analyzer, &replacing.words);
        let completed = request.typeahead.then(|| {
            let completions = replacing
                .completion
                .as_ref()
                .map(|(_, words)| words.as_slice());
            query::parse_completed(
                &request.query,
                meta,
                analyzer,
                &replacing.words,
                completions,
            )
        });
        Queries {
            exact,
            completed: completed.flatten(),
        }
    }

    /// With typo tolerance and a lexicon, the replacements of the query's words that the
    /// words read show the index lacks, and the lexicon's completions of a completed last word
    /// that begins none of the index's words: one wave of lexicon blocks (and its block index
    /// once, unless preloaded). Empty when every word is known or has no replacement.
    async fn typo_replacements(
        &self,
        request: &SearchRequest,
        queries: &Queries,
        found: &Found,
        stats: &QueryStats,
    ) -> Result<Replacing> {
        let Some(lexicon) = self.lexicon.as_ref().filter(|_| request.typo_tolerance) else {
            return Ok(Replacing::default());
        };
        let held = |word: &str| {
            let terms = self.analyzer.terms(word);
            !terms.is_empty() && terms.iter().all(|t| found.words.contains_key(t))
        };
        let mut unknown = unknown_words(&queries.exact.words, |word| {
            let expanded = word.prefix
                && (found.expansions.get(&word.word)).is_some_and(|words| !words.is_empty());
            held(&word.word) || expanded
        });
        let exact_unknown = unknown.len();
        // The last word is completed from the lexicon only when the index has no word it
        // begins and it is no word of the index itself: a word typed whole whose stem is
        // shorter ("ways", indexed as "way") begins no indexed word, and its one-edit
        // neighbours are no completion of it.
        let completing = queries
            .completed
            .as_ref()
            .and_then(|parsed| parsed.completed.clone())
            .filter(|word| is_correctable(word))
            .filter(|word| found.expansions.get(word).is_none_or(Vec::is_empty))
            .filter(|word| !held(word));
        if let Some(word) = completing {
            unknown.push(UnknownWord { word, prefix: true });
        }
        if unknown.is_empty() {
            return Ok(Replacing::default());
        }
        let mut each = lexicon
            .replacements_of_each(&unknown, self.fetcher.persistent(), stats)
            .await?;
        let completion = (each.len() > exact_unknown)
            .then(|| each.pop())
            .flatten()
            .filter(|words| !words.is_empty())
            .map(|words| (unknown.pop().expect("the completed word").word, words));
        let words = unknown
            .into_iter()
            .zip(each)
            .filter(|(_, instead)| !instead.is_empty())
            .map(|(unknown, instead)| (unknown.word, instead))
            .collect();
        Ok(Replacing { words, completion })
    }

    /// Reads, in one wave, the chunks holding the query's words, prefixes and filter words,
    /// and decodes their postings.
    async fn read_words(
        &self,
        node: &Node,
        filter_groups: &[Vec<String>],
        stats: &QueryStats,
    ) -> Result<Found> {
        let mut words = Vec::new();
        let mut prefixes = Vec::new();
        node.visit(&mut |node| match node {
            Node::Phrase { slots, .. } => {
                for slot in slots {
                    match slot {
                        Slot::Word(word) => words.push(word.clone()),
                        Slot::AnyOf(any) => words.extend(any.iter().cloned()),
                        Slot::Prefix(prefix) => prefixes.push(prefix.clone()),
                    }
                }
            }
            Node::Filter(word) => words.push(word.clone()),
            _ => {}
        });
        words.extend(filter_groups.iter().flatten().cloned());
        let words = sorted_unique(words);
        let prefixes = sorted_unique(prefixes);
        let mut chunks: Vec<usize> = words
            .iter()
            .filter_map(|word| self.head.chunk_of(word))
            .collect();
        for prefix in &prefixes {
            chunks.extend(self.head.chunks_of_prefix(prefix).take(MAX_PREFIX_CHUNKS));
        }
        let chunks = sorted_unique(chunks);
        let ranges: Vec<Range<u64>> = chunks
            .iter()
            .map(|&chunk| offset(&self.regions.chunks, self.head.chunk_range(chunk)))
            .collect();
        let bytes = self.read(&ranges, stats).await?;
        let fields = self.head.meta.fields.len();
        let mut found = Found::default();
        let mut candidates: HashMap<String, Vec<(u64, WordEntry)>> = HashMap::new();
        for (chunk, frame) in chunks.iter().zip(bytes) {
            let raw = self.named(self.frames.decode(&frame, &format!("chunk {chunk}")))?;
            for entry in self.named(word_entries(&raw))? {
                if words.binary_search(&entry.word).is_ok() {
                    let postings = self.named(Postings::decode(&entry.postings, fields))?;
                    let data = WordData {
                        postings,
                        positions: None,
                    };
                    found.words.insert(entry.word.clone(), data);
                    found_positions_at(&mut found, &entry.word, entry.positions.clone());
                }
                for prefix in prefixes
                    .iter()
                    .filter(|p| entry.word.starts_with(p.as_str()))
                {
                    let pages = leading_count(&entry.postings);
                    candidates
                        .entry(prefix.clone())
                        .or_default()
                        .push((pages, entry.clone()));
                }
            }
        }
        for (prefix, mut words) in candidates {
            // The words on the most pages, as typing heads for common words.
            words.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.word.cmp(&b.1.word)));
            words.truncate(MAX_PREFIX_EXPANSIONS);
            let mut expansions = Vec::with_capacity(words.len());
            for (_, entry) in words {
                if !found.words.contains_key(&entry.word) {
                    let postings = self.named(Postings::decode(&entry.postings, fields))?;
                    let data = WordData {
                        postings,
                        positions: None,
                    };
                    found.words.insert(entry.word.clone(), data);
                    found_positions_at(&mut found, &entry.word, entry.positions);
                }
                expansions.push(entry.word);
            }
            found.expansions.insert(prefix, expansions);
        }
        Ok(found)
    }

    /// Reads, in one wave, the positions of the words of phrases.
    async fn read_positions(
        &self,
        node: &Node,
        found: &mut Found,
        stats: &QueryStats,
    ) -> Result<()> {
        let mut wanted = Vec::new();
        node.visit(&mut |node| {
            if let Node::Phrase { slots, .. } = node {
                if slots.len() > 1 {
                    for slot in slots {
                        wanted.extend(found.slot_words(slot).into_iter().map(String::from));
                    }
                }
            }
        });
        let wanted: Vec<(String, Range<u64>)> = sorted_unique(wanted)
            .into_iter()
            .filter_map(|word| {
                let range = found.position_ranges.get(&word)?.clone();
                Some((word, range))
            })
            .filter(|(word, _)| found.words.contains_key(word))
            .collect();
        if wanted.is_empty() {
            return Ok(());
        }
        let ranges: Vec<Range<u64>> = wanted
            .iter()
            .map(|(_, range)| offset(&self.regions.positions, range.clone()))
            .collect();
        let bytes = self.read(&ranges, stats).await?;
        for ((word, _), bytes) in wanted.into_iter().zip(bytes) {
            let data = found.words.get_mut(&word).expect("a found word");
            data.positions = Some(self.named(decode_positions(&bytes, &data.postings))?);
        }
        Ok(())
    }

    /// How many of the first hits to order by title, and the query's words to compare titles
    /// with ([`title_match`]): none when the index has no title field, the shown hits start
    /// past the first page, or the query has no words. `exact_count`: how many of the hits
    /// match the text as typed (the completed query's come after them, and keep their place).
    fn titled_window<'a>(
        &self,
        node: &'a Node,
        found: &'a Found,
        exact_count: usize,
        shown: &Range<usize>,
    ) -> (usize, Vec<Vec<&'a str>>) {
        let window = exact_count.min(TITLE_WINDOW);
        let title_field = self.head.meta.title_field.as_ref().and_then(|name| {
            let fields = &self.head.meta.fields;
            fields.iter().position(|field| &field.name == name)
        });
        match title_field {
            Some(field) if shown.start < window => {
                let words = title_match::query_words(node, found, field);
                (if words.is_empty() { 0 } else { window }, words)
            }
            _ => (0, Vec::new()),
        }
    }

    /// The records of `pages`, read in one wave and decoded, by page (a few: a list, which
    /// costs the engine less code than a map).
    async fn records(&self, pages: &[u32], stats: &QueryStats) -> Result<Vec<(u32, Record)>> {
        let ranges: Vec<Range<u64>> = pages
            .iter()
            .map(|page| offset(&self.regions.records, self.head.record_range(*page)))
            .collect();
        let bytes = self.read(&ranges, stats).await?;
        let mut records = Vec::with_capacity(pages.len());
        for (page, frame) in pages.iter().zip(bytes) {
            let raw = self.named(self.frames.decode(&frame, &format!("record {page}")))?;
            let record = record::decode(&raw)
                .map_err(|e| self.named_error(e.with_context(format!("record {page}"))))?;
            records.push((*page, record));
        }
        Ok(records)
    }

    /// The hit of a page with `record`: its fields picked and a snippet cut.
    fn hit(
        &self,
        score: f32,
        mut record: Record,
        request: &SearchRequest,
        terms: &[String],
    ) -> Hit {
        let id = record
            .get("url")
            .and_then(|url| url.as_str())
            .unwrap_or_default()
            .to_string();
        let cut = request.snippet.then(|| {
            let values = layout::text_values(record.get(&self.head.meta.snippet_field));
            snippet::cut(&values, &self.analyzer, terms, SNIPPET_CHARS)
        });
        if let Some(fields) = &request.fields {
            record.retain(|name, _| fields.iter().any(|f| f == name));
        }
        let cut = cut.flatten();
        Hit {
            id,
            score,
            sort: None,
            doc: record,
            snippet_value: cut.as_ref().and_then(|c| c.value),
            snippet: cut.map(|c| c.html),
        }
    }

    /// The data ranges `ranges`, read in one wave (pages already cached are not read again).
    async fn read(&self, ranges: &[Range<u64>], stats: &QueryStats) -> Result<Vec<OwnedBytes>> {
        if ranges.is_empty() {
            return Ok(Vec::new());
        }
        let mut pages = HashMap::new();
        let request = PageRequest {
            split: self.pages.clone(),
            source: self.location.source.clone(),
            ranges: ranges.to_vec(),
        };
        self.fetcher
            .fetch_wave(vec![request], &mut pages, stats)
            .await?;
        ranges
            .iter()
            .map(|range| self.assemble(&pages, range))
            .collect()
    }

    /// The bytes of `range` from the pages holding it.
    fn assemble(
        &self,
        pages: &HashMap<PageKey, OwnedBytes>,
        range: &Range<u64>,
    ) -> Result<OwnedBytes> {
        let found = self
            .pages
            .pages_of(range)
            .map(|page| {
                let key = PageKey {
                    split: self.pages.id.clone(),
                    page,
                };
                pages.get(&key).cloned().ok_or_else(|| {
                    ErrorKind::Internal.with_message(format!("page {page} was not fetched"))
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(self.pages.join(&found, range))
    }

    fn named<T>(&self, result: Result<T>) -> Result<T> {
        result.map_err(|e| self.named_error(e))
    }

    fn named_error(&self, error: crate::error::Error) -> crate::error::Error {
        error.with_context(self.location.source.name().to_string())
    }
}

/// The record of `page` among `records`.
fn record_of(records: &[(u32, Record)], page: u32) -> Option<&Record> {
    records
        .iter()
        .find(|(read, _)| *read == page)
        .map(|(_, record)| record)
}

/// A query as typed and, while it is being typed, with its last word completed.
struct Queries {
    exact: query::Parsed,
    completed: Option<query::Parsed>,
}

impl Queries {
    /// Both trees under one node, for what they read and mark.
    fn both(&self) -> Node {
        let mut nodes = vec![(Occur::Should, self.exact.node.clone())];
        if let Some(completed) = &self.completed {
            nodes.push((Occur::Should, completed.node.clone()));
        }
        Node::Clauses(nodes)
    }
}

/// The words searched instead of the query's unknown words, and of its completed last word.
#[derive(Debug, Default)]
struct Replacing {
    /// Unknown words of the query as typed, each with its replacements.
    words: Vec<(String, Vec<String>)>,
    /// The completed last word, when it begins none of the index's words, with the
    /// lexicon's words it begins (or is one edit from).
    completion: Option<(String, Vec<String>)>,
}

impl Replacing {
    fn is_empty(&self) -> bool {
        self.words.is_empty() && self.completion.is_none()
    }

    /// What the answer names: each word once, with every word searched instead of it.
    fn named(self) -> Vec<Replaced> {
        let mut named: Vec<Replaced> = self
            .words
            .into_iter()
            .map(|(word, with)| Replaced { word, with })
            .collect();
        if let Some((word, with)) = self.completion {
            match named.iter_mut().find(|r| r.word == word) {
                Some(known) => {
                    let new: Vec<String> = with
                        .into_iter()
                        .filter(|w| !known.with.contains(w))
                        .collect();
                    known.with.extend(new);
                }
                None => named.push(Replaced { word, with }),
            }
        }
        named
    }
}

/// Pages by score, best first; then, for a completed query, the pages only it matched, by
/// their score: so the first hits are those of the text as typed, in the same order.
fn rank(exact: Scored, completed: Option<Scored>) -> Scored {
    let by_score = |a: &(u32, f32), b: &(u32, f32)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0));
    let mut ranked = exact;
    ranked.sort_by(by_score);
    if let Some(completed) = completed {
        let exact: HashSet<u32> = ranked.iter().map(|(page, _)| *page).collect();
        let mut more: Scored = completed
            .into_iter()
            .filter(|(page, _)| !exact.contains(page))
            .collect();
        more.sort_by(by_score);
        ranked.extend(more);
    }
    ranked
}

/// Keeps the pages that hold one word of every filter group.
fn keep_filtered(matched: &mut Scored, filter_groups: &[Vec<String>], found: &Found) {
    for group in filter_groups {
        let allowed: HashSet<u32> = group
            .iter()
            .filter_map(|word| found.words.get(word))
            .flat_map(|data| data.postings.postings.iter().map(|p| p.page))
            .collect();
        matched.retain(|(page, _)| allowed.contains(page));
    }
}

/// Remembers where a word's positions are, for a phrase to read them.
fn found_positions_at(found: &mut Found, word: &str, range: Range<u64>) {
    if !range.is_empty() {
        found.position_ranges.insert(word.to_string(), range);
    }
}

/// The number of pages at the start of encoded postings (0 when unreadable; decoding reports it).
fn leading_count(postings: &[u8]) -> u64 {
    ByteReader::new(postings, "site index postings")
        .varint()
        .unwrap_or(0)
}

/// `range` of a region starting at `region.start`.
fn offset(region: &Range<u64>, range: Range<u64>) -> Range<u64> {
    region.start + range.start..region.start + range.end
}

/// The words a hit's snippet marks: those of the query's clauses that are not excluded.
fn snippet_terms(node: &Node, found: &Found) -> Vec<String> {
    let mut terms = Vec::new();
    collect_terms(node, found, &mut terms);
    terms.sort();
    terms.dedup();
    terms
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
                    // As JSON text (`7`, `true`); through the serializer responses use, not
                    // `Display`, which is another copy of it.
                    other => filter_word(key, &serde_json::to_string(other).unwrap_or_default()),
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

fn search_stats(stats: &QueryStats, started: web_time::Instant) -> SearchStats {
    let io = stats.counts();
    SearchStats {
        requests: io.requests,
        bytes: io.bytes,
        waves: io.waves,
        splits_total: 1,
        splits_opened: 1,
        cache_hits: io.cache_hits,
        elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
    }
}
