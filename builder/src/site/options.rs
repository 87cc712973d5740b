//! What a site build (`build --site`) is given: resolved and checked by [`crate::plan`].

use std::path::PathBuf;

/// The language of pages that declare none, on a site where no page declares one.
pub(super) const UNDETERMINED: &str = "und";

/// What a site build does.
#[derive(Debug, Clone)]
pub struct SiteOptions {
    /// The built site.
    pub site: PathBuf,
    /// Where `site.json` and the language indexes go.
    pub out: PathBuf,
    /// The language of pages without `<html lang>`.
    pub language: Option<String>,
    /// 1: everything on one thread; 2: pages read on every core, indexing beside parsing.
    pub threads: u8,
    /// No progress bars.
    pub quiet: bool,
    /// Write the `<rangefind-search>` widget next to `site.json`.
    pub widget: bool,
    /// Text indexed per page, in bytes (`--max-field-bytes`).
    pub max_text_bytes: usize,
    /// Words on more pages than this have a tail (`--tail-past`; 0: none).
    pub tail_past: usize,
    /// Bytes of postings and positions held in memory before they go to a run on disk
    /// (`--word-memory`).
    pub word_memory: usize,
}
