//! Which file a URL names and whether it may be served: inside the served directory once
//! links are followed, a regular file, not hidden.

use std::path::{Component, Path, PathBuf};

use crate::site::site_json::SITE_JSON;

/// Whether `path` is the missing index.html of a site index's directory (one with site.json).
pub(super) fn is_index_directory(path: &Path) -> bool {
    path.file_name() == Some("index.html".as_ref()) && path.with_file_name(SITE_JSON).is_file()
}

/// `Some` when `path` (from [`resolve`]) may be served: a regular file (a FIFO or device would
/// hang or never end the response), not hidden (no component of its path under `root` starts
/// with a dot: `.git`, `.env`), and inside `root` once symbolic links are followed (a link out
/// of the served directory is not served). `root` is canonical.
pub(super) async fn servable_file(root: &Path, path: &Path) -> Option<()> {
    let relative = path.strip_prefix(root).ok()?;
    let hidden = relative
        .components()
        .any(|part| part.as_os_str().to_string_lossy().starts_with('.'));
    if hidden {
        return None;
    }
    let real = tokio::fs::canonicalize(path).await.ok()?;
    let metadata = tokio::fs::metadata(&real).await.ok()?;
    (real.starts_with(root) && metadata.is_file()).then_some(())
}

/// Maps a URL path to a file under `root`, refusing anything that would leave it.
pub(super) fn resolve(root: &Path, url_path: &str) -> Option<PathBuf> {
    let decoded = percent_encoding::percent_decode_str(url_path)
        .decode_utf8()
        .ok()?;
    let mut path = root.to_path_buf();
    for component in Path::new(decoded.trim_start_matches('/')).components() {
        match component {
            Component::Normal(part) => path.push(part),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if path.is_dir() {
        path.push("index.html");
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_cannot_escape_the_root() {
        let root = Path::new("/srv/x");
        assert_eq!(
            resolve(root, "/a/b.split"),
            Some(PathBuf::from("/srv/x/a/b.split"))
        );
        assert_eq!(resolve(root, "/../etc/passwd"), None);
        assert_eq!(resolve(root, "/a/%2e%2e/%2e%2e/etc"), None);
    }
}
