//! Writing a language's site file (`<id>.rfsite`, see `rangefind_engine::site`): the pages'
//! words with postings in chunks, positions, and one zstd record per page.

use rustc_hash::{FxHashMap, FxHashSet};
use std::fs;
use std::io::BufRead;
use std::path::{Path, PathBuf};

use anyhow::Context;
use indicatif::ProgressBar;
use rangefind_engine::analysis::Analyzer;
use rangefind_engine::format::{page_payload, write_regions, SplitWriteOptions};
use rangefind_engine::site::layout::{
    self, filter_word, text_values, Head, HeadMeta, SearchedField, SITE_LAYOUT_VERSION,
};
use rangefind_engine::site::postings::{encode_positions, score_byte, Postings, WordEntry};
use rangefind_engine::site::record as layout_record;
use rangefind_engine::site::record_slots::{order_by_size, RecordSlots};
use rangefind_engine::site::site_json::SiteFileEntry;
use rangefind_engine::site::stemmed_filter;
use rangefind_engine::typos::{is_lexicon_word, WordCounts};
use rayon::prelude::*;
use serde_json::{Map, Value};

use crate::index_dir::write_content_addressed;

use super::chunk_writer::{ChunkWriter, CHUNK_LEVEL};
use super::heading_scores::{self, Headings};
use super::mapping::{fields, stemmer_of, SiteFields, HEADINGS_BOOST, TITLE_BOOST};
use super::postings_buffer::PostingsBuffer;
use super::record_spill::{compress_records, train_dictionary, RecordSpill};
use super::renumber::renumber;

/// Page size of a site file: records are a few hundred bytes, and a read costs whole pages.
pub const SITE_PAGE_SIZE: u32 = 512;
/// The extension of site files.
pub const SITE_FILE_EXTENSION: &str = "rfsite";

/// Pages analysed at once (in parallel) before their words join the index.
const ANALYSIS_BATCH: usize = 512;

/// Shards of the word index: adding a batch's words runs on every core, a shard each.
const SHARDS: usize = 8;

/// One page, analysed, its words split by shard.
struct AnalysedPage {
    /// Per shard: its words with their (field, positions), fields ascending, and its filter
    /// words.
    shards: Vec<PageShard>,
    /// The stored record (`rangefind_engine::site::record`).
    record: Vec<u8>,
    /// What is kept of it once its words joined the index.
    stored: StoredPage,
}

/// Each field of a page holding a word, ascending, with the word's positions in it.
type FieldPositions = Vec<(u8, Vec<u32>)>;

/// Each field of a page holding a word, ascending, with the word's positions in it and the
/// count its score byte is made from (its occurrences; in the headings, [`heading_scores`]).
type FieldPostings = Vec<(u8, Vec<u32>, u32)>;

/// The words of one page that fall in one shard.
#[derive(Default)]
struct PageShard {
    /// Word → (field, positions, count), fields ascending.
    words: Vec<(String, FieldPostings)>,
    /// Filter words.
    filters: Vec<String>,
    /// Its words as typed (lowercased and folded, not stemmed) that the lexicon keeps, each once.
    typed: Vec<String>,
}

/// What the index keeps of a page in memory until the site file is written: its field lengths
/// and text weight (its record waits in a [`RecordSpill`]).
struct StoredPage {
    /// Words in each searched field.
    lengths: Vec<u32>,
    /// Headings holding words ([`heading_scores`]).
    headings: u32,
    /// The weight of its text (not its title's or headings'): [`fields::TEXT_WEIGHT`].
    text_weight: f32,
}

/// A word's pages so far: `(page, field, occurrences)` in page order, and its positions
/// encoded as the positions region holds them.
#[derive(Default)]
struct WordPostings {
    postings: PostingsBuffer,
    positions: Vec<u8>,
}

/// The words of the pages analysed so far, in [`SHARDS`] shards by word.
struct WordIndex {
    shards: Vec<WordShard>,
}

