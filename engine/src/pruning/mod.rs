//! One-read pruning: per-field filters of each split's terms, read once when the index opens,
//! decide which splits a query cannot match before any split is opened.
//!
//! A split is skipped only when that is certain: a term the filter says is absent is absent
//! (binary fuse filters have no false negatives), and a query is walked as a boolean formula
//! over its terms. Anything the walk does not understand (ranges, prefixes, boosted or
//! constant-score sub-queries) may match, so pruning never loses a hit; at worst a split is
//! opened for nothing (0.4 % of the time for an absent term).

mod load;

use std::collections::HashMap;
use std::sync::Arc;

use tantivy::query::{
    AllQuery, BooleanQuery, EmptyQuery, Occur, PhrasePrefixQuery, PhraseQuery, Query, TermQuery,
};
use tantivy::schema::{Field, Term};

pub use crate::formats::split_filters::{
    term_key, SplitFilter, SplitFilterFile, SPLIT_FILTERS_VERSION,
};
pub(crate) use load::read_filter_files;

/// The split filters of an index: for each filtered field, each split's filter by its
/// place in the manifest (`None`: the file has none for that split, which may match).
#[derive(Clone, Debug, Default)]
pub struct IndexFilters {
    fields: Vec<(Field, Vec<Option<SplitFilter>>)>,
}

impl IndexFilters {
    /// Filters of these fields' files, laid out for the splits `split_ids` (manifest order),
    /// so a query looks a split up by position, not by id. A field may have several files
    /// (several indexes searched as one): each covers its own index's splits.
    pub fn new(files: Vec<(Field, Arc<SplitFilterFile>)>, split_ids: &[&str]) -> IndexFilters {
        let mut by_field: Vec<(Field, HashMap<&str, &SplitFilter>)> = Vec::new();
        for (field, file) in &files {
            let at = match by_field.iter().position(|(f, _)| f == field) {
                Some(at) => at,
                None => {
                    by_field.push((*field, HashMap::new()));
                    by_field.len() - 1
                }
            };
            let by_id = &mut by_field[at].1;
            by_id.extend(
                file.entries
                    .iter()
                    .map(|(id, filter)| (id.as_str(), filter)),
            );
        }
        let fields = by_field
            .into_iter()
            .map(|(field, by_id)| {
                let by_split = split_ids
                    .iter()
                    .map(|id| by_id.get(id).map(|f| (*f).clone()))
                    .collect();
                (field, by_split)
            })
            .collect();
        IndexFilters { fields }
    }

    /// Whether there is any filter at all.
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// The filter of `term`'s field for split number `split`, if there is one.
    fn filter_of(&self, split: usize, term: &Term) -> Option<&SplitFilter> {
        let (_, by_split) = self.fields.iter().find(|(f, _)| *f == term.field())?;
        by_split.get(split)?.as_ref()
    }

    /// Whether split number `split` may hold `term`; `None` when no filter covers it.
    fn split_may_hold(&self, split: usize, term: &Term) -> Option<bool> {
        let filter = self.filter_of(split, term)?;
        Some(filter.may_contain(term_key(term.serialized_value_bytes())))
    }

    /// How many documents of split number `split` probably match `query`, at least, from the
    /// filters' count tiers (0 when they cannot tell). A plan may count on it to open enough
    /// splits at once; results never depend on it.
    pub fn split_likely_min_matches(&self, split: usize, query: &dyn Query) -> u64 {
        let likely = |term: &Term| {
            self.filter_of(split, term).map_or(0, |filter| {
                u64::from(filter.likely_min_docs(term_key(term.serialized_value_bytes())))
            })
        };
        likely_min_matches(query, &likely)
    }

    /// Whether `query` (with every group of `required` terms: one term of each group must be
    /// in a hit) may match a document of split number `split` (its place in the manifest).
    pub fn split_may_match(&self, split: usize, query: &dyn Query, required: &[Vec<Term>]) -> bool {
        let holds = |term: &Term| self.split_may_hold(split, term).unwrap_or(true);
        required.iter().all(|any_of| any_of.iter().any(holds)) && may_match(query, &holds)
    }
}

/// A lower bound on the documents matching `query`, given one for the documents holding a
/// term: a term's own; the largest of a disjunction's; a single required clause's. Anything
/// else (conjunctions, exclusions, phrases) may match nothing: 0.
fn likely_min_matches(query: &dyn Query, likely: &dyn Fn(&Term) -> u64) -> u64 {
    if let Some(term) = query.downcast_ref::<TermQuery>() {
        return likely(term.term());
    }
    let Some(boolean) = query.downcast_ref::<BooleanQuery>() else {
        return 0;
    };
    let clauses = boolean.clauses();
    let of = |occur: Occur| -> Vec<&dyn Query> {
        clauses
            .iter()
            .filter(|(o, _)| *o == occur)
            .map(|(_, clause)| &**clause)
            .collect()
    };
    let (musts, shoulds) = (of(Occur::Must), of(Occur::Should));
    if !of(Occur::MustNot).is_empty() {
        return 0;
    }
    match (musts.as_slice(), boolean.get_minimum_number_should_match()) {
        ([must], 0) => likely_min_matches(*must, likely),
        ([], 0 | 1) => shoulds
            .iter()
            .map(|clause| likely_min_matches(*clause, likely))
            .max()
            .unwrap_or(0),
        _ => 0,
    }
}

