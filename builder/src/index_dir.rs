//! The index directory a build writes (`--out`), the one place that knows how files get into
//! it: each is written under a temporary name, synced and renamed into place, readable by web
//! servers, so a reader never sees half a file; split-layout files are named after their
//! contents. The work directory a build keeps inside it while it runs
//! (`.rangefind-build-PID-HOST-*`, `.rangefind-site-PID-HOST-*`) is on the same file system, so
//! finished files are renamed into place; a build that fails removes its own, and one that is
//! killed cannot, so each build first removes those left by builds that are no longer running.
//! Shards of one index are built at once, on one machine or on several sharing the directory:
//! a work directory or temporary file names its process and machine from the moment it exists,
//! and only a build on the same machine can tell that process is gone.

use std::fs;
use std::io::Write;
use std::path::Path;

use anyhow::Context;
use rangefind_engine::formats::manifest::Manifest;
use rangefind_engine::formats::split::SplitSummary;
use tempfile::TempDir;

/// Characters of the BLAKE3 hex digest used as a split id (128 bits).
const SPLIT_ID_LEN: usize = 32;

/// The file naming the process that owns a work directory, in those of rangefind before
/// 2026-12-02 (now the directory's name says it).
const OWNER_FILE: &str = "owner.pid";

/// How old a work directory whose owner cannot be checked (no `/proc`) must be to be removed.
const UNCHECKED_AGE: std::time::Duration = std::time::Duration::from_secs(24 * 3600);

/// A new work directory in `out` named `prefixPID-HOST-…` ([`owner_tag`]), after removing the
/// stale ones of that prefix; says on stderr how many it removed.
pub fn create_work_dir(out: &Path, prefix: &str) -> anyhow::Result<TempDir> {
    let removed = remove_stale(out, prefix);
    if removed > 0 {
        eprintln!(
            "  removed {removed} work director{} left in {} by builds that did not finish",
            if removed == 1 { "y" } else { "ies" },
            out.display()
        );
    }
    let removed = remove_stale_temp_files(out);
    if removed > 0 {
        eprintln!(
            "  removed {removed} unfinished file{} left in {} by builds that did not finish",
            if removed == 1 { "" } else { "s" },
            out.display()
        );
    }
    tempfile::Builder::new()
        .prefix(&format!("{prefix}{}", owner_tag()))
        .tempdir_in(out)
        .with_context(|| format!("--out {}: cannot create a work directory", out.display()))
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
        .filter(|entry| is_stale(&entry.path(), prefix))
        .filter(|entry| fs::remove_dir_all(entry.path()).is_ok())
        .count()
}

/// Whether the build that made `dir` (named `prefix…`) is gone: the owner its name (or, in an
/// older rangefind's directory, its owner file) names is gone ([`owner_gone`]), or it names
/// none.
fn is_stale(dir: &Path, prefix: &str) -> bool {
    let named = dir
        .file_name()
        .and_then(|name| name.to_str()?.strip_prefix(prefix).and_then(parse_owner));
    if let Some((pid, host)) = named {
        return owner_gone(pid, host, dir);
    }
    let owner = fs::read_to_string(dir.join(OWNER_FILE))
        .ok()
        .and_then(|text| text.trim().parse::<u32>().ok());
    match owner {
        None => true,
        Some(owner) => owner_gone(owner, None, dir),
    }
}

/// `PID-HOST-`: this process's id and [`host_tag`], which begin the names of its work
/// directories and temporary files.
fn owner_tag() -> String {
    format!("{}-{}-", std::process::id(), host_tag())
}

/// Eight hex digits of a hash of this machine's name (none read: of the empty name).
fn host_tag() -> &'static str {
    static TAG: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TAG.get_or_init(|| {
        let name = fs::read_to_string("/proc/sys/kernel/hostname")
            .ok()
            .or_else(|| std::env::var("HOSTNAME").ok())
            .or_else(|| std::env::var("COMPUTERNAME").ok())
            .unwrap_or_default();
        blake3::hash(name.trim().as_bytes()).to_hex()[..8].to_string()
    })
}

/// The owner the rest of a name after its prefix says: `PID-HOST-…` gives both; `PID-…` (an
/// older rangefind's temporary file) the process alone.
fn parse_owner(rest: &str) -> Option<(u32, Option<&str>)> {
    let (pid, rest) = rest.split_once('-')?;
    let pid = pid.parse().ok()?;
    let host = rest
        .split_once('-')
        .map(|(host, _)| host)
        .filter(|host| host.len() == 8 && host.bytes().all(|b| b.is_ascii_hexdigit()));
    Some((pid, host))
}

