//! Every on-disk format this rangefind writes (`rangefind_engine::formats`) has a fixture (`tests/fixtures/formats/`, written
//! by `scripts/data/make-format-fixtures.sh`) that its readers must open and answer as recorded, as
//! must the split formats it still reads (from `OLDEST_READABLE_FORMAT`); fixtures of older
//! format versions must be refused by name. The site fixture is also built
//! again from its pages and must come out byte for byte: what the builder writes cannot change
//! unnoticed, without a version bump and a new fixture (split files hold tantivy's random
//! segment ids, so only their reading is pinned).

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rangefind_engine::formats::manifest::MANIFEST_VERSION;
use rangefind_engine::formats::site_file::SITE_LAYOUT_VERSION;
use rangefind_engine::formats::site_json::SITE_JSON_VERSION;
use rangefind_engine::formats::split::{OLDEST_READABLE_FORMAT, SPLIT_VERSION};
use rangefind_engine::pruning::SPLIT_FILTERS_VERSION;
use rangefind_engine::typos::LEXICON_VERSION;

const REGENERATE: &str = "run scripts/data/make-format-fixtures.sh and commit what it writes";

fn fixtures() -> PathBuf {
    common::repo().join("tests/fixtures/formats")
}

fn site_fixture() -> String {
    format!("site-{SITE_LAYOUT_VERSION}-lexicon-{LEXICON_VERSION}")
}

fn split_fixture() -> String {
    format!("split-{SPLIT_VERSION}-lexicon-{LEXICON_VERSION}")
}

/// The fixtures the readers of this tree must answer as recorded: the ones it writes, and
/// those of the older split formats it still reads.
fn readable_fixtures() -> Vec<String> {
    let older = (OLDEST_READABLE_FORMAT..SPLIT_VERSION)
        .map(|format| format!("split-{format}-lexicon-{LEXICON_VERSION}"));
    [site_fixture(), split_fixture()]
        .into_iter()
        .chain(older)
        .collect()
}

#[test]
fn every_format_version_written_has_a_fixture() {
    for name in [site_fixture(), split_fixture()] {
        assert!(
            fixtures().join(&name).is_dir(),
            "no fixture {name}: a format version changed; {REGENERATE}"
        );
    }
}

#[test]
fn the_current_fixtures_hold_every_format_at_its_version() {
    let split = fixtures().join(split_fixture());
    let site = fixtures().join(site_fixture());
    let json = |path: PathBuf| -> serde_json::Value {
        serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap()
    };
    let manifest = json(split.join("manifest.json"));
    assert_eq!(
        manifest["version"], MANIFEST_VERSION,
        "manifest: {REGENERATE}"
    );
    let site_json = json(site.join("site.json"));
    assert_eq!(
        site_json["format"], SITE_JSON_VERSION,
        "site.json: {REGENERATE}"
    );
    let filters = std::fs::read_dir(split.join("filters")).unwrap();
    let filter = filters
        .map(|entry| entry.unwrap().path())
        .next()
        .expect("a split filter file");
    let magic = std::fs::read(&filter).unwrap();
    assert_eq!(
        u32::from(magic[7] - b'0'),
        SPLIT_FILTERS_VERSION,
        "{}: {REGENERATE}",
        filter.display()
    );
    // `rangefind --version` names every format, each at the version written.
    let output = common::rangefind(&["--version"]);
    let said = String::from_utf8_lossy(&output.stdout).to_string();
    for format in rangefind_engine::formats::FILE_FORMATS {
        let named = format!("{} {}", format.name, format.version);
        assert!(
            said.contains(&named),
            "--version said {said:?}, not {named:?}"
        );
    }
}

#[test]
fn fixtures_answer_as_recorded_or_are_refused_by_name() {
    let readable = readable_fixtures();
    for entry in std::fs::read_dir(fixtures()).unwrap() {
        let dir = entry.unwrap().path();
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        if name == "source" || !dir.is_dir() {
            continue;
        }
        let expected: BTreeMap<String, Vec<String>> =
            serde_json::from_slice(&std::fs::read(dir.join("expected.json")).unwrap()).unwrap();
        for (query, ids) in expected {
            let output = common::rangefind(&["search", dir.to_str().unwrap(), &query, "--json"]);
            if readable.contains(&name) {
                common::succeeded(&output);
                let answer: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
                let found: Vec<&str> = answer["hits"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|hit| hit["id"].as_str().unwrap())
                    .collect();
                assert_eq!(
                    found, ids,
                    "{name}: {query:?} (if the change is meant, {REGENERATE})"
                );
            } else {
                let message = common::text(&output);
                assert!(
                    !output.status.success() && message.contains("rebuild"),
                    "{name}: a fixture of an older format must be refused by name: {message}"
                );
            }
        }
    }
}

/// The files under `dir`, by path relative to it, with their bytes.
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                out.insert(path.strip_prefix(dir).unwrap().to_path_buf(), bytes);
            }
        }
    }
    out
}

#[test]
fn the_site_fixture_is_written_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("index");
    let source = fixtures().join("source/site");
    common::succeeded(&common::rangefind(&[
        "build",
        "--site",
        source.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--no-widget",
        "-q",
    ]));
    let mut pinned = files(&fixtures().join(site_fixture()));
    pinned.remove(Path::new("expected.json"));
    let built = files(&out);
    let names = |files: &BTreeMap<PathBuf, Vec<u8>>| files.keys().cloned().collect::<Vec<_>>();
    assert_eq!(
        names(&built),
        names(&pinned),
        "the site index is written as other files: if the format changed, bump its version \
         (formats/site_file/mod.rs, formats/split/footer.rs, formats/lexicon.rs); either way, {REGENERATE}"
    );
    for (path, bytes) in &pinned {
        assert!(
            built[path] == *bytes,
            "{} is written with other bytes: {REGENERATE}",
            path.display()
        );
    }
}
