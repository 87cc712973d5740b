//! What both engines do to query text before their own conversion of it (the split engine
//! into tantivy queries, the site engine into its nodes), so that a query means the same in
//! both: the bounds on its size, and what a query of exclusions alone matches.

use tantivy_query_grammar::{Occur, UserInputAst, UserInputLeaf};

use crate::error::{ErrorKind, Result};

/// Longest query text, in bytes: a search box's query is a few words, and parsing costs grow
/// faster than the text (a pasted page is not a query).
pub const MAX_QUERY_BYTES: usize = 2048;
/// Deepest nesting of parentheses: the query grammar recurses once per level, and thousands
/// of levels overflow the stack.
pub const MAX_QUERY_DEPTH: usize = 32;

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

/// `ast` with every group of exclusions alone (`-draft`, `NOT a NOT b`, `css (-grid)`'s
/// group) made to match every document without them: an `*` is added as the group's `Must`.
/// Without it tantivy refuses such a group and the site engine matched nothing.
pub fn every_document_but_exclusions(ast: UserInputAst) -> UserInputAst {
    match ast {
        UserInputAst::Clause(children) => {
            let only_exclusions = !children.is_empty()
                && children
                    .iter()
                    .all(|(occur, _)| *occur == Some(Occur::MustNot));
            let mut children: Vec<(Option<Occur>, UserInputAst)> = children
                .into_iter()
                .map(|(occur, child)| (occur, every_document_but_exclusions(child)))
                .collect();
            if only_exclusions {
                let all = UserInputAst::Leaf(Box::new(UserInputLeaf::All));
                children.insert(0, (Some(Occur::Must), all));
            }
            UserInputAst::Clause(children)
        }
        UserInputAst::Boost(inner, boost) => {
            UserInputAst::Boost(Box::new(every_document_but_exclusions(*inner)), boost)
        }
        leaf => leaf,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> UserInputAst {
        every_document_but_exclusions(tantivy_query_grammar::parse_query(text).unwrap())
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
