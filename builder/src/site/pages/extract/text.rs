//! Text out of elements: the elements under one, an element's text, whitespace collapsed,
//! and keys made safe to be field names.

use scraper::ElementRef;

/// Every element under `root`, in document order.
pub(super) fn elements(root: ElementRef<'_>) -> impl Iterator<Item = ElementRef<'_>> {
    root.descendants().filter_map(ElementRef::wrap)
}

/// An element's text, whitespace collapsed.
pub(super) fn element_text(element: ElementRef<'_>) -> String {
    let mut text = String::new();
    for piece in element.text() {
        push_collapsed(&mut text, piece, false);
    }
    text.trim_end().to_string()
}

/// Appends `piece` with runs of whitespace made one space, none at the start of `out`;
/// `separate` puts a space before it when `out` does not end in one (a block boundary).
pub(super) fn push_collapsed(out: &mut String, piece: &str, separate: bool) {
    let mut space = separate;
    for c in piece.chars() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space && !out.is_empty() && !out.ends_with(' ') {
            out.push(' ');
        }
        space = false;
        out.push(c);
    }
    if space && !out.is_empty() && !out.ends_with(' ') {
        out.push(' ');
    }
}

pub(super) fn collapse(text: &str) -> String {
    let mut out = String::new();
    push_collapsed(&mut out, text, false);
    out.trim_end().to_string()
}

/// A filter or meta key as a field name part: `.` (a path separator in field names) and
/// whitespace become `_`.
pub fn field_safe_key(key: &str) -> String {
    key.trim()
        .chars()
        .map(|c| {
            if c == '.' || c.is_whitespace() {
                '_'
            } else {
                c
            }
        })
        .collect()
}
