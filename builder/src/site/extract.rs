//! One HTML page → what the index keeps of it: title, text cut into sections at headings (each
//! with an anchor to link to), filters, metadata and weighted text, following the
//! `data-rangefind-*` / `data-pagefind-*` attributes.

use std::collections::BTreeMap;

use ego_tree::NodeId;
use scraper::node::Element;
use scraper::{ElementRef, Html};

use super::attributes::site_attr;

mod headings;
mod walk;

use walk::Walk;

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

#[cfg(test)]
mod tests;
