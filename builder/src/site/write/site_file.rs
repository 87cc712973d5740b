//! Writing a language's site file (`<id>.rfsite`, see `rangefind_engine::site`): the pages'
//! words with postings in chunks, positions, and one compressed record per page.

use std::fs;
use std::path::Path;

use anyhow::Context;
use indicatif::ProgressBar;
use rangefind_engine::formats::site_file::head_meta::{HeadMeta, SearchedField};
use rangefind_engine::formats::site_file::layout::{self, Head};
use rangefind_engine::formats::site_file::record_slots::{order_by_size, RecordSlots};
use rangefind_engine::formats::site_file::stemmed_filter;
use rangefind_engine::formats::site_file::SITE_LAYOUT_VERSION;
use rangefind_engine::formats::site_json::SiteFileEntry;
use rangefind_engine::formats::split::{
    encode_frame, page_payload, write_streamed_regions, SplitWriteOptions,
};
use rangefind_engine::typos::rare_words_beside_common_ones;

use crate::index_dir::write_content_addressed;
use crate::progress::recount;

use super::chunk_writer::CHUNK_LEVEL;
use super::record_spill::{compress_records, train_dictionary, RecordSpill};
use super::word_chunks::write_word_chunks;
use crate::site::mapping::fields;
use crate::site::options::SiteOptions;
use crate::site::words::analyse::StoredPage;
use crate::site::words::word_index::WordIndex;
use crate::site::words::GatheredWords;

/// Page size of a site file: records are a few hundred bytes, and a read costs whole pages.
/// The smallest there is, 128: each record, chunk and position run read wastes half a page at
/// either end, so a cold MDN query reads 3.8 % less at the median than with 256 (8.8 % less
/// than 256 did against 512) for 0.8 % more checksum bytes (BENCHMARKS.md, "Site file pages
/// of 128 bytes").
pub const SITE_PAGE_SIZE: u32 = rangefind_engine::formats::split::MIN_PAGE_SIZE;
/// The extension of site files.
pub const SITE_FILE_EXTENSION: &str = "rfsite";

