//! Reading a site's pages: each HTML file read and its content extracted on all cores
//! ([`super::extract`]), written in path order as JSON lines ([`super::record`]), one file per
//! language and marking, with what the pages use (filters, meta, weights) and their scripts.

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use rayon::prelude::*;

use super::discover::SiteFile;
use super::extract::{Page, SkipReason};
use super::mapping::SiteFields;
use super::report::{SiteReport, Tally};
use super::script_language::LetterCounts;
use super::{decode, extract, record, SiteOptions};
use crate::progress::count_bar;

/// Pages read at once (in parallel), then written in path order.
const BATCH: usize = 256;

/// The pages of one language and marking, written as JSON lines.
pub(super) struct Group {
    /// The JSON lines' file.
    pub file: PathBuf,
    writer: BufWriter<File>,
    /// Its pages.
    pub pages: Tally,
    /// The filters, meta keys and weights its pages use.
    pub used: SiteFields,
    /// Pages per value of each filter.
    pub filter_counts: BTreeMap<String, BTreeMap<String, u64>>,
    /// The letters of its pages by script, to tell the language of pages that declare none.
    pub letters: LetterCounts,
}

impl Group {
    fn add(&mut self, url: &str, page: &Page) -> anyhow::Result<()> {
        serde_json::to_writer(&mut self.writer, &record::record(url, page))?;
        self.writer.write_all(b"\n")?;
        self.pages.add(url);
        if page.language.is_none() {
            self.letters.add(&page.title);
            for section in &page.sections {
                self.letters.add(&section.text);
            }
        }
        for (key, values) in &page.filters {
            self.used.filters.insert(key.clone());
            let counts = self.filter_counts.entry(key.clone()).or_default();
            for value in values {
                *counts.entry(value.clone()).or_default() += 1;
            }
        }
        self.used.meta.extend(page.meta.keys().cloned());
        self.used.weights.extend(page.weighted.keys().copied());
        Ok(())
    }
}

/// Pages are grouped by language (`None`: undeclared) and by whether they mark their content
/// with `data-*-body`.
pub(super) type GroupKey = (Option<String>, bool);

/// What reading one file gave.
enum Read {
    Page(Box<Page>, bool),
    Skipped(SkipReason),
    Unreadable(String),
}

fn read_page(file: &SiteFile) -> Read {
    match fs::read(&file.path) {
        Err(error) => Read::Unreadable(format!("{}: {error}", file.path.display())),
        Ok(bytes) => {
            let (html, invalid_bytes) = decode::decode_html(&bytes);
            match extract::extract(&html, &file.url) {
                Ok(page) => Read::Page(Box::new(page), invalid_bytes),
                Err(reason) => Read::Skipped(reason),
            }
        }
    }
}

/// Reads every page (in parallel batches, written in path order) into per-group JSON lines.
pub(super) fn crawl(
    files: &[SiteFile],
    work: &Path,
    options: &SiteOptions,
    report: &mut SiteReport,
) -> anyhow::Result<BTreeMap<GroupKey, Group>> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(if options.threads == 1 { 1 } else { 0 })
        .build()
        .context("starting the page readers")?;
    let progress = count_bar(files.len() as u64, options.quiet, "Reading pages ", "pages");
    let mut groups: BTreeMap<GroupKey, Group> = BTreeMap::new();
    for batch in files.chunks(BATCH) {
        let read: Vec<Read> = pool.install(|| batch.par_iter().map(read_page).collect());
        for (file, outcome) in batch.iter().zip(read) {
            match outcome {
                Read::Page(mut page, invalid_bytes) => {
                    if invalid_bytes {
                        report.invalid_bytes.add(&file.path.display().to_string());
                    }
                    if page.cut_text(options.max_text_bytes) {
                        report.cut.add(&file.url);
                    }
                    let key = (page.language.clone(), page.marked_body);
                    let group = match groups.get_mut(&key) {
                        Some(group) => group,
                        None => {
                            let name = format!("pages-{}.jsonl", groups.len());
                            let path = work.join(name);
                            let writer = BufWriter::new(
                                File::create(&path)
                                    .with_context(|| format!("creating {}", path.display()))?,
                            );
                            groups.entry(key).or_insert(Group {
                                file: path,
                                writer,
                                pages: Tally::default(),
                                used: SiteFields::default(),
                                filter_counts: BTreeMap::new(),
                                letters: LetterCounts::default(),
                            })
                        }
                    };
                    group.add(&file.url, &page)?;
                }
                Read::Skipped(reason) => report
                    .skipped
                    .entry(reason.describe().to_string())
                    .or_default()
                    .add(&file.url),
                Read::Unreadable(message) => report.unreadable.push(message),
            }
        }
        progress.inc(batch.len() as u64);
    }
    progress.finish_and_clear();
    for group in groups.values_mut() {
        group
            .writer
            .flush()
            .with_context(|| format!("writing {}", group.file.display()))?;
    }
    Ok(groups)
}
