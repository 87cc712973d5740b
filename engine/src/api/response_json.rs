//! Answers as JSON text, written by hand: the one writer of every host (`rangefind search
//! --json`, the browser, the Worker). The site engine then carries no serializer: serde's
//! derived `Serialize` and serde_json's serializer left it, 1.1 KB of its brotli.
//! The text is what serde_json writes for the derived `Serialize`, member for member (tested).

use serde_json::{Map, Value};

use super::float_text::FloatText;
use super::{Hit, Replaced, SearchResponse, SearchStats};

impl SearchResponse {
    /// This response as JSON text. `stats` stays its last member: the Worker appends to it in
    /// the text.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        let mut response = Object::new(&mut out);
        whole(response.member("count"), self.count);
        if self.count_is_lower_bound {
            response.member("count_is_lower_bound").push_str("true");
        }
        list(response.member("hits"), &self.hits, |out, hit| {
            hit.write(out)
        });
        if let Some(aggregations) = &self.aggregations {
            value(response.member("aggregations"), aggregations);
        }
        if !self.replaced.is_empty() {
            list(
                response.member("replaced"),
                &self.replaced,
                |out, replaced| replaced.write(out),
            );
        }
        if !self.read_as.is_empty() {
            object(response.member("read_as"), &self.read_as);
        }
        self.stats.write(response.member("stats"));
        response.end();
        out
    }
}

impl SearchStats {
    /// These costs as JSON text (`{requests, bytes, waves, ...}`).
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut String) {
        let mut stats = Object::new(out);
        whole(stats.member("requests"), self.requests);
        whole(stats.member("bytes"), self.bytes);
        whole(stats.member("waves"), self.waves);
        whole(stats.member("splits_total"), self.splits_total);
        whole(stats.member("splits_opened"), self.splits_opened);
        whole(stats.member("cache_hits"), self.cache_hits);
        float(stats.member("elapsed_ms"), self.elapsed_ms);
        stats.end();
    }
}

impl Hit {
    fn write(&self, out: &mut String) {
        let mut hit = Object::new(out);
        text(hit.member("id"), &self.id);
        float(hit.member("score"), self.score);
        if let Some(sort) = &self.sort {
            value(hit.member("sort"), sort);
        }
        object(hit.member("doc"), &self.doc);
        if let Some(snippet) = &self.snippet {
            text(hit.member("snippet"), snippet);
        }
        if let Some(at) = self.snippet_value {
            whole(hit.member("snippet_value"), at as u64);
        }
        if let Some(index) = self.index {
            whole(hit.member("index"), index as u64);
        }
        if let Some(missing) = &self.missing {
            text(hit.member("missing"), missing);
        }
        hit.end();
    }
}

impl Replaced {
    fn write(&self, out: &mut String) {
        let mut replaced = Object::new(out);
        text(replaced.member("word"), &self.word);
        list(replaced.member("with"), &self.with, |out, word| {
            text(out, word)
        });
        replaced.end();
    }
}

/// `value` as JSON text (compact, as serde_json writes it): for messages and filter words,
/// through this writer rather than serde's.
pub fn json_text(value: &Value) -> String {
    let mut out = String::new();
    self::value(&mut out, value);
    out
}

/// An object being written: its `{`, then members with a comma between them.
struct Object<'a> {
    out: &'a mut String,
    empty: bool,
}

impl<'a> Object<'a> {
    fn new(out: &'a mut String) -> Object<'a> {
        out.push('{');
        Object { out, empty: true }
    }

    /// Writes the member's name; its value is to be written to what this returns.
    fn member(&mut self, name: &str) -> &mut String {
        if !self.empty {
            self.out.push(',');
        }
        self.empty = false;
        text(self.out, name);
        self.out.push(':');
        self.out
    }

    fn end(self) {
        self.out.push('}');
    }
}

fn list<T>(out: &mut String, items: &[T], write: impl Fn(&mut String, &T)) {
    out.push('[');
    for (at, item) in items.iter().enumerate() {
        if at > 0 {
            out.push(',');
        }
        write(out, item);
    }
    out.push(']');
}

fn value(out: &mut String, value: &Value) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(flag) => out.push_str(if *flag { "true" } else { "false" }),
        Value::Number(number) => match (number.as_u64(), number.as_i64(), number.as_f64()) {
            (Some(whole_number), _, _) => whole(out, whole_number),
            (_, Some(negative), _) => out.push_str(&negative.to_string()),
            (_, _, Some(fraction)) => float(out, fraction),
            _ => out.push_str("null"),
        },
        Value::String(string) => text(out, string),
        Value::Array(items) => list(out, items, self::value),
        Value::Object(members) => object(out, members),
    }
}

fn object(out: &mut String, members: &Map<String, Value>) {
    let mut object = Object::new(out);
    for (name, member) in members {
        value(object.member(name), member);
    }
    object.end();
}

