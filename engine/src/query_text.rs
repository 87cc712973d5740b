//! What both engines do to query text before their own conversion of it (the split engine
//! into tantivy queries, the site engine into its nodes), so that a query means the same in
//! both: the bounds on its size, and what a query of exclusions alone matches.

use tantivy_query_grammar::{Delimiter, Occur, UserInputAst, UserInputLeaf, UserInputLiteral};

use crate::analysis::is_cjk;
use crate::error::{ErrorKind, Result};

/// Longest query text, in bytes: a search box's query is a few words, and parsing costs grow
/// faster than the text (a pasted page is not a query).
pub const MAX_QUERY_BYTES: usize = 2048;
/// Deepest nesting of parentheses: the query grammar recurses once per level, and thousands
/// of levels overflow the stack.
pub const MAX_QUERY_DEPTH: usize = 32;
/// Words a prefix (`word*`) is searched as at most, in both engines (per field and split in
/// the split engine): a prefix of a few letters begins thousands of words.
pub const MAX_PREFIX_EXPANSIONS: usize = 50;

/// Refuses query text with parentheses (outside quotes) nested deeper than
/// [`MAX_QUERY_DEPTH`], or longer than [`MAX_QUERY_BYTES`].
pub fn check_query_text(query: &str) -> Result<()> {
    let (mut depth, mut deepest, mut quoted, mut escaped) = (0usize, 0usize, false, false);
    for c in query.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => quoted = !quoted,
            '(' if !quoted => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            ')' if !quoted => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    if deepest > MAX_QUERY_DEPTH {
        return Err(ErrorKind::InvalidQuery.with_message(format!(
            "the query nests parentheses {deepest} deep; the limit is {MAX_QUERY_DEPTH}"
        )));
    }
    if query.len() > MAX_QUERY_BYTES {
        return Err(ErrorKind::InvalidQuery.with_message(format!(
            "the query is {} bytes long; the limit is {MAX_QUERY_BYTES}",
            query.len()
        )));
    }
    Ok(())
}

/// Refuses ranges (`title:[a TO z]`, `>x`) and `field:*` on fields without a fast column,
/// before either engine converts the query. Both need one: tantivy asserted on an inverted
/// term range and could not warm a term range from the hotcache, and the site engine (whose
/// fields have none) searched the bounds as words. `is_fast(field)` says whether a field of
/// the index has a fast column, or `None` when the index lacks the field, which has none
/// either. A range without a field is words: `<video>` or `>=` typed into a search box means
/// the words, not a range over the default fields.
pub fn check_fast_fields(ast: &UserInputAst, is_fast: &dyn Fn(&str) -> Option<bool>) -> Result<()> {
    match ast {
        UserInputAst::Clause(children) => children
            .iter()
            .try_for_each(|(_, child)| check_fast_fields(child, is_fast)),
        UserInputAst::Boost(inner, _) => check_fast_fields(inner, is_fast),
        UserInputAst::Leaf(leaf) => {
            let (field, what) = match leaf.as_ref() {
                UserInputLeaf::Range {
                    field: Some(field), ..
                } => (field, "a range"),
                UserInputLeaf::Exists { field } => (field, "`field:*`"),
                _ => return Ok(()),
            };
            if is_fast(field) == Some(true) {
                return Ok(());
            }
            Err(ErrorKind::InvalidQuery.with_message(format!(
                "{what} needs a fast field (a column of values), and `{field}` has none: \
                 ranges and `field:*` work on fields mapped with `fast: true`"
            )))
        }
    }
}

/// `ast` as both engines search it ([`words_and_exclusions`], then
/// [`lone_cjk_letters_as_prefixes`]); `None` when it holds no word to search (`. title: .`):
/// both engines then search the text's plain words (tantivy refused some such queries and fell
/// back so, the site engine searched nothing).
pub fn searchable(ast: UserInputAst) -> Option<UserInputAst> {
    Some(lone_cjk_letters_as_prefixes(words_and_exclusions(ast)?))
}

/// `ast` with each word that is one CJK letter alone (`软`, not quoted, not already a prefix)
/// searched as a prefix: CJK text is indexed as bigrams (`crate::analysis`), so the letter
/// alone is a term only where it stands alone, and as a prefix it finds the words it begins.
pub fn lone_cjk_letters_as_prefixes(ast: UserInputAst) -> UserInputAst {
    match ast {
        UserInputAst::Clause(children) => UserInputAst::Clause(
            children
                .into_iter()
                .map(|(occur, child)| (occur, lone_cjk_letters_as_prefixes(child)))
                .collect(),
        ),
        UserInputAst::Boost(inner, boost) => {
            UserInputAst::Boost(Box::new(lone_cjk_letters_as_prefixes(*inner)), boost)
        }
        UserInputAst::Leaf(mut leaf) => {
            if let UserInputLeaf::Literal(literal) = leaf.as_mut() {
                let mut letters = literal.phrase.chars();
                let lone = matches!((letters.next(), letters.next()), (Some(c), None) if is_cjk(c));
                if lone && literal.delimiter == Delimiter::None && !literal.prefix {
                    literal.phrase.push('*');
                }
            }
            UserInputAst::Leaf(leaf)
        }
    }
}

