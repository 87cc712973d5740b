//! Counting the words of documents as the builder indexes them: the lexicon's input.

use rustc_hash::{FxHashMap, FxHashSet};

use tantivy::schema::{Field, Value};
use tantivy::tokenizer::{TextAnalyzer, TokenizerManager};
use tantivy::TantivyDocument;

use super::edits::is_lexicon_word;
use crate::formats::lexicon::WordCounts;
use crate::mapping::{register_tokenizers, tokenizers_prefix, MappedSchema};

/// Document frequencies of the words of a mapping's default search fields, lowercased and
/// folded as queries are (not stemmed: people type words, and a stem is rarely one).
pub struct WordCounter {
    analyzer: TextAnalyzer,
    fields: Vec<Field>,
    counts: FxHashMap<String, u32>,
    in_document: FxHashSet<String>,
}

impl WordCounter {
    /// A counter for documents of `schema`.
    pub fn new(schema: &MappedSchema) -> WordCounter {
        let tokenizers = TokenizerManager::default();
        register_tokenizers(&tokenizers, &schema.mapping);
        let fields = schema
            .mapping
            .search_fields()
            .iter()
            .filter(|f| f.field_type == crate::mapping::FieldType::Text)
            .filter_map(|f| schema.field(&f.name))
            .collect();
        WordCounter {
            analyzer: tokenizers.get(tokenizers_prefix()).expect("registered"),
            fields,
            counts: FxHashMap::default(),
            in_document: FxHashSet::default(),
        }
    }

    /// Counts the words of one document (each once).
    pub fn add(&mut self, document: &TantivyDocument) {
        let in_document = &mut self.in_document;
        for field in &self.fields {
            for text in document.get_all(*field).filter_map(|v| v.as_str()) {
                self.analyzer.token_stream(text).process(&mut |token| {
                    if !in_document.contains(&token.text) && is_lexicon_word(&token.text) {
                        in_document.insert(token.text.clone());
                    }
                });
            }
        }
        for word in self.in_document.drain() {
            *self.counts.entry(word).or_default() += 1;
        }
    }

    /// The counts so far.
    pub fn into_counts(self) -> WordCounts {
        self.counts.into_iter().collect()
    }
}

/// Adds `more` to `counts`.
pub fn add_counts(counts: &mut WordCounts, more: WordCounts) {
    for (word, docs) in more {
        *counts.entry(word).or_default() += docs;
    }
}
