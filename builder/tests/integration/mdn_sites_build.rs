//! `rangefind build --site` on MDN as a static site: the bundled sample, and the shared
//! corpus's whole site when it is present.

use std::path::Path;

use serde_json::Value;

use crate::common::{self, untar};
use crate::site_build_indexes_a_static_site::{build, hits};

/// Builds an MDN site (the bundled sample, or the shared corpus's whole site) and checks its
/// page count and that titles find their page first.
fn check_mdn_site(archive: &Path, at_least: u64) {
    let dir = tempfile::tempdir().unwrap();
    untar(archive, dir.path());
    let site = dir.path().join("site-mdn");
    let summary = build(&site);
    assert!(
        summary
            .contains("without data-rangefind-body / data-pagefind-body (other pages have it): /"),
        "the root page has no data-pagefind-body: {summary}"
    );
    let out = site.join("_rangefind");
    let site_json: Value =
        serde_json::from_slice(&std::fs::read(out.join("site.json")).unwrap()).unwrap();
    let pages = site_json["languages"]["en"]["pages"].as_u64().unwrap();
    assert!(pages >= at_least, "{pages} pages indexed");
    let sections = &site_json["languages"]["en"]["filters"]["section"];
    assert!(sections["Web/JavaScript"].as_u64().unwrap() > 0);
    let en = out.join("en");
    let map = hits(&en, "Array.prototype.map()", &["--limit", "3"]);
    assert_eq!(
        map[0]["id"],
        "/web/javascript/reference/global_objects/array/map/"
    );
    assert_eq!(map[0]["doc"]["title"], "Array.prototype.map()");
    assert_eq!(
        map[0]["doc"]["meta.page_type"],
        "javascript-instance-method"
    );
    let in_section = hits(
        &en,
        "map",
        &["--filter", "filter.section=Web/JavaScript", "--limit", "50"],
    );
    assert!(!in_section.is_empty());
    for hit in &in_section {
        assert_eq!(hit["doc"]["filter.section"], "Web/JavaScript");
    }
}

#[test]
fn the_bundled_mdn_sample_site_builds() {
    check_mdn_site(
        &common::repo().join("examples/mdn-site/sample-site.tar.gz"),
        440,
    );
}

#[test]
fn the_shared_mdn_site_builds() {
    if let Some(archive) = common::shared_corpus("site-mdn.tar.gz") {
        check_mdn_site(&archive, 14_000);
    }
}
