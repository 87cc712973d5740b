//! `KEY:value` typed in a query, where KEY is one of the site's filter keys
//! (`data-rangefind-filter`) and no searched field has that name, filters as
//! `filter.KEY:value` does; a key that is also a searched field's name searches the field, the
//! build warns of it, and the answer says how each such key was read.

use std::path::Path;

use crate::common::{self, rangefind, search_json, succeeded};
use crate::site_build_indexes_a_static_site::{page, write};

fn make_site(root: &Path) {
    let pages = [
        (
            "guide/maps.html",
            "section:Guide",
            "Maps of keys",
            "How maps hold keys.",
        ),
        (
            "reference/maps.html",
            "section:Reference",
            "Map reference",
            "Every method of maps.",
        ),
        (
            "guide/sets.html",
            "section:Guide",
            "Sets",
            "Sets hold values once.",
        ),
        // Its text names the section, but it is in none: read as words, `section` matches it.
        (
            "news.html",
            "title:Special",
            "News",
            "The section guide covers maps.",
        ),
    ];
    for (path, filter, title, text) in pages {
        let main = format!(
            "<main data-rangefind-filter=\"{filter}\"><h1>{title}</h1><p>{text}</p></main>"
        );
        write(root, path, page(" lang=\"en\"", &main).as_bytes());
    }
}

fn urls(answer: &serde_json::Value) -> Vec<String> {
    let mut urls: Vec<String> = (answer["hits"].as_array().unwrap().iter())
        .map(|hit| hit["doc"]["url"].as_str().unwrap().to_string())
        .collect();
    urls.sort();
    urls
}

#[test]
fn a_filter_key_typed_as_a_field_filters_and_the_answer_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    make_site(&site);
    let said = common::build_site_saying(&site, &[]);
    // `title` is a filter key of one page and the name of a searched field.
    assert!(
        said.contains("the filter key \"title\" is also a searched field's name"),
        "{said}"
    );
    let index = site.join("_rangefind");
    let fields = ["--fields", "url", "--no-snippet"];

    let typed = search_json(&index, "section:Guide maps", &fields);
    let filtered = search_json(&index, "filter.section:Guide maps", &fields);
    assert_eq!(urls(&typed), ["/guide/maps.html"]);
    assert_eq!(urls(&typed), urls(&filtered));
    assert_eq!(typed["read_as"], serde_json::json!({"section": "filter"}));
    assert!(filtered.get("read_as").is_none(), "{filtered}");

    // Excluded, it leaves the filter's pages out.
    let excluded = search_json(&index, "-section:Guide maps", &fields);
    assert_eq!(urls(&excluded), ["/news.html", "/reference/maps.html"]);

    // A key that is also a field's name searches the field, and the answer says so.
    let field = search_json(&index, "title:news", &fields);
    assert_eq!(urls(&field), ["/news.html"]);
    assert_eq!(field["read_as"], serde_json::json!({"title": "field"}));
    assert_eq!(search_json(&index, "title:special", &fields)["count"], 0);

    // A name that is neither is searched as words, as before: no page holds both, so the
    // page with `guide` comes, lacking `chapter`.
    let words = search_json(&index, "chapter:guide", &fields);
    assert_eq!(urls(&words), ["/news.html"]);
    assert_eq!(words["hits"][0]["missing"], "chapter", "{words}");
    assert!(words.get("read_as").is_none(), "{words}");
    let words = search_json(&index, "section guide maps", &fields);
    assert_eq!(urls(&words), ["/news.html"]);

    // The CLI's own answer says how it read the key.
    let output = rangefind(&["search", index.to_str().unwrap(), "section:Guide maps"]);
    let printed = succeeded(&output);
    assert!(
        printed.contains("section:… is a filter of the site: read as filter.section:…"),
        "{printed}"
    );
}
