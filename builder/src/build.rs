//! `rangefind build`: collect documents → index them into one tantivy segment per split of at
//! most `split_docs` documents → write each as a split → write the manifest last.
//!
//! Parsing runs on the calling thread; each split is indexed on its own thread, in input
//! order, and is written while the next one is indexed (`--threads 2`, the default), or
//! everything runs on the calling thread (`--threads 1`).
//!
//! Writes are atomic: a split is written under a temporary name and renamed to its content
//! address once complete, and the manifest is replaced (write + rename) only after every split
//! it names is in place. An interrupted build leaves the previous manifest serving a complete
//! index.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use rangefind_engine::format::{record_hot_ranges, write_split, SplitWriteOptions};
use rangefind_engine::manifest::{Manifest, SplitEntry, MANIFEST_FILE};
use rangefind_engine::mapping::{
    register_tokenizers, BuiltDocument, DocMapping, DocumentBuilder, MappedSchema, StoreCompression,
};
use rangefind_engine::pruning::SplitFilter;
use rangefind_engine::typos::{add_counts, WordCounter, WordCounts};
use tantivy::directory::MmapDirectory;
use tantivy::store::Compressor;
use tantivy::tokenizer::TokenizerManager;
use tantivy::{Index, IndexSettings, SingleSegmentIndexWriter, TantivyDocument};

use crate::index_dir::{write_content_addressed, write_manifest, SPLITS_DIR};
use crate::input::{self, NextLine};
use crate::plan::BuildOptions;
use crate::progress::progress_bar;
use crate::split_filters::{self, FilterSet};

/// Malformed documents quoted in the summary with --skip-invalid.
const SKIPPED_EXAMPLES: usize = 5;

/// What a build did.
#[derive(Debug, Default)]
pub struct BuildReport {
    /// Non-blank lines read.
    pub read: u64,
    /// Documents indexed.
    pub indexed: u64,
    /// Documents skipped: malformed (with --skip-invalid) or too long.
    pub skipped: u64,
    /// The first few skipped documents: "file:line: reason".
    pub skipped_examples: Vec<String>,
    /// Documents indexed with a text cut to `--max-field-bytes`.
    pub cut: u64,
    /// The first few of them: "file:line: field \"body\"".
    pub cut_examples: Vec<String>,
    /// The splits written.
    pub splits: Vec<SplitEntry>,
    /// Input bytes as stored (compressed or not).
    pub input_bytes: u64,
    /// Uncompressed JSON bytes read (what throughput is measured against).
    pub raw_bytes: u64,
    /// Wall time.
    pub elapsed: Duration,
    /// With `--append`: splits the index had before, and new splits it already held.
    pub appended: Option<(usize, usize)>,
    /// With `--shard`: non-blank lines left to the other shards.
    pub other_shards: u64,
}

impl BuildReport {
    /// Counts a skipped document, quoting the first few.
    fn skip(&mut self, message: String) {
        self.skipped += 1;
        if self.skipped_examples.len() < SKIPPED_EXAMPLES {
            self.skipped_examples.push(message);
        }
    }
}

/// Bytes of the input files as stored (compressed or not): the progress bar's scale.
fn stored_size(inputs: &[PathBuf]) -> u64 {
    inputs
        .iter()
        .map(|p| fs::metadata(p).map(|m| m.len()).unwrap_or(0))
        .sum()
}

/// Runs a build and prints its summary.
pub fn run(options: BuildOptions) -> anyhow::Result<()> {
    let input_bytes = stored_size(&options.inputs);
    eprintln!(
        "rangefind {}: building {} from {} input file(s), {:.1} MB, at most {} documents per split",
        env!("CARGO_PKG_VERSION"),
        options.out.display(),
        options.inputs.len(),
        input_bytes as f64 / 1e6,
        options.split_docs
    );
    let report = build(&options)?;
    let split_bytes: u64 = report.splits.iter().map(|s| s.size).sum();
    for example in &report.skipped_examples {
        eprintln!("  skipped {example}");
    }
    if report.cut > 0 {
        eprintln!(
            "{} document(s) had a text longer than --max-field-bytes ({}), indexed up to it:",
            report.cut, options.max_field_bytes
        );
        for example in &report.cut_examples {
            eprintln!("  cut {example}");
        }
    }
    let seconds = report.elapsed.as_secs_f64().max(1e-3);
    eprintln!(
        "Finished in {:.1} s: {} documents read, {} indexed, {} skipped; {} split(s), {:.1} MB \
         ({:.2} x the {:.1} MB of raw JSON, {:.1} MB/s)",
        seconds,
        report.read,
        report.indexed,
        report.skipped,
        report.splits.len(),
        split_bytes as f64 / 1e6,
        split_bytes as f64 / report.raw_bytes.max(1) as f64,
        report.raw_bytes as f64 / 1e6,
        report.raw_bytes as f64 / 1e6 / seconds,
    );
    if let Some(shard) = options.shard {
        eprintln!(
            "Shard {shard}: {} lines left to the other shards; wrote {}: when every shard is \
             built, `rangefind manifest merge {}` writes {MANIFEST_FILE}.",
            report.other_shards,
            shard.manifest_file(),
            options.out.display()
        );
    }
    if let Some((before, already)) = report.appended {
        eprintln!(
            "Appended: the index had {before} split(s) and now has {}{}.",
            before + report.splits.len() - already,
            if already > 0 {
                format!(" ({already} new split(s) held the same content as one already there)")
            } else {
                String::new()
            }
        );
    }
    Ok(())
}

