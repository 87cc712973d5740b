//! A snippet's HTML: text escaped, matches in `<mark>`, a leading text cut at a space.

use std::ops::Range;

/// Writes `text` escaped into `out`, with `marks` (byte ranges, in order) in `<mark>`:
/// overlapping ones as one, as the bigrams of a CJK match overlap (`全文`, `文検` → `全文検`).
pub fn mark_into(out: &mut String, text: &str, marks: impl IntoIterator<Item = Range<usize>>) {
    let mut merged: Vec<Range<usize>> = Vec::new();
    for mark in marks {
        match merged.last_mut() {
            Some(last) if mark.start < last.end => last.end = last.end.max(mark.end),
            _ => merged.push(mark),
        }
    }
    let mut at = 0;
    for mark in merged {
        escape_into(out, &text[at..mark.start]);
        out.push_str("<mark>");
        escape_into(out, &text[mark.clone()]);
        out.push_str("</mark>");
        at = mark.end;
    }
    escape_into(out, &text[at..]);
}

/// The first `max_chars` characters of `text`, cut at a word boundary and escaped: the
/// snippet of a hit without a match the snippet can show (a match in the title only).
pub fn leading_text_html(text: &str, max_chars: usize) -> Option<String> {
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

/// Appends `text` with HTML's special characters escaped.
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
