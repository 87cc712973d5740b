//! From what a person typed to the query tree of a site index, never failing on plain text.
//!
//! The syntax is tantivy's (its grammar crate, without tantivy): words, `"phrases"`, `word*`,
//! `AND`/`OR`/`NOT`, `+`/`-`, `field:word`, `^boost`, parentheses; `filter.KEY:value` matches
//! a filter value. As for split indexes, input that is not valid syntax, or names a field the
//! index lacks, is searched as plain words, and words without an operator must all match.

use tantivy_query_grammar::{Delimiter, Occur, UserInputAst, UserInputLeaf, UserInputLiteral};

use super::analyzer::Analyzer;
use super::layout::{filter_word, HeadMeta};
use crate::typos::{is_correctable, QueryWord, Replacements};

/// How a site query matches pages.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// Words in order (one word, or a phrase), in one field or all searched fields.
    Phrase {
        /// A field's index in the head's fields; `None`: every searched field.
        field: Option<usize>,
        /// The words, each one word or a prefix.
        slots: Vec<Slot>,
        /// Words allowed between two of them.
        slop: u32,
    },
    /// Pages with a filter value (the word [`filter_word`] makes).
    Filter(String),
    /// Every page.
    All,
    /// Nothing (a word the analyser drops entirely, such as punctuation).
    Nothing,
    /// Clauses: all `Must` match, no `MustNot`, and `Should` adds to the score (or, without a
    /// `Must`, one of them matches).
    Clauses(Vec<(Occur, Node)>),
    /// A node's score multiplied.
    Boost(Box<Node>, f32),
}

/// One word of a phrase.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slot {
    /// An analysed word.
    Word(String),
    /// Any word beginning with this (lowercased, folded, not stemmed).
    Prefix(String),
    /// Any of these analysed words: the replacements of a typo.
    AnyOf(Vec<String>),
}

/// A parsed query: its tree, and the words typo tolerance may replace.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    /// How it matches pages.
    pub node: Node,
    /// Its words typo tolerance may replace (see [`crate::typos`]), in order, with repeats.
    pub words: Vec<QueryWord>,
}

/// Why a parsed query cannot be searched as written.
struct Unsupported;

/// Parses `text` for an index described by `meta`, each word of `replacements` searched as
/// any of its replacements.
pub fn parse(
    text: &str,
    meta: &HeadMeta,
    analyzer: &Analyzer,
    replacements: &Replacements,
) -> Parsed {
    let convert = |text: &str| -> Option<Parsed> {
        let ast = tantivy_query_grammar::parse_query(text).ok()?;
        let mut parser = Parser {
            meta,
            analyzer,
            replacements,
            words: Vec::new(),
        };
        let node = parser.convert(&ast, false).ok()?;
        Some(Parsed {
            node,
            words: parser.words,
        })
    };
    convert(text)
        .or_else(|| convert(&plain_words(text)))
        .unwrap_or(Parsed {
            node: Node::Nothing,
            words: Vec::new(),
        })
}

/// Converts the grammar's tree, collecting the words typo tolerance may replace.
struct Parser<'a> {
    meta: &'a HeadMeta,
    analyzer: &'a Analyzer,
    replacements: &'a Replacements,
    words: Vec<QueryWord>,
}

