//! A page's title: what a reader sees as its name.
//!
//! Generators put the site's name where a page's name is expected: Sphinx themes write
//! `<h1><a href="../index.html">Project 3.2 documentation</a></h1>` above the content, mdBook a
//! `<h1 class="menu-title">` in its menu bar, and every `<title>` ends in " — Project
//! documentation" or starts with "Project: "; Doxygen names the page in `<div class="title">` and
//! uses `<h1>` for its first section. So a title is chosen, in order, from:
//!
//! 1. `data-*-meta="title:…"`;
//! 2. an element of class `title` in the content before its first `<h1>` (Doxygen);
//! 3. the content's first `<h1>` that is not page chrome;
//! 4. `<title>` without the affix most of the site's titles share;
//! 5. failing those, what there is: the content's first `<h1>`, any `<h1>`, `<title>`, the URL.
//!
//! Page chrome: headings outside the content or in its header and navigation (the walk does not
//! offer them), a heading whose whole text is a link to the site's root, and a text most pages
//! of the site share. What the site's pages share is learnt from a sample of them
//! ([`SiteTitles::learn`]) before any page is written.

use std::collections::{HashMap, HashSet};

/// What a page offers as its title, gathered by the walk over its elements.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TitleCandidates {
    /// `data-*-meta="title:…"` (the first one).
    pub meta: Option<String>,
    /// The text of the first element of class `title` in the content, before its first `<h1>`.
    pub named: Option<String>,
    /// The content's first few `<h1>`s, less those whose whole text links to the site's root.
    pub headings: Vec<String>,
    /// The page's first `<h1>`, wherever it is (a menu bar's, a header's).
    pub any_heading: Option<String>,
    /// `<title>`.
    pub title_element: String,
}

/// The content `<h1>`s a page offers: past the site's name and a chrome heading or two.
pub(super) const MAX_HEADINGS: usize = 4;

/// A `title`-class element longer than this is a block, not a name.
pub(super) const MAX_NAMED_CHARS: usize = 200;

/// Where a page's title came from (the build's summary counts them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum TitleSource {
    /// `data-*-meta="title:…"`.
    Meta,
    /// An element of class `title` above the content's first `<h1>`.
    Named,
    /// The content's `<h1>`.
    Heading,
    /// `<title>`, without the site's affix.
    TitleElement,
    /// A heading or `<title>` that most pages of the site share: nothing better was there.
    Shared,
    /// The page's URL: it has no heading and no `<title>`.
    #[default]
    Url,
}

impl TitleSource {
    /// How the summary names it.
    pub fn describe(self) -> &'static str {
        match self {
            TitleSource::Meta => "data-*-meta=\"title\"",
            TitleSource::Named => "a class=\"title\" element above the content's <h1>",
            TitleSource::Heading => "the content's <h1>",
            TitleSource::TitleElement => "<title>",
            TitleSource::Shared => "a heading or <title> most pages share",
            TitleSource::Url => "the URL (no heading, no <title>)",
        }
    }
}

/// The title chosen for a page.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ChosenTitle {
    /// What the reader sees.
    pub title: String,
    /// Where it came from.
    pub source: TitleSource,
    /// `<title>` without the site's affix, when it says more than the title: searched as the
    /// title is (a page typed by the name on its tab finds it).
    pub alternate: Option<String>,
}

/// What the titles of a site's pages share, learnt from a sample of its pages.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SiteTitles {
    /// Prefixes of `<title>` most pages share ("JsonCpp: "), longest first.
    prefixes: Vec<String>,
    /// Suffixes of `<title>` most pages share (" — Python 3.11 documentation"), longest first.
    suffixes: Vec<String>,
    /// Texts (lowercased) most pages show as a heading, a class `title` element or a cleaned
    /// `<title>`: the site's name, not a page's.
    shared: HashSet<String>,
}

/// Pages sampled to learn what a site's titles share.
pub const SAMPLE_PAGES: usize = 256;

