//! The query syntax, read into tantivy's query tree (`UserInputAst`) exactly as tantivy's
//! grammar crate reads it, for both engines.
//!
//! Why not call the grammar crate: it is written with nom's combinators, and with the float
//! parser it brings it was 22 KB of the site engine's 154 KB (brotli; BENCHMARKS.md, "What the
//! site engine is made of"). This is the same grammar as plain recursive descent: each
//! function (here the tree: leaves, operators, grouping; in `chars`, `terms` and `leaves` the
//! rest) is one rule of `tantivy-query-grammar` 0.27's strict parser (`parse_query`),
//! with the same alternatives in the same order, the same backtracking (an alternative that
//! fails gives its input back; one that succeeds is kept even when what follows then fails)
//! and the same tree, rewriting and all. `tests` runs both parsers over the shared query logs
//! and over generated text made of the grammar's pieces and asserts the same answer, tree or
//! error, for every input.

use tantivy_query_grammar::{Occur, UserInputAst, UserInputLeaf};

use chars::{char_, first, multispace0, multispace1, Parsed};
use leaves::{ends_a_star, exists, range, regex, set, set_field};
use terms::{field_name, positive_number, term_or_phrase};

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

/// `field:(query)`: the query's leaves without a field get that one.
fn term_group(input: &str) -> Parsed<'_, UserInputAst> {
    let (rest, field) = field_name(input)?;
    let rest = multispace0(char_(multispace0(rest), '(')?);
    let (rest, mut ast) = ast(rest)?;
    let rest = char_(rest, ')')?;
    set_default_field(&mut ast, &field);
    Some((rest, ast))
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
    if let Some((rest, mut leaf)) = leaf {
        set_field(&mut leaf, field);
        return Some((rest, UserInputAst::Leaf(leaf)));
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

mod chars;
mod leaves;
mod terms;
#[cfg(test)]
mod tests;
