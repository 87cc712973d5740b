//! Lowercasing and folding letters (and symbols) to ASCII, as tantivy's `LowerCaser` and
//! `AsciiFoldingFilter` do: `É` → `e`, `ß` → `ss`, `ﬁ` → `fi`, `ế` → `e`, `«` → `"`. The
//! tables ([`super::fold_table`]) are generated from the standard library's `to_lowercase`
//! and tantivy's filter, and tests check every character against both. They are packed as
//! varints and unpacked on first use: as arrays (the standard library's lowercase mappings,
//! pairs of characters; the folded characters; a pointer to each folding) they cost the site
//! engine 3.1 KB brotli, packed 2.0 KB (BENCHMARKS.md, "Engine size").

use std::sync::OnceLock;

use super::fold_table::{FOLDED_GAPS, FOLDED_TO, FOLDINGS, LOWERCASE_RUNS};
use crate::formats::split::ByteReader;

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
    let tables = tables();
    for upper in word.chars() {
        // The one character that lowercases to two: `İ` → `i̇`.
        if upper == '\u{130}' {
            out.push('i');
            tables.push_folded('\u{307}', out);
        } else {
            tables.push_folded(tables.lowercase(upper), out);
        }
    }
}

/// A run of characters that lowercase alike: `len` of them, `stride` apart from `start`,
/// each becoming the character `delta` after it.
struct Run {
    start: u32,
    len: u32,
    stride: u32,
    delta: i32,
}

/// The tables unpacked.
struct Tables {
    /// By `start`.
    lowercase: Vec<Run>,
    /// Lowercase characters that fold, sorted.
    folded: Vec<u32>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        // The tables are the engine's own constants, checked by tests: they always read.
        let unpacked = "the fold tables read";
        let mut runs = ByteReader::new(LOWERCASE_RUNS, "lowercase table");
        let mut lowercase = Vec::new();
        let mut end = 0;
        while runs.remaining() > 0 {
            let start = end + runs.varint().expect(unpacked) as u32;
            let shape = runs.varint().expect(unpacked) as u32;
            let (len, stride) = (shape >> 1, 1 + (shape & 1));
            let delta = runs.signed().expect(unpacked) as i32;
            end = start + (len - 1) * stride + 1;
            lowercase.push(Run {
                start,
                len,
                stride,
                delta,
            });
        }
        let mut gaps = ByteReader::new(FOLDED_GAPS, "fold table");
        let mut folded = Vec::with_capacity(FOLDED_TO.len());
        let mut last = 0x7f;
        while gaps.remaining() > 0 {
            last += gaps.varint().expect(unpacked) as u32;
            folded.push(last);
        }
        Tables { lowercase, folded }
    })
}

impl Tables {
    /// `c` lowercased (a character that lowercases to one character, or to itself).
    fn lowercase(&self, c: char) -> char {
        let code = u32::from(c);
        let Some(run) = (self.lowercase)
            .partition_point(|run| run.start <= code)
            .checked_sub(1)
            .map(|at| &self.lowercase[at])
        else {
            return c;
        };
        let step = code - run.start;
        if step % run.stride != 0 || step / run.stride >= run.len {
            return c;
        }
        char::from_u32(code.wrapping_add_signed(run.delta)).unwrap_or(c)
    }

    /// Appends the lowercase `c`, or its ASCII form when it has one.
    fn push_folded(&self, c: char, out: &mut String) {
        match self.folded.binary_search(&u32::from(c)) {
            Ok(at) => {
                // Past the texts before it, each a byte of its length and its bytes.
                let mut start = 0;
                for _ in 0..FOLDED_TO[at] {
                    start += 1 + usize::from(FOLDINGS[start]);
                }
                let text = &FOLDINGS[start + 1..][..usize::from(FOLDINGS[start])];
                out.extend(text.iter().map(|&byte| char::from(byte)));
            }
            Err(_) => out.push(c),
        }
    }
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

