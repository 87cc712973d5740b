//! Writing one split: its documents indexed into one tantivy segment (on a thread of its own
//! with `--threads 2`), the segment's files packed into a split file under its content
//! address, with its term filters and word counts for the index-wide files.

use std::fs;
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;

use anyhow::{bail, Context};
use rangefind_engine::formats::manifest::{DictionariesEntry, SplitEntry};
use rangefind_engine::formats::split::{
    record_hot_ranges, write_split, DayCounts, SplitWriteOptions,
};
use rangefind_engine::mapping::{
    register_tokenizers, BuiltDocument, DocMapping, MappedSchema, StoreCompression,
};
use rangefind_engine::pruning::SplitFilter;
use rangefind_engine::typos::{WordCounter, WordCounts};
use tantivy::directory::MmapDirectory;
use tantivy::store::Compressor;
use tantivy::tokenizer::TokenizerManager;
use tantivy::Directory as _;
use tantivy::{Index, IndexSettings, SingleSegmentIndexWriter, TantivyDocument};

use super::options::SplitsOptions;
use crate::index_dir::{write_content_addressed, SPLITS_DIR};
use crate::splits::split_filters::{self, FilterSet};

/// A split written, the filters of its terms, and the counts of its words (for the lexicon).
pub(super) struct BuiltSplit {
    entry: SplitEntry,
    filters: Vec<(String, SplitFilter)>,
    words: WordCounts,
}

/// Waits for a split to be written; keeps its filters in `filters` and its word counts in
/// `words`.
pub(super) fn join(
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
pub(super) struct SplitBuilder {
    feed: Feed,
    pub(super) docs: u64,
}

enum Feed {
    Queue {
        sender: std::sync::mpsc::SyncSender<BuiltDocument>,
        worker: JoinHandle<anyhow::Result<BuiltSplit>>,
    },
    Inline(Box<SplitIndexer>),
}

/// A split being finished: on its thread, or already (`--threads 1`).
pub(super) enum Finishing {
    Thread(JoinHandle<anyhow::Result<BuiltSplit>>),
    Done(anyhow::Result<BuiltSplit>),
}

/// Sizes tantivy's in-memory term tables (the single-segment writer never flushes early).
const INDEXING_TABLE_BUDGET: usize = 64 << 20;
/// Documents queued between the parser and a split's indexing thread.
const QUEUE: usize = 4096;

impl SplitBuilder {
    pub(super) fn new(
        dir: &Path,
        schema: &MappedSchema,
        options: &SplitsOptions,
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
            sstable_block_len: Some(options.mapping.dictionary_block_size),
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
            day_counts: Some(DayCounts::default()),
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

    pub(super) fn add(&mut self, document: BuiltDocument) -> anyhow::Result<()> {
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
    pub(super) fn finish(self) -> Finishing {
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
    /// Documents per day of their timestamp; `None` once a document has several timestamps
    /// (a histogram counts it once a bucket, so its days would not add up to buckets).
    day_counts: Option<DayCounts>,
    /// The words of its documents, when the mapping wants a lexicon.
    words: Option<WordCounter>,
}

impl SplitIndexer {
    pub(super) fn add(&mut self, document: BuiltDocument) -> anyhow::Result<()> {
        match document.timestamp {
            Some(t) => {
                self.time_ordered &= self.time_range.is_none_or(|(_, hi)| t >= hi);
                self.time_range = Some(
                    self.time_range
                        .map_or((t, t), |(lo, hi)| (lo.min(t), hi.max(t))),
                );
                if document.several_timestamps {
                    self.day_counts = None;
                }
                if let Some(days) = &mut self.day_counts {
                    days.add(t);
                }
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

    pub(super) fn finish(self) -> anyhow::Result<BuiltSplit> {
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
        let options = SplitWriteOptions {
            page_size: self.page_size,
            doc_count: self.docs,
            time_range: self.time_range,
            day_counts: self.day_counts.filter(|days| !days.days.is_empty()),
        };
        let mut entry = write_split_file(&directory, &files, &hot, &self.splits_dir, &options)?;
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
    options: &SplitWriteOptions,
) -> anyhow::Result<SplitEntry> {
    let (summary, id) = write_content_addressed(splits_dir, "split", |out| {
        write_split(directory, files, hot, options, out)
    })
    .context("writing the split")?;
    let path = format!("{SPLITS_DIR}/{id}.split");
    Ok(SplitEntry {
        id,
        path,
        size: summary.len,
        docs: options.doc_count,
        open_region: [summary.open_region.start, summary.open_region.end],
        time_range: options.time_range,
        time_ordered: false,
        dictionaries: dictionaries_entry(directory, hot, &summary.footer)?,
    })
}

/// The term dictionary file's place and hot ranges, for the manifest (`Manifest::new` keeps
/// them when they fit its budget): a reader looks words up with them while the split opens.
fn dictionaries_entry(
    directory: &MmapDirectory,
    hot: &std::collections::BTreeMap<PathBuf, Vec<std::ops::Range<u64>>>,
    footer: &rangefind_engine::formats::split::Footer,
) -> anyhow::Result<Option<Box<DictionariesEntry>>> {
    use base64::Engine as _;
    let Some(file) = footer.files.iter().find(|f| f.name.ends_with(".term")) else {
        return Ok(None);
    };
    let slice = directory.open_read(Path::new(&file.name))?;
    // tantivy's footer (version, checksum) ends the file, and its directory takes it off
    // before the dictionaries read it: the range given is the file without it.
    let (_, body) = tantivy::directory::footer::Footer::extract_footer(slice.clone())?;
    let ranges = hot
        .get(Path::new(&file.name))
        .map_or(&[][..], Vec::as_slice);
    let body_len = body.num_bytes().get_bytes();
    let hot = ranges
        .iter()
        .map(|range| range.start..range.end.min(body_len))
        .filter(|range| !range.is_empty())
        .map(|range| -> anyhow::Result<(u64, String)> {
            let bytes = slice.read_bytes_slice(range.start as usize..range.end as usize)?;
            let text = base64::engine::general_purpose::STANDARD.encode(bytes.as_slice());
            Ok((range.start, text))
        })
        .collect::<anyhow::Result<_>>()?;
    Ok(Some(Box::new(DictionariesEntry {
        file: file.name.clone(),
        range: [file.start, file.start + body_len],
        data_len: footer.data_len,
        page_size: footer.page_size,
        hot,
    })))
}
