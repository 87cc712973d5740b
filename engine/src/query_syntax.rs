//! The query syntax, read into tantivy's query tree (`UserInputAst`) exactly as tantivy's
//! grammar crate reads it, for both engines.
//!
//! Why not call the grammar crate: it is written with nom's combinators, and with the float
//! parser it brings it was 22 KB of the site engine's 154 KB (brotli; BENCHMARKS.md, "What the
//! site engine is made of"). This is the same grammar as plain recursive descent: each
//! function below is one rule of `tantivy-query-grammar` 0.27's strict parser (`parse_query`),
//! with the same alternatives in the same order, the same backtracking (an alternative that
//! fails gives its input back; one that succeeds is kept even when what follows then fails)
//! and the same tree, rewriting and all. `tests` runs both parsers over the shared query logs
//! and over generated text made of the grammar's pieces and asserts the same answer, tree or
//! error, for every input.

use tantivy_query_grammar::{
    Delimiter, Occur, UserInputAst, UserInputBound, UserInputLeaf, UserInputLiteral,
};

/// Text that is not valid query syntax.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyntaxError;

/// `text` as a query tree; an error when it is not valid syntax (the engines then search it
/// as plain words, `query_text::plain_words`).
pub fn parse_query(text: &str) -> Result<UserInputAst, SyntaxError> {
    let rest = multispace0(text);
    let (rest, ast) = match ast(rest) {
        Some((rest, ast)) => (rest, ast),
        None => (rest, UserInputAst::Clause(Vec::new())),
    };
    match rest.is_empty() {
        true => Ok(rewrite(ast)),
        false => Err(SyntaxError),
    }
}

/// What a rule returns: the input after what it read, and what it read; `None`: it does not
/// match here (the caller tries its next alternative on the same input).
type Parsed<'a, T> = Option<(&'a str, T)>;

/// Characters a field name holds only escaped (`-` only at its start).
const SPECIAL_CHARS: &[char] = &[
    '+', '^', '`', ':', '{', '}', '"', '\'', '[', ']', '(', ')', '!', '\\', '*', ' ',
];
/// Characters a word holds only escaped.
const ESCAPE_IN_WORD: &[char] = &['^', '`', ':', '{', '}', '"', '\'', '[', ']', '(', ')', '\\'];

fn is_multispace(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

fn multispace0(input: &str) -> &str {
    input.trim_start_matches(is_multispace)
}

fn multispace1(input: &str) -> Option<&str> {
    let rest = multispace0(input);
    (rest.len() < input.len()).then_some(rest)
}

/// `input` after `c`, when it starts with it.
fn char_(input: &str, c: char) -> Option<&str> {
    input.strip_prefix(c)
}

/// The first character and the rest.
fn first(input: &str) -> Option<(char, &str)> {
    let mut chars = input.chars();
    chars.next().map(|c| (c, chars.as_str()))
}

/// The first character when `accept` takes it.
fn satisfy(input: &str, accept: impl Fn(char) -> bool) -> Parsed<'_, char> {
    first(input)
        .filter(|(c, _)| accept(*c))
        .map(|(c, rest)| (rest, c))
}

/// One or more ASCII digits.
fn digit1(input: &str) -> Parsed<'_, &str> {
    let rest = input.trim_start_matches(|c: char| c.is_ascii_digit());
    (rest.len() < input.len()).then(|| (rest, &input[..input.len() - rest.len()]))
}

/// What `input` read up to `rest`.
fn consumed<'a>(input: &'a str, rest: &str) -> &'a str {
    &input[..input.len() - rest.len()]
}

/// `name:`, spaces around the colon allowed; escapes interpreted.
fn field_name(input: &str) -> Parsed<'_, String> {
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
fn interpret_escape(source: &str) -> String {
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
fn word_char(input: &str, accept: impl Fn(char) -> bool) -> Option<&str> {
    char_(input, '\\')
        .and_then(first)
        .map(|(_, rest)| rest)
        .or_else(|| satisfy(input, &accept).map(|(rest, _)| rest))
}

/// A word outside quotes; not `OR`, `AND`, `NOT` or `IN`.
fn word(input: &str) -> Parsed<'_, String> {
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
fn relaxed_word(input: &str) -> Parsed<'_, &str> {
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
fn negative_number(input: &str) -> Parsed<'_, &str> {
    let (mut rest, _) = digit1(char_(input, '-')?)?;
    if let Some((after, _)) = char_(rest, '.').and_then(digit1) {
        rest = after;
    }
    Some((rest, consumed(input, rest)))
}

