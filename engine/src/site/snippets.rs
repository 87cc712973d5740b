//! Snippets of site hits: the stretch of a page's text that shows the most query words, those
//! words in `<mark>`, as HTML, and which section (value) it comes from.

use std::collections::HashSet;

use crate::analysis::Analyzer;
use crate::snippet_html::{leading_text_html, mark_into};

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

/// The best snippet of `values` (a page's sections) for the query terms `terms`, at most
/// `max_chars` characters; the leading text when no word matches.
pub fn cut(
    values: &[&str],
    analyzer: &Analyzer,
    terms: &[String],
    max_chars: usize,
) -> Option<CutSnippet> {
    let several = values.len() > 1;
    let mut matches = Vec::new();
    for (value, text) in values.iter().enumerate() {
        analyzer.words(text, |word| {
            if let Some(term) = terms.iter().position(|t| *t == word.term) {
                matches.push(Match {
                    value,
                    start: word.start,
                    end: word.end,
                    term,
                });
            }
        });
    }
    let Some(best) = best_window(&matches, values, max_chars) else {
        let first = values.iter().position(|v| !v.trim().is_empty())?;
        let html = leading_text_html(values[first], max_chars)?;
        return Some(CutSnippet {
            html,
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
/// distinct terms, then the most matches; the earliest of equals.
fn best_window(matches: &[Match], values: &[&str], max_chars: usize) -> Option<usize> {
    let mut best: Option<(usize, (usize, usize))> = None;
    for (i, first) in matches.iter().enumerate() {
        let text = values[first.value];
        let mut terms = HashSet::new();
        let mut count = 0;
        for m in matches[i..].iter().take_while(|m| m.value == first.value) {
            if chars_between(text, first.start, m.end) > max_chars {
                break;
            }
            terms.insert(m.term);
            count += 1;
        }
        let score = (terms.len(), count);
        if best.is_none_or(|(_, b)| score > b) {
            best = Some((i, score));
        }
    }
    best.map(|(i, _)| i)
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
mod tests {
    use super::*;

    fn snippet(values: &[&str], terms: &[&str], max: usize) -> CutSnippet {
        let terms: Vec<String> = terms.iter().map(|t| t.to_string()).collect();
        cut(values, &Analyzer::new(Some("en")).unwrap(), &terms, max).unwrap()
    }

    #[test]
    fn the_window_with_most_distinct_words_wins_and_names_its_section() {
        let values = [
            "Intro about arrays.",
            "Usage: the map method maps each element of an array <fast>.",
        ];
        let cut = snippet(&values, &["map", "array"], 80);
        assert_eq!(cut.value, Some(1));
        assert_eq!(
            cut.html,
            "Usage: the <mark>map</mark> method <mark>maps</mark> each element of an <mark>array</mark> &lt;fast&gt;."
        );
    }

    #[test]
    fn long_text_is_cut_at_spaces_around_the_match() {
        let long = format!(
            "{} the needle is here {}",
            "word ".repeat(60),
            "tail ".repeat(60)
        );
        let cut = snippet(&[long.as_str()], &["needl"], 60);
        assert_eq!(cut.value, None);
        assert!(
            cut.html.starts_with('…') && cut.html.ends_with('…'),
            "{}",
            cut.html
        );
        assert!(cut.html.contains("<mark>needle</mark>"), "{}", cut.html);
        assert!(cut.html.chars().count() < 60 + 20, "{}", cut.html);
    }

    #[test]
    fn overlapping_bigrams_are_marked_once() {
        let analyzer = Analyzer::new(None).unwrap();
        let terms = analyzer.terms("全文検索");
        let snippet = cut(&["Rangefind の全文検索エンジン"], &analyzer, &terms, 60).unwrap();
        assert_eq!(snippet.html, "Rangefind の<mark>全文検索</mark>エンジン");
    }

    #[test]
    fn without_a_match_the_leading_text_is_shown() {
        let cut = snippet(&["", "first words here"], &["absent"], 80);
        assert_eq!(
            cut,
            CutSnippet {
                html: "first words here".into(),
                value: Some(1)
            }
        );
    }
}
