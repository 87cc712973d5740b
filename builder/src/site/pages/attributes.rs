//! The `data-rangefind-*` attributes of a page (and Pagefind's `data-pagefind-*` twins, so a
//! site tagged for Pagefind builds unchanged), and the capture lists of `-filter` and `-meta`.

use scraper::node::Element;

/// The prefixes an attribute is looked up under, ours first.
const PREFIXES: [&str; 2] = ["data-rangefind-", "data-pagefind-"];

/// The value of `data-rangefind-NAME`, else of `data-pagefind-NAME`.
pub fn site_attr<'a>(element: &'a Element, name: &str) -> Option<&'a str> {
    PREFIXES.iter().find_map(|prefix| {
        element
            .attrs()
            .find(|(key, _)| key.strip_prefix(prefix) == Some(name))
            .map(|(_, value)| value)
    })
}

/// What `data-*-ignore` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ignore {
    /// `data-*-ignore` or `="index"`: the element's text is not indexed; filters, metadata and
    /// the default title inside it still count.
    Index,
    /// `data-*-ignore="all"`: nothing inside the element counts.
    All,
}

/// The element's `data-*-ignore`, if any.
pub fn ignore(element: &Element) -> Option<Ignore> {
    site_attr(element, "ignore").map(|value| match value.trim() {
        "all" => Ignore::All,
        _ => Ignore::Index,
    })
}

/// One entry of a `data-*-filter` or `data-*-meta` list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Capture {
    /// `key`: the element's text.
    Text(String),
    /// `key[attr]`: the value of the element's attribute `attr`.
    Attribute(String, String),
    /// `key:value`: this value, to the end of the list (commas included).
    Inline(String, String),
}

/// Parses a capture list such as `heading, tag[data-section], author:Freeform, to the end`:
/// comma-separated `key`, `key[attr]` and, last, `key:value` (whose value runs to the end).
/// Entries without a key are left out.
pub fn parse_captures(spec: &str) -> Vec<Capture> {
    let mut captures = Vec::new();
    let mut rest = spec;
    while !rest.trim().is_empty() {
        let (item, after) = rest.split_once(',').unwrap_or((rest, ""));
        let colon = item.find(':');
        let bracket = item.find('[');
        if let Some(colon) = colon.filter(|&c| bracket.is_none_or(|b| c < b)) {
            let key = rest[..colon].trim();
            let value = rest[colon + 1..].trim();
            if !key.is_empty() {
                captures.push(Capture::Inline(key.to_string(), value.to_string()));
            }
            break;
        }
        let item = item.trim();
        match item.split_once('[') {
            Some((key, attr)) => {
                let attr = attr.trim_end_matches(']').trim();
                if !key.trim().is_empty() && !attr.is_empty() {
                    captures.push(Capture::Attribute(key.trim().to_string(), attr.to_string()));
                }
            }
            None if !item.is_empty() => captures.push(Capture::Text(item.to_string())),
            None => {}
        }
        rest = after;
    }
    captures
}

/// A weight of `data-*-weight`: a number from 0 to 10, in tenths (a field per weight is made,
/// so the weights a site uses are kept few). `None` for text that is not a number in range.
pub fn parse_weight(text: &str) -> Option<u8> {
    let weight: f32 = text.trim().parse().ok()?;
    (0.0..=10.0)
        .contains(&weight)
        .then(|| (weight * 10.0).round() as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_follow_pagefinds_syntax() {
        assert_eq!(
            parse_captures(
                "heading, tag[data-section], tag[data-category], author:Freeform text, captured to the end"
            ),
            [
                Capture::Text("heading".into()),
                Capture::Attribute("tag".into(), "data-section".into()),
                Capture::Attribute("tag".into(), "data-category".into()),
                Capture::Inline("author".into(), "Freeform text, captured to the end".into()),
            ]
        );
        assert_eq!(
            parse_captures("section:Web/API"),
            [Capture::Inline("section".into(), "Web/API".into())]
        );
        // A colon inside an attribute name is not an inline value.
        assert_eq!(
            parse_captures("image[xlink:href]"),
            [Capture::Attribute("image".into(), "xlink:href".into())]
        );
        assert_eq!(parse_captures(" , :x, []"), []);
    }

    #[test]
    fn weights_are_tenths_from_0_to_10() {
        assert_eq!(parse_weight("2"), Some(20));
        assert_eq!(parse_weight(" 0.5 "), Some(5));
        assert_eq!(parse_weight("0"), Some(0));
        assert_eq!(parse_weight("11"), None);
        assert_eq!(parse_weight("heavy"), None);
    }
}
