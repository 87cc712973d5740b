//! A query's word reads: the chunks holding its words, prefixes and filter words, with the
//! positions of its phrases' words' chunks (one wave); the positions of the words a phrase's
//! prefix was completed to, and of chunks too large to read whole (one more).

use std::ops::Range;

use super::{offset, SiteIndex, MAX_PREFIX_CHUNKS};
use crate::error::Result;
use crate::formats::site_file::postings::{decode_positions, word_entries, Postings, WordEntry};
use crate::formats::site_file::stemmed_filter;
use crate::formats::split::{page_payload, ByteReader};
use crate::io::QueryStats;
use crate::query_text::MAX_PREFIX_EXPANSIONS;
use crate::site::evaluate::{Found, WordData};
use crate::site::query::{Node, Slot};
use crate::sorted_unique;
use ownedbytes::OwnedBytes;

/// Bytes of a chunk's words' positions a phrase reads with the chunk at most; past them, it
/// reads its own words' positions in a wave of their own.
pub const MAX_PHRASE_CHUNK_POSITIONS: u64 = 32 << 10;

impl SiteIndex {
    /// Reads, in one wave, the chunks holding the query's words, prefixes and filter words,
    /// and decodes their postings: with `whole`, long words' whole lists (each chunk with its
    /// tails, in the same request), else the best their entries keep.
    ///
    /// In the same wave, the bucket of the site file's stemmed-word filter that files each of
    /// `stemmed` (words it searches by their stem, [`crate::formats::site_file::stemmed_filter`]): those no
    /// page holds as typed are [`Found::stem_only`]; and the positions of the chunks of the
    /// words of phrases (into the cache, where [`Self::read_positions`] finds them), unless
    /// a chunk's are larger than [`MAX_PHRASE_CHUNK_POSITIONS`] (a long word's own chunk's
    /// are its own: the phrase reads them anyway).
    pub(in crate::site) async fn read_words(
        &self,
        nodes: &[&Node],
        filter_groups: &[Vec<String>],
        stemmed: &[String],
        whole: bool,
        stats: &QueryStats,
    ) -> Result<Found> {
        let mut words = Vec::new();
        let mut prefixes = Vec::new();
        let mut phrase_words = Vec::new();
        let mut each = |node: &Node| match node {
            Node::Phrase { slots, .. } => {
                let from = words.len();
                for slot in slots {
                    match slot {
                        Slot::Word(word) => words.push(word.clone()),
                        Slot::AnyOf(any) => words.extend(any.iter().cloned()),
                        Slot::Prefix(prefix) => prefixes.push(prefix.clone()),
                    }
                }
                if slots.len() > 1 {
                    phrase_words.extend_from_slice(&words[from..]);
                }
            }
            Node::Filter(word) => words.push(word.clone()),
            _ => {}
        };
        nodes.iter().for_each(|node| node.visit(&mut each));
        words.extend(filter_groups.iter().flatten().cloned());
        let words = sorted_unique(words);
        let prefixes = sorted_unique(prefixes);
        let mut chunks: Vec<usize> = words
            .iter()
            .filter_map(|word| self.head.chunk_of(word))
            .collect();
        for prefix in &prefixes {
            // A long word's chunk (its own) does not count: the words a prefix is searched
            // as are the same with tails or without.
            let mut counted = 0;
            let chunks_of = self.head.chunks_of_prefix(prefix).take_while(|&chunk| {
                counted += usize::from(self.head.chunk_tails[chunk] == 0);
                counted <= MAX_PREFIX_CHUNKS
            });
            chunks.extend(chunks_of);
        }
        let chunks = sorted_unique(chunks);
        let span = |chunk| match whole {
            true => self.head.chunk_span(chunk),
            false => self.head.chunk_range(chunk),
        };
        let mut ranges: Vec<Range<u64>> = chunks
            .iter()
            .map(|&chunk| offset(&self.regions.chunks, span(chunk)))
            .collect();
        // The positions of the phrases' words' chunks, into the cache.
        let phrase_chunks = phrase_words
            .iter()
            .filter_map(|word| self.head.chunk_of(word));
        // As `u64`s: the engine's one sort of integers.
        let phrase_chunks = sorted_unique(phrase_chunks.map(|chunk| chunk as u64).collect());
        let region = &self.regions.positions;
        let positions_of = phrase_chunks.into_iter().filter_map(|chunk| {
            let span = self
                .head
                .chunk_positions(chunk as usize, region.end - region.start);
            let own = self.head.chunk_tails[chunk as usize] > 0;
            let read =
                !span.is_empty() && (own || span.end - span.start <= MAX_PHRASE_CHUNK_POSITIONS);
            read.then(|| offset(region, span))
        });
        let first_positions = ranges.len();
        ranges.extend(positions_of);
        // Each stemmed word's bucket of the filter, read with the chunks (a page each).
        let of_each = self.stemmed_buckets(stemmed);
        let buckets = sorted_unique(of_each.clone());
        let first_bucket = ranges.len();
        ranges.extend(buckets.iter().map(|&bucket| self.stemmed_page(bucket)));
        let mut bytes = self.read(&ranges, stats).await?;
        let fields = self.head.meta.fields.len();
        let mut found = Found::default();
        let buckets_read = bytes.split_off(first_bucket);
        bytes.truncate(first_positions);
        found.stem_only = (stemmed.iter().zip(&of_each))
            .filter(|(word, bucket)| {
                let read = &buckets_read[buckets.partition_point(|b| b < bucket)];
                !stemmed_filter::may_hold(read.as_slice(), word)
            })
            .map(|(word, _)| word.clone())
            .collect();
        // Each prefix's candidate words, in the order of `prefixes`.
        let mut candidates: Vec<Vec<(u64, usize, WordEntry)>> = vec![Vec::new(); prefixes.len()];
        // Each chunk's tails, as read (empty unless `whole`).
        let mut tails_read = Vec::with_capacity(chunks.len());
        for (&chunk, read) in chunks.iter().zip(bytes) {
            let frame = self.head.chunk_range(chunk);
            let frame_len = ((frame.end - frame.start) as usize).min(read.len());
            let what = format!("chunk {chunk}");
            let raw = self.named(self.frames.decode(&read[..frame_len], &what).await)?;
            tails_read.push(read.slice(frame_len..read.len()));
            let tails = tails_read.last().filter(|_| whole);
            for entry in self.named(word_entries(&raw))? {
                for (prefix, candidates) in prefixes.iter().zip(&mut candidates) {
                    if entry.word.starts_with(prefix.as_str()) {
                        let pages = match &entry.tail {
                            Some(tail) => tail.pages,
                            None => leading_count(&entry.postings),
                        };
                        candidates.push((pages, tails_read.len() - 1, entry.clone()));
                    }
                }
                if words.binary_search(&entry.word).is_ok() {
                    let word = entry.word.clone();
                    found
                        .words
                        .insert(word, self.word_data(entry, tails, fields).await?);
                }
            }
        }
        for (prefix, mut words) in prefixes.into_iter().zip(candidates) {
            if words.is_empty() {
                continue;
            }
            // The words on the most pages, as typing heads for common words.
            words.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.2.word.cmp(&b.2.word)));
            words.truncate(MAX_PREFIX_EXPANSIONS);
            let mut expansions = Vec::with_capacity(words.len());
            for (_, chunk, entry) in words {
                let word = entry.word.clone();
                if !found.words.contains_key(&word) {
                    let tails = Some(&tails_read[chunk]).filter(|_| whole);
                    let data = self.word_data(entry, tails, fields).await?;
                    found.words.insert(word.clone(), data);
                }
                expansions.push(word);
            }
            found.expansions.push((prefix, expansions));
        }
        Ok(found)
    }

    /// A word's entry decoded, for an index of `fields` searched fields, with its whole list
    /// if it has a tail and `tails` are its chunk's tails, read.
    async fn word_data(
        &self,
        entry: WordEntry,
        tails: Option<&OwnedBytes>,
        fields: usize,
    ) -> Result<WordData> {
        let postings = self.named(Postings::decode(&entry.postings, fields))?;
        let mut data = WordData {
            postings,
            positions: None,
            positions_at: entry.positions.clone(),
            tail: None,
            beside_common: entry.beside_common,
        };
        let Some(tail) = &entry.tail else {
            return Ok(data);
        };
        let named = |field: usize| field >= self.head.meta.fields.len();
        if tail.fields.iter().any(|f| named(usize::from(f.field))) {
            return Err(self.corrupt_tail(&entry, "names a field the index lacks"));
        }
        match tails {
            Some(tails) => {
                let frame = (tails.as_slice())
                    .get(tail.at.start as usize..tail.at.end as usize)
                    .ok_or_else(|| self.corrupt_tail(&entry, "is past its chunk's"))?;
                let raw = self.named(self.frames.decode(frame, "a word's tail").await)?;
                let tail = self.named(Postings::decode(&raw, fields))?;
                data.postings = self.named(data.postings.merge(tail))?;
            }
            None => data.tail = entry.tail,
        }
        Ok(data)
    }

    fn corrupt_tail(&self, entry: &WordEntry, what: &str) -> crate::error::Error {
        let message = format!("the tail of `{}` {what}", entry.word);
        self.named_error(crate::formats::site_file::corrupt(message))
    }

    /// The bucket of the stemmed-word filter that files each of `stemmed` (none without the
    /// filter: a site file written before it).
    fn stemmed_buckets(&self, stemmed: &[String]) -> Vec<u64> {
        let Some(region) = &self.regions.stemmed else {
            return Vec::new();
        };
        let buckets = (region.end - region.start) / page_payload(self.pages.page_size);
        let bucket = |word: &String| stemmed_filter::bucket_of(word, buckets);
        stemmed.iter().map(bucket).collect()
    }

    /// The data range of the filter's bucket `bucket`: one page.
    fn stemmed_page(&self, bucket: u64) -> Range<u64> {
        let region = self
            .regions
            .stemmed
            .as_ref()
            .expect("buckets come from the filter");
        let page = page_payload(self.pages.page_size);
        let start = region.start + bucket * page;
        start..start + page
    }

    /// Reads, in one wave, the positions of the words of phrases.
    pub(in crate::site) async fn read_positions(
        &self,
        nodes: &[&Node],
        found: &mut Found,
        stats: &QueryStats,
    ) -> Result<()> {
        let mut wanted = Vec::new();
        let mut each = |node: &Node| {
            if let Node::Phrase { slots, .. } = node {
                if slots.len() > 1 {
                    for slot in slots {
                        wanted.extend(found.slot_words(slot).into_iter().map(String::from));
                    }
                }
            }
        };
        nodes.iter().for_each(|node| node.visit(&mut each));
        let wanted: Vec<(String, Range<u64>)> = sorted_unique(wanted)
            .into_iter()
            .filter_map(|word| {
                let range = found.words.get(&word)?.positions_at.clone();
                (!range.is_empty()).then_some((word, range))
            })
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
}

/// The number of pages at the start of encoded postings (0 when unreadable; decoding reports it).
fn leading_count(postings: &[u8]) -> u64 {
    ByteReader::new(postings, "site index postings")
        .varint()
        .unwrap_or(0)
}
