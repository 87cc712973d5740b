//! Folding lowercase letters (and symbols) to ASCII, as tantivy's `AsciiFoldingFilter` does:
//! `é` → `e`, `ß` → `ss`, `ﬁ` → `fi`, `ế` → `e`, `«` → `"`. The table ([`super::fold_table`])
//! is generated from tantivy's filter, and a test checks every character against it; it
//! holds only characters a lowercased text can hold, so the site engine carries a few KB of
//! it rather than tantivy's whole filter.

use super::fold_table::{FOLDED_CHARS, FOLDED_TO, FOLDINGS};

/// `word` lowercased and folded, unstemmed: how prefixes and the lexicon's words are kept.
pub fn fold(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    fold_into(word, &mut out);
    out
}

/// Puts `word` lowercased and folded into `out`.
pub(super) fn fold_into(word: &str, out: &mut String) {
    out.clear();
    if word.is_ascii() {
        out.push_str(word);
        out.make_ascii_lowercase();
        return;
    }
    for upper in word.chars() {
        for c in upper.to_lowercase() {
            match folded(c) {
                Some(ascii) => out.push_str(ascii),
                None => out.push(c),
            }
        }
    }
}

/// The ASCII form of a lowercase character, when it has one.
fn folded(c: char) -> Option<&'static str> {
    let code = u16::try_from(u32::from(c))
        .ok()
        .filter(|code| *code >= 0x80)?;
    let at = FOLDED_CHARS.binary_search(&code).ok()?;
    Some(FOLDINGS[usize::from(FOLDED_TO[at])])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_fold_to_their_base_letters() {
        assert_eq!(fold("Größe ŒUVRE Łódź"), "grosse oeuvre lodz");
        assert_eq!(fold("Tiếng Việt ﬁle x²"), "tieng viet file x2");
        assert_eq!(fold("日本語 Ελληνικά"), "日本語 ελληνικά");
    }

    /// Every character, lowercased then folded, as tantivy's `LowerCaser` then
    /// `AsciiFoldingFilter` make it (the table is theirs, cut to lowercase characters).
    #[test]
    #[cfg(feature = "splits")]
    fn every_character_folds_as_in_tantivy() {
        let mut differences = Vec::new();
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            let text = c.to_string();
            let theirs = tantivy_fold(&text);
            if fold(&text) != theirs {
                differences.push(format!("U+{:04X} {c:?}: {theirs:?}", u32::from(c)));
            }
        }
        assert!(
            differences.is_empty(),
            "{} characters fold otherwise than in tantivy (regenerate the table: cargo test \
             -p rangefind-engine --lib write_fold_table -- --ignored): {:?}",
            differences.len(),
            &differences[..differences.len().min(20)]
        );
    }

    #[cfg(feature = "splits")]
    fn tantivy_fold(text: &str) -> String {
        use tantivy::tokenizer::{AsciiFoldingFilter, LowerCaser, RawTokenizer, TextAnalyzer};
        let mut analyzer = TextAnalyzer::builder(RawTokenizer::default())
            .filter(LowerCaser)
            .filter(AsciiFoldingFilter)
            .build();
        let mut out = String::new();
        analyzer
            .token_stream(text)
            .process(&mut |token| out.push_str(&token.text));
        out
    }

    /// Writes fold_table.rs from tantivy's filter: every character a lowercased text can hold
    /// that tantivy folds, with what it folds to.
    #[test]
    #[ignore = "generates engine/src/analysis/fold_table.rs"]
    #[cfg(feature = "splits")]
    fn write_fold_table() {
        use std::collections::BTreeMap;
        use std::fmt::Write;
        let lowercase: std::collections::BTreeSet<char> = (0..=0x10ffff)
            .filter_map(char::from_u32)
            .flat_map(char::to_lowercase)
            .filter(|c| !c.is_ascii())
            .collect();
        let mut folds: BTreeMap<u16, String> = BTreeMap::new();
        for c in lowercase {
            let theirs = tantivy_fold(&c.to_string());
            if theirs != c.to_string() {
                let code = u16::try_from(u32::from(c)).expect("tantivy folds the BMP only");
                folds.insert(code, theirs);
            }
        }
        let mut foldings: Vec<&str> = folds.values().map(String::as_str).collect();
        foldings.sort_unstable();
        foldings.dedup();
        assert!(foldings.len() <= 256, "{} foldings", foldings.len());
        let mut out = String::from(
            "//! Generated from tantivy's `AsciiFoldingFilter` by `cargo test -p rangefind-engine \
             --lib\n//! write_fold_table -- --ignored`: do not edit.\n\n",
        );
        let _ = writeln!(
            out,
            "/// Lowercase characters that fold, sorted.\n#[rustfmt::skip]\npub(super) const FOLDED_CHARS: [u16; {}] = [",
            folds.len()
        );
        for chunk in folds.keys().collect::<Vec<_>>().chunks(12) {
            let line: Vec<String> = chunk.iter().map(|c| format!("0x{c:04x}")).collect();
            let _ = writeln!(out, "    {},", line.join(", "));
        }
        let _ = writeln!(
            out,
            "];\n\n/// What each of them folds to: its place in [`FOLDINGS`].\n#[rustfmt::skip]\npub(super) const FOLDED_TO: [u8; {}] = [",
            folds.len()
        );
        for chunk in folds.values().collect::<Vec<_>>().chunks(20) {
            let line: Vec<String> = chunk
                .iter()
                .map(|to| foldings.binary_search(&to.as_str()).unwrap().to_string())
                .collect();
            let _ = writeln!(out, "    {},", line.join(", "));
        }
        let _ = writeln!(
            out,
            "];\n\n/// The ASCII texts characters fold to.\n#[rustfmt::skip]\npub(super) const FOLDINGS: [&str; {}] = [",
            foldings.len()
        );
        for chunk in foldings.chunks(12) {
            let line: Vec<String> = chunk.iter().map(|to| format!("{to:?}")).collect();
            let _ = writeln!(out, "    {},", line.join(", "));
        }
        out.push_str("];\n");
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/analysis/fold_table.rs");
        std::fs::write(path, out).unwrap();
    }
}
