//! The work directory a build keeps inside `--out` while it runs (`.rangefind-build-*`,
//! `.rangefind-site-*`): on the same file system as the index, so finished files are renamed
//! into place. A build that fails removes its own; one that is killed cannot, so each build
//! first removes those left by builds that are no longer running.

use std::fs;
use std::path::Path;

use anyhow::Context;
use tempfile::TempDir;

/// The file in a work directory naming the process that owns it.
const OWNER_FILE: &str = "owner.pid";

/// How old a work directory whose owner cannot be checked (no `/proc`) must be to be removed.
const UNCHECKED_AGE: std::time::Duration = std::time::Duration::from_secs(24 * 3600);

/// A new work directory in `out` named `prefix…`, after removing the stale ones of that
/// prefix; says on stderr how many it removed.
pub fn create(out: &Path, prefix: &str) -> anyhow::Result<TempDir> {
    let removed = remove_stale(out, prefix);
    if removed > 0 {
        eprintln!(
            "  removed {removed} work director{} left in {} by builds that did not finish",
            if removed == 1 { "y" } else { "ies" },
            out.display()
        );
    }
    let work = tempfile::Builder::new()
        .prefix(prefix)
        .tempdir_in(out)
        .with_context(|| format!("--out {}: cannot create a work directory", out.display()))?;
    fs::write(work.path().join(OWNER_FILE), std::process::id().to_string())
        .with_context(|| format!("writing into {}", work.path().display()))?;
    Ok(work)
}

/// Removes the work directories named `prefix…` in `out` whose build is not running; returns
/// how many. Failures leave a directory where it is (a later build tries again).
fn remove_stale(out: &Path, prefix: &str) -> usize {
    let Ok(entries) = fs::read_dir(out) else {
        return 0;
    };
    entries
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().starts_with(prefix))
        .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_dir()))
        .filter(|entry| is_stale(&entry.path()))
        .filter(|entry| fs::remove_dir_all(entry.path()).is_ok())
        .count()
}

/// Whether the build that made `dir` is gone: its owner process is not running, or it has no
/// owner file (an older rangefind's, or killed before writing it). Where processes cannot be
/// looked up, a directory a day old.
fn is_stale(dir: &Path) -> bool {
    let owner = fs::read_to_string(dir.join(OWNER_FILE))
        .ok()
        .and_then(|text| text.trim().parse::<u32>().ok());
    let Some(owner) = owner else {
        return true;
    };
    let processes = Path::new("/proc");
    if processes.join("self").exists() {
        return !processes.join(owner.to_string()).exists();
    }
    fs::metadata(dir)
        .and_then(|meta| meta.modified())
        .is_ok_and(|modified| modified.elapsed().is_ok_and(|age| age > UNCHECKED_AGE))
}
