//! Which tokenizer each field of a mapping is analysed with, registered with tantivy under
//! names derived from the mapping, so the builder and every reader of splits build the same
//! pipeline (the tokenizers themselves are `crate::analysis`'s).

use tantivy::tokenizer::{RawTokenizer, TextAnalyzer, TokenizerManager};

use super::{DocMapping, FieldMapping, Tokenizer};
use crate::analysis::tantivy_tokenizer::{AnalyzerTokenizer, KEYWORD_TOKENIZER, PREFIX_TOKENIZER};
use crate::analysis::{Analyzer, Breaking};

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

/// The analyser of a text field (`None` for one whose language has no stemmer in this build:
/// a mapping is refused for that when read, so that does not happen with splits).
pub fn field_analyzer(field: &FieldMapping) -> Option<Analyzer> {
    let breaking = match field.tokenizer {
        Tokenizer::Words => Breaking::Words,
        Tokenizer::Whitespace => Breaking::Whitespace,
    };
    Analyzer::breaking(breaking, field.language.as_deref()).ok()
}

/// Registers every analyser the mapping uses.
pub fn register_tokenizers(manager: &TokenizerManager, mapping: &DocMapping) {
    manager.register(
        KEYWORD_TOKENIZER,
        TextAnalyzer::from(RawTokenizer::default()),
    );
    let words = Analyzer::new(None).expect("no language needs no stemmer");
    manager.register(
        PREFIX_TOKENIZER,
        TextAnalyzer::from(AnalyzerTokenizer(words)),
    );
    for field in &mapping.fields {
        // The mapping was checked when read: this build stems each of its languages.
        let Some(analyzer) = field_analyzer(field) else {
            continue;
        };
        manager.register(
            &text_tokenizer_name(field),
            TextAnalyzer::from(AnalyzerTokenizer(analyzer)),
        );
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
