//! A command's plan: the parsed command line ([`crate::options`]) resolved, once, into what
//! each stage is given ([`SplitsOptions`], [`SiteOptions`], [`BuildAndPublish`],
//! [`PublishJob`]), reading and checking what the flags name (the mapping, the inputs, the
//! index to append to), each error naming the flag to fix. The stages never see the command
//! line's types; [`crate::run`] runs the plan.

use std::fs;
use std::path::PathBuf;

use anyhow::{bail, Context};
use rangefind_engine::formats::manifest::{Manifest, MANIFEST_FILE};
use rangefind_engine::mapping::DocMapping;

use crate::options::{BuildArgs, PublishArgs, ServeArgs, StoreArgs, DEFAULT_BIND};
use crate::options::{DEFAULT_SITE_OUT, MIN_PART_SIZE};
use crate::publish::{self, BuildAndPublish, PublishJob, PublishOptions, StoreAccess};
use crate::site::pages::extract;
use crate::site::{LanguagePages, SiteOptions};
use crate::splits::{self, SplitsOptions};

/// What `rangefind build` does.
#[derive(Debug)]
pub enum BuildPlan {
    /// `build --config … --input … --out DIR`.
    Splits(SplitsOptions),
    /// `build --out URL`: the split build into a staging directory, then a publish.
    BuildAndPublish(BuildAndPublish),
    /// `build --site DIR`.
    Site(SitePlan),
}

/// What `rangefind build --site` does.
#[derive(Debug)]
pub struct SitePlan {
    /// The site build.
    pub options: SiteOptions,
    /// `--splits`: each language's pages as a split index too, with these settings.
    pub splits: Option<SiteSplits>,
    /// `--serve`: then serve the site.
    pub serve: Option<ServeArgs>,
}

/// The split settings of `build --site --splits`.
#[derive(Debug, Clone, Copy)]
pub struct SiteSplits {
    /// `--split-docs`.
    pub split_docs: u64,
    /// `--page-size`.
    pub page_size: u32,
    /// `--threads`.
    pub threads: u8,
    /// `--quiet`.
    pub quiet: bool,
}

impl SiteSplits {
    /// Builds one language's pages as a split index; returns its manifest.
    pub fn index(&self, pages: LanguagePages) -> anyhow::Result<Manifest> {
        splits::build(&SplitsOptions {
            mapping: pages.mapping,
            inputs: pages.records.to_vec(),
            out: pages.out.to_path_buf(),
            split_docs: self.split_docs,
            skip_invalid: false,
            // Pages are the crawl's own records: the site file indexes every one, so do the
            // splits ...
            max_document_bytes: u64::MAX,
            // ... and their text is already cut to the bound.
            max_field_bytes: u64::MAX,
            page_size: self.page_size,
            quiet: self.quiet,
            append_to: None,
            shard: None,
            threads: self.threads,
        })?;
        let path = pages.out.join(MANIFEST_FILE);
        let bytes = fs::read(&path).with_context(|| format!("{}: cannot read", path.display()))?;
        Manifest::parse(&bytes).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
    }
}

/// Resolves `rangefind build`'s options.
pub fn build_plan(args: BuildArgs) -> anyhow::Result<BuildPlan> {
    if args.site.is_some() {
        return site_plan(args).map(BuildPlan::Site);
    }
    let out = args
        .out
        .clone()
        .context("--out is needed: the directory or object-store URL the index goes to")?;
    if !publish::is_url(&out) {
        let append = args.append;
        let mut options = splits_options(args, PathBuf::from(&out))?;
        if append {
            options.append_to = splits::append::read_local(&options.out, &options.mapping)?;
        }
        return Ok(BuildPlan::Splits(options));
    }
    if args.shard.is_some() {
        bail!(
            "--shard with --out {out}: build the shards into one shared directory, `rangefind \
             manifest merge` it, then `rangefind publish` it"
        )
    }
    let store = store_access(&args.store)?;
    let options = upload_options(&args.store, false, args.quiet);
    let (staging, append) = (args.staging.clone(), args.append);
    Ok(BuildPlan::BuildAndPublish(BuildAndPublish {
        // The staging directory is made when the build runs.
        build: splits_options(args, PathBuf::new())?,
        staging,
        append,
        destination: out,
        store,
        options,
    }))
}

/// Resolves `rangefind publish`'s options.
pub fn publish_job(args: PublishArgs) -> anyhow::Result<PublishJob> {
    Ok(PublishJob {
        store: store_access(&args.store)?,
        options: upload_options(&args.store, args.dry_run, args.quiet),
        dir: args.dir,
        destination: args.url,
    })
}

