//! What a site build did, and the summary it prints.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use super::pages::extract::TitleSource;
use super::write::widget;
use super::{SiteOptions, UNDETERMINED};

/// Pages named per reason in the summary.
const EXAMPLES: usize = 3;

/// What a site build did.
#[derive(Debug, Default)]
pub struct SiteReport {
    /// HTML files found.
    pub files: usize,
    /// Pages indexed, by language.
    pub indexed: BTreeMap<String, u64>,
    /// Pages not indexed, by reason (as the summary words it).
    pub skipped: BTreeMap<String, Tally>,
    /// Files that could not be read: "path: error".
    pub unreadable: Vec<String>,
    /// Pages with bytes invalid in their character set (shown as U+FFFD).
    pub invalid_bytes: Tally,
    /// Pages whose text was cut to `--max-field-bytes`.
    pub cut: Tally,
    /// Pages without `<html lang>`, and the language they were indexed in.
    pub undeclared: Option<Undeclared>,
    /// Files and bytes of the widget, when it was written.
    pub widget: Option<(u64, u64)>,
    /// Stemmers other than English the site's languages use: the widget needs the site
    /// engine with every stemmer.
    pub other_stemmers: Vec<String>,
    /// Files and bytes of the index (the widget not counted).
    pub index_files: u64,
    /// See `index_files`.
    pub index_bytes: u64,
    /// How the pages' titles were chosen.
    pub titles: TitleReport,
    /// Runs of words set aside on disk past `--word-memory`.
    pub word_runs: usize,
    /// Filter keys with the name of a searched field: `KEY:value` searches the field.
    pub keys_named_as_fields: BTreeSet<String>,
    /// Time spent reading pages.
    pub crawl: Duration,
    /// Wall time.
    pub elapsed: Duration,
}

/// A count with the first few pages it counts.
#[derive(Debug, Default, Clone)]
pub struct Tally {
    /// How many.
    pub count: u64,
    /// The first few URLs or paths (`EXAMPLES`).
    pub examples: Vec<String>,
}

impl Tally {
    /// Counts one more, named `example`.
    pub(super) fn add(&mut self, example: &str) {
        self.count += 1;
        if self.examples.len() < EXAMPLES {
            self.examples.push(example.to_string());
        }
    }

    /// Counts the pages of `other` too.
    pub(super) fn absorb(&mut self, other: Tally) {
        self.count += other.count;
        for example in other.examples {
            if self.examples.len() < EXAMPLES {
                self.examples.push(example);
            }
        }
    }
}

/// How the pages' titles were chosen.
#[derive(Debug, Default, Clone)]
pub struct TitleReport {
    /// Pages by where their title came from.
    pub sources: BTreeMap<TitleSource, u64>,
    /// What was taken off `<title>` as the site's (" — Project documentation").
    pub affixes: Vec<String>,
    /// Headings and titles left out as the site's name (most pages show them), lowercased.
    pub left_out: Vec<String>,
    /// The title the most pages have, and how many.
    pub most_shared: Option<(String, u64)>,
}

/// Pages without `<html lang>`: how many, and the language they were indexed in.
#[derive(Debug)]
pub struct Undeclared {
    /// How many.
    pub pages: u64,
    /// `--language`, else the language their text is written in when its script tells it
    /// (Chinese, Japanese, Korean), else the language most pages declare, else `und`.
    pub language: String,
    /// The language was told by the script of their text.
    pub detected: bool,
}

