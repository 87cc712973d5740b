//! The one text front end: how text becomes index terms, for the builder and both engines.
//!
//! Words are cut ([`Breaking`]: runs of letters and digits, or runs of anything but ASCII
//! whitespace), words of [`MAX_WORD_BYTES`] or more dropped, the rest lowercased, folded to
//! ASCII where tantivy's `AsciiFoldingFilter` folds them ([`fold`]), then stemmed in the
//! index's language ([`stemming`]). The split engine and the builder run it as a tantivy
//! tokenizer ([`tantivy_tokenizer`]), the site engine and the site builder directly: one
//! piece of code, so an index and the queries on it always cut words alike. It produces the
//! tokens tantivy's `SimpleTokenizer` (or `WhitespaceTokenizer`) + `RemoveLongFilter` +
//! `LowerCaser` + `AsciiFoldingFilter` + `Stemmer` produced for splits built before it,
//! positions and offsets included (builder/tests: one_analyser_cuts_text_alike), except in
//! Chinese, Japanese and Korean text ([`cjk`]), which tantivy's chain kept as one word per run.

mod cjk;
mod fold;
mod fold_table;
pub(crate) mod stemming;
#[cfg(feature = "splits")]
pub mod tantivy_tokenizer;

use frostem::{Algorithm, Stemmer};

use crate::error::{ErrorKind, Result};
pub use cjk::{is_cjk, is_punctuation as is_cjk_punctuation, script, Script};
pub use fold::fold;
use fold::fold_into;
use stemming::{stem_into, stemmed_language, stemmer_language, stems_of, Stems};

/// Words this long or longer (in bytes, as written) are dropped: base64 blobs, hashes.
pub const MAX_WORD_BYTES: usize = 40;

/// Where words start and end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Breaking {
    /// Runs of alphanumeric characters (`Array.prototype.map()` → `array prototype map`).
    Words,
    /// Runs of anything but ASCII whitespace (`v1.2-rc` stays one word).
    Whitespace,
}

impl Breaking {
    fn is_word_char(self, c: char) -> bool {
        match self {
            Breaking::Words => c.is_alphanumeric(),
            // Full-width punctuation (`、`, `。`, `「`) ends words in CJK text, as spaces do.
            Breaking::Whitespace => !c.is_ascii_whitespace() && !cjk::is_punctuation(c),
        }
    }
}

/// A word of a text: its analysed form and where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// Lowercased, folded and stemmed.
    pub term: String,
    /// Byte range in the text.
    pub start: usize,
    /// End of that range.
    pub end: usize,
}

/// A word as [`Analyzer::each_word`] hands it over, borrowed from the analyser's buffers.
#[derive(Debug)]
pub struct WordAt<'a> {
    /// Lowercased, folded and stemmed: the index term.
    pub term: &'a str,
    /// Lowercased and folded, not stemmed: as the lexicon and prefixes hold words.
    pub typed: &'a str,
    /// Byte range of the word in the text.
    pub start: usize,
    /// End of that range.
    pub end: usize,
    /// Its place among the text's words, dropped ones counted (as tantivy counts positions).
    pub position: usize,
}

/// Cuts text into index terms for one language.
#[derive(Clone)]
pub struct Analyzer {
    breaking: Breaking,
    stemmer: Option<Algorithm>,
}

impl std::fmt::Debug for Analyzer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Analyzer({:?}, {:?})", self.breaking, self.stemmer)
    }
}

impl Analyzer {
    /// An analyser of words stemming in `language` (a code such as `en`); none, or a language
    /// without a stemmer, keeps words whole. A language whose stemmer this build leaves out
    /// (the English-only site engine) is an error, never words left unstemmed.
    pub fn new(language: Option<&str>) -> Result<Analyzer> {
        Analyzer::breaking(Breaking::Words, language)
    }

    /// An analyser cutting words as `breaking` says, stemming in `language` as for
    /// [`Analyzer::new`].
    pub fn breaking(breaking: Breaking, language: Option<&str>) -> Result<Analyzer> {
        let Some(language) = language else {
            return Ok(Analyzer {
                breaking,
                stemmer: None,
            });
        };
        let stemmer = match (stemmer_language(language), stemmed_language(language)) {
            (Some(algorithm), _) => Some(algorithm),
            (None, None) => None,
            (None, Some(name)) => {
                return Err(ErrorKind::Incompatible.with_message(format!(
                    "the index stems {name} words, and this engine has the English stemmer \
                     only: load the engine with every stemmer (wasm-site-all/ for a site, \
                     wasm-all/ for splits, wasm-analytics-all/ with aggregations)"
                )))
            }
        };
        Ok(Analyzer { breaking, stemmer })
    }