/// Characters that separate a page's name from the site's in `<title>`.
const SEPARATORS: &[char] = &['-', '–', '—', '|', '·', ':', '•', '»', '«', '/', '~'];

impl SiteTitles {
    /// What the pages sampled share: a text shared by at least half of them (and by three or
    /// more) is the site's, not a page's.
    pub fn learn<'a>(pages: impl IntoIterator<Item = &'a TitleCandidates>) -> SiteTitles {
        let pages: Vec<&TitleCandidates> = pages.into_iter().collect();
        let most = |count: usize, of: usize| count >= 3 && count * 2 >= of;
        let titles: Vec<&str> = pages
            .iter()
            .map(|page| page.title_element.as_str())
            .filter(|title| !title.is_empty())
            .collect();
        let mut affixes = SiteTitles {
            prefixes: shared_affixes(&titles, Affix::Prefix, most),
            suffixes: shared_affixes(&titles, Affix::Suffix, most),
            shared: HashSet::new(),
        };
        let mut counts: HashMap<String, usize> = HashMap::new();
        for page in &pages {
            let offered: HashSet<String> = page
                .named
                .iter()
                .chain(&page.headings)
                .cloned()
                .chain(std::iter::once(affixes.clean(&page.title_element)))
                .filter(|text| !text.is_empty())
                .map(|text| text.to_lowercase())
                .collect();
            for text in offered {
                *counts.entry(text).or_default() += 1;
            }
        }
        affixes.shared = counts
            .into_iter()
            .filter(|(_, count)| most(*count, pages.len()))
            .map(|(text, _)| text)
            .collect();
        affixes
    }

    /// `title` without the longest shared prefix and suffix it has (each only when something
    /// is left).
    pub fn clean(&self, title: &str) -> String {
        let mut rest = title.trim();
        if let Some(prefix) = self
            .prefixes
            .iter()
            .find(|p| rest.len() > p.len() && rest.starts_with(p.as_str()))
        {
            rest = rest[prefix.len()..].trim();
        }
        if let Some(suffix) = self
            .suffixes
            .iter()
            .find(|s| rest.len() > s.len() && rest.ends_with(s.as_str()))
        {
            rest = rest[..rest.len() - suffix.len()].trim();
        }
        rest.to_string()
    }

    /// The title of a page offering `candidates`, served at `url`.
    pub fn choose(&self, candidates: &TitleCandidates, url: &str) -> ChosenTitle {
        let cleaned = self.clean(&candidates.title_element);
        let own = |text: &&String| !text.is_empty() && !self.shared.contains(&text.to_lowercase());
        let meta = candidates.meta.iter().find(|text| !text.is_empty());
        let (title, source) = if let Some(meta) = meta {
            (meta.clone(), TitleSource::Meta)
        } else if let Some(named) = candidates.named.iter().find(own) {
            (named.clone(), TitleSource::Named)
        } else if let Some(heading) = candidates.headings.iter().find(own) {
            (heading.clone(), TitleSource::Heading)
        } else if own(&&cleaned) {
            (cleaned.clone(), TitleSource::TitleElement)
        } else if let Some(text) = candidates
            .headings
            .first()
            .or(candidates.named.as_ref())
            .or(candidates.any_heading.as_ref())
            .or(Some(&cleaned))
            .filter(|text| !text.is_empty())
        {
            (text.clone(), TitleSource::Shared)
        } else {
            (url.to_string(), TitleSource::Url)
        };
        // A `<title>` that holds the title ("Array.prototype.map() - JavaScript") adds only
        // the words of a part of the site, and one the title holds adds none; one that names
        // the page otherwise ("Vec in alloc::vec" for "Struct alloc::vec::Vec") is searched too.
        let alternate = (own(&&cleaned)
            && !cleaned.to_lowercase().contains(&title.to_lowercase())
            && has_other_words(&cleaned, &title))
        .then_some(cleaned);
        ChosenTitle {
            title,
            source,
            alternate,
        }
    }

    /// The affixes taken off `<title>` and the texts left out as the site's, for the summary.
    pub fn describe(&self) -> (Vec<&str>, Vec<&str>) {
        let affixes = self
            .prefixes
            .iter()
            .chain(&self.suffixes)
            .map(String::as_str)
            .collect();
        let mut shared: Vec<&str> = self.shared.iter().map(String::as_str).collect();
        shared.sort_unstable();
        (affixes, shared)
    }
}

