//! JSON documents to tantivy documents, following the mapping.

use std::fmt;

use serde_json::Value;
use tantivy::schema::Field;
use tantivy::{DateTime, TantivyDocument};

use super::config::FieldType;
use super::schema::MappedSchema;
use crate::api::{parse_datetime, STORED_SECONDS};

/// Why one document could not be indexed. Names the field and what was found.
#[derive(Debug, Clone, PartialEq)]
pub struct DocumentError(pub String);

impl fmt::Display for DocumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DocumentError {}

/// A document converted for indexing, with the facts a split records about it.
#[derive(Debug)]
pub struct BuiltDocument {
    /// The tantivy document.
    pub document: TantivyDocument,
    /// Seconds since the epoch of the timestamp field, if the mapping has one and the
    /// document sets it (its first, when it sets several).
    pub timestamp: Option<i64>,
    /// The document sets the timestamp field more than once.
    pub several_timestamps: bool,
    /// Fields with a text longer than the builder's bound, cut to it.
    pub cut_fields: Vec<String>,
}

/// The longest start of `text` within `max_bytes`, ending at a word's end when one is near
/// (a word cut in two would be indexed as another word). `text` itself when it fits.
pub fn cut_text(text: &str, max_bytes: usize) -> &str {
    if text.len() <= max_bytes {
        return text;
    }
    let mut end = max_bytes;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let cut = &text[..end];
    // Back to the last space if it is within a long word's length of the bound.
    match cut.rfind(char::is_whitespace) {
        Some(space) if end - space <= 64 => cut[..space].trim_end(),
        _ => cut,
    }
}

/// Converts parsed JSON objects into tantivy documents.
pub struct DocumentBuilder {
    schema: MappedSchema,
    /// Per mapping field: its JSON paths, each split on dots.
    paths: Vec<Vec<Vec<String>>>,
    id_index: usize,
    timestamp_index: Option<usize>,
    /// Longest text value indexed and stored, in bytes; longer ones are cut.
    max_text_bytes: usize,
}

impl DocumentBuilder {
    /// A builder for this schema.
    pub fn new(schema: MappedSchema) -> DocumentBuilder {
        let mapping = &schema.mapping;
        let paths = mapping
            .fields
            .iter()
            .map(|f| {
                f.source_paths()
                    .iter()
                    .map(|path| path.split('.').map(str::to_string).collect())
                    .collect()
            })
            .collect();
        let position = |name: &str| mapping.fields.iter().position(|f| f.name == name);
        let id_index = position(&mapping.id_field).expect("validated mapping");
        let timestamp_index = mapping.timestamp_field.as_deref().and_then(position);
        DocumentBuilder {
            schema,
            paths,
            id_index,
            timestamp_index,
            max_text_bytes: usize::MAX,
        }
    }

    /// Cuts text values longer than `max_bytes` (at a word's end, see [`cut_text`]): what a
    /// hit reads to show a snippet, and what indexing one value costs, stay bounded.
    pub fn with_max_text_bytes(mut self, max_bytes: usize) -> DocumentBuilder {
        self.max_text_bytes = max_bytes;
        self
    }

    /// Parses one JSON line and converts it.
    pub fn build_from_json(&self, line: &str) -> Result<BuiltDocument, DocumentError> {
        let value: Value =
            serde_json::from_str(line).map_err(|e| DocumentError(format!("invalid JSON: {e}")))?;
        self.build(&value)
    }

