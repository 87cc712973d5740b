//! What an INDEX argument names: a split index (its directory or URL), a site index (its
//! `site.json`, and the language searched), or a site index's site file; opened for `search`.

use std::sync::Arc;

use anyhow::Context;
use rangefind_engine::error::ErrorKind;
use rangefind_engine::formats::manifest::MANIFEST_FILE;
use rangefind_engine::io::{Deadline, DirStore, Fetcher, FileLocation, HttpStore, IndexStore};
use rangefind_engine::site::SiteIndex;
use rangefind_engine::splits::SearchStats;

use crate::site::site_json_io::PickLanguage;
use rangefind_engine::typos::Lexicon;

/// The store for an index argument: `http(s)://…` or a directory (a site index's: the
/// directory of `language`, by default its default language). Reads over HTTP end by
/// `deadline`.
pub fn store_for(
    index: &str,
    language: Option<&str>,
    deadline: Option<Deadline>,
) -> anyhow::Result<Arc<dyn IndexStore>> {
    store_at(index, Some(language), deadline)
}

/// The store of `index` (`http(s)://…` or a directory); a site index's directory resolved to
/// one language's (`Some(None)`: its default language's) when `language` is set.
pub fn store_at(
    index: &str,
    language: Option<Option<&str>>,
    deadline: Option<Deadline>,
) -> anyhow::Result<Arc<dyn IndexStore>> {
    if index.starts_with("http://") || index.starts_with("https://") {
        return Ok(Arc::new(HttpStore::new(index).with_deadline(deadline)));
    }
    let path = std::path::Path::new(index);
    if !path.is_dir() {
        anyhow::bail!("INDEX {index}: not a directory or an http(s) URL");
    }
    let dir = match language {
        Some(language) => language_index(path, language)?,
        None => path.to_path_buf(),
    };
    Ok(Arc::new(DirStore::new(dir)))
}

/// `dir` itself, or for a site index (`build --site`: a `site.json`, no manifest) the
/// directory of `language` (by default its default language), said on stderr.
pub(super) fn language_index(
    dir: &std::path::Path,
    language: Option<&str>,
) -> anyhow::Result<std::path::PathBuf> {
    if dir.join(MANIFEST_FILE).exists() {
        return Ok(dir.to_path_buf());
    }
    let Some(site) = crate::site::site_json_io::read(dir)? else {
        return Ok(dir.to_path_buf());
    };
    let (tag, entry) = site.language(language)?;
    let language = dir.join(&entry.path);
    if !language.join(MANIFEST_FILE).exists() {
        anyhow::bail!(
            "{} is a site index without splits: `rangefind search {}` searches its site file, and \
             `rangefind build --site SITE --splits` writes the split index this command reads",
            dir.display(),
            dir.display()
        );
    }
    let others: Vec<&str> = site
        .languages
        .keys()
        .map(String::as_str)
        .filter(|other| *other != tag)
        .collect();
    eprintln!(
        "{} is a site index: using its {tag} pages ({}){}",
        dir.display(),
        language.display(),
        if others.is_empty() {
            String::new()
        } else {
            format!("; other languages (--language): {}", others.join(", "))
        }
    );
    Ok(language)
}

/// Whether `index` is a site index whose `language` has a site file and no split index
/// (`build --site` without `--splits`): then it is searched through the site file. A
/// `site.json` that is there but unreadable, or that the host refuses (403, 429, a timeout), is
/// an error naming it, not "no manifest".
pub(super) async fn is_site_without_splits(
    index: &str,
    language: Option<&str>,
    deadline: Option<Deadline>,
) -> anyhow::Result<bool> {
    let Ok(store) = store_at(index, None, deadline) else {
        return Ok(false);
    };
    // No site.json: a split index, whose manifest read says what is wrong.
    let bytes = match store.read_all(crate::site::site_json_io::SITE_JSON).await {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == ErrorKind::NotFound => return Ok(false),
        Err(error) => {
            return Err(anyhow::Error::new(error).context(format!(
                "{index}: reading {} (the file that tells a site index from a split index)",
                crate::site::site_json_io::SITE_JSON
            )))
        }
    };
    let site = crate::site::site_json_io::parse(&bytes)
        .with_context(|| format!("{index}: {}", crate::site::site_json_io::SITE_JSON))?;
    let Ok((_, entry)) = site.language(language) else {
        return Ok(false);
    };
    let manifest = format!("{}{MANIFEST_FILE}", entry.path);
    // Hosts with a single-page-app fallback (`vite preview`, many static hosts) answer a
    // missing file with the site's index.html: a manifest that is not JSON is no manifest.
    let has_splits = match store.read_all(&manifest).await {
        Ok(bytes) => serde_json::from_slice::<serde_json::Value>(&bytes).is_ok(),
        Err(_) => false,
    };
    Ok(entry.site_file.is_some() && !has_splits)
}

/// `site.json` of the site index in `store`.
pub async fn read_site_json(
    store: &dyn IndexStore,
) -> anyhow::Result<crate::site::site_json_io::SiteJson> {
    let bytes = store
        .read_all(crate::site::site_json_io::SITE_JSON)
        .await
        .context("reading site.json (is it a site index?)")?;
    crate::site::site_json_io::parse(&bytes).context(crate::site::site_json_io::SITE_JSON)
}

/// Opens the site file of `index` (a site index's directory or URL, holding `site.json`) for
/// `language` (by default its default language) with its lexicon, reading with `fetcher`;
/// returns what opening it cost.
pub async fn open_site_file(
    index: &str,
    language: Option<&str>,
    fetcher: Fetcher,
    deadline: Option<Deadline>,
) -> anyhow::Result<(SiteIndex, SearchStats)> {
    let store = store_at(index, None, deadline)?;
    let site = read_site_json(store.as_ref())
        .await
        .with_context(|| index.to_string())?;
    let entry = site
        .language(language)
        .with_context(|| index.to_string())?
        .1
        .site_file
        .clone()
        .with_context(|| {
            format!("{index}: its site.json names no site file (rebuild it with this rangefind)")
        })?;
    let location = FileLocation {
        id: entry.path.clone().into(),
        source: store.open(&entry.path),
        len: Some(entry.size),
        open_region: Some(entry.open_region[0]..entry.open_region[1]),
    };
    let (index, stats) = SiteIndex::open(location, Arc::new(fetcher))
        .await
        .with_context(|| format!("opening {}", entry.path))?;
    let index = match &entry.lexicon {
        Some(lexicon) => index.with_lexicon(
            Lexicon::new(store.as_ref(), lexicon)
                .with_context(|| format!("opening {}", entry.path))?,
        ),
        None => index,
    };
    Ok((index, stats))
}