/// The words of one shard.
#[derive(Default)]
struct WordShard {
    words: FxHashMap<String, WordPostings>,
    /// Pages holding each word as typed: the lexicon's input.
    typed: FxHashMap<String, u32>,
}

/// The shard of `word`.
fn shard_of(word: &str) -> usize {
    let mut hasher = rustc_hash::FxHasher::default();
    std::hash::Hasher::write(&mut hasher, word.as_bytes());
    (std::hash::Hasher::finish(&hasher) % SHARDS as u64) as usize
}

/// Writes the site file of the pages in `inputs` (JSON lines of `super::record`) and its
/// lexicon into `dir`, named after their contents; other site files there are removed.
/// `path_prefix` is `dir` relative to `site.json`. Returns its entry and its page count.
/// `progress` counts the pages analysed, then says what is being written.
pub fn write_site_file(
    inputs: &[PathBuf],
    language: &str,
    used: &SiteFields,
    dir: &Path,
    path_prefix: &str,
    progress: &ProgressBar,
) -> anyhow::Result<(SiteFileEntry, u64)> {
    let searched = searched_fields(used);
    let stemmer = stemmer_of(language);
    let analyzer = Analyzer::new(stemmer.as_deref())?;
    let mut words = WordIndex {
        shards: (0..SHARDS).map(|_| WordShard::default()).collect(),
    };
    let mut pages: Vec<StoredPage> = Vec::new();
    // Beside the pages' JSON lines, in the build's work directory.
    let work = inputs.first().and_then(|input| input.parent());
    let mut spill = RecordSpill::new(work.unwrap_or(&std::env::temp_dir()))?;
    let mut batch = Vec::with_capacity(ANALYSIS_BATCH);
    for input in inputs {
        let file = fs::File::open(input).with_context(|| format!("reading {}", input.display()))?;
        for line in std::io::BufReader::new(file).lines() {
            batch.push(line?);
            if batch.len() == ANALYSIS_BATCH {
                words.add_batch(
                    &mut pages,
                    &mut spill,
                    &std::mem::take(&mut batch),
                    &searched,
                    &analyzer,
                )?;
                progress.inc(ANALYSIS_BATCH as u64);
            }
        }
    }
    words.add_batch(&mut pages, &mut spill, &batch, &searched, &analyzer)?;
    progress.inc(batch.len() as u64);
    progress.set_message("— compressing word chunks, records and the lexicon");
    let spilled = spill.finish()?;
    let typed = words.typed_counts();
    let work = work.unwrap_or(&std::env::temp_dir()).to_path_buf();
    // The words the analyser searches by their stem, which the site engine checks as typed:
    // one bucket a page, from the first page on.
    let stemmed: Vec<&str> = (typed.keys())
        .filter(|word| analyzer.stems(word))
        .map(String::as_str)
        .collect();
    let bucket_bytes = page_payload(u64::from(SITE_PAGE_SIZE)) as usize;
    let stemmed = stemmed_filter::encode(&stemmed, bucket_bytes);
    // The records first: their sizes number the pages (`record_slots`), and the chunks
    // refer to pages by number. The lexicon meanwhile, on the other cores.
    let (written, lexicon) = rayon::join(
        || -> anyhow::Result<_> {
            let dictionary = train_dictionary(&spilled)?;
            let frames = compress_records(&spilled, &dictionary, &work)?;
            drop(spilled);
            let order = order_by_size(&frames.units());
            let records = frames.region(&order.page_of)?;
            let (number_of, sizes) = (order.number_of, order.sizes);
            let slots = RecordSlots::new(&sizes)?;
            Ok((
                words.write(&pages, &searched, &number_of),
                records,
                slots,
                dictionary,
            ))
        },
        // In the splits' lexicon directory: the same words make the same file, written once.
        || crate::lexicon::write_file(dir, &typed).context("writing the lexicon"),
    );
    let ((chunks, chunk_firsts, chunk_offsets, positions), records, record_slots, dictionary) =
        written?;
    let mut lexicon = lexicon?;
    let head = Head {
        meta: HeadMeta {
            version: SITE_LAYOUT_VERSION,
            pages: pages.len() as u32,
            stemmer,
            fields: searched,
            snippet_field: fields::BODY.to_string(),
            title_field: Some(fields::TITLE.to_string()),
        },
        chunk_firsts,
        chunk_offsets,
        record_slots,
        dictionary,
    };
    let head = zstd::bulk::compress(&head.encode(), CHUNK_LEVEL)?;
    fs::create_dir_all(dir)?;
    let options = SplitWriteOptions {
        page_size: SITE_PAGE_SIZE,
        doc_count: pages.len() as u64,
        time_range: None,
    };
    let (summary, id) = write_content_addressed(dir, SITE_FILE_EXTENSION, |out| {
        write_regions(
            &[
                (layout::STEMMED, &stemmed),
                (layout::HEAD, &head),
                (layout::CHUNKS, &chunks),
                (layout::POSITIONS, &positions),
                (layout::RECORDS, &records),
            ],
            &[layout::HEAD],
            &options,
            out,
        )
    })
    .context("writing the site file")?;
    let name = format!("{id}.{SITE_FILE_EXTENSION}");
    remove_other_site_files(dir, &name)?;
    lexicon.path = format!("{path_prefix}{}", lexicon.path);
    let entry = SiteFileEntry {
        path: format!("{path_prefix}{name}"),
        size: summary.len,
        open_region: [summary.open_region.start, summary.open_region.end],
        lexicon: Some(lexicon),
    };
    Ok((entry, pages.len() as u64))
}

