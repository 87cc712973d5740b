//! `rangefind publish DIR URL`, and the upload half of `rangefind build --out URL`.
//!
//! An index is published in the order that keeps every reader safe: first the splits (and split filter files) the
//! destination lacks (content-addressed, so a split already there with the same name and size
//! is the same file and is skipped), then, only once every split it names is fully uploaded,
//! the manifest. A reader therefore sees the old manifest with its complete set of splits, or
//! the new one with its complete set, never a mix; an interrupted publish changes nothing a
//! reader can see, and running it again uploads only what is still missing.

mod destination;
mod upload;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use futures::{StreamExt, TryStreamExt};
use object_store::PutPayload;
use rangefind_engine::formats::manifest::{Manifest, MANIFEST_FILE};
use rangefind_engine::mapping::DocMapping;

pub use destination::{is_url, open, Destination, StoreAccess};
pub use upload::UploadSettings;

use crate::index_dir::SPLITS_DIR;
use crate::lexicon::{self, LEXICON_DIR};
use crate::progress::progress_bar;
use crate::splits::append::{self, AppendTo};
use crate::splits::split_filters::{self, FILTERS_DIR};
use crate::splits::SplitsOptions;

/// How to publish.
#[derive(Clone, Copy, Debug)]
pub struct PublishOptions {
    /// Files uploaded at once.
    pub jobs: usize,
    /// Part size of multipart uploads.
    pub part_size: usize,
    /// Only report what would be uploaded.
    pub dry_run: bool,
    /// Hide the progress bar.
    pub quiet: bool,
}

/// `rangefind publish DIR URL`.
#[derive(Debug)]
pub struct PublishJob {
    /// The index directory.
    pub dir: PathBuf,
    /// Where it goes, as written (`s3://…`, a directory, …).
    pub destination: String,
    /// How to reach the store.
    pub store: StoreAccess,
    /// How to upload.
    pub options: PublishOptions,
}

/// `rangefind build --out URL`: a split build into a staging directory, then its publish.
#[derive(Debug)]
pub struct BuildAndPublish {
    /// The build; its `out` is the staging directory's, set when that is made.
    pub build: SplitsOptions,
    /// `--staging DIR` (default: a temporary directory).
    pub staging: Option<PathBuf>,
    /// `--append`: add to the index at the destination.
    pub append: bool,
    /// Where the index goes, as written.
    pub destination: String,
    /// How to reach the store.
    pub store: StoreAccess,
    /// How to upload.
    pub options: PublishOptions,
}

/// What a publish did.
#[derive(Debug, Default)]
pub struct PublishReport {
    /// Files (splits, split filter files) uploaded (or, for a dry run, that would be).
    pub uploaded: usize,
    /// Their bytes.
    pub uploaded_bytes: u64,
    /// Files the destination already had.
    pub present: usize,
    /// Their bytes.
    pub present_bytes: u64,
    /// Wall time.
    pub elapsed: Duration,
}

/// An immutable file of an index (a split or a split filter file): path inside it, size.
type IndexFile<'a> = (&'a str, u64);

/// Runs `rangefind publish` and prints its summary.
pub async fn run(job: PublishJob) -> anyhow::Result<()> {
    let destination = open(&job.destination, &job.store)?;
    let report = publish(&job.dir, &destination, job.options).await?;
    print_summary(&job.dir, &destination, &report, job.options.dry_run);
    Ok(())
}

/// Runs `rangefind build --out URL`: checks that the destination is reachable (before minutes
/// of indexing, not after), has `build_splits` build into a staging directory, publishes it.
pub fn build_and_publish(
    job: BuildAndPublish,
    build_splits: impl FnOnce(SplitsOptions) -> anyhow::Result<()>,
    runtime: &tokio::runtime::Runtime,
) -> anyhow::Result<()> {
    let destination = open(&job.destination, &job.store)?;
    let options = job.options;
    let (staging, temporary) = match &job.staging {
        Some(dir) => (dir.clone(), None),
        None => {
            let dir = tempfile::Builder::new()
                .prefix("rangefind-staging-")
                .tempdir()
                .context("cannot create a staging directory (--staging DIR sets one)")?;
            (dir.path().to_path_buf(), Some(dir))
        }
    };
    let mut build_options = job.build;
    build_options.out = staging.clone();
    // Only a reachability check: `publish` lists again after the build, which may take
    // minutes, so what it skips is what the destination holds then.
    runtime.block_on(check_reachable(&destination))?;
    if job.append {
        build_options.append_to =
            runtime.block_on(read_index(&destination, &build_options.mapping))?;
    }
    build_splits(build_options)?;
    match runtime.block_on(publish(&staging, &destination, options)) {
        Ok(report) => {
            print_summary(&staging, &destination, &report, false);
            Ok(())
        }
        Err(error) => {
            // Keep the built index: `rangefind publish` can finish the job without a rebuild.
            let kept: PathBuf = match temporary {
                Some(dir) => dir.keep(),
                None => staging,
            };
            Err(error.context(format!(
                "the index is built in {}: run `rangefind publish {} {}` to retry the upload",
                kept.display(),
                kept.display(),
                destination.display
            )))
        }
    }
}