/// Builds the index described by `options`.
pub fn build(options: &BuildOptions) -> anyhow::Result<BuildReport> {
    let started = Instant::now();
    let splits_dir = options.out.join(SPLITS_DIR);
    fs::create_dir_all(&splits_dir)
        .with_context(|| format!("--out {}: cannot create", options.out.display()))?;
    let work = crate::index_dir::create_work_dir(&options.out, ".rangefind-build-")?;
    let schema = MappedSchema::new(options.mapping.clone());
    let documents = DocumentBuilder::new(schema.clone())
        .with_max_text_bytes(usize::try_from(options.max_field_bytes).unwrap_or(usize::MAX));

    let consumed = Arc::new(AtomicU64::new(0));
    let total = stored_size(&options.inputs);
    let progress = progress_bar(total, options.quiet, "");
    let mut report = BuildReport {
        input_bytes: total,
        ..BuildReport::default()
    };
    let mut next_split = 0usize;
    let mut current: Option<SplitBuilder> = None;
    // With --shard: non-blank lines seen (this shard's or not), and the block being indexed.
    let mut line_number = 0u64;
    // The line of the file being read that the document comes from, for the summary.
    let mut current_line = 0u64;
    let mut current_block = 0u64;
    let mut finishing: Option<Finishing> = None;
    let mut filters = match &options.append_to {
        Some(index) => index.filters.clone(),
        None => FilterSet::new(),
    };
    // Each new split's word counts, by split id (for the lexicon).
    let mut words: Vec<(String, WordCounts)> = Vec::new();

    for path in &options.inputs {
        let mut lines = input::open(path, consumed.clone())?;
        loop {
            let built = match lines.next_line()? {
                NextLine::End => break,
                NextLine::NotUtf8(number) => {
                    Err(format!("{}:{number}: not valid UTF-8", path.display()))
                }
                NextLine::Line(line) => {
                    line_number += 1;
                    current_line = line.number;
                    if let Some(shard) = options.shard {
                        let line_index = line_number - 1;
                        if !shard.owns(line_index, options.split_docs) {
                            report.other_shards += 1;
                            continue;
                        }
                        // A shard's split is one block: a block with malformed lines makes
                        // a smaller split, never one spanning two blocks.
                        let block = line_index / options.split_docs;
                        if block != current_block && current.is_some() {
                            let full = current.take().expect("current split");
                            if let Some(handle) = finishing.take() {
                                report.splits.push(join(handle, &mut filters, &mut words)?);
                            }
                            finishing = Some(full.finish());
                        }
                        current_block = block;
                    }
                    report.raw_bytes += line.text.len() as u64 + 1;
                    let bytes = line.text.len() as u64;
                    if bytes > options.max_document_bytes {
                        // Skipped whatever --skip-invalid says: a valid document too large
                        // to index in bounded memory is not malformed input.
                        report.read += 1;
                        report.skip(format!(
                            "{}:{}: {bytes} bytes, longer than --max-document-bytes ({})",
                            line.path.display(),
                            line.number,
                            options.max_document_bytes
                        ));
                        continue;
                    }
                    documents
                        .build_from_json(line.text)
                        .map_err(|e| format!("{}:{}: {e}", line.path.display(), line.number))
                }
            };
            report.read += 1;
            let document = match built {
                Ok(document) => document,
                Err(message) if options.skip_invalid => {
                    report.skip(message);
                    continue;
                }
                Err(message) => {
                    progress.finish_and_clear();
                    bail!("{message}\n(use --skip-invalid to skip malformed documents and report them)");
                }
            };
            if !document.cut_fields.is_empty() {
                report.cut += 1;
                if report.cut_examples.len() < SKIPPED_EXAMPLES {
                    report.cut_examples.push(format!(
                        "{}:{}: {}",
                        path.display(),
                        current_line,
                        document.cut_fields.join(", ")
                    ));
                }
            }
            if current.is_none() {
                let dir = work.path().join(format!("split-{next_split}"));
                next_split += 1;
                current = Some(SplitBuilder::new(&dir, &schema, options, &splits_dir)?);
            }
            let split = current.as_mut().expect("just created");
            split.add(document)?;
            report.indexed += 1;
            if split.docs >= options.split_docs {
                let full = current.take().expect("current split");
                // At most one split is finished and written while the next one is indexed.
                if let Some(handle) = finishing.take() {
                    report.splits.push(join(handle, &mut filters, &mut words)?);
                }
                finishing = Some(full.finish());
            }
            if report.read.is_multiple_of(1024) {
                progress.set_position(consumed.load(Ordering::Relaxed));
                progress.set_message(format!("{} docs", report.indexed));
            }
        }
    }
    if let Some(handle) = finishing.take() {
        report.splits.push(join(handle, &mut filters, &mut words)?);
    }
    if let Some(split) = current.take() {
        progress.set_message(format!("{} docs, writing the last split", report.indexed));
        report
            .splits
            .push(join(split.finish(), &mut filters, &mut words)?);
    }
    progress.finish_and_clear();
    // A shard may own no block of a short input: its manifest lists no split.
    if report.indexed == 0 && report.other_shards == 0 {
        bail!(
            "no documents were indexed: the input is empty{}",
            if report.skipped > 0 {
                " or every line was malformed"
            } else {
                ""
            }
        );
    }
    let splits = match &options.append_to {
        Some(index) => {
            let (splits, already) = index.combine(&report.splits);
            report.appended = Some((index.manifest.splits.len(), already));
            splits
        }
        None => report.splits.clone(),
    };
    let manifest_file = options
        .shard
        .map_or(MANIFEST_FILE.to_string(), |shard| shard.manifest_file());
    let mut manifest = Manifest::new(options.mapping.clone(), splits);
    manifest.split_filters =
        split_filters::write_files(&options.out, &options.mapping, &manifest.splits, &filters)?;
    if options.mapping.typo_tolerance {
        manifest.lexicon = Some(write_lexicon(options, words)?);
    }
    write_manifest(&options.out, &manifest, &manifest_file)?;
    report.elapsed = started.elapsed();
    Ok(report)
}

