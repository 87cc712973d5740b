//! The HTTP headers an index's files are served with, in one place: `rangefind serve` sends
//! them and `rangefind publish` stores them with each object, so a bucket or CDN serves an
//! index exactly as the local server does.

use std::path::Path;

use rangefind_engine::formats::manifest::MANIFEST_FILE;

/// Splits, split filter files and lexicons are content-addressed and never change: every
/// cache may keep them forever.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// The manifest may be kept a minute: a page reload then repeats a query with no request at
/// all, and a rebuilt index shows up within a minute (its old splits stay, so a reader of the
/// old manifest still works).
pub const MANIFEST: &str = "public, max-age=60";
/// Anything else (pages, scripts) is revalidated every time.
pub const REVALIDATE: &str = "no-cache";

/// Request headers a page on another origin sends with its reads (`Range` above all); a
/// host serving an index cross-origin must allow them (see docs/deploy.md).
pub const CORS_ALLOW_HEADERS: &str = "Range, If-None-Match, If-Match";
/// Response headers the engine reads and the browser hides from cross-origin pages unless
/// they are exposed: without `Content-Range` a range read cannot be checked.
pub const CORS_EXPOSE_HEADERS: &str =
    "Content-Range, Content-Length, Accept-Ranges, ETag, Last-Modified";

/// `Cache-Control` for a file of an index (or of a site served next to it).
pub fn cache_control(path: &Path) -> &'static str {
    if path
        .extension()
        .is_some_and(|e| e == "split" || e == "filter" || e == "lex")
    {
        IMMUTABLE
    } else if path.file_name().is_some_and(|n| n == MANIFEST_FILE) {
        MANIFEST
    } else {
        REVALIDATE
    }
}

/// `Content-Type` by file extension.
pub fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Whether a response of this type is worth compressing whole: text, JSON, JavaScript, wasm
/// and SVG. Splits (`application/octet-stream`) and images hold compressed data already.
pub fn is_compressible(content_type: &str) -> bool {
    content_type.starts_with("text/")
        || ["application/json", "application/wasm", "image/svg+xml"].contains(&content_type)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_are_immutable_and_the_manifest_is_short_lived() {
        let split = Path::new("splits/0123abcd.split");
        assert_eq!(
            cache_control(Path::new("filters/section.0123abcd.filter")),
            IMMUTABLE
        );
        assert_eq!(cache_control(split), IMMUTABLE);
        assert_eq!(content_type(split), "application/octet-stream");
        let lexicon = Path::new("lexicon/words.0123abcd.lex");
        assert_eq!(cache_control(lexicon), IMMUTABLE);
        assert_eq!(content_type(lexicon), "application/octet-stream");
        let manifest = Path::new("docs/manifest.json");
        assert_eq!(cache_control(manifest), MANIFEST);
        assert_eq!(content_type(manifest), "application/json");
        assert_eq!(cache_control(Path::new("index.html")), REVALIDATE);
    }

    fn names(list: &str) -> Vec<String> {
        list.split(',').map(|h| h.trim().to_lowercase()).collect()
    }

    fn strings(value: &serde_json::Value) -> Vec<String> {
        value
            .as_array()
            .expect("a list")
            .iter()
            .map(|h| h.as_str().expect("a string").to_lowercase())
            .collect()
    }

    fn example(name: &str) -> serde_json::Value {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../examples/deploy")
            .join(name);
        serde_json::from_str(&std::fs::read_to_string(&path).expect("readable")).expect("JSON")
    }

    /// The ready-to-apply bucket CORS rules of docs/deploy.md allow and expose what
    /// `rangefind serve` does, so a bucket works cross-origin exactly as the local server.
    #[test]
    fn the_bucket_cors_examples_match_what_the_engine_needs() {
        let s3 = &example("s3-cors.json")["CORSRules"][0];
        let r2 = &example("r2-cors.json")["rules"][0];
        let cloudfront = &example("cloudfront-cors-policy.json")["CorsConfig"];
        // (allowed headers, exposed headers, methods) of each.
        let rules = [
            (
                &s3["AllowedHeaders"],
                &s3["ExposeHeaders"],
                &s3["AllowedMethods"],
            ),
            (
                &r2["allowed"]["headers"],
                &r2["exposeHeaders"],
                &r2["allowed"]["methods"],
            ),
            (
                &cloudfront["AccessControlAllowHeaders"]["Items"],
                &cloudfront["AccessControlExposeHeaders"]["Items"],
                &cloudfront["AccessControlAllowMethods"]["Items"],
            ),
        ];
        for (allowed, exposed, methods) in rules {
            for header in names(CORS_ALLOW_HEADERS) {
                assert!(strings(allowed).contains(&header), "{header} allowed");
            }
            for header in names(CORS_EXPOSE_HEADERS) {
                assert!(strings(exposed).contains(&header), "{header} exposed");
            }
            for method in ["get", "head"] {
                assert!(strings(methods).contains(&method.to_string()), "{method}");
            }
        }
    }

    #[test]
    fn text_and_wasm_are_compressed_and_splits_are_not() {
        for file in [
            "a.html",
            "a.js",
            "manifest.json",
            "site.json",
            "engine.wasm",
            "i.svg",
        ] {
            assert!(is_compressible(content_type(Path::new(file))), "{file}");
        }
        for file in [
            "splits/a.split",
            "filters/f.filter",
            "lexicon/w.lex",
            "a.png",
        ] {
            assert!(!is_compressible(content_type(Path::new(file))), "{file}");
        }
    }
}
