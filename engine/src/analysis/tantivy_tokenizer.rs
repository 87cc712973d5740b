//! The analyser as tantivy tokenizers, registered under names derived from the mapping so the
//! builder and every reader of splits build the same pipeline.

use tantivy::tokenizer::{
    RawTokenizer, TextAnalyzer, Token, TokenStream, Tokenizer as TantivyTokenizer, TokenizerManager,
};

use super::{Analyzer, Breaking, WordStream};
use crate::mapping::{DocMapping, FieldMapping, Tokenizer};

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
        let breaking = match field.tokenizer {
            Tokenizer::Words => Breaking::Words,
            Tokenizer::Whitespace => Breaking::Whitespace,
        };
        // The mapping was checked when read: its languages have stemmers in every build with
        // splits (all-stemmers), and one without a stemmer keeps words whole.
        let Ok(analyzer) = Analyzer::breaking(breaking, field.language.as_deref()) else {
            continue;
        };
        manager.register(
            &text_tokenizer_name(field),
            TextAnalyzer::from(AnalyzerTokenizer(analyzer)),
        );
    }
}

/// [`Analyzer`] as a tantivy tokenizer.
#[derive(Clone)]
pub struct AnalyzerTokenizer(pub Analyzer);

impl TantivyTokenizer for AnalyzerTokenizer {
    type TokenStream<'a> = AnalyzerTokenStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> AnalyzerTokenStream<'a> {
        AnalyzerTokenStream {
            words: self.0.stream(text),
            token: Token::default(),
        }
    }
}

/// The words of one text as tantivy tokens.
pub struct AnalyzerTokenStream<'a> {
    words: WordStream<'a>,
    token: Token,
}

impl TokenStream for AnalyzerTokenStream<'_> {
    fn advance(&mut self) -> bool {
        if !self.words.advance() {
            return false;
        }
        let word = self.words.word();
        self.token.text.clear();
        self.token.text.push_str(word.term);
        self.token.offset_from = word.start;
        self.token.offset_to = word.end;
        self.token.position = word.position;
        true
    }

    fn token(&self) -> &Token {
        &self.token
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.token
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