/// Text between `delimiter`s; `\` keeps the character after it, whatever it is.
fn quoted(input: &str, delimiter: char) -> Parsed<'_, String> {
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
fn simple_term(input: &str) -> Parsed<'_, (Delimiter, String)> {
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
fn slop_or_prefix(input: &str) -> (&str, (u32, bool)) {
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

fn term_or_phrase(input: &str) -> Parsed<'_, UserInputLeaf> {
    let (rest, (delimiter, phrase)) = simple_term(input)?;
    let (rest, (slop, prefix)) = slop_or_prefix(rest);
    let literal = UserInputLiteral {
        field_name: None,
        phrase,
        delimiter,
        slop,
        prefix,
    };
    Some((rest, UserInputLeaf::Literal(literal)))
}

/// `field:(query)`: the query's leaves without a field get that one.
fn term_group(input: &str) -> Parsed<'_, UserInputAst> {
    let (rest, field) = field_name(input)?;
    let rest = multispace0(char_(multispace0(rest), '(')?);
    let (rest, mut ast) = ast(rest)?;
    let rest = char_(rest, ')')?;
    set_default_field(&mut ast, &field);
    Some((rest, ast))
}

/// What may follow a `*` that stands for every document or, after a field, for `exists`
/// (`)` is one of the characters a word holds only escaped).
fn ends_a_star(input: &str) -> bool {
    input.is_empty()
        || multispace1(input).is_some()
        || first(input).is_some_and(|(c, _)| ESCAPE_IN_WORD.contains(&c) && c != '\\')
}

/// `field:*`.
fn exists(input: &str) -> Parsed<'_, UserInputLeaf> {
    let rest = char_(multispace0(input), '*')?;
    ends_a_star(rest).then(|| {
        let leaf = UserInputLeaf::Exists {
            field: String::new(),
        };
        (rest, leaf)
    })
}

/// A bound's text: a negative number, a relaxed word or `*`.
fn range_value(input: &str) -> Parsed<'_, String> {
    negative_number(input)
        .or_else(|| relaxed_word(input))
        .or_else(|| char_(input, '*').map(|rest| (rest, "*")))
        .map(|(rest, text)| (rest, text.to_string()))
}

/// `[a TO b]`, `{a TO b}` (mixed too, `*` unbounded) or `>a`, `>=a`, `<a`, `<=a`.
fn range(input: &str) -> Parsed<'_, UserInputLeaf> {
    let leaf = |(lower, upper)| UserInputLeaf::Range {
        field: None,
        lower,
        upper,
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
fn set(input: &str) -> Parsed<'_, UserInputLeaf> {
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
    Some((rest, leaf))
}

/// `/pattern/`, followed by a space, `)`, `^` or the end.
fn regex(input: &str) -> Parsed<'_, UserInputLeaf> {
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
        (rest, leaf)
    })
}

/// A leaf after an optional field, or a term group.
fn literal(input: &str) -> Parsed<'_, UserInputAst> {
    let (rest, field) = match field_name(input) {
        Some((rest, field)) => (rest, Some(field)),
        None => (input, None),
    };
    let leaf = range(rest)
        .or_else(|| set(rest))
        .or_else(|| exists(rest))
        .or_else(|| regex(rest))
        .or_else(|| term_or_phrase(rest));
    if let Some((rest, leaf)) = leaf {
        return Some((rest, UserInputAst::Leaf(Box::new(set_field(leaf, field)))));
    }
    term_group(input)
}

/// `(query)`, `*`, `NOT leaf` or a literal.
fn leaf(input: &str) -> Parsed<'_, UserInputAst> {
    if let Some(rest) = char_(input, '(') {
        if let Some((rest, ast)) = ast(rest) {
            if let Some(rest) = char_(rest, ')') {
                return Some((rest, ast));
            }
        }
    }
    if let Some(rest) = char_(input, '*').filter(|rest| ends_a_star(rest)) {
        return Some((rest, UserInputAst::Leaf(Box::new(UserInputLeaf::All))));
    }
    if let Some(rest) = input.strip_prefix("NOT").and_then(multispace1) {
        if let Some((rest, ast)) = leaf(rest) {
            return Some((rest, ast.unary(Occur::MustNot)));
        }
    }
    literal(input)
}

