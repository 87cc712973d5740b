//! Files compressed ahead of time: `X.br` next to `X` (`build --site` writes the site engine so,
//! at brotli's best) is sent for `X`, with `Content-Encoding: br`, to a client that takes
//! brotli and asks for the whole file, as static hosts do with precompressed files (nginx's
//! `brotli_static`, Caddy's `precompressed`). Compressing on the fly is for speed: the site
//! engine crossed as 182,635 bytes that way, against 155,847 compressed ahead.

use std::path::{Path, PathBuf};

use axum::http::{header, HeaderMap};

/// The brotli file to send instead of `path`, if there is one and the request may have it.
pub async fn brotli_instead(root: &Path, path: &Path, request: &HeaderMap) -> Option<PathBuf> {
    if request.contains_key(header::RANGE) || !accepts_brotli(request) {
        return None;
    }
    let mut name = path.file_name()?.to_os_string();
    name.push(".br");
    let compressed = path.with_file_name(name);
    super::servable_file(root, &compressed).await?;
    Some(compressed)
}

/// Whether `Accept-Encoding` lists `br` without refusing it (`br;q=0`).
fn accepts_brotli(request: &HeaderMap) -> bool {
    request
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            let refused = |parameter: &str| {
                let parameter = parameter.replace(' ', "");
                parameter
                    .strip_prefix("q=")
                    .is_some_and(|q| q.parse::<f32>() == Ok(0.0))
            };
            parts
                .next()
                .is_some_and(|name| name.eq_ignore_ascii_case("br"))
                && !parts.any(refused)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn accepting(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).unwrap(),
        );
        headers
    }

    #[test]
    fn brotli_is_sent_to_clients_that_take_it() {
        assert!(accepts_brotli(&accepting("gzip, deflate, br, zstd")));
        assert!(accepts_brotli(&accepting("BR;q=0.5")));
        assert!(!accepts_brotli(&accepting("gzip, deflate")));
        assert!(!accepts_brotli(&accepting("br;q=0, gzip")));
        assert!(!accepts_brotli(&accepting("brotli")));
        assert!(!accepts_brotli(&HeaderMap::new()));
    }
}
