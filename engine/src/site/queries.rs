//! What a site search runs: the request's query as typed and, while it is typed, with its
//! last word completed ([`Queries`], parsed by `SiteIndex::parse`); and the words searched
//! instead of unknown ones ([`Replacing`], which the typo step finds).

use super::query::{self, Node};
use crate::api::Replaced;

/// A query as typed and, while it is being typed, with its last word completed.
pub(super) struct Queries {
    pub(super) exact: query::Parsed,
    pub(super) completed: Option<query::Parsed>,
}

impl Queries {
    /// Both trees, for what they read and mark.
    pub(super) fn nodes(&self) -> Vec<&Node> {
        let completed = self.completed.iter().map(|parsed| &parsed.node);
        std::iter::once(&self.exact.node).chain(completed).collect()
    }

    /// Whether the query likely needs long words' whole lists, not only their best postings:
    /// a count of every hit, or more than one word (their pages in common, a phrase's
    /// positions, pages without a word), which the best of each seldom settle. Their chunks
    /// are then read with their tails, in the same wave.
    pub(super) fn need_whole_lists(&self, count_all: bool) -> bool {
        let parsed = std::iter::once(&self.exact).chain(&self.completed);
        count_all
            || parsed
                .map(|parsed| parsed.node.slots())
                .any(|slots| slots > 1)
    }
}

/// The words searched instead of the query's unknown words, and of its completed last word.
#[derive(Debug, Default)]
pub(super) struct Replacing {
    /// Unknown words of the query as typed, each with its replacements.
    pub(super) words: Vec<(String, Vec<String>)>,
    /// The completed last word, when it begins none of the index's words, with the
    /// lexicon's words it begins (or is one edit from).
    pub(super) completion: Option<(String, Vec<String>)>,
}

impl Replacing {
    pub(super) fn is_empty(&self) -> bool {
        self.words.is_empty() && self.completion.is_none()
    }

    /// What the answer names: each word once, with every word searched instead of it.
    pub(super) fn named(self) -> Vec<Replaced> {
        let mut named: Vec<Replaced> = self
            .words
            .into_iter()
            .map(|(word, mut with)| {
                with.retain(|w| *w != word);
                Replaced { word, with }
            })
            .collect();
        if let Some((word, with)) = self.completion {
            match named.iter_mut().find(|r| r.word == word) {
                Some(known) => {
                    let new: Vec<String> = with
                        .into_iter()
                        .filter(|w| !known.with.contains(w))
                        .collect();
                    known.with.extend(new);
                }
                None => named.push(Replaced { word, with }),
            }
        }
        named
    }
}
