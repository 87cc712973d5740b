//! One HTML page → what the index keeps of it: title, text cut into sections at headings (each
//! with an anchor to link to), filters, metadata and weighted text, following the
//! `data-rangefind-*` / `data-pagefind-*` attributes.

use std::collections::BTreeMap;

use ego_tree::iter::Edge;
use ego_tree::NodeId;
use scraper::node::Element;
use scraper::{ElementRef, Html, Node};

use super::attributes::{ignore, parse_captures, parse_weight, site_attr, Capture, Ignore};

/// The weight of ordinary text, in tenths.
pub const NORMAL_WEIGHT: u8 = 10;

/// What the index keeps of a page.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Page {
    /// `<html lang>` (or `xml:lang`), lowercased (`en`, `pt-br`), when it is a well-formed
    /// language tag.
    pub language: Option<String>,
    /// The page marks its content with `data-*-body`.
    pub marked_body: bool,
    /// `data-*-meta="title"`, else the first `<h1>`, else `<title>`.
    pub title: String,
    /// The text, cut at headings; sections without text are left out.
    pub sections: Vec<Section>,
    /// Every heading's text (searched with a boost, like the title).
    pub headings: Vec<String>,
    /// `data-*-filter` values by key, each value once, in page order.
    pub filters: BTreeMap<String, Vec<String>>,
    /// `data-*-meta` values by key (the first one of a key counts), plus the default `image`
    /// and `image_alt` of the first image after the first `<h1>`.
    pub meta: BTreeMap<String, String>,
    /// Text under `data-*-weight` other than 1, by weight in tenths.
    pub weighted: BTreeMap<u8, String>,
    /// The share of its indexed letters and digits that are link text (0 to 1): near 1 for
    /// a generated index, a glossary of links or a table of contents.
    pub link_share: f32,
}

impl Page {
    /// Cuts the page's text to `max_bytes` (sections in order, the one crossing the bound at a
    /// word's end, later ones left out). Returns whether anything was cut.
    pub fn cut_text(&mut self, max_bytes: usize) -> bool {
        let mut left = max_bytes;
        for (index, section) in self.sections.iter_mut().enumerate() {
            if section.text.len() > left {
                let kept = rangefind_engine::mapping::cut_text(&section.text, left).len();
                section.text.truncate(kept);
                let keep = if section.text.is_empty() {
                    index
                } else {
                    index + 1
                };
                self.sections.truncate(keep);
                return true;
            }
            left -= section.text.len();
        }
        false
    }

    /// The weight of the page's text against other pages' (1, or less for a page that is
    /// mostly links: it lists terms, and should rank below the pages about them).
    pub fn text_weight(&self) -> f32 {
        if self.link_share <= MOSTLY_LINKS {
            return 1.0;
        }
        ((1.0 - self.link_share) / (1.0 - MOSTLY_LINKS)).max(MIN_TEXT_WEIGHT)
    }
}

/// Above this share of link text, a page is mostly links and its text weighs less.
const MOSTLY_LINKS: f32 = 0.6;
/// The weight of the text of a page that is all links.
const MIN_TEXT_WEIGHT: f32 = 0.2;

/// A run of text under one heading.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Section {
    /// The heading's text; empty for the text before the first heading.
    pub heading: String,
    /// What to add to the page URL to land on the heading: `#id` when the heading (or an
    /// element inside it) has an id, else a text fragment (`#:~:text=…`); empty for the first
    /// section unless its heading has an id.
    pub anchor: String,
    /// The text, whitespace collapsed.
    pub text: String,
}

/// Why a page is not indexed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum SkipReason {
    /// `<meta name="robots" content="noindex">`.
    NoIndex,
    /// `<meta http-equiv="refresh" content="…; url=…">`: a redirect page.
    Redirect,
    /// No text to index in its content.
    NoText,
}

impl SkipReason {
    /// How the summary names it.
    pub fn describe(self) -> &'static str {
        match self {
            SkipReason::NoIndex => "marked noindex (<meta name=\"robots\">)",
            SkipReason::Redirect => "redirects (<meta http-equiv=\"refresh\">)",
            SkipReason::NoText => "no text in their content",
        }
    }
}

