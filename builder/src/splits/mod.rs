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
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use rangefind_engine::formats::manifest::{Manifest, SplitEntry, MANIFEST_FILE};
use rangefind_engine::mapping::{DocumentBuilder, MappedSchema};
use rangefind_engine::typos::{add_counts, WordCounts};

pub mod append;
mod options;
pub mod shard;
pub mod split_filters;
mod writer;

use crate::index_dir::{write_manifest, SPLITS_DIR};
use crate::input::{self, NextLine};
use crate::progress::progress_bar;
pub use options::SplitsOptions;
use split_filters::FilterSet;
use writer::{join, Finishing, SplitBuilder};

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
pub fn run(options: SplitsOptions) -> anyhow::Result<()> {
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
pub fn build(options: &SplitsOptions) -> anyhow::Result<BuildReport> {
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
        let mut lines = input::open(path, consumed.clone(), options.max_document_bytes)?;
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
                    report.raw_bytes += line.len + 1;
                    let bytes = line.len;
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
    options: &SplitsOptions,
    new_splits: Vec<(String, WordCounts)>,
) -> anyhow::Result<rangefind_engine::formats::manifest::LexiconEntry> {
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