impl Parser<'_> {
    /// `ast` as a node; `excluded`: under a `-`/`NOT`, where words are neither replaced nor
    /// collected.
    fn convert(&mut self, ast: &UserInputAst, excluded: bool) -> Result<Node, Unsupported> {
        Ok(match ast {
            UserInputAst::Clause(clauses) if clauses.is_empty() => Node::Nothing,
            UserInputAst::Clause(clauses) => Node::Clauses(
                clauses
                    .iter()
                    .map(|(occur, ast)| {
                        let occur = occur.unwrap_or(Occur::Must);
                        let excluded = excluded || occur == Occur::MustNot;
                        Ok((occur, self.convert(ast, excluded)?))
                    })
                    .collect::<Result<_, Unsupported>>()?,
            ),
            UserInputAst::Boost(ast, boost) => {
                Node::Boost(Box::new(self.convert(ast, excluded)?), boost.0 as f32)
            }
            UserInputAst::Leaf(leaf) => match leaf.as_ref() {
                UserInputLeaf::Literal(literal) => self.literal(literal, excluded)?,
                UserInputLeaf::All => Node::All,
                UserInputLeaf::Set { field, elements } => Node::Clauses(
                    elements
                        .iter()
                        .map(|element| {
                            let literal = UserInputLiteral {
                                field_name: field.clone(),
                                phrase: element.clone(),
                                delimiter: Delimiter::None,
                                slop: 0,
                                prefix: false,
                            };
                            Ok((Occur::Should, self.literal(&literal, excluded)?))
                        })
                        .collect::<Result<_, Unsupported>>()?,
                ),
                // Ranges, regexes and `field:*` mean nothing on a page's text.
                _ => return Err(Unsupported),
            },
        })
    }

    fn literal(&mut self, literal: &UserInputLiteral, excluded: bool) -> Result<Node, Unsupported> {
        let field = match literal.field_name.as_deref() {
            None => None,
            Some(name) => {
                if let Some(key) = name.strip_prefix("filter.") {
                    return Ok(Node::Filter(filter_word(key, &literal.phrase)));
                }
                let index = self.meta.fields.iter().position(|f| f.name == name);
                Some(index.ok_or(Unsupported)?)
            }
        };
        let prefix = is_prefix(literal);
        let text = if prefix {
            literal.phrase.trim_end_matches('*')
        } else {
            literal.phrase.as_str()
        };
        let mut words = Vec::new();
        self.analyzer.words_as_typed(text, |word, typed| {
            words.push((word.term, typed.to_string()))
        });
        // Typos are corrected in words searched in every field, and not excluded.
        let correctable = field.is_none() && !excluded;
        let last = words.len().saturating_sub(1);
        let mut slots = Vec::with_capacity(words.len());
        for (i, (term, typed)) in words.into_iter().enumerate() {
            // The last word of a prefix is as typed, folded, never stemmed.
            let is_prefix = prefix && i == last;
            if correctable && is_correctable(&typed) {
                self.words.push(QueryWord {
                    word: typed.clone(),
                    prefix: is_prefix,
                });
            }
            let instead = correctable
                .then(|| self.replacements.iter().find(|(w, _)| *w == typed))
                .flatten();
            slots.push(match instead {
                // A replaced prefix is whole words: the replacement is what was meant.
                Some((_, instead)) => Slot::AnyOf(self.terms_of(instead)),
                None if is_prefix => Slot::Prefix(typed),
                None => Slot::Word(term),
            });
        }
        if slots.is_empty() {
            return Ok(Node::Nothing);
        }
        Ok(Node::Phrase {
            field,
            slots,
            slop: literal.slop,
        })
    }

    /// The analysed words of `words`, each once, in order.
    fn terms_of(&self, words: &[String]) -> Vec<String> {
        let mut terms: Vec<String> = Vec::new();
        for term in words.iter().flat_map(|word| self.analyzer.terms(word)) {
            if !terms.contains(&term) {
                terms.push(term);
            }
        }
        terms
    }
}

impl Node {
    /// Every slot of the query's phrases and words, and every filter word, to look up.
    pub fn visit(&self, each: &mut impl FnMut(&Node)) {
        each(self);
        match self {
            Node::Clauses(clauses) => clauses.iter().for_each(|(_, node)| node.visit(each)),
            Node::Boost(node, _) => node.visit(each),
            _ => {}
        }
    }
}

