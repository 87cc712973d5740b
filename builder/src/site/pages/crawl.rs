//! Reading a site's pages: each HTML file read and its content extracted on all cores
//! ([`super::extract`]), written in path order as JSON lines ([`super::page_document`]), one file per
//! language and marking, with what the pages use (filters, meta, weights) and their scripts.

use std::collections::{BTreeMap, HashMap};
use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use rayon::prelude::*;

use super::discover::SiteFile;
use super::extract::{Page, SkipReason};
use super::extract::{SiteTitles, SAMPLE_PAGES};
use super::script_language::LetterCounts;
use super::{decode, extract, page_document};
use crate::progress::count_bar;
use crate::site::mapping::{SiteFields, TITLE_TENTHS};
use crate::site::report::{SiteReport, Tally, TitleReport};
use crate::site::SiteOptions;

/// Pages read at once (in parallel), then written in path order.
const BATCH: usize = 256;

/// The pages of one language and marking, written as JSON lines.
pub(in crate::site) struct Group {
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
        serde_json::to_writer(&mut self.writer, &page_document::record(url, page))?;
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
        if page.alternate_title.is_some() {
            self.used.weights.insert(TITLE_TENTHS);
        }
        Ok(())
    }
}

/// Pages are grouped by language (`None`: undeclared) and by whether they mark their content
/// with `data-*-body`.
pub(in crate::site) type GroupKey = (Option<String>, bool);

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
pub(in crate::site) fn crawl(
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
    // Pages spread over the site, read first to learn what its titles share; kept for their
    // turn in path order.
    let mut sampled: HashMap<usize, Read> = pool.install(|| {
        sample(files.len())
            .into_par_iter()
            .map(|index| (index, read_page(&files[index])))
            .collect()
    });
    let site_titles = SiteTitles::learn(sampled.values().filter_map(|read| match read {
        Read::Page(page, _) => Some(&page.title_candidates),
        _ => None,
    }));
    let mut titles = TitleTally::new(site_titles);
    let mut groups: BTreeMap<GroupKey, Group> = BTreeMap::new();
    for (number, batch) in files.chunks(BATCH).enumerate() {
        let first = number * BATCH;
        let mut read: Vec<Option<Read>> = (first..first + batch.len())
            .map(|index| sampled.remove(&index))
            .collect();
        let unread: Vec<usize> = (0..batch.len()).filter(|&i| read[i].is_none()).collect();
        let fresh: Vec<Read> =
            pool.install(|| unread.par_iter().map(|&i| read_page(&batch[i])).collect());
        for (i, outcome) in unread.into_iter().zip(fresh) {
            read[i] = Some(outcome);
        }
        for (file, outcome) in batch.iter().zip(read.into_iter().flatten()) {
            match outcome {
                Read::Page(mut page, invalid_bytes) => {
                    titles.choose(&mut page, &file.url);
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
    report.titles = titles.finish();
    for group in groups.values_mut() {
        group
            .writer
            .flush()
            .with_context(|| format!("writing {}", group.file.display()))?;
    }
    Ok(groups)
}

/// The indexes of up to [`SAMPLE_PAGES`] files spread evenly over `count`.
fn sample(count: usize) -> Vec<usize> {
    let taken = count.min(SAMPLE_PAGES);
    (0..taken).map(|i| i * count / taken).collect()
}

/// Titles chosen with what the site's titles share, counted by where they came from, and the
/// title the most pages share.
struct TitleTally {
    site: SiteTitles,
    report: TitleReport,
    /// Pages per title, by the title's hash (a million pages' titles are not kept).
    pages_per_title: HashMap<u64, u64>,
}

impl TitleTally {
    fn new(site: SiteTitles) -> TitleTally {
        TitleTally {
            site,
            report: TitleReport::default(),
            pages_per_title: HashMap::new(),
        }
    }

    fn choose(&mut self, page: &mut Page, url: &str) {
        use std::hash::BuildHasher;
        page.choose_title(&self.site, url);
        *self.report.sources.entry(page.title_source).or_default() += 1;
        let hash = rustc_hash::FxBuildHasher.hash_one(&page.title);
        let count = self.pages_per_title.entry(hash).or_default();
        *count += 1;
        if self
            .report
            .most_shared
            .as_ref()
            .is_none_or(|(_, most)| *count > *most)
        {
            self.report.most_shared = Some((page.title.clone(), *count));
        }
    }

    fn finish(self) -> TitleReport {
        let (affixes, shared) = self.site.describe();
        TitleReport {
            affixes: affixes.into_iter().map(str::to_string).collect(),
            left_out: shared.into_iter().map(str::to_string).collect(),
            ..self.report
        }
    }
}
