//! The manifest: the one mutable file of an index, naming its mapping and current splits.

use serde::{Deserialize, Serialize};

use crate::error::{ErrorKind, Result};
use crate::mapping::DocMapping;
pub use crate::typos::LexiconEntry;

/// File name of the manifest at the index root.
pub const MANIFEST_FILE: &str = "manifest.json";
/// Manifest format version.
pub const MANIFEST_VERSION: u32 = 1;
const MANIFEST_FORMAT: &str = "rangefind-index";

/// The index: mapping and splits.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Manifest {
    /// Always `rangefind-index`.
    pub format: String,
    /// Manifest version.
    pub version: u32,
    /// How documents were mapped (readers analyse queries with it).
    pub mapping: DocMapping,
    /// The splits, in document order.
    pub splits: Vec<SplitEntry>,
    /// The split filter file of each field with `split_filter: true`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub split_filters: Vec<SplitFilterEntry>,
    /// The lexicon of the index's words, for typo tolerance (mappings with
    /// `typo_tolerance: true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lexicon: Option<LexiconEntry>,
}

/// The split filter file of one field (see [`crate::pruning`]).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct SplitFilterEntry {
    /// The field.
    pub field: String,
    /// Content id (BLAKE3 prefix, hex).
    pub id: String,
    /// Path relative to the index root.
    pub path: String,
    /// File length.
    pub size: u64,
}

/// The largest split filter file a reader takes (one file holds a field's filters of every
/// split: about 1.2 bytes a distinct term of each).
pub const FILTER_FILE_LIMIT: u64 = 256 << 20;

/// The largest open region (footer and hotcache) a reader takes: a split's is about 0.1 % of it.
pub const OPEN_REGION_LIMIT: u64 = 64 << 20;

/// One split as the manifest lists it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct SplitEntry {
    /// Content id (BLAKE3 prefix, hex).
    pub id: String,
    /// Path relative to the index root.
    pub path: String,
    /// File length.
    pub size: u64,
    /// Documents.
    pub docs: u64,
    /// `[start, end)` of the open region: opening the split is one read of it.
    pub open_region: [u64; 2],
    /// Time range of the timestamp field, seconds since the epoch, inclusive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_range: Option<(i64, i64)>,
    /// Every document has a timestamp, none older than the one before it: index order is
    /// time order, so a sort on the timestamp needs no column.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub time_ordered: bool,
    /// The block indexes of the split's term dictionaries, so that a reader looks a query's
    /// words up while it opens the split, in the same wave (indexes within
    /// [`DICTIONARIES_IN_MANIFEST`]; without it the lookups wait for the open).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dictionaries: Option<Box<DictionariesEntry>>,
}

/// Bytes of term dictionary block indexes (decoded) a manifest carries, over all its splits:
/// every visit reads them, and they save each split a wave once.
pub const DICTIONARIES_IN_MANIFEST: u64 = 32 << 10;

/// What a reader needs to look words up in a split before it opens it: where the segment's
/// term dictionary file lies, how the split is paged, and the bytes of the file that lookups
/// read first (its hot ranges: the composite file's footer, each field's block index).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct DictionariesEntry {
    /// The term dictionary file's name in the split (`<segment>.term`).
    pub file: String,
    /// `[start, end)` of the file in the split's data (its files end to end, page checksums
    /// left out), less tantivy's footer at its end (as tantivy's directory gives it).
    pub range: [u64; 2],
    /// Length of the split's data.
    pub data_len: u64,
    /// Size of a page in the split file, its checksum included.
    pub page_size: u32,
    /// The file's hot ranges: each its offset in the file and its bytes, in base64.
    pub hot: Vec<(u64, String)>,
}

impl Manifest {
    /// A manifest for these splits. Their dictionaries stay in it only while they fit
    /// [`DICTIONARIES_IN_MANIFEST`] together: all or none, so every split opens alike.
    pub fn new(mapping: DocMapping, mut splits: Vec<SplitEntry>) -> Manifest {
        let carried: usize = (splits.iter())
            .filter_map(|split| split.dictionaries.as_ref())
            .flat_map(|entry| &entry.hot)
            .map(|(_, b64)| b64.len() / 4 * 3)
            .sum();
        if carried as u64 > DICTIONARIES_IN_MANIFEST {
            splits
                .iter_mut()
                .for_each(|split| split.dictionaries = None);
        }
        Manifest {
            format: MANIFEST_FORMAT.to_string(),
            version: MANIFEST_VERSION,
            mapping,
            splits,
            split_filters: Vec::new(),
            lexicon: None,
        }
    }

