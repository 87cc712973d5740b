//! Typo tolerance without the term dictionary: a query word that no split holds is looked up
//! in the index's *lexicon*, a symmetric-delete table of its words (the idea of SymSpell).
//!
//! Every word of the index is filed under itself and under each way of deleting one of its
//! characters; a typed word looks up the same keys of its own (one plus its length). Two words
//! one insertion, deletion, substitution or transposition apart always share a key, so one
//! wave of lookups finds every candidate, checked then by [`one_edit_apart`]. The keys are
//! sorted into small compressed blocks, so a lookup reads two to four blocks of about 1.5 KB
//! whatever the size of the index, plus the block index once per reader.
//!
//! Words are indexed as typed, not stemmed (lowercased and folded like prefix queries): the
//! replacements go back through the query analyser, so `promsies` finds `promises`, which is
//! stemmed like any word of the query.
//!
//! The same lookup completes a word being typed: the index holds stems, so a prefix typed past
//! its word's stem (`transformat`, stem `transform`) expands to nothing, but the lexicon's
//! surface words it begins (`transformation`) are found in the blocks of its key range, in the
//! same wave.

mod edits;
pub(crate) mod key_passes;
mod lexicon;
mod query_words;
mod rare_words;
#[cfg(feature = "splits")]
mod words;

pub use crate::formats::lexicon::{
    decode_words, encode_lexicon, encode_lexicon_within, Compress, LexiconEntry, LexiconLayout,
    WordCounts, LEXICON_VERSION,
};
pub use edits::{
    delete_keys, is_lexicon_word, one_edit_apart, MAX_LEXICON_CHARS, MIN_CORRECTED_CHARS,
};
pub use lexicon::{Lexicon, UnknownWord, MAX_PRELOADED_INDEX_BYTES, MAX_REPLACEMENTS, RARE_DOCS};
#[cfg(test)]
pub(crate) use query_words::assert_replaceable_words;
pub use query_words::{
    is_correctable, literal_words, unknown_words, LiteralWord, QueryWord, Replacements,
};
pub use rare_words::rare_words_beside_common_ones;
#[cfg(feature = "splits")]
pub use words::{add_counts, WordCounter};