/// Whether owner `pid` on machine `host` (none: this one) of `path` is gone: on this machine,
/// its process is not running (this process never is gone); on another, whose processes this
/// one cannot see, `path` is a day old.
fn owner_gone(pid: u32, host: Option<&str>, path: &Path) -> bool {
    match host {
        Some(host) if host != host_tag() => is_a_day_old(path),
        _ => pid != std::process::id() && process_is_gone(pid, path),
    }
}

/// Whether process `owner`, which made `path`, is no longer running; where processes cannot be
/// looked up, whether `path` is a day old.
fn process_is_gone(owner: u32, path: &Path) -> bool {
    let processes = Path::new("/proc");
    if processes.join("self").exists() {
        return !processes.join(owner.to_string()).exists();
    }
    is_a_day_old(path)
}

fn is_a_day_old(path: &Path) -> bool {
    fs::symlink_metadata(path)
        .and_then(|meta| meta.modified())
        .is_ok_and(|modified| modified.elapsed().is_ok_and(|age| age > UNCHECKED_AGE))
}

/// The prefix of this process's temporary files in an index directory (`.tmp-PID-HOST-`): a
/// build killed while writing one leaves it, and a later build tells by the owner whether it
/// is still being written.
fn temp_prefix() -> String {
    format!(".tmp-{}", owner_tag())
}

/// Removes the temporary files (`.tmp-PID-HOST-…`) that builds no longer running left in `out`
/// and the directories it holds (`splits/`, a site index's languages); a temporary file of an
/// older rangefind with no process in its name when a day old. Returns how many.
fn remove_stale_temp_files(out: &Path) -> usize {
    let dirs = fs::read_dir(out)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_dir()))
        .map(|entry| entry.path())
        .chain([out.to_path_buf()]);
    dirs.flat_map(|dir| fs::read_dir(dir).into_iter().flatten().flatten())
        .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_file()))
        .filter(|entry| {
            let name = entry.file_name().to_string_lossy().to_string();
            let Some(rest) = name.strip_prefix(".tmp-") else {
                return false;
            };
            match parse_owner(rest) {
                Some((pid, host)) => owner_gone(pid, host, &entry.path()),
                None => is_a_day_old(&entry.path()),
            }
        })
        .filter(|entry| fs::remove_file(entry.path()).is_ok())
        .count()
}

/// Where the splits go, relative to the index root.
pub const SPLITS_DIR: &str = "splits";

/// Writes a file of the split layout into `dir` with `write`, under a temporary name, then
/// renames it `<id>.<extension>` after its contents; returns what was written and the id.
pub(crate) fn write_content_addressed(
    dir: &Path,
    extension: &str,
    write: impl FnOnce(
        std::io::BufWriter<&mut fs::File>,
    ) -> rangefind_engine::error::Result<SplitSummary>,
) -> anyhow::Result<(SplitSummary, String)> {
    let mut temp = tempfile::Builder::new()
        .prefix(&temp_prefix())
        .suffix(&format!(".{extension}"))
        .tempfile_in(dir)?;
    let summary = write(std::io::BufWriter::with_capacity(
        1 << 20,
        temp.as_file_mut(),
    ))
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    temp.as_file().sync_all()?;
    let id = summary.hash[..SPLIT_ID_LEN].to_string();
    // Temporary files are private (0600); a published file must be readable by web servers.
    make_public(temp.as_file())?;
    temp.persist(dir.join(format!("{id}.{extension}")))
        .context("renaming it into place")?;
    Ok((summary, id))
}

/// Writes `manifest` as `out/name` (`manifest.json`, or a shard's manifest), atomically.
pub fn write_manifest(out: &Path, manifest: &Manifest, name: &str) -> anyhow::Result<()> {
    let mut bytes = serde_json::to_vec_pretty(manifest)?;
    bytes.push(b'\n');
    write_atomically(out, name, &bytes)
}

/// Writes `dir/name` atomically: a temporary file, synced, renamed into place, then the
/// directory synced. Readable by web servers.
pub fn write_atomically(dir: &Path, name: &str, bytes: &[u8]) -> anyhow::Result<()> {
    let mut temp = tempfile::Builder::new()
        .prefix(&temp_prefix())
        .tempfile_in(dir)?;
    temp.write_all(bytes)?;
    make_public(temp.as_file())?;
    temp.as_file().sync_all()?;
    temp.persist(dir.join(name))
        .with_context(|| format!("renaming {name} into place"))?;
    if let Ok(dir) = fs::File::open(dir) {
        dir.sync_all().ok();
    }
    Ok(())
}

fn make_public(file: &fs::File) -> anyhow::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(fs::Permissions::from_mode(0o644))?;
    }
    // Elsewhere (Windows) a new file takes its folder's access rules: nothing to widen.
    #[cfg(not(unix))]
    let _ = file;
    Ok(())
}
