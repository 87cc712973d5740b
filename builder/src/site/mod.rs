//! `rangefind build --site DIR`: index a built static site.
//!
//! Every HTML page is read on all cores ([`extract`]) and written, in path order, as a JSON
//! document ([`record`]) to a temporary file per language (`crawl`). Each language then
//! becomes a site file and its lexicon ([`site_file`]) in `OUT/LANG/`, and with `--splits` also
//! an ordinary index ([`crate::splits`]) with a mapping made from what its pages use
//! ([`mapping`]). `OUT/site.json` ([`site_json`]) names them for the widget; `report` says
//! what was done.

pub mod mapping;
mod options;
pub mod pages;
mod report;
pub mod site_json_io;
mod words;
pub mod write;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context};

use self::mapping::SiteFields;
pub use self::options::SiteOptions;
use self::options::UNDETERMINED;
use self::pages::crawl::{crawl, Group, GroupKey};
use self::pages::discover;
use self::pages::script_language::LetterCounts;
use self::report::print_summary;
pub use self::report::{SiteReport, Tally, TitleReport, Undeclared};
use self::site_json_io::{LanguageEntry, SiteFileEntry, SiteJson, SITE_JSON, SITE_JSON_VERSION};
use self::write::record_spill::RecordSpill;
use self::write::site_file::{self, WrittenSiteFile};
use self::write::widget;

use crate::index_dir::{write_atomically, SPLITS_DIR};
use crate::lexicon::LEXICON_DIR;
use crate::progress::count_bar;
use indicatif::ProgressBar;
use rangefind_engine::formats::manifest::{Manifest, MANIFEST_FILE};

/// One language's pages as the site build hands them to a split build (`build --site
/// --splits`): the crawl's records of them, and the mapping they are indexed with.
pub struct LanguagePages<'a> {
    /// The language's tag (its directory in `--out`).
    pub language: &'a str,
    /// The fields of the site's pages that this language's pages use.
    pub mapping: rangefind_engine::mapping::DocMapping,
    /// The crawl's JSON Lines records of the pages.
    pub records: &'a [PathBuf],
    /// The language's directory, where the split index goes.
    pub out: &'a Path,
}

/// Builds a language's split index and returns its manifest (`build --site --splits`). The
/// caller owns the split build ([`crate::plan`] gives one); the site stage only says what to
/// index.
pub type SplitIndexer<'a> = &'a dyn Fn(LanguagePages) -> anyhow::Result<Manifest>;

/// Runs `rangefind build --site` and prints its summary; with `split_indexer`, each
/// language's pages are also a split index.
pub fn run(options: SiteOptions, split_indexer: Option<SplitIndexer>) -> anyhow::Result<()> {
    eprintln!(
        "rangefind {}: indexing the site {} into {}",
        env!("CARGO_PKG_VERSION"),
        options.site.display(),
        options.out.display()
    );
    let report = build_site(&options, split_indexer)?;
    print_summary(&report, &options);
    Ok(())
}

