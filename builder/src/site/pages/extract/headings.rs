//! Headings: what counts as one, its text without permalink glyphs, and where a link to its
//! section lands (its own id, the section it opens, an anchor before it, else a text
//! fragment).

use ego_tree::iter::Edge;
use scraper::{ElementRef, Node};

use super::text::{element_text, elements, push_collapsed};

pub(super) fn is_heading(name: &str) -> bool {
    matches!(name, "h1" | "h2" | "h3" | "h4" | "h5" | "h6")
}

/// Where a link to this heading should land, the first of: its own id, an id (or `<a name>`)
/// inside it, the target of its permalink (`<a class="headerlink" href="#…">¶</a>`), the id of
/// the element it opens (`<section id><h2>`), an empty anchor right before it (`<a id></a><h2>`);
/// else a text fragment of its text (scrolled to and highlighted by Chromium, Safari and
/// Firefox), or nothing for the page's first section.
pub(super) fn anchor(heading: ElementRef<'_>, text: &str, first: bool) -> String {
    let inner = std::iter::once(heading)
        .chain(elements(heading))
        .find_map(|e| {
            let value = e.value();
            let name = (value.name() == "a").then(|| value.attr("name")).flatten();
            value.id().or(name).filter(|id| !id.is_empty())
        });
    let permalink = || {
        elements(heading)
            .find(|e| is_permalink(*e))
            .and_then(|e| e.value().attr("href"))
            .and_then(|href| href.strip_prefix('#'))
            .filter(|id| !id.is_empty())
            .and_then(|id| percent_encoding::percent_decode_str(id).decode_utf8().ok())
            .map(|id| id.into_owned())
    };
    let id = inner
        .map(str::to_string)
        .or_else(permalink)
        .or_else(|| opened_by(heading))
        .or_else(|| anchor_before(heading));
    match id {
        Some(id) => format!("#{}", percent_encoding::utf8_percent_encode(&id, FRAGMENT)),
        None if first => String::new(),
        None => format!(
            "#:~:text={}",
            percent_encoding::utf8_percent_encode(text, TEXT_DIRECTIVE)
        ),
    }
}

/// The id of the nearest element that `heading` opens (it is its first child, directly or
/// through other first children): Sphinx's `<section id>`, DocBook's `<div class="section">`.
fn opened_by(heading: ElementRef<'_>) -> Option<String> {
    let mut child = heading;
    while let Some(parent) = child.parent().and_then(ElementRef::wrap) {
        if matches!(parent.value().name(), "body" | "main" | "html") {
            return None;
        }
        let first = parent.children().find(|node| !is_blank(node));
        if first.map(|node| node.id()) != Some(child.id()) {
            return None;
        }
        if let Some(id) = parent.value().id().filter(|id| !id.is_empty()) {
            return Some(id.to_string());
        }
        child = parent;
    }
    None
}

/// The id of an empty element right before `heading` (`<a id="x"></a><h2>`, `<a name>`).
fn anchor_before(heading: ElementRef<'_>) -> Option<String> {
    let before = heading.prev_siblings().find(|node| !is_blank(node))?;
    let element = ElementRef::wrap(before)?;
    let value = element.value();
    let name = (value.name() == "a").then(|| value.attr("name")).flatten();
    let id = value.id().or(name).filter(|id| !id.is_empty())?;
    element_text(element).is_empty().then(|| id.to_string())
}

/// Whitespace text or a comment: not content that separates a heading from what it opens.
fn is_blank(node: &ego_tree::NodeRef<'_, Node>) -> bool {
    match node.value() {
        Node::Text(text) => text.trim().is_empty(),
        Node::Comment(_) | Node::ProcessingInstruction(_) => true,
        _ => false,
    }
}

/// A permalink to its own heading or term: `<a href="#…">` with no letter or digit in its
/// text (`¶`, `#`, `§`, an icon), which Sphinx, MkDocs, Docusaurus and others add. Its glyph
/// is never indexed nor shown.
pub(super) fn is_permalink(element: ElementRef<'_>) -> bool {
    let value = element.value();
    value.name() == "a"
        && value.attr("href").is_some_and(|href| href.starts_with('#'))
        && !element
            .text()
            .any(|text| text.chars().any(char::is_alphanumeric))
}

/// A heading's text without its permalink's glyph.
pub(super) fn heading_text(heading: ElementRef<'_>) -> String {
    let mut text = String::new();
    for edge in heading.traverse() {
        let Edge::Open(node) = edge else { continue };
        if let Node::Text(piece) = node.value() {
            let in_permalink = node
                .ancestors()
                .take_while(|a| a.id() != heading.id())
                .filter_map(ElementRef::wrap)
                .any(is_permalink);
            if !in_permalink {
                push_collapsed(&mut text, piece, false);
            }
        }
    }
    text.trim_end().to_string()
}

/// Characters escaped in a URL fragment.
const FRAGMENT: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'<')
    .add(b'>')
    .add(b'`')
    .add(b'#')
    .add(b'%');

/// Characters escaped in a text directive: also `&`, `,` and `-`, which are its syntax.
const TEXT_DIRECTIVE: &percent_encoding::AsciiSet = &FRAGMENT.add(b'&').add(b',').add(b'-');
