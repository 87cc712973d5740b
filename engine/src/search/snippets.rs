//! Snippets: the best fragment of a hit's snippet field, matches in `<mark>`, as HTML.

use std::collections::{BTreeMap, BTreeSet};

use tantivy::query::Query;
use tantivy::schema::{Field, Value};
use tantivy::snippet::{Snippet, SnippetGenerator};
use tantivy::{Searcher, TantivyDocument, Term};

/// How much of a long text is searched for a snippet, in growing steps. Tokenising (and
/// stemming) a whole long page costs more than the rest of a warm query, and a fragment near
/// the start reads well: a step ends the search when its best fragment shows every query
/// term; else the best fragment with any match within the last step is taken; the whole
/// text is searched only when that has no match at all.
const SCAN_STEPS: [usize; 2] = [1024, 4096];

/// Cuts the snippets of one split's hits for one query.
pub(crate) struct Snippets {
    generator: SnippetGenerator,
    field: Field,
    /// Distinct query terms on the field (with a match in the split): a fragment that
    /// highlights this many words is as good as the text has.
    terms: usize,
    max_chars: usize,
}

impl Snippets {
    /// What tantivy's `SnippetGenerator::create` does, keeping the number of terms.
    pub(crate) fn new(
        searcher: &Searcher,
        query: &dyn Query,
        field: Field,
        max_chars: usize,
    ) -> tantivy::Result<Snippets> {
        let mut terms: BTreeSet<&Term> = BTreeSet::new();
        query.query_terms(&mut |term, _| {
            if term.field() == field {
                terms.insert(term);
            }
        });
        let mut scores = BTreeMap::new();
        for term in terms {
            let value = term.value();
            let Some(text) = value.as_str() else {
                continue;
            };
            let doc_freq = searcher.doc_freq(term)?;
            if doc_freq > 0 {
                scores.insert(text.to_string(), 1.0 / (1.0 + doc_freq as f32));
            }
        }
        let terms = scores.len();
        let tokenizer = searcher.index().tokenizer_for_field(field)?;
        Ok(Snippets {
            generator: SnippetGenerator::new(scores, tokenizer, field, max_chars),
            field,
            terms,
            max_chars,
        })
    }

    /// The snippet of `document` as HTML (see [`SCAN_STEPS`]), else its leading text.
    pub(crate) fn html(&self, document: &TantivyDocument) -> Option<String> {
        let text: Vec<&str> = document
            .get_all(self.field)
            .filter_map(|value| value.as_str())
            .collect();
        let text = text.join(" ");
        let mut partial: Option<Snippet> = None;
        for step in SCAN_STEPS {
            if text.len() <= step {
                break;
            }
            let snippet = self
                .generator
                .snippet(&text[..text.floor_char_boundary(step)]);
            if snippet.highlighted().len() >= self.terms.max(1) {
                return snippet_html(&snippet);
            }
            if !snippet.highlighted().is_empty() {
                partial = Some(snippet);
            }
        }
        if let Some(snippet) = partial {
            return snippet_html(&snippet);
        }
        snippet_html(&self.generator.snippet(&text))
            .or_else(|| leading_text_html(&text, self.max_chars))
    }
}

/// The snippet as HTML: text escaped, matches wrapped in `<mark>`.
fn snippet_html(snippet: &Snippet) -> Option<String> {
    let fragment = snippet.fragment();
    if fragment.is_empty() {
        return None;
    }
    let mut html = String::with_capacity(fragment.len() + 32);
    let mut at = 0;
    for range in snippet.highlighted() {
        escape_into(&mut html, &fragment[at..range.start]);
        html.push_str("<mark>");
        escape_into(&mut html, &fragment[range.clone()]);
        html.push_str("</mark>");
        at = range.end;
    }
    escape_into(&mut html, &fragment[at..]);
    Some(html)
}

/// The first `max_chars` characters of `text`, cut at a word boundary and escaped: the snippet
/// of a hit whose matches the snippet generator cannot highlight (prefix and range queries).
fn leading_text_html(text: &str, max_chars: usize) -> Option<String> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let mut end = text
        .char_indices()
        .nth(max_chars)
        .map_or(text.len(), |(i, _)| i);
    if end < text.len() {
        end = text[..end].rfind(char::is_whitespace).unwrap_or(end);
    }
    let mut html = String::with_capacity(end + 8);
    escape_into(&mut html, &text[..end]);
    if end < text.len() {
        html.push('…');
    }
    Some(html)
}

fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::leading_text_html;

    #[test]
    fn leading_text_cuts_at_a_word_and_escapes() {
        assert_eq!(
            leading_text_html("a <b> c dddd", 8).unwrap(),
            "a &lt;b&gt; c…"
        );
        assert_eq!(leading_text_html("short", 80).unwrap(), "short");
        assert_eq!(leading_text_html("  ", 80), None);
    }
}
