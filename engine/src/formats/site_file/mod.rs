//! The site file's formats: its regions ([`layout`]), what its head says ([`head_meta`]), the
//! postings of a word chunk ([`postings`], with long words' [`tail`]s), a field's length as a
//! posting keeps it ([`length_code`]), the page records ([`record`]) and where each lies
//! ([`record_slots`]), and the filter of stemmed words ([`stemmed_filter`]). Written by the
//! builder, read by the site engine ([`crate::site`]): these modules encode and decode, the
//! engine searches.
//! docs/formats/site-file.md describes the bytes.

pub mod head_meta;
pub mod layout;
pub mod length_code;
pub mod postings;
pub mod record;
pub mod record_slots;
pub mod stemmed_filter;
pub mod tail;

use crate::error::ErrorKind;

/// The version of this layout, in the head; a reader refuses another.
/// 13: the field after the title holds each page's name without the words of its kind around
/// it ([`layout::TITLE_NAME_FIELD`]); 12: a word's entry says whether a form of it is a rare word one edit from a far more
/// common one ([`postings::WordEntry::beside_common`]); 11: the head lists the site's filter keys ([`head_meta::HeadMeta::filter_keys`]); 10: frames of raw deflate, not zstd ([`crate::formats::split::Frames`]); 9: the head says where each chunk's words' positions lie, so that a phrase reads them with
/// its words' chunks, in the same wave; 8: a long word's postings past its best in a tail, read only when needed
/// ([`postings::Tail`]); 7: postings keep occurrences and length codes instead of score bytes normalised by the
/// index's own averages, and the head each field's words ([`length_code`]); 6: pages numbered by the size of their record, the head keeping the sizes instead of a
/// length per page ([`record_slots`]); 5: Chinese, Japanese
/// and Korean text indexed as character bigrams (`crate::analysis`); 4: head meta and
/// records in binary, not JSON (the site engine has no JSON parser); 3: words folded as
/// tantivy folds them (the one analyser of `crate::analysis`); 2 folded Latin letters only.
pub const SITE_LAYOUT_VERSION: u32 = 13;

/// Damage found in a site file.
pub(crate) fn corrupt(message: String) -> crate::error::Error {
    ErrorKind::Corrupt.with_message(format!("site index: {message}"))
}
