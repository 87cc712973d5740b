//! The analyser as a tantivy tokenizer, and the names of the tokenizers every mapping has
//! (`mapping::tokenizers` registers them, with one per text field, for the builder and every
//! reader of splits alike).

use tantivy::tokenizer::{Token, TokenStream, Tokenizer as TantivyTokenizer};

use super::{Analyzer, WordStream};

/// Analyser for keyword fields: the value as one token.
pub(crate) const KEYWORD_TOKENIZER: &str = "raw";
/// Analyser used for the last word of a prefix query: lowercased and folded, never stemmed.
pub(crate) const PREFIX_TOKENIZER: &str = "rf_words";

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
