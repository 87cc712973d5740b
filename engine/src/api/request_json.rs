//! A search request read from JSON: `{"query", "limit"?, "offset"?, "snippet"?, "filters"?,
//! "fields"?, "start_timestamp"?, "end_timestamp"?, "sort"?, "aggs"? (or "aggregations"),
//! "count_all"?, "typo_tolerance"?, "fewer_words"?, "typeahead"?}`. Every host reads requests here: the wasm
//! engines from the host's plain object (as a `Value`), the CLI and the builder's tools through
//! serde, whose `Deserialize` comes here too. Unknown fields are refused, missing ones take
//! [`SearchRequest::new`]'s defaults.

use serde_json::Value;

use super::request::{Filters, SearchRequest, SortBy};
use crate::json_fields::FieldResult;
use crate::json_fields::{flag, kind, object, size, text, texts, unknown, unless_null};

/// The fields a request may have.
const FIELDS: &[&str] = &[
    "query",
    "limit",
    "offset",
    "snippet",
    "filters",
    "fields",
    "start_timestamp",
    "end_timestamp",
    "sort",
    "aggs",
    "count_all",
    "typo_tolerance",
    "fewer_words",
    "typeahead",
];

impl SearchRequest {
    /// The request `value` holds, or what is wrong with it.
    pub fn from_json(value: Value) -> FieldResult<SearchRequest> {
        let mut request = SearchRequest::default();
        let mut aggs_given = false;
        for (name, value) in object(value, "a search request")? {
            match name.as_str() {
                "query" => request.query = text(&name, value)?,
                "limit" => request.limit = size(&name, &value)?,
                "offset" => request.offset = size(&name, &value)?,
                "snippet" => request.snippet = flag(&name, &value)?,
                "filters" => request.filters = filters(value)?,
                "fields" => {
                    request.fields = unless_null(value)
                        .map(|value| texts(&name, value))
                        .transpose()?;
                }
                "start_timestamp" => request.start_timestamp = timestamp(value)?,
                "end_timestamp" => request.end_timestamp = timestamp(value)?,
                "sort" => request.sort = unless_null(value).map(sort).transpose()?,
                "aggs" | "aggregations" => {
                    if aggs_given {
                        return Err("give aggs or aggregations, not both".into());
                    }
                    aggs_given = true;
                    request.aggs = unless_null(value);
                }
                "count_all" => request.count_all = flag(&name, &value)?,
                "typo_tolerance" => request.typo_tolerance = flag(&name, &value)?,
                "fewer_words" => request.fewer_words = flag(&name, &value)?,
                "typeahead" => request.typeahead = flag(&name, &value)?,
                _ => return Err(unknown(&name, FIELDS)),
            }
        }
        Ok(request)
    }
}

crate::json_fields::deserialize_by_from_json!(SearchRequest);

/// Filters: each field maps to one value or a list of values.
fn filters(value: Value) -> FieldResult<Filters> {
    let fields = match value {
        Value::Object(fields) => fields,
        Value::Null => return Ok(Filters::new()),
        other => {
            return Err(format!(
                "filters: an object of field: value(s), not {}",
                kind(&other)
            ))
        }
    };
    Ok(fields
        .into_iter()
        .map(|(field, value)| match value {
            Value::Array(values) => (field, values),
            value => (field, vec![value]),
        })
        .collect())
}

/// A sort: `"-created_at"`, `"created_at:desc"` or `{"created_at": "desc"}`.
#[cfg(feature = "splits")]
fn sort(value: Value) -> FieldResult<SortBy> {
    let parsed = match value {
        Value::String(text) => text.parse(),
        Value::Object(map) if map.len() == 1 => {
            let (field, order) = map.into_iter().next().expect("one entry");
            match order {
                Value::String(order) => super::request::parse_order(&order)
                    .map(|descending| SortBy { field, descending }),
                _ => return Err("sort: the order is \"asc\" or \"desc\"".into()),
            }
        }
        _ => {
            return Err(
                "sort: one field, e.g. \"-created_at\" or {\"created_at\": \"desc\"}".into(),
            )
        }
    };
    parsed.map_err(|e| e.description())
}

/// A sort, in the site engine: site indexes refuse sorts whatever they name (`site::search`),
/// so any value is one (an empty field).
#[cfg(not(feature = "splits"))]
fn sort(_: Value) -> FieldResult<SortBy> {
    Ok(SortBy {
        field: String::new(),
        descending: false,
    })
}

