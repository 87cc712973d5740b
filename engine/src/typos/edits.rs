//! One-edit arithmetic on words, by character: the keys of the symmetric-delete table and the
//! check that two words really are one edit apart.

use crate::analysis::MAX_WORD_BYTES;

/// Words shorter than this (in characters) are not corrected: at three letters nearly every
/// word is one edit from dozens of others.
pub const MIN_CORRECTED_CHARS: usize = 4;
/// Words the lexicon holds: at least this many characters …
pub const MIN_LEXICON_CHARS: usize = 3;
/// … and at most this many: every word an index can hold (the analyser drops words of
/// [`MAX_WORD_BYTES`] or more as written: hashes, base64), so that a long name typed with one
/// letter doubled is corrected too (it was 32 until 2026-12-02: a configuration variable of 33
/// letters found nothing).
pub const MAX_LEXICON_CHARS: usize = MAX_WORD_BYTES;

/// Whether the lexicon keeps `word`: a length in bounds and at least one letter.
pub fn is_lexicon_word(word: &str) -> bool {
    let chars = word.chars().count();
    (MIN_LEXICON_CHARS..=MAX_LEXICON_CHARS).contains(&chars)
        && word.chars().any(char::is_alphabetic)
}

/// `word` and every word one character shorter, without repeats. Two words within one edit
/// (insertion, deletion, substitution or transposition) share at least one key.
pub fn delete_keys(word: &str) -> Vec<String> {
    let chars: Vec<char> = word.chars().collect();
    let mut keys = Vec::with_capacity(chars.len() + 1);
    keys.push(word.to_string());
    for skip in 0..chars.len() {
        // Deleting either of two equal neighbours gives the same key.
        if skip > 0 && chars[skip] == chars[skip - 1] {
            continue;
        }
        let key: String = chars
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != skip)
            .map(|(_, c)| c)
            .collect();
        keys.push(key);
    }
    keys
}

/// Whether `a` and `b` differ by exactly one insertion, deletion, substitution or
/// transposition of adjacent characters.
pub fn one_edit_apart(a: &str, b: &str) -> bool {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let (short, long) = if a.len() <= b.len() {
        (&a, &b)
    } else {
        (&b, &a)
    };
    let common = short
        .iter()
        .zip(long.iter())
        .take_while(|(x, y)| x == y)
        .count();
    match long.len() - short.len() {
        0 => {
            if common == short.len() {
                return false;
            }
            let rest = common + 1;
            // A substitution, or a swap of this character and the next.
            short[rest..] == long[rest..]
                || (rest < short.len()
                    && short[common] == long[rest]
                    && short[rest] == long[common]
                    && short[rest + 1..] == long[rest + 1..])
        }
        1 => short[common..] == long[common + 1..],
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delete_keys_are_the_word_and_each_deletion_once() {
        assert_eq!(delete_keys("abc"), ["abc", "bc", "ac", "ab"]);
        assert_eq!(delete_keys("aab"), ["aab", "ab", "aa"]);
        assert_eq!(delete_keys("été"), ["été", "té", "éé", "ét"]);
    }

    #[test]
    fn every_kind_of_single_edit_shares_a_key() {
        for (typed, word) in [
            ("fetc", "fetch"),      // deletion
            ("fettch", "fetch"),    // insertion
            ("fetxh", "fetch"),     // substitution
            ("fecth", "fetch"),     // transposition
            ("efetch", "fetch"),    // insertion at the start
            ("promsie", "promise"), // transposition
        ] {
            let keys = delete_keys(word);
            assert!(
                delete_keys(typed).iter().any(|k| keys.contains(k)),
                "{typed} / {word}"
            );
            assert!(one_edit_apart(typed, word), "{typed} / {word}");
            assert!(one_edit_apart(word, typed), "{word} / {typed}");
        }
    }

    #[test]
    fn words_two_edits_apart_or_equal_are_not_one_edit_apart() {
        for (a, b) in [
            ("fetch", "fetch"),
            ("fetch", "fitcj"),
            ("fetch", "fet"),
            ("abcd", "badc"),
            ("abc", "cab"),
            ("array", "arrays2"),
        ] {
            assert!(!one_edit_apart(a, b), "{a} / {b}");
        }
    }

    #[test]
    fn the_lexicon_keeps_words_with_a_letter_in_length_bounds() {
        assert!(is_lexicon_word("map"));
        assert!(is_lexicon_word("utf8"));
        assert!(!is_lexicon_word("at"));
        assert!(!is_lexicon_word("2048"));
        assert!(is_lexicon_word(&"a".repeat(39)));
        assert!(!is_lexicon_word(&"a".repeat(41)));
    }
}
