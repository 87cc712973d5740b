//! Split filters at build time: each split's terms of the fields with `split_filter: true`
//! become a binary fuse filter as the split is written; once every split is, each field's
//! filters go into one content-addressed file under `filters/` that the manifest names.
//!
//! The file covers every split of the manifest, so `--append` and `manifest merge` write a
//! new one from the old filters and the new ones (old files stay for readers of the old
//! manifest, like splits).

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use anyhow::{bail, Context};
use rangefind_engine::formats::manifest::{Manifest, SplitEntry, SplitFilterEntry};
use rangefind_engine::mapping::DocMapping;
use rangefind_engine::pruning::{term_key, SplitFilter, SplitFilterFile};
use tantivy::Index;

/// Where the filter files go, relative to the index root.
pub const FILTERS_DIR: &str = "filters";
/// Characters of the BLAKE3 hex digest used as a file id.
const FILE_ID_LEN: usize = 32;
/// Count tiers of each split filter: the terms in at least this many documents of the split.
/// Powers of four: on events-dev they add half the size of the filters of all terms (58 → 89
/// KB for 31k logins in 10 splits, read once per reader), and a page of 10 hits is known to
/// fill from a tier of 16, or from tiers of 4 and 8 in a few splits; finer tiers would cost
/// every reader more at open than the occasional extra split they save a query.
const COUNT_TIERS: [u32; 4] = [4, 16, 64, 256];

/// Field name → split id → that split's filter.
pub type FilterSet = HashMap<String, HashMap<String, SplitFilter>>;

/// The filters of one finished split index, by field.
pub fn filters_of_split(
    index: &Index,
    mapping: &DocMapping,
) -> anyhow::Result<Vec<(String, SplitFilter)>> {
    let fields: Vec<&str> = mapping
        .fields
        .iter()
        .filter(|f| f.split_filter)
        .map(|f| f.name.as_str())
        .collect();
    if fields.is_empty() {
        return Ok(Vec::new());
    }
    let searcher = index.reader()?.searcher();
    let [segment] = searcher.segment_readers() else {
        bail!("expected one segment");
    };
    let schema = index.schema();
    fields
        .into_iter()
        .map(|name| {
            let field = schema.get_field(name)?;
            let inverted = segment.inverted_index(field)?;
            let mut stream = inverted.terms().stream()?;
            let mut terms = Vec::with_capacity(inverted.terms().num_terms());
            while stream.advance() {
                terms.push((term_key(stream.key()), stream.value().doc_freq));
            }
            let filter = SplitFilter::of_terms(terms, &COUNT_TIERS)
                .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
            Ok((name.to_string(), filter))
        })
        .collect()
}

/// Adds `filters` of split `split_id` to `set`.
pub fn add_split(set: &mut FilterSet, split_id: &str, filters: Vec<(String, SplitFilter)>) {
    for (field, filter) in filters {
        set.entry(field)
            .or_default()
            .insert(split_id.to_string(), filter);
    }
}

/// Writes the file of each filtered field of `mapping` covering `splits` (in their order, each
/// with its filter from `set`; a split without one is left out and readers open it), unless
/// a file with the same content is there already. Returns the manifest's entries.
pub fn write_files(
    out: &Path,
    mapping: &DocMapping,
    splits: &[SplitEntry],
    set: &FilterSet,
) -> anyhow::Result<Vec<SplitFilterEntry>> {
    let dir = out.join(FILTERS_DIR);
    let mut entries = Vec::new();
    for field in mapping.fields.iter().filter(|f| f.split_filter) {
        let by_split = set.get(&field.name);
        let file = SplitFilterFile {
            entries: splits
                .iter()
                .filter_map(|split| {
                    let filter = by_split?.get(&split.id)?;
                    Some((split.id.clone(), filter.clone()))
                })
                .collect(),
        };
        let bytes = file.encode();
        let id = blake3::hash(&bytes).to_hex()[..FILE_ID_LEN].to_string();
        let name = format!("{}.{id}.filter", file_name_safe(&field.name));
        let path = dir.join(&name);
        if fs::metadata(&path).map(|m| m.len()).ok() != Some(bytes.len() as u64) {
            fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
            crate::index_dir::write_atomically(&dir, &name, &bytes)?;
        }
        entries.push(SplitFilterEntry {
            field: field.name.clone(),
            id,
            path: format!("{FILTERS_DIR}/{name}"),
            size: bytes.len() as u64,
        });
    }
    Ok(entries)
}

/// Field names become file names: anything but letters, digits, `.`, `-` and `_` is `_`.
fn file_name_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Adds the filters of the file `entry` (a manifest's entry), whose bytes are `bytes`, to
/// `set`, after checking they are that file.
pub fn add_file(set: &mut FilterSet, entry: &SplitFilterEntry, bytes: &[u8]) -> anyhow::Result<()> {
    if bytes.len() as u64 != entry.size || !blake3::hash(bytes).to_hex().starts_with(&entry.id) {
        bail!(
            "{}: not the file the manifest names (size or content differs): damaged or replaced",
            entry.path
        );
    }
    let file =
        SplitFilterFile::decode(bytes).map_err(|e| anyhow::anyhow!("{}: {e}", entry.path))?;
    set.entry(entry.field.clone())
        .or_default()
        .extend(file.entries);
    Ok(())
}

/// The filters of the index in the directory `dir` whose manifest is `manifest`.
pub fn read_local(dir: &Path, manifest: &Manifest) -> anyhow::Result<FilterSet> {
    let mut set = FilterSet::new();
    for entry in &manifest.split_filters {
        let path = dir.join(&entry.path);
        let bytes = fs::read(&path).with_context(|| format!("{}: cannot read", path.display()))?;
        add_file(&mut set, entry, &bytes)?;
    }
    Ok(set)
}
