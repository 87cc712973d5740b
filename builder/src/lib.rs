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

use crate::options::{Cli, Command, ManifestCommand, ServeArgs};

/// `rangefind --version`: the release and the on-disk formats it writes and reads.
fn version() -> String {
    format!(
        "{} (split format {}, site layout {}, lexicon format {})",
        env!("CARGO_PKG_VERSION"),
        rangefind_engine::format::FORMAT_VERSION,
        rangefind_engine::site::layout::SITE_LAYOUT_VERSION,
        rangefind_engine::typos::LEXICON_FORMAT
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
        Command::Build(options) if options.site.is_some() => {
            let serve = options.serve.then(|| ServeArgs {
                dir: options.site.clone().unwrap_or_default(),
                port: options.port,
                bind: "127.0.0.1".to_string(),
            });
            site::run(options)?;
            match serve {
                Some(serve) => runtime.block_on(serve::run(serve)),
                None => Ok(()),
            }
        }
        Command::Build(options) if is_url(&options.out) && options.shard.is_some() => {
            anyhow::bail!(
                "--shard with --out {}: build the shards into one shared directory, `rangefind \
                 manifest merge` it, then `rangefind publish` it",
                options.out.unwrap_or_default()
            )
        }
        Command::Build(options) if is_url(&options.out) => {
            publish::build_and_publish(options, &runtime)
        }
        Command::Build(options) => splits::run(options.resolve()?),
        Command::Search(options) => runtime.block_on(search::run(options)),
        Command::Inspect(options) => runtime.block_on(inspect::run(options)),
        Command::Serve(options) => runtime.block_on(serve::run(options)),
        Command::Publish(options) => runtime.block_on(publish::run(options)),
        Command::Manifest(ManifestCommand::Merge(options)) => {
            let report = splits::shard::merge(&options.dir)?;
            eprintln!(
                "Merged {} shards into {}: {} split(s), {} documents.",
                report.shards,
                options
                    .dir
                    .join(rangefind_engine::manifest::MANIFEST_FILE)
                    .display(),
                report.splits,
                report.docs
            );
            Ok(())
        }
    }
}

/// `--out` names an object store rather than a directory.
fn is_url(out: &Option<String>) -> bool {
    out.as_deref().is_some_and(publish::is_url)
}
