//! One page's record (a JSON line the crawl wrote) analysed: its words per field with their
//! positions and score counts, split by word-index shard; its filter words; its words as
//! typed for the lexicon; and its stored record.

use rustc_hash::{FxHashMap, FxHashSet};

use anyhow::Context;
use rangefind_engine::analysis::Analyzer;
use rangefind_engine::formats::site_file::head_meta::SearchedField;
use rangefind_engine::formats::site_file::layout::{filter_word, text_values, TITLE_NAME_FIELD};
use rangefind_engine::formats::site_file::record as layout_record;
use rangefind_engine::typos::is_lexicon_word;
use serde_json::{Map, Value};

use super::heading_scores::Headings;
use super::title_name::name_in_title;
use crate::site::mapping::fields;

/// Shards of the word index: adding a batch's words runs on every core, a shard each.
pub(in crate::site) const SHARDS: usize = 8;

/// The shard of `word`.
pub(in crate::site) fn shard_of(word: &str) -> usize {
    let mut hasher = rustc_hash::FxHasher::default();
    std::hash::Hasher::write(&mut hasher, word.as_bytes());
    (std::hash::Hasher::finish(&hasher) % SHARDS as u64) as usize
}

/// One page, analysed, its words split by shard.
pub(in crate::site) struct AnalysedPage {
    /// Per shard: its words with their (field, positions), fields ascending, and its filter
    /// words.
    pub(in crate::site) shards: Vec<PageShard>,
    /// The stored record (`rangefind_engine::formats::site_file::record`).
    pub(in crate::site) record: Vec<u8>,
    /// Its filter words, sorted, one per line: pages of one size are numbered in this order
    /// (`rangefind_engine::formats::site_file::record_slots::order_by_size`).
    pub(in crate::site) filters: String,
    /// What is kept of it once its words joined the index.
    pub(in crate::site) stored: StoredPage,
}

/// Each field of a page holding a word, ascending, with the word's positions in it.
pub(in crate::site) type FieldPositions = Vec<(u8, Vec<u32>)>;

/// Each field of a page holding a word, ascending, with the word's positions in it and the
/// count its posting keeps (its occurrences; in the headings, [`heading_scores`]).
pub(in crate::site) type FieldPostings = Vec<(u8, Vec<u32>, u32)>;

/// The words of one page that fall in one shard.
#[derive(Default)]
pub(in crate::site) struct PageShard {
    /// Word → (field, positions, count), fields ascending.
    pub(in crate::site) words: Vec<(String, FieldPostings)>,
    /// Filter words.
    pub(in crate::site) filters: Vec<String>,
    /// Its words as typed (lowercased and folded, not stemmed) that the lexicon keeps, each once.
    pub(in crate::site) typed: Vec<String>,
}

/// What the index keeps of a page in memory until the site file is written: its field lengths
/// and text weight (its record waits in a [`RecordSpill`]).
pub(in crate::site) struct StoredPage {
    /// Words in each searched field.
    pub(in crate::site) lengths: Vec<u32>,
    /// Headings holding words ([`heading_scores`]).
    pub(in crate::site) headings: u32,
    /// The weight of its text (not its title's or headings'): [`fields::TEXT_WEIGHT`].
    pub(in crate::site) text_weight: f32,
    /// Its filter values, as one of the site's combinations of them ([`AnalysedPage::filters`]
    /// interned by the word index).
    pub(in crate::site) filter_group: u32,
}

/// Analyses one JSON line of `crate::site::pages::page_document`.
pub(in crate::site) fn analyse(
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
        let values = match searched_field.name == TITLE_NAME_FIELD {
            true => text_values(page.get(fields::TITLE))
                .into_iter()
                .filter_map(|title| name_in_title(title, analyzer))
                .collect(),
            false => text_values(page.get(&searched_field.name)),
        };
        for (value, text) in values.into_iter().enumerate() {
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
    filters.sort();
    let filters_key = filters.join("\n");
    for word in filters {
        shards[shard_of(&word)].filters.push(word);
    }
    for word in typed_words {
        shards[shard_of(&word)].typed.push(word);
    }
    Ok(AnalysedPage {
        shards,
        record: layout_record::encode(&record).map_err(anyhow::Error::msg)?,
        filters: filters_key,
        stored: StoredPage {
            lengths,
            headings: headings.holding_words(),
            text_weight: page
                .get(fields::TEXT_WEIGHT)
                .and_then(Value::as_f64)
                .map_or(1.0, |weight| weight.clamp(0.0, 1.0) as f32),
            filter_group: 0,
        },
    })
}
