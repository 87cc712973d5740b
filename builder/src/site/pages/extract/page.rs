//! What the index keeps of a page: its title, sections, filters, metadata and weighted text.

use std::collections::BTreeMap;

use super::title::{ChosenTitle, SiteTitles, TitleCandidates, TitleSource};

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
    /// What a reader sees as the page's name ([`super::title`]).
    pub title: String,
    /// Where the title came from.
    pub title_source: TitleSource,
    /// `<title>` without the site's affix when it names the page otherwise than its title:
    /// searched as the title is.
    pub alternate_title: Option<String>,
    /// What the page offers as its title, to choose again once the site is known.
    pub title_candidates: TitleCandidates,
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
    /// Chooses the page's title knowing what the titles of `site`'s pages share.
    pub fn choose_title(&mut self, site: &SiteTitles, url: &str) {
        let ChosenTitle {
            title,
            source,
            alternate,
        } = site.choose(&self.title_candidates, url);
        (self.title, self.title_source, self.alternate_title) = (title, source, alternate);
    }

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

    /// Text under `data-*-weight` by weight in tenths, with the page's alternate title at the
    /// title's weight (`title_tenths`).
    pub fn weighted_text(&self, title_tenths: u8) -> BTreeMap<u8, String> {
        let mut weighted = self.weighted.clone();
        if let Some(alternate) = &self.alternate_title {
            let bucket = weighted.entry(title_tenths).or_default();
            if !bucket.is_empty() {
                bucket.push(' ');
            }
            bucket.push_str(alternate);
        }
        weighted
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