    /// Every character lowercases as `char::to_lowercase` has it.
    #[test]
    fn every_character_lowercases_as_in_the_standard_library() {
        let mut differences = Vec::new();
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            let theirs: String = c.to_lowercase().collect();
            let mut ours = String::new();
            fold_into_lowercase_only(c, &mut ours);
            if ours != theirs {
                differences.push(format!("U+{:04X}: {theirs:?}, not {ours:?}", u32::from(c)));
            }
        }
        assert!(
            differences.is_empty(),
            "{} characters lowercase otherwise than in the standard library (regenerate the \
             table: cargo test -p rangefind-engine --lib write_fold_table -- --ignored): {:?}",
            differences.len(),
            &differences[..differences.len().min(20)]
        );
    }

    fn fold_into_lowercase_only(c: char, out: &mut String) {
        match c {
            '\u{130}' => out.push_str("i\u{307}"),
            c => out.push(tables().lowercase(c)),
        }
    }

    /// Writes fold_table.rs from the standard library's lowercasing and tantivy's filter:
    /// every character that lowercases to another one, and every character a lowercased
    /// text can hold that tantivy folds, with what it folds to.
    #[test]
    #[ignore = "generates engine/src/analysis/fold_table.rs"]
    #[cfg(feature = "splits")]
    fn write_fold_table() {
        use crate::formats::split::{put_signed, put_varint};
        use std::collections::BTreeMap;
        use std::fmt::Write;
        // Runs of characters `stride` apart that each lowercase to the character `delta` after.
        let mut runs: Vec<(u32, u32, u32, i64)> = Vec::new();
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            let mut lower = c.to_lowercase();
            let (Some(l), None) = (lower.next(), lower.next()) else {
                assert_eq!(c, '\u{130}', "fold_into handles U+0130 alone");
                continue;
            };
            let (code, delta) = (
                u32::from(c),
                i64::from(u32::from(l)) - i64::from(u32::from(c)),
            );
            if delta == 0 {
                continue;
            }
            let extends = match runs.last() {
                Some(&(start, len, stride, d)) if d == delta => match len {
                    1 => code - start <= 2,
                    _ => code == start + len * stride,
                },
                _ => false,
            };
            match runs.last_mut() {
                Some((start, len, stride, _)) if extends => {
                    if *len == 1 {
                        *stride = code - *start;
                    }
                    *len += 1;
                }
                _ => runs.push((code, 1, 1, delta)),
            }
        }
        let mut lowercase_runs = Vec::new();
        let mut end = 0;
        for &(start, len, stride, delta) in &runs {
            put_varint(&mut lowercase_runs, u64::from(start - end));
            put_varint(&mut lowercase_runs, u64::from(len << 1 | (stride - 1)));
            put_signed(&mut lowercase_runs, delta);
            end = start + (len - 1) * stride + 1;
        }
        let lowercase: std::collections::BTreeSet<char> = (0..=0x10ffff)
            .filter_map(char::from_u32)
            .flat_map(char::to_lowercase)
            .filter(|c| !c.is_ascii())
            .collect();
        let mut folds: BTreeMap<u32, String> = BTreeMap::new();
        for c in lowercase {
            let theirs = tantivy_fold(&c.to_string());
            if theirs != c.to_string() {
                folds.insert(u32::from(c), theirs);
            }
        }
        let mut foldings: Vec<&str> = folds.values().map(String::as_str).collect();
        foldings.sort_unstable();
        foldings.dedup();
        assert!(foldings.len() <= 256, "{} foldings", foldings.len());
        assert!(foldings.iter().all(|f| f.is_ascii() && f.len() < 256));
        let mut gaps = Vec::new();
        let mut last = 0x7f;
        for &code in folds.keys() {
            put_varint(&mut gaps, u64::from(code - last));
            last = code;
        }
        let bytes = |name: &str, doc: &str, bytes: &[u8]| {
            let mut out = format!("{doc}\n#[rustfmt::skip]\npub(super) const {name}: &[u8] = &[\n");
            for chunk in bytes.chunks(20) {
                let line: Vec<String> = chunk.iter().map(u8::to_string).collect();
                let _ = writeln!(out, "    {},", line.join(", "));
            }
            out + "];\n\n"
        };
        let mut out = String::from(
            "//! Generated from the standard library's `char::to_lowercase` and tantivy's\n\
             //! `AsciiFoldingFilter` by `cargo test -p rangefind-engine --lib write_fold_table --\n\
             //! --ignored`: do not edit.\n\n",
        );
        out += &bytes(
            "LOWERCASE_RUNS",
            "/// Characters that lowercase to another one (all but U+0130), as runs of characters that\n\
             /// lowercase alike; per run, varints: its first character's distance from the end of the\n\
             /// run before, its length << 1 | 1 if its characters are every other one (else every\n\
             /// one), and the distance (signed) from each to its lowercase.",
            &lowercase_runs,
        );
        out += &bytes(
            "FOLDED_GAPS",
            "/// Lowercase characters that fold, as varints: each one's distance from the one before\n\
             /// (the first's from U+007F).",
            &gaps,
        );
        let _ = writeln!(
            out,
            "/// What each of them folds to: its place in [`FOLDINGS`].\n#[rustfmt::skip]\npub(super) const FOLDED_TO: [u8; {}] = [",
            folds.len()
        );
        for chunk in folds.values().collect::<Vec<_>>().chunks(20) {
            let line: Vec<String> = chunk
                .iter()
                .map(|to| foldings.binary_search(&to.as_str()).unwrap().to_string())
                .collect();
            let _ = writeln!(out, "    {},", line.join(", "));
        }
        out += "];\n\n";
        let texts: Vec<u8> = foldings
            .iter()
            .flat_map(|text| [text.len() as u8].into_iter().chain(text.bytes()))
            .collect();
        out += &bytes(
            "FOLDINGS",
            "/// The ASCII texts characters fold to, each a byte of its length, then its bytes.",
            &texts,
        );
        let out = out.trim_end().to_string() + "\n";
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/analysis/fold_table.rs");
        std::fs::write(path, out).unwrap();
    }
}