/// The lexicon of the index: the words of the index appended to, and of the new splits it
/// did not hold yet (the same split appended twice counts once).
fn write_lexicon(
    options: &BuildOptions,
    new_splits: Vec<(String, WordCounts)>,
) -> anyhow::Result<rangefind_engine::manifest::LexiconEntry> {
    let mut words = WordCounts::new();
    if let Some(index) = &options.append_to {
        words = index.words.clone();
    }
    for (id, counts) in new_splits {
        let held = options
            .append_to
            .as_ref()
            .is_some_and(|index| index.manifest.splits.iter().any(|s| s.id == id));
        if !held {
            add_counts(&mut words, counts);
        }
    }
    crate::lexicon::write_file(&options.out, &words).context("writing the lexicon")
}

/// A split written, the filters of its terms, and the counts of its words (for the lexicon).
struct BuiltSplit {
    entry: SplitEntry,
    filters: Vec<(String, SplitFilter)>,
    words: WordCounts,
}

/// Waits for a split to be written; keeps its filters in `filters` and its word counts in
/// `words`.
fn join(
    finishing: Finishing,
    filters: &mut FilterSet,
    words: &mut Vec<(String, WordCounts)>,
) -> anyhow::Result<SplitEntry> {
    let built = match finishing {
        Finishing::Thread(handle) => handle
            .join()
            .map_err(|_| anyhow::anyhow!("the split writer thread panicked"))??,
        Finishing::Done(built) => built?,
    };
    split_filters::add_split(filters, &built.entry.id, built.filters);
    if !built.words.is_empty() {
        words.push((built.entry.id.clone(), built.words));
    }
    Ok(built.entry)
}

/// One split being indexed in its own tantivy index directory, with one segment written in
/// input order: the same input always gives the same split (and content address), and
/// documents keep their input (time) order. With `--threads 2` it is indexed on its own
/// thread, fed through a queue; with `--threads 1` on the calling thread.
struct SplitBuilder {
    feed: Feed,
    docs: u64,
}

