//! Snippets: the best fragment of a hit's snippet field, matches in `<mark>`, as HTML.

use std::collections::{BTreeMap, BTreeSet};

use tantivy::query::Query;
use tantivy::schema::{Field, Value};
use tantivy::snippet::{Snippet, SnippetGenerator};
use tantivy::{Searcher, TantivyDocument, Term};

use crate::snippet_html::{leading_text_html, mark_into};

/// How much of a long text is searched for a snippet, in growing steps. Tokenising (and
/// stemming) a whole long page costs more than the rest of a warm query, and a fragment near
/// the start reads well: a step ends the search when its best fragment shows every query
/// term; else the best fragment with any match within the last step is taken; the whole
/// text is searched only when that has no match at all.
const SCAN_STEPS: [usize; 2] = [1024, 4096];

/// A hit's snippet, and which value of a multi-valued snippet field it was cut from (the site
/// builder stores one value per page section, so a hit can link to the section).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CutSnippet {
    /// HTML: text escaped, matches in `<mark>`.
    pub html: String,
    /// Index of the field value holding the first match (0 for the leading text); `None`
    /// when the field has one value (the JSON contract of ordinary indexes is unchanged).
    pub value: Option<usize>,
}

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

    /// The snippet of `document` (see [`SCAN_STEPS`]), else its leading text.
    pub(crate) fn cut(&self, document: &TantivyDocument) -> Option<CutSnippet> {
        let values: Vec<&str> = document
            .get_all(self.field)
            .filter_map(|value| value.as_str())
            .collect();
        let text = values.join(" ");
        let several = values.len() > 1;
        match self.best(&text) {
            Some(snippet) => {
                let html = snippet_html(&snippet)?;
                Some(CutSnippet {
                    value: several.then(|| value_of_first_match(&values, &text, &snippet)),
                    html,
                })
            }
            None => Some(CutSnippet {
                html: leading_text_html(&text, self.max_chars)?,
                value: several.then_some(0),
            }),
        }
    }

    /// The best snippet with a match in `text`, if any.
    fn best(&self, text: &str) -> Option<Snippet> {
        let mut partial: Option<Snippet> = None;
        for step in SCAN_STEPS {
            if text.len() <= step {
                break;
            }
            let snippet = self
                .generator
                .snippet(&text[..text.floor_char_boundary(step)]);
            if snippet.highlighted().len() >= self.terms.max(1) {
                return Some(snippet);
            }
            if !snippet.highlighted().is_empty() {
                partial = Some(snippet);
            }
        }
        partial.or_else(|| {
            let snippet = self.generator.snippet(text);
            (!snippet.highlighted().is_empty()).then_some(snippet)
        })
    }
}

/// Which of `values` (joined by one space into `text`) holds the snippet's first match. The
/// fragment is a slice of `text`; its first occurrence is where the generator cut it (a
/// repeated fragment maps to its first copy, which is as good a place to link to).
fn value_of_first_match(values: &[&str], text: &str, snippet: &Snippet) -> usize {
    let first_match = snippet.highlighted().first().map_or(0, |range| range.start);
    let Some(at) = text
        .find(snippet.fragment())
        .map(|start| start + first_match)
    else {
        return 0;
    };
    let mut end = 0;
    for (index, value) in values.iter().enumerate() {
        end += value.len();
        if at < end {
            return index;
        }
        end += 1;
    }
    values.len().saturating_sub(1)
}

/// The snippet as HTML: text escaped, matches wrapped in `<mark>`.
fn snippet_html(snippet: &Snippet) -> Option<String> {
    let fragment = snippet.fragment();
    if fragment.is_empty() {
        return None;
    }
    let mut html = String::with_capacity(fragment.len() + 32);
    mark_into(&mut html, fragment, snippet.highlighted().iter().cloned());
    Some(html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_value_of_the_first_match_is_found() {
        use tantivy::schema::{Schema, TEXT};
        let mut builder = Schema::builder();
        let body = builder.add_text_field("body", TEXT);
        let index = tantivy::Index::create_in_ram(builder.build());
        let mut writer: tantivy::IndexWriter = index.writer(15_000_000).unwrap();
        let mut document = TantivyDocument::new();
        for text in [
            "intro text here",
            "",
            "usage: call the widget",
            "more widget notes",
        ] {
            document.add_text(body, text);
        }
        writer.add_document(document.clone()).unwrap();
        writer.commit().unwrap();
        let searcher = index.reader().unwrap().searcher();
        let query = tantivy::query::TermQuery::new(
            Term::from_field_text(body, "widget"),
            tantivy::schema::IndexRecordOption::Basic,
        );
        let snippets = Snippets::new(&searcher, &query, body, 150).unwrap();
        let cut = snippets.cut(&document).unwrap();
        assert_eq!(cut.value, Some(2), "{cut:?}");
        assert!(cut.html.contains("<mark>widget</mark>"), "{cut:?}");
        let absent = tantivy::query::TermQuery::new(
            Term::from_field_text(body, "absent"),
            tantivy::schema::IndexRecordOption::Basic,
        );
        let leading = Snippets::new(&searcher, &absent, body, 150).unwrap();
        assert_eq!(
            leading.cut(&document),
            Some(CutSnippet {
                html: "intro text here  usage: call the widget more widget notes".into(),
                value: Some(0)
            })
        );
        let mut single = TantivyDocument::new();
        single.add_text(body, "one widget value");
        assert_eq!(snippets.cut(&single).unwrap().value, None);
    }
}
