//! The query strings of filter aggregations (`{"filter": "section:Web/API"}`), read by the
//! engine's own parser ([`crate::query_syntax`]) instead of tantivy's grammar crate.
//!
//! tantivy's filter aggregation parses its string with `QueryParser::parse_query`: the grammar's
//! tree, then the parser's conversion with no default fields. Here the tree is the engine's
//! parser's, which its tests hold to the grammar's (the same tree, or both refuse), and the
//! conversion is the same call; so a filter means what it meant. Why: nothing else in the
//! engine runs tantivy's grammar (nom's parsers, 25 KB of the analytics engine's code), and
//! tantivy's `small-code` feature leaves it out (third_party/README.md).

use serde::{Deserialize, Serialize};
use tantivy::aggregation::agg_req::{AggregationVariants, Aggregations};
use tantivy::aggregation::bucket::{FilterAggregation, QueryBuilder};
use tantivy::query::{Query, QueryParser, QueryParserError};
use tantivy::schema::Schema;
use tantivy::tokenizer::TokenizerManager;
use tantivy::TantivyError;

/// Every filter aggregation of `aggregations`, at any depth, with its query string parsed by
/// the engine's parser when the collector builds its query.
pub(crate) fn parse_with_engine_grammar(aggregations: &mut Aggregations) {
    for aggregation in aggregations.values_mut() {
        if let AggregationVariants::Filter(filter) = &aggregation.agg {
            if let Some(text) = filter.query_string() {
                let query = FilterText(text.to_string());
                aggregation.agg = AggregationVariants::Filter(FilterAggregation::new_with_builder(
                    Box::new(query),
                ));
            }
        }
        parse_with_engine_grammar(&mut aggregation.sub_aggregation);
    }
}

/// A filter aggregation's query string.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct FilterText(String);

impl QueryBuilder for FilterText {
    fn build_query(
        &self,
        schema: &Schema,
        tokenizers: &TokenizerManager,
    ) -> tantivy::Result<Box<dyn Query>> {
        // As `QueryParser::parse_query`, with the engine's tree in place of the grammar's.
        let invalid = |error: QueryParserError| TantivyError::InvalidArgument(error.to_string());
        let tree = crate::query_syntax::parse_query(&self.0)
            .map_err(|_| invalid(QueryParserError::SyntaxError(self.0.clone())))?;
        QueryParser::new(schema.clone(), Vec::new(), tokenizers.clone())
            .build_query_from_user_input_ast(tree)
            .map_err(invalid)
    }

    fn box_clone(&self) -> Box<dyn QueryBuilder> {
        Box::new(self.clone())
    }

    // `QueryBuilder` is a typetag trait (its builders are written to and read from JSON by
    // name); these two are what `#[typetag::serde]` would write. The engine never reads a
    // builder from JSON, so it registers none (registering links erased-serde's readers).
    fn typetag_name(&self) -> &'static str {
        "rangefind_filter_text"
    }

    fn typetag_deserialize(&self) {}
}

#[cfg(test)]
mod tests {
    use tantivy::aggregation::agg_req::Aggregation;
    use tantivy::schema::{FAST, INDEXED, STRING, TEXT};

    use super::*;

    #[test]
    fn filters_at_any_depth_are_parsed_by_the_engine() {
        let mut aggregations: Aggregations = serde_json::from_str(
            r#"{"api": {"filter": "section:api", "aggs": {
                "recent": {"filter": "year:[2020 TO *]"},
                "kinds": {"terms": {"field": "kind"}}}}}"#,
        )
        .unwrap();
        parse_with_engine_grammar(&mut aggregations);
        let text_left = |aggregation: &Aggregation| match &aggregation.agg {
            AggregationVariants::Filter(filter) => filter.query_string().is_some(),
            _ => panic!("not a filter"),
        };
        assert!(!text_left(&aggregations["api"]));
        assert!(!text_left(&aggregations["api"].sub_aggregation["recent"]));
    }

    #[test]
    fn a_filter_means_what_tantivys_parser_makes_of_it() {
        let mut builder = Schema::builder();
        builder.add_text_field("title", TEXT);
        builder.add_text_field("section", STRING | FAST);
        builder.add_u64_field("year", INDEXED | FAST);
        let schema = builder.build();
        let tokenizers = TokenizerManager::default();
        let tantivy_parser = QueryParser::new(schema.clone(), Vec::new(), tokenizers.clone());
        for text in [
            "section:Web/API",
            "section:\"Web/API\" AND year:[2020 TO *]",
            "title:\"fetch request\"~2 -section:css",
            "(title:a OR title:b) AND NOT year:{1 TO 5]",
            "title:fetch^2 year:2021",
            "year:>=2020",
            "section:*",
            "title:(a b)",
            "title:",
            "a AND (",
            "fetch",
            "nosuchfield:x",
            "year:twenty",
            "",
        ] {
            let ours = FilterText(text.to_string()).build_query(&schema, &tokenizers);
            let theirs = tantivy_parser
                .parse_query(text)
                .map_err(|error| TantivyError::InvalidArgument(error.to_string()));
            assert_eq!(format!("{ours:?}"), format!("{theirs:?}"), "{text}");
        }
    }
}
