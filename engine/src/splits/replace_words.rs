//! The words of a query typo tolerance may replace (typed words in the default fields, not
//! excluded), and the query with their replacements searched instead.

use std::ops::Range;

use tantivy::query::Occur;
use tantivy::query_grammar::{UserInputAst, UserInputLeaf, UserInputLiteral};

use crate::analysis::Analyzer;
use crate::query_text::is_prefix;
use crate::typos::{literal_words, QueryWord, Replacements};

/// Variants of one phrase with typos replaced (several replaced words multiply them).
const MAX_VARIANTS: usize = 16;

/// The words typo tolerance may replace in `literal` (searched in the default fields),
/// with where each is in its text.
fn replaceable_words(literal: &UserInputLiteral) -> Vec<(QueryWord, Range<usize>)> {
    if literal.field_name.is_some() {
        return Vec::new();
    }
    let text = literal.phrase.trim_end_matches('*');
    // Typed words only: the stemmer is none of their business.
    let unstemmed = Analyzer::new(None).expect("no language needs no stemmer");
    literal_words(&unstemmed, text, is_prefix(literal))
        .into_iter()
        .filter_map(|word| Some((word.replaceable()?, word.at)))
        .collect()
}

/// Records the replaceable words of `ast` in `words`.
pub(super) fn collect_words(ast: &UserInputAst, words: &mut Vec<QueryWord>) {
    match ast {
        UserInputAst::Clause(children) => {
            for (occur, child) in children {
                if *occur != Some(Occur::MustNot) {
                    collect_words(child, words);
                }
            }
        }
        UserInputAst::Boost(inner, _) => collect_words(inner, words),
        UserInputAst::Leaf(leaf) => {
            if let UserInputLeaf::Literal(literal) = &**leaf {
                for (word, _) in replaceable_words(literal) {
                    if !words.contains(&word) {
                        words.push(word);
                    }
                }
            }
        }
    }
}

/// `ast` with each literal holding words that have replacements searched as any of its
/// variants with them replaced.
pub(super) fn replace_words(ast: UserInputAst, replacements: &Replacements) -> UserInputAst {
    match ast {
        UserInputAst::Clause(children) => UserInputAst::Clause(
            children
                .into_iter()
                .map(|(occur, child)| match occur {
                    Some(Occur::MustNot) => (occur, child),
                    _ => (occur, replace_words(child, replacements)),
                })
                .collect(),
        ),
        UserInputAst::Boost(inner, boost) => {
            UserInputAst::Boost(Box::new(replace_words(*inner, replacements)), boost)
        }
        UserInputAst::Leaf(leaf) => {
            let UserInputLeaf::Literal(literal) = &*leaf else {
                return UserInputAst::Leaf(leaf);
            };
            let variants = literal_variants(literal, replacements);
            if variants.is_empty() {
                return UserInputAst::Leaf(leaf);
            }
            UserInputAst::Clause(
                variants
                    .into_iter()
                    .map(|literal| {
                        (
                            Some(Occur::Should),
                            UserInputAst::Leaf(Box::new(UserInputLeaf::Literal(literal))),
                        )
                    })
                    .collect(),
            )
        }
    }
}

/// `literal` with its replaced words swapped for their replacements, every combination
/// (at most [`MAX_VARIANTS`]); none when no word of it is replaced. A prefix whose last
/// word is replaced becomes whole words: the replacement is what was meant.
fn literal_variants(
    literal: &UserInputLiteral,
    replacements: &Replacements,
) -> Vec<UserInputLiteral> {
    let text = literal.phrase.trim_end_matches('*');
    let replaced: Vec<(QueryWord, Range<usize>, &Vec<String>)> = replaceable_words(literal)
        .into_iter()
        .filter_map(|(word, at)| {
            let (_, instead) = replacements.iter().find(|(w, _)| *w == word.word)?;
            Some((word, at, instead))
        })
        .collect();
    if replaced.is_empty() {
        return Vec::new();
    }
    let last_replaced = replaced.iter().any(|(word, _, _)| word.prefix);
    let mut texts = vec![String::new()];
    let mut copied = 0;
    for (_, at, instead) in &replaced {
        let between = &text[copied..at.start];
        texts = texts
            .iter()
            .flat_map(|t| instead.iter().map(move |w| format!("{t}{between}{w}")))
            .take(MAX_VARIANTS)
            .collect();
        copied = at.end;
    }
    let rest = &literal.phrase[copied..];
    texts
        .into_iter()
        .map(|t| {
            let phrase = if last_replaced {
                format!("{t}{}", rest.trim_end_matches('*'))
            } else {
                format!("{t}{rest}")
            };
            UserInputLiteral {
                phrase,
                prefix: literal.prefix && !last_replaced,
                ..literal.clone()
            }
        })
        .collect()
}
