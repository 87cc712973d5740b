//! A site index opened for searching: its head from the open read, then per query one wave of
//! word chunks, lexicon blocks and replacements' chunks for typos only, one of positions for
//! phrases only, and one of the hits' records.

use std::ops::Range;
use std::sync::Arc;

use ownedbytes::OwnedBytes;

use super::evaluate::Found;
use super::queries::{Queries, Replacing};
use super::query::{self, Node};
use super::stopwatch::Stopwatch;
use super::title_match::{self, title_match, TitleMatch};
use crate::analysis::Analyzer;
use crate::api::{SearchRequest, SearchStats};
use crate::error::{ErrorKind, Result};
use crate::formats::site_file::head_meta;
use crate::formats::site_file::head_meta::HeadMeta;
use crate::formats::site_file::layout::{self, Head};
use crate::formats::site_file::record::Record;
use crate::formats::split::Frames;
use crate::io::{
    open_region, FetchedPages, Fetcher, FileLocation, PageKey, PageRequest, PagedFile,
    PersistentCache, QueryStats,
};
use crate::typos::Lexicon;

/// Chunks a prefix reads at most: a prefix of one or two letters spans many, and the words it
/// begins in the first of them are the ones typing is heading for as often as any.
pub const MAX_PREFIX_CHUNKS: usize = 2;
/// What the site file's frames are called in messages.
const SITE_INDEX: &str = "site index";

mod hits;
mod word_reads;

/// Where a region lies in the data.
#[derive(Debug, Clone)]
struct Regions {
    chunks: Range<u64>,
    positions: Range<u64>,
    records: Range<u64>,
    /// The stemmed-word filter, whole pages (site files written before it have none).
    stemmed: Option<Range<u64>>,
}

