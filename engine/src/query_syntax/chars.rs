//! The character-level rules the grammar is made of (nom's `multispace0`, `char`, `satisfy`,
//! `digit1`, ...), on `&str`.

/// What a rule returns: the input after what it read, and what it read; `None`: it does not
/// match here (the caller tries its next alternative on the same input).
pub(super) type Parsed<'a, T> = Option<(&'a str, T)>;

pub(super) fn is_multispace(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

pub(super) fn multispace0(input: &str) -> &str {
    input.trim_start_matches(is_multispace)
}

pub(super) fn multispace1(input: &str) -> Option<&str> {
    let rest = multispace0(input);
    (rest.len() < input.len()).then_some(rest)
}

/// `input` after `c`, when it starts with it.
pub(super) fn char_(input: &str, c: char) -> Option<&str> {
    input.strip_prefix(c)
}

/// The first character and the rest.
pub(super) fn first(input: &str) -> Option<(char, &str)> {
    let mut chars = input.chars();
    chars.next().map(|c| (c, chars.as_str()))
}

/// The first character when `accept` takes it.
pub(super) fn satisfy(input: &str, accept: impl Fn(char) -> bool) -> Parsed<'_, char> {
    first(input)
        .filter(|(c, _)| accept(*c))
        .map(|(c, rest)| (rest, c))
}

/// One or more ASCII digits.
pub(super) fn digit1(input: &str) -> Parsed<'_, &str> {
    let rest = input.trim_start_matches(|c: char| c.is_ascii_digit());
    (rest.len() < input.len()).then(|| (rest, &input[..input.len() - rest.len()]))
}

/// What `input` read up to `rest`.
pub(super) fn consumed<'a>(input: &'a str, rest: &str) -> &'a str {
    &input[..input.len() - rest.len()]
}
