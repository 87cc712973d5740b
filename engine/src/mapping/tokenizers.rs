//! Text analysers, registered under names derived from the mapping so the builder and every
//! reader build the same pipeline.

use tantivy::tokenizer::{
    AsciiFoldingFilter, LowerCaser, RawTokenizer, RemoveLongFilter, SimpleTokenizer, TextAnalyzer,
    TokenizerManager, WhitespaceTokenizer,
};

use super::config::{DocMapping, FieldMapping, Tokenizer};
use super::stem_cache::CachedStemmer;
use crate::stemming::stemmer_language;

/// Words longer than this are dropped (base64 blobs, hashes glued to text).
const MAX_TOKEN_LEN: usize = 40;

/// Analyser for keyword fields: the value as one token.
pub(crate) const KEYWORD_TOKENIZER: &str = "raw";
/// Analyser used for the last word of a prefix query: lowercased and folded, never stemmed.
pub(crate) const PREFIX_TOKENIZER: &str = "rf_words";

/// Analyser name for a text field: `rf_<tokenizer>[_<language>]`.
pub(crate) fn text_tokenizer_name(field: &FieldMapping) -> String {
    let base = match field.tokenizer {
        Tokenizer::Words => PREFIX_TOKENIZER,
        Tokenizer::Whitespace => "rf_whitespace",
    };
    match &field.language {
        Some(language) => format!("{base}_{}", language.to_ascii_lowercase()),
        None => base.to_string(),
    }
}

fn normalised<T: tantivy::tokenizer::Tokenizer>(
    tokenizer: T,
) -> tantivy::tokenizer::TextAnalyzerBuilder<impl tantivy::tokenizer::Tokenizer> {
    TextAnalyzer::builder(tokenizer)
        .filter(RemoveLongFilter::limit(MAX_TOKEN_LEN))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
}

/// Registers every analyser the mapping uses.
pub fn register_tokenizers(manager: &TokenizerManager, mapping: &DocMapping) {
    manager.register(
        KEYWORD_TOKENIZER,
        TextAnalyzer::from(RawTokenizer::default()),
    );
    manager.register(
        PREFIX_TOKENIZER,
        normalised(SimpleTokenizer::default()).build(),
    );
    for field in &mapping.fields {
        let stemmer = field.language.as_deref().and_then(stemmer_language);
        let analyzer = match (field.tokenizer, stemmer) {
            (Tokenizer::Words, None) => continue,
            (Tokenizer::Words, Some(language)) => normalised(SimpleTokenizer::default())
                .filter(CachedStemmer::new(language))
                .build(),
            (Tokenizer::Whitespace, None) => normalised(WhitespaceTokenizer::default()).build(),
            (Tokenizer::Whitespace, Some(language)) => normalised(WhitespaceTokenizer::default())
                .filter(CachedStemmer::new(language))
                .build(),
        };
        manager.register(&text_tokenizer_name(field), analyzer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(mapping: &DocMapping, field: &str, text: &str) -> Vec<String> {
        let manager = TokenizerManager::default();
        register_tokenizers(&manager, mapping);
        let name = text_tokenizer_name(mapping.field(field).unwrap());
        let mut analyzer = manager.get(&name).unwrap();
        let mut out = Vec::new();
        analyzer
            .token_stream(text)
            .process(&mut |t| out.push(t.text.clone()));
        out
    }

    #[test]
    fn words_whitespace_and_stemming() {
        let mapping = DocMapping::from_yaml(
            "id_field: id\nfields:\n  - { name: id, type: keyword }\n  - { name: w, type: text }\n  - { name: s, type: text, tokenizer: whitespace }\n  - { name: e, type: text, language: en }\n",
        )
        .unwrap();
        assert_eq!(
            tokens(&mapping, "w", "Array.prototype.map() Café"),
            ["array", "prototype", "map", "cafe"]
        );
        assert_eq!(tokens(&mapping, "s", "v1.2-rc Build"), ["v1.2-rc", "build"]);
        assert_eq!(tokens(&mapping, "e", "running events"), ["run", "event"]);
    }
}
