//! A query's word reads: the chunks holding its words, prefixes and filter words (one wave),
//! and for phrases their positions (one more).

use std::ops::Range;

use super::{offset, SiteIndex, MAX_PREFIX_CHUNKS};
use crate::error::Result;
use crate::format::{page_payload, ByteReader};
use crate::io::QueryStats;
use crate::query_text::MAX_PREFIX_EXPANSIONS;
use crate::site::evaluate::{Found, WordData};
use crate::site::postings::{decode_positions, word_entries, Postings, WordEntry};
use crate::site::query::{Node, Slot};
use crate::site::stemmed_filter;
use crate::sorted_unique;

impl SiteIndex {
    /// Reads, in one wave, the chunks holding the query's words, prefixes and filter words,
    /// and decodes their postings.
    ///
    /// In the same wave, the bucket of the site file's stemmed-word filter that files each of
    /// `stemmed` (words it searches by their stem, [`crate::site::stemmed_filter`]): those no
    /// page holds as typed are [`Found::stem_only`].
    pub(in crate::site) async fn read_words(
        &self,
        node: &Node,
        filter_groups: &[Vec<String>],
        stemmed: &[String],
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
        let mut ranges: Vec<Range<u64>> = chunks
            .iter()
            .map(|&chunk| offset(&self.regions.chunks, self.head.chunk_range(chunk)))
            .collect();
        // Each stemmed word's bucket of the filter, read with the chunks (a page each).
        let of_each = self.stemmed_buckets(stemmed);
        let buckets = sorted_unique(of_each.clone());
        let first_bucket = ranges.len();
        ranges.extend(buckets.iter().map(|&bucket| self.stemmed_page(bucket)));
        let mut bytes = self.read(&ranges, stats).await?;
        let fields = self.head.meta.fields.len();
        let mut found = Found::default();
        let buckets_read = bytes.split_off(first_bucket);
        found.stem_only = (stemmed.iter().zip(&of_each))
            .filter(|(word, bucket)| {
                let read = &buckets_read[buckets.partition_point(|b| b < bucket)];
                !stemmed_filter::may_hold(read.as_slice(), word)
            })
            .map(|(word, _)| word.clone())
            .collect();
        // Each prefix's candidate words, in the order of `prefixes`.
        let mut candidates: Vec<Vec<(u64, WordEntry)>> = vec![Vec::new(); prefixes.len()];
        for (chunk, frame) in chunks.iter().zip(bytes) {
            let raw = self.named(self.frames.decode(&frame, &format!("chunk {chunk}")))?;
            for entry in self.named(word_entries(&raw))? {
                if words.binary_search(&entry.word).is_ok() {
                    let postings = self.named(Postings::decode(&entry.postings, fields))?;
                    let data = WordData {
                        postings,
                        positions: None,
                        positions_at: entry.positions.clone(),
                    };
                    found.words.insert(entry.word.clone(), data);
                }
                for (prefix, candidates) in prefixes.iter().zip(&mut candidates) {
                    if entry.word.starts_with(prefix.as_str()) {
                        let pages = leading_count(&entry.postings);
                        candidates.push((pages, entry.clone()));
                    }
                }
            }
        }
        for (prefix, mut words) in prefixes.into_iter().zip(candidates) {
            if words.is_empty() {
                continue;
            }
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
                        positions_at: entry.positions,
                    };
                    found.words.insert(entry.word.clone(), data);
                }
                expansions.push(entry.word);
            }
            found.expansions.push((prefix, expansions));
        }
        Ok(found)
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
