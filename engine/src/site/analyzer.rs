//! The text analyser of site indexes, shared by the builder and the engine so both cut, fold
//! and stem words the same way: words are runs of letters and digits, lowercased, Latin
//! letters folded to ASCII (`café` → `cafe`), then stemmed in the index's language.
//!
//! It matches tantivy's `SimpleTokenizer` + `RemoveLongFilter` + `LowerCaser` +
//! `AsciiFoldingFilter` + `Stemmer` on Latin text, without tantivy: the site engine has to
//! stay small. Folding covers Latin-1 and Latin Extended-A, the letters of the languages with
//! a stemmer; other scripts are kept as they are.

use frostem::{Algorithm, Stemmer};

use crate::error::{ErrorKind, Result};
use crate::stemming::{stem_remembered, stemmed_language, stemmer_language};

/// Words this long or longer (in bytes, as written) are dropped: base64 blobs, hashes.
pub const MAX_WORD_BYTES: usize = 40;

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

/// Cuts text into index terms for one language.
pub struct Analyzer {
    stemmer: Option<(Algorithm, Stemmer)>,
}

impl std::fmt::Debug for Analyzer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Analyzer({:?})", self.stemmer.as_ref().map(|(a, _)| a))
    }
}

impl Analyzer {
    /// An analyser stemming in `language` (a code such as `en`); none, or a language without
    /// a stemmer, keeps words whole. A language whose stemmer this build leaves out (the
    /// English-only site engine) is an error, never words left unstemmed.
    pub fn new(language: Option<&str>) -> Result<Analyzer> {
        let Some(language) = language else {
            return Ok(Analyzer { stemmer: None });
        };
        let stemmer = match (stemmer_language(language), stemmed_language(language)) {
            (Some(algorithm), _) => Some((algorithm, Stemmer::new(algorithm))),
            (None, None) => None,
            (None, Some(name)) => {
                return Err(ErrorKind::Incompatible.with_message(format!(
                    "the index stems {name} words, and this engine has the English stemmer \
                     only: load the site engine with every stemmer (wasm-site-all/)"
                )))
            }
        };
        Ok(Analyzer { stemmer })
    }

    /// Calls `each` with every word of `text`, in order.
    pub fn words(&self, text: &str, mut each: impl FnMut(Word)) {
        self.each_word(text, |term, _, start, end| {
            each(Word {
                term: term.to_string(),
                start,
                end,
            })
        });
    }

    /// Calls `each` with every word of `text`, in order, and the word lowercased and folded
    /// but not stemmed (as the lexicon holds words).
    pub fn words_as_typed(&self, text: &str, mut each: impl FnMut(Word, &str)) {
        self.each_word(text, |term, typed, start, end| {
            let word = Word {
                term: term.to_string(),
                start,
                end,
            };
            each(word, typed)
        });
    }

    /// Calls `each(term, typed, start, end)` with every word of `text`, in order, without
    /// allocating: the builder analyses every word of a site through this.
    pub fn each_word(&self, text: &str, mut each: impl FnMut(&str, &str, usize, usize)) {
        let mut term = String::new();
        let mut typed = String::new();
        for (start, end) in word_spans(text) {
            if end - start >= MAX_WORD_BYTES {
                continue;
            }
            fold_into(&text[start..end], &mut typed);
            term.clone_from(&typed);
            if let Some((algorithm, stemmer)) = &self.stemmer {
                stem_remembered(stemmer, *algorithm, &mut term);
            }
            each(&term, &typed, start, end);
        }
    }

    /// The words of `text`, in order.
    pub fn word_list(&self, text: &str) -> Vec<Word> {
        let mut words = Vec::new();
        self.words(text, |word| words.push(word));
        words
    }

    /// The terms of `text`.
    pub fn terms(&self, text: &str) -> Vec<String> {
        // Through word_list: each closure given to `words` is another copy of its loop in the
        // site engine's code.
        self.word_list(text)
            .into_iter()
            .map(|word| word.term)
            .collect()
    }
}

