//! A language's words, the second stage of `build --site`: each page's record analysed
//! ([`analyse`]) into the word index ([`word_index`]: postings packed in memory,
//! [`postings_buffer`], set aside in sorted runs on disk past `--word-memory`, [`word_runs`]),
//! then renumbered to the site file's page order ([`renumber`]), headings of long pages scored
//! one by one ([`heading_scores`]) and long words' postings cut into their best and a tail
//! ([`tails`]). Titles are searched with their names ([`title_name`]).

pub(super) mod analyse;
pub(super) mod heading_scores;
pub(super) mod postings_buffer;
pub(super) mod renumber;
pub(super) mod tails;
pub(super) mod title_name;
pub(super) mod word_index;
pub(super) mod word_runs;

use std::fs;
use std::io::BufRead;
use std::path::{Path, PathBuf};

use anyhow::Context;
use indicatif::ProgressBar;
use rangefind_engine::analysis::Analyzer;
use rangefind_engine::formats::site_file::head_meta::{FieldScoring, SearchedField};
use rangefind_engine::formats::site_file::layout::TITLE_NAME_FIELD;

use self::analyse::StoredPage;
use self::word_index::WordIndex;
use super::mapping::{fields, stemmer_of, SiteFields, HEADINGS_BOOST, TITLE_BOOST};

/// Pages analysed at once (in parallel) before their words join the index.
const ANALYSIS_BATCH: usize = 512;

/// What the words stage gathers of a language's pages.
pub(super) struct GatheredWords {
    /// Every word's postings and positions, and the words as typed.
    pub words: WordIndex,
    /// What scoring keeps of each page, in site order.
    pub pages: Vec<StoredPage>,
    /// The fields searched, their words not counted yet.
    pub searched: Vec<SearchedField>,
    /// The language's analyser, and the stemmer it stems with.
    pub analyzer: Analyzer,
    pub stemmer: Option<String>,
    /// The filter keys of the pages, in order.
    pub filter_keys: Vec<String>,
}

/// Analyses the pages of `language` in `records` (JSON lines of
/// [`crate::site::pages::page_document`], the fields of `used`) into a word index that sets
/// its words aside in runs in `work` past `memory` bytes. Each page's record goes to
/// `set_aside`, in page order; `progress` counts the pages.
pub(super) fn gather(
    records: &[PathBuf],
    language: &str,
    used: &SiteFields,
    memory: usize,
    work: &Path,
    progress: &ProgressBar,
    set_aside: &mut dyn FnMut(&[u8]) -> anyhow::Result<()>,
) -> anyhow::Result<GatheredWords> {
    let searched = searched_fields(used);
    let stemmer = stemmer_of(language);
    let analyzer = Analyzer::new(stemmer.as_deref())?;
    let mut pages: Vec<StoredPage> = Vec::new();
    let mut words = WordIndex::new(memory, work);
    let mut batch = Vec::with_capacity(ANALYSIS_BATCH);
    for input in records {
        let file = fs::File::open(input).with_context(|| format!("reading {}", input.display()))?;
        for line in std::io::BufReader::new(file).lines() {
            batch.push(line?);
            if batch.len() == ANALYSIS_BATCH {
                let lines = std::mem::take(&mut batch);
                words.add_batch(&mut pages, set_aside, &lines, &searched, &analyzer)?;
                progress.inc(ANALYSIS_BATCH as u64);
            }
        }
    }
    words.add_batch(&mut pages, set_aside, &batch, &searched, &analyzer)?;
    progress.inc(batch.len() as u64);
    Ok(GatheredWords {
        words,
        pages,
        searched,
        analyzer,
        stemmer,
        filter_keys: used.filters.iter().cloned().collect(),
    })
}

/// The searched fields: title, the title's name (weighted 0, right after it: what the engine
/// orders titles by, [`TITLE_NAME_FIELD`]), headings, body, then the weighted text of `used`.
fn searched_fields(used: &SiteFields) -> Vec<SearchedField> {
    let mut searched = vec![
        searched_field(fields::TITLE, TITLE_BOOST, FieldScoring::Plain),
        searched_field(TITLE_NAME_FIELD, 0.0, FieldScoring::Plain),
        searched_field(fields::HEADINGS, HEADINGS_BOOST, FieldScoring::Headings),
        searched_field(fields::BODY, 1.0, FieldScoring::Text),
    ];
    // Masks have 32 bits; a site using more weights than that shares the last one.
    for &tenths in used.weights.iter().take(32 - searched.len()) {
        let boost = f32::from(tenths) / 10.0;
        searched.push(searched_field(
            &fields::weighted(tenths),
            boost,
            FieldScoring::Text,
        ));
    }
    searched
}

/// A searched field, its words not counted yet.
fn searched_field(name: &str, boost: f32, scoring: FieldScoring) -> SearchedField {
    SearchedField {
        name: name.into(),
        boost,
        words: 0,
        scoring,
    }
}
