//! `site.json`: what the widget reads first. It names the site file of each language, the
//! pages in it, their filters with page counts, and where the site's root is from the index.

use std::path::Path;

use anyhow::Context;

pub use rangefind_engine::formats::site_json::{
    LanguageEntry, SiteFileEntry, SiteJson, SITE_JSON, SITE_JSON_VERSION,
};

/// Picking the language a search reads, on a `site.json`.
pub trait PickLanguage {
    /// The language searched for `wanted` (a tag such as `pt-BR`), chosen as the widget
    /// chooses (web/src/site.ts): the same tag, else the same primary subtag; the default
    /// language when `wanted` is `None`. A language the site lacks is an error listing those
    /// it has, not a silent fallback.
    fn language(&self, wanted: Option<&str>) -> anyhow::Result<(&str, &LanguageEntry)>;
}

impl PickLanguage for SiteJson {
    fn language(&self, wanted: Option<&str>) -> anyhow::Result<(&str, &LanguageEntry)> {
        let tag = match wanted {
            None => self.default_language.clone(),
            Some(wanted) => {
                let wanted = wanted.trim().to_ascii_lowercase();
                let primary = wanted.split('-').next().unwrap_or_default();
                let same_family = |tag: &&String| tag.split('-').next() == Some(primary);
                let found = if self.languages.contains_key(&wanted) {
                    Some(wanted.clone())
                } else if self.languages.contains_key(primary) {
                    Some(primary.to_string())
                } else {
                    self.languages.keys().find(same_family).cloned()
                };
                found.ok_or_else(|| {
                    let have: Vec<&str> = self.languages.keys().map(String::as_str).collect();
                    anyhow::anyhow!(
                        "--language {wanted}: the site has no pages in it (its languages: {})",
                        have.join(", ")
                    )
                })?
            }
        };
        let (tag, entry) = self.languages.get_key_value(&tag).ok_or_else(|| {
            anyhow::anyhow!("site.json names no index for its default language {tag}")
        })?;
        Ok((tag.as_str(), entry))
    }
}

/// The `site.json` in `dir`, if there is one; an error says what is wrong with one that
/// cannot be read.
pub fn read(dir: &Path) -> anyhow::Result<Option<SiteJson>> {
    let path = dir.join(SITE_JSON);
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error).with_context(|| format!("cannot read {}", path.display())),
    };
    parse(&bytes)
        .map(Some)
        .with_context(|| path.display().to_string())
}

/// A `site.json`'s bytes, read: errors say what is wrong (not JSON, not a site index).
pub fn parse(bytes: &[u8]) -> anyhow::Result<SiteJson> {
    SiteJson::parse(bytes).map_err(|e| anyhow::anyhow!(e.description()))
}

/// `../` once for each directory `out` is below `site`; `None` when it is not below it. Both
/// must exist.
pub fn site_root(site: &Path, out: &Path) -> Option<String> {
    let site = site.canonicalize().ok()?;
    let out = out.canonicalize().ok()?;
    let below = out.strip_prefix(&site).ok()?;
    Some("../".repeat(below.components().count()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn site_in(languages: &[&str]) -> SiteJson {
        let entry = |tag: &str| LanguageEntry {
            path: format!("{tag}/"),
            pages: 1,
            stemmer: None,
            filters: BTreeMap::new(),
            site_file: None,
        };
        SiteJson {
            format: SITE_JSON_VERSION,
            default_language: languages[0].to_string(),
            languages: languages
                .iter()
                .map(|tag| (tag.to_string(), entry(tag)))
                .collect(),
            site_root: None,
        }
    }

    #[test]
    fn a_language_is_picked_as_the_widget_picks_it() {
        let site = site_in(&["en", "fr", "pt-br"]);
        assert_eq!(site.language(None).unwrap().0, "en");
        assert_eq!(site.language(Some("fr")).unwrap().0, "fr");
        assert_eq!(site.language(Some("FR-ca")).unwrap().0, "fr");
        assert_eq!(site.language(Some("pt")).unwrap().0, "pt-br");
        let error = site.language(Some("de")).unwrap_err().to_string();
        assert!(error.contains("en, fr, pt-br"), "{error}");
    }

    #[test]
    fn every_path_it_names_stays_below_it() {
        let entry = |path: &str, file: &str, lexicon: &str| {
            serde_json::json!({"format": 1, "default_language": "en", "languages": {"en": {
                "path": path, "pages": 1, "filters": {},
                "site_file": {"path": file, "size": 10, "open_region": [0, 10], "lexicon": {
                    "id": "x", "path": lexicon, "size": 10, "words": [0, 5], "index": [5, 10],
                    "format": 2}}}}})
            .to_string()
        };
        assert!(parse(entry("en/", "en/a.rfsite", "en/a.rflex").as_bytes()).is_ok());
        for (path, file, lexicon) in [
            ("../other/", "en/a.rfsite", "en/a.rflex"),
            ("en/", "../other/_rangefind/en/a.rfsite", "en/a.rflex"),
            ("en/", "/etc/passwd", "en/a.rflex"),
            ("en/", "en/a.rfsite", "https://evil.example/a.rflex"),
            ("/srv/", "en/a.rfsite", "en/a.rflex"),
            ("en/", "en/./../../a.rfsite", "en/a.rflex"),
        ] {
            let error = format!(
                "{:#}",
                parse(entry(path, file, lexicon).as_bytes()).unwrap_err()
            );
            assert!(error.contains("outside the index's directory"), "{error}");
        }
    }

    #[test]
    fn site_root_climbs_from_the_index_to_the_site() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("public");
        std::fs::create_dir_all(site.join("assets/_search")).unwrap();
        std::fs::create_dir_all(dir.path().join("elsewhere")).unwrap();
        assert_eq!(
            site_root(&site, &site.join("assets/_search")).as_deref(),
            Some("../../")
        );
        assert_eq!(site_root(&site, &dir.path().join("elsewhere")), None);
    }
}