/// `12` or `1.5`, as a float.
fn positive_number(input: &str) -> Parsed<'_, f64> {
    let (mut rest, whole) = digit1(input)?;
    let mut fraction = "";
    if let Some((after, digits)) = char_(rest, '.').and_then(digit1) {
        (rest, fraction) = (after, digits);
    }
    Some((rest, decimal(whole, fraction)))
}

/// `whole.fraction` as the nearest float: one correctly rounded division while the digits and
/// the power of ten are exact in an f64 (any boost a person types), else digit by digit.
fn decimal(whole: &str, fraction: &str) -> f64 {
    let digits = whole.bytes().chain(fraction.bytes());
    if whole.len() + fraction.len() <= 15 && fraction.len() <= 22 {
        let mantissa = digits.fold(0u64, |n, d| n * 10 + u64::from(d - b'0'));
        return mantissa as f64 / 10f64.powi(fraction.len() as i32);
    }
    let mantissa = digits.fold(0f64, |n, d| n * 10.0 + f64::from(d - b'0'));
    mantissa / 10f64.powi(fraction.len() as i32)
}

/// A leaf and its `^boost`, if any (a boost of 1 is none).
fn boosted_leaf(input: &str) -> Parsed<'_, UserInputAst> {
    let (rest, ast) = leaf(input)?;
    match char_(rest, '^').and_then(positive_number) {
        Some((rest, boost)) if (boost - 1.0).abs() > f64::EPSILON => {
            Some((rest, UserInputAst::Boost(Box::new(ast), boost.into())))
        }
        Some((rest, _)) => Some((rest, ast)),
        None => Some((rest, ast)),
    }
}

/// `-` or `+`, if there.
fn occur_symbol(input: &str) -> (&str, Option<Occur>) {
    match first(input) {
        Some(('-', rest)) => (rest, Some(Occur::MustNot)),
        Some(('+', rest)) => (rest, Some(Occur::Must)),
        _ => (input, None),
    }
}

fn occur_leaf(input: &str) -> Parsed<'_, (Option<Occur>, UserInputAst)> {
    let (rest, occur) = occur_symbol(input);
    let (rest, ast) = boosted_leaf(rest)?;
    Some((rest, (occur, ast)))
}

#[derive(Clone, Copy, PartialEq)]
enum Operator {
    And,
    Or,
}

/// `AND ` or `OR ` (one space), then spaces, then a leaf and spaces.
fn operand_leaf(input: &str) -> Parsed<'_, Operand> {
    let (rest, operator) = if let Some(rest) = input.strip_prefix("AND ") {
        (rest, Some(Operator::And))
    } else if let Some(rest) = input.strip_prefix("OR ") {
        (rest, Some(Operator::Or))
    } else {
        (input, None)
    };
    let (rest, (occur, ast)) = occur_leaf(multispace0(rest))?;
    Some((multispace0(rest), (operator, occur, ast)))
}

/// A leaf with the operator before it and its occur.
type Operand = (Option<Operator>, Option<Occur>, UserInputAst);

/// Leaves separated by spaces and `AND`/`OR`, spaces around.
fn ast(input: &str) -> Parsed<'_, UserInputAst> {
    let input = multispace0(input);
    let (rest, (occur, first_ast)) = occur_leaf(input)?;
    let mut more = Vec::new();
    if let Some(mut after) = multispace1(rest) {
        while let Some((next, operand)) = operand_leaf(after) {
            more.push(operand);
            after = next;
        }
        if !more.is_empty() {
            let mut operands = vec![(None, occur, first_ast)];
            operands.extend(more);
            return Some((multispace0(after), aggregate(operands)));
        }
    }
    let single = match occur {
        Some(Occur::MustNot) => first_ast.unary(Occur::MustNot),
        _ => first_ast,
    };
    Some((multispace0(rest), single))
}

/// A clause of `ast` under an `OR`: an excluded one becomes `(-ast)`, as a should clause.
fn or_clause(
    occur: Option<Occur>,
    default: Occur,
    ast: UserInputAst,
) -> (Option<Occur>, UserInputAst) {
    if occur == Some(Occur::MustNot) && default == Occur::Should {
        (Some(Occur::Should), ast.unary(Occur::MustNot))
    } else {
        (occur.or(Some(default)), ast)
    }
}

