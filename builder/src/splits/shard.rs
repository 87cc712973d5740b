//! Building one index on many machines: `rangefind build --shard I/N` and
//! `rangefind manifest merge`.
//!
//! Every shard reads the whole input but parses and indexes only its blocks: the input's
//! non-blank lines in blocks of `--split-docs`, block `b` going to shard `b mod N`. Each shard
//! thus writes whole splits of consecutive (time-ordered) documents, the very splits a single
//! build would write (splits are named after their content), and lists them in its own
//! manifest, `manifest-shard-I-of-N.json`, so that shards writing into one shared directory
//! never overwrite each other. `manifest merge` checks that all N are there, built with one
//! mapping and with their splits in place, and writes `manifest.json` listing the splits in
//! input order (block by block), last and atomically like every manifest. Each shard's split
//! filter files cover its own splits; the merge writes one file per field covering all.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use anyhow::{bail, Context};
use rangefind_engine::formats::manifest::{Manifest, SplitEntry, MANIFEST_FILE};

use crate::index_dir::write_manifest;
use crate::lexicon;
use crate::splits::split_filters::{self, FilterSet};
use rangefind_engine::typos::{add_counts, WordCounts};

/// Shard `index` of `count` (0 ≤ index < count).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl FromStr for Shard {
    type Err = String;

    /// `I/N`, I from 0 to N-1 (a Kubernetes indexed Job's `JOB_COMPLETION_INDEX` is such an I).
    fn from_str(text: &str) -> Result<Shard, String> {
        let usage = || format!("{text:?} is not I/N with 0 <= I < N, such as 0/4");
        let (index, count) = text.split_once('/').ok_or_else(usage)?;
        let index: u64 = index.trim().parse().map_err(|_| usage())?;
        let count: u64 = count.trim().parse().map_err(|_| usage())?;
        if count == 0 || index >= count {
            return Err(usage());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// Whether the `line`-th non-blank line of the input (from 0) is this shard's.
    pub fn owns(&self, line: u64, split_docs: u64) -> bool {
        (line / split_docs) % self.count == self.index
    }

    /// The manifest file this shard writes in place of `manifest.json`.
    pub fn manifest_file(&self) -> String {
        format!("manifest-shard-{}-of-{}.json", self.index, self.count)
    }
}

/// The shard manifests in `dir`: `(shard, file name)`, sorted by shard.
fn shard_manifests(dir: &Path) -> anyhow::Result<Vec<(Shard, String)>> {
    let mut found = Vec::new();
    for entry in
        std::fs::read_dir(dir).with_context(|| format!("{}: cannot list", dir.display()))?
    {
        let name = entry?.file_name().to_string_lossy().into_owned();
        let Some(middle) = name
            .strip_prefix("manifest-shard-")
            .and_then(|rest| rest.strip_suffix(".json"))
        else {
            continue;
        };
        let Some(shard) = middle
            .split_once("-of-")
            .and_then(|(i, n)| format!("{i}/{n}").parse::<Shard>().ok())
        else {
            bail!(
                "{}: {name} is not named manifest-shard-I-of-N.json",
                dir.display()
            );
        };
        found.push((shard, name));
    }
    found.sort_by_key(|(shard, _)| (shard.count, shard.index));
    Ok(found)
}

/// What a merge did.
#[derive(Debug)]
pub struct MergeReport {
    pub shards: u64,
    pub splits: usize,
    pub docs: u64,
}

/// Joins the shard manifests in `dir` into `dir/manifest.json` (see the module comment).
pub fn merge(dir: &Path) -> anyhow::Result<MergeReport> {
    let found = shard_manifests(dir)?;
    let Some(&(first, _)) = found.first() else {
        bail!(
            "{}: no manifest-shard-I-of-N.json here: build with --shard I/N --out {} first",
            dir.display(),
            dir.display()
        );
    };
    if let Some((other, name)) = found.iter().find(|(s, _)| s.count != first.count) {
        bail!(
            "{}: shard manifests of different builds ({} of {} shards, {name} of {}): remove the stale ones",
            dir.display(),
            first.index,
            first.count,
            other.count
        );
    }
    let missing: Vec<String> = (0..first.count)
        .filter(|i| !found.iter().any(|(s, _)| s.index == *i))
        .map(|i| i.to_string())
        .collect();
    if !missing.is_empty() {
        bail!(
            "{}: shard(s) {} of {} not built yet (no manifest-shard-I-of-{}.json): nothing was merged",
            dir.display(),
            missing.join(", "),
            first.count,
            first.count
        );
    }
    let mut manifests = Vec::with_capacity(found.len());
    let mut filters = FilterSet::new();
    let mut words = WordCounts::new();
    for (_, name) in &found {
        let path = dir.join(name);
        let bytes =
            std::fs::read(&path).with_context(|| format!("{}: cannot read", path.display()))?;
        let manifest =
            Manifest::parse(&bytes).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        if manifests
            .first()
            .is_some_and(|first: &Manifest| first.mapping != manifest.mapping)
        {
            bail!(
                "{}: built with another doc mapping than {}: build every shard with one --config",
                path.display(),
                found[0].1
            );
        }
        for split in &manifest.splits {
            check_split(dir, split, name)?;
        }
        for (field, by_split) in split_filters::read_local(dir, &manifest)
            .with_context(|| format!("{name}: its split filters"))?
        {
            filters.entry(field).or_default().extend(by_split);
        }
        add_counts(
            &mut words,
            lexicon::read_local(dir, &manifest).with_context(|| format!("{name}: its lexicon"))?,
        );
        manifests.push(manifest);
    }
    // Input order: block b is shard b mod N's (b / N)-th split.
    let longest = manifests.iter().map(|m| m.splits.len()).max().unwrap_or(0);
    let mut splits: Vec<SplitEntry> = Vec::new();
    for round in 0..longest {
        splits.extend(
            manifests
                .iter()
                .filter_map(|m| m.splits.get(round).cloned()),
        );
    }
    let report = MergeReport {
        shards: first.count,
        splits: splits.len(),
        docs: splits.iter().map(|s| s.docs).sum(),
    };
    let mapping = manifests.swap_remove(0).mapping;
    let mut manifest = Manifest::new(mapping, splits);
    manifest.split_filters =
        split_filters::write_files(dir, &manifest.mapping, &manifest.splits, &filters)?;
    if manifest.mapping.typo_tolerance {
        manifest.lexicon = Some(lexicon::write_file(dir, &words)?);
    }
    write_manifest(dir, &manifest, MANIFEST_FILE)?;
    Ok(report)
}

/// A split a shard manifest names must be in `dir` with its recorded size.
fn check_split(dir: &Path, split: &SplitEntry, manifest: &str) -> anyhow::Result<()> {
    let path = dir.join(&split.path);
    match std::fs::metadata(&path) {
        Ok(meta) if meta.len() == split.size => Ok(()),
        Ok(meta) => bail!(
            "{}: {} bytes, but {manifest} says {}: was it copied completely?",
            path.display(),
            meta.len(),
            split.size
        ),
        Err(_) => bail!(
            "{}: missing, though {manifest} lists it: copy every shard's splits/ into {} first",
            path.display(),
            dir.display()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_own_whole_blocks() {
        let shard: Shard = "1/3".parse().unwrap();
        assert_eq!(shard, Shard { index: 1, count: 3 });
        for bad in ["3/3", "0/0", "1", "a/3", "-1/3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        // Blocks of 10 lines: lines 10..20 and 40..50 are shard 1's.
        let owned: Vec<u64> = (0..60).filter(|&line| shard.owns(line, 10)).collect();
        assert_eq!(owned, (10..20).chain(40..50).collect::<Vec<_>>());
        assert_eq!(shard.manifest_file(), "manifest-shard-1-of-3.json");
    }
}
