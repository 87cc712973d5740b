//! The conversions that fill the result shapes of [`crate::api`] from tantivy documents.

use tantivy::schema::{OwnedValue, Value};
use tantivy::TantivyDocument;

use crate::mapping::MappedSchema;

/// The stored fields `wanted` by name, as JSON in mapping order; multi-valued fields become
/// arrays.
pub(crate) fn document_json(
    schema: &MappedSchema,
    document: &TantivyDocument,
    wanted: impl Fn(&str) -> bool,
) -> serde_json::Map<String, serde_json::Value> {
    let mut map = serde_json::Map::new();
    for (mapping, field) in schema.mapping.fields.iter().zip(&schema.fields) {
        if !mapping.stored || !wanted(&mapping.name) {
            continue;
        }
        let mut values: Vec<serde_json::Value> = document
            .get_all(*field)
            .map(|value| owned_to_json(&OwnedValue::from(value.as_value())))
            .collect();
        match values.len() {
            0 => {}
            1 => {
                map.insert(mapping.name.clone(), values.pop().expect("one value"));
            }
            _ => {
                map.insert(mapping.name.clone(), serde_json::Value::Array(values));
            }
        }
    }
    map
}

pub(crate) fn owned_to_json(value: &OwnedValue) -> serde_json::Value {
    use serde_json::Value as J;
    match value {
        OwnedValue::Str(text) => J::String(text.clone()),
        OwnedValue::U64(n) => J::from(*n),
        OwnedValue::I64(n) => J::from(*n),
        OwnedValue::F64(n) => J::from(*n),
        OwnedValue::Bool(b) => J::Bool(*b),
        OwnedValue::Date(date) => {
            let seconds = date.into_timestamp_secs();
            time::OffsetDateTime::from_unix_timestamp(seconds)
                .ok()
                .and_then(|t| {
                    t.format(&time::format_description::well_known::Rfc3339)
                        .ok()
                })
                .map(J::String)
                .unwrap_or(J::from(seconds))
        }
        // The doc mapping never stores other kinds (facets, JSON, IPs, bytes); matching them
        // through serde would also link tantivy's facet regex into the wasm engine.
        _ => J::Null,
    }
}
