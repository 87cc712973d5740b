//! Finding a site's HTML pages and the URL each is served at.

use std::path::{Path, PathBuf};

use percent_encoding::{percent_encode, AsciiSet, CONTROLS};

/// An HTML file of the site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteFile {
    /// Where it is on disk.
    pub path: PathBuf,
    /// Its URL from the site's root: `/guide/` for `guide/index.html`, `/a.html` for `a.html`.
    pub url: String,
}

/// What a walk of the site found.
#[derive(Debug, Default)]
pub struct Discovered {
    /// The HTML files, in path order (so builds are reproducible).
    pub files: Vec<SiteFile>,
    /// Directories or files that could not be listed: "path: error".
    pub unreadable: Vec<String>,
}

/// Characters escaped in a URL path segment: those a URL parser reads as something else than
/// a segment's text (`#`, `?`, `%`, `\`, which browsers read as `/`), and `:`, with which a
/// relative reference's first segment (`javascript:alert(1).html`, `Help:Contents.html`) is
/// read as a scheme. A server decodes them back to the file's name.
const SEGMENT: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b':')
    .add(b'\\')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}');

/// Every `*.html` / `*.htm` file under `site`, leaving out hidden files and directories
/// (`.git`, …) and `skip` (the index being written, when it is inside the site). Symbolic
/// links to directories are not followed; a link to a file is indexed only when the file is
/// inside the site (a link to `/etc/passwd` named `x.html` must not publish it), else it is
/// listed in `unreadable` with the reason.
pub fn html_files(site: &Path, skip: &Path) -> Discovered {
    let mut found = Discovered::default();
    let real_site = site.canonicalize().unwrap_or_else(|_| site.to_path_buf());
    let walker = walkdir::WalkDir::new(site)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|entry| {
            let hidden = entry.depth() > 0 && entry.file_name().to_string_lossy().starts_with('.');
            !hidden && entry.path() != skip
        });
    for entry in walker {
        let entry = match entry {
            Ok(entry) => entry,
            Err(error) => {
                let path = error.path().unwrap_or(site).display().to_string();
                let reason = error
                    .io_error()
                    .map_or_else(|| error.to_string(), |e| e.to_string());
                found.unreadable.push(format!("{path}: {reason}"));
                continue;
            }
        };
        let is_html = entry
            .path()
            .extension()
            .is_some_and(|ext| ext.eq_ignore_ascii_case("html") || ext.eq_ignore_ascii_case("htm"));
        if entry.path_is_symlink() && is_html {
            let target = entry.path().canonicalize();
            if !target
                .as_ref()
                .is_ok_and(|target| target.starts_with(&real_site))
            {
                found.unreadable.push(format!(
                    "{}: a symbolic link to a file outside the site (not followed)",
                    entry.path().display()
                ));
                continue;
            }
        }
        if !entry.file_type().is_dir() && is_html {
            let relative = entry.path().strip_prefix(site).unwrap_or(entry.path());
            found.files.push(SiteFile {
                url: url_of(relative),
                path: entry.into_path(),
            });
        }
    }
    found
}

/// The URL of a file at `relative` under the site root: `index.html` stands for its directory.
/// Each segment is the name's bytes percent-encoded, so a name that is not UTF-8 still gets
/// the URL a server maps back to it.
pub fn url_of(relative: &Path) -> String {
    let segments: Vec<String> = relative
        .components()
        .map(|c| percent_encode(&name_bytes(c.as_os_str()), SEGMENT).to_string())
        .collect();
    match segments.split_last() {
        Some((last, dirs)) if last.eq_ignore_ascii_case("index.html") => {
            let mut url = String::from("/");
            for dir in dirs {
                url.push_str(dir);
                url.push('/');
            }
            url
        }
        _ => format!("/{}", segments.join("/")),
    }
}

/// A file name's bytes as the file system holds them (on Unix); elsewhere its UTF-8 (names
/// there are UTF-16, which URLs carry as UTF-8).
fn name_bytes(name: &std::ffi::OsStr) -> std::borrow::Cow<'_, [u8]> {
    #[cfg(unix)]
    {
        std::borrow::Cow::Borrowed(std::os::unix::ffi::OsStrExt::as_bytes(name))
    }
    #[cfg(not(unix))]
    {
        match name.to_string_lossy() {
            std::borrow::Cow::Borrowed(text) => std::borrow::Cow::Borrowed(text.as_bytes()),
            std::borrow::Cow::Owned(text) => std::borrow::Cow::Owned(text.into_bytes()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_of_files() {
        assert_eq!(url_of(Path::new("index.html")), "/");
        assert_eq!(url_of(Path::new("web/api/index.html")), "/web/api/");
        assert_eq!(url_of(Path::new("blog/a post.html")), "/blog/a%20post.html");
        assert_eq!(url_of(Path::new("c#/x.htm")), "/c%23/x.htm");
    }

    #[test]
    fn no_file_name_becomes_a_scheme_or_another_host() {
        assert_eq!(
            url_of(Path::new("javascript:[alert(1)].html")),
            "/javascript%3A[alert(1)].html"
        );
        assert_eq!(
            url_of(Path::new("Help:Contents.html")),
            "/Help%3AContents.html"
        );
        assert_eq!(
            url_of(Path::new("\\\\evil.example\\x.html")),
            "/%5C%5Cevil.example%5Cx.html"
        );
        assert_eq!(url_of(Path::new("a/?b.html")), "/a/%3Fb.html");
        // Whatever the name, the URL is a path from the site's root: relative to the root as
        // the widget resolves it ("./" + the path past its "/"), it stays on the site.
        for name in [
            "javascript:alert(1).html",
            "\\\\evil.html",
            "data:x.html",
            "..:x.html",
        ] {
            let url = url_of(Path::new(name));
            assert!(
                url.starts_with('/') && !url[1..].contains(':') && !url.contains('\\'),
                "{url}"
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_name_that_is_not_utf8_keeps_its_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let name = std::ffi::OsStr::from_bytes(b"caf\xe9.html");
        assert_eq!(url_of(Path::new(name)), "/caf%E9.html");
    }

    #[test]
    fn walks_html_in_order_without_hidden_files_or_the_index() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for path in [
            "b/index.html",
            "a.html",
            "a.css",
            ".git/x.html",
            "_rangefind/old.html",
            "c/d/e.HTM",
        ] {
            let path = root.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "<p>x</p>").unwrap();
        }
        let found = html_files(root, &root.join("_rangefind"));
        let urls: Vec<&str> = found.files.iter().map(|f| f.url.as_str()).collect();
        assert_eq!(urls, ["/a.html", "/b/", "/c/d/e.HTM"]);
        assert!(found.unreadable.is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn links_to_files_outside_the_site_are_not_followed() {
        let outside = tempfile::tempdir().unwrap();
        let secret = outside.path().join("secret.txt");
        std::fs::write(&secret, "password").unwrap();
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("page.html"), "<p>x</p>").unwrap();
        std::os::unix::fs::symlink(&secret, root.join("leak.html")).unwrap();
        std::os::unix::fs::symlink(root.join("page.html"), root.join("alias.html")).unwrap();
        let found = html_files(root, &root.join("_rangefind"));
        let urls: Vec<&str> = found.files.iter().map(|f| f.url.as_str()).collect();
        assert_eq!(urls, ["/alias.html", "/page.html"]);
        assert_eq!(found.unreadable.len(), 1);
        assert!(
            found.unreadable[0].contains("leak.html"),
            "{:?}",
            found.unreadable
        );
    }
}
