//! A stemming token filter that remembers the stems it computed (see [`crate::stemming`]).

use frostem::Algorithm;
use tantivy::tokenizer::{Token, TokenFilter, TokenStream, Tokenizer};

use crate::stemming::{stem_into, stems_of, Stems};

/// Stems tokens like tantivy's `Stemmer` (same algorithm, same output), remembering stems.
/// Tokens are expected to be lowercased beforehand.
#[derive(Clone, Copy)]
pub(crate) struct CachedStemmer {
    algorithm: Algorithm,
}

impl CachedStemmer {
    pub(crate) fn new(algorithm: Algorithm) -> CachedStemmer {
        CachedStemmer { algorithm }
    }
}

impl TokenFilter for CachedStemmer {
    type Tokenizer<T: Tokenizer> = CachedStemmerFilter<T>;

    fn transform<T: Tokenizer>(self, tokenizer: T) -> CachedStemmerFilter<T> {
        CachedStemmerFilter {
            algorithm: self.algorithm,
            inner: tokenizer,
        }
    }
}

#[derive(Clone)]
pub(crate) struct CachedStemmerFilter<T> {
    algorithm: Algorithm,
    inner: T,
}

impl<T: Tokenizer> Tokenizer for CachedStemmerFilter<T> {
    type TokenStream<'a> = CachedStemmerStream<T::TokenStream<'a>>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> Self::TokenStream<'a> {
        CachedStemmerStream {
            tail: self.inner.token_stream(text),
            stemmer: frostem::Stemmer::new(self.algorithm),
            known: stems_of(self.algorithm),
        }
    }
}

pub(crate) struct CachedStemmerStream<T> {
    tail: T,
    stemmer: frostem::Stemmer,
    known: Stems,
}

impl<T: TokenStream> TokenStream for CachedStemmerStream<T> {
    fn advance(&mut self) -> bool {
        if !self.tail.advance() {
            return false;
        }
        stem_into(&self.stemmer, &self.known, &mut self.tail.token_mut().text);
        true
    }

    fn token(&self) -> &Token {
        self.tail.token()
    }

    fn token_mut(&mut self) -> &mut Token {
        self.tail.token_mut()
    }
}

#[cfg(test)]
mod tests {
    use tantivy::tokenizer::{Language, LowerCaser, SimpleTokenizer, Stemmer, TextAnalyzer};

    use super::*;
    use crate::stemming::MAX_REMEMBERED_WORDS;

    fn stems(mut analyzer: TextAnalyzer, text: &str) -> Vec<String> {
        let mut out = Vec::new();
        analyzer
            .token_stream(text)
            .process(&mut |t| out.push(t.text.clone()));
        out
    }

    /// Same output as tantivy's stemmer, on first sightings and on remembered words alike,
    /// and languages never mix in the map.
    #[test]
    fn stems_like_tantivy_first_and_second_time() {
        let text = "Running runners ran; the arrays' mapping maps flawlessly. Running again: \
                    generously, generalizations, abandonment, a-very-long-hyphenated-identifierlikething";
        let reference = |language| {
            TextAnalyzer::builder(SimpleTokenizer::default())
                .filter(LowerCaser)
                .filter(Stemmer::new(language))
                .build()
        };
        let cached = |algorithm| {
            TextAnalyzer::builder(SimpleTokenizer::default())
                .filter(LowerCaser)
                .filter(CachedStemmer::new(algorithm))
                .build()
        };
        let english = stems(reference(Language::English), text);
        let french = stems(reference(Language::French), text);
        assert_ne!(english, french, "the sample must tell the languages apart");
        for _ in 0..2 {
            assert_eq!(stems(cached(Algorithm::English), text), english);
            assert_eq!(stems(cached(Algorithm::French), text), french);
        }
    }

    #[test]
    fn the_map_stays_bounded() {
        let mut analyzer = TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(CachedStemmer::new(Algorithm::Swedish))
            .build();
        let words: Vec<String> = (0..MAX_REMEMBERED_WORDS + 10)
            .map(|i| format!("ord{i}ar"))
            .collect();
        let mut stream_count = 0;
        analyzer
            .token_stream(&words.join(" "))
            .process(&mut |_| stream_count += 1);
        assert_eq!(stream_count, words.len());
        let remembered = stems_of(Algorithm::Swedish).borrow().len();
        assert!(
            remembered <= MAX_REMEMBERED_WORDS,
            "{remembered} words remembered"
        );
    }
}
