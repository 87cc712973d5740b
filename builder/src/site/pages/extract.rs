//! One HTML page → what the index keeps of it: title, text cut into sections at headings (each
//! with an anchor to link to), filters, metadata and weighted text, following the
//! `data-rangefind-*` / `data-pagefind-*` attributes.

use ego_tree::NodeId;
use scraper::node::Element;
use scraper::{ElementRef, Html};

use super::attributes::site_attr;

mod depth;
mod headings;
mod page;
mod text;
mod title;
mod walk;

pub use page::{Page, Section, NORMAL_WEIGHT};
pub use text::field_safe_key;
use text::{element_text, elements};
pub use title::{SiteTitles, TitleCandidates, TitleSource, SAMPLE_PAGES};
use walk::Walk;

/// Why a page is not indexed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum SkipReason {
    /// `<meta name="robots" content="noindex">`.
    NoIndex,
    /// `<meta http-equiv="refresh" content="…; url=…">`: a redirect page.
    Redirect,
    /// No text to index in its content.
    NoText,
    /// Its elements nest deeper than [`depth::MAX_DEPTH`]: parsing it would take minutes.
    TooDeep,
}

impl SkipReason {
    /// How the summary names it.
    pub fn describe(self) -> &'static str {
        match self {
            SkipReason::NoIndex => "marked noindex (<meta name=\"robots\">)",
            SkipReason::Redirect => "redirects (<meta http-equiv=\"refresh\">)",
            SkipReason::NoText => "no text in their content",
            SkipReason::TooDeep => {
                "elements nested more than 16,384 deep (parsing them would take minutes)"
            }
        }
    }
}

/// Reads the page at `url` (site-absolute, used to resolve the default image).
pub fn extract(html: &str, url: &str) -> Result<Page, SkipReason> {
    if depth::nesting_depth(html) > depth::MAX_DEPTH {
        return Err(SkipReason::TooDeep);
    }
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
    page.title_candidates.any_heading = walk.first_h1.take();
    page.title_candidates.title_element = title_element(&document);
    // Chosen again by the build once it knows what the site's titles share.
    page.choose_title(&SiteTitles::default(), url);
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

/// The text of `<title>` (the document's, not an SVG's).
fn title_element(document: &Html) -> String {
    elements(document.root_element())
        .find(|e| {
            e.value().name() == "title"
                && e.ancestors()
                    .any(|a| ElementRef::wrap(a).is_some_and(|a| a.value().name() == "head"))
        })
        .map(|e| element_text(e))
        .unwrap_or_default()
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

#[cfg(test)]
mod tests;