    /// The words of `text` one at a time, into buffers reused from word to word.
    pub fn stream<'a>(&self, text: &'a str) -> WordStream<'a> {
        WordStream {
            text,
            at: 0,
            breaking: self.breaking,
            stemmer: self
                .stemmer
                .map(|algorithm| (Stemmer::new(algorithm), stems_of(algorithm))),
            term: String::new(),
            typed: String::new(),
            start: 0,
            end: 0,
            position: usize::MAX,
            run: None,
        }
    }

    /// Calls `each` with every word of `text`, in order, without allocating: the builder
    /// analyses every word of a site through this.
    pub fn each_word(&self, text: &str, mut each: impl FnMut(&WordAt)) {
        let mut words = self.stream(text);
        while words.advance() {
            each(&words.word());
        }
    }

    /// The words of `text`, in order.
    pub fn word_list(&self, text: &str) -> Vec<Word> {
        let mut words = Vec::new();
        self.each_word(text, |word| {
            words.push(Word {
                term: word.term.to_string(),
                start: word.start,
                end: word.end,
            })
        });
        words
    }

    /// Whether `word` (lowercased and folded) is searched as another term than itself: its
    /// stem. The site file's stemmed-word filter holds such words of its pages.
    pub fn stems(&self, word: &str) -> bool {
        self.terms(word) != [word]
    }

    /// The terms of `text`.
    pub fn terms(&self, text: &str) -> Vec<String> {
        // Through word_list: each closure given to `each_word` is another copy of its loop in the
        // site engine's code.
        self.word_list(text)
            .into_iter()
            .map(|word| word.term)
            .collect()
    }
}

/// The words of a text, one at a time: [`WordStream::advance`], then read the word.
pub struct WordStream<'a> {
    text: &'a str,
    /// Where the next word is looked for, in bytes.
    at: usize,
    breaking: Breaking,
    stemmer: Option<(Stemmer, Stems)>,
    term: String,
    typed: String,
    start: usize,
    end: usize,
    position: usize,
    /// The CJK run being cut into bigrams, if any.
    run: Option<cjk::Run>,
}