    /// Parses and checks a manifest.
    pub fn parse(bytes: &[u8]) -> Result<Manifest> {
        let value: serde_json::Value =
            serde_json::from_slice(crate::formats::split::without_bom(bytes)).map_err(|e| {
                ErrorKind::Corrupt.with_message(format!("the manifest is not valid JSON: {e}"))
            })?;
        if value.get("format").and_then(|f| f.as_str()) != Some(MANIFEST_FORMAT) {
            return Err(ErrorKind::Incompatible
                .with_message("not a rangefind manifest (no \"format\": \"rangefind-index\")"));
        }
        let version = value.get("version");
        if version.and_then(|v| v.as_u64()) != Some(u64::from(MANIFEST_VERSION)) {
            let version = version.map_or("none".to_string(), |v| v.to_string());
            return Err(ErrorKind::Incompatible.with_message(format!(
                "manifest version {version}; this reader reads version {MANIFEST_VERSION} (a number)"
            )));
        }
        let manifest: Manifest = serde_json::from_value(value)
            .map_err(|e| ErrorKind::Corrupt.with_message(format!("unreadable manifest: {e}")))?;
        manifest.mapping.validate()?;
        manifest.check_files()?;
        manifest.check_whole_reads()?;
        for filter in &manifest.split_filters {
            if manifest.mapping.field(&filter.field).is_none() {
                return Err(ErrorKind::Corrupt.with_message(format!(
                    "the manifest lists a split filter of {:?}, which is not a field of its mapping",
                    filter.field
                )));
            }
        }
        if let Some(lexicon) = &manifest.lexicon {
            let [start, end] = lexicon.index;
            if start > end || end > lexicon.size || lexicon.words[0] > lexicon.words[1] {
                return Err(ErrorKind::Corrupt.with_message(format!(
                    "the manifest places the lexicon's parts outside its {} bytes",
                    lexicon.size
                )));
            }
        }
        Ok(manifest)
    }

    /// Every file it names is inside the index directory (a relative path without `..`), and
    /// no split is listed twice (its documents would count twice).
    fn check_files(&self) -> Result<()> {
        let mut ids = std::collections::HashSet::new();
        let mut paths = std::collections::HashSet::new();
        for split in &self.splits {
            if !ids.insert(split.id.as_str()) {
                return Err(ErrorKind::Corrupt
                    .with_message(format!("the manifest lists split {} twice", split.id)));
            }
            // One file under two ids would count its documents twice too.
            if !paths.insert(split.path.as_str()) {
                return Err(ErrorKind::Corrupt.with_message(format!(
                    "the manifest lists the split file {} twice (as {} and another id)",
                    split.path, split.id
                )));
            }
        }
        let splits = self.splits.iter().map(|s| &s.path);
        let filters = self.split_filters.iter().map(|f| &f.path);
        let lexicon = self.lexicon.iter().map(|l| &l.path);
        match splits
            .chain(filters)
            .chain(lexicon)
            .find(|p| !crate::json_fields::is_inside(p))
        {
            Some(path) => Err(ErrorKind::Corrupt.with_message(format!(
                "the manifest names the file {path:?}, outside the index's directory (paths are \
                 relative, without `..`)"
            ))),
            None => Ok(()),
        }
    }

    /// What a reader reads whole is bounded: a split filter file (at most
    /// [`FILTER_FILE_LIMIT`]) and a split's open region (at most [`OPEN_REGION_LIMIT`], inside
    /// the split), so no manifest can make one read take a reader's memory.
    fn check_whole_reads(&self) -> Result<()> {
        let too_large = |what: String| Err(ErrorKind::Corrupt.with_message(what));
        for filter in &self.split_filters {
            if filter.size > FILTER_FILE_LIMIT {
                return too_large(format!(
                    "the manifest gives the split filter file {} {} bytes, more than the {} MiB \
                     a reader takes",
                    filter.path,
                    filter.size,
                    FILTER_FILE_LIMIT >> 20
                ));
            }
        }
        for split in &self.splits {
            let [start, end] = split.open_region;
            if start > end || end > split.size || end - start > OPEN_REGION_LIMIT {
                return too_large(format!(
                    "the manifest places split {}'s open region at {start}..{end} of its {} \
                     bytes: it must lie in the split and be {} MiB at most",
                    split.id,
                    split.size,
                    OPEN_REGION_LIMIT >> 20
                ));
            }
            if let Some(entry) = &split.dictionaries {
                let in_manifest: usize = entry.hot.iter().map(|(_, b64)| b64.len()).sum();
                if in_manifest as u64 > 2 * DICTIONARIES_IN_MANIFEST {
                    return too_large(format!(
                        "the manifest carries {in_manifest} bytes of split {}'s dictionaries, \
                         more than a builder writes",
                        split.id
                    ));
                }
            }
        }
        Ok(())
    }