fn whole(out: &mut String, number: u64) {
    out.push_str(&number.to_string());
}

/// The shortest text that reads back as `number`; JSON has no infinities or NaN: `null`, as
/// serde_json writes them. Natively as serde_json writes floats (zmij); in wasm by the host's
/// own number printing (`float_text`), which keeps a float printer out of the engines.
fn float<F: FloatText>(out: &mut String, number: F) {
    match number.is_finite() {
        true => number.write_shortest(out),
        false => out.push_str("null"),
    }
}

/// A JSON string: quotes, and the escapes serde_json writes (`\"`, `\\`, `\b`, `\f`, `\n`,
/// `\r`, `\t`, and `\u00XX` for the other control characters).
fn text(out: &mut String, text: &str) {
    out.push('"');
    let mut from = 0;
    for (at, byte) in text.bytes().enumerate() {
        let escape = match byte {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..=0x1f => "",
            _ => continue,
        };
        out.push_str(&text[from..at]);
        from = at + 1;
        if escape.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("\\u00");
            out.push(HEX[usize::from(byte >> 4)] as char);
            out.push(HEX[usize::from(byte & 0xf)] as char);
        } else {
            out.push_str(escape);
        }
    }
    out.push_str(&text[from..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::json;

    use super::*;

    fn stats(elapsed_ms: f64) -> SearchStats {
        SearchStats {
            requests: 3,
            bytes: 123_456,
            waves: 2,
            splits_total: 0,
            splits_opened: u64::MAX,
            cache_hits: 1,
            elapsed_ms,
        }
    }

    fn hit(id: &str, score: f32, doc: Value) -> Hit {
        Hit {
            id: id.to_string(),
            score,
            sort: None,
            doc: doc.as_object().expect("an object").clone(),
            snippet: None,
            snippet_value: None,
            index: None,
            missing: None,
        }
    }

    fn response(hits: Vec<Hit>) -> SearchResponse {
        SearchResponse {
            count: hits.len() as u64,
            count_is_lower_bound: false,
            hits,
            aggregations: None,
            replaced: Vec::new(),
            read_as: Map::new(),
            stats: stats(12.5),
            requests: Vec::new(),
        }
    }

    /// serde_json's text of the derived `Serialize`: what the contract always was.
    fn serde_text(response: &SearchResponse) -> String {
        serde_json::to_string(response).expect("serialises")
    }

    #[test]
    fn every_member_is_written_as_serde_json_writes_it() {
        let mut full = hit(
            "/a/\"b\"",
            7.25,
            json!({"title": "Tab\there", "n": -3, "x": 0.1, "big": u64::MAX, "t": true,
                   "nested": {"list": [1, "two", null, [false]]}, "empty": {}}),
        );
        full.sort = Some(json!(1_700_000_000));
        full.snippet = Some("<mark>a</mark>\u{1}\u{8}\u{c}\u{1f}\u{7f}é\r\n\\".to_string());
        full.snippet_value = Some(4);
        full.index = Some(1);
        let mut answer = response(vec![full, hit("b", f32::NAN, json!({}))]);
        answer.count = 1_000_001;
        answer.count_is_lower_bound = true;
        answer.aggregations =
            Some(json!({"by_day": {"buckets": [{"key": 1.5e300, "doc_count": 2}]}}));
        answer.replaced = vec![Replaced {
            word: "mpa".to_string(),
            with: vec!["map".to_string(), "mpg".to_string()],
        }];
        answer.read_as.insert("section".into(), "filter".into());
        answer.read_as.insert("t\"itle".into(), "field".into());
        answer.stats.elapsed_ms = f64::INFINITY;
        assert_eq!(answer.to_json(), serde_text(&answer));
        let value = json!({"a": [1, 2.5, "x\u{0}"], "b": null, "c": {"d": false}});
        assert_eq!(json_text(&value), serde_json::to_string(&value).unwrap());
        let empty = response(Vec::new());
        assert_eq!(empty.to_json(), serde_text(&empty));
        assert_eq!(
            empty.stats.to_json(),
            serde_json::to_string(&empty.stats).unwrap()
        );
    }

    proptest! {
        #[test]
        fn any_text_and_float_is_written_as_serde_json_writes_it(
            // Any text, and texts of control characters and what JSON escapes.
            title in prop_oneof![any::<String>(), "[\\x00-\\x20\"\\\\a-zé€]{0,24}"],
            score in any::<f32>(),
            elapsed in any::<f64>(),
        ) {
            let mut answer = response(vec![hit(&title, score, json!({ title.clone(): title.clone() }))]);
            answer.stats.elapsed_ms = elapsed;
            prop_assert_eq!(answer.to_json(), serde_text(&answer));
        }
    }
}