/// A time bound: integer seconds since 1970 or RFC 3339 text (`null`: none).
#[cfg(feature = "splits")]
fn timestamp(value: Value) -> FieldResult<Option<i64>> {
    let seconds = match &value {
        Value::Null => return Ok(None),
        Value::String(text) => super::request::parse_timestamp(text),
        other => super::request::parse_datetime(other),
    };
    seconds.map(Some).ok_or_else(|| {
        // JSON text by the writer answers use: one JSON writer in wasm.
        let value = super::json_text(&value);
        format!(
            "{value} is not a timestamp: give seconds since 1970 or RFC 3339 text such as 2024-05-01T00:00:00Z"
        )
    })
}

/// A time bound, in the site engine: site indexes refuse time ranges whatever they hold
/// (`site::search`), so it only notes that one was given; `time`'s RFC 3339 parser was 2 KB
/// of its wasm (brotli).
#[cfg(not(feature = "splits"))]
fn timestamp(value: Value) -> FieldResult<Option<i64>> {
    Ok(unless_null(value).map(|_| 0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(request: Value) -> FieldResult<SearchRequest> {
        SearchRequest::from_json(request)
    }

    #[test]
    #[cfg(feature = "splits")]
    fn sorts_take_each_of_their_forms() {
        for (sort, field, descending) in [
            (json!("-created_at"), "created_at", true),
            (json!("size:asc"), "size", false),
            (json!({"created_at": "desc"}), "created_at", true),
        ] {
            let request = read(json!({"query": "x", "sort": sort})).unwrap();
            let expected = SortBy {
                field: field.into(),
                descending,
            };
            assert_eq!(request.sort, Some(expected));
        }
        for bad in [json!({"a": "desc", "b": "asc"}), json!(3), json!({"a": 1})] {
            assert!(read(json!({"sort": bad})).unwrap_err().starts_with("sort:"));
        }
    }

    #[test]
    fn filters_take_each_of_their_forms() {
        let request = read(json!({"filters": {"tag": "a", "size": [1, 2]}})).unwrap();
        assert_eq!(
            request.filters,
            [
                ("tag".to_string(), vec![json!("a")]),
                ("size".to_string(), vec![json!(1), json!(2)])
            ]
        );
        assert!(read(json!({"filters": null})).unwrap().filters.is_empty());
        assert!(read(json!({"filters": ["a"]}))
            .unwrap_err()
            .starts_with("filters:"));
        assert!(read(json!({"unknown": 1}))
            .unwrap_err()
            .contains("unknown field \"unknown\""));
    }

    #[test]
    fn every_field_is_read_and_checked() {
        let request = read(json!({
            "query": "a", "limit": 3, "offset": 6, "snippet": false, "fields": ["title"],
            "start_timestamp": 10, "end_timestamp": null, "aggregations": {"n": {}},
            "count_all": false, "typo_tolerance": false, "fewer_words": false, "typeahead": true,
        }))
        .unwrap();
        assert_eq!(
            (request.query.as_str(), request.limit, request.offset),
            ("a", 3, 6)
        );
        assert!(!request.snippet && !request.count_all && !request.typo_tolerance);
        assert!(!request.fewer_words);
        assert!(request.typeahead);
        assert_eq!(request.fields, Some(vec!["title".to_string()]));
        assert!(request.start_timestamp.is_some() && request.end_timestamp.is_none());
        assert_eq!(request.aggs, Some(json!({"n": {}})));
        // Defaults when absent.
        let default = read(json!({})).unwrap();
        assert_eq!(
            (default.limit, default.snippet, default.fields),
            (10, true, None)
        );
        // Wrong types name the field.
        for (bad, says) in [
            (
                json!({"limit": "ten"}),
                "limit must be a whole number, not a text",
            ),
            (
                json!({"limit": -1}),
                "limit must be a whole number, 0 or more",
            ),
            (json!({"offset": 1.5}), "offset must be a whole number"),
            (
                json!({"limit": null}),
                "limit must be a whole number, not null",
            ),
            (json!({"query": 3}), "query must be a text"),
            (json!({"snippet": "yes"}), "snippet must be true or false"),
            (json!({"fields": "title"}), "fields must be a list of texts"),
            (json!({"fields": [1]}), "fields must be a text"),
            (json!({"aggs": {}, "aggregations": {}}), "not both"),
            (json!(["query"]), "a search request must be an object"),
        ] {
            let error = read(bad.clone()).unwrap_err();
            assert!(error.contains(says), "{bad}: {error}");
        }
    }

    #[test]
    fn serde_reads_requests_through_the_same_reader() {
        let request: SearchRequest = serde_json::from_str(r#"{"query": "a", "limit": 2}"#).unwrap();
        assert_eq!((request.query.as_str(), request.limit), ("a", 2));
        let error = serde_json::from_str::<SearchRequest>(r#"{"limt": 2}"#).unwrap_err();
        assert!(error.to_string().contains("unknown field \"limt\""));
    }
}
