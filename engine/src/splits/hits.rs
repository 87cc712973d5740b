//! The hits of a page of results: each shown document's stored fields, its snippet, and its
//! score or sort value.

use std::collections::HashMap;
use std::sync::Arc;

use tantivy::query::Query;
use tantivy::TantivyDocument;

use super::search_steps::{Ranked, SortKey};
use super::snippets::Snippets;
use super::{results, Hit, SearchIndex, SearchRequest};
use crate::error::Result;
use crate::snippets::SNIPPET_CHARS;
use crate::splits::split::OpenedSplit;

impl SearchIndex {
    /// A hit's value of the sort field, from its stored document (dates to the second, as
    /// the column holds them).
    fn stored_sort_value(
        &self,
        request: &SearchRequest,
        document: &TantivyDocument,
    ) -> Option<serde_json::Value> {
        let field = self.schema.field(&request.sort.as_ref()?.field)?;
        let value = document.get_first(field)?;
        Some(results::owned_to_json(&tantivy::schema::OwnedValue::from(
            value,
        )))
    }

    /// The hits of `page` (`split` in each: a place in `splits`, whose slots `split_slots`
    /// gives), with `documents`, their stored documents.
    pub(super) fn hits(
        &self,
        request: &SearchRequest,
        queries: &[Box<dyn Query>],
        splits: &[Arc<OpenedSplit>],
        split_slots: &[usize],
        page: &[Ranked],
        documents: Vec<TantivyDocument>,
    ) -> Result<Vec<Hit>> {
        let snippet_field = if request.snippet {
            self.catalog
                .manifest
                .mapping
                .snippet_field()
                .and_then(|f| self.schema.field(&f.name))
        } else {
            None
        };
        let id_field = self
            .schema
            .field(&self.catalog.manifest.mapping.id_field)
            .expect("validated mapping");
        let id_name = self.schema.mapping_of(id_field).name.as_str();
        let requested = |name: &str| {
            request
                .fields
                .as_ref()
                .is_none_or(|fields| fields.iter().any(|f| f == name))
        };
        let mut snippets: HashMap<usize, Snippets> = HashMap::new();
        let mut hits = Vec::with_capacity(page.len());
        for ((rank, split, _), document) in page.iter().zip(documents) {
            let snippet = match snippet_field {
                Some(field) => {
                    if !snippets.contains_key(split) {
                        let maker = Snippets::new(
                            &splits[*split].searcher,
                            &self.schema,
                            &*queries[*split],
                            field,
                            SNIPPET_CHARS,
                        )?;
                        snippets.insert(*split, maker);
                    }
                    snippets[split].cut(&document)
                }
                None => None,
            };
            let (snippet, snippet_value) = match snippet {
                Some(cut) => (Some(cut.html), cut.value),
                None => (None, None),
            };
            let mut doc = results::document_json(&self.schema, &document, |name| {
                name == id_name || requested(name)
            });
            let id = match doc.get(id_name) {
                Some(serde_json::Value::String(s)) => s.clone(),
                Some(serde_json::Value::Array(values)) => {
                    values.first().map(|v| v.to_string()).unwrap_or_default()
                }
                Some(other) => other.to_string(),
                None => String::new(),
            };
            if !requested(id_name) {
                doc.remove(id_name);
            }
            let (score, sort) = match rank {
                SortKey::Score(score) => (*score, None),
                SortKey::Value(value) => (0.0, Some(results::owned_to_json(value))),
                SortKey::IndexOrder => (0.0, self.stored_sort_value(request, &document)),
            };
            hits.push(Hit {
                id,
                score,
                sort,
                doc,
                snippet,
                snippet_value,
                index: self
                    .catalog
                    .several()
                    .then(|| self.slots[split_slots[*split]].part),
                missing: None,
            });
        }
        Ok(hits)
    }
}