/// `ast` as both engines read its groups and leaves alike, in one pass; `None` when nothing
/// is left:
/// - literals without a letter or digit left out (`NOT array ! ~`: `NOT array`): tantivy
///   refused such a literal, the site engine dropped it after deciding its group was not of
///   exclusions alone;
/// - every group of exclusions alone (`-draft`, `NOT a NOT b`, `css (-grid)`'s group) made to
///   match every document without them: an `*` is added as the group's `Must` (tantivy refused
///   such a group, and the site engine matched nothing);
/// - in the split engine, each term set (`IN [a b]`, `title: IN [a b]`) as the words it lists,
///   any of them, as the site engine reads it itself (site/query.rs): tantivy took a set
///   without a field as its words unanalysed in one default field (`IN [a b]` found 37 pages
///   of the MDN sample, `a OR b` 416).
pub fn words_and_exclusions(ast: UserInputAst) -> Option<UserInputAst> {
    let has_word = |text: &str| text.chars().any(char::is_alphanumeric);
    match ast {
        UserInputAst::Clause(children) => {
            let mut children: Vec<(Option<Occur>, UserInputAst)> = children
                .into_iter()
                .filter_map(|(occur, child)| Some((occur, words_and_exclusions(child)?)))
                .collect();
            if children
                .iter()
                .all(|(occur, _)| *occur == Some(Occur::MustNot))
            {
                if children.is_empty() {
                    return None;
                }
                let all = UserInputAst::Leaf(Box::new(UserInputLeaf::All));
                children.insert(0, (Some(Occur::Must), all));
            }
            Some(UserInputAst::Clause(children))
        }
        UserInputAst::Boost(inner, boost) => Some(UserInputAst::Boost(
            Box::new(words_and_exclusions(*inner)?),
            boost,
        )),
        UserInputAst::Leaf(leaf) => match *leaf {
            UserInputLeaf::Literal(literal) if !has_word(&literal.phrase) => None,
            #[cfg(feature = "splits")]
            UserInputLeaf::Set { field, elements } => {
                let words: Vec<(Option<Occur>, UserInputAst)> = elements
                    .into_iter()
                    .filter(|phrase| has_word(phrase))
                    .map(|phrase| {
                        let literal = UserInputLiteral {
                            field_name: field.clone(),
                            phrase,
                            delimiter: Delimiter::None,
                            slop: 0,
                            prefix: false,
                        };
                        let leaf = UserInputAst::Leaf(Box::new(UserInputLeaf::Literal(literal)));
                        (Some(Occur::Should), leaf)
                    })
                    .collect();
                (!words.is_empty()).then_some(UserInputAst::Clause(words))
            }
            leaf => Some(UserInputAst::Leaf(Box::new(leaf))),
        },
    }
}

/// The words and phrases in no field a document must hold, where `ast` is several clauses of
/// which two or more are such: each one's place among the clauses, and its text as typed (a
/// word in a field, `repo:rangefind`, narrows the search as a filter does: never left out).
/// `and`: clauses without an operator are required (the default operator is AND). A search finding too few
/// documents with all of them then adds those missing one (the site engine reads the same
/// from its own tree, `site::query::Parsed::required`).
#[cfg(feature = "splits")]
pub fn required_words(ast: &UserInputAst, and: bool) -> Vec<(usize, String)> {
    let UserInputAst::Clause(clauses) = ast else {
        return Vec::new();
    };
    let required: Vec<(usize, String)> = (clauses.iter().enumerate())
        .filter(|(_, (occur, _))| occur.map_or(and, |occur| occur == Occur::Must))
        .filter_map(|(at, (_, child))| match child {
            UserInputAst::Leaf(leaf) => match leaf.as_ref() {
                UserInputLeaf::Literal(literal) if literal.field_name.is_none() => {
                    Some((at, literal.phrase.clone()))
                }
                _ => None,
            },
            _ => None,
        })
        .collect();
    match required.len() {
        0 | 1 => Vec::new(),
        _ => required,
    }
}

/// `"big bad wo"*` (a phrase prefix) or `wor*` (tantivy's grammar reads it as the word
/// `wor*` and would silently search `wor`).
pub fn is_prefix(literal: &UserInputLiteral) -> bool {
    literal.prefix
        || (literal.delimiter == Delimiter::None
            && literal.phrase.ends_with('*')
            && !literal.phrase.ends_with("\\*")
            && literal
                .phrase
                .trim_end_matches('*')
                .chars()
                .any(char::is_alphanumeric))
}

/// Words the grammar reserves in capitals (`AND`, `OR`, `NOT`, and `IN` of `field: IN [a b]`):
/// text that failed to parse as a query is searched with them as words (`COPYING IN QUANTITY`).
const RESERVED_WORDS: [&str; 4] = ["AND", "OR", "NOT", "IN"];

