//! A page's record in a site file: the fields a hit shows, each one text or a list of texts.
//!
//! ```text
//! record  varint field count · per field: name · varint (values << 1 | 1 if a list) · values
//! ```
//!
//! Texts are a varint length and UTF-8. Binary rather than JSON so that the site engine needs no
//! JSON parser (the parser was a tenth of its code); a hit still hands the host its
//! fields as JSON values.

use serde_json::Value;

use crate::error::Result;
use crate::formats::split::{put_text, put_varint, ByteReader};

/// A page's stored fields, by name.
pub type Record = serde_json::Map<String, Value>;

/// The bytes of `record`; an error names a field whose value is neither a text nor a list of
/// texts.
pub fn encode(record: &Record) -> std::result::Result<Vec<u8>, String> {
    let mut out = Vec::new();
    put_varint(&mut out, record.len() as u64);
    // By name, whatever order the fields were gathered in: a page's record is the same bytes
    // for the same fields (JSON objects keep their members' order, `preserve_order`).
    let mut fields: Vec<(&String, &Value)> = record.iter().collect();
    fields.sort_unstable_by_key(|(name, _)| *name);
    for (name, value) in fields {
        put_text(&mut out, name);
        let texts: Vec<&str> = match value {
            Value::String(text) => vec![text],
            Value::Array(values) => values
                .iter()
                .map(|v| v.as_str().ok_or_else(|| not_text(name)))
                .collect::<std::result::Result<_, _>>()?,
            _ => return Err(not_text(name)),
        };
        let is_list = u64::from(value.is_array());
        put_varint(&mut out, (texts.len() as u64) << 1 | is_list);
        for text in texts {
            put_text(&mut out, text);
        }
    }
    Ok(out)
}

fn not_text(name: &str) -> String {
    format!("the record's field \"{name}\" is neither a text nor a list of texts")
}

/// The record in `bytes`, checked.
pub fn decode(bytes: &[u8]) -> Result<Record> {
    let mut reader = ByteReader::new(bytes, "page record");
    let mut record = Record::new();
    for _ in 0..reader.varint()? {
        let name = reader.text()?.to_string();
        let shape = reader.varint()?;
        let count = shape >> 1;
        // Each value takes a byte at least: a damaged count cannot make a huge allocation.
        if count > reader.remaining() as u64 {
            return Err(reader.corrupt("more values than bytes"));
        }
        let mut texts = (0..count)
            .map(|_| Ok(Value::String(reader.text()?.to_string())))
            .collect::<Result<Vec<_>>>()?;
        let value = match (shape & 1, texts.len()) {
            (0, 1) => texts.pop().expect("one value"),
            (0, _) => return Err(reader.corrupt("a single value that is not one")),
            _ => Value::Array(texts),
        };
        record.insert(name, value);
    }
    reader.end()?;
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    #[test]
    fn records_come_back_as_written() {
        let record = json!({
            "url": "/a/",
            "title": "Ünïcode",
            "body": ["intro"],
            "anchors": [],
            "filter.tag": ["x", "y"],
        });
        let record = record.as_object().unwrap().clone();
        assert_eq!(decode(&encode(&record).unwrap()).unwrap(), record);
        let number = json!({"n": 1}).as_object().unwrap().clone();
        assert!(encode(&number).unwrap_err().contains("\"n\""));
    }

    proptest! {
        #![proptest_config(crate::fuzz_config())]
        #[test]
        fn damaged_records_are_errors_not_panics(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
            let _ = decode(&bytes);
        }
    }
}
