//! Command-line options: what each command accepts, its help and its `RANGEFIND_*`
//! environment variable, and every default ([`defaults`]). Parsing only: what a build's
//! options resolve to, reading the files they name, is [`crate::plan`]; no build stage sees
//! these types.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::splits::shard::Shard;

mod defaults;
mod search_args;
pub use defaults::*;
pub use search_args::{AggsArg, SearchArgs};

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
    /// Build an index (splits + manifest) from JSON Lines documents, or from a built static
    /// site (`--site DIR`).
    #[command(after_help = CREDENTIALS_HELP)]
    Build(BuildArgs),
    /// Search an index in a directory or at an http(s) URL.
    Search(SearchArgs),
    /// Describe an index or a split: files, sizes, hotcache ratio; for a site index (`build
    /// --site`), each language's site file: its regions, the head a first visit reads, its
    /// lexicon.
    Inspect(InspectArgs),
    /// Serve a directory over HTTP with Range support (single, suffix and open-ended ranges).
    Serve(ServeArgs),
    /// Upload an index built locally to an object store (S3, R2, MinIO, GCS, Azure) or a
    /// directory: only the splits the destination lacks, then the manifest, last.
    #[command(after_help = CREDENTIALS_HELP)]
    Publish(PublishArgs),
    /// Work on manifests: `merge` joins the shards of a `build --shard` into one index.
    #[command(subcommand)]
    Manifest(ManifestCommand),
}

/// `rangefind manifest`.
#[derive(Subcommand, Debug)]
pub enum ManifestCommand {
    /// Join the manifests of `build --shard I/N` (manifest-shard-I-of-N.json, all N of them,
    /// splits in place) into DIR/manifest.json, their splits in input order. Replaces
    /// manifest.json atomically; publish the directory afterwards if it is not the one served.
    Merge(MergeArgs),
}

/// `rangefind manifest merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The directory every shard built into (`--out` of each `build --shard`).
    pub dir: PathBuf,
}

