//! Doc mapping: how JSON documents become tantivy documents.
//!
//! The mapping is written by a person in YAML (`examples/*/rangefind.yaml`), stored in the
//! manifest, and read back by every engine, so the builder and the readers analyse text the
//! same way.

mod config;
mod document;
mod schema;
mod tokenizers;

pub use config::{
    DocMapping, FieldMapping, FieldType, Operator, Sources, StoreCompression, StoreOptions,
    Tokenizer,
};
pub use document::{cut_text, BuiltDocument, DocumentBuilder, DocumentError};
pub use schema::{has_fieldnorms, MappedSchema};
pub use tokenizers::{field_analyzer, register_tokenizers};

/// Whether text in `language` (a code such as `en`, or an English name) can be stemmed: what
/// a field's `language` accepts.
pub fn has_stemmer(language: &str) -> bool {
    crate::analysis::stemming::stemmer_language(language).is_some()
}

/// Name of the analyser of keyword fields.
pub(crate) fn tokenizers_keyword() -> &'static str {
    crate::analysis::tantivy_tokenizer::KEYWORD_TOKENIZER
}

/// Name of the analyser for the last word of prefix queries.
pub(crate) fn tokenizers_prefix() -> &'static str {
    crate::analysis::tantivy_tokenizer::PREFIX_TOKENIZER
}