/// Publishes the index in `dir` to `destination`: missing splits, then the manifest.
pub async fn publish(
    dir: &Path,
    destination: &Destination,
    options: PublishOptions,
) -> anyhow::Result<PublishReport> {
    let started = Instant::now();
    let manifest_path = dir.join(MANIFEST_FILE);
    // The bytes checked here are the bytes uploaded, even if a build replaces the file meanwhile.
    let manifest_bytes = std::fs::read(&manifest_path).with_context(|| {
        format!(
            "{}: cannot read it (is {} an index written by `rangefind build --out DIR`?)",
            manifest_path.display(),
            dir.display()
        )
    })?;
    let manifest = Manifest::parse(&manifest_bytes)
        .map_err(|e| anyhow::anyhow!("{}: {e}", manifest_path.display()))?;

    // The immutable files the manifest names: splits, split filter files and the lexicon.
    let files: Vec<IndexFile> = manifest
        .splits
        .iter()
        .map(|split| (split.path.as_str(), split.size))
        .chain(
            manifest
                .split_filters
                .iter()
                .map(|filter| (filter.path.as_str(), filter.size)),
        )
        .chain(
            manifest
                .lexicon
                .iter()
                .map(|lexicon| (lexicon.path.as_str(), lexicon.size)),
        )
        .collect();
    let mut present = list_files(destination, SPLITS_DIR).await?;
    if !manifest.split_filters.is_empty() {
        present.extend(list_files(destination, FILTERS_DIR).await?);
    }
    if manifest.lexicon.is_some() {
        present.extend(list_files(destination, LEXICON_DIR).await?);
    }
    let (already, missing): (Vec<IndexFile>, Vec<IndexFile>) = files
        .into_iter()
        .partition(|(path, size)| present.get(*path) == Some(size));
    // Files the destination holds need not be here (an index appended to in a bucket is
    // staged with its new splits only); every other one must be, whole.
    check_local_files(dir, &missing)?;
    let mut report = PublishReport {
        uploaded: missing.len(),
        uploaded_bytes: missing.iter().map(|(_, size)| size).sum(),
        present: already.len(),
        present_bytes: already.iter().map(|(_, size)| size).sum(),
        ..PublishReport::default()
    };
    if options.dry_run {
        report.elapsed = started.elapsed();
        return Ok(report);
    }

    let progress = progress_bar(report.uploaded_bytes, options.quiet, "uploading ");
    progress.set_message(format!("{} file(s)", missing.len()));
    let settings = UploadSettings {
        part_size: options.part_size,
        with_headers: destination.stores_headers,
    };
    futures::stream::iter(missing)
        .map(|(path, size)| {
            let progress = &progress;
            async move {
                upload::upload_file(
                    destination.store.as_ref(),
                    &dir.join(path),
                    size,
                    &destination.location(path),
                    path,
                    settings,
                    progress,
                )
                .await
                .with_context(|| {
                    format!(
                        "uploading {path} to {} failed; the manifest there was not changed",
                        destination.display
                    )
                })
            }
        })
        .buffer_unordered(options.jobs)
        .try_collect::<Vec<()>>()
        .await
        .inspect_err(|_| progress.abandon())?;
    progress.finish_and_clear();

    // Every split the manifest names is in place: now, and only now, the manifest.
    upload::put_bytes(
        destination.store.as_ref(),
        &destination.location(MANIFEST_FILE),
        PutPayload::from(manifest_bytes),
        MANIFEST_FILE,
        settings,
    )
    .await
    .with_context(|| {
        format!(
            "writing {MANIFEST_FILE} to {} failed (its splits are uploaded: publishing again \
             only writes the manifest)",
            destination.display
        )
    })?;
    report.elapsed = started.elapsed();
    Ok(report)
}