/// `rangefind build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// Index a built static site instead of JSON Lines: every *.html under DIR (hidden files
    /// left out) becomes a document with its URL, title, headings, text cut into sections at
    /// headings (with anchors), and the filters and metadata of its data-rangefind-* (or
    /// data-pagefind-*) attributes; one site file per <html lang>, in --out/LANG, with
    /// --out/site.json describing them for the <rangefind-search> widget. See docs/site-search.md.
    #[arg(long, value_name = "DIR", env = "RANGEFIND_SITE", conflicts_with_all = ["config", "input", "append", "shard", "staging"])]
    pub site: Option<PathBuf>,
    /// With --site: the language of pages without <html lang> (default: the language most
    /// pages declare; pages of a site that declares none are indexed unstemmed as `und`).
    #[arg(
        long,
        value_name = "LANG",
        env = "RANGEFIND_LANGUAGE",
        requires = "site"
    )]
    pub language: Option<String>,
    /// With --site: do not write the <rangefind-search> widget (rangefind-search.js, its
    /// workers and the site engine in wasm-site/: 0.25 MB, 99.6 KB brotli; wasm-site-all/ too
    /// for sites in other stemmed languages) next to site.json, e.g. when the site bundles the
    /// `rangefind` npm package itself.
    #[arg(long, requires = "site")]
    pub no_widget: bool,
    /// With --site: also write each language's pages as an ordinary split index in
    /// --out/LANG (manifest.json and splits), which `openIndex`, the Worker API and `rangefind
    /// search --out/LANG` read. The widget reads each language's site file, always written;
    /// the splits double the build's time and the index's size.
    #[arg(long, requires = "site")]
    pub splits: bool,
    /// With --site: then serve the site on http://127.0.0.1:PORT/ (as `rangefind serve DIR`)
    /// until Ctrl-C, to try the search: pages with the widget's two lines search it, and
    /// /_rangefind/ is a page with the search box. For trying, not production: publish the
    /// site to any static host that honours Range.
    #[arg(long, requires = "site")]
    pub serve: bool,
    /// With --serve: the port (0 picks a free one; the URL printed says which).
    #[arg(long, default_value_t = DEFAULT_PORT, requires = "serve")]
    pub port: u16,
    /// Doc mapping (YAML): fields, types, id and timestamp fields. See examples/*/rangefind.yaml.
    #[arg(long, env = "RANGEFIND_CONFIG", required_unless_present = "site")]
    pub config: Option<PathBuf>,
    /// JSON Lines input files: plain, .gz or .zst (compression is detected from the content).
    #[arg(long, num_args = 1.., required_unless_present = "site", env = "RANGEFIND_INPUT", value_delimiter = ',')]
    pub input: Vec<PathBuf>,
    /// Where the index goes: a directory (created if missing), or an object-store URL
    /// (s3://bucket/prefix, gs://bucket/prefix, az://container/prefix). For a URL the index is
    /// built in a staging directory, then published like `rangefind publish` does: the splits
    /// the destination lacks, then manifest.json, last. With --site: a directory, by default
    /// DIR/_rangefind.
    #[arg(long, env = "RANGEFIND_OUT", required_unless_present = "site")]
    pub out: Option<String>,
    /// Add the new splits to the index already at --out (same mapping required) instead of
    /// replacing it: its splits are kept as they are, the manifest lists them and then the
    /// new ones, and is replaced last. Creates the index when there is none. One writer at a
    /// time.
    #[arg(long, env = "RANGEFIND_APPEND")]
    pub append: bool,
    /// Staging directory for builds with `--out URL` (default: a temporary directory, removed
    /// after a successful upload and kept after a failed one, so `rangefind publish` can
    /// finish the job without a rebuild).
    #[arg(long, env = "RANGEFIND_STAGING")]
    pub staging: Option<PathBuf>,
    /// Maximum documents per split. Peak memory grows with it (a split is indexed in memory):
    /// about 360 MB for 250,000 GitHub events, 100 MB for 15,000 MDN pages.
    #[arg(long, default_value_t = DEFAULT_SPLIT_DOCS, env = "RANGEFIND_SPLIT_DOCS")]
    pub split_docs: u64,
    /// Count and report malformed documents instead of stopping at the first one.
    #[arg(long, env = "RANGEFIND_SKIP_INVALID")]
    pub skip_invalid: bool,
    /// Longest document (JSON line) indexed, in bytes; longer ones are skipped, counted and
    /// named by line in the summary, with or without --skip-invalid. Indexing a document
    /// costs about 25 times its size in memory (a 50 MB line took 1.35 GB).
    #[arg(long, default_value_t = DEFAULT_MAX_DOCUMENT_BYTES, env = "RANGEFIND_MAX_DOCUMENT_BYTES")]
    pub max_document_bytes: u64,
    /// Longest text indexed per field value (JSON lines) or per page (--site), in bytes; the
    /// rest is cut at a word's end, and the summary counts and names what was cut. A hit
    /// reads its whole stored text to show a snippet, so this bounds what one hit can cost a
    /// reader (a 23 MB page read 7 MB per query).
    #[arg(long, default_value_t = DEFAULT_MAX_FIELD_BYTES, env = "RANGEFIND_MAX_FIELD_BYTES",
          value_parser = clap::value_parser!(u64).range(1024..))]
    pub max_field_bytes: u64,
    /// With --site: words on more pages than this keep only their best postings (by BM25, an
    /// eighth of this many) in the word chunks every query of them reads; the rest, their
    /// tail, is read only when those do not settle a query's first hits (another word's pages
    /// among them, a phrase, a count of every hit). A first search of a common word then
    /// reads the same few kilobytes on a site of any size. 0: no tails.
    #[arg(long, value_name = "PAGES", default_value_t = DEFAULT_TAIL_PAST,
          env = "RANGEFIND_TAIL_PAST", value_parser = clap::value_parser!(u64).range(..=u64::from(u32::MAX)))]
    pub tail_past: u64,
    /// With --site: megabytes the words' postings and positions may take in memory while
    /// pages are read (and the typo lexicon's keys while they are sorted); past that they are
    /// written, sorted, as a run to the work directory next to --out, and the runs are merged
    /// as the site file is written: the same file, byte for byte. 939,690 pages of the events
    /// site peak at 1.0 GB with the default, 0.71 GB with 256, 0.61 GB with 64 (6 runs); lower
    /// it for a larger site or a smaller machine.
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_WORD_MEMORY_MB,
          env = "RANGEFIND_WORD_MEMORY", value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    pub word_memory: u64,
    /// Build only shard I of N (I from 0 to N-1: a Kubernetes indexed Job's
    /// JOB_COMPLETION_INDEX): the input's lines in blocks of --split-docs, block b going to
    /// shard b mod N, so each shard writes whole splits of consecutive documents. Writes
    /// manifest-shard-I-of-N.json instead of manifest.json; once all N are built into one
    /// --out directory, `rangefind manifest merge DIR` writes the index's manifest.
    #[arg(long, value_name = "I/N", env = "RANGEFIND_SHARD")]
    pub shard: Option<Shard>,
    /// Page size in bytes of split checksums and reader caches (power of two, 128..=1048576).
    #[arg(long, default_value_t = DEFAULT_PAGE_SIZE, env = "RANGEFIND_PAGE_SIZE")]
    pub page_size: u32,
    /// Threads: 2 parses the input on one and indexes on another (a split is written while
    /// the next is indexed); 1 does everything on one thread (for a machine shared with other
    /// work). A split is one segment indexed by one thread, so more would wait: to use more
    /// cores, build shards (--shard) in parallel. With --site, 2 also reads pages on every
    /// core.
    #[arg(long, default_value_t = DEFAULT_THREADS, value_parser = clap::value_parser!(u8).range(1..=2), env = "RANGEFIND_THREADS")]
    pub threads: u8,
    /// No progress bar.
    #[arg(long, short, env = "RANGEFIND_QUIET")]
    pub quiet: bool,
    /// Object-store settings, for `--out URL`.
    #[command(flatten)]
    pub store: StoreArgs,
}

