//! From what a person typed to the query tree of a site index, never failing on plain text.
//!
//! The syntax is tantivy's (its grammar crate, without tantivy): words, `"phrases"`, `word*`,
//! `AND`/`OR`/`NOT`, `+`/`-`, `field:word`, `^boost`, parentheses; `filter.KEY:value` matches
//! a filter value, and so does `KEY:value` where KEY is a filter key of the site and no
//! searched field has its name. As for split indexes, input that is not valid syntax, or names
//! a field the index lacks, is searched as plain words, and words without an operator must
//! all match.

use tantivy_query_grammar::{Delimiter, Occur, UserInputAst, UserInputLeaf, UserInputLiteral};

use crate::analysis::Analyzer;
use crate::formats::site_file::head_meta::HeadMeta;
use crate::formats::site_file::layout::filter_word;
use crate::query_text::{is_prefix, plain_words};
use crate::typos::{literal_words, QueryWord, Replacements};

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
    /// The last word, as typed (lowercased and folded), when it was searched as a prefix
    /// because it may still be being typed ([`parse_completed`]).
    pub completed: Option<String>,
    /// Each `KEY:value` whose KEY is a filter key of the site, in order: the key's place in
    /// the head's `filter_keys`, and whether it was read as the filter (else as the field).
    pub read_as: Vec<(usize, bool)>,
    /// The words and phrases in no field every page must hold, of the query's top level: each
    /// one's place among the tree's clauses and its text as typed. With two or more, a search
    /// finding too few pages with all of them adds pages missing one (`search::fewer_words`).
    pub required: Vec<(usize, String)>,
    /// Why the query cannot be searched at all (a range, `field:*`), if it cannot.
    pub refused: Option<&'static str>,
}

/// Why a parsed query cannot be searched as written: it is then searched as plain words.
struct Unsupported;

/// Ranges and `field:*` need a column of values, which no field of a site index has (as the
/// split engine refuses them on fields without one: `query_text::check_fast_fields`).
const NEEDS_A_COLUMN: &str = "a range or `field:*` needs a fast field (a column of values), \
    and a site index has none";

/// Parses `text` for an index described by `meta`, each word of `replacements` searched as
/// any of its replacements.
///
/// A word the analyser drops entirely (`—`, `|`, `¶`: no letter or digit) is dropped from the
/// query too, as the index never holds it: `json — JSON encoder` searches `json JSON encoder`.
pub fn parse(
    text: &str,
    meta: &HeadMeta,
    analyzer: &Analyzer,
    replacements: &Replacements,
) -> Parsed {
    parse_text(text, meta, analyzer, replacements, None)
}

/// Parses `text` as [`parse`] does, but with its last word searched as a prefix (any word
/// it begins), for text still being typed: `fetch ap` matches `fetch api`. The completed word
/// is searched as any of `completions` instead when given (the lexicon's words it begins).
///
/// `None` when the text does not end in a word that can be completed: it ends in a space or
/// punctuation (`map()`, `"a phrase"`), or the last word is excluded, quoted or a prefix.
pub fn parse_completed(
    text: &str,
    meta: &HeadMeta,
    analyzer: &Analyzer,
    replacements: &Replacements,
    completions: Option<&[String]>,
) -> Option<Parsed> {
    let ends_in_a_word = text.chars().next_back().is_some_and(char::is_alphanumeric);
    if !ends_in_a_word {
        return None;
    }
    let completion = Completion {
        replacements: completions,
    };
    let parsed = parse_text(text, meta, analyzer, replacements, Some(completion));
    parsed.completed.is_some().then_some(parsed)
}

/// How the last word of a query is completed.
#[derive(Clone, Copy)]
struct Completion<'a> {
    /// Words searched instead of the prefix (the lexicon's completions of it), if any.
    replacements: Option<&'a [String]>,
}

