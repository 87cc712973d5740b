//! How deep a page's elements nest, counted before it is parsed. The HTML parser (html5ever,
//! as the standard's tree builder does) looks through the open elements for each start tag,
//! so a page of N nested elements takes time in N²: 200,000 nested `<div>`s took 207 s.
//! Real pages nest a few dozen deep (a browser keeps at most 512 levels, and flattens the
//! rest); a page past [`MAX_DEPTH`] is skipped, and the build says so.

/// The deepest nesting a page may have: its parse then costs at most about a second.
pub const MAX_DEPTH: usize = 16_384;

/// Elements that never hold others (HTML's void elements).
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

/// Elements a parser closes by itself when a sibling starts (`<p>a<p>b`, `<li>`, a table's
/// cells): unclosed, they do not nest, so they are not counted.
const CLOSED_BY_SIBLINGS: &[&str] = &[
    "p", "li", "dt", "dd", "tr", "td", "th", "tbody", "thead", "tfoot", "option", "optgroup", "rb",
    "rt", "rp", "colgroup", "caption",
];

/// Elements whose text is not markup.
const RAW_TEXT: &[&str] = &["script", "style", "textarea", "title", "xmp", "plaintext"];

/// The deepest the elements of `html` nest, counted from its tags in one pass: start tags of
/// elements that can hold others, less end tags; comments and the text of scripts and styles
/// skipped. An upper bound for the depth a parser builds from well-formed HTML (and close to
/// it for malformed HTML), reached in time linear in the page.
pub fn nesting_depth(html: &str) -> usize {
    let bytes = html.as_bytes();
    let (mut at, mut depth, mut deepest) = (0, 0usize, 0usize);
    while let Some(offset) = bytes[at..].iter().position(|&b| b == b'<') {
        at += offset + 1;
        if bytes[at..].starts_with(b"!--") {
            at = find(bytes, at, b"-->").map_or(bytes.len(), |end| end + 3);
            continue;
        }
        let closing = bytes.get(at) == Some(&b'/');
        let name_start = at + usize::from(closing);
        let name_len = bytes[name_start..]
            .iter()
            .position(|b| !b.is_ascii_alphanumeric())
            .unwrap_or(bytes.len() - name_start);
        if name_len == 0 || !bytes[name_start].is_ascii_alphabetic() {
            continue;
        }
        let name = html[name_start..name_start + name_len].to_ascii_lowercase();
        let tag_end = bytes[name_start..]
            .iter()
            .position(|&b| b == b'>')
            .map_or(bytes.len(), |end| name_start + end);
        let self_closing = tag_end > 0 && bytes.get(tag_end - 1) == Some(&b'/');
        at = (tag_end + 1).min(bytes.len());
        if closing {
            if !VOID.contains(&name.as_str()) && !CLOSED_BY_SIBLINGS.contains(&name.as_str()) {
                depth = depth.saturating_sub(1);
            }
            continue;
        }
        if RAW_TEXT.contains(&name.as_str()) {
            // Its text up to its end tag is not markup.
            let end_tag = format!("</{name}");
            at = find_ignoring_case(bytes, at, end_tag.as_bytes()).unwrap_or(bytes.len());
            continue;
        }
        if self_closing
            || VOID.contains(&name.as_str())
            || CLOSED_BY_SIBLINGS.contains(&name.as_str())
        {
            continue;
        }
        depth += 1;
        deepest = deepest.max(depth);
    }
    deepest
}

fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes
        .get(from..)?
        .windows(needle.len())
        .position(|window| window == needle)
        .map(|offset| from + offset)
}

fn find_ignoring_case(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes
        .get(from..)?
        .windows(needle.len())
        .position(|window| window.eq_ignore_ascii_case(needle))
        .map(|offset| from + offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_of_pages() {
        assert_eq!(
            nesting_depth("<html><body><div><p>a<p>b</div></body></html>"),
            3
        );
        assert_eq!(nesting_depth("<div><br><img src=x><hr/></div>"), 1);
        assert_eq!(nesting_depth("<ul><li>a<li>b<li>c</ul>"), 1);
        assert_eq!(
            nesting_depth("<div><!-- <div><div> --><script>if (a<b) '<div>'</script></div>"),
            1
        );
        assert_eq!(nesting_depth("a < b and 1<2, <3"), 0);
        assert_eq!(nesting_depth("<svg><path/><path/></svg>"), 1);
        let deep = "<div>".repeat(50_000);
        assert_eq!(nesting_depth(&deep), 50_000);
    }

    /// A page nested past the bound is skipped at once: its parse would take minutes.
    #[test]
    fn a_page_nested_too_deep_is_skipped_quickly() {
        let page = format!(
            "<html><body><main>{}deep</main></body></html>",
            "<div>".repeat(200_000)
        );
        let started = std::time::Instant::now();
        let skipped = crate::site::pages::extract::extract(&page, "/deep.html");
        assert_eq!(
            skipped,
            Err(crate::site::pages::extract::SkipReason::TooDeep)
        );
        assert!(crate::site::pages::extract::SkipReason::TooDeep
            .describe()
            .contains(&format!("{},{}", MAX_DEPTH / 1000, MAX_DEPTH % 1000)));
        // A bound against a hang, not a benchmark: the parse itself took 207 s.
        assert!(started.elapsed() < std::time::Duration::from_secs(30));
    }
}
