//! Typed fields read out of a JSON object by hand: how the types every host hands the engine
//! (a search request, a site file's entry in `site.json`, a lexicon entry) are read.
//!
//! Why not serde's derives: in the site engine, reading those three types through serde's
//! deserializer of `serde_json::Value` (visitors, its error formatting, the derived field
//! matchers) was 12 KB of a 136 KB module (brotli, BENCHMARKS.md "Engine size"). Each type has
//! one reader, `from_json`, built on these helpers; its serde `Deserialize` (for the CLI and
//! the builder, which read JSON text) goes through it, so the contract is read in one place.

use serde_json::{Map, Value};

/// `impl Deserialize for $type` through its `from_json`: serde reads a `Value`, the type's
/// one reader reads that.
macro_rules! deserialize_by_from_json {
    ($type:ty) => {
        impl<'de> serde::Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(
                deserializer: D,
            ) -> std::result::Result<Self, D::Error> {
                let value = <serde_json::Value as serde::Deserialize>::deserialize(deserializer)?;
                <$type>::from_json(value).map_err(serde::de::Error::custom)
            }
        }
    };
}
pub(crate) use deserialize_by_from_json;

/// What reading a field found wrong, naming the field.
pub type FieldResult<T> = std::result::Result<T, String>;

/// The object `value` is; `what` names it in the error.
pub fn object(value: Value, what: &str) -> FieldResult<Map<String, Value>> {
    match value {
        Value::Object(fields) => Ok(fields),
        other => Err(format!("{what} must be an object, not {}", kind(&other))),
    }
}

/// A whole number that fits `u64`.
pub fn whole(name: &str, value: &Value) -> FieldResult<u64> {
    value.as_u64().ok_or_else(|| match value {
        Value::Number(_) => format!("{name} must be a whole number, 0 or more"),
        other => format!("{name} must be a whole number, not {}", kind(other)),
    })
}

/// A whole number that fits `usize`.
pub fn size(name: &str, value: &Value) -> FieldResult<usize> {
    let number = whole(name, value)?;
    usize::try_from(number).map_err(|_| format!("{name} is too large: {number}"))
}

/// A whole number that fits `u32`.
pub fn small(name: &str, value: &Value) -> FieldResult<u32> {
    let number = whole(name, value)?;
    u32::try_from(number).map_err(|_| format!("{name} is too large: {number}"))
}

/// `true` or `false`.
pub fn flag(name: &str, value: &Value) -> FieldResult<bool> {
    value
        .as_bool()
        .ok_or_else(|| format!("{name} must be true or false, not {}", kind(value)))
}

/// A text.
pub fn text(name: &str, value: Value) -> FieldResult<String> {
    match value {
        Value::String(text) => Ok(text),
        other => Err(format!("{name} must be a text, not {}", kind(&other))),
    }
}

/// A file's path relative to the file naming it, which must stay below it: relative, no `..`
/// or `.` part, no `\\` or `:` (a drive, a URL's scheme). An index is input like any other,
/// and a reader must not read outside its root (`../other/…`, `/etc/passwd`, `https://…`).
pub fn is_inside(path: &str) -> bool {
    !path.is_empty()
        && !path.starts_with('/')
        && !path.contains('\\')
        && !path.contains(':')
        && path.split('/').all(|part| part != ".." && part != ".")
}

/// A text that is a path inside the index (see [`is_inside`]). The site engine in a browser
/// takes its entries from the page, which checked them as it read `site.json`
/// (web/src/site.ts, `siteFrom`), so it leaves the check out (its bytes are counted).
#[cfg(site_engine)]
pub fn inside_path(name: &str, value: Value) -> FieldResult<String> {
    text(name, value)
}

/// A text that is a path inside the index (see [`is_inside`]).
#[cfg(not(site_engine))]
pub fn inside_path(name: &str, value: Value) -> FieldResult<String> {
    let path = text(name, value)?;
    if is_inside(&path) {
        Ok(path)
    } else {
        Err(format!(
            // Quoted by hand: `{:?}` of a text brings the escaping of every character (its
            // Unicode tables) into the site engine.
            "{name} \"{path}\" is outside the index's directory (paths are relative, without `..`)"
        ))
    }
}

/// A list of texts.
pub fn texts(name: &str, value: Value) -> FieldResult<Vec<String>> {
    match value {
        Value::Array(items) => items.into_iter().map(|item| text(name, item)).collect(),
        other => Err(format!(
            "{name} must be a list of texts, not {}",
            kind(&other)
        )),
    }
}

/// `[start, end)` as two whole numbers.
pub fn range(name: &str, value: &Value) -> FieldResult<[u64; 2]> {
    match value.as_array().map(Vec::as_slice) {
        Some([start, end]) => Ok([whole(name, start)?, whole(name, end)?]),
        _ => Err(format!("{name} must be [start, end], not {}", kind(value))),
    }
}

/// `value`, or `None` when it is `null`.
pub fn unless_null(value: Value) -> Option<Value> {
    (!value.is_null()).then_some(value)
}

/// `field`, read from the object `what`, or an error saying it has none. (Readers take each
/// field as they walk the object once: removing from the map instead brought the B-tree's
/// rebalancing code, 3 KB, to the site engine.)
pub fn required<T>(field: Option<T>, name: &str, what: &str) -> FieldResult<T> {
    field.ok_or_else(|| format!("{what} has no {name}"))
}

/// An error naming a field no reader knows, and those it knows.
pub fn unknown(name: &str, known: &[&str]) -> String {
    format!(
        "unknown field \"{name}\", expected one of {}",
        known.join(", ")
    )
}

/// What a value is, for messages.
pub fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}
