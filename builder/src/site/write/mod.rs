//! Writing a language's site file, the last stage of `build --site` ([`site_file`]): its words
//! ([`word_chunks`], in chunks: [`chunk_writer`]), its page records set aside then compressed ([`record_spill`]),
//! each region made in a temporary file first ([`region_file`]); and the `<rangefind-search>`
//! widget beside `site.json` ([`widget`]).

pub(super) mod chunk_writer;
pub(super) mod record_spill;
pub(super) mod region_file;
pub mod site_file;
pub mod widget;
pub(super) mod word_chunks;