/// Byte ranges of the words of `text`: runs of alphanumeric characters.
pub fn word_spans(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut chars = text.char_indices().peekable();
    std::iter::from_fn(move || {
        let start = loop {
            let (at, c) = chars.next()?;
            if c.is_alphanumeric() {
                break at;
            }
        };
        let mut end = text.len();
        while let Some(&(at, c)) = chars.peek() {
            if !c.is_alphanumeric() {
                end = at;
                break;
            }
            chars.next();
        }
        Some((start, end))
    })
}

/// `word` lowercased and folded, unstemmed: how prefixes and the lexicon's words are kept.
pub fn fold(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    fold_into(word, &mut out);
    out
}

fn fold_into(word: &str, out: &mut String) {
    out.clear();
    for upper in word.chars() {
        for c in upper.to_lowercase() {
            match folded(c) {
                Some(ascii) => out.push_str(ascii),
                None => out.push(c),
            }
        }
    }
}

/// Lowercase Latin-1 Supplement letters from `à` (U+00E0) to `ÿ`, folded.
const LATIN_1: [&str; 32] = [
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i", "d", "n", "o",
    "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y",
];

/// Latin Extended-A (U+0100 to U+017F): the base letter of each code point, `*` where it is
/// two letters (`ĳ`, `œ`).
const LATIN_EXTENDED_A: &[u8; 128] =
    b"aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii**jjkkkllllllllllnnnnnnnnnoooooo**rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";

/// The ASCII form of a lowercase letter, when it has one.
fn folded(c: char) -> Option<&'static str> {
    let code = c as u32;
    match code {
        0xdf => Some("ss"),
        0xe0..=0xff if code != 0xf7 => Some(LATIN_1[(code - 0xe0) as usize]),
        0x132 | 0x133 => Some("ij"),
        0x152 | 0x153 => Some("oe"),
        0x100..=0x17f => {
            let letter = LATIN_EXTENDED_A[(code - 0x100) as usize];
            Some(ASCII_LETTERS[usize::from(letter - b'a')])
        }
        _ => None,
    }
}

const ASCII_LETTERS: [&str; 26] = [
    "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s",
    "t", "u", "v", "w", "x", "y", "z",
];

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
        for (code, name) in crate::stemming::STEMMED_LANGUAGES {
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
            plain.terms("Größe œuvre Łódź naïve"),
            ["grosse", "oeuvre", "lodz", "naive"]
        );
        let long = "x".repeat(MAX_WORD_BYTES);
        assert_eq!(plain.terms(&format!("a {long} b")), ["a", "b"]);
        assert_eq!(plain.terms("日本語 text"), ["日本語", "text"]);
    }

    #[test]
    fn spans_point_at_the_words_as_written() {
        let text = "  Hello, wörld!";
        let spans: Vec<&str> = word_spans(text).map(|(s, e)| &text[s..e]).collect();
        assert_eq!(spans, ["Hello", "wörld"]);
        let mut words = Vec::new();
        Analyzer::new(None).unwrap().words(text, |w| words.push(w));
        assert_eq!(&text[words[1].start..words[1].end], "wörld");
    }

    /// Every small letter of Latin Extended-A folds to the letter it is drawn from.
    #[test]
    fn latin_extended_a_folds_to_its_base_letters() {
        let cases = [
            ('ā', "a"),
            ('ą', "a"),
            ('č', "c"),
            ('ď', "d"),
            ('đ', "d"),
            ('ě', "e"),
            ('ğ', "g"),
            ('ħ', "h"),
            ('ı', "i"),
            ('ĵ', "j"),
            ('ķ', "k"),
            ('ĺ', "l"),
            ('ľ', "l"),
            ('ł', "l"),
            ('ń', "n"),
            ('ň', "n"),
            ('ŋ', "n"),
            ('ō', "o"),
            ('ő', "o"),
            ('ŕ', "r"),
            ('ř', "r"),
            ('ś', "s"),
            ('š', "s"),
            ('ţ', "t"),
            ('ŧ', "t"),
            ('ũ', "u"),
            ('ű', "u"),
            ('ų', "u"),
            ('ŵ', "w"),
            ('ŷ', "y"),
            ('ź', "z"),
            ('ż', "z"),
            ('ž', "z"),
            ('ÿ', "y"),
            ('ñ', "n"),
        ];
        for (letter, base) in cases {
            assert_eq!(
                folded(letter),
                Some(base),
                "{letter} (U+{:04X})",
                letter as u32
            );
        }
    }
}