/// The files to upload must be in `dir`, whole, before anything is uploaded.
fn check_local_files(dir: &Path, files: &[IndexFile]) -> anyhow::Result<()> {
    for (relative, size) in files {
        let path = dir.join(relative);
        let len = std::fs::metadata(&path)
            .with_context(|| {
                format!(
                    "{}: the manifest names it but it cannot be read",
                    path.display()
                )
            })?
            .len();
        if len != *size {
            bail!(
                "{}: {len} bytes, but the manifest says {size}: the index in {} is damaged; rebuild it",
                path.display(),
                dir.display()
            );
        }
    }
    Ok(())
}

/// The files the destination holds under `folder`: path inside the index → size. One
/// listing, however many files.
async fn list_files(
    destination: &Destination,
    folder: &str,
) -> anyhow::Result<HashMap<String, u64>> {
    let prefix = destination.location(folder);
    let objects: Vec<object_store::ObjectMeta> = destination
        .store
        .list(Some(&prefix))
        .try_collect()
        .await
        .or_else(|error| match error {
            // A destination that does not exist yet holds nothing.
            object_store::Error::NotFound { .. } => Ok(Vec::new()),
            error => Err(destination::store_error(error)),
        })
        .with_context(|| format!("cannot list {}", destination.display))?;
    Ok(objects
        .into_iter()
        .filter_map(|object| {
            let parts = object.location.prefix_match(&destination.root)?;
            let relative: Vec<String> = parts.map(|p| p.as_ref().to_string()).collect();
            Some((relative.join("/"), object.size))
        })
        .collect())
}

/// The index at the destination, for `--append` (`None`, with a note, when there is none).
async fn read_index(
    destination: &Destination,
    mapping: &DocMapping,
) -> anyhow::Result<Option<AppendTo>> {
    let location = destination.location(MANIFEST_FILE);
    let bytes = match destination.store.get(&location).await {
        Ok(result) => result.bytes().await.map_err(destination::store_error)?,
        Err(object_store::Error::NotFound { .. }) => {
            eprintln!(
                "--append: no index at {} yet: creating one",
                destination.display
            );
            return Ok(None);
        }
        Err(error) => {
            return Err(destination::store_error(error)).with_context(|| {
                format!(
                    "--append: cannot read {MANIFEST_FILE} at {}",
                    destination.display
                )
            })
        }
    };
    let mut index = append::from_bytes(&bytes, mapping, &destination.display)?;
    for entry in &index.manifest.split_filters {
        let bytes = read_index_file(destination, &entry.path).await?;
        split_filters::add_file(&mut index.filters, entry, &bytes)?;
    }
    if let Some(entry) = &index.manifest.lexicon {
        let bytes = read_index_file(destination, &entry.path).await?;
        index.words = lexicon::words_of_file(entry, &bytes)?;
    }
    Ok(Some(index))
}

/// A whole file of the index at `destination` (`path` relative to its root), for `--append`.
async fn read_index_file(destination: &Destination, path: &str) -> anyhow::Result<bytes::Bytes> {
    let location = destination.location(path);
    let read = async {
        let result = destination.store.get(&location).await?;
        result.bytes().await
    };
    read.await
        .map_err(destination::store_error)
        .with_context(|| format!("--append: cannot read {path} at {}", destination.display))
}

/// One request that fails at once when the bucket, the credentials or the endpoint are wrong.
async fn check_reachable(destination: &Destination) -> anyhow::Result<()> {
    list_files(destination, SPLITS_DIR)
        .await
        .map(|_| ())
        .with_context(|| {
            format!(
                "{} is not reachable: check the URL, --endpoint, --region and the credentials \
             (AWS_ACCESS_KEY_ID, …) before building",
                destination.display
            )
        })
}

fn print_summary(dir: &Path, destination: &Destination, report: &PublishReport, dry_run: bool) {
    let mb = |bytes: u64| bytes as f64 / 1e6;
    if dry_run {
        eprintln!(
            "Dry run: publishing {} to {} would upload {} file(s), {:.1} MB, then {MANIFEST_FILE}; \
             {} file(s), {:.1} MB, are there already.",
            dir.display(),
            destination.display,
            report.uploaded,
            mb(report.uploaded_bytes),
            report.present,
            mb(report.present_bytes),
        );
        return;
    }
    eprintln!(
        "Published {} to {} in {:.1} s: {} file(s) uploaded, {:.1} MB; {} already there, {:.1} MB; \
         {MANIFEST_FILE} written last.",
        dir.display(),
        destination.display,
        report.elapsed.as_secs_f64(),
        report.uploaded,
        mb(report.uploaded_bytes),
        report.present,
        mb(report.present_bytes),
    );
}
