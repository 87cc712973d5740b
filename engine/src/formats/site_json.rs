//! `site.json`: what a site's widget reads first. It names the site file of each language, the
//! pages in it, their filters with page counts, and where the site's root is from the index.
//! Written by `rangefind build --site`, read by the CLI, the wasm adapter and (as
//! `web/src/site.ts`'s types, checked against a built one by `tsc`) the widget.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::json_fields::{inside_path, object, range, required, unless_null, whole, FieldResult};
use crate::typos::LexiconEntry;

/// Its file name, beside the language indexes.
pub const SITE_JSON: &str = "site.json";
/// The version of its layout; a reader refuses another.
pub const SITE_JSON_VERSION: u32 = 1;

/// The contents of `site.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SiteJson {
    /// [`SITE_JSON_VERSION`].
    pub format: u32,
    /// The language with the most pages: searched when a page's own language has no index.
    pub default_language: String,
    /// One index per language, by lowercased language tag.
    pub languages: BTreeMap<String, LanguageEntry>,
    /// The site's root relative to this file (`../` for `--out SITE/_rangefind`), when the
    /// index is inside the site: hits' URLs resolve against it, so the site may be served
    /// under any path. `None` when the index was written elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site_root: Option<String>,
}

impl SiteJson {
    /// A `site.json`'s bytes, read and checked: every file and directory it names is below it
    /// (site files and lexicons are checked as their entries are read).
    pub fn parse(bytes: &[u8]) -> crate::error::Result<SiteJson> {
        let corrupt = |message: String| crate::error::ErrorKind::Corrupt.with_message(message);
        let site: SiteJson = serde_json::from_slice(crate::formats::split::without_bom(bytes))
            .map_err(|e| {
                corrupt(format!(
                    "not a site index ({e}): rebuild it with `rangefind build --site`"
                ))
            })?;
        if let Some((tag, entry)) = site
            .languages
            .iter()
            .find(|(_, entry)| !crate::json_fields::is_inside(&entry.path))
        {
            return Err(corrupt(format!(
                "the directory {:?} of language {tag} is outside the index's directory (paths \
                 are relative, without `..`)",
                entry.path
            )));
        }
        Ok(site)
    }
}

/// One language's index.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LanguageEntry {
    /// Its directory relative to `site.json` (`en/`): its split index (`manifest.json`) is
    /// there when built with `--splits`.
    pub path: String,
    /// Pages indexed.
    pub pages: u64,
    /// The stemmer its text fields use, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stemmer: Option<String>,
    /// Filter keys → values → pages with that value (query with the field `filter.KEY`).
    pub filters: BTreeMap<String, BTreeMap<String, u64>>,
    /// The language's site file: the same pages in one file the site engine reads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site_file: Option<SiteFileEntry>,
}

/// A language's site file, as `site.json` lists it. Read by [`SiteFileEntry::from_json`]
/// (serde's `Deserialize` too).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SiteFileEntry {
    /// Relative to `site.json`.
    pub path: String,
    /// Bytes: a file of another length was replaced.
    pub size: u64,
    /// The range of its open region: opening it is then one read.
    pub open_region: [u64; 2],
    /// The lexicon of its pages' words, for typo tolerance (path relative to `site.json`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lexicon: Option<LexiconEntry>,
}

impl SiteFileEntry {
    /// The entry `value` holds; fields it does not know are left alone (later builds may add
    /// some).
    pub fn from_json(value: serde_json::Value) -> FieldResult<SiteFileEntry> {
        const WHAT: &str = "a site file entry";
        let (mut path, mut size, mut open_region, mut lexicon) = (None, None, None, None);
        for (name, value) in object(value, WHAT)? {
            match name.as_str() {
                "path" => path = Some(inside_path(&name, value)?),
                "size" => size = Some(whole(&name, &value)?),
                "open_region" => open_region = Some(range(&name, &value)?),
                "lexicon" => {
                    lexicon = unless_null(value)
                        .map(LexiconEntry::from_json)
                        .transpose()?;
                }
                _ => {}
            }
        }
        Ok(SiteFileEntry {
            path: required(path, "path", WHAT)?,
            size: required(size, "size", WHAT)?,
            open_region: required(open_region, "open_region", WHAT)?,
            lexicon,
        })
    }
}

crate::json_fields::deserialize_by_from_json!(SiteFileEntry);