enum Feed {
    Queue {
        sender: std::sync::mpsc::SyncSender<BuiltDocument>,
        worker: JoinHandle<anyhow::Result<BuiltSplit>>,
    },
    Inline(Box<SplitIndexer>),
}

/// A split being finished: on its thread, or already (`--threads 1`).
enum Finishing {
    Thread(JoinHandle<anyhow::Result<BuiltSplit>>),
    Done(anyhow::Result<BuiltSplit>),
}

/// Sizes tantivy's in-memory term tables (the single-segment writer never flushes early).
const INDEXING_TABLE_BUDGET: usize = 64 << 20;
/// Documents queued between the parser and a split's indexing thread.
const QUEUE: usize = 4096;

impl SplitBuilder {
    fn new(
        dir: &Path,
        schema: &MappedSchema,
        options: &BuildOptions,
        splits_dir: &Path,
    ) -> anyhow::Result<SplitBuilder> {
        fs::create_dir_all(dir)?;
        let store = &options.mapping.store;
        let settings = IndexSettings {
            docstore_compression: match store.compression {
                StoreCompression::Lz4 => Compressor::Lz4,
                StoreCompression::None => Compressor::None,
            },
            docstore_blocksize: store.block_size,
            ..IndexSettings::default()
        };
        let tokenizers = TokenizerManager::default();
        register_tokenizers(&tokenizers, &options.mapping);
        let writer = Index::builder()
            .schema(schema.schema.clone())
            .settings(settings)
            .tokenizers(tokenizers)
            .single_segment_index_writer(MmapDirectory::open(dir)?, INDEXING_TABLE_BUDGET)
            .context("creating the split's index")?;
        let mut indexer = SplitIndexer {
            writer,
            dir: dir.to_path_buf(),
            splits_dir: splits_dir.to_path_buf(),
            mapping: options.mapping.clone(),
            page_size: options.page_size,
            docs: 0,
            time_range: None,
            time_ordered: true,
            words: options
                .mapping
                .typo_tolerance
                .then(|| WordCounter::new(schema)),
        };
        let feed = if options.threads == 1 {
            Feed::Inline(Box::new(indexer))
        } else {
            let (sender, receiver) = std::sync::mpsc::sync_channel(QUEUE);
            let worker = std::thread::spawn(move || {
                for document in receiver {
                    indexer.add(document)?;
                }
                indexer.finish()
            });
            Feed::Queue { sender, worker }
        };
        Ok(SplitBuilder { feed, docs: 0 })
    }

    fn add(&mut self, document: BuiltDocument) -> anyhow::Result<()> {
        match &mut self.feed {
            Feed::Queue { sender, .. } => {
                if sender.send(document).is_err() {
                    // The indexing thread stopped: its error is reported by `finish`.
                    bail!("the indexing thread stopped early");
                }
            }
            Feed::Inline(indexer) => indexer.add(document)?,
        }
        self.docs += 1;
        Ok(())
    }

    /// Closes the queue (the split is written on its thread), or writes the split now.
    fn finish(self) -> Finishing {
        match self.feed {
            Feed::Queue { sender, worker } => {
                drop(sender);
                Finishing::Thread(worker)
            }
            Feed::Inline(indexer) => Finishing::Done(indexer.finish()),
        }
    }
}

/// Indexes one split's documents, then writes the split file.
struct SplitIndexer {
    writer: SingleSegmentIndexWriter<TantivyDocument>,
    dir: PathBuf,
    splits_dir: PathBuf,
    mapping: DocMapping,
    page_size: u32,
    docs: u64,
    time_range: Option<(i64, i64)>,
    /// Every document so far has a timestamp no older than the one before it.
    time_ordered: bool,
    /// The words of its documents, when the mapping wants a lexicon.
    words: Option<WordCounter>,
}

impl SplitIndexer {
    fn add(&mut self, document: BuiltDocument) -> anyhow::Result<()> {
        match document.timestamp {
            Some(t) => {
                self.time_ordered &= self.time_range.is_none_or(|(_, hi)| t >= hi);
                self.time_range = Some(
                    self.time_range
                        .map_or((t, t), |(lo, hi)| (lo.min(t), hi.max(t))),
                );
            }
            None => self.time_ordered = false,
        }
        if let Some(words) = &mut self.words {
            words.add(&document.document);
        }
        self.writer.add_document(document.document)?;
        self.docs += 1;
        Ok(())
    }