/// Elements whose text is never indexed: programmatic, navigation and form elements (and the
/// page's chrome: [`is_skipped`]).
const SKIPPED_ELEMENTS: &[&str] = &[
    "script", "style", "noscript", "template", "svg", "nav", "footer", "form", "select", "button",
    "textarea", "iframe", "object", "canvas", "audio", "video",
];

/// Elements that do not separate words (`<code>Array</code>.map` is one run of text).
const INLINE_ELEMENTS: &[&str] = &[
    "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "font", "i", "ins",
    "kbd", "label", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u",
    "var", "wbr",
];

/// Reads the page at `url` (site-absolute, used to resolve the default image).
pub fn extract(html: &str, url: &str) -> Result<Page, SkipReason> {
    let document = Html::parse_document(html);
    let root = document.root_element();
    let survey = survey(&document)?;
    let mut page = Page {
        // XHTML output (DocBook, some Sphinx themes) may declare only `xml:lang`.
        language: root
            .attr("lang")
            .or_else(|| root.attr("xml:lang"))
            .and_then(language_tag),
        marked_body: survey.marked,
        ..Page::default()
    };
    let content_roots = survey.content_roots;
    let mut walk = Walk::new(url, content_roots);
    walk.run(&document, &mut page);
    if page.sections.is_empty() && page.weighted.values().all(String::is_empty) {
        return Err(SkipReason::NoText);
    }
    if page.title.is_empty() {
        page.title = walk
            .first_h1
            .take()
            .unwrap_or_else(|| title_element(&document));
    }
    if page.title.is_empty() {
        page.title = url.to_string();
    }
    page.link_share = walk.link_chars as f32 / walk.text_chars.max(1) as f32;
    for (key, value) in walk.default_meta {
        page.meta.entry(key).or_insert(value);
    }
    Ok(page)
}

/// What one pass over a page's elements finds before the walk.
struct Survey {
    /// The elements whose text is indexed: every outermost `data-*-body`, else the first
    /// `<main>`, else the first `role="main"` (Sphinx), else `<body>`.
    content_roots: Vec<NodeId>,
    /// The page has `data-*-body`.
    marked: bool,
}

/// Finds the content roots, or why the page is skipped: a `noindex` robots `<meta>` or a
/// refresh redirect.
fn survey(document: &Html) -> Result<Survey, SkipReason> {
    let mut roots = Vec::new();
    let mut main = None;
    let mut role_main = None;
    let mut body = None;
    for element in elements(document.root_element()) {
        let value = element.value();
        match value.name() {
            "meta" => {
                if let Some(reason) = meta_skip_reason(value) {
                    return Err(reason);
                }
            }
            "main" if main.is_none() => main = Some(element.id()),
            "body" if body.is_none() => body = Some(element.id()),
            _ if role_main.is_none() && value.attr("role") == Some("main") => {
                role_main = Some(element.id())
            }
            _ => {}
        }
        if site_attr(value, "body").is_some()
            && !element.ancestors().any(|a| roots.contains(&a.id()))
        {
            roots.push(element.id());
        }
    }
    let marked = !roots.is_empty();
    if roots.is_empty() {
        roots.extend(main.or(role_main).or(body));
    }
    Ok(Survey {
        content_roots: roots,
        marked,
    })
}

/// `noindex` robots and refresh redirects.
fn meta_skip_reason(meta: &Element) -> Option<SkipReason> {
    let content = meta.attr("content").unwrap_or("").to_ascii_lowercase();
    let name = meta.attr("name").unwrap_or("").to_ascii_lowercase();
    let equiv = meta.attr("http-equiv").unwrap_or("").to_ascii_lowercase();
    if name == "robots" && content.split(',').any(|word| word.trim() == "noindex") {
        return Some(SkipReason::NoIndex);
    }
    if equiv == "refresh" && content.contains("url=") {
        return Some(SkipReason::Redirect);
    }
    None
}

/// The text of `<title>`.
fn title_element(document: &Html) -> String {
    elements(document.root_element())
        .find(|e| e.value().name() == "title")
        .map(|e| element_text(e))
        .unwrap_or_default()
}

