//! A page's name in its title: the title without the words API generators put around a name
//! to say what kind of thing it is (`util::io` of `util::io Namespace Reference`). The site
//! file keeps it as a field of its own after the title
//! ([`rangefind_engine::formats::site_file::layout::TITLE_NAME_FIELD`]), whose postings tell
//! the engine which pages are named as the query, wherever their scores put them.

use rangefind_engine::analysis::{Analyzer, Word};

/// Words documentation generators put around a page's name to say what it names: rustdoc's
/// `Module std::vec`, `Keyword for` and `Type Definition std::io::Result`, Doxygen's `Vector
/// Class Reference` and `util Namespace Reference`, javadoc's `Interface List`. Compared as
/// written (any case), not analysed, so a stemmer of another language changes nothing.
const KIND_WORDS: &[&str] = &[
    "annotation",
    "class",
    "constant",
    "crate",
    "definition",
    "enum",
    "exception",
    "file",
    "function",
    "interface",
    "keyword",
    "macro",
    "method",
    "module",
    "namespace",
    "package",
    "primitive",
    "record",
    "reference",
    "static",
    "struct",
    "template",
    "trait",
    "type",
    "union",
];

/// The name `title` gives with the [`KIND_WORDS`] before and after it left out (`std::vec`
/// of `Module std::vec`); `None` when there are none, or nothing else. A kind word joined to
/// the name by punctuation alone is part of it (`WebAssembly.Module`, `io::Reader::file`).
pub(in crate::site) fn name_in_title<'t>(title: &'t str, analyzer: &Analyzer) -> Option<&'t str> {
    let words: Vec<Word> = analyzer.word_list(title);
    let kind = |at: usize| {
        let written = &title[words[at].start..words[at].end];
        KIND_WORDS
            .iter()
            .any(|kind| written.eq_ignore_ascii_case(kind))
    };
    // Whether words `at` and `at + 1` are apart, as two words of a title are.
    let apart = |at: usize| {
        let gap = title.get(words[at].end..words[at + 1].start);
        gap.is_some_and(|gap| gap.chars().any(char::is_whitespace))
    };
    let (mut first, mut last) = (0, words.len());
    while first + 1 < last && kind(first) && apart(first) {
        first += 1;
    }
    while last > first + 1 && kind(last - 1) && apart(last - 2) {
        last -= 1;
    }
    let shorter = first > 0 || last < words.len();
    match shorter && !(first..last).all(kind) {
        true => Some(&title[words[first].start..words[last - 1].end]),
        false => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_the_title_less_the_words_of_its_kind() {
        let analyzer = Analyzer::new(Some("en")).unwrap();
        let name = |title| name_in_title(title, &analyzer);
        assert_eq!(name("util::io Namespace Reference"), Some("util::io"));
        assert_eq!(name("Module std::vec"), Some("std::vec"));
        assert_eq!(name("Keyword for"), Some("for"));
        assert_eq!(
            name("Type Definition std::io::Result"),
            Some("std::io::Result")
        );
        assert_eq!(name("Interface List"), Some("List"));
        assert_eq!(name("Trait Iterator Module"), Some("Iterator"));
        assert_eq!(
            name("HTMLElement: click() method"),
            Some("HTMLElement: click")
        );
        assert_eq!(name("Module std::vec examples"), Some("std::vec examples"));
        assert_eq!(name("module STRUCT Foo"), Some("Foo"), "any case");
        assert_eq!(name("Vector Class Reference Guide"), None);
        assert_eq!(name("The Vector Class"), Some("The Vector"));
        assert_eq!(name("Class Reference"), None, "kind words alone");
        assert_eq!(name("Growing arrays"), None);
        assert_eq!(name("全文检索"), None);
        assert_eq!(name("WebAssembly.Module"), None, "one compound name");
        assert_eq!(
            name("io::Reader::file Class Reference"),
            Some("io::Reader::file")
        );
        assert_eq!(name(""), None);
    }
}
