//! The snippets of a split's hits: the query's terms on the snippet field that the split holds,
//! and the field's analyser, given to the snippet cutter both engines share
//! ([`crate::snippets`]).

use std::collections::BTreeSet;

use tantivy::query::Query;
use tantivy::schema::{Field, Value};
use tantivy::{Searcher, TantivyDocument, Term};

use crate::analysis::Analyzer;
use crate::mapping::{field_analyzer, MappedSchema};
use crate::snippets::{cut, CutSnippet};

/// Cuts the snippets of one split's hits for one query.
pub(crate) struct Snippets {
    analyzer: Analyzer,
    field: Field,
    /// The query's terms on the field that the split holds.
    terms: Vec<String>,
    max_chars: usize,
}

impl Snippets {
    /// The snippets of `query`'s hits in the split `searcher` reads, from `field`.
    pub(crate) fn new(
        searcher: &Searcher,
        schema: &MappedSchema,
        query: &dyn Query,
        field: Field,
        max_chars: usize,
    ) -> tantivy::Result<Snippets> {
        let mut on_field: BTreeSet<&Term> = BTreeSet::new();
        query.query_terms(&mut |term, _| {
            if term.field() == field {
                on_field.insert(term);
            }
        });
        let mut terms = Vec::new();
        for term in on_field {
            let value = term.value();
            let Some(text) = value.as_str() else {
                continue;
            };
            if searcher.doc_freq(term)? > 0 {
                terms.push(text.to_string());
            }
        }
        let analyzer = field_analyzer(schema.mapping_of(field)).ok_or_else(|| {
            tantivy::TantivyError::SchemaError(format!(
                "the snippet field {} has no analyser",
                schema.mapping_of(field).name
            ))
        })?;
        Ok(Snippets {
            analyzer,
            field,
            terms,
            max_chars,
        })
    }

    /// The snippet of `document`, else its leading text.
    pub(crate) fn cut(&self, document: &TantivyDocument) -> Option<CutSnippet> {
        let values: Vec<&str> = document
            .get_all(self.field)
            .filter_map(|value| value.as_str())
            .collect();
        cut(&values, &self.analyzer, &self.terms, self.max_chars)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mapping::DocMapping;

    #[test]
    fn the_value_of_the_first_match_is_found() {
        let mapping = DocMapping::from_yaml(
            "id_field: id\nfields:\n  - { name: id, type: keyword }\n  - { name: body, type: text, language: en }\n",
        )
        .unwrap();
        let schema = MappedSchema::new(mapping);
        let body = schema.field("body").unwrap();
        let index = tantivy::Index::create_in_ram(schema.schema.clone());
        crate::mapping::register_tokenizers(index.tokenizers(), &schema.mapping);
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
        let term = |word: &str| {
            tantivy::query::TermQuery::new(
                Term::from_field_text(body, word),
                tantivy::schema::IndexRecordOption::Basic,
            )
        };
        let snippets = Snippets::new(&searcher, &schema, &term("widget"), body, 150).unwrap();
        let cut = snippets.cut(&document).unwrap();
        assert_eq!(cut.value, Some(2), "{cut:?}");
        assert!(cut.html.contains("<mark>widget</mark>"), "{cut:?}");
        let leading = Snippets::new(&searcher, &schema, &term("absent"), body, 150).unwrap();
        assert_eq!(
            leading.cut(&document),
            Some(CutSnippet {
                html: "intro text here".into(),
                value: Some(0)
            })
        );
        let mut single = TantivyDocument::new();
        single.add_text(body, "one widget value");
        assert_eq!(snippets.cut(&single).unwrap().value, None);
        // A long text: the first matches within the first kilobyte are enough.
        let long = format!("a widget first {} widget again", "filler ".repeat(2000));
        let mut long_document = TantivyDocument::new();
        long_document.add_text(body, &long);
        let cut = snippets.cut(&long_document).unwrap();
        assert!(cut.html.starts_with("a <mark>widget</mark>"), "{cut:?}");
    }
}
