//! Every file format rangefind writes, with its version, in one table ([`FILE_FORMATS`]):
//! `rangefind --version` prints it, and docs/formats/ has a page for each.
//!
//! One convention for all of them: a format's version is a `u32` constant named
//! `<FORMAT>_VERSION` beside its codec, written in the file (a field of its header or of its
//! JSON, or the last digit of its magic), and a reader refuses another version by name ("this
//! reader reads …: rebuild the index"), never by misreading it. A change to what a format's
//! bytes mean bumps its version, and tests/fixtures/formats/ keeps an index of every version
//! written, which the readers must answer as recorded or refuse by name.

/// A file format and the version of it this build writes.
#[derive(Debug, Clone, Copy)]
pub struct FileFormat {
    /// Its name, as `rangefind --version` and the docs say it.
    pub name: &'static str,
    /// The version written.
    pub version: u32,
    /// Where its codec is, in this crate.
    pub codec: &'static str,
}

/// Every file format rangefind writes: a split index's, then a site index's, then the
/// lexicon both have.
pub const FILE_FORMATS: [FileFormat; 6] = [
    FileFormat {
        name: "split format",
        version: crate::format::SPLIT_VERSION,
        codec: "engine/src/format/",
    },
    FileFormat {
        name: "manifest",
        version: crate::manifest::MANIFEST_VERSION,
        codec: "engine/src/manifest.rs",
    },
    FileFormat {
        name: "split filters",
        version: crate::pruning::SPLIT_FILTERS_VERSION,
        codec: "engine/src/pruning/filter_file.rs",
    },
    FileFormat {
        name: "site layout",
        version: crate::site::file::SITE_LAYOUT_VERSION,
        codec: "engine/src/site/file/",
    },
    FileFormat {
        name: "site.json",
        version: crate::site::file::site_json::SITE_JSON_VERSION,
        codec: "engine/src/site/file/site_json.rs",
    },
    FileFormat {
        name: "lexicon format",
        version: crate::typos::LEXICON_VERSION,
        codec: "engine/src/typos/lexicon_file.rs",
    },
];

/// The table as one line: `split format 5, manifest 1, …`.
pub fn versions() -> String {
    let named: Vec<String> = FILE_FORMATS
        .iter()
        .map(|format| format!("{} {}", format.name, format.version))
        .collect();
    named.join(", ")
}