/// `"big bad wo"*` (a phrase prefix) or `wor*` (tantivy's grammar reads it as the word
/// `wor*` and would silently search `wor`).
pub(crate) fn is_prefix(literal: &UserInputLiteral) -> bool {
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

/// Letters and digits only, so any text is a valid query of plain words. A trailing `*`
/// on a word survives (prefix search while typing).
pub(crate) fn plain_words(text: &str) -> String {
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
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::layout::{SearchedField, SITE_LAYOUT_VERSION};

    fn meta() -> HeadMeta {
        HeadMeta {
            version: SITE_LAYOUT_VERSION,
            pages: 1,
            stemmer: Some("en".into()),
            fields: ["title", "body"]
                .map(|name| SearchedField {
                    name: name.into(),
                    boost: 1.0,
                })
                .to_vec(),
            snippet_field: "body".into(),
        }
    }

    fn parsed(text: &str) -> Node {
        parse(text, &meta(), &Analyzer::new(Some("en")), &[]).node
    }

    fn word(field: Option<usize>, slots: &[Slot]) -> Node {
        Node::Phrase {
            field,
            slots: slots.to_vec(),
            slop: 0,
        }
    }

    fn w(text: &str) -> Slot {
        Slot::Word(text.into())
    }

    #[test]
    fn words_phrases_prefixes_fields_and_filters() {
        assert_eq!(
            parsed("running maps"),
            Node::Clauses(vec![
                (Occur::Must, word(None, &[w("run")])),
                (Occur::Must, word(None, &[w("map")])),
            ])
        );
        assert_eq!(
            parsed("(Transformat OR transformat*)"),
            Node::Clauses(vec![
                (Occur::Should, word(None, &[w("transformat")])),
                (
                    Occur::Should,
                    word(None, &[Slot::Prefix("transformat".into())])
                ),
            ])
        );
        assert_eq!(parsed("\"array map\""), word(None, &[w("array"), w("map")]));
        assert_eq!(
            parsed("Array.prototype.ma*"),
            word(
                None,
                &[w("array"), w("prototyp"), Slot::Prefix("ma".into())]
            )
        );
        assert_eq!(parsed("title:Maps"), word(Some(0), &[w("map")]));
        assert_eq!(
            parsed("filter.section:CSS"),
            Node::Filter(filter_word("section", "CSS"))
        );
        assert_eq!(
            parsed("-map"),
            Node::Clauses(vec![(Occur::MustNot, word(None, &[w("map")]))])
        );
    }

    #[test]
    fn plain_words_keeps_letters_digits_and_a_final_star() {
        assert_eq!(
            plain_words("Notification: click event"),
            "Notification click event"
        );
        assert_eq!(plain_words("bufferData() method"), "bufferData method");
        assert_eq!(plain_words("arr* (x)"), "arr* x");
    }

    #[test]
    fn anything_else_is_plain_words() {
        // An unknown field, a range and broken syntax are searched as their words.
        assert_eq!(
            parsed("Notification: click"),
            Node::Clauses(vec![
                (Occur::Must, word(None, &[w("notif")])),
                (Occur::Must, word(None, &[w("click")])),
            ])
        );
        assert_eq!(parsed("((("), Node::Nothing);
        assert_eq!(parsed("\"unclosed"), word(None, &[w("unclos")]));
        assert_eq!(parsed("…"), Node::Nothing);
    }

    #[test]
    fn typed_words_are_collected_and_replaced_outside_exclusions_and_fields() {
        let analyzer = Analyzer::new(Some("en"));
        let words = |text: &str| -> Vec<(String, bool)> {
            parse(text, &meta(), &analyzer, &[])
                .words
                .into_iter()
                .map(|w| (w.word, w.prefix))
                .collect()
        };
        assert_eq!(
            words("Promsie -fetch title:arrray \"evant listener\" ma"),
            [
                ("promsie".to_string(), false),
                ("evant".into(), false),
                ("listener".into(), false)
            ]
        );
        assert_eq!(
            words("fetch (Ap OR apix*)"),
            [("fetch".to_string(), false), ("apix".into(), true)]
        );
        let replacements = [(
            "promsie".to_string(),
            vec!["promises".to_string(), "promise".into(), "premise".into()],
        )];
        let replaced = |text: &str| parse(text, &meta(), &analyzer, &replacements).node;
        let any = Slot::AnyOf(vec!["promis".into(), "premis".into()]);
        // A replaced prefix is whole words.
        assert_eq!(replaced("promsie*"), word(None, std::slice::from_ref(&any)));
        assert_eq!(replaced("\"promsie race\""), word(None, &[any, w("race")]));
        assert_eq!(
            replaced("-promsie"),
            Node::Clauses(vec![(Occur::MustNot, word(None, &[w("promsi")]))])
        );
        assert_eq!(replaced("body:promsie"), word(Some(1), &[w("promsi")]));
    }
}
