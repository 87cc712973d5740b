//! The checked options of a site build (`build --site`), each flag's error naming it.

use std::path::PathBuf;

use anyhow::{bail, Context};

use super::extract;
use crate::options::BuildArgs;

/// The default index directory inside the site.
pub const DEFAULT_OUT: &str = "_rangefind";
/// The language of pages that declare none, on a site where no page declares one.
pub(super) const UNDETERMINED: &str = "und";

/// Checked options of a site build.
#[derive(Debug, Clone)]
pub struct SiteOptions {
    /// The built site.
    pub site: PathBuf,
    /// Where `site.json` and the language indexes go.
    pub out: PathBuf,
    /// The language of pages without `<html lang>`.
    pub language: Option<String>,
    /// Maximum pages per split.
    pub split_docs: u64,
    /// Page size of the splits.
    pub page_size: u32,
    /// 1: everything on one thread; 2: pages read on every core, indexing beside parsing.
    pub threads: u8,
    /// No progress bars.
    pub quiet: bool,
    /// Write the `<rangefind-search>` widget next to `site.json`.
    pub widget: bool,
    /// Also write each language's pages as a split index (`--splits`).
    pub splits: bool,
    /// Text indexed per page, in bytes (`--max-field-bytes`).
    pub max_text_bytes: usize,
    /// Words on more pages than this have a tail (`--tail-past`; 0: none).
    pub tail_past: usize,
    /// Bytes of postings and positions held in memory before they go to a run on disk
    /// (`--word-memory`).
    pub word_memory: usize,
}

impl SiteOptions {
    /// Checks `build --site` options, naming the flag to fix.
    pub fn from_args(args: BuildArgs) -> anyhow::Result<SiteOptions> {
        let site = args.site.clone().context("--site DIR is needed")?;
        if !site.is_dir() {
            bail!("--site {}: not a directory", site.display());
        }
        let out = match &args.out {
            Some(out) if crate::publish::is_url(out) => bail!(
                "--out {out}: with --site, --out is a directory (publish the site with the index in it)"
            ),
            Some(out) => PathBuf::from(out),
            None => site.join(DEFAULT_OUT),
        };
        let language = match &args.language {
            Some(tag) => Some(extract::language_tag(tag).with_context(|| {
                format!("--language {tag:?}: not a language tag such as en, fr or pt-BR")
            })?),
            None => None,
        };
        args.check_split_settings()?;
        Ok(SiteOptions {
            site,
            out,
            language,
            split_docs: args.split_docs,
            page_size: args.page_size,
            threads: args.threads,
            quiet: args.quiet,
            widget: !args.no_widget,
            splits: args.splits,
            max_text_bytes: usize::try_from(args.max_field_bytes).unwrap_or(usize::MAX),
            tail_past: usize::try_from(args.tail_past).unwrap_or(usize::MAX),
            word_memory: usize::try_from(args.word_memory << 20).unwrap_or(usize::MAX),
        })
    }
}