/// Whether `text` has a word (a run of letters and digits, any case) that `title` lacks.
fn has_other_words(text: &str, title: &str) -> bool {
    let words = |text: &str| -> HashSet<String> {
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|word| !word.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    !words(text).is_subset(&words(title))
}

#[derive(Clone, Copy)]
enum Affix {
    Prefix,
    Suffix,
}

/// The prefixes (or suffixes) of `titles` cut at a separator that `most` of them share,
/// longest first.
fn shared_affixes(
    titles: &[&str],
    affix: Affix,
    most: impl Fn(usize, usize) -> bool,
) -> Vec<String> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for title in titles {
        let cuts: HashSet<&str> = separator_runs(title)
            .map(|(start, end)| match affix {
                Affix::Prefix => &title[..end],
                Affix::Suffix => &title[start..],
            })
            .collect();
        for cut in cuts {
            *counts.entry(cut).or_default() += 1;
        }
    }
    let mut shared: Vec<String> = counts
        .into_iter()
        .filter(|(_, count)| most(*count, titles.len()))
        .map(|(cut, _)| cut.to_string())
        .collect();
    shared.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    shared
}

/// The byte spans of the separators in `title`: runs of spaces and separator characters with
/// at least one of each (" — ", " | ", ": "; not the "-" of "git-add" or the "::" of
/// "Json::Value"), not at either end. The first 16.
fn separator_runs(title: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let is_part = |c: char| c.is_whitespace() || SEPARATORS.contains(&c);
    let mut runs = Vec::new();
    let mut chars = title.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if !is_part(c) {
            continue;
        }
        let (mut end, mut space, mut mark) =
            (start + c.len_utf8(), c.is_whitespace(), !c.is_whitespace());
        while let Some(&(at, next)) = chars.peek() {
            if !is_part(next) {
                break;
            }
            space |= next.is_whitespace();
            mark |= !next.is_whitespace();
            end = at + next.len_utf8();
            chars.next();
        }
        if space && mark && start > 0 && end < title.len() {
            runs.push((start, end));
        }
        if runs.len() == 16 {
            break;
        }
    }
    runs.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(title_element: &str, headings: &[&str]) -> TitleCandidates {
        TitleCandidates {
            title_element: title_element.into(),
            headings: headings.iter().map(|h| h.to_string()).collect(),
            ..TitleCandidates::default()
        }
    }

    #[test]
    fn separators_are_runs_of_space_and_marks() {
        let runs = |title: &str| {
            separator_runs(title)
                .map(|(s, e)| title[s..e].to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(runs("Keywords — Python  documentation"), [" — "]);
        assert_eq!(runs("JsonCpp: Json::Value Class Reference"), [": "]);
        assert_eq!(runs("git-add(1)"), Vec::<String>::new());
        assert_eq!(
            runs("Array.prototype.map() - JavaScript | MDN"),
            [" - ", " | "]
        );
        assert_eq!(runs("— leading and trailing —"), Vec::<String>::new());
    }

    #[test]
    fn the_affix_most_titles_share_is_taken_off() {
        let pages = [
            page("Keywords — Setuptools 66 documentation", &[]),
            page("Quickstart — Setuptools 66 documentation", &[]),
            page("Development Mode — Setuptools 66 documentation", &[]),
            page("Setuptools 66 documentation", &[]),
        ];
        let site = SiteTitles::learn(&pages);
        assert_eq!(
            site.clean("Keywords — Setuptools 66 documentation"),
            "Keywords"
        );
        // A title that is only the site's name keeps it.
        assert_eq!(
            site.clean("Setuptools 66 documentation"),
            "Setuptools 66 documentation"
        );
        let doxygen = [
            page("JsonCpp: Json::Value Class Reference", &[]),
            page("JsonCpp: Json Namespace Reference", &[]),
            page("JsonCpp: Main Page", &[]),
        ];
        assert_eq!(
            SiteTitles::learn(&doxygen).clean("JsonCpp: Json::Value Class Reference"),
            "Json::Value Class Reference"
        );
        // Longest first: the section's suffix, then the site's.
        let mdn = [
            page("map() - JavaScript | MDN", &[]),
            page("filter() - JavaScript | MDN", &[]),
            page("fetch() - Web APIs | MDN", &[]),
            page("Decryption | MDN", &[]),
            page("Promise - JavaScript | MDN", &[]),
        ];
        let site = SiteTitles::learn(&mdn);
        assert_eq!(site.clean("map() - JavaScript | MDN"), "map()");
        assert_eq!(site.clean("fetch() - Web APIs | MDN"), "fetch() - Web APIs");
        // Too few titles to tell what is the site's.
        assert_eq!(
            SiteTitles::learn(&mdn[..2]).clean("map() - JavaScript | MDN"),
            "map() - JavaScript | MDN"
        );
    }

    #[test]
    fn a_heading_most_pages_share_is_the_sites_name() {
        let pages = [
            page("Intro — Book", &["The Book", "Introduction"]),
            page("Setup — Book", &["The Book", "Setting up"]),
            page("Usage — Book", &["The Book"]),
            page("Book", &["The Book", "Welcome"]),
        ];
        let site = SiteTitles::learn(&pages);
        let chosen = |page: &TitleCandidates| site.choose(page, "/x.html");
        assert_eq!(chosen(&pages[0]).title, "Introduction");
        assert_eq!(chosen(&pages[0]).source, TitleSource::Heading);
        // No heading of its own: the cleaned <title>.
        assert_eq!(chosen(&pages[2]).title, "Usage");
        assert_eq!(chosen(&pages[2]).source, TitleSource::TitleElement);
        // Unknown site: the first heading.
        assert_eq!(
            SiteTitles::default().choose(&pages[2], "/x.html").title,
            "The Book"
        );
    }

    #[test]
    fn titles_come_from_meta_then_named_then_headings_then_title_then_url() {
        let site = SiteTitles::default();
        let mut candidates = page("Tab name", &["Heading"]);
        candidates.named = Some("Named".into());
        candidates.meta = Some("Meta".into());
        assert_eq!(site.choose(&candidates, "/u").source, TitleSource::Meta);
        candidates.meta = None;
        assert_eq!(site.choose(&candidates, "/u").title, "Named");
        candidates.named = None;
        let chosen = site.choose(&candidates, "/u");
        assert_eq!(
            (chosen.title.as_str(), chosen.alternate.as_deref()),
            ("Heading", Some("Tab name"))
        );
        candidates.headings.clear();
        assert_eq!(site.choose(&candidates, "/u").title, "Tab name");
        candidates.title_element.clear();
        let chosen = site.choose(&candidates, "/u");
        assert_eq!(
            (chosen.title.as_str(), chosen.source),
            ("/u", TitleSource::Url)
        );
    }

    #[test]
    fn a_title_element_holding_the_heading_or_held_by_it_adds_nothing_searchable() {
        let chosen = SiteTitles::default().choose(&page("map() - JavaScript", &["map()"]), "/u");
        assert_eq!(chosen.title, "map()");
        assert_eq!(chosen.alternate, None);
        let manual = page("git-show(1)", &["git-show(1) Manual Page"]);
        assert_eq!(SiteTitles::default().choose(&manual, "/u").alternate, None);
    }
}
