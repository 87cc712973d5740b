//! A build's plan: `build`'s options resolved into what the build does, reading and checking
//! what they name (the mapping file, the inputs, the index to append to), each error naming
//! the flag to fix. [`crate::options`] only parses.

use std::path::PathBuf;

use anyhow::{bail, Context};
use rangefind_engine::mapping::DocMapping;

use crate::options::BuildArgs;
use crate::splits::append::AppendTo;
use crate::splits::shard::Shard;

/// Resolved and checked build options.
#[derive(Debug, Clone)]
pub struct BuildOptions {
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

impl BuildArgs {
    /// Reads the mapping and checks every option, naming the flag to fix (`--out` must be a
    /// directory here; see [`BuildArgs::resolve_into`] for URLs).
    pub fn resolve(self) -> anyhow::Result<BuildOptions> {
        let out = PathBuf::from(self.out_arg()?);
        let append = self.append;
        let mut options = self.resolve_into(out.clone())?;
        if append {
            options.append_to = crate::splits::append::read_local(&out, &options.mapping)?;
        }
        Ok(options)
    }

    /// As [`BuildArgs::resolve`], building into the directory `out`, replacing what is there
    /// (the caller sets `append_to` for `--append`).
    pub fn resolve_into(self, out: PathBuf) -> anyhow::Result<BuildOptions> {
        let Some(config) = &self.config else {
            bail!("--config is needed to build from --input (or give --site DIR)");
        };
        let text = std::fs::read_to_string(config).with_context(|| {
            format!("--config {}: cannot read the doc mapping", config.display())
        })?;
        let mapping = DocMapping::from_yaml(&text)
            .map_err(|e| anyhow::anyhow!("--config {}: {e}", config.display()))?;
        if self.input.is_empty() {
            bail!("--input is needed: the JSON Lines files to index (or give --site DIR)");
        }
        for input in &self.input {
            if !input.is_file() {
                bail!("--input {}: no such file", input.display());
            }
        }
        self.check_split_settings()?;
        if self.shard.is_some() && self.append {
            bail!("--shard and --append: build the shards, `rangefind manifest merge` them, then publish or append the merged index");
        }
        Ok(BuildOptions {
            mapping,
            inputs: self.input,
            out,
            split_docs: self.split_docs,
            skip_invalid: self.skip_invalid,
            max_document_bytes: self.max_document_bytes,
            max_field_bytes: self.max_field_bytes,
            page_size: self.page_size,
            quiet: self.quiet,
            append_to: None,
            threads: self.threads,
            shard: self.shard,
        })
    }
}