    fn finish(self) -> anyhow::Result<BuiltSplit> {
        let dir = &self.dir;
        let index = self
            .writer
            .finalize()
            .context("finishing the split's segment")?;
        let metas = index.searchable_segment_metas()?;
        let [segment] = metas.as_slice() else {
            bail!("expected one segment, found {}", metas.len());
        };
        // The segment's files are the ones named after its id (plus meta.json).
        let random_id = segment.id().uuid_string();
        let filters = split_filters::filters_of_split(&index, &self.mapping)
            .context("building the split's filters")?;
        drop(index);
        let files: Vec<String> = fs::read_dir(dir)?
            .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
            .filter(|name| name.starts_with(&random_id) && !name.ends_with(".temp"))
            .collect();
        let mut files = name_segment_by_content(dir, &random_id, files)?;
        files.insert(0, "meta.json".to_string());
        let files_len: u64 = files
            .iter()
            .map(|f| fs::metadata(dir.join(f)).map(|m| m.len()).unwrap_or(0))
            .sum();
        let directory = MmapDirectory::open(dir)?;
        // Fieldnorms go into the hotcache while they stay within 0.1 % of the split.
        let hot = record_hot_ranges(Box::new(directory.clone()), &self.mapping, files_len / 1000)
            .context("recording the hotcache")?;
        let mut entry = write_split_file(
            &directory,
            &files,
            &hot,
            &self.splits_dir,
            self.page_size,
            self.docs,
            self.time_range,
        )?;
        entry.time_ordered = self.time_ordered && self.time_range.is_some();
        drop(directory);
        fs::remove_dir_all(dir).ok();
        Ok(BuiltSplit {
            entry,
            filters,
            words: self.words.map(WordCounter::into_counts).unwrap_or_default(),
        })
    }
}

/// tantivy names a segment (its files, and its entry in meta.json) after a random UUID, which
/// the split's file table and meta.json carry: the same documents would give a different
/// split, and content address, on every build, and `publish` would upload it again. The
/// segment is renamed after a hash of its files instead, so the same input and mapping give
/// byte-identical splits. Returns the new file names, sorted.
fn name_segment_by_content(
    dir: &Path,
    random_id: &str,
    mut files: Vec<String>,
) -> anyhow::Result<Vec<String>> {
    files.sort();
    let mut hasher = blake3::Hasher::new();
    for name in &files {
        hasher.update(&name.as_bytes()[random_id.len()..]);
        hasher.update_reader(fs::File::open(dir.join(name))?)?;
    }
    let content_id = hasher.finalize().to_hex()[..32].to_string();
    let mut renamed = Vec::with_capacity(files.len());
    for name in files {
        let new_name = format!("{content_id}{}", &name[random_id.len()..]);
        fs::rename(dir.join(&name), dir.join(&new_name))?;
        renamed.push(new_name);
    }
    // meta.json writes the id hyphenated (8-4-4-4-12).
    let hyphenated = |id: &str| {
        format!(
            "{}-{}-{}-{}-{}",
            &id[..8],
            &id[8..12],
            &id[12..16],
            &id[16..20],
            &id[20..]
        )
    };
    let meta_path = dir.join("meta.json");
    let meta = fs::read_to_string(&meta_path)?;
    if !meta.contains(&hyphenated(random_id)) {
        bail!("meta.json does not name segment {random_id}: cannot give it a stable name");
    }
    fs::write(
        &meta_path,
        meta.replace(&hyphenated(random_id), &hyphenated(&content_id)),
    )?;
    Ok(renamed)
}

fn write_split_file(
    directory: &MmapDirectory,
    files: &[String],
    hot: &std::collections::BTreeMap<PathBuf, Vec<std::ops::Range<u64>>>,
    splits_dir: &Path,
    page_size: u32,
    doc_count: u64,
    time_range: Option<(i64, i64)>,
) -> anyhow::Result<SplitEntry> {
    let options = SplitWriteOptions {
        page_size,
        doc_count,
        time_range,
    };
    let (summary, id) = write_content_addressed(splits_dir, "split", |out| {
        write_split(directory, files, hot, &options, out)
    })
    .context("writing the split")?;
    let path = format!("{SPLITS_DIR}/{id}.split");
    Ok(SplitEntry {
        id,
        path,
        size: summary.len,
        docs: doc_count,
        open_region: [summary.open_region.start, summary.open_region.end],
        time_range,
        time_ordered: false,
    })
}
