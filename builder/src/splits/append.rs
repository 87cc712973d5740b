//! `rangefind build --append`: new splits are added to an existing index without rewriting
//! its splits. The existing manifest is read first; the build must use the same mapping; the
//! new manifest lists the old splits, then the new ones, and replaces the old manifest last
//! (locally by an atomic rename, in an object store by the final PUT of `publish`), so a
//! reader sees the index before or after the append, never between. One writer at a time:
//! two appends running at once would each write a manifest without the other's splits.

use std::path::Path;

use anyhow::{bail, Context};
use rangefind_engine::formats::manifest::{Manifest, SplitEntry, MANIFEST_FILE};
use rangefind_engine::mapping::DocMapping;

use rangefind_engine::typos::WordCounts;

use crate::lexicon;
use crate::splits::split_filters::{self, FilterSet};

/// The index being appended to.
#[derive(Clone, Debug)]
pub struct AppendTo {
    /// Its manifest when the build started.
    pub manifest: Manifest,
    /// Its split filters (the new filter files cover the old splits too).
    pub filters: FilterSet,
    /// Its words and their document counts (the new lexicon covers the old splits too).
    pub words: WordCounts,
}

impl AppendTo {
    /// Checks that `mapping` (the build's) is the index's; `where_` names the index for errors.
    pub fn new(manifest: Manifest, mapping: &DocMapping, where_: &str) -> anyhow::Result<AppendTo> {
        if manifest.mapping != *mapping {
            bail!(
                "--append: the doc mapping of --config differs from the one of the index at \
                 {where_} ({}); appending needs the same mapping (build without --append to \
                 replace the index)",
                first_difference(&manifest.mapping, mapping)
            );
        }
        Ok(AppendTo {
            manifest,
            filters: FilterSet::new(),
            words: WordCounts::new(),
        })
    }

    /// The index's splits, then the new ones it does not hold yet (a split with the same
    /// content id is the same file: appending the same documents twice adds nothing).
    /// Returns the splits and how many new ones were already there.
    pub fn combine(&self, new: &[SplitEntry]) -> (Vec<SplitEntry>, usize) {
        let mut splits = self.manifest.splits.clone();
        let mut already = 0;
        for split in new {
            if splits.iter().any(|s| s.id == split.id) {
                already += 1;
            } else {
                splits.push(split.clone());
            }
        }
        (splits, already)
    }
}

/// The index in the directory `out`, or `None` (with a note) when there is none yet: an
/// append to nothing creates the index, so a pipeline can append from its first run.
pub fn read_local(out: &Path, mapping: &DocMapping) -> anyhow::Result<Option<AppendTo>> {
    let path = out.join(MANIFEST_FILE);
    match std::fs::read(&path) {
        Ok(bytes) => {
            let mut index = from_bytes(&bytes, mapping, &out.display().to_string())?;
            index.filters = split_filters::read_local(out, &index.manifest)
                .context("--append: reading the index's split filters")?;
            index.words = lexicon::read_local(out, &index.manifest)
                .context("--append: reading the index's lexicon")?;
            Ok(Some(index))
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("--append: no index in {} yet: creating one", out.display());
            Ok(None)
        }
        Err(error) => {
            Err(error).with_context(|| format!("--append: cannot read {}", path.display()))
        }
    }
}

/// The index whose manifest is `bytes`, read from `where_`.
pub fn from_bytes(bytes: &[u8], mapping: &DocMapping, where_: &str) -> anyhow::Result<AppendTo> {
    let manifest = Manifest::parse(bytes)
        .map_err(|e| anyhow::anyhow!("--append: the manifest at {where_}: {e}"))?;
    AppendTo::new(manifest, mapping, where_)
}

/// The first top-level setting in which two mappings differ, for the error message.
fn first_difference(index: &DocMapping, build: &DocMapping) -> String {
    let (Ok(serde_json::Value::Object(index)), Ok(serde_json::Value::Object(build))) =
        (serde_json::to_value(index), serde_json::to_value(build))
    else {
        return "they differ".to_string();
    };
    index
        .iter()
        .chain(build.iter())
        .find(|(key, _)| index.get(*key) != build.get(*key))
        .map(|(key, _)| format!("`{key}` differs"))
        .unwrap_or_else(|| "they differ".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mapping(yaml: &str) -> DocMapping {
        DocMapping::from_yaml(yaml).unwrap()
    }

    const BASE: &str =
        "id_field: id\nfields:\n  - { name: id, type: keyword }\n  - { name: title, type: text }\n";

    fn split(id: &str) -> SplitEntry {
        SplitEntry {
            id: id.to_string(),
            path: format!("splits/{id}.split"),
            size: 10,
            docs: 1,
            open_region: [0, 10],
            time_range: None,
            time_ordered: false,
            dictionaries: None,
        }
    }

    #[test]
    fn a_different_mapping_is_refused_naming_the_setting() {
        let index = Manifest::new(mapping(BASE), vec![]);
        let other = mapping(&BASE.replace("type: text", "type: keyword"));
        let error = AppendTo::new(index, &other, "out/x")
            .unwrap_err()
            .to_string();
        assert!(error.contains("`fields` differs"), "{error}");
        assert!(error.contains("out/x"), "{error}");
    }

    #[test]
    fn new_splits_follow_the_old_ones_and_known_ones_are_not_added_twice() {
        let index = Manifest::new(mapping(BASE), vec![split("a"), split("b")]);
        let append = AppendTo::new(index, &mapping(BASE), "x").unwrap();
        let (splits, already) = append.combine(&[split("b"), split("c")]);
        let ids: Vec<&str> = splits.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["a", "b", "c"]);
        assert_eq!(already, 1);
    }
}
