//! Prefix queries of the split engine: tantivy's grammar only takes phrase prefixes of two
//! words or more, so `word*` (and `"a phrase wor*"`) become prefix queries here, whose
//! expansions the warm-up then chooses over the whole index.

use std::ops::Bound;

use tantivy::query::{
    BooleanQuery, BoostQuery, EmptyQuery, Occur, PhrasePrefixQuery, Query, QueryParserError,
    RangeQuery,
};
use tantivy::query_grammar::{UserInputAst, UserInputLeaf, UserInputLiteral};
use tantivy::schema::{Field, FieldType, Term};
use tantivy::tokenizer::TokenizerManager;

use crate::mapping::MappedSchema;
use crate::query_text::{is_prefix, MAX_PREFIX_EXPANSIONS};

/// A prefix to expand during warm-up.
#[derive(Clone, Debug)]
pub struct PrefixTerm {
    /// The field.
    pub field: Field,
    /// The prefix, as a term of the field.
    pub prefix: Term,
    /// Whether the expansions' positions are needed (phrase prefix).
    pub positions: bool,
}

/// Prefixes met while converting a query, and what the warm-up found of them over the whole
/// index (a second parse): the last term each single-word prefix expands to, and how many
/// expansions one split holds.
pub(super) struct Prefixes<'a> {
    pub(super) found: Vec<PrefixTerm>,
    pub(super) cutoffs: Option<&'a [Option<Vec<u8>>]>,
    pub(super) expansions: Option<&'a [u32]>,
}

/// What prefix queries are made with: the mapping's schema, its tokenizers and the fields
/// searched by default.
pub(super) struct PrefixQueries<'a> {
    pub(super) schema: &'a MappedSchema,
    pub(super) tokenizers: &'a TokenizerManager,
    pub(super) default_fields: &'a [Field],
}

impl PrefixQueries<'_> {
    /// The query of a prefix literal (`word*`, `"a phrase wor*"`) in its field or the
    /// default fields, its prefixes recorded in `prefixes` and expanded as they say.
    pub(super) fn query(
        &self,
        literal: UserInputLiteral,
        prefixes: &mut Prefixes<'_>,
    ) -> Result<Box<dyn Query>, QueryParserError> {
        let fields = match &literal.field_name {
            Some(name) => vec![self
                .schema
                .schema
                .get_field(name)
                .map_err(|_| QueryParserError::FieldDoesNotExist(name.clone()))?],
            None => self.default_fields.to_vec(),
        };
        let mut per_field: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for field in fields {
            let Some(terms) = self.terms(field, &literal.phrase)? else {
                continue;
            };
            let positions = terms.len() > 1;
            let (_, prefix) = terms.last().expect("at least one term").clone();
            let index = prefixes.found.len();
            let cutoff = prefixes.cutoffs.map(|c| c.get(index).cloned().flatten());
            let expansions = prefixes.expansions.and_then(|e| e.get(index).copied());
            prefixes.found.push(PrefixTerm {
                field,
                prefix: prefix.clone(),
                positions,
            });
            let mut query: Box<dyn Query> = match cutoff {
                // A single word with its index-wide expansions known: search exactly those.
                Some(cutoff) if !positions => match cutoff {
                    Some(last) => Box::new(RangeQuery::new(
                        Bound::Included(prefix),
                        Bound::Included(Term::from_field_text(
                            field,
                            &String::from_utf8_lossy(&last),
                        )),
                    )),
                    None => Box::new(EmptyQuery),
                },
                _ if expansions == Some(0) => Box::new(EmptyQuery),
                _ => {
                    let mut query = PhrasePrefixQuery::new_with_offset(terms);
                    query.set_max_expansions(expansions.unwrap_or(MAX_PREFIX_EXPANSIONS as u32));
                    Box::new(query)
                }
            };
            if let Some(boost) = self.schema.mapping_of(field).boost {
                query = Box::new(BoostQuery::new(query, boost));
            }
            per_field.push((Occur::Should, query));
        }
        Ok(match per_field.len() {
            0 => Box::new(EmptyQuery),
            1 => per_field.pop().expect("one").1,
            _ => Box::new(BooleanQuery::new(per_field)),
        })
    }

    /// Terms of a prefix literal in `field`: the leading words analysed as the field indexes
    /// them, the last word only lowercased and folded (a stemmed prefix would not be a prefix).
    fn terms(
        &self,
        field: Field,
        phrase: &str,
    ) -> Result<Option<Vec<(usize, Term)>>, QueryParserError> {
        let entry = self.schema.schema.get_field_entry(field);
        let FieldType::Str(options) = entry.field_type() else {
            return Err(QueryParserError::UnsupportedQuery(format!(
                "prefix queries need a text or keyword field, {} is not one",
                entry.name()
            )));
        };
        let Some(indexing) = options.get_indexing_options() else {
            return Err(QueryParserError::FieldNotIndexed(entry.name().to_string()));
        };
        if indexing.tokenizer() == crate::mapping::tokenizers_keyword() {
            return Ok(Some(vec![(
                0,
                Term::from_field_text(field, phrase.trim_end_matches('*')),
            )]));
        }
        let mut words = Vec::new();
        let phrase = phrase.trim_end_matches('*');
        let mut splitter = self
            .tokenizers
            .get(crate::mapping::tokenizers_prefix())
            .expect("registered");
        splitter
            .token_stream(phrase)
            .process(&mut |token| words.push((token.position, token.text.clone())));
        let Some((last_position, last)) = words.pop() else {
            return Ok(None);
        };
        let mut analyzer = self
            .tokenizers
            .get(indexing.tokenizer())
            .expect("registered");
        let mut terms = Vec::new();
        for (position, word) in words {
            let mut stemmed = word.clone();
            analyzer
                .token_stream(&word)
                .process(&mut |token| stemmed = token.text.clone());
            terms.push((position, Term::from_field_text(field, &stemmed)));
        }
        if !terms.is_empty() && !indexing.index_option().has_positions() {
            return Err(QueryParserError::FieldDoesNotHavePositionsIndexed(
                entry.name().to_string(),
            ));
        }
        terms.push((last_position, Term::from_field_text(field, &last)));
        Ok(Some(terms))
    }
}

/// Whether `ast` holds a prefix literal anywhere.
pub(super) fn has_prefix(ast: &UserInputAst) -> bool {
    match ast {
        UserInputAst::Clause(children) => children.iter().any(|(_, child)| has_prefix(child)),
        UserInputAst::Boost(inner, _) => has_prefix(inner),
        UserInputAst::Leaf(leaf) => matches!(&**leaf, UserInputLeaf::Literal(l) if is_prefix(l)),
    }
}