/// The searched fields: title, headings, body, then the weighted text of `used`.
fn searched_fields(used: &SiteFields) -> Vec<SearchedField> {
    let mut searched = vec![
        SearchedField {
            name: fields::TITLE.into(),
            boost: TITLE_BOOST,
        },
        SearchedField {
            name: fields::HEADINGS.into(),
            boost: HEADINGS_BOOST,
        },
        SearchedField {
            name: fields::BODY.into(),
            boost: 1.0,
        },
    ];
    // Masks have 32 bits; a site using more weights than that shares the last one.
    for &tenths in used.weights.iter().take(32 - searched.len()) {
        searched.push(SearchedField {
            name: fields::weighted(tenths),
            boost: f32::from(tenths) / 10.0,
        });
    }
    searched
}

/// Analyses one JSON line of `super::record`.
fn analyse(
    line: &str,
    searched: &[SearchedField],
    analyzer: &Analyzer,
) -> anyhow::Result<AnalysedPage> {
    let page: Map<String, Value> =
        serde_json::from_str(line).context("a page record the crawl wrote is not JSON")?;
    let mut words: FxHashMap<String, FieldPositions> = FxHashMap::default();
    let mut typed_words = FxHashSet::default();
    let mut lengths = vec![0; searched.len()];
    let mut headings = Headings::default();
    let mut headings_field = None;
    for (field, searched_field) in searched.iter().enumerate() {
        let mut position = 0u32;
        let is_headings = searched_field.name == fields::HEADINGS;
        if is_headings {
            headings_field = Some(field as u8);
        }
        for (value, text) in text_values(page.get(&searched_field.name))
            .into_iter()
            .enumerate()
        {
            if value > 0 {
                // A gap, so that no phrase runs from one value (section) into the next.
                position += 1;
            }
            if is_headings {
                headings.begin(position);
            }
            // Positions count the words kept, not the ones dropped for their length (which
            // the analyser's `position` counts, as tantivy does): a site query's phrase has
            // its words one position apart.
            analyzer.each_word(text, |word| {
                let (term, typed) = (word.term, word.typed);
                if !typed_words.contains(typed) && is_lexicon_word(typed) {
                    typed_words.insert(typed.to_string());
                }
                // Most words repeat on a page: a key is allocated once per page.
                let fields = match words.get_mut(term) {
                    Some(fields) => fields,
                    None => words.entry(term.to_string()).or_default(),
                };
                match fields.last_mut() {
                    Some((f, positions)) if usize::from(*f) == field => positions.push(position),
                    _ => fields.push((field as u8, vec![position])),
                }
                position += 1;
                lengths[field] += 1;
                if is_headings {
                    headings.add_word();
                }
            });
        }
    }
    let mut filters = Vec::new();
    let mut record = Map::new();
    for name in [
        fields::URL,
        fields::TITLE,
        fields::BODY,
        fields::SECTIONS,
        fields::ANCHORS,
    ] {
        if let Some(value) = page.get(name) {
            record.insert(name.to_string(), value.clone());
        }
    }
    if let Some(Value::Object(keys)) = page.get(fields::FILTER) {
        for (key, values) in keys {
            let values = text_values(Some(values));
            filters.extend(values.iter().map(|value| filter_word(key, value)));
            let stored = match values.as_slice() {
                [one] => Value::String(one.to_string()),
                many => Value::from(many.to_vec()),
            };
            record.insert(format!("{}.{key}", fields::FILTER), stored);
        }
    }
    if let Some(Value::Object(keys)) = page.get(fields::META) {
        for (key, value) in keys {
            record.insert(format!("{}.{key}", fields::META), value.clone());
        }
    }
    let mut shards: Vec<PageShard> = (0..SHARDS).map(|_| PageShard::default()).collect();
    for (word, fields) in words {
        let postings = (fields.into_iter())
            .map(|(field, at)| {
                let count = match Some(field) == headings_field {
                    true => headings.count(&at),
                    false => at.len() as u32,
                };
                (field, at, count)
            })
            .collect();
        shards[shard_of(&word)].words.push((word, postings));
    }
    for word in filters {
        shards[shard_of(&word)].filters.push(word);
    }
    for word in typed_words {
        shards[shard_of(&word)].typed.push(word);
    }
    Ok(AnalysedPage {
        shards,
        record: layout_record::encode(&record).map_err(anyhow::Error::msg)?,
        stored: StoredPage {
            lengths,
            headings: headings.holding_words(),
            text_weight: page
                .get(fields::TEXT_WEIGHT)
                .and_then(Value::as_f64)
                .map_or(1.0, |weight| weight.clamp(0.0, 1.0) as f32),
        },
    })
}

