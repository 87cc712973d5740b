//! The small responses `serve` makes itself: plain text, redirects, the search page of a site
//! index's directory, and the CORS headers every response carries.

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, Response, StatusCode};

use crate::http_caching::CORS_EXPOSE_HEADERS;

/// A page with the search box, served for a site index's directory (`/_rangefind/`) so that
/// `build --site --serve` can be tried before the site's own pages carry the widget.
pub(super) fn search_page() -> Response<Body> {
    const PAGE: &str = r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Search this site (rangefind)</title>
<script type="module" src="rangefind-search.js"></script>
<style>body { max-width: 46rem; margin: 3rem auto; padding: 0 1rem; font-family: system-ui, sans-serif; }</style>
</head>
<body>
<h1>Search this site</h1>
<rangefind-search></rangefind-search>
<p>Served by <code>rangefind serve</code> for trying the index. On your own pages, the widget is
two lines: <code>&lt;script type="module" src="/_rangefind/rangefind-search.js"&gt;&lt;/script&gt;</code>
and <code>&lt;rangefind-search&gt;&lt;/rangefind-search&gt;</code>.</p>
</body>
</html>
"#;
    let mut response = Response::new(Body::from(PAGE));
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

pub(super) fn redirect(location: &str) -> Response<Body> {
    let mut response = plain(StatusCode::MOVED_PERMANENTLY, location);
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
}

pub(super) fn plain(status: StatusCode, text: &str) -> Response<Body> {
    let mut response = Response::new(Body::from(format!("{text}\n")));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    cors(response.headers_mut());
    response
}

pub(super) fn cors(headers: &mut HeaderMap) {
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    headers.insert(
        header::ACCESS_CONTROL_EXPOSE_HEADERS,
        HeaderValue::from_static(CORS_EXPOSE_HEADERS),
    );
}

pub(super) fn finish(builder: axum::http::response::Builder, body: Body) -> Response<Body> {
    match builder.body(body) {
        Ok(mut response) => {
            cors(response.headers_mut());
            response
        }
        Err(_) => plain(
            StatusCode::INTERNAL_SERVER_ERROR,
            "cannot build the response",
        ),
    }
}
