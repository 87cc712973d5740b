//! `rangefind inspect`: what an index or a split is made of.

mod site_index;

use std::sync::Arc;

use anyhow::Context;
use rangefind_engine::formats::manifest::MANIFEST_FILE;
use rangefind_engine::formats::site_json::SITE_JSON;
use rangefind_engine::formats::split::{Footer, OpenRegion};
use rangefind_engine::io::{ByteRange, FileSource, HttpSource, RangeSource};
use rangefind_engine::splits::{IndexOptions, SearchIndex};

use crate::options::InspectArgs;
use crate::search::{read_site_json, store_at, store_for};

/// Runs `rangefind inspect`.
pub async fn run(args: InspectArgs) -> anyhow::Result<()> {
    if args.index.ends_with(".split") {
        let source: Arc<dyn RangeSource> = if args.index.starts_with("http") {
            Arc::new(HttpSource::new(args.index.clone(), reqwest_client()))
        } else {
            Arc::new(FileSource::new(&args.index))
        };
        let (region, len) = read_open_region(source.as_ref()).await?;
        print_split(&args.index, &region.footer, len);
        return Ok(());
    }
    // A site index (`build --site`: a site.json, no manifest at its root).
    let root = store_at(&args.index, None, None)?;
    let has_manifest = root.read_all(MANIFEST_FILE).await.is_ok();
    if !has_manifest && root.read_all(SITE_JSON).await.is_ok() {
        let site = read_site_json(root.as_ref()).await?;
        return site_index::print_site_index(&args.index, root.as_ref(), &site).await;
    }
    let store = store_for(&args.index, None, None)?;
    let index = SearchIndex::open(store.clone(), IndexOptions::default())
        .await
        .with_context(|| format!("opening {}", args.index))?;
    let manifest = index.manifest();
    let total: u64 = manifest.splits.iter().map(|s| s.size).sum();
    println!(
        "index {} ({MANIFEST_FILE} format {} v{})",
        args.index, manifest.format, manifest.version
    );
    println!(
        "  {} documents in {} split(s), {} bytes; id field {:?}, search fields {:?}",
        manifest.doc_count(),
        manifest.splits.len(),
        total,
        manifest.mapping.id_field,
        manifest
            .mapping
            .search_fields()
            .iter()
            .map(|f| f.name.as_str())
            .collect::<Vec<_>>()
    );
    let carried: usize = (manifest.splits.iter())
        .filter_map(|split| split.dictionaries.as_ref())
        .flat_map(|dictionaries| &dictionaries.hot)
        .map(|(_, base64)| base64.len())
        .sum();
    match carried {
        0 => println!(
            "  the manifest carries no dictionary block indexes: a first query looks its words up \
             once a split is open (1 wave more)"
        ),
        _ => println!(
            "  the manifest carries the splits' dictionary block indexes ({carried} bytes of \
             base64): a first query looks its words up while a split opens"
        ),
    }
    for entry in &manifest.splits {
        let source = store.open(&entry.path);
        let (region, len) = read_open_region(source.as_ref())
            .await
            .with_context(|| entry.path.clone())?;
        print_split(&entry.path, &region.footer, len);
    }
    Ok(())
}

fn reqwest_client() -> rangefind_engine::io::HttpClient {
    rangefind_engine::io::http_client()
}

/// A split's (or a site file's) open region, read from its end, and the file's length.
async fn read_open_region(source: &dyn RangeSource) -> anyhow::Result<(OpenRegion, u64)> {
    let tail = source.read(ByteRange::Suffix(256 * 1024)).await?;
    let data_end = OpenRegion::data_end_from_trailer(&tail.bytes, tail.file_len)?;
    let bytes = if data_end < tail.start {
        source
            .read(ByteRange::Bounded(data_end..tail.file_len))
            .await?
            .bytes
    } else {
        tail.bytes
    };
    Ok((OpenRegion::parse(bytes, tail.file_len)?, tail.file_len))
}

fn print_split(name: &str, footer: &Footer, len: u64) {
    let hot = footer.hot_len();
    let open = len - footer.data_end();
    println!("split {name}");
    println!(
        "  {} documents, {} bytes; time range {}",
        footer.doc_count,
        len,
        footer
            .time_range
            .map(|(a, b)| format!("{a}..={b}"))
            .unwrap_or_else(|| "-".into())
    );
    if let Some(days) = &footer.day_counts {
        println!(
            "  {} documents counted on {} days (date histograms of whole days read no column)",
            days.total(),
            days.days.len()
        );
    }
    println!(
        "  hotcache {hot} bytes ({:.3} % of the split); open read {open} bytes ({:.3} %): hotcache + footer",
        100.0 * hot as f64 / len as f64,
        100.0 * open as f64 / len as f64,
    );
    println!(
        "  {} pages of {} bytes, each ending with its 2-byte checksum; offsets below are in the data",
        footer.page_count(),
        footer.page_size
    );
    println!(
        "  {:<48} {:>12} {:>12} {:>10}",
        "file", "offset", "bytes", "hot bytes"
    );
    for file in &footer.files {
        let hot: u64 = footer
            .hot
            .iter()
            .filter(|h| h.start >= file.start && h.start < file.start + file.len)
            .map(|h| h.len)
            .sum();
        println!(
            "  {:<48} {:>12} {:>12} {:>10}",
            file.name, file.start, file.len, hot
        );
    }
}
