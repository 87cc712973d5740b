//! The language of pages that declare none, when their letters tell it: Chinese, Japanese and
//! Korean are written in scripts of their own. Other languages are not guessed (many manuals
//! declare no language, and a wrong stemmer is worse than none).

use rangefind_engine::analysis::{script, Script};

/// Below this share of CJK letters among all letters, text is not taken for CJK: an English
/// page quoting a few Chinese words stays undetermined. CJK manuals full of English code
/// names still pass it (each CJK letter is about a word's worth of text).
const MIN_CJK_SHARE: f64 = 0.2;
/// Japanese mixes kana with Han letters; Chinese has none. A few kana (a quoted Japanese
/// name) in Chinese text do not make it Japanese.
const MIN_KANA_SHARE: f64 = 0.05;

/// Letters of some text, by script.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct LetterCounts {
    han: u64,
    kana: u64,
    hangul: u64,
    other: u64,
}

impl LetterCounts {
    /// Counts the letters of `text`.
    pub fn add(&mut self, text: &str) {
        for c in text.chars().filter(|c| c.is_alphabetic()) {
            match script(c) {
                None => self.other += 1,
                Some(Script::Kana) => self.kana += 1,
                Some(Script::Hangul) => self.hangul += 1,
                Some(Script::Han) => self.han += 1,
            }
        }
    }

    /// Adds the counts of `other`.
    pub fn merge(&mut self, other: &LetterCounts) {
        self.han += other.han;
        self.kana += other.kana;
        self.hangul += other.hangul;
        self.other += other.other;
    }

    /// `ja`, `ko` or `zh` when the letters are CJK enough to tell; otherwise none.
    pub fn language(&self) -> Option<&'static str> {
        let cjk = self.han + self.kana + self.hangul;
        let all = cjk + self.other;
        if all == 0 || (cjk as f64) < MIN_CJK_SHARE * all as f64 {
            return None;
        }
        Some(if self.hangul > self.han + self.kana {
            "ko"
        } else if self.kana as f64 >= MIN_KANA_SHARE * cjk as f64 {
            "ja"
        } else {
            "zh"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn language(text: &str) -> Option<&'static str> {
        let mut counts = LetterCounts::default();
        counts.add(text);
        counts.language()
    }

    #[test]
    fn cjk_text_is_told_by_its_scripts() {
        assert_eq!(language("使用 git 命令管理软件包的版本"), Some("zh"));
        assert_eq!(
            language("パッケージを apt-get でインストールします"),
            Some("ja")
        );
        assert_eq!(
            language("패키지를 설치하려면 apt-get 명령을 사용합니다"),
            Some("ko")
        );
        assert_eq!(
            language("The Chinese word 命令 means command, as in git commands"),
            None
        );
        assert_eq!(language("Un manuel en français"), None);
        assert_eq!(language("1234 — !"), None);
    }
}
