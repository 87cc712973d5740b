//! The `rangefind` command line: build splits from JSONL, search them (locally or over HTTP),
//! inspect them, serve them with a static server that honours `Range`, and publish them to
//! object storage.

#[cfg(any(test, feature = "fuzzing"))]
pub mod fuzzing;
pub mod http_caching;
pub mod index_dir;
pub mod input;
pub mod inspect;
pub mod lexicon;
pub mod options;
pub mod plan;
pub mod progress;
pub mod publish;
pub mod search;
pub mod serve;
pub mod site;
pub mod splits;

use clap::{CommandFactory, FromArgMatches};

use crate::options::{Cli, Command, ManifestCommand};
use crate::plan::BuildPlan;
use crate::site::{LanguagePages, SplitIndexer};

/// `rangefind --version`: the release and the versions of the file formats it writes.
fn version() -> String {
    format!(
        "{} ({})",
        env!("CARGO_PKG_VERSION"),
        rangefind_engine::formats::versions()
    )
}

/// Parses the command line and runs the command.
pub fn run() -> anyhow::Result<()> {
    // Leaked once: clap keeps the version as a static string.
    let version: &'static str = Box::leak(version().into_boxed_str());
    let matches = Cli::command().version(version).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    match cli.command {
        Command::Build(args) => run_build(plan::build_plan(args)?, &runtime),
        Command::Search(options) => runtime.block_on(search::run(options)),
        Command::Inspect(options) => runtime.block_on(inspect::run(options)),
        Command::Serve(options) => runtime.block_on(serve::run(options)),
        Command::Publish(args) => runtime.block_on(publish::run(plan::publish_job(args)?)),
        Command::Manifest(ManifestCommand::Merge(options)) => {
            let report = splits::shard::merge(&options.dir)?;
            eprintln!(
                "Merged {} shards into {}: {} split(s), {} documents.",
                report.shards,
                options
                    .dir
                    .join(rangefind_engine::formats::manifest::MANIFEST_FILE)
                    .display(),
                report.splits,
                report.docs
            );
            Ok(())
        }
    }
}

/// Runs `rangefind build`'s plan.
fn run_build(plan: BuildPlan, runtime: &tokio::runtime::Runtime) -> anyhow::Result<()> {
    match plan {
        BuildPlan::Splits(options) => splits::run(options),
        BuildPlan::BuildAndPublish(job) => publish::build_and_publish(job, splits::run, runtime),
        BuildPlan::Site(site) => {
            let index_splits;
            let split_indexer: Option<SplitIndexer> = match site.splits {
                Some(splits) => {
                    index_splits = move |pages: LanguagePages<'_>| splits.index(pages);
                    Some(&index_splits)
                }
                None => None,
            };
            site::run(site.options, split_indexer)?;
            match site.serve {
                Some(serve) => runtime.block_on(serve::run(serve)),
                None => Ok(()),
            }
        }
    }
}