fn parse_text(
    text: &str,
    meta: &HeadMeta,
    analyzer: &Analyzer,
    replacements: &Replacements,
    completion: Option<Completion<'_>>,
) -> Parsed {
    let convert = |text: &str| -> Option<Parsed> {
        let ast = crate::query_syntax::parse_query(text).ok()?;
        let ast = crate::query_text::searchable(ast)?;
        let last = completion.and_then(|completion| {
            let literal = last_literal(&ast)?;
            let at_end = text.trim_end().ends_with(literal.phrase.as_str());
            let plain = literal.delimiter == Delimiter::None && !is_prefix(literal);
            (at_end && plain).then_some((literal, completion))
        });
        let mut parser = Parser {
            meta,
            analyzer,
            replacements,
            last,
            root: &ast,
            completed: None,
            words: Vec::new(),
            read_as: Vec::new(),
            required: Vec::new(),
            refused: None,
        };
        let node = parser.convert(&ast, false);
        let refused = parser.refused;
        let node = match refused {
            Some(_) => Node::Nothing,
            None => node.ok()?.unwrap_or(Node::Nothing),
        };
        Some(Parsed {
            node,
            words: parser.words,
            completed: parser.completed,
            read_as: parser.read_as,
            required: parser.required,
            refused,
        })
    };
    convert(text)
        .or_else(|| convert(&plain_words(text)))
        .unwrap_or(Parsed {
            node: Node::Nothing,
            words: Vec::new(),
            completed: None,
            read_as: Vec::new(),
            required: Vec::new(),
            refused: None,
        })
}

/// The last literal of a query, as written.
fn last_literal(ast: &UserInputAst) -> Option<&UserInputLiteral> {
    match ast {
        UserInputAst::Clause(clauses) => clauses.last().and_then(|(_, ast)| last_literal(ast)),
        UserInputAst::Boost(..) => None,
        UserInputAst::Leaf(leaf) => match leaf.as_ref() {
            UserInputLeaf::Literal(literal) => Some(literal),
            _ => None,
        },
    }
}

/// Converts the grammar's tree, collecting the words typo tolerance may replace.
struct Parser<'a> {
    meta: &'a HeadMeta,
    analyzer: &'a Analyzer,
    replacements: &'a Replacements,
    /// The literal whose last word is completed, and how.
    last: Option<(&'a UserInputLiteral, Completion<'a>)>,
    /// The query's whole tree, whose required words [`Parsed::required`] lists.
    root: &'a UserInputAst,
    /// The word completed, once it is.
    completed: Option<String>,
    words: Vec<QueryWord>,
    read_as: Vec<(usize, bool)>,
    required: Vec<(usize, String)>,
    refused: Option<&'static str>,
}

impl<'a> Parser<'a> {
    /// `ast` as a node, or `None` when it holds no word the index could hold; `excluded`:
    /// under a `-`/`NOT`, where words are neither replaced nor collected.
    fn convert(
        &mut self,
        ast: &'a UserInputAst,
        excluded: bool,
    ) -> Result<Option<Node>, Unsupported> {
        Ok(match ast {
            UserInputAst::Clause(clauses) => {
                let mut nodes = Vec::with_capacity(clauses.len());
                let root = std::ptr::eq(ast, self.root);
                // Every clause is converted, after one that cannot be too: a range on a field
                // further on is refused whatever comes before it (`query_text::
                // check_fast_fields` walks the whole tree too).
                let mut unsupported = false;
                for (occur, ast) in clauses {
                    let occur = occur.unwrap_or(Occur::Must);
                    let excluded = excluded || occur == Occur::MustNot;
                    let Ok(node) = self.convert(ast, excluded) else {
                        unsupported = true;
                        continue;
                    };
                    if let Some(node) = node {
                        // A word or phrase of the query's own, in no field: a page may lack
                        // it (as `query_text::required_words` reads a split query).
                        if let (true, Occur::Must, UserInputAst::Leaf(leaf)) = (root, occur, ast) {
                            if let UserInputLeaf::Literal(literal) = leaf.as_ref() {
                                if literal.field_name.is_none() {
                                    let typed = literal.phrase.clone();
                                    self.required.push((nodes.len(), typed));
                                }
                            }
                        }
                        nodes.push((occur, node));
                    }
                }
                if unsupported {
                    return Err(Unsupported);
                }
                (!nodes.is_empty()).then_some(Node::Clauses(nodes))
            }
            UserInputAst::Boost(ast, boost) => self
                .convert(ast, excluded)?
                .map(|node| Node::Boost(Box::new(node), boost.0 as f32)),
            UserInputAst::Leaf(leaf) => match leaf.as_ref() {
                UserInputLeaf::Literal(literal) => self.literal(literal, excluded)?,
                UserInputLeaf::All => Some(Node::All),
                // A term set: any of its words (as the split engine reads it:
                // `query_text::words_and_exclusions`).
                UserInputLeaf::Set { field, elements } => {
                    let mut nodes = Vec::with_capacity(elements.len());
                    for element in elements {
                        let literal = UserInputLiteral {
                            field_name: field.clone(),
                            phrase: element.clone(),
                            delimiter: Delimiter::None,
                            slop: 0,
                            prefix: false,
                        };
                        if let Some(node) = self.literal(&literal, excluded)? {
                            nodes.push((Occur::Should, node));
                        }
                    }
                    (!nodes.is_empty()).then_some(Node::Clauses(nodes))
                }
                // Ranges and `field:*` on a field need a column; without a field, and
                // regexes, they mean nothing on a page's text (searched as words).
                UserInputLeaf::Range { field: Some(_), .. } | UserInputLeaf::Exists { .. } => {
                    self.refused = Some(NEEDS_A_COLUMN);
                    return Err(Unsupported);
                }
                _ => return Err(Unsupported),
            },
        })
    }