    /// Converts one parsed JSON object.
    pub fn build(&self, value: &Value) -> Result<BuiltDocument, DocumentError> {
        if !value.is_object() {
            return Err(DocumentError("a document must be a JSON object".into()));
        }
        let mut document = TantivyDocument::new();
        let mut timestamp = None;
        let mut several_timestamps = false;
        let mut cut_fields = Vec::new();
        for (index, mapping) in self.schema.mapping.fields.iter().enumerate() {
            let field = self.schema.fields[index];
            let mut values = Vec::new();
            for path in &self.paths[index] {
                collect_path(value, path, &mut values);
            }
            if index == self.id_index && values.iter().all(|v| v.is_null()) {
                return Err(DocumentError(format!(
                    "missing id field {:?} (id_field in the mapping)",
                    mapping.name
                )));
            }
            let is_text = matches!(mapping.field_type, FieldType::Text | FieldType::Keyword);
            for json in values {
                let cut;
                let json = match json {
                    Value::String(text) if is_text && text.len() > self.max_text_bytes => {
                        if !cut_fields.contains(&mapping.name) {
                            cut_fields.push(mapping.name.clone());
                        }
                        cut = Value::String(cut_text(text, self.max_text_bytes).to_string());
                        &cut
                    }
                    _ => json,
                };
                let added =
                    add_value(&mut document, field, mapping.field_type, json).map_err(|found| {
                        DocumentError(format!(
                            "field {:?}: expected {}, found {found}",
                            mapping.name,
                            type_name(mapping.field_type)
                        ))
                    })?;
                if Some(index) == self.timestamp_index && added.is_some() {
                    several_timestamps |= timestamp.is_some();
                    timestamp = timestamp.or(added);
                }
            }
        }
        Ok(BuiltDocument {
            document,
            timestamp,
            several_timestamps,
            cut_fields,
        })
    }
}

/// Every value at `path`, descending through arrays.
fn collect_path<'a>(value: &'a Value, path: &[String], out: &mut Vec<&'a Value>) {
    match value {
        Value::Array(items) => items.iter().for_each(|item| collect_path(item, path, out)),
        _ if path.is_empty() => out.push(value),
        Value::Object(map) => {
            if let Some(child) = map.get(&path[0]) {
                collect_path(child, &path[1..], out);
            }
        }
        _ => {}
    }
}

/// Adds one JSON value; returns the timestamp for datetimes, or a description of a value of
/// the wrong type.
fn add_value(
    document: &mut TantivyDocument,
    field: Field,
    field_type: FieldType,
    json: &Value,
) -> Result<Option<i64>, String> {
    if json.is_null() {
        return Ok(None);
    }
    let wrong = || describe(json);
    match field_type {
        FieldType::Text | FieldType::Keyword => match json {
            Value::String(text) => document.add_text(field, text),
            Value::Number(n) => document.add_text(field, n.to_string()),
            Value::Bool(b) => document.add_text(field, b.to_string()),
            _ => return Err(wrong()),
        },
        FieldType::I64 => document.add_i64(field, as_number(json).ok_or_else(wrong)?),
        FieldType::U64 => document.add_u64(field, as_number(json).ok_or_else(wrong)?),
        FieldType::F64 => document.add_f64(field, as_number(json).ok_or_else(wrong)?),
        FieldType::Bool => match json {
            Value::Bool(b) => document.add_bool(field, *b),
            Value::String(s) if s == "true" || s == "false" => {
                document.add_bool(field, s == "true")
            }
            _ => return Err(wrong()),
        },
        FieldType::Datetime => {
            let seconds = parse_datetime(json)
                .filter(|seconds| STORED_SECONDS.contains(seconds))
                .ok_or_else(wrong)?;
            document.add_date(field, DateTime::from_timestamp_secs(seconds));
            return Ok(Some(seconds));
        }
    }
    Ok(None)
}