/// Where object-store credentials come from (shown after `build --help` and `publish --help`).
const CREDENTIALS_HELP: &str = "\
Object-store credentials come from the environment, as for each cloud's own tools:
  S3, R2, MinIO: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_REGION,
                 AWS_ENDPOINT_URL
  GCS:           GOOGLE_APPLICATION_CREDENTIALS or GOOGLE_SERVICE_ACCOUNT
  Azure:         AZURE_STORAGE_ACCOUNT_NAME with AZURE_STORAGE_ACCOUNT_KEY (or a SAS via
                 --store-option azure_storage_sas_key=…)
Hosting recipes and CORS rules: docs/deploy.md";

/// How to reach an object store and upload to it (`build --out URL`, `publish`).
/// Credentials come from the environment (see [`CREDENTIALS_HELP`]).
#[derive(Args, Debug, Clone, Default)]
pub struct StoreArgs {
    /// Endpoint of an S3-compatible store: R2 (https://ACCOUNT_ID.r2.cloudflarestorage.com),
    /// MinIO (http://127.0.0.1:9000), … Default: AWS, or AWS_ENDPOINT_URL. Plain http is
    /// allowed when named here.
    #[arg(long, env = "RANGEFIND_ENDPOINT")]
    pub endpoint: Option<String>,
    /// Region of an S3 bucket (R2: auto). Default: AWS_REGION, else us-east-1.
    #[arg(long, env = "RANGEFIND_REGION")]
    pub region: Option<String>,
    /// Any other setting of the store, in object_store's names (aws_virtual_hosted_style_request,
    /// aws_skip_signature, google_service_account, azure_storage_sas_key, …); repeatable
    /// (comma-separated in the environment variable).
    #[arg(
        long = "store-option",
        value_name = "KEY=VALUE",
        value_parser = parse_key_value,
        env = "RANGEFIND_STORE_OPTIONS",
        value_delimiter = ','
    )]
    pub store_options: Vec<(String, String)>,
    /// Files uploaded at once (a large split also sends 2 parts at once).
    #[arg(long, default_value_t = DEFAULT_UPLOAD_JOBS, env = "RANGEFIND_UPLOAD_JOBS")]
    pub jobs: usize,
    /// Files larger than this many bytes are uploaded in parts of this size (at least 5 MiB,
    /// S3's minimum).
    #[arg(long, default_value_t = DEFAULT_PART_SIZE, env = "RANGEFIND_PART_SIZE")]
    pub part_size: usize,
}

/// `rangefind publish`.
#[derive(Args, Debug)]
pub struct PublishArgs {
    /// The index directory (as written by `rangefind build --out DIR`).
    pub dir: PathBuf,
    /// Destination: s3://bucket/prefix, gs://bucket/prefix, az://container/prefix, or a
    /// directory. Splits already there (same name and size: they are content-addressed) are
    /// not uploaded again; the manifest is written last.
    pub url: String,
    /// Say what would be uploaded, upload nothing.
    #[arg(long, env = "RANGEFIND_DRY_RUN")]
    pub dry_run: bool,
    /// No progress bar.
    #[arg(long, short, env = "RANGEFIND_QUIET")]
    pub quiet: bool,
    /// Object-store settings.
    #[command(flatten)]
    pub store: StoreArgs,
}

/// `rangefind inspect`.
#[derive(Args, Debug)]
pub struct InspectArgs {
    /// An index directory or URL (a split index, or a site index's `_rangefind/`), or a single
    /// .split file.
    pub index: String,
}

/// `rangefind serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Directory to serve.
    pub dir: PathBuf,
    /// Port (0 picks a free one and prints it).
    #[arg(long, default_value_t = DEFAULT_PORT, env = "RANGEFIND_PORT")]
    pub port: u16,
    /// Address to bind.
    #[arg(long, default_value = DEFAULT_BIND, env = "RANGEFIND_BIND")]
    pub bind: String,
}

fn parse_key_value(text: &str) -> Result<(String, String), String> {
    split_pair(text, "KEY=VALUE")
}

pub(crate) fn split_pair(text: &str, shape: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.is_empty() => Ok((name.to_string(), value.to_string())),
        _ => Err(format!("expected {shape}, got `{text}`")),
    }
}
