//! What a split build is given.

use std::path::PathBuf;

use rangefind_engine::mapping::DocMapping;

use super::append::AppendTo;
use super::shard::Shard;

/// What a split build from JSON Lines does: resolved and checked by [`crate::plan`].
#[derive(Debug, Clone)]
pub struct SplitsOptions {
    /// The mapping.
    pub mapping: DocMapping,
    /// Input files.
    pub inputs: Vec<PathBuf>,
    /// Output directory.
    pub out: PathBuf,
    /// Maximum documents per split.
    pub split_docs: u64,
    /// Skip malformed documents.
    pub skip_invalid: bool,
    /// Skip documents longer than this (`--max-document-bytes`).
    pub max_document_bytes: u64,
    /// Cut text values longer than this (`--max-field-bytes`).
    pub max_field_bytes: u64,
    /// Page size.
    pub page_size: u32,
    /// Hide the progress bar.
    pub quiet: bool,
    /// The index to add the splits to (`--append`); `None` replaces whatever is at `out`.
    pub append_to: Option<AppendTo>,
    /// Build only this shard (`--shard I/N`).
    pub shard: Option<Shard>,
    /// 1: index on the calling thread; 2: parse and index on separate threads.
    pub threads: u8,
}
