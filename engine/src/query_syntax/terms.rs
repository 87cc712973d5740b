//! Words, quoted texts, numbers and field names: the rules a literal is read with.

use tantivy_query_grammar::{Delimiter, UserInputLeaf, UserInputLiteral};

use super::chars::{char_, consumed, digit1, first, multispace0, satisfy, Parsed};

/// Characters a field name holds only escaped (`-` only at its start).
pub(super) const SPECIAL_CHARS: &[char] = &[
    '+', '^', '`', ':', '{', '}', '"', '\'', '[', ']', '(', ')', '!', '\\', '*', ' ',
];

/// Characters a word holds only escaped.
pub(super) const ESCAPE_IN_WORD: &[char] =
    &['^', '`', ':', '{', '}', '"', '\'', '[', ']', '(', ')', '\\'];

/// `name:`, spaces around the colon allowed; escapes interpreted.
pub(super) fn field_name(input: &str) -> Parsed<'_, String> {
    let escaped = |input| {
        let rest = char_(input, '\\')?;
        satisfy(rest, |c| SPECIAL_CHARS.contains(&c))
    };
    let (mut rest, c) =
        satisfy(input, |c| !SPECIAL_CHARS.contains(&c) && c != '-').or_else(|| escaped(input))?;
    let mut name = String::from(c);
    while let Some((after, c)) = satisfy(rest, |c| !SPECIAL_CHARS.contains(&c))
        .or_else(|| escaped(rest))
        .or_else(|| satisfy(rest, |c| c == '\\'))
    {
        name.push(c);
        rest = after;
    }
    let rest = char_(multispace0(rest), ':')?;
    Some((multispace0(rest), name))
}

/// A word's text with its escapes read: `\` before a character a word holds only escaped
/// (or a space, or `-`) is dropped, before any other kept.
pub(super) fn interpret_escape(source: &str) -> String {
    let mut text = String::with_capacity(source.len());
    let mut in_escape = false;
    let needs_escape = |c: char| c.is_whitespace() || ESCAPE_IN_WORD.contains(&c) || c == '-';
    for c in source.chars() {
        if in_escape {
            if !needs_escape(c) {
                text.push('\\');
            }
            text.push(c);
            in_escape = false;
        } else if c == '\\' {
            in_escape = true;
        } else {
            text.push(c);
        }
    }
    text
}

/// One character of a word: an escaped character, or one `accept` takes.
pub(super) fn word_char(input: &str, accept: impl Fn(char) -> bool) -> Option<&str> {
    char_(input, '\\')
        .and_then(first)
        .map(|(_, rest)| rest)
        .or_else(|| satisfy(input, &accept).map(|(rest, _)| rest))
}

/// A word outside quotes; not `OR`, `AND`, `NOT` or `IN`.
pub(super) fn word(input: &str) -> Parsed<'_, String> {
    let inner = |c: char| !c.is_whitespace() && !ESCAPE_IN_WORD.contains(&c);
    let mut rest = word_char(input, |c| inner(c) && c != '-')?;
    while let Some(after) = word_char(rest, inner) {
        rest = after;
    }
    let text = consumed(input, rest);
    match text {
        "OR" | "AND" | "NOT" | "IN" => None,
        _ if text.contains('\\') => Some((rest, interpret_escape(text))),
        _ => Some((rest, text.to_string())),
    }
}

/// A bound of a range: more characters are allowed than in a word.
pub(super) fn relaxed_word(input: &str) -> Parsed<'_, &str> {
    const NEVER: &[char] = &['{', '}', '"', '[', ']', '(', ')'];
    let (mut rest, _) = satisfy(input, |c| {
        !c.is_whitespace() && c != '`' && !NEVER.contains(&c)
    })?;
    while let Some((after, _)) = satisfy(rest, |c| !c.is_whitespace() && !NEVER.contains(&c)) {
        rest = after;
    }
    Some((rest, consumed(input, rest)))
}

/// `-12` or `-1.5`.
pub(super) fn negative_number(input: &str) -> Parsed<'_, &str> {
    let (mut rest, _) = digit1(char_(input, '-')?)?;
    if let Some((after, _)) = char_(rest, '.').and_then(digit1) {
        rest = after;
    }
    Some((rest, consumed(input, rest)))
}

/// Text between `delimiter`s; `\` keeps the character after it, whatever it is.
pub(super) fn quoted(input: &str, delimiter: char) -> Parsed<'_, String> {
    let mut rest = char_(input, delimiter)?;
    let mut text = String::new();
    loop {
        if let Some((c, after)) = char_(rest, '\\').and_then(first) {
            text.push(c);
            rest = after;
            continue;
        }
        match first(rest) {
            Some((c, after)) if c != delimiter => {
                text.push(c);
                rest = after;
            }
            _ => break,
        }
    }
    Some((char_(rest, delimiter)?, text))
}

/// A number, a quoted text or a word.
pub(super) fn simple_term(input: &str) -> Parsed<'_, (Delimiter, String)> {
    if let Some((rest, number)) = negative_number(input) {
        return Some((rest, (Delimiter::None, number.to_string())));
    }
    if let Some((rest, text)) = quoted(input, '\'') {
        return Some((rest, (Delimiter::SingleQuotes, text)));
    }
    if let Some((rest, text)) = quoted(input, '"') {
        return Some((rest, (Delimiter::DoubleQuotes, text)));
    }
    word(input).map(|(rest, text)| (rest, (Delimiter::None, text)))
}

/// `*` (a prefix) or `~N` (a slop) after a term, if there.
pub(super) fn slop_or_prefix(input: &str) -> (&str, (u32, bool)) {
    if let Some(rest) = char_(input, '*') {
        return (rest, (0, true));
    }
    let slop = char_(input, '~').and_then(|rest| {
        let (after, digits) = digit1(rest)?;
        Some((after, digits.parse::<u32>().ok()?))
    });
    match slop {
        Some((rest, slop)) => (rest, (slop, false)),
        None => (input, (0, false)),
    }
}

pub(super) fn term_or_phrase(input: &str) -> Parsed<'_, Box<UserInputLeaf>> {
    let (rest, (delimiter, phrase)) = simple_term(input)?;
    let (rest, (slop, prefix)) = slop_or_prefix(rest);
    let literal = UserInputLiteral {
        field_name: None,
        phrase,
        delimiter,
        slop,
        prefix,
    };
    Some((rest, Box::new(UserInputLeaf::Literal(literal))))
}

/// `12` or `1.5`, as a float.
pub(super) fn positive_number(input: &str) -> Parsed<'_, f64> {
    let (mut rest, whole) = digit1(input)?;
    let mut fraction = "";
    if let Some((after, digits)) = char_(rest, '.').and_then(digit1) {
        (rest, fraction) = (after, digits);
    }
    Some((rest, decimal(whole, fraction)))
}

/// `whole.fraction` as the nearest float: one correctly rounded division while the digits and
/// the power of ten are exact in an f64 (any boost a person types), else digit by digit.
pub(super) fn decimal(whole: &str, fraction: &str) -> f64 {
    let digits = whole.bytes().chain(fraction.bytes());
    if whole.len() + fraction.len() <= 15 && fraction.len() <= 22 {
        let mantissa = digits.fold(0u64, |n, d| n * 10 + u64::from(d - b'0'));
        return mantissa as f64 / 10f64.powi(fraction.len() as i32);
    }
    let mantissa = digits.fold(0f64, |n, d| n * 10.0 + f64::from(d - b'0'));
    mantissa / 10f64.powi(fraction.len() as i32)
}
