//! The manifest: the one mutable file of an index, naming its mapping and current splits.

use serde::{Deserialize, Serialize};

use crate::error::{ErrorKind, Result};
use crate::mapping::DocMapping;

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
}

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
}

impl Manifest {
    /// A manifest for these splits.
    pub fn new(mapping: DocMapping, splits: Vec<SplitEntry>) -> Manifest {
        Manifest {
            format: MANIFEST_FORMAT.to_string(),
            version: MANIFEST_VERSION,
            mapping,
            splits,
        }
    }

    /// Parses and checks a manifest.
    pub fn parse(bytes: &[u8]) -> Result<Manifest> {
        let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| {
            ErrorKind::Corrupt.with_message(format!("the manifest is not valid JSON: {e}"))
        })?;
        if value.get("format").and_then(|f| f.as_str()) != Some(MANIFEST_FORMAT) {
            return Err(ErrorKind::Incompatible
                .with_message("not a rangefind manifest (no \"format\": \"rangefind-index\")"));
        }
        let version = value.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
        if version != u64::from(MANIFEST_VERSION) {
            return Err(ErrorKind::Incompatible.with_message(format!(
                "manifest version {version}; this reader reads version {MANIFEST_VERSION}"
            )));
        }
        let manifest: Manifest = serde_json::from_value(value)
            .map_err(|e| ErrorKind::Corrupt.with_message(format!("unreadable manifest: {e}")))?;
        manifest.mapping.validate()?;
        Ok(manifest)
    }

    /// Total documents.
    pub fn doc_count(&self) -> u64 {
        self.splits.iter().map(|s| s.docs).sum()
    }
}