impl WordIndex {
    /// Analyses a batch of JSON lines in parallel, then adds their words in page order.
    fn add_batch(
        &mut self,
        pages: &mut Vec<StoredPage>,
        records: &mut RecordSpill,
        lines: &[String],
        searched: &[SearchedField],
        analyzer: &Analyzer,
    ) -> anyhow::Result<()> {
        let analysed: Vec<AnalysedPage> = lines
            .par_iter()
            .map(|line| analyse(line, searched, analyzer))
            .collect::<anyhow::Result<_>>()?;
        // Each shard takes its part of every page, in page order.
        let mut by_shard: Vec<Vec<(u32, PageShard)>> = (0..SHARDS).map(|_| Vec::new()).collect();
        for mut page in analysed {
            let number = pages.len() as u32;
            for (shard, part) in by_shard.iter_mut().zip(page.shards.drain(..)) {
                shard.push((number, part));
            }
            records.push(&page.record)?;
            pages.push(page.stored);
        }
        self.shards
            .par_iter_mut()
            .zip(by_shard)
            .for_each(|(shard, parts)| shard.add(parts));
        Ok(())
    }

    /// Pages holding each word as typed.
    fn typed_counts(&mut self) -> WordCounts {
        let shards = self.shards.iter_mut();
        shards
            .flat_map(|shard| std::mem::take(&mut shard.typed))
            .collect()
    }

