//! Every default of the command line, in one place: what a flag is when it is not given.

/// `--port` of `build --serve` and `serve`.
pub const DEFAULT_PORT: u16 = 8080;
/// `serve --bind`.
pub const DEFAULT_BIND: &str = "127.0.0.1";
/// `--split-docs`: documents per split (a split is indexed in memory: about 360 MB for
/// 250,000 GitHub events).
pub const DEFAULT_SPLIT_DOCS: u64 = 250_000;
/// `--max-document-bytes`: 10 MiB.
pub const DEFAULT_MAX_DOCUMENT_BYTES: u64 = 10 << 20;
/// `--max-field-bytes`: 1 MiB (the longest MDN page is 60 KB of text).
pub const DEFAULT_MAX_FIELD_BYTES: u64 = 1 << 20;
/// `--tail-past`: words on more pages than this have a tail. Below it a word's postings are a
/// few kilobytes at most, read in the chunk's request; past it, on a large site, they grow
/// with the site.
pub const DEFAULT_TAIL_PAST: u64 = 4096;
/// `--word-memory`, in megabytes: more than a million pages of the events site hold (256 to
/// 512 MB: one run at 256), so that only larger sites write runs.
pub const DEFAULT_WORD_MEMORY_MB: u64 = 1024;
/// `--page-size`: bytes per checksummed page of a split and of reader caches.
pub const DEFAULT_PAGE_SIZE: u32 = 1024;
/// `--threads`.
pub const DEFAULT_THREADS: u8 = 2;
/// `--out` of `build --site`: the index directory inside the site.
pub const DEFAULT_SITE_OUT: &str = "_rangefind";
/// `--jobs`: files uploaded at once.
pub const DEFAULT_UPLOAD_JOBS: usize = 4;
/// `--part-size`: 8 MiB.
pub const DEFAULT_PART_SIZE: usize = 8 << 20;
/// The least `--part-size`: S3 refuses parts under 5 MiB (except the last one).
pub const MIN_PART_SIZE: usize = 5 << 20;
/// `search --limit`.
pub const DEFAULT_LIMIT: usize = 10;
/// `search --timeout`, in seconds.
pub const DEFAULT_TIMEOUT_SECONDS: u64 = 30;
