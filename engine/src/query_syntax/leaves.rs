//! The leaves after a field that are not words: `field:*`, ranges, `IN [...]` sets and
//! `/regexes/`, and a leaf given its field.

use tantivy_query_grammar::{UserInputBound, UserInputLeaf};

use super::chars::{char_, first, multispace0, multispace1, Parsed};
use super::terms::{negative_number, relaxed_word, simple_term, ESCAPE_IN_WORD};

/// What may follow a `*` that stands for every document or, after a field, for `exists`
/// (`)` is one of the characters a word holds only escaped).
pub(super) fn ends_a_star(input: &str) -> bool {
    input.is_empty()
        || multispace1(input).is_some()
        || first(input).is_some_and(|(c, _)| ESCAPE_IN_WORD.contains(&c) && c != '\\')
}

/// `field:*`.
pub(super) fn exists(input: &str) -> Parsed<'_, Box<UserInputLeaf>> {
    let rest = char_(multispace0(input), '*')?;
    ends_a_star(rest).then(|| {
        let leaf = UserInputLeaf::Exists {
            field: String::new(),
        };
        (rest, Box::new(leaf))
    })
}

/// A bound's text: a negative number, a relaxed word or `*`.
pub(super) fn range_value(input: &str) -> Parsed<'_, String> {
    negative_number(input)
        .or_else(|| relaxed_word(input))
        .or_else(|| char_(input, '*').map(|rest| (rest, "*")))
        .map(|(rest, text)| (rest, text.to_string()))
}

/// `[a TO b]`, `{a TO b}` (mixed too, `*` unbounded) or `>a`, `>=a`, `<a`, `<=a`.
pub(super) fn range(input: &str) -> Parsed<'_, Box<UserInputLeaf>> {
    let leaf = |(lower, upper)| {
        Box::new(UserInputLeaf::Range {
            field: None,
            lower,
            upper,
        })
    };
    let compared = multispace0(input);
    let sign = [">=", "<=", "<", ">"]
        .into_iter()
        .find(|sign| compared.starts_with(sign));
    if let Some(sign) = sign {
        if let Some((rest, bound)) = range_value(multispace0(&compared[sign.len()..])) {
            let bounds = match sign {
                ">=" => (UserInputBound::Inclusive(bound), UserInputBound::Unbounded),
                "<=" => (UserInputBound::Unbounded, UserInputBound::Inclusive(bound)),
                "<" => (UserInputBound::Unbounded, UserInputBound::Exclusive(bound)),
                _ => (UserInputBound::Exclusive(bound), UserInputBound::Unbounded),
            };
            return Some((rest, leaf(bounds)));
        }
    }
    let (opening, rest) = first(input).filter(|(c, _)| matches!(c, '{' | '['))?;
    let (rest, lower) = range_value(multispace0(rest))?;
    let rest = multispace1(multispace1(rest)?.strip_prefix("TO")?)?;
    let (rest, upper) = range_value(rest)?;
    let (closing, rest) = first(multispace0(rest)).filter(|(c, _)| matches!(c, '}' | ']'))?;
    let bound = |text: String, exclusive: bool| match (text.as_str(), exclusive) {
        ("*", _) => UserInputBound::Unbounded,
        (_, true) => UserInputBound::Exclusive(text),
        (_, false) => UserInputBound::Inclusive(text),
    };
    let bounds = (bound(lower, opening == '{'), bound(upper, closing == '}'));
    Some((rest, leaf(bounds)))
}

/// `IN [a b c]`.
pub(super) fn set(input: &str) -> Parsed<'_, Box<UserInputLeaf>> {
    let rest = multispace1(multispace0(input).strip_prefix("IN")?)?;
    let mut rest = multispace0(char_(rest, '[')?);
    let mut elements = Vec::new();
    if let Some((after, (_, term))) = simple_term(rest) {
        elements.push(term);
        rest = after;
        // A separator counts only with an element after it.
        while let Some((after, (_, term))) = multispace1(rest).and_then(simple_term) {
            elements.push(term);
            rest = after;
        }
    }
    let rest = char_(rest, ']')?;
    let leaf = UserInputLeaf::Set {
        field: None,
        elements,
    };
    Some((rest, Box::new(leaf)))
}

/// `/pattern/`, followed by a space, `)`, `^` or the end.
pub(super) fn regex(input: &str) -> Parsed<'_, Box<UserInputLeaf>> {
    let mut rest = char_(input, '/')?;
    let mut pattern = String::new();
    loop {
        if let Some(after) = rest.strip_prefix("\\/") {
            pattern.push('/');
            rest = after;
            continue;
        }
        match first(rest) {
            Some((c, after)) if c != '/' => {
                pattern.push(c);
                rest = after;
            }
            _ => break,
        }
    }
    if pattern.is_empty() {
        return None;
    }
    let rest = char_(rest, '/')?;
    let follows = rest.is_empty()
        || multispace1(rest).is_some()
        || rest.starts_with(')')
        || rest.starts_with('^');
    follows.then(|| {
        let leaf = UserInputLeaf::Regex {
            field: None,
            pattern,
        };
        (rest, Box::new(leaf))
    })
}

/// Gives `leaf` the field `name` (none: the default fields; `*` without one is every page).
pub(super) fn set_field(leaf: &mut UserInputLeaf, name: Option<String>) {
    match leaf {
        UserInputLeaf::Literal(literal) => literal.field_name = name,
        UserInputLeaf::All => {}
        UserInputLeaf::Range { field, .. }
        | UserInputLeaf::Set { field, .. }
        | UserInputLeaf::Regex { field, .. } => *field = name,
        UserInputLeaf::Exists { field } => match name {
            Some(name) => *field = name,
            None => *leaf = UserInputLeaf::All,
        },
    }
}