    /// The chunks region, the first word and offset of each chunk, and the positions region;
    /// pages numbered by `number_of` (by page in site order).
    fn write(
        self,
        pages: &[StoredPage],
        searched: &[SearchedField],
        number_of: &[u32],
    ) -> (Vec<u8>, Vec<String>, Vec<u64>, Vec<u8>) {
        let fields = searched.len();
        let mut average = vec![0f32; fields];
        for page in pages {
            for (field, len) in page.lengths.iter().enumerate() {
                average[field] += *len as f32;
            }
        }
        average
            .iter_mut()
            .for_each(|a| *a /= pages.len().max(1) as f32);
        // The headings of long pages are scored one by one, against the site's average
        // heading.
        let headings_field = searched.iter().position(|f| f.name == fields::HEADINGS);
        let heading_words: f32 = headings_field.map_or(0.0, |h| {
            pages.iter().map(|page| page.lengths[h] as f32).sum()
        });
        let heading_count: f32 = pages.iter().map(|page| page.headings as f32).sum();
        let average_heading = heading_words / heading_count.max(1.0);
        let shards = self.shards.into_iter();
        let mut words: Vec<(String, WordPostings)> = shards.flat_map(|s| s.words).collect();
        words.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let mut chunks = ChunkWriter::default();
        let mut positions = Vec::new();
        let is_text: Vec<bool> = (0..fields)
            .map(|f| !matches!(searched[f].name.as_str(), fields::TITLE | fields::HEADINGS))
            .collect();
        for (word, postings) in words {
            // (page, [(field, score byte)]); a filter word's postings have no field.
            let mut list: Vec<(u32, Vec<(u8, u8)>)> = Vec::new();
            for (page, field, count) in postings.postings.iter() {
                if list.last().is_none_or(|(last, _)| *last != page) {
                    list.push((page, Vec::new()));
                }
                if field != u8::MAX {
                    let f = usize::from(field);
                    let stored = &pages[page as usize];
                    let (len, average) = (stored.lengths[f], average[f]);
                    let mut byte = match Some(f) == headings_field {
                        true => match heading_scores::unpack(count) {
                            (_, in_best, best) if len as f32 > heading_scores::LONG * average => {
                                score_byte(in_best, best, average_heading)
                            }
                            (count, _, _) => score_byte(count, len, average),
                        },
                        false => score_byte(count, len, average),
                    };
                    if is_text[f] && stored.text_weight < 1.0 {
                        byte = ((f32::from(byte) * stored.text_weight).round() as u8).max(1);
                    }
                    list.last_mut().expect("a page").1.push((field, byte));
                }
            }
            let (list, word_positions) = renumber(list, &postings.positions, number_of);
            let start = positions.len() as u64;
            positions.extend_from_slice(&word_positions);
            chunks.add(WordEntry {
                word,
                postings: Postings::encode(&list),
                positions: start..positions.len() as u64,
            });
        }
        let (bytes, firsts, offsets) = chunks.finish();
        (bytes, firsts, offsets, positions)
    }
}

impl WordShard {
    /// Adds the parts of pages that fall in this shard, in page order.
    fn add(&mut self, parts: Vec<(u32, PageShard)>) {
        for (number, part) in parts {
            for (word, fields) in part.words {
                let entry = match self.words.get_mut(&word) {
                    Some(entry) => entry,
                    None => self.words.entry(word).or_default(),
                };
                let field_positions: Vec<&[u32]> =
                    fields.iter().map(|(_, at, _)| at.as_slice()).collect();
                encode_positions(&mut entry.positions, &field_positions);
                for (field, _, count) in &fields {
                    entry.postings.push(number, *field, *count);
                }
            }
            for word in part.typed {
                *self.typed.entry(word).or_default() += 1;
            }
            for word in part.filters {
                let entry = self.words.entry(word).or_default();
                entry.postings.push(number, u8::MAX, 0);
            }
        }
    }
}

/// Removes the site files of `dir` other than `keep` (an earlier build's).
fn remove_other_site_files(dir: &Path, keep: &str) -> anyhow::Result<()> {
    for entry in fs::read_dir(dir)?.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        if name.ends_with(&format!(".{SITE_FILE_EXTENSION}")) && name != keep {
            fs::remove_file(entry.path())
                .with_context(|| format!("removing the old file {}", entry.path().display()))?;
        }
    }
    Ok(())
}