/// Every element under `root`, in document order.
fn elements(root: ElementRef<'_>) -> impl Iterator<Item = ElementRef<'_>> {
    root.descendants().filter_map(ElementRef::wrap)
}

/// An element's text, whitespace collapsed.
fn element_text(element: ElementRef<'_>) -> String {
    let mut text = String::new();
    for piece in element.text() {
        push_collapsed(&mut text, piece, false);
    }
    text.trim_end().to_string()
}

/// Appends `piece` with runs of whitespace made one space, none at the start of `out`;
/// `separate` puts a space before it when `out` does not end in one (a block boundary).
fn push_collapsed(out: &mut String, piece: &str, separate: bool) {
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

/// A lowercased language tag (`en`, `pt-br`, `zh-hant`), or `None` for text that is not one.
pub fn language_tag(lang: &str) -> Option<String> {
    let tag = lang.trim().to_ascii_lowercase().replace('_', "-");
    let mut parts = tag.split('-');
    let primary = parts.next()?;
    // BCP 47 leaves 4-letter primary subtags unassigned, and `wasm/` is the widget's.
    let well_formed = matches!(primary.len(), 2 | 3 | 5..=8)
        && primary.chars().all(|c| c.is_ascii_lowercase())
        && parts
            .all(|p| (1..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()));
    well_formed.then_some(tag)
}

/// The state of one walk over a page's tree.
struct Walk<'a> {
    url: &'a str,
    content_roots: Vec<NodeId>,
    /// Open elements that are content roots.
    in_content: usize,
    /// Open `data-*-ignore` (index) and skipped elements: no text is indexed under them.
    muted: usize,
    /// Open `data-*-ignore="all"` elements: nothing under them counts.
    ignored_all: usize,
    /// Open headings inside the content: their text was taken when they opened.
    in_heading: usize,
    /// Open `data-*-weight` elements: (element, weight in tenths).
    weights: Vec<(NodeId, u8)>,
    /// A block boundary since the last text.
    separate: bool,
    /// Open `<a href>` elements.
    in_link: usize,
    /// Letters and digits of the sections' text, and of them those in links.
    text_chars: usize,
    link_chars: usize,
    current: Section,
    first_h1: Option<String>,
    default_meta: BTreeMap<String, String>,
}

impl<'a> Walk<'a> {
    fn new(url: &'a str, content_roots: Vec<NodeId>) -> Walk<'a> {
        Walk {
            url,
            content_roots,
            in_content: 0,
            muted: 0,
            ignored_all: 0,
            in_heading: 0,
            weights: Vec::new(),
            separate: false,
            in_link: 0,
            text_chars: 0,
            link_chars: 0,
            current: Section::default(),
            first_h1: None,
            default_meta: BTreeMap::new(),
        }
    }

    fn run(&mut self, document: &Html, page: &mut Page) {
        for edge in document.root_element().traverse() {
            match edge {
                Edge::Open(node) => match node.value() {
                    Node::Element(element) => {
                        let element_ref = ElementRef::wrap(node).expect("an element");
                        self.open(element_ref, element, page);
                    }
                    Node::Text(text) => self.text(text, page),
                    _ => {}
                },
                Edge::Close(node) => {
                    if let Node::Element(element) = node.value() {
                        self.close(node, element);
                    }
                }
            }
        }
        self.finish_section(page);
    }

    fn open(&mut self, node: ElementRef<'_>, element: &Element, page: &mut Page) {
        let ignored = ignore(element);
        if self.ignored_all > 0 || ignored == Some(Ignore::All) {
            self.ignored_all += 1;
            return;
        }
        if self.content_roots.contains(&node.id()) {
            self.in_content += 1;
        }
        let name = element.name();
        if ignored.is_some() || is_skipped(node, element) {
            self.muted += 1;
        }
        self.captures(node, element, page);
        if name == "h1" && self.first_h1.is_none() {
            self.first_h1 = Some(heading_text(node));
        }
        if name == "img" && self.first_h1.is_some() && !self.default_meta.contains_key("image") {
            if let Some(src) = element.attr("src").filter(|s| !s.trim().is_empty()) {
                self.default_meta
                    .insert("image".into(), resolve(self.url, src.trim()));
                let alt = element.attr("alt").unwrap_or("").trim().to_string();
                self.default_meta.insert("image_alt".into(), alt);
            }
        }
        if let Some(weight) = site_attr(element, "weight").and_then(parse_weight) {
            self.weights.push((node.id(), weight));
        }
        if is_link(element) {
            self.in_link += 1;
        }
        if !INLINE_ELEMENTS.contains(&name) {
            self.separate = true;
        }
        if !self.indexing() {
            return;
        }
        if is_heading(name) {
            self.in_heading += 1;
            let heading = heading_text(node);
            if !heading.is_empty() {
                self.finish_section(page);
                let first = page.sections.is_empty();
                self.current.anchor = anchor(node, &heading, first);
                page.headings.push(heading.clone());
                self.current.heading = heading;
            }
        }
        if let Some(attrs) = site_attr(element, "index-attrs") {
            for attr in attrs.split(',') {
                if let Some(value) = element.attr(attr.trim()) {
                    self.push_text(value, page);
                }
            }
        }
    }

    fn close(&mut self, node: ego_tree::NodeRef<'_, Node>, element: &Element) {
        let id = node.id();
        if self.ignored_all > 0 {
            self.ignored_all -= 1;
            return;
        }
        let name = element.name();
        if self.indexing() && is_heading(name) {
            self.in_heading -= 1;
        }
        let element_ref = ElementRef::wrap(node).expect("an element");
        if ignore(element).is_some() || is_skipped(element_ref, element) {
            self.muted -= 1;
        }
        if self.content_roots.contains(&id) {
            self.in_content -= 1;
        }
        if self.weights.last().is_some_and(|(node, _)| *node == id) {
            self.weights.pop();
        }
        if is_link(element) {
            self.in_link -= 1;
        }
        if !INLINE_ELEMENTS.contains(&name) {
            self.separate = true;
        }
    }

    /// Text here is indexed: inside the content, not muted, ignored or in a heading.
    fn indexing(&self) -> bool {
        self.in_content > 0 && self.muted == 0 && self.ignored_all == 0
    }

    fn text(&mut self, text: &str, page: &mut Page) {
        if self.indexing() && self.in_heading == 0 {
            self.push_text(text, page);
        }
    }

    /// Adds text at the current weight: weight 1 to the section; above 1 to the section and
    /// its weight's field (the boosts add up); below 1 to its weight's field only; 0 nowhere.
    fn push_text(&mut self, text: &str, page: &mut Page) {
        let weight = self.weights.last().map_or(NORMAL_WEIGHT, |(_, w)| *w);
        if weight >= NORMAL_WEIGHT {
            push_collapsed(&mut self.current.text, text, self.separate);
            let chars = text.chars().filter(|c| c.is_alphanumeric()).count();
            self.text_chars += chars;
            if self.in_link > 0 {
                self.link_chars += chars;
            }
        }
        if weight != NORMAL_WEIGHT && weight > 0 {
            let bucket = page.weighted.entry(weight).or_default();
            push_collapsed(bucket, text, self.separate);
        }
        if !text.trim().is_empty() {
            self.separate = false;
        }
    }

    /// Ends the section being read; keeps it when it has text.
    fn finish_section(&mut self, page: &mut Page) {
        let mut section = std::mem::take(&mut self.current);
        section.text.truncate(section.text.trim_end().len());
        if !section.text.is_empty() {
            page.sections.push(section);
        }
        self.separate = false;
    }

    /// `data-*-filter` and `data-*-meta` of this element.
    fn captures(&mut self, node: ElementRef<'_>, element: &Element, page: &mut Page) {
        if let Some(spec) = site_attr(element, "filter") {
            for (key, value) in captured(node, element, spec) {
                let values = page.filters.entry(key).or_default();
                if !value.is_empty() && !values.contains(&value) {
                    values.push(value);
                }
            }
        }
        if let Some(spec) = site_attr(element, "meta") {
            for (key, value) in captured(node, element, spec) {
                if key == "title" && page.title.is_empty() {
                    page.title = value;
                } else if key != "title" {
                    page.meta.entry(key).or_insert(value);
                }
            }
        }
    }
}

/// The (key, value) pairs of a capture list on `element`; keys made field-safe.
fn captured(node: ElementRef<'_>, element: &Element, spec: &str) -> Vec<(String, String)> {
    parse_captures(spec)
        .into_iter()
        .filter_map(|capture| match capture {
            Capture::Text(key) => Some((key, element_text(node))),
            Capture::Attribute(key, attr) => {
                element.attr(&attr).map(|value| (key, collapse(value)))
            }
            Capture::Inline(key, value) => Some((key, value)),
        })
        .map(|(key, value)| (field_safe_key(&key), value))
        .collect()
}

fn collapse(text: &str) -> String {
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

fn is_link(element: &Element) -> bool {
    element.name() == "a" && element.attr("href").is_some()
}

fn is_heading(name: &str) -> bool {
    matches!(name, "h1" | "h2" | "h3" | "h4" | "h5" | "h6")
}

/// Where a link to this heading should land, the first of: its own id, an id (or `<a name>`)
/// inside it, the target of its permalink (`<a class="headerlink" href="#…">¶</a>`), the id of
/// the element it opens (`<section id><h2>`), an empty anchor right before it (`<a id></a><h2>`);
/// else a text fragment of its text (scrolled to and highlighted by Chromium, Safari and
/// Firefox), or nothing for the page's first section.
fn anchor(heading: ElementRef<'_>, text: &str, first: bool) -> String {
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
fn is_permalink(element: ElementRef<'_>) -> bool {
    let value = element.value();
    value.name() == "a"
        && value.attr("href").is_some_and(|href| href.starts_with('#'))
        && !element
            .text()
            .any(|text| text.chars().any(char::is_alphanumeric))
}

/// A heading's text without its permalink's glyph.
fn heading_text(heading: ElementRef<'_>) -> String {
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

/// Whether nothing under `element` is indexed: programmatic, form and media elements, and the
/// page's chrome: navigation (`<nav>`, `role="navigation"`, `.sidebar`, `.toc`, `#toc`), the page's
/// own `<header>` and `<footer>` (not an article's), hidden elements and permalinks.
fn is_skipped(node: ElementRef<'_>, element: &Element) -> bool {
    let name = element.name();
    if SKIPPED_ELEMENTS.contains(&name) {
        return true;
    }
    let role = element.attr("role").unwrap_or("");
    let chrome_role = matches!(role, "navigation" | "banner" | "contentinfo" | "search");
    let hidden = element.attr("hidden").is_some() || element.attr("aria-hidden") == Some("true");
    let chrome_class = element
        .classes()
        .chain(element.id())
        .any(|name| matches!(name, "sidebar" | "toc"));
    let page_header = name == "header"
        && !node
            .ancestors()
            .filter_map(ElementRef::wrap)
            .any(|a| matches!(a.value().name(), "article" | "main" | "section" | "aside"));
    chrome_role || hidden || chrome_class || page_header || is_permalink(node)
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

/// `src` resolved against the page's site-absolute URL; absolute URLs are kept.
fn resolve(page_url: &str, src: &str) -> String {
    let base = url::Url::parse("http://site.invalid").expect("valid base");
    let Ok(page) = base.join(page_url) else {
        return src.to_string();
    };
    match page.join(src) {
        Ok(resolved) if resolved.host_str() == Some("site.invalid") => {
            let mut path = resolved.path().to_string();
            if let Some(query) = resolved.query() {
                path.push('?');
                path.push_str(query);
            }
            path
        }
        Ok(resolved) => resolved.to_string(),
        Err(_) => src.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(html: &str) -> Page {
        extract(html, "/docs/page/").expect("a page")
    }

    #[test]
    fn mdn_shaped_page() {
        let page = page(
            r#"<!doctype html><html lang="en-US"><head><title>Array.map() | MDN</title></head>
            <body><nav><a href="/">Home</a></nav>
            <main data-pagefind-body data-pagefind-filter="section:Web/JavaScript"
                  data-pagefind-meta="page_type:method">
            <h1>Array.prototype.<code>map</code>()</h1>
            <p>Creates a <strong>new</strong> array.</p><p>Second paragraph.</p>
            <h2>Syntax</h2>
            <h3 id="params">Parameters</h3><ul><li>callback</li><li>thisArg</li></ul>
            <pre><code>arr.map(x =&gt; x * 2)</code></pre>
            <script>var hidden = 1;</script>
            </main><footer>Licence</footer></body></html>"#,
        );
        assert_eq!(page.language.as_deref(), Some("en-us"));
        assert!(page.marked_body);
        assert_eq!(page.title, "Array.prototype.map()");
        assert_eq!(
            page.headings,
            ["Array.prototype.map()", "Syntax", "Parameters"]
        );
        assert_eq!(page.sections.len(), 2, "{:?}", page.sections);
        assert_eq!(page.sections[0].heading, "Array.prototype.map()");
        assert_eq!(page.sections[0].anchor, "");
        assert_eq!(
            page.sections[0].text,
            "Creates a new array. Second paragraph."
        );
        // "Syntax" has no text of its own: its words are searched through `headings`.
        assert_eq!(page.sections[1].heading, "Parameters");
        assert_eq!(page.sections[1].anchor, "#params");
        assert_eq!(
            page.sections[1].text,
            "callback thisArg arr.map(x => x * 2)"
        );
        assert_eq!(page.filters["section"], ["Web/JavaScript"]);
        assert_eq!(page.meta["page_type"], "method");
    }

    #[test]
    fn headings_without_ids_link_with_a_text_fragment() {
        let page = page(
            "<body><main><p>Intro.</p><h2>Return value, or -1 &amp; more</h2><p>x</p></main></body>",
        );
        assert_eq!(
            page.sections[1].anchor,
            "#:~:text=Return%20value%2C%20or%20%2D1%20%26%20more"
        );
        assert_eq!(page.title, "/docs/page/", "no h1 and no <title>: the URL");
    }

    #[test]
    fn content_falls_back_to_main_then_body() {
        let main = page(
            "<body><header>Site</header><main><p>Main text.</p></main><aside>Aside</aside></body>",
        );
        assert!(!main.marked_body);
        assert_eq!(main.sections[0].text, "Main text.");
        let body = page("<body><nav>Menu</nav><p>Body text.</p><footer>Foot</footer></body>");
        assert_eq!(body.sections[0].text, "Body text.");
    }

    #[test]
    fn ignore_keeps_filters_unless_all() {
        let page = page(
            r#"<body><p>Kept.</p>
            <aside data-rangefind-ignore><span data-rangefind-filter="tag">inner</span>Hidden</aside>
            <aside data-pagefind-ignore="all"><span data-pagefind-filter="tag">gone</span>
              <h1>Not the title</h1></aside>
            <div data-pagefind-filter="author[data-who], tag" data-who="Ada">visible</div>
            </body>"#,
        );
        assert_eq!(page.sections[0].text, "Kept. visible");
        assert_eq!(page.filters["tag"], ["inner", "visible"]);
        assert_eq!(page.filters["author"], ["Ada"]);
        assert!(page.headings.is_empty());
    }

    #[test]
    fn meta_title_image_and_weights() {
        let page = page(
            r#"<html><head><title>Head title</title>
            <meta data-pagefind-meta="title[content]" content="Meta title"></head>
            <body><h1>H1</h1><img src="../img/hero.png" alt="Hero">
            <p data-pagefind-weight="2">Important words.</p>
            <p data-rangefind-weight="0.5">Minor words.</p>
            <p data-rangefind-weight="0">Never searched.</p>
            <p>Normal.</p></body></html>"#,
        );
        assert_eq!(page.title, "Meta title");
        assert_eq!(page.meta["image"], "/docs/img/hero.png");
        assert_eq!(page.meta["image_alt"], "Hero");
        assert_eq!(page.sections[0].text, "Important words. Normal.");
        assert_eq!(page.weighted[&20], "Important words.");
        assert_eq!(page.weighted[&5], "Minor words.");
        assert!(!page.weighted.contains_key(&0));
    }

    #[test]
    fn skipped_pages_say_why() {
        assert_eq!(
            extract(
                r#"<meta name="robots" content="noindex, follow"><p>x</p>"#,
                "/a/"
            ),
            Err(SkipReason::NoIndex)
        );
        assert_eq!(
            extract(r#"<meta http-equiv="refresh" content="0; url=/b/">"#, "/a/"),
            Err(SkipReason::Redirect)
        );
        assert_eq!(
            extract("<body><script>x()</script></body>", "/a/"),
            Err(SkipReason::NoText)
        );
    }

    #[test]
    fn xml_lang_declares_the_language_too() {
        let xhtml = page(
            r#"<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="de"><body><p>Hallo.</p></body></html>"#,
        );
        assert_eq!(xhtml.language.as_deref(), Some("de"));
    }

    #[test]
    fn language_tags() {
        assert_eq!(language_tag("en"), Some("en".into()));
        assert_eq!(language_tag(" pt_BR "), Some("pt-br".into()));
        assert_eq!(language_tag("e"), None);
        assert_eq!(language_tag("wasm"), None);
        assert_eq!(language_tag("../x"), None);
    }
}