/// Prints what the build did, and where the widget is, to stderr.
pub(super) fn print_summary(report: &SiteReport, options: &SiteOptions) {
    let indexed: u64 = report.indexed.values().sum();
    let skipped: u64 = report.skipped.values().map(|t| t.count).sum();
    for (reason, tally) in &report.skipped {
        eprintln!(
            "  skipped {} page(s) {reason}: {}{}",
            tally.count,
            tally.examples.join(", "),
            if tally.count as usize > tally.examples.len() {
                ", …"
            } else {
                ""
            }
        );
    }
    for message in report.unreadable.iter().take(EXAMPLES) {
        eprintln!("  could not read {message}");
    }
    if report.unreadable.len() > EXAMPLES {
        eprintln!(
            "  … and {} more unreadable files",
            report.unreadable.len() - EXAMPLES
        );
    }
    if report.invalid_bytes.count > 0 {
        eprintln!(
            "  {} page(s) have bytes that are not valid in their character set (indexed as U+FFFD; declare <meta charset>): {}",
            report.invalid_bytes.count,
            report.invalid_bytes.examples.join(", ")
        );
    }
    if report.cut.count > 0 {
        eprintln!(
            "  {} page(s) have more than --max-field-bytes ({}) of text, indexed up to it: {}",
            report.cut.count,
            options.max_text_bytes,
            report.cut.examples.join(", ")
        );
    }
    if let Some(Undeclared {
        pages,
        language,
        detected,
    }) = &report.undeclared
    {
        let hint = if *detected {
            " (told by the script of their text)"
        } else if language == UNDETERMINED {
            " without stemming; give --language (en, fr, …) to stem them"
        } else {
            ""
        };
        eprintln!("  {pages} page(s) have no <html lang>: indexed as {language}{hint}");
    }
    print_titles(&report.titles, report.indexed.values().sum());
    for key in &report.keys_named_as_fields {
        eprintln!(
            "  warning: the filter key {key:?} is also a searched field's name: `{key}:value` \
             in a query searches that field; `filter.{key}:value` filters"
        );
    }
    if report.word_runs > 0 {
        eprintln!(
            "  the words outgrew --word-memory ({} MB): set aside on disk in {} runs, then merged",
            options.word_memory >> 20,
            report.word_runs
        );
    }
    let languages: Vec<String> = report
        .indexed
        .iter()
        .map(|(language, pages)| format!("{language}: {pages}"))
        .collect();
    eprintln!(
        "Finished in {:.1} s (pages read in {:.1} s): {} HTML files, {indexed} pages indexed ({}), \
         {skipped} skipped, {} unreadable; the index is {} files, {:.1} MB, in {}",
        report.elapsed.as_secs_f64(),
        report.crawl.as_secs_f64(),
        report.files,
        languages.join(", "),
        report.unreadable.len(),
        report.index_files,
        report.index_bytes as f64 / 1e6,
        options.out.display()
    );
    print_widget_hint(report, options);
}

/// Where titles came from, what was left out of them as the site's, and a warning when many
/// pages share one.
fn print_titles(titles: &TitleReport, pages: u64) {
    let sources: Vec<String> = titles
        .sources
        .iter()
        .map(|(source, count)| format!("{count} from {}", source.describe()))
        .collect();
    let quoted = |texts: &[String]| {
        texts
            .iter()
            .take(EXAMPLES)
            .map(|text| format!("{text:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut line = format!("  titles: {}", sources.join(", "));
    if !titles.affixes.is_empty() {
        line += &format!(
            "; taken off <title> as the site's: {}",
            quoted(&titles.affixes)
        );
    }
    if !titles.left_out.is_empty() {
        line += &format!(
            "; left out as the site's name: {}",
            quoted(&titles.left_out)
        );
    }
    eprintln!("{line}");
    if let Some((title, count)) = &titles.most_shared {
        if *count >= MANY_SHARING.max(pages / 20) {
            eprintln!(
                "  warning: {count} of {pages} pages have the title {title:?}: give each page \
                 an <h1> of its own in its content (in <main> or role=\"main\"), or mark it \
                 with data-rangefind-meta=\"title\""
            );
        }
    }
}

/// Pages sharing one title the summary warns of (and at least 5 % of the pages).
const MANY_SHARING: u64 = 5;

/// How to put the widget on the site's pages, or why it is not there.
fn print_widget_hint(report: &SiteReport, options: &SiteOptions) {
    if !options.widget {
        return;
    }
    let Some((files, bytes)) = report.widget else {
        eprintln!(
            "  this rangefind was built without the <rangefind-search> widget (web/dist was \
             missing when it was compiled); use the rangefind npm package's dist/ instead"
        );
        return;
    };
    if !report.other_stemmers.is_empty() && !widget::has_every_stemmer() {
        eprintln!(
            "  this rangefind was built without the site engine that stems {} (web/dist lacked \
             wasm-site-all when it was compiled: run scripts/setup.sh): the widget cannot search \
             those pages",
            report.other_stemmers.join(", ")
        );
    }
    let script = match options.out.strip_prefix(&options.site) {
        Ok(inside) => inside
            .join(widget::SCRIPT)
            .components()
            .fold(String::new(), |url, part| {
                format!("{url}/{}", part.as_os_str().to_string_lossy())
            }),
        Err(_) => format!(
            "{} (served with the index)",
            options.out.join(widget::SCRIPT).display()
        ),
    };
    eprintln!(
        "The search widget ({files} files, {:.1} MB) is in {}: add to your pages\n  \
         <script type=\"module\" src=\"{script}\"></script>\n  <rangefind-search></rangefind-search>",
        bytes as f64 / 1e6,
        options.out.display()
    );
}
