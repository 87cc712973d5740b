//! Snippets, for both engines: the stretch of a hit's text (or of one of its sections) that
//! shows the most query words, those words in `<mark>`, as HTML, and which section it comes
//! from. The site engine cuts them from a page's record, the split engine from a hit's stored
//! snippet field, each reading no more of a long text than it needs ([`cut`]).

mod html;

use crate::analysis::Analyzer;
use html::{leading_text_html, mark_into};

/// Characters of a hit's snippet, in both engines.
pub const SNIPPET_CHARS: usize = 220;

/// How much of a long text is searched for a snippet, in growing steps (see [`cut`]).
const SCAN_STEPS: [usize; 2] = [1024, 4096];

/// A snippet and the value of the text it was cut from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CutSnippet {
    /// HTML: text escaped, matches in `<mark>`.
    pub html: String,
    /// The value holding the snippet's first match (0: the leading text); `None` when the text
    /// has one value.
    pub value: Option<usize>,
}

/// A word of the text that matches the query.
#[derive(Debug, Clone, Copy)]
struct Match {
    value: usize,
    start: usize,
    end: usize,
    /// Which query term (for counting distinct ones).
    term: usize,
}

/// The best snippet of `values` (a hit's text, or its sections) for the query terms `terms`
/// (as the analyser makes them), at most `max_chars` characters; the leading text when no
/// word matches.
///
/// Reads no more of a long text than it needs: tokenising (and stemming) a whole long page
/// cost more than the rest of a warm query, and a stretch near the start reads well. The
/// words are read in order, and when they pass [`SCAN_STEPS`]`[i]` bytes (values counted with
/// a separator each) the reading stops if every term was met, or at the last step if any was;
/// the whole text is read only when the last step's words have no match at all.
pub fn cut(
    values: &[&str],
    analyzer: &Analyzer,
    terms: &[String],
    max_chars: usize,
) -> Option<CutSnippet> {
    let several = values.len() > 1;
    let mut matches = Vec::new();
    let mut steps = SCAN_STEPS.iter();
    let mut step = steps.next();
    // The terms met, a bit each (a query of more than 64 words shares bits). Without terms
    // (a query of filters alone) every term is met at the first step: its leading text.
    let mut met = 0u64;
    let every = terms.len().min(64) as u32;
    let mut before = 0;
    'read: for (value, text) in values.iter().enumerate() {
        let mut words = analyzer.stream(text);
        while words.advance() {
            let word = words.word();
            while step.is_some_and(|&bytes| before + word.start >= bytes) {
                step = steps.next();
                if met.count_ones() >= every || (step.is_none() && met != 0) {
                    break 'read;
                }
            }
            // Borrowed words: a query's snippets read thousands, and a string each was a
            // tenth of a warm query in wasm.
            if let Some(term) = terms.iter().position(|t| t == word.term) {
                met |= 1 << (term % 64);
                matches.push(Match {
                    value,
                    start: word.start,
                    end: word.end,
                    term,
                });
            }
        }
        before += text.len() + 1;
    }
    let Some((best, _)) = best_window(&matches, values, max_chars) else {
        let first = values.iter().position(|v| !v.trim().is_empty())?;
        return Some(CutSnippet {
            html: leading_text_html(values[first], max_chars)?,
            value: several.then_some(first),
        });
    };
    let first = matches[best];
    let text = values[first.value];
    let in_value: Vec<Match> = matches[best..]
        .iter()
        .take_while(|m| m.value == first.value)
        .copied()
        .collect();
    Some(CutSnippet {
        html: fragment_html(text, &in_value, max_chars),
        value: several.then_some(first.value),
    })
}

/// The match starting the window of `max_chars` (within one value) that holds the most
/// distinct terms, then the most matches; the earliest of equals. With the number of
/// distinct terms it holds.
fn best_window(matches: &[Match], values: &[&str], max_chars: usize) -> Option<(usize, usize)> {
    let mut best: Option<(usize, (usize, usize))> = None;
    for (i, first) in matches.iter().enumerate() {
        let text = values[first.value];
        // The distinct terms seen: a query has a few, so a list (no hash set in the engine).
        let mut terms: Vec<usize> = Vec::new();
        let mut count = 0;
        for m in matches[i..].iter().take_while(|m| m.value == first.value) {
            if chars_between(text, first.start, m.end) > max_chars {
                break;
            }
            if !terms.contains(&m.term) {
                terms.push(m.term);
            }
            count += 1;
        }
        let score = (terms.len(), count);
        if best.is_none_or(|(_, b)| score > b) {
            best = Some((i, score));
        }
    }
    best.map(|(i, (distinct, _))| (i, distinct))
}

fn chars_between(text: &str, start: usize, end: usize) -> usize {
    text[start..end].chars().count()
}

/// `text` from a little before its first match to `max_chars` on, cut at spaces, escaped, with
/// the matches inside marked.
fn fragment_html(text: &str, matches: &[Match], max_chars: usize) -> String {
    let first = matches[0].start;
    // Some words of context before the first match, when the text runs on after it.
    let lead = max_chars / 5;
    let mut start = text[..first]
        .char_indices()
        .rev()
        .nth(lead.saturating_sub(1))
        .map_or(0, |(i, _)| i);
    if start > 0 {
        start = text[start..first]
            .find(char::is_whitespace)
            .map_or(first, |i| start + i + 1);
    }
    let mut end = text[start..]
        .char_indices()
        .nth(max_chars)
        .map_or(text.len(), |(i, _)| start + i);
    if end < text.len() {
        end = text[start..end]
            .rfind(char::is_whitespace)
            .map_or(end, |i| start + i)
            .max(matches[0].end);
    }
    let mut html = String::with_capacity(end - start + 32);
    if start > 0 {
        html.push('…');
    }
    let shown = text[start..end].trim_end();
    let marks = matches
        .iter()
        .filter(|m| m.end <= start + shown.len())
        .map(|m| m.start - start..m.end - start);
    mark_into(&mut html, shown, marks);
    if end < text.len() {
        html.push('…');
    }
    html
}

#[cfg(test)]
mod tests;
