//! Every file format rangefind writes, its codec and its version, in one place: a split index's
//! splits ([`split`], whose paged layout the site file shares), its [`manifest`] and its
//! [`split_filters`]; a site index's [`site_file`] and [`site_json`]; the [`lexicon`] both
//! have. The engines that search them are elsewhere ([`crate::splits`], [`crate::site`],
//! [`crate::typos`]). [`FILE_FORMATS`] lists them with their versions: `rangefind --version`
//! prints it, and docs/formats/ has a page for each.
//!
//! One convention for all of them: a format's version is a `u32` constant named
//! `<FORMAT>_VERSION` beside its codec, written in the file (a field of its header or of its
//! JSON, or the last digit of its magic), and a reader refuses another version by name ("this
//! reader reads …: rebuild the index"), never by misreading it. A change to what a format's
//! bytes mean bumps its version, and tests/fixtures/formats/ keeps an index of every version
//! written, which the readers must answer as recorded or refuse by name.

pub mod lexicon;
#[cfg(feature = "splits")]
pub mod manifest;
pub mod site_file;
pub mod site_json;
pub mod split;
#[cfg(feature = "splits")]
pub mod split_filters;

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
#[cfg(feature = "splits")]
pub const FILE_FORMATS: [FileFormat; 6] = [
    FileFormat {
        name: "split format",
        version: crate::formats::split::SPLIT_VERSION,
        codec: "engine/src/formats/split/",
    },
    FileFormat {
        name: "manifest",
        version: crate::formats::manifest::MANIFEST_VERSION,
        codec: "engine/src/formats/manifest.rs",
    },
    FileFormat {
        name: "split filters",
        version: split_filters::SPLIT_FILTERS_VERSION,
        codec: "engine/src/formats/split_filters.rs",
    },
    FileFormat {
        name: "site layout",
        version: crate::formats::site_file::SITE_LAYOUT_VERSION,
        codec: "engine/src/formats/site_file/",
    },
    FileFormat {
        name: "site.json",
        version: crate::formats::site_json::SITE_JSON_VERSION,
        codec: "engine/src/formats/site_json.rs",
    },
    FileFormat {
        name: "lexicon format",
        version: lexicon::LEXICON_VERSION,
        codec: "engine/src/formats/lexicon.rs",
    },
];

/// The table as one line: `split format 5, manifest 1, …`.
#[cfg(feature = "splits")]
pub fn versions() -> String {
    let named: Vec<String> = FILE_FORMATS
        .iter()
        .map(|format| format!("{} {}", format.name, format.version))
        .collect();
    named.join(", ")
}
