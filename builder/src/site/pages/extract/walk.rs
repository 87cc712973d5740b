//! The walk over a page's elements: which text is indexed (content roots, skipped and
//! ignored elements, weights), where sections start (headings), what is captured (filters,
//! metadata) and how much of the text is links.

use std::collections::BTreeMap;

use ego_tree::iter::Edge;
use ego_tree::NodeId;
use scraper::node::Element;
use scraper::{ElementRef, Html, Node};

use super::headings::{anchor, heading_text, is_heading, is_permalink};
use super::page::{Page, Section, NORMAL_WEIGHT};
use super::text::{collapse, element_text, elements, field_safe_key, push_collapsed};
use super::title::{MAX_HEADINGS, MAX_NAMED_CHARS};
use crate::site::pages::attributes::{
    ignore, parse_captures, parse_weight, site_attr, Capture, Ignore,
};

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

/// The state of one walk over a page's tree.
pub(super) struct Walk<'a> {
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
    pub(super) text_chars: usize,
    pub(super) link_chars: usize,
    current: Section,
    /// The content has shown an `<h1>` of the page's own (a class `title` element after it
    /// does not name the page).
    content_h1: bool,
    pub(super) first_h1: Option<String>,
    pub(super) default_meta: BTreeMap<String, String>,
}

impl<'a> Walk<'a> {
    pub(super) fn new(url: &'a str, content_roots: Vec<NodeId>) -> Walk<'a> {
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
            content_h1: false,
            first_h1: None,
            default_meta: BTreeMap::new(),
        }
    }

    pub(super) fn run(&mut self, document: &Html, page: &mut Page) {
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
        if self.indexing() {
            self.title_candidates(node, element, page);
        }
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

    /// What an element of the content offers as the page's title: an `<h1>` (not one whose
    /// whole text links to the site's root), or a class `title` element before the first.
    fn title_candidates(&mut self, node: ElementRef<'_>, element: &Element, page: &mut Page) {
        let candidates = &mut page.title_candidates;
        if element.name() == "h1" {
            let text = heading_text(node);
            if !text.is_empty() && !links_to_site_root(node, &text, self.url) {
                self.content_h1 = true;
                if candidates.headings.len() < MAX_HEADINGS {
                    candidates.headings.push(text);
                }
            }
        } else if !self.content_h1
            && candidates.named.is_none()
            && element.classes().any(|class| class == "title")
        {
            let text = element_text(node);
            if !text.is_empty() && text.chars().count() <= MAX_NAMED_CHARS {
                candidates.named = Some(text);
            }
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
                if key == "title" && page.title_candidates.meta.is_none() {
                    page.title_candidates.meta = Some(value);
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

/// Whether the whole of a heading's `text` is a link to the site's root: the site's name in a
/// header, as some Sphinx themes write it (`<h1><a href="../index.html">Project</a></h1>`).
fn links_to_site_root(heading: ElementRef<'_>, text: &str, page_url: &str) -> bool {
    elements(heading).any(|link| {
        let href = link
            .value()
            .attr("href")
            .filter(|_| link.value().name() == "a");
        href.is_some_and(|href| {
            matches!(
                resolve(page_url, href.trim()).as_str(),
                "/" | "/index.html" | "/index.htm"
            )
        }) && element_text(link) == text
    })
}

fn is_link(element: &Element) -> bool {
    element.name() == "a" && element.attr("href").is_some()
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
