//! Plain JS values (open options, a site file entry, a search request) as `serde_json::Value`,
//! read through `Reflect`: the types' serde definitions then read them with `from_value`, and
//! the engine needs no JSON text parser (a tenth of the site engine's code). The
//! conversion follows `JSON.stringify`: `undefined` fields are left out, non-finite numbers
//! are `null`.

use js_sys::{Array, Object, Reflect};
use serde_json::{Map, Number, Value};
use wasm_bindgen::{JsCast, JsValue};

/// Objects and arrays nested deeper than this are refused (a request is a few levels deep).
const MAX_DEPTH: usize = 32;

/// `value` as JSON, or a message saying what is not JSON in it.
pub(crate) fn to_json(value: &JsValue) -> Result<Value, String> {
    convert(value, 0)
}

fn convert(value: &JsValue, depth: usize) -> Result<Value, String> {
    if depth > MAX_DEPTH {
        return Err(format!("nested deeper than {MAX_DEPTH} levels"));
    }
    if value.is_undefined() || value.is_null() {
        return Ok(Value::Null);
    }
    if let Some(flag) = value.as_bool() {
        return Ok(Value::Bool(flag));
    }
    if let Some(number) = value.as_f64() {
        return Ok(number_value(number));
    }
    if let Some(text) = value.as_string() {
        return Ok(Value::String(text));
    }
    if Array::is_array(value) {
        let array: &Array = value.unchecked_ref();
        return array.iter().map(|item| convert(&item, depth + 1)).collect();
    }
    if value.is_object() && !value.is_function() {
        let mut map = Map::new();
        let object: &Object = value.unchecked_ref();
        for key in Object::keys(object).iter() {
            let item = Reflect::get(value, &key).map_err(|_| "an unreadable field".to_string())?;
            if item.is_undefined() {
                continue;
            }
            let name = key.as_string().unwrap_or_default();
            map.insert(name, convert(&item, depth + 1)?);
        }
        return Ok(Value::Object(map));
    }
    Err(format!(
        "{} is not a JSON value",
        value.js_typeof().as_string().unwrap_or_default()
    ))
}

/// A JS number as JSON: an integer when it is one, as `JSON.stringify` writes it.
fn number_value(number: f64) -> Value {
    const SAFE: f64 = 9_007_199_254_740_992.0; // 2^53
    if number.fract() == 0.0 && number.abs() <= SAFE {
        Value::Number(Number::from(number as i64))
    } else {
        Number::from_f64(number).map_or(Value::Null, Value::Number)
    }
}