/// Operands as one tree: `AND` joins a leaf to the group before it, `OR` starts a group, as
/// tantivy's grammar groups them.
fn aggregate(operands: Vec<Operand>) -> UserInputAst {
    let mut groups: Vec<Vec<(Option<Occur>, UserInputAst)>> = Vec::new();
    let count = operands.len();
    let next_operators: Vec<Option<Operator>> = operands
        .iter()
        .skip(1)
        .map(|(operator, _, _)| *operator)
        .collect();
    for (i, (operator, occur, ast)) in operands.into_iter().enumerate() {
        let next = next_operators.get(i).copied().flatten();
        let is_last = i + 1 == count;
        match operator {
            Some(Operator::And) => {
                let clause = (occur.or(Some(Occur::Must)), ast);
                match groups.last_mut() {
                    Some(group) => group.push(clause),
                    None => groups.push(vec![clause]),
                }
            }
            Some(Operator::Or) => {
                let default = match next {
                    Some(Operator::And) => Occur::Must,
                    _ => Occur::Should,
                };
                groups.push(vec![or_clause(occur, default, ast)]);
            }
            None if is_last => groups.push(vec![(occur, ast)]),
            None => {
                let clause = match next {
                    Some(Operator::And) => (occur.or(Some(Occur::Must)), ast),
                    Some(Operator::Or) => or_clause(occur, Occur::Should, ast),
                    None => (occur, ast),
                };
                groups.push(vec![clause]);
            }
        }
    }
    if groups.len() == 1 {
        let mut group = groups.pop().expect("one group");
        if group.len() == 1 && group[0].0 != Some(Occur::MustNot) {
            return group.pop().expect("one clause").1;
        }
        return UserInputAst::Clause(group);
    }
    let clauses = groups
        .into_iter()
        .map(|mut group| match group.len() {
            1 => group.pop().expect("one clause"),
            _ => (Some(Occur::Should), UserInputAst::Clause(group)),
        })
        .collect();
    UserInputAst::Clause(clauses)
}

/// Clauses rewritten as the grammar does after parsing: repeated clauses once, a clause that
/// is a group of one without an occur replaced by what it holds.
fn rewrite(ast: UserInputAst) -> UserInputAst {
    let UserInputAst::Clause(clauses) = ast else {
        return ast;
    };
    let mut kept: Vec<(Option<Occur>, UserInputAst)> = Vec::with_capacity(clauses.len());
    for (occur, clause) in clauses {
        let clause = (occur, rewrite(clause));
        if !kept.contains(&clause) {
            kept.push(clause);
        }
    }
    for clause in &mut kept {
        if let (None, UserInputAst::Clause(inner)) = clause {
            if inner.len() == 1 {
                *clause = inner.pop().expect("one clause");
            }
        }
    }
    UserInputAst::Clause(kept)
}

fn set_field(leaf: UserInputLeaf, name: Option<String>) -> UserInputLeaf {
    match leaf {
        UserInputLeaf::Literal(mut literal) => {
            literal.field_name = name;
            UserInputLeaf::Literal(literal)
        }
        UserInputLeaf::All => UserInputLeaf::All,
        UserInputLeaf::Range { lower, upper, .. } => UserInputLeaf::Range {
            field: name,
            lower,
            upper,
        },
        UserInputLeaf::Set { elements, .. } => UserInputLeaf::Set {
            field: name,
            elements,
        },
        UserInputLeaf::Exists { .. } => match name {
            Some(field) => UserInputLeaf::Exists { field },
            None => UserInputLeaf::All,
        },
        UserInputLeaf::Regex { pattern, .. } => UserInputLeaf::Regex {
            field: name,
            pattern,
        },
    }
}

/// The leaves of `ast` without a field get `name` (`*` becomes `name:*`).
fn set_default_field(ast: &mut UserInputAst, name: &str) {
    match ast {
        UserInputAst::Clause(clauses) => {
            for (_, clause) in clauses {
                set_default_field(clause, name);
            }
        }
        UserInputAst::Boost(ast, _) => set_default_field(ast, name),
        UserInputAst::Leaf(leaf) => match leaf.as_mut() {
            UserInputLeaf::Literal(literal) if literal.field_name.is_none() => {
                literal.field_name = Some(name.to_string());
            }
            UserInputLeaf::All => {
                **leaf = UserInputLeaf::Exists {
                    field: name.to_string(),
                };
            }
            UserInputLeaf::Range { field, .. }
            | UserInputLeaf::Set { field, .. }
            | UserInputLeaf::Regex { field, .. }
                if field.is_none() =>
            {
                *field = Some(name.to_string());
            }
            _ => {}
        },
    }
}

#[cfg(test)]
mod tests;