fn as_number<T: std::str::FromStr + serde::de::DeserializeOwned>(json: &Value) -> Option<T> {
    match json {
        Value::Number(_) => serde_json::from_value(json.clone()).ok(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn describe(json: &Value) -> String {
    let mut text = json.to_string();
    if text.len() > 60 {
        let cut = (0..=60)
            .rev()
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(0);
        text.truncate(cut);
        text.push('…');
    }
    text
}

fn type_name(field_type: FieldType) -> &'static str {
    match field_type {
        FieldType::Text => "text",
        FieldType::Keyword => "a keyword",
        FieldType::I64 => "a signed integer",
        FieldType::U64 => "an unsigned integer",
        FieldType::F64 => "a number",
        FieldType::Bool => "a boolean",
        FieldType::Datetime => {
            "an RFC 3339 datetime (or seconds since 1970) from 1677-09-21T00:12:44Z to \
             2262-04-11T23:47:16Z"
        }
    }
}

#[cfg(test)]
mod tests {
    use tantivy::schema::Value as _;

    use super::*;
    use crate::mapping::DocMapping;

    fn builder() -> (DocumentBuilder, MappedSchema) {
        let mapping = DocMapping::from_yaml(
            r#"
id_field: id
timestamp_field: created_at
fields:
  - { name: id, type: keyword }
  - { name: actor.login, type: keyword }
  - { name: payload.message, type: text }
  - { name: size, type: u64, fast: true }
  - { name: created_at, type: datetime, fast: true }
"#,
        )
        .unwrap();
        let schema = MappedSchema::new(mapping);
        (DocumentBuilder::new(schema.clone()), schema)
    }

    #[test]
    fn reads_dotted_paths_and_datetimes() {
        let (builder, schema) = builder();
        let built = builder
            .build_from_json(r#"{"id":"1","actor":{"login":"octo"},"payload":{"message":"fix"},"size":3,"created_at":"2020-01-02T03:04:05Z"}"#)
            .unwrap();
        assert_eq!(built.timestamp, Some(1577934245));
        assert!(!built.several_timestamps);
        let two = builder
            .build_from_json(
                r#"{"id":"2","created_at":["2020-01-02T03:04:05Z","2021-01-01T00:00:00Z"]}"#,
            )
            .unwrap();
        assert_eq!(
            (two.timestamp, two.several_timestamps),
            (Some(1577934245), true)
        );
        let login = schema.field("actor.login").unwrap();
        let value = built.document.get_first(login).unwrap();
        assert_eq!(value.as_str(), Some("octo"));
    }

    #[test]
    fn errors_name_the_field_and_value() {
        let (builder, _) = builder();
        let error = builder
            .build_from_json(r#"{"id":"1","size":"big"}"#)
            .unwrap_err();
        assert_eq!(
            error.0,
            r#"field "size": expected an unsigned integer, found "big""#
        );
        // Past 2262 the nanoseconds tantivy stores wrapped around (9999 was stored as 1816).
        for date in [
            r#""9999-01-01T00:00:00Z""#,
            r#""1500-01-01T00:00:00Z""#,
            "1e30",
        ] {
            let line = format!(r#"{{"id":"1","created_at":{date}}}"#);
            let error = builder.build_from_json(&line).unwrap_err();
            assert!(
                error
                    .0
                    .starts_with(r#"field "created_at": expected an RFC 3339 datetime"#)
                    && error.0.contains("to 2262-04-11T23:47:16Z"),
                "{error}"
            );
        }
        let last = r#"{"id":"1","created_at":"2262-04-11T23:47:16Z"}"#;
        assert_eq!(
            builder.build_from_json(last).unwrap().timestamp,
            Some(*STORED_SECONDS.end())
        );
        let error = builder.build_from_json(r#"{"size":1}"#).unwrap_err();
        assert!(error.0.contains("missing id field"), "{error}");
        let error = builder.build_from_json(r#"{"id": "#).unwrap_err();
        assert!(error.0.starts_with("invalid JSON"), "{error}");
    }

    #[test]
    fn long_texts_are_cut_at_a_word_end_and_named() {
        let (builder, schema) = builder();
        let builder = builder.with_max_text_bytes(16);
        let built = builder
            .build_from_json(r#"{"id":"1","payload":{"message":"fix the ünïcode bug in parsing"}}"#)
            .unwrap();
        let message = schema.field("payload.message").unwrap();
        let value = built.document.get_first(message).unwrap();
        assert_eq!(value.as_str(), Some("fix the"));
        assert_eq!(built.cut_fields, ["payload.message"]);
        let built = builder.build_from_json(r#"{"id":"1","size":3}"#).unwrap();
        assert!(built.cut_fields.is_empty());
    }

    #[test]
    fn cut_text_keeps_characters_whole() {
        assert_eq!(cut_text("short", 16), "short");
        assert_eq!(cut_text("ééééé", 5), "éé");
        assert_eq!(cut_text("a bc", 3), "a");
        let word = "x".repeat(100);
        assert_eq!(cut_text(&format!("a {word}"), 80).len(), 80);
    }
}
