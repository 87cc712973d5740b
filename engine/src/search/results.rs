//! Result shapes (the JSON contract shared by the CLI, the browser and the Worker) and the
//! conversions that fill them.

use serde::Serialize;
use tantivy::schema::{Field, OwnedValue, Value};
use tantivy::snippet::{Snippet, SnippetGenerator};
use tantivy::TantivyDocument;

use crate::mapping::MappedSchema;

/// What a search returns.
#[derive(Clone, Debug, Serialize)]
pub struct SearchResponse {
    /// Documents matching the query, over all splits.
    pub count: u64,
    /// The requested page of hits, best first.
    pub hits: Vec<Hit>,
    /// What the query cost.
    pub stats: SearchStats,
    /// Every request the query sent (for `--explain`; not part of the JSON contract).
    #[serde(skip)]
    pub requests: Vec<crate::io::RequestRecord>,
}

/// One result.
#[derive(Clone, Debug, Serialize)]
pub struct Hit {
    /// Value of the mapping's `id_field`.
    pub id: String,
    /// BM25 score.
    pub score: f32,
    /// Stored fields.
    pub doc: serde_json::Map<String, serde_json::Value>,
    /// HTML fragment of the snippet field with matches in `<mark>`; absent when not asked for
    /// or when the document has no snippet text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub snippet: Option<String>,
}

/// Exact costs of one query, counted by the I/O layer.
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq)]
pub struct SearchStats {
    /// Range requests sent.
    pub requests: u64,
    /// Bytes received.
    pub bytes: u64,
    /// Sequential rounds of requests.
    pub waves: u64,
    /// Splits in the index.
    pub splits_total: u64,
    /// Splits this query opened or used.
    pub splits_opened: u64,
    /// Pages (and split open regions) read from the persistent tier, IndexedDB in browsers
    /// or the edge cache in the Worker, instead of the network.
    pub cache_hits: u64,
    /// Wall time of the query.
    pub elapsed_ms: f64,
}

/// Stored fields as JSON, in mapping order; multi-valued fields become arrays.
pub(crate) fn document_json(
    schema: &MappedSchema,
    document: &TantivyDocument,
) -> serde_json::Map<String, serde_json::Value> {
    let mut map = serde_json::Map::new();
    for (mapping, field) in schema.mapping.fields.iter().zip(&schema.fields) {
        if !mapping.stored {
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

fn owned_to_json(value: &OwnedValue) -> serde_json::Value {
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

/// How much of a long text is searched for a snippet first: tokenising (and stemming) a whole
/// long page costs more than the rest of a warm query, and a fragment near the start reads
/// well. The whole text is searched only when this part has no match.
const SNIPPET_SCAN_BYTES: usize = 4096;

/// The snippet of `document`'s `field` as HTML: the best fragment of its first
/// [`SNIPPET_SCAN_BYTES`] with a match, else of the whole text, else its leading text.
pub(crate) fn snippet(
    generator: &SnippetGenerator,
    document: &TantivyDocument,
    field: Field,
    max_chars: usize,
) -> Option<String> {
    let text: Vec<&str> = document
        .get_all(field)
        .filter_map(|value| value.as_str())
        .collect();
    let text = text.join(" ");
    if text.len() > SNIPPET_SCAN_BYTES {
        let mut end = SNIPPET_SCAN_BYTES;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let first = generator.snippet(&text[..end]);
        if !first.highlighted().is_empty() {
            return snippet_html(&first);
        }
    }
    snippet_html(&generator.snippet(&text)).or_else(|| leading_text_html(&text, max_chars))
}

/// The snippet as HTML: text escaped, matches wrapped in `<mark>`.
pub(crate) fn snippet_html(snippet: &Snippet) -> Option<String> {
    let fragment = snippet.fragment();
    if fragment.is_empty() {
        return None;
    }
    let mut html = String::with_capacity(fragment.len() + 32);
    let mut at = 0;
    for range in snippet.highlighted() {
        escape_into(&mut html, &fragment[at..range.start]);
        html.push_str("<mark>");
        escape_into(&mut html, &fragment[range.clone()]);
        html.push_str("</mark>");
        at = range.end;
    }
    escape_into(&mut html, &fragment[at..]);
    Some(html)
}

/// The first `max_chars` characters of `text`, cut at a word boundary and escaped: the snippet
/// of a hit whose matches the snippet generator cannot highlight (prefix and range queries).
pub(crate) fn leading_text_html(text: &str, max_chars: usize) -> Option<String> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let mut end = text
        .char_indices()
        .nth(max_chars)
        .map_or(text.len(), |(i, _)| i);
    if end < text.len() {
        end = text[..end].rfind(char::is_whitespace).unwrap_or(end);
    }
    let mut html = String::with_capacity(end + 8);
    escape_into(&mut html, &text[..end]);
    if end < text.len() {
        html.push('…');
    }
    Some(html)
}

fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::leading_text_html;

    #[test]
    fn leading_text_cuts_at_a_word_and_escapes() {
        assert_eq!(
            leading_text_html("a <b> c dddd", 8).unwrap(),
            "a &lt;b&gt; c…"
        );
        assert_eq!(leading_text_html("short", 80).unwrap(), "short");
        assert_eq!(leading_text_html("  ", 80), None);
    }
}