/// A split build into `out` from `--config` and `--input`, replacing what is there (`append_to`
/// is the caller's to set).
fn splits_options(args: BuildArgs, out: PathBuf) -> anyhow::Result<SplitsOptions> {
    let Some(config) = &args.config else {
        bail!("--config is needed to build from --input (or give --site DIR)");
    };
    let text = fs::read_to_string(config)
        .with_context(|| format!("--config {}: cannot read the doc mapping", config.display()))?;
    let mapping = DocMapping::from_yaml(&text)
        .map_err(|e| anyhow::anyhow!("--config {}: {e}", config.display()))?;
    if args.input.is_empty() {
        bail!("--input is needed: the JSON Lines files to index (or give --site DIR)");
    }
    for input in &args.input {
        if !input.is_file() {
            bail!("--input {}: no such file", input.display());
        }
    }
    check_split_settings(&args)?;
    if args.shard.is_some() && args.append {
        bail!("--shard and --append: build the shards, `rangefind manifest merge` them, then publish or append the merged index");
    }
    Ok(SplitsOptions {
        mapping,
        inputs: args.input,
        out,
        split_docs: args.split_docs,
        skip_invalid: args.skip_invalid,
        max_document_bytes: args.max_document_bytes,
        max_field_bytes: args.max_field_bytes,
        page_size: args.page_size,
        quiet: args.quiet,
        append_to: None,
        threads: args.threads,
        shard: args.shard,
    })
}

/// `build --site`'s options.
fn site_plan(args: BuildArgs) -> anyhow::Result<SitePlan> {
    let site = args.site.clone().context("--site DIR is needed")?;
    if !site.is_dir() {
        bail!("--site {}: not a directory", site.display());
    }
    let out = match &args.out {
        Some(out) if publish::is_url(out) => bail!(
            "--out {out}: with --site, --out is a directory (publish the site with the index in it)"
        ),
        Some(out) => PathBuf::from(out),
        None => site.join(DEFAULT_SITE_OUT),
    };
    let language = match &args.language {
        Some(tag) => Some(extract::language_tag(tag).with_context(|| {
            format!("--language {tag:?}: not a language tag such as en, fr or pt-BR")
        })?),
        None => None,
    };
    check_split_settings(&args)?;
    Ok(SitePlan {
        splits: args.splits.then_some(SiteSplits {
            split_docs: args.split_docs,
            page_size: args.page_size,
            threads: args.threads,
            quiet: args.quiet,
        }),
        serve: args.serve.then(|| ServeArgs {
            dir: site.clone(),
            port: args.port,
            bind: DEFAULT_BIND.to_string(),
        }),
        options: SiteOptions {
            site,
            out,
            language,
            threads: args.threads,
            quiet: args.quiet,
            widget: !args.no_widget,
            max_text_bytes: usize::try_from(args.max_field_bytes).unwrap_or(usize::MAX),
            tail_past: usize::try_from(args.tail_past).unwrap_or(usize::MAX),
            word_memory: usize::try_from(args.word_memory << 20).unwrap_or(usize::MAX),
        },
    })
}

/// Checks --split-docs and --page-size, which every kind of build uses.
fn check_split_settings(args: &BuildArgs) -> anyhow::Result<()> {
    if args.split_docs == 0 {
        bail!("--split-docs (RANGEFIND_SPLIT_DOCS) must be at least 1");
    }
    let sizes = rangefind_engine::formats::split::MIN_PAGE_SIZE..=1 << 20;
    if !args.page_size.is_power_of_two() || !sizes.contains(&args.page_size) {
        bail!("--page-size (RANGEFIND_PAGE_SIZE) must be a power of two between {} and 1048576, got {}", sizes.start(), args.page_size);
    }
    Ok(())
}

/// How to reach the store of `--out URL` or `publish`'s destination, the upload settings
/// checked.
fn store_access(store: &StoreArgs) -> anyhow::Result<StoreAccess> {
    if store.jobs == 0 {
        bail!("--jobs (RANGEFIND_UPLOAD_JOBS) must be at least 1");
    }
    if store.part_size < MIN_PART_SIZE {
        bail!(
            "--part-size (RANGEFIND_PART_SIZE) must be at least {} (5 MiB, S3's minimum part), got {}",
            MIN_PART_SIZE,
            store.part_size
        );
    }
    Ok(StoreAccess {
        endpoint: store.endpoint.clone(),
        region: store.region.clone(),
        store_options: store.store_options.clone(),
    })
}

fn upload_options(store: &StoreArgs, dry_run: bool, quiet: bool) -> PublishOptions {
    PublishOptions {
        jobs: store.jobs,
        part_size: store.part_size,
        dry_run,
        quiet,
    }
}
