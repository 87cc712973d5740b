//! Command-line options. Every flag has help text and a `RANGEFIND_*` environment variable.

use std::path::PathBuf;

use anyhow::{bail, Context};
use clap::{Args, Parser, Subcommand};
use rangefind_engine::mapping::DocMapping;

/// Full-text search over static files: build immutable splits, serve them anywhere, search
/// them with HTTP range requests.
#[derive(Parser, Debug)]
#[command(name = "rangefind", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Build an index (splits + manifest) from JSON Lines documents.
    Build(BuildArgs),
    /// Search an index in a directory or at an http(s) URL.
    Search(SearchArgs),
    /// Describe an index or a split: files, sizes, hotcache ratio.
    Inspect(InspectArgs),
    /// Serve a directory over HTTP with Range support (single, suffix and open-ended ranges).
    Serve(ServeArgs),
}

/// `rangefind build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// Doc mapping (YAML): fields, types, id and timestamp fields. See examples/*/rangefind.yaml.
    #[arg(long, env = "RANGEFIND_CONFIG")]
    pub config: PathBuf,
    /// JSON Lines input files: plain, .gz or .zst (compression is detected from the content).
    #[arg(long, num_args = 1.., required = true, env = "RANGEFIND_INPUT", value_delimiter = ',')]
    pub input: Vec<PathBuf>,
    /// Output directory for manifest.json and splits/ (created if missing).
    #[arg(long, env = "RANGEFIND_OUT")]
    pub out: PathBuf,
    /// Maximum documents per split. Peak memory grows with it (a split is indexed in memory):
    /// about 360 MB for 250,000 GitHub events, 100 MB for 15,000 MDN pages.
    #[arg(long, default_value_t = 250_000, env = "RANGEFIND_SPLIT_DOCS")]
    pub split_docs: u64,
    /// Count and report malformed documents instead of stopping at the first one.
    #[arg(long, env = "RANGEFIND_SKIP_INVALID")]
    pub skip_invalid: bool,
    /// Page size in bytes of split checksums and reader caches (power of two, 256..=1048576).
    #[arg(long, default_value_t = 1024, env = "RANGEFIND_PAGE_SIZE")]
    pub page_size: u32,
    /// No progress bar.
    #[arg(long, short, env = "RANGEFIND_QUIET")]
    pub quiet: bool,
}

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
    /// Page size.
    pub page_size: u32,
    /// Hide the progress bar.
    pub quiet: bool,
}

impl BuildArgs {
    /// Reads the mapping and checks every option, naming the flag to fix.
    pub fn resolve(self) -> anyhow::Result<BuildOptions> {
        let text = std::fs::read_to_string(&self.config).with_context(|| {
            format!(
                "--config {}: cannot read the doc mapping",
                self.config.display()
            )
        })?;
        let mapping = DocMapping::from_yaml(&text)
            .map_err(|e| anyhow::anyhow!("--config {}: {e}", self.config.display()))?;
        for input in &self.input {
            if !input.is_file() {
                bail!("--input {}: no such file", input.display());
            }
        }
        if self.split_docs == 0 {
            bail!("--split-docs (RANGEFIND_SPLIT_DOCS) must be at least 1");
        }
        if !self.page_size.is_power_of_two() || !(256..=1 << 20).contains(&self.page_size) {
            bail!("--page-size (RANGEFIND_PAGE_SIZE) must be a power of two between 256 and 1048576, got {}", self.page_size);
        }
        Ok(BuildOptions {
            mapping,
            inputs: self.input,
            out: self.out,
            split_docs: self.split_docs,
            skip_invalid: self.skip_invalid,
            page_size: self.page_size,
            quiet: self.quiet,
        })
    }
}

/// `rangefind search`.
#[derive(Args, Debug)]
pub struct SearchArgs {
    /// Index: a directory, or an http(s) URL of the directory holding manifest.json.
    pub index: String,
    /// Query: words, "phrases", field:value, AND/OR/-, prefix*, field:[a TO b].
    pub query: String,
    /// Number of hits.
    #[arg(long, default_value_t = 10)]
    pub limit: usize,
    /// Hits to skip (paging).
    #[arg(long, default_value_t = 0)]
    pub offset: usize,
    /// Print one JSON object: {count, hits, stats}.
    #[arg(long)]
    pub json: bool,
    /// Leave snippets out.
    #[arg(long)]
    pub no_snippet: bool,
    /// Keep only hits whose FIELD (keyword, numeric or bool) equals VALUE; repeat for more
    /// (several values of one field: any of them; different fields: all of them).
    #[arg(long = "filter", value_name = "FIELD=VALUE", value_parser = parse_filter)]
    pub filters: Vec<(String, String)>,
    /// List every range request the query sent, by wave, with what it read.
    #[arg(long)]
    pub explain: bool,
}

/// `rangefind inspect`.
#[derive(Args, Debug)]
pub struct InspectArgs {
    /// An index directory or URL, or a single .split file.
    pub index: String,
}

/// `rangefind serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Directory to serve.
    pub dir: PathBuf,
    /// Port (0 picks a free one and prints it).
    #[arg(long, default_value_t = 8080, env = "RANGEFIND_PORT")]
    pub port: u16,
    /// Address to bind.
    #[arg(long, default_value = "127.0.0.1", env = "RANGEFIND_BIND")]
    pub bind: String,
}

fn parse_filter(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((field, value)) if !field.is_empty() => Ok((field.to_string(), value.to_string())),
        _ => Err(format!("expected FIELD=VALUE, got `{text}`")),
    }
}
