//! Chinese, Japanese and Korean text, which is written without spaces between words: a run of
//! Han, Hiragana, Katakana or Hangul characters is cut into overlapping character bigrams
//! (`全文検索` → `全文 文検 検索`), a run of one character into that character. A query's run
//! is cut alike and searched as a phrase of its bigrams, so any two or more consecutive
//! characters of a text find it, wherever a dictionary would have cut its words; no
//! dictionary is needed to build or to search. (Lucene's CJKBigramFilter does the same.)

use std::ops::Range;

/// A script written without spaces between words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Script {
    /// Han ideographs (Chinese, and Japanese kanji), with the iteration mark `々` and `〇`.
    Han,
    /// Hiragana and Katakana (half-width forms included).
    Kana,
    /// Hangul (Korean).
    Hangul,
}

/// The script written without spaces that `c` is a letter of, if any.
pub fn script(c: char) -> Option<Script> {
    // Every text's most common case, and below every range: one comparison.
    if (c as u32) < 0x1100 {
        return None;
    }
    let script = match c as u32 {
        0x3040..=0x30FF // Hiragana, Katakana
        | 0x31F0..=0x31FF // Katakana phonetic extensions
        | 0xFF66..=0xFF9F // half-width Katakana
        => Script::Kana,
        0x1100..=0x11FF // Hangul Jamo
        | 0x3130..=0x318F // Hangul compatibility Jamo
        | 0xA960..=0xA97F // Hangul Jamo extended A
        | 0xAC00..=0xD7FF // Hangul syllables, Jamo extended B
        | 0xFFA0..=0xFFDC // half-width Hangul
        => Script::Hangul,
        0x2E80..=0x2FDF // CJK and Kangxi radicals
        | 0x3005..=0x3007 // 々 〆 〇
        | 0x3021..=0x3029 | 0x3038..=0x303C // Hangzhou numerals, more iteration marks
        | 0x3400..=0x4DBF // CJK extension A
        | 0x4E00..=0x9FFF // CJK unified ideographs
        | 0xF900..=0xFAFF // CJK compatibility ideographs
        | 0x20000..=0x3FFFF // CJK extensions B onwards
        => Script::Han,
        _ => return None,
    };
    c.is_alphanumeric().then_some(script)
}

/// Whether `c` is a letter of a script written without spaces ([`script`]).
pub fn is_cjk(c: char) -> bool {
    script(c).is_some()
}

/// Whether `c` is CJK punctuation or a full-width symbol (`、`, `。`, `「`, `！`, the
/// ideographic space): it ends words as a space does, also where words are cut at spaces only.
pub fn is_punctuation(c: char) -> bool {
    matches!(c as u32, 0x3000..=0x303F | 0xFF01..=0xFF65) && !c.is_alphanumeric()
}

/// A run of CJK letters being cut into bigrams.
#[derive(Debug)]
pub struct Run {
    /// Where the next bigram starts.
    next: usize,
    /// Where the run ends.
    end: usize,
    /// The run is one character, not yet given.
    single: bool,
}

impl Run {
    /// The run at `range` of a text (CJK letters only).
    pub fn new(range: Range<usize>) -> Run {
        Run {
            next: range.start,
            end: range.end,
            single: true,
        }
    }

    /// The next bigram of the run in `text` (or its only character), as a byte range.
    pub fn next(&mut self, text: &str) -> Option<Range<usize>> {
        let mut chars = text[self.next..self.end].char_indices();
        let (_, first) = chars.next()?;
        let second = chars.next();
        let start = self.next;
        match second {
            Some((at, c)) => {
                self.single = false;
                self.next += first.len_utf8();
                Some(start..start + at + c.len_utf8())
            }
            // One character left: the run's only one, or the end of its last bigram.
            None => {
                self.next = self.end;
                self.single.then_some(start..self.end)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str) -> Vec<&str> {
        let mut run = Run::new(0..text.len());
        std::iter::from_fn(|| run.next(text).map(|r| &text[r])).collect()
    }

    #[test]
    fn runs_are_cut_into_overlapping_bigrams_or_one_character() {
        assert_eq!(cut("全文検索"), ["全文", "文検", "検索"]);
        assert_eq!(cut("命令"), ["命令"]);
        assert_eq!(cut("字"), ["字"]);
        assert_eq!(cut("한국어"), ["한국", "국어"]);
    }

    #[test]
    fn scripts_without_spaces_are_told_from_the_rest() {
        for c in ['中', '々', 'ひ', 'カ', 'ー', 'ｶ', '한', 'ㄱ', '𠀋'] {
            assert!(is_cjk(c), "{c}");
        }
        for c in ['a', 'é', 'Ａ', '１', '。', '、', 'α', 'я', '٣'] {
            assert!(!is_cjk(c), "{c}");
        }
        assert_eq!(script('検'), Some(Script::Han));
        assert_eq!(script('ひ'), Some(Script::Kana));
        assert_eq!(script('ｶ'), Some(Script::Kana));
        assert_eq!(script('한'), Some(Script::Hangul));
        for c in ['。', '、', '「', '」', '！', '\u{3000}', '（'] {
            assert!(is_punctuation(c), "{c}");
        }
        assert!(!is_punctuation('Ａ') && !is_punctuation('々'));
    }
}