impl WordStream<'_> {
    /// Moves to the next word; false at the end of the text.
    pub fn advance(&mut self) -> bool {
        loop {
            if let Some(bigram) = self.run.as_mut().and_then(|run| run.next(self.text)) {
                self.position = self.position.wrapping_add(1);
                (self.start, self.end) = (bigram.start, bigram.end);
                // Not folded (no CJK letter folds) nor stemmed: a bigram is no word.
                self.typed.clear();
                self.typed.push_str(&self.text[bigram]);
                self.term.clone_from(&self.typed);
                return true;
            }
            self.run = None;
            let Some(start) = self.next_span() else {
                return false;
            };
            if cjk::is_cjk(self.text[start..].chars().next().expect("a span")) {
                self.run = Some(cjk::Run::new(start..self.end));
                continue;
            }
            // Counted before the length check: a dropped word leaves a gap, as in tantivy.
            self.position = self.position.wrapping_add(1);
            if self.end - start >= MAX_WORD_BYTES {
                continue;
            }
            self.start = start;
            fold_into(&self.text[start..self.end], &mut self.typed);
            self.term.clone_from(&self.typed);
            if let Some((stemmer, stems)) = &self.stemmer {
                stem_into(stemmer, stems, &mut self.term);
            }
            return true;
        }
    }

    /// The word [`WordStream::advance`] moved to.
    pub fn word(&self) -> WordAt<'_> {
        WordAt {
            term: &self.term,
            typed: &self.typed,
            start: self.start,
            end: self.end,
            position: self.position,
        }
    }

    /// Finds the next run of word characters, all CJK or none (`git命令` is two runs):
    /// returns its start and sets `end`.
    fn next_span(&mut self) -> Option<usize> {
        let (text, breaking) = (self.text, self.breaking);
        let Some((skipped, first)) =
            (text[self.at..].char_indices()).find(|&(_, c)| breaking.is_word_char(c))
        else {
            self.at = text.len();
            return None;
        };
        let start = self.at + skipped;
        let cjk = cjk::is_cjk(first);
        let mut end = start + first.len_utf8();
        // ASCII a byte at a time (most characters of most texts; none is CJK), the rest
        // decoded: tokenising hits' text for snippets is a large part of a warm query.
        while let Some(&byte) = text.as_bytes().get(end) {
            let (c, len) = match byte.is_ascii() {
                true => (char::from(byte), 1),
                false => {
                    let c = text[end..].chars().next().expect("a character boundary");
                    (c, c.len_utf8())
                }
            };
            if !breaking.is_word_char(c) || cjk::is_cjk(c) != cjk {
                break;
            }
            end += len;
        }
        (self.end, self.at) = (end, end);
        Some(start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The English-only build (the site engine's) refuses a stemmed index in another language
    /// and still reads one in a language without a stemmer (`cargo test -p rangefind-engine
    /// --no-default-features --lib`, which scripts/test.sh runs).
    #[test]
    #[cfg(not(feature = "all-stemmers"))]
    fn a_language_whose_stemmer_is_left_out_is_an_error() {
        let error = Analyzer::new(Some("fr")).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Incompatible);
        assert!(error.to_string().contains("french"), "{error}");
        assert!(Analyzer::new(Some("ja")).is_ok());
        assert_eq!(Analyzer::new(Some("en")).unwrap().terms("running"), ["run"]);
    }

    #[test]
    #[cfg(feature = "all-stemmers")]
    fn every_stemmed_language_has_its_stemmer() {
        for (code, name) in stemming::STEMMED_LANGUAGES {
            let analyzer = Analyzer::new(Some(code)).unwrap();
            assert!(analyzer.stemmer.is_some(), "{code}");
            assert!(stemmer_language(name).is_some(), "{name}");
        }
        assert_eq!(
            Analyzer::new(Some("fr")).unwrap().terms("mangeons"),
            ["mangeon"]
        );
    }

    #[test]
    fn words_are_cut_folded_and_stemmed() {
        let english = Analyzer::new(Some("en")).unwrap();
        assert_eq!(
            english.terms("Array.prototype.map() Café running ÉVÉNEMENTS"),
            ["array", "prototyp", "map", "cafe", "run", "even"]
        );
        let plain = Analyzer::new(None).unwrap();
        assert_eq!(
            plain.terms("Größe œuvre Łódź naïve Tiếng Việt ﬁle"),
            ["grosse", "oeuvre", "lodz", "naive", "tieng", "viet", "file"]
        );
        let long = "x".repeat(MAX_WORD_BYTES);
        assert_eq!(plain.terms(&format!("a {long} b")), ["a", "b"]);
        assert_eq!(plain.terms("日本語 text"), ["日本", "本語", "text"]);
        let spaced = Analyzer::breaking(Breaking::Whitespace, None).unwrap();
        assert_eq!(
            spaced.terms("v1.2-rc\tBuild «ok»"),
            ["v1.2-rc", "build", "\"ok\""]
        );
    }

    #[test]
    fn cjk_runs_are_bigrams_between_the_words_of_other_scripts() {
        let english = Analyzer::new(Some("en")).unwrap();
        assert_eq!(
            english.terms("git命令を使う Running、検索。字 한국어 문서"),
            [
                "git", "命令", "令を", "を使", "使う", "run", "検索", "字", "한국", "국어", "문서"
            ]
        );
        let spaced = Analyzer::breaking(Breaking::Whitespace, None).unwrap();
        assert_eq!(
            spaced.terms("v1.2「全文検索」x"),
            ["v1.2", "全文", "文検", "検索", "x"]
        );
        // Offsets of each bigram, positions one apart: a query's run is a phrase of them.
        let text = "é 東京都";
        let mut cuts = Vec::new();
        english.each_word(text, |word| {
            cuts.push((
                &text[word.start..word.end],
                word.typed.to_string(),
                word.position,
            ))
        });
        assert_eq!(
            cuts,
            [
                ("é", "e".to_string(), 0),
                ("東京", "東京".to_string(), 1),
                ("京都", "京都".to_string(), 2)
            ]
        );
    }

    #[test]
    fn words_point_at_the_text_as_written_and_count_dropped_words() {
        let text = format!("  Hello, wörld! {} again", "x".repeat(MAX_WORD_BYTES));
        let mut words = Vec::new();
        Analyzer::new(None).unwrap().each_word(&text, |word| {
            words.push((
                text[word.start..word.end].to_string(),
                word.typed.to_string(),
                word.position,
            ))
        });
        assert_eq!(
            words,
            [
                ("Hello".into(), "hello".into(), 0),
                ("wörld".into(), "world".into(), 1),
                ("again".into(), "again".into(), 3),
            ]
        );
    }
}
