//! The words of a query that typo tolerance may replace, and which of them the index lacks:
//! shared by split and site indexes, each of which knows in its own way whether it holds a
//! word.

use std::ops::Range;

use super::edits::{is_lexicon_word, MAX_LEXICON_CHARS, MIN_CORRECTED_CHARS};
use super::lexicon::UnknownWord;
use crate::analysis::Analyzer;

/// A word of a query that typo tolerance may replace: a single unquoted word searched in the
/// default fields, not excluded, long enough.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryWord {
    /// The word lowercased and folded (as the lexicon holds words).
    pub word: String,
    /// It is searched as a prefix (`word*`), so any expansion makes it known.
    pub prefix: bool,
}

/// Unknown words and the words searched instead of each (see [`crate::typos`]).
pub type Replacements = [(String, Vec<String>)];

/// Whether typo tolerance may replace `word` (lowercased and folded): long enough to correct,
/// and a word the lexicon could hold.
pub fn is_correctable(word: &str) -> bool {
    let chars = word.chars().count();
    (MIN_CORRECTED_CHARS..=MAX_LEXICON_CHARS).contains(&chars) && is_lexicon_word(word)
}

/// A word of a query literal's text, as both engines search it and typo tolerance sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiteralWord {
    /// Analysed (stemmed): the term searched.
    pub term: String,
    /// Lowercased and folded, not stemmed: as the lexicon holds words, and prefixes are
    /// searched.
    pub typed: String,
    /// Where it is in the literal's text.
    pub at: Range<usize>,
    /// The last word of a prefix (`wor*`, `"big bad wo"*`): searched as typed.
    pub prefix: bool,
}

impl LiteralWord {
    /// The word as typo tolerance may replace it, when it may ([`is_correctable`]).
    pub fn replaceable(&self) -> Option<QueryWord> {
        is_correctable(&self.typed).then(|| QueryWord {
            word: self.typed.clone(),
            prefix: self.prefix,
        })
    }
}

/// The words of `text` (a literal's, without the `*` of a prefix), the last one a prefix when
/// `prefix`.
pub fn literal_words(analyzer: &Analyzer, text: &str, prefix: bool) -> Vec<LiteralWord> {
    let mut words = Vec::new();
    analyzer.each_word(text, |word| {
        words.push(LiteralWord {
            term: word.term.to_string(),
            typed: word.typed.to_string(),
            at: word.start..word.end,
            prefix: false,
        })
    });
    if let Some(last) = words.last_mut() {
        last.prefix = prefix;
    }
    words
}

/// The words of `words` to look up in the lexicon, each once: those `look_up` gives the
/// documents holding them for (0: the index lacks it; a few: a rare word), each a prefix if
/// any of its occurrences is one (`fetch (ap OR ap*)` holds `ap` twice; known as either, it
/// is known).
pub fn unknown_words(
    words: &[QueryWord],
    mut look_up: impl FnMut(&QueryWord) -> Option<u32>,
) -> Vec<UnknownWord> {
    let mut unknown: Vec<UnknownWord> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for QueryWord { word, .. } in words {
        if seen.contains(&word.as_str()) {
            continue;
        }
        seen.push(word);
        let word = QueryWord {
            word: word.clone(),
            prefix: words.iter().any(|w| w.word == *word && w.prefix),
        };
        if let Some(docs) = look_up(&word) {
            unknown.push(UnknownWord {
                word: word.word,
                prefix: word.prefix,
                docs,
            });
        }
    }
    unknown
}

/// Queries and the words typo tolerance may replace in them, `(word, typed as a prefix)`.
#[cfg(test)]
const REPLACEABLE_WORDS: &[(&str, &[(&str, bool)])] = &[
    (
        "Promsie -fetch title:arrray \"evant listener\" ma",
        &[("promsie", false), ("evant", false), ("listener", false)],
    ),
    ("border-radus", &[("border", false), ("radus", false)]),
    ("fetch (Ap OR apix*)", &[("fetch", false), ("apix", true)]),
];

/// Checks that `words_of` (an engine's parser: query text → the words it may replace) picks
/// the words of [`REPLACEABLE_WORDS`]: both engines' parsers are tested with it, so they
/// pick the same words.
#[cfg(test)]
pub(crate) fn assert_replaceable_words(words_of: impl Fn(&str) -> Vec<QueryWord>) {
    for (text, expected) in REPLACEABLE_WORDS {
        let words: Vec<(String, bool)> = words_of(text)
            .into_iter()
            .map(|w| (w.word, w.prefix))
            .collect();
        let expected: Vec<(String, bool)> =
            expected.iter().map(|(w, p)| (w.to_string(), *p)).collect();
        assert_eq!(words, expected, "{text}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_word_once_a_prefix_if_typed_as_one_anywhere() {
        let word = |word: &str, prefix| QueryWord {
            word: word.into(),
            prefix,
        };
        let words = [
            word("fetch", false),
            word("apix", false),
            word("apix", true),
            word("promsie", false),
        ];
        let unknown = unknown_words(&words, |w| (w.word != "fetch").then_some(0));
        assert_eq!(
            unknown,
            [
                UnknownWord {
                    word: "apix".into(),
                    prefix: true,
                    docs: 0
                },
                UnknownWord {
                    word: "promsie".into(),
                    prefix: false,
                    docs: 0
                }
            ]
        );
        assert!(is_correctable("promsie") && !is_correctable("api") && !is_correctable("1234"));
    }
}