/// Whether `query` may match a document whose terms pass `holds` (false: it certainly cannot).
fn may_match(query: &dyn Query, holds: &dyn Fn(&Term) -> bool) -> bool {
    if let Some(term) = query.downcast_ref::<TermQuery>() {
        return holds(term.term());
    }
    if let Some(phrase) = query.downcast_ref::<PhraseQuery>() {
        return phrase.phrase_terms().iter().all(holds);
    }
    if let Some(phrase) = query.downcast_ref::<PhrasePrefixQuery>() {
        // The leading words (the prefix itself expands per split).
        return phrase.phrase_terms().iter().all(holds);
    }
    if query.downcast_ref::<EmptyQuery>().is_some() {
        return false;
    }
    if query.downcast_ref::<AllQuery>().is_some() {
        return true;
    }
    if let Some(boolean) = query.downcast_ref::<BooleanQuery>() {
        let clauses = boolean.clauses();
        let mut musts = clauses.iter().filter(|(occur, _)| *occur == Occur::Must);
        if musts.any(|(_, clause)| !may_match(&**clause, holds)) {
            return false;
        }
        let has_must = clauses.iter().any(|(occur, _)| *occur == Occur::Must);
        // As `&dyn Query`: a `&Box<dyn Query>` is a `Query` too, one no downcast sees into.
        let shoulds: Vec<&dyn Query> = clauses
            .iter()
            .filter(|(occur, _)| *occur == Occur::Should)
            .map(|(_, clause)| &**clause)
            .collect();
        let at_least = boolean.get_minimum_number_should_match();
        let needed = if has_must { at_least } else { at_least.max(1) };
        if shoulds.is_empty() || needed == 0 {
            return true;
        }
        let possible = shoulds
            .iter()
            .filter(|clause| may_match(**clause, holds))
            .count();
        return possible >= needed;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use tantivy::schema::{IndexRecordOption, Schema, STRING};

    fn term_query(field: Field, text: &str) -> Box<dyn Query> {
        Box::new(TermQuery::new(
            Term::from_field_text(field, text),
            IndexRecordOption::Basic,
        ))
    }

    #[test]
    fn a_lower_bound_follows_the_boolean_structure() {
        let mut schema = Schema::builder();
        let user = schema.add_text_field("user", STRING);
        let likely = |term: &Term| match term.value().as_str() {
            Some("alice") => 16,
            Some("bob") => 4,
            _ => 0,
        };
        let bound = |query: Box<dyn Query>| likely_min_matches(&*query, &likely);
        assert_eq!(bound(term_query(user, "alice")), 16);
        assert_eq!(bound(term_query(user, "carol")), 0);
        let or = BooleanQuery::union(vec![term_query(user, "alice"), term_query(user, "bob")]);
        assert_eq!(bound(Box::new(or)), 16);
        let and =
            BooleanQuery::intersection(vec![term_query(user, "alice"), term_query(user, "bob")]);
        assert_eq!(bound(Box::new(and)), 0);
        let one_must = BooleanQuery::new(vec![
            (Occur::Must, term_query(user, "bob")),
            (Occur::Should, term_query(user, "alice")),
        ]);
        assert_eq!(bound(Box::new(one_must)), 4);
        let excluding = BooleanQuery::new(vec![
            (Occur::Must, term_query(user, "alice")),
            (Occur::MustNot, term_query(user, "bob")),
        ]);
        assert_eq!(bound(Box::new(excluding)), 0);
        let phrase = PhraseQuery::new(vec![
            Term::from_field_text(user, "alice"),
            Term::from_field_text(user, "bob"),
        ]);
        assert_eq!(bound(Box::new(phrase)), 0);
    }

    #[test]
    fn boolean_structure_decides_what_may_match() {
        let mut schema = Schema::builder();
        let user = schema.add_text_field("user", STRING);
        let other = schema.add_text_field("other", STRING);
        let present = ["alice", "bob"];
        let holds = |term: &Term| {
            term.field() != user || present.contains(&term.value().as_str().unwrap_or(""))
        };
        let check = |query: Box<dyn Query>| may_match(&*query, &holds);
        assert!(check(term_query(user, "alice")));
        assert!(!check(term_query(user, "carol")));
        // A field without a filter may always match.
        assert!(check(term_query(other, "carol")));
        let and = |a, b| -> Box<dyn Query> { Box::new(BooleanQuery::intersection(vec![a, b])) };
        let or = |a, b| -> Box<dyn Query> { Box::new(BooleanQuery::union(vec![a, b])) };
        assert!(!check(and(
            term_query(user, "alice"),
            term_query(user, "carol")
        )));
        assert!(check(or(
            term_query(user, "alice"),
            term_query(user, "carol")
        )));
        assert!(!check(or(
            term_query(user, "dave"),
            term_query(user, "carol")
        )));
        // A must-not never rules a split out; a should beside a must is optional.
        let not: Box<dyn Query> = Box::new(BooleanQuery::new(vec![
            (Occur::Must, term_query(user, "alice")),
            (Occur::MustNot, term_query(user, "bob")),
            (Occur::Should, term_query(user, "carol")),
        ]));
        assert!(check(not));
        let phrase: Box<dyn Query> = Box::new(PhraseQuery::new(vec![
            Term::from_field_text(user, "alice"),
            Term::from_field_text(user, "carol"),
        ]));
        assert!(!check(phrase));
        assert!(!check(Box::new(EmptyQuery)));
        assert!(check(Box::new(AllQuery)));
        // What the walk cannot see into may match.
        let boosted: Box<dyn Query> = Box::new(tantivy::query::BoostQuery::new(
            term_query(user, "carol"),
            2.0,
        ));
        assert!(check(boosted));
    }
}