    fn literal(
        &mut self,
        literal: &UserInputLiteral,
        excluded: bool,
    ) -> Result<Option<Node>, Unsupported> {
        let field = match literal.field_name.as_deref() {
            None => None,
            Some(name) => {
                let index = self.meta.fields.iter().position(|f| f.name == name);
                // A filter key typed as a field filters, unless a searched field has its name.
                let key = match name.strip_prefix("filter.") {
                    Some(key) => Some(key),
                    None => {
                        let typed = (self.meta.filter_keys.iter()).position(|key| key == name);
                        let as_filter = typed.is_some() && index.is_none();
                        self.read_as.extend(typed.map(|key| (key, as_filter)));
                        as_filter.then_some(name)
                    }
                };
                if let Some(key) = key {
                    return Ok(Some(Node::Filter(filter_word(key, &literal.phrase))));
                }
                Some(index.ok_or(Unsupported)?)
            }
        };
        let completion = match self.last {
            Some((last, completion)) if std::ptr::eq(last, literal) && !excluded => {
                Some(completion)
            }
            _ => None,
        };
        let prefix = is_prefix(literal) || completion.is_some();
        let text = if is_prefix(literal) {
            literal.phrase.trim_end_matches('*')
        } else {
            literal.phrase.as_str()
        };
        let words = literal_words(self.analyzer, text, prefix);
        // Typos are corrected in words searched in every field, and not excluded.
        let correctable = field.is_none() && !excluded;
        let mut slots = Vec::with_capacity(words.len());
        for word in words {
            if let Some(replaceable) = word.replaceable().filter(|_| correctable) {
                self.words.push(replaceable);
            }
            // The last word of a prefix is as typed, folded, never stemmed.
            let (term, typed, is_prefix) = (word.term, word.typed, word.prefix);
            let completed = completion.filter(|_| is_prefix);
            if completed.is_some() {
                self.completed = Some(typed.clone());
            }
            let instead = match completed {
                Some(completion) => completion.replacements.filter(|_| correctable),
                None => correctable
                    .then(|| self.replacements.iter().find(|(w, _)| *w == typed))
                    .flatten()
                    .map(|(_, instead)| instead.as_slice()),
            };
            slots.push(match instead {
                // A replaced prefix is whole words: the replacement is what was meant.
                Some(instead) => Slot::AnyOf(self.terms_of(instead)),
                None if is_prefix => Slot::Prefix(typed),
                None => Slot::Word(term),
            });
        }
        if slots.is_empty() {
            return Ok(None);
        }
        Ok(Some(Node::Phrase {
            field,
            slots,
            slop: literal.slop,
        }))
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
    /// The words (and prefixes) of its phrases, each phrase's counted.
    pub fn slots(&self) -> usize {
        let mut slots = 0;
        self.visit(&mut |node| {
            if let Node::Phrase { slots: words, .. } = node {
                slots += words.len();
            }
        });
        slots
    }

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

#[cfg(test)]
mod tests;
