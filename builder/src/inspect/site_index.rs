//! `rangefind inspect` of a site index (`build --site`): per language, its site file's regions,
//! the head every first visit reads (and what fills it), and its typo lexicon.

use anyhow::Context;
use rangefind_engine::formats::manifest::MANIFEST_FILE;
use rangefind_engine::formats::site_file::layout::{Head, HEAD};
use rangefind_engine::formats::site_json::{SiteFileEntry, SiteJson};
use rangefind_engine::formats::split::{Frames, OpenRegion};
use rangefind_engine::io::IndexStore;
use rangefind_engine::typos::MAX_PRELOADED_INDEX_BYTES;

use super::read_open_region;

/// Prints what the site index `index` (its directory or URL, read through `store`) is made of.
pub(super) async fn print_site_index(
    index: &str,
    store: &dyn IndexStore,
    site: &SiteJson,
) -> anyhow::Result<()> {
    println!(
        "site index {index} (site.json format {}): {} language(s), default {}",
        site.format,
        site.languages.len(),
        site.default_language
    );
    for (tag, language) in &site.languages {
        println!(
            "  {tag}: {} in {}, words stemmed as {}",
            counted(language.pages, "page"),
            language.path,
            language.stemmer.as_deref().unwrap_or("none (not stemmed)")
        );
        let filters: Vec<String> = language
            .filters
            .iter()
            .map(|(name, values)| format!("{name} ({})", counted(values.len() as u64, "value")))
            .collect();
        if !filters.is_empty() {
            println!("    filters: {}", filters.join(", "));
        }
        match &language.site_file {
            Some(entry) => print_site_file(store, entry)
                .await
                .with_context(|| entry.path.clone())?,
            None => println!("    no site file: written by an older rangefind, rebuild it"),
        }
        if store
            .read_all(&format!("{}{MANIFEST_FILE}", language.path))
            .await
            .is_ok()
        {
            println!(
                "    also a split index (build --site --splits): rangefind inspect {}/{}",
                index.trim_end_matches('/'),
                language.path
            );
        }
    }
    Ok(())
}

async fn print_site_file(store: &dyn IndexStore, entry: &SiteFileEntry) -> anyhow::Result<()> {
    let (region, len) = read_open_region(store.open(&entry.path).as_ref()).await?;
    let footer = &region.footer;
    let [open_start, open_end] = entry.open_region;
    println!(
        "    site file {}: {len} bytes in pages of {}; its open region, {} bytes, is what a \
         first visit reads before its first query",
        entry.path,
        footer.page_size,
        open_end - open_start
    );
    let regions: Vec<String> = footer
        .files
        .iter()
        .map(|file| format!("{} {}", file.name, file.len))
        .collect();
    println!("      regions, bytes: {}", regions.join(", "));
    let head = head_of(&region)?;
    let pages = f64::from(head.meta.pages.max(1));
    let fields: Vec<String> = head
        .meta
        .fields
        .iter()
        .map(|field| {
            let average = field.words as f64 / pages;
            format!(
                "{} ×{} ({average:.1} words a page)",
                field.name, field.boost
            )
        })
        .collect();
    let beginnings: usize = head.chunk_firsts.iter().map(String::len).sum();
    println!(
        "      head (site layout {}): fields {}; {} word chunks told by {beginnings} bytes of \
         word beginnings; {} record sizes for {} pages; the records' dictionary, {} bytes",
        head.meta.version,
        fields.join(", "),
        head.chunk_firsts.len(),
        head.record_slots.size_count(),
        head.record_slots.pages(),
        head.dictionary.len()
    );
    if let Some(lexicon) = &entry.lexicon {
        let index = lexicon.index[1] - lexicon.index[0];
        let when = match index <= MAX_PRELOADED_INDEX_BYTES {
            true => "read ahead with the head, so a typo costs no wave of its own",
            false => "read by the first typo (past the 32 KB read ahead)",
        };
        println!(
            "    lexicon {} (format {}): {} bytes; its block index, {index} bytes, is {when}",
            lexicon.path, lexicon.format, lexicon.size
        );
    }
    Ok(())
}

/// `1 page`, `2 pages`.
fn counted(n: u64, thing: &str) -> String {
    match n {
        1 => format!("1 {thing}"),
        _ => format!("{n} {thing}s"),
    }
}

/// The head, from the open region (the site engine reads it from there too).
fn head_of(region: &OpenRegion) -> anyhow::Result<Head> {
    let head = region.footer.files.iter().find(|file| file.name == HEAD);
    let bytes = match (head, region.footer.hot.first(), region.hot.first()) {
        (Some(head), Some(hot), Some(bytes)) if hot.start == head.start => bytes,
        _ => anyhow::bail!("not a site file: its open region lacks the head"),
    };
    let raw = Frames::new(&[], "site index").decode_now(bytes, "head")?;
    Ok(Head::decode(&raw)?)
}
