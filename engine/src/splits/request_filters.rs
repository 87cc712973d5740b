//! Filters: exact values of keyword, numeric and bool fields that every hit must have.
//! They narrow the hits without changing scores (a filter clause scores 0).

use tantivy::query::{
    AllQuery, BooleanQuery, ConstScoreQuery, EmptyQuery, Occur, Query, TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption, Term};

use crate::api::Filters;
use crate::error::{ErrorKind, Result};
use crate::mapping::{FieldType, MappedSchema};

/// The terms each filtered field accepts: a hit holds one term of every group.
pub(crate) fn filter_terms(schema: &MappedSchema, filters: &Filters) -> Result<Vec<Vec<Term>>> {
    let mut groups = Vec::with_capacity(filters.len());
    for (name, values) in filters {
        let invalid = |message: String| {
            ErrorKind::InvalidQuery.with_message(format!("filter on `{name}`: {message}"))
        };
        let field = schema
            .field(name)
            .ok_or_else(|| invalid("no such field in the index".into()))?;
        let mapping = schema.mapping_of(field);
        if !mapping.indexed {
            return Err(invalid("the field is not indexed".into()));
        }
        if matches!(mapping.field_type, FieldType::Text | FieldType::Datetime) {
            return Err(invalid(
                "filters apply to keyword, numeric and bool fields; search text and dates in the query".into(),
            ));
        }
        let terms = values
            .iter()
            .map(|value| {
                filter_term(field, mapping.field_type, value).ok_or_else(|| {
                    let kind = serde_json::to_value(mapping.field_type).unwrap_or_default();
                    invalid(format!(
                        "{value} is not a {} value",
                        kind.as_str().unwrap_or("valid")
                    ))
                })
            })
            .collect::<Result<Vec<Term>>>()?;
        groups.push(terms);
    }
    Ok(groups)
}

/// The filter groups as one query, or `None` when there are none.
pub(crate) fn filter_query(groups: &[Vec<Term>]) -> Option<Box<dyn Query>> {
    let clauses: Vec<(Occur, Box<dyn Query>)> = groups
        .iter()
        .map(|terms| {
            let any_of: Box<dyn Query> = match terms.len() {
                0 => Box::new(EmptyQuery),
                _ => Box::new(BooleanQuery::new(
                    terms
                        .iter()
                        .map(|term| {
                            let query: Box<dyn Query> =
                                Box::new(TermQuery::new(term.clone(), IndexRecordOption::Basic));
                            (Occur::Should, query)
                        })
                        .collect(),
                )),
            };
            let filter: Box<dyn Query> = Box::new(ConstScoreQuery::new(any_of, 0.0));
            (Occur::Must, filter)
        })
        .collect();
    (!clauses.is_empty()).then(|| Box::new(BooleanQuery::new(clauses)) as Box<dyn Query>)
}

/// The term a filter value stands for in a keyword, numeric or bool field, or `None` when the
/// value does not fit the type. Strings are accepted for every type, so the CLI and URLs can
/// pass text.
fn filter_term(field: Field, field_type: FieldType, value: &serde_json::Value) -> Option<Term> {
    let text = match value {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Number(n) => n.to_string(),
        serde_json::Value::Bool(b) => b.to_string(),
        _ => return None,
    };
    match field_type {
        FieldType::Keyword => Some(Term::from_field_text(field, &text)),
        FieldType::I64 => Some(Term::from_field_i64(field, text.parse().ok()?)),
        FieldType::U64 => Some(Term::from_field_u64(field, text.parse().ok()?)),
        FieldType::F64 => Some(Term::from_field_f64(field, text.parse().ok()?)),
        FieldType::Bool => Some(Term::from_field_bool(field, text.parse().ok()?)),
        FieldType::Text | FieldType::Datetime => None,
    }
}

/// `query` restricted to hits matching `filter`; an empty query with a filter matches every
/// document that passes it (browsing a facet).
pub(crate) fn apply(
    query: Box<dyn Query>,
    filter: Option<&dyn Query>,
    query_is_empty: bool,
) -> Box<dyn Query> {
    let Some(filter) = filter else { return query };
    let base: Box<dyn Query> = if query_is_empty {
        Box::new(AllQuery)
    } else {
        query
    };
    Box::new(BooleanQuery::new(vec![
        (Occur::Must, base),
        (Occur::Must, filter.box_clone()),
    ]))
}
