//! Which file a URL names and whether it may be served: inside the served directory once
//! links are followed, a regular file, not hidden.

use std::path::{Component, Path, PathBuf};

use crate::site::site_json_io::SITE_JSON;

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

/// Maps a URL path to a file under `root`, refusing anything that would leave it. On Unix the
/// decoded bytes are the name as they are (`build --site` percent-encodes a name that is not
/// UTF-8 byte by byte); elsewhere they must be UTF-8.
pub(super) fn resolve(root: &Path, url_path: &str) -> Option<PathBuf> {
    let decoded: Vec<u8> = percent_encoding::percent_decode_str(url_path).collect();
    #[cfg(unix)]
    let decoded = <std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(&decoded);
    #[cfg(not(unix))]
    let decoded = std::str::from_utf8(&decoded).ok()?;
    let decoded = Path::new(decoded);
    let decoded = decoded.strip_prefix("/").unwrap_or(decoded);
    let mut path = root.to_path_buf();
    for component in decoded.components() {
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
        assert_eq!(resolve(root, "/a/..%2F..%2Fetc"), None);
        assert_eq!(
            resolve(root, "/Help%3AContents.html"),
            Some(PathBuf::from("/srv/x/Help:Contents.html"))
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_name_that_is_not_utf8_is_found_by_its_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let name = std::ffi::OsStr::from_bytes(b"/srv/x/caf\xe9.html");
        assert_eq!(
            resolve(Path::new("/srv/x"), "/caf%E9.html"),
            Some(PathBuf::from(name))
        );
    }
}