    /// Total documents.
    pub fn doc_count(&self) -> u64 {
        self.splits.iter().map(|s| s.docs).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dictionaries_stay_in_the_manifest_only_within_its_budget() {
        let mapping = crate::mapping::DocMapping::from_yaml(
            "id_field: id\nfields:\n  - { name: id, type: keyword }\n",
        )
        .unwrap();
        // `bytes` of dictionaries (decoded) in each of `n` splits.
        let splits = |n: usize, bytes: usize| -> Vec<SplitEntry> {
            (0..n)
                .map(|i| SplitEntry {
                    id: format!("s{i}"),
                    path: format!("splits/s{i}.split"),
                    size: 1 << 20,
                    docs: 1,
                    open_region: [0, 10],
                    time_range: None,
                    time_ordered: false,
                    dictionaries: Some(Box::new(DictionariesEntry {
                        file: "a.term".into(),
                        range: [0, 1 << 19],
                        data_len: 1 << 20,
                        page_size: 1024,
                        hot: vec![(0, "AAAA".repeat(bytes / 3))],
                    })),
                })
                .collect()
        };
        let carried = |m: Manifest| m.splits.iter().filter(|s| s.dictionaries.is_some()).count();
        let budget = DICTIONARIES_IN_MANIFEST as usize;
        assert_eq!(
            carried(Manifest::new(mapping.clone(), splits(4, budget / 4))),
            4
        );
        assert_eq!(
            carried(Manifest::new(mapping, splits(4, budget / 4 + 3))),
            0
        );
    }

    fn manifest_with(edit: impl FnOnce(&mut serde_json::Value)) -> Result<Manifest> {
        let mapping = crate::mapping::DocMapping::from_yaml(
            "id_field: id\nfields:\n  - { name: id, type: keyword }\n  - { name: body, type: text }\n",
        )
        .unwrap();
        let split = |id: &str| SplitEntry {
            id: id.into(),
            path: format!("splits/{id}.split"),
            size: 100,
            docs: 10,
            open_region: [50, 100],
            time_range: None,
            time_ordered: false,
            dictionaries: None,
        };
        let mut value =
            serde_json::to_value(Manifest::new(mapping, vec![split("a1"), split("b2")])).unwrap();
        edit(&mut value);
        Manifest::parse(&serde_json::to_vec(&value).unwrap())
    }

    #[test]
    fn a_manifest_names_each_split_once_and_only_files_inside_the_index() {
        assert_eq!(manifest_with(|_| {}).unwrap().doc_count(), 20);
        let twice = manifest_with(|m| m["splits"][1]["id"] = "a1".into()).unwrap_err();
        assert!(
            twice.to_string().contains("lists split a1 twice"),
            "{twice}"
        );
        let one_file_twice =
            manifest_with(|m| m["splits"][1]["path"] = "splits/a1.split".into()).unwrap_err();
        assert!(
            one_file_twice
                .to_string()
                .contains("lists the split file splits/a1.split twice"),
            "{one_file_twice}"
        );
        for path in [
            "../../etc/passwd",
            "/etc/passwd",
            "splits/../../x",
            "https://x/y",
            "",
        ] {
            let outside = manifest_with(|m| m["splits"][0]["path"] = path.into()).unwrap_err();
            assert!(
                outside
                    .to_string()
                    .contains("outside the index's directory"),
                "{path}"
            );
        }
        let huge_filter = manifest_with(|m| {
            m["split_filters"] = serde_json::json!([{"field": "body", "id": "f", "path":
                "filters/body.f.filter", "size": 1u64 << 40}]);
        })
        .unwrap_err();
        assert!(
            huge_filter.to_string().contains("more than the 256 MiB"),
            "{huge_filter}"
        );
        let huge_region =
            manifest_with(|m| m["splits"][0]["open_region"] = serde_json::json!([0, 100])).unwrap();
        assert_eq!(huge_region.splits[0].open_region, [0, 100]);
        let outside =
            manifest_with(|m| m["splits"][0]["open_region"] = serde_json::json!([50, 101]))
                .unwrap_err();
        assert!(outside.to_string().contains("open region"), "{outside}");
        let version = manifest_with(|m| m["version"] = "1".into()).unwrap_err();
        assert!(
            version.to_string().contains("manifest version \"1\""),
            "{version}"
        );
    }
}