/// Writes the site file of a language's `gathered` words and pages, whose records are in
/// `records`, and its lexicon into `dir` (the language's directory, `LANGUAGE/` from
/// `site.json`), named after their contents; other site files there are removed. Words on
/// more than `options.tail_past` pages have a tail (0: none); temporary files go to `work`.
/// `progress`, which counted the pages analysed, then says what is being written.
pub(in crate::site) fn write_site_file(
    gathered: GatheredWords,
    records: RecordSpill,
    language: &str,
    dir: &Path,
    options: &SiteOptions,
    work: &Path,
    progress: &ProgressBar,
) -> anyhow::Result<WrittenSiteFile> {
    let GatheredWords {
        mut words,
        pages,
        mut searched,
        analyzer,
        stemmer,
        filter_keys,
    } = gathered;
    let path_prefix = format!("{language}/");
    progress.set_message("— compressing records and the lexicon");
    let spilled = records.finish()?;
    let typed = words.typed_counts();
    let headings = count_words(&mut searched, &pages);
    let meta = HeadMeta {
        version: SITE_LAYOUT_VERSION,
        pages: pages.len() as u32,
        stemmer,
        fields: searched,
        headings,
        snippet_field: fields::BODY.to_string(),
        title_field: Some(fields::TITLE.to_string()),
        filter_keys,
    };
    // `KEY:value` in a query searches such a field, not the filter.
    let keys_named_as_fields = (meta.filter_keys.iter())
        .filter(|key| meta.fields.iter().any(|field| &field.name == *key))
        .cloned()
        .collect();
    // The words the analyser searches by their stem, which the site engine checks as typed:
    // one bucket a page, from the first page on.
    let stemmed: Vec<&str> = (typed.keys())
        .filter(|word| analyzer.stems(word))
        .map(String::as_str)
        .collect();
    // The words a query looks up in the lexicon although pages hold them, as the index
    // holds them (their terms): marked in the chunks.
    let mut beside_common: Vec<String> = rare_words_beside_common_ones(&typed)
        .into_iter()
        .flat_map(|word| analyzer.terms(word))
        .collect();
    beside_common.sort_unstable();
    beside_common.dedup();
    let bucket_bytes = page_payload(u64::from(SITE_PAGE_SIZE)) as usize;
    let stemmed = stemmed_filter::encode(&stemmed, bucket_bytes);
    // The records first: their sizes number the pages (`record_slots`), and the chunks
    // refer to pages by number. The lexicon meanwhile, on the other cores.
    let word_runs = words.spills();
    let (written, lexicon) = rayon::join(
        || -> anyhow::Result<_> {
            let dictionary = train_dictionary(&spilled)?;
            let frames = compress_records(&spilled, &dictionary, work)?;
            drop(spilled);
            let order = order_by_size(&frames.units(), &words.filter_ranks(&pages));
            let records = frames.region(&order.page_of, work)?;
            let (number_of, sizes) = (order.number_of, order.sizes);
            let slots = RecordSlots::new(&sizes)?;
            // The words, the longest step at a million pages (the lexicon is written beside
            // them).
            count_words_written(progress, language, &words);
            let written = write_word_chunks(
                words,
                &pages,
                &meta,
                &number_of,
                (&beside_common, options.tail_past),
                work,
                progress,
            )?;
            Ok((written, records, slots, dictionary))
        },
        // In the splits' lexicon directory: the same words make the same file, written once.
        || {
            let memory = options.word_memory;
            let lexicon = crate::lexicon::write_file_within(dir, &typed, memory)
                .context("writing the lexicon");
            // In the lexicon now (a million pages' words as typed: 100 MB).
            drop(typed);
            lexicon
        },
    );
    let ((chunks, positions), records, record_slots, dictionary) = written?;
    let mut lexicon = lexicon?;
    let head = Head {
        meta,
        chunk_firsts: chunks.firsts,
        chunk_offsets: chunks.offsets,
        chunk_tails: chunks.tails,
        chunk_positions: (chunks.positions.iter())
            .map(|offset| offset / layout::POSITIONS_UNIT)
            .collect(),
        record_slots,
        dictionary,
    };
    let head = encode_frame(&head.encode(), &[], CHUNK_LEVEL)?;
    fs::create_dir_all(dir)?;
    let options = SplitWriteOptions {
        page_size: SITE_PAGE_SIZE,
        doc_count: pages.len() as u64,
        time_range: None,
        day_counts: None,
    };
    let mut chunks_region = chunks.region.into_reader()?;
    let mut positions = positions.into_reader()?;
    let mut records = records.into_reader()?;
    let (summary, id) = write_content_addressed(dir, SITE_FILE_EXTENSION, |out| {
        write_streamed_regions(
            &mut [
                (layout::STEMMED, &mut stemmed.as_slice()),
                (layout::HEAD, &mut head.as_slice()),
                (layout::CHUNKS, &mut chunks_region),
                (layout::POSITIONS, &mut positions),
                (layout::RECORDS, &mut records),
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
    Ok(WrittenSiteFile {
        entry,
        pages: pages.len() as u64,
        word_runs,
        keys_named_as_fields,
    })
}

/// A site file written.
pub struct WrittenSiteFile {
    /// Its entry in `site.json`.
    pub entry: SiteFileEntry,
    /// Pages in it.
    pub pages: u64,
    /// Runs its words were set aside in (`--word-memory`).
    pub word_runs: usize,
    /// Filter keys with the name of a searched field.
    pub keys_named_as_fields: Vec<String>,
}

/// `progress` from now on counts the words of `words` written
/// ([`WordIndex::parts_to_write`]), and says how many runs they are merged from.
fn count_words_written(progress: &ProgressBar, language: &str, words: &WordIndex) {
    recount(
        progress,
        words.parts_to_write(),
        &format!("Writing {language} "),
        "words",
    );
    progress.set_message(match words.runs() {
        0 => String::new(),
        1 => "(merged from a run on disk)".to_string(),
        runs => format!("(merged from {runs} runs on disk)"),
    });
}

/// Counts each searched field's words over `pages` and returns their headings holding words:
/// what the engine normalises lengths by ([`rangefind_engine::site::bm25::Averages`]).
fn count_words(searched: &mut [SearchedField], pages: &[StoredPage]) -> u64 {
    for (f, field) in searched.iter_mut().enumerate() {
        field.words = pages.iter().map(|page| u64::from(page.lengths[f])).sum();
    }
    pages.iter().map(|page| u64::from(page.headings)).sum()
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