/// Builds the index of the site described by `options`.
pub fn build_site(
    options: &SiteOptions,
    split_indexer: Option<SplitIndexer>,
) -> anyhow::Result<SiteReport> {
    let started = Instant::now();
    fs::create_dir_all(&options.out)
        .with_context(|| format!("--out {}: cannot create", options.out.display()))?;
    let work = crate::index_dir::create_work_dir(&options.out, ".rangefind-site-")?;
    let discovered = discover::html_files(&options.site, &options.out);
    let mut report = SiteReport {
        files: discovered.files.len(),
        unreadable: discovered.unreadable,
        ..SiteReport::default()
    };
    if discovered.files.is_empty() {
        bail!(
            "--site {}: no .html or .htm files in it (is it the directory your site generator writes?)",
            options.site.display()
        );
    }
    let groups = crawl(&discovered.files, work.path(), options, &mut report)?;
    // A million pages' paths and URLs: 140 MB the rest of the build has no use for.
    drop(discovered.files);
    report.crawl = started.elapsed();
    let languages = by_language(groups, options, &mut report)?;
    if languages.is_empty() {
        bail!(
            "--site {}: none of its {} HTML files has text to index (see the reasons above)",
            options.site.display(),
            report.files
        );
    }
    let mut index = SiteJson {
        format: SITE_JSON_VERSION,
        default_language: String::new(),
        languages: BTreeMap::new(),
        site_root: site_json_io::site_root(&options.site, &options.out),
    };
    for (language, input) in languages {
        let out = options.out.join(&language);
        // The split index first: the site file's lexicon is the same file when the words are.
        let manifest = match split_indexer {
            Some(split_index) => Some(
                split_index(LanguagePages {
                    language: &language,
                    mapping: mapping::site_mapping(&language, &input.used),
                    records: &input.files,
                    out: &out,
                })
                .with_context(|| format!("indexing the pages in {language} as splits"))?,
            ),
            None => None,
        };
        let progress = count_bar(
            input.pages,
            options.quiet,
            &format!("Indexing {language} "),
            "pages",
        );
        let written = index_language(&language, &input, &out, options, work.path(), &progress)
            .with_context(|| format!("writing the site file of the pages in {language}"))?;
        progress.finish_and_clear();
        let (site_file, pages) = (written.entry, written.pages);
        report.word_runs += written.word_runs;
        (report.keys_named_as_fields).extend(written.keys_named_as_fields);
        remove_unlisted_files(&out, manifest.as_ref(), &site_file, &language)?;
        report.indexed.insert(language.clone(), pages);
        index.languages.insert(
            language.clone(),
            LanguageEntry {
                path: format!("{language}/"),
                pages,
                stemmer: mapping::stemmer_of(&language),
                filters: input.filter_counts,
                site_file: Some(site_file),
            },
        );
    }
    index.default_language = index
        .languages
        .iter()
        .max_by_key(|(language, entry)| (entry.pages, std::cmp::Reverse(language.as_str())))
        .map(|(language, _)| language.clone())
        .expect("at least one language");
    // An unreadable site.json is replaced like any other: it only names the languages to drop.
    let previous = site_json_io::read(&options.out).ok().flatten();
    let mut json = serde_json::to_vec_pretty(&index)?;
    json.push(b'\n');
    write_atomically(&options.out, SITE_JSON, &json)?;
    if let Some(previous) = previous {
        remove_dropped_languages(&options.out, &previous, &index);
    }
    drop(work);
    if options.widget && widget::embedded() {
        // The site engine stems English only; another stemmed language needs the larger one.
        report.other_stemmers = index
            .languages
            .values()
            .filter_map(|entry| entry.stemmer.clone())
            .filter(|stemmer| stemmer != "en")
            .collect();
        let every_stemmer = !report.other_stemmers.is_empty() && widget::has_every_stemmer();
        let site_json = serde_json::to_string(&index)?;
        report.widget = Some(widget::write(&options.out, every_stemmer, &site_json)?);
    }
    let (files, bytes) = files_and_bytes(&options.out);
    let (widget_files, widget_bytes) = report.widget.unwrap_or_default();
    (report.index_files, report.index_bytes) = (files - widget_files, bytes - widget_bytes);
    report.elapsed = started.elapsed();
    Ok(report)
}

/// A language's pages, crawled into `input`, through the last two stages: their words
/// gathered (and their records set aside), then the site file written into `out`.
fn index_language(
    language: &str,
    input: &LanguageInput,
    out: &Path,
    options: &SiteOptions,
    work: &Path,
    progress: &ProgressBar,
) -> anyhow::Result<WrittenSiteFile> {
    let mut records = RecordSpill::new(work)?;
    let gathered = words::gather(
        &input.files,
        language,
        &input.used,
        options.word_memory,
        work,
        progress,
        &mut |record| records.push(record),
    )?;
    site_file::write_site_file(gathered, records, language, out, options, work, progress)
}

/// The pages of one language index.
#[derive(Default)]
struct LanguageInput {
    files: Vec<PathBuf>,
    pages: u64,
    used: SiteFields,
    filter_counts: BTreeMap<String, BTreeMap<String, u64>>,
}

impl LanguageInput {
    fn add(&mut self, group: Group) {
        self.files.push(group.file);
        self.pages += group.pages.count;
        self.used.merge(&group.used);
        for (key, counts) in group.filter_counts {
            let into = self.filter_counts.entry(key).or_default();
            for (value, count) in counts {
                *into.entry(value).or_default() += count;
            }
        }
    }
}