/// An open site index.
pub struct SiteIndex {
    location: FileLocation,
    pages: Arc<PagedFile>,
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
        location: FileLocation,
        fetcher: Arc<Fetcher>,
    ) -> Result<(SiteIndex, SearchStats)> {
        let started = Stopwatch::start();
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
            stemmed: file(layout::STEMMED).ok(),
        };
        let payload = region.footer.page_payload();
        if let Some(stemmed) = &regions.stemmed {
            if stemmed.is_empty() || (stemmed.end - stemmed.start) % payload != 0 {
                let message = "its stemmed-word filter is not whole pages".to_string();
                return Err(named(corrupt(message)));
            }
        }
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
        head_meta::refuse_zstd_head(head_bytes).map_err(named)?;
        let raw = Frames::new(&[], SITE_INDEX)
            .decode(head_bytes, "head")
            .await
            .map_err(named)?;
        let head = Head::decode(&raw).map_err(named)?;
        let len = |region: &Range<u64>| region.end - region.start;
        let (chunks, positions) = (len(&regions.chunks), len(&regions.positions));
        head.check_regions(chunks, positions, len(&regions.records))
            .map_err(named)?;
        let frames = Frames::new(&head.dictionary, SITE_INDEX);
        let analyzer = Analyzer::new(head.meta.stemmer.as_deref()).map_err(named)?;
        if let (Some(tier), Some(tail)) = (fetcher.persistent(), from_network) {
            tier.put_open_region(&location.id, tail);
        }
        let pages = Arc::new(PagedFile::for_footer(
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
        let started = Stopwatch::start();
        let stats = QueryStats::new();
        if let Some(lexicon) = &self.lexicon {
            lexicon.preload(self.fetcher.persistent(), &stats).await?;
        }
        Ok(search_stats(&stats, started))
    }

    /// The request's query as typed and, for `typeahead`, with its last word completed.
    pub(super) fn parse(&self, request: &SearchRequest, replacing: &Replacing) -> Queries {
        let (meta, analyzer) = (&self.head.meta, &self.analyzer);
        // No text with filters: every page with those values, as the split engine answers;
        // Lucene's `*:*` is `*`, every page.
        let typed = request.query.trim();
        let text = match (typed.is_empty() && !request.filters.is_empty())
            || crate::query_text::is_match_all(typed)
        {
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

    /// The query's words to compare this index's titles with ([`title_match`]), and its
    /// title field; `None` when the index has no title field or the query no words.
    pub(super) fn title_words<'a>(
        &self,
        node: &'a Node,
        found: &'a Found,
    ) -> Option<title_match::TitleWords<'a>> {
        let meta = &self.head.meta;
        let title_field = meta.title_field.as_ref()?;
        let field = meta.fields.iter().position(|f| &f.name == title_field)?;
        let words = title_match::query_words(node, found, field);
        (!words.is_empty()).then_some((words, field))
    }

    /// How the title in `record` matches `words`, from [`Self::title_words`].
    pub(super) fn title_match(&self, record: Option<&Record>, words: &[Vec<&str>]) -> TitleMatch {
        let title = self.head.meta.title_field.as_ref().and_then(|field| {
            record
                .and_then(|record| record.get(field))
                .and_then(|t| t.as_str())
        });
        title_match(title.unwrap_or_default(), words, &self.analyzer)
    }

    /// The pages holding `word` as a typo lookup counts them: 0 when the index lacks one of
    /// the terms it analyses to; the fewest of any of them when the builder marked one as
    /// having a form rare beside a far more common word (the lexicon decides); else
    /// `u32::MAX`, a word held that no lookup replaces.
    pub(super) fn pages_of(&self, word: &str, found: &Found) -> u32 {
        let (mut pages, mut beside_common) = (u32::MAX, false);
        for term in self.analyzer.terms(word) {
            let data = found.words.get(&term);
            beside_common |= data.is_some_and(|data| data.beside_common);
            pages = pages.min(data.map_or(0, |data| match &data.tail {
                Some(tail) => tail.pages as u32,
                None => data.postings.postings.len() as u32,
            }));
        }
        match pages {
            u32::MAX | 0 => 0, // no terms, or one missing
            pages if beside_common => pages,
            _ => u32::MAX,
        }
    }

    /// Whether the analyser searches `word` (lowercased and folded) as another term than
    /// itself: its stem.
    pub(super) fn stems(&self, word: &str) -> bool {
        self.analyzer.stems(word)
    }

    /// Its head meta.
    pub(super) fn meta(&self) -> &HeadMeta {
        &self.head.meta
    }

    /// Its lexicon, if it has one, with the persistent tier its reads go through.
    pub(super) fn lexicon(&self) -> Option<(&Lexicon, Option<&Arc<dyn PersistentCache>>)> {
        Some((self.lexicon.as_ref()?, self.fetcher.persistent()))
    }

    /// The data ranges `ranges`, read in one wave (pages already cached are not read again).
    async fn read(&self, ranges: &[Range<u64>], stats: &QueryStats) -> Result<Vec<OwnedBytes>> {
        if ranges.is_empty() {
            return Ok(Vec::new());
        }
        let mut pages = FetchedPages::default();
        let request = PageRequest {
            file: self.pages.clone(),
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
    fn assemble(&self, pages: &FetchedPages, range: &Range<u64>) -> Result<OwnedBytes> {
        let found = self
            .pages
            .pages_of(range)
            .map(|page| {
                let key = PageKey {
                    file: self.pages.id.clone(),
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

/// `range` of a region starting at `region.start`.
pub(super) fn offset(region: &Range<u64>, range: Range<u64>) -> Range<u64> {
    // Saturating: a damaged entry's range past the file is refused by the read, not a panic.
    region.start.saturating_add(range.start)..region.start.saturating_add(range.end)
}

/// What `stats` counted since `started`, as an answer says it.
pub(super) fn search_stats(stats: &QueryStats, started: Stopwatch) -> SearchStats {
    let io = stats.counts();
    SearchStats {
        requests: io.requests,
        bytes: io.bytes,
        waves: io.waves,
        splits_total: 1,
        splits_opened: 1,
        cache_hits: io.cache_hits,
        elapsed_ms: started.elapsed_ms(),
    }
}