/// Whether `text` asks for every document: `*` (tantivy's syntax, Quickwit's) or `*:*`
/// (Lucene's, Elasticsearch's and Solr's).
pub fn is_match_all(text: &str) -> bool {
    matches!(text.trim(), "*" | "*:*")
}

/// Letters and digits only, so any text is a valid query of plain words: the words the
/// grammar reserves are lowercased. A trailing `*` on a word survives (prefix search while
/// typing).
pub fn plain_words(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        let keep_star = *c == '*'
            && i > 0
            && chars[i - 1].is_alphanumeric()
            && chars.get(i + 1).is_none_or(|n| n.is_whitespace());
        if c.is_alphanumeric() || keep_star {
            out.push(*c);
        } else {
            out.push(' ');
        }
    }
    out.split_whitespace()
        .map(|word| match RESERVED_WORDS.contains(&word) {
            true => word.to_ascii_lowercase(),
            false => word.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_words_keeps_letters_digits_and_a_final_star() {
        assert_eq!(
            plain_words("Notification: click event"),
            "Notification click event"
        );
        assert_eq!(plain_words("bufferData() method"), "bufferData method");
        assert_eq!(plain_words("arr* (x)"), "arr* x");
        // A title in capitals with a word the grammar reserves parses as plain words.
        let title = plain_words("4. COPYING IN QUANTITY");
        assert_eq!(title, "4 COPYING in QUANTITY");
        assert!(crate::query_syntax::parse_query(&title).is_ok());
        assert!(crate::query_syntax::parse_query(&plain_words("TO BE OR NOT")).is_ok());
    }

    #[test]
    fn ranges_and_exists_need_a_fast_field() {
        // `created_at` is fast, `title` is not, `nope` is no field; ranges without a field
        // are words.
        let is_fast = |field: &str| match field {
            "created_at" => Some(true),
            "title" => Some(false),
            _ => None,
        };
        let check = |text: &str| {
            check_fast_fields(&crate::query_syntax::parse_query(text).unwrap(), &is_fast)
        };
        for refused in [
            "title:[a TO z]",
            "title:[z TO a]",
            "title:*",
            "css (title:>b)",
            // A field the index lacks has no column either.
            "nope:*",
            "nope:[a TO b]",
        ] {
            let error = check(refused).unwrap_err();
            assert_eq!(error.kind(), ErrorKind::InvalidQuery, "{refused}");
            assert!(error.to_string().contains("fast"), "{refused}: {error}");
        }
        for allowed in [
            "created_at:[2024 TO 2025]",
            "created_at:*",
            "[a TO z]",
            "<video>",
            "title:grid",
            "*",
        ] {
            assert!(check(allowed).is_ok(), "{allowed}");
        }
    }

    /// Literals without a letter or digit are left out, a query of nothing else is none;
    /// term sets are their words, any of them.
    #[test]
    fn wordless_literals_go_and_sets_are_their_words() {
        let searched = |text: &str| searchable(crate::query_syntax::parse_query(text).unwrap());
        for nothing in [". title: .", "!", "NOT ! ~"] {
            assert!(searched(nothing).is_none(), "{nothing}");
        }
        assert_eq!(searched("NOT array ! ~"), searched("NOT array"));
        assert_eq!(format!("{:?}", searched("array ! ~").unwrap()), "(*array)");
        // The split engine's; the site engine reads sets itself (site/query.rs).
        #[cfg(feature = "splits")]
        {
            assert!(searched("IN [. ,]").is_none());
            assert_eq!(searched("IN [a b]"), searched("(a OR b)"));
            assert_eq!(
                searched("title: IN [a b]"),
                searched("(title:a OR title:b)")
            );
        }
    }

    fn parsed(text: &str) -> UserInputAst {
        words_and_exclusions(crate::query_syntax::parse_query(text).unwrap()).unwrap()
    }

    #[test]
    fn exclusions_alone_exclude_from_every_document() {
        let all = |ast: &UserInputAst| match ast {
            UserInputAst::Clause(children) => matches!(
                children.first(),
                Some((Some(Occur::Must), UserInputAst::Leaf(leaf))) if **leaf == UserInputLeaf::All
            ),
            _ => false,
        };
        assert!(all(&parsed("-array")));
        assert!(all(&parsed("NOT array")));
        assert!(all(&parsed("-array -map")));
        assert!(!all(&parsed("css -grid")));
        assert!(!all(&parsed("array")));
    }

    #[test]
    fn deep_and_long_queries_are_refused() {
        let deep = format!("{}a{}", "(".repeat(33), ")".repeat(33));
        assert!(check_query_text(&deep)
            .unwrap_err()
            .to_string()
            .contains("33 deep"));
        let quoted = format!("\"{}\" a", "(".repeat(100));
        assert!(check_query_text(&quoted).is_ok());
        assert!(check_query_text(&"a ".repeat(1025)).is_err());
        assert!(check_query_text(&format!("{}a{}", "(".repeat(32), ")".repeat(32))).is_ok());
    }
}