/// Groups → one input per language. When some page marks its content with `data-*-body`,
/// pages that do not are left out (as Pagefind does). Pages without a language join
/// `--language`, else the language of their text when its script tells it (Chinese, Japanese,
/// Korean: [`script_language`]), else the language most pages declare, else
/// [`UNDETERMINED`].
fn by_language(
    groups: BTreeMap<GroupKey, Group>,
    options: &SiteOptions,
    report: &mut SiteReport,
) -> anyhow::Result<BTreeMap<String, LanguageInput>> {
    let marked_site = groups.keys().any(|(_, marked)| *marked);
    let mut languages: BTreeMap<String, LanguageInput> = BTreeMap::new();
    let mut undeclared = Vec::new();
    for ((language, marked), group) in groups {
        if marked != marked_site {
            report
                .skipped
                .entry(
                    "without data-rangefind-body / data-pagefind-body (other pages have it)"
                        .to_string(),
                )
                .or_default()
                .absorb(group.pages);
            continue;
        }
        match language {
            Some(language) => languages.entry(language).or_default().add(group),
            None => undeclared.push(group),
        }
    }
    if !undeclared.is_empty() {
        let mut letters = LetterCounts::default();
        for group in &undeclared {
            letters.merge(&group.letters);
        }
        let detected = letters.language().filter(|_| options.language.is_none());
        let language = options
            .language
            .clone()
            .or_else(|| detected.map(str::to_string))
            .or_else(|| {
                languages
                    .iter()
                    .max_by_key(|(tag, input)| (input.pages, std::cmp::Reverse(tag.as_str())))
                    .map(|(tag, _)| tag.clone())
            })
            .unwrap_or_else(|| UNDETERMINED.to_string());
        let pages: u64 = undeclared.iter().map(|g| g.pages.count).sum();
        report.undeclared = Some(Undeclared {
            pages,
            language: language.clone(),
            detected: detected.is_some(),
        });
        let input = languages.entry(language).or_default();
        for group in undeclared {
            input.add(group);
        }
    }
    Ok(languages)
}

/// Deletes what the new build of the language directory `out` does not list: splits and
/// lexicons of earlier builds (a site rebuilt after every change would otherwise keep every
/// one), and without `manifest` (no `--splits`) the split index itself. Readers holding the
/// old `site.json` or manifest fail with a clear error and reopen.
fn remove_unlisted_files(
    out: &Path,
    manifest: Option<&Manifest>,
    site_file: &SiteFileEntry,
    language: &str,
) -> anyhow::Result<()> {
    // The site file's paths are relative to site.json, the manifest's to `out`.
    let in_language = |path: &str| path.strip_prefix(&format!("{language}/")).map(String::from);
    let keep: BTreeSet<String> = manifest
        .iter()
        .flat_map(|manifest| {
            let splits = manifest.splits.iter().map(|split| split.path.clone());
            splits.chain(manifest.lexicon.iter().map(|lexicon| lexicon.path.clone()))
        })
        .chain(
            site_file
                .lexicon
                .iter()
                .filter_map(|l| in_language(&l.path)),
        )
        .collect();
    if manifest.is_none() {
        let path = out.join(MANIFEST_FILE);
        if path.exists() {
            fs::remove_file(&path)
                .with_context(|| format!("removing the old split index's {}", path.display()))?;
        }
    }
    for (dir, extension) in [(SPLITS_DIR, ".split"), (LEXICON_DIR, ".lex")] {
        let Ok(entries) = fs::read_dir(out.join(dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            if name.ends_with(extension) && !keep.contains(&format!("{dir}/{name}")) {
                fs::remove_file(entry.path())
                    .with_context(|| format!("removing the old file {}", entry.path().display()))?;
            }
        }
        // Gone with its last file; a directory holding anything else stays.
        fs::remove_dir(out.join(dir)).ok();
    }
    Ok(())
}

/// Removes the directories of languages the previous build had and this one has not.
fn remove_dropped_languages(out: &Path, previous: &SiteJson, current: &SiteJson) {
    for (language, entry) in &previous.languages {
        let simple = !entry.path.contains("..")
            && entry
                .path
                .trim_end_matches('/')
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-');
        if !current.languages.contains_key(language) && simple {
            fs::remove_dir_all(out.join(entry.path.trim_end_matches('/'))).ok();
        }
    }
}

/// Files and bytes under `dir`.
fn files_and_bytes(dir: &Path) -> (u64, u64) {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter(|entry| entry.file_type().is_file())
        .fold((0, 0), |(files, bytes), entry| {
            (files + 1, bytes + entry.metadata().map_or(0, |m| m.len()))
        })
}
