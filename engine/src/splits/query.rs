//! From what a person typed to a tantivy query, never failing on plain text.
//!
//! tantivy's grammar handles fields, phrases, boolean operators and ranges. On top of it:
//! `word*` is a prefix query (tantivy only accepts phrase prefixes of two words or more), and
//! input that is not valid syntax (`Notification: click event`, `bufferData() method`) is
//! searched as plain words instead of failing.

use tantivy::query::{
    BooleanQuery, BoostQuery, EmptyQuery, Occur, Query, QueryParser, QueryParserError,
};
use tantivy::query_grammar::{Delimiter, UserInputAst, UserInputLeaf, UserInputLiteral};
use tantivy::schema::{Field, FieldType, Term};
use tantivy::tokenizer::TokenizerManager;

use super::prefix_query::{has_prefix, PrefixQueries, PrefixTerm, Prefixes};
use super::replace_words;
use crate::error::{ErrorKind, Result};
use crate::mapping::{register_tokenizers, MappedSchema, Operator};
use crate::query_text::{is_prefix, plain_words};
pub use crate::typos::{QueryWord, Replacements};

/// A parsed query with what the warm-up needs to know about it.
pub struct ParsedQuery {
    /// The tantivy query.
    pub query: Box<dyn Query>,
    /// Prefixes to expand.
    pub prefixes: Vec<PrefixTerm>,
    /// The words typo tolerance may replace when the index holds none of their terms.
    pub words: Vec<QueryWord>,
    /// The words and phrases every document must hold, as typed, where the query is several
    /// of them: a search finding too few documents with all of them adds those missing one
    /// (searched again without it, [`QueryBuilder::parse_without`]).
    pub required: Vec<String>,
}

/// Per single-word prefix, the last term it expands to over the whole index; and per prefix,
/// how many of its expansions up to that one split holds ([`QueryBuilder::parse_without`]).
pub type PrefixCutoffs<'a> = (&'a [Option<Vec<u8>>], &'a [u32]);

/// What converting a query meets: its prefixes, and the words typo tolerance may replace.
struct ParseState<'a> {
    prefixes: Prefixes<'a>,
    replacements: Option<&'a Replacements>,
    words: Vec<QueryWord>,
    /// Which of the required words to leave out, if one.
    skip: Option<usize>,
    required: Vec<String>,
}

/// Parses queries for one mapping.
pub struct QueryBuilder {
    parser: QueryParser,
    schema: MappedSchema,
    tokenizers: TokenizerManager,
    default_fields: Vec<Field>,
    default_occur: Occur,
}

impl QueryBuilder {
    /// A builder for this schema.
    pub fn new(schema: &MappedSchema) -> QueryBuilder {
        let tokenizers = TokenizerManager::default();
        register_tokenizers(&tokenizers, &schema.mapping);
        let default_fields: Vec<Field> = schema
            .mapping
            .search_fields()
            .iter()
            .filter_map(|f| schema.field(&f.name))
            .collect();
        let mut parser = QueryParser::new(
            schema.schema.clone(),
            default_fields.clone(),
            tokenizers.clone(),
        );
        let default_occur = match schema.mapping.default_operator {
            Operator::And => {
                parser.set_conjunction_by_default();
                Occur::Must
            }
            Operator::Or => Occur::Should,
        };
        for (mapping, field) in schema.mapping.fields.iter().zip(&schema.fields) {
            if let Some(boost) = mapping.boost {
                parser.set_field_boost(*field, boost);
            }
        }
        QueryBuilder {
            parser,
            schema: schema.clone(),
            tokenizers,
            default_fields,
            default_occur,
        }
    }

    /// Parses `text`. Only an unusable query (an unknown field in otherwise valid syntax is
    /// treated as plain text) is an error.
    pub fn parse(&self, text: &str) -> Result<ParsedQuery> {
        self.parse_without(text, None, None, None)
    }

    /// Parses `text` with each unknown word of `replacements` searched as any of its
    /// replacements.
    pub fn parse_replacing(&self, text: &str, replacements: &Replacements) -> Result<ParsedQuery> {
        self.parse_without(text, Some(replacements), None, None)
    }

    /// Parses `text` (with `replacements`, as [`Self::parse_replacing`]) without its `skip`th
    /// required word ([`ParsedQuery::required`]), if given: the query with one word left out.
    ///
    /// `cutoffs`, once the warm-up knows them: for each single-word prefix (in the order of
    /// [`ParsedQuery::prefixes`]), the last term it expands to over the whole index, so that
    /// the prefix searches exactly `[prefix, cutoff]` in every split; and per prefix, how many
    /// of its expansions up to the cutoff one split holds (phrase prefixes, which tantivy
    /// expands per split, are capped at that number).
    pub fn parse_without(
        &self,
        text: &str,
        replacements: Option<&Replacements>,
        skip: Option<usize>,
        cutoffs: Option<PrefixCutoffs>,
    ) -> Result<ParsedQuery> {
        let mut state = ParseState {
            prefixes: Prefixes {
                found: Vec::new(),
                cutoffs: cutoffs.map(|(cutoffs, _)| cutoffs),
                expansions: cutoffs.map(|(_, expansions)| expansions),
            },
            replacements,
            words: Vec::new(),
            skip,
            required: Vec::new(),
        };
        let parsed = self.parse_inner(text, &mut state)?;
        Ok(ParsedQuery {
            query: parsed,
            prefixes: state.prefixes.found,
            words: state.words,
            required: state.required,
        })
    }

    /// The terms `word` (lowercased and folded) is searched as in each default field.
    pub fn word_terms(&self, word: &str) -> Vec<Term> {
        let mut terms = Vec::new();
        for &field in &self.default_fields {
            let entry = self.schema.schema.get_field_entry(field);
            let FieldType::Str(options) = entry.field_type() else {
                continue;
            };
            let Some(indexing) = options.get_indexing_options() else {
                continue;
            };
            let Some(mut analyzer) = self.tokenizers.get(indexing.tokenizer()) else {
                continue;
            };
            analyzer
                .token_stream(word)
                .process(&mut |token| terms.push(Term::from_field_text(field, &token.text)));
        }
        terms
    }

    /// The default search fields.
    pub fn default_fields(&self) -> &[Field] {
        &self.default_fields
    }

    /// Whether field `name` has a fast column; `None` for a field the schema lacks.
    fn field_is_fast(&self, name: &str) -> Option<bool> {
        let schema = &self.schema.schema;
        let field = schema.get_field(name).ok()?;
        Some(schema.get_field_entry(field).is_fast())
    }

    /// Converts `ast` after replacing words, recording its replaceable words and its
    /// required ones, less the one to leave out.
    fn convert_text(
        &self,
        mut ast: UserInputAst,
        state: &mut ParseState<'_>,
    ) -> Result<Box<dyn Query>, QueryParserError> {
        let required = crate::query_text::required_words(&ast, self.default_occur == Occur::Must);
        if let (Some(skip), UserInputAst::Clause(clauses)) = (state.skip, &mut ast) {
            if let Some(&(at, _)) = required.get(skip) {
                clauses.remove(at);
            }
        }
        state.required = required.into_iter().map(|(_, typed)| typed).collect();
        let mut words = Vec::new();
        replace_words::collect_words(&ast, &mut words);
        let ast = match state.replacements {
            Some(replacements) => replace_words::replace_words(ast, replacements),
            None => ast,
        };
        let query = self.convert(ast, state)?;
        state.words = words;
        Ok(query)
    }

    fn parse_inner(&self, text: &str, prefixes: &mut ParseState<'_>) -> Result<Box<dyn Query>> {
        if text.trim().is_empty() {
            return Ok(Box::new(EmptyQuery));
        }
        // Parsed as typed, as the site engine parses it: trimmed, `array!array\ ` would end in
        // a lone `\` and be searched as plain words (`array`), not as the phrase it escapes.
        let parsed = crate::query_syntax::parse_query(text).ok();
        if let Some(ast) = parsed.and_then(crate::query_text::searchable) {
            crate::query_text::check_fast_fields(&ast, &|name| self.field_is_fast(name))?;
            if let Ok(query) = self.convert_text(ast, prefixes) {
                return Ok(query);
            }
            prefixes.prefixes.found.clear();
        }
        // Not valid syntax (or names a field that does not exist): search the words.
        let words = plain_words(text);
        if words.is_empty() {
            return Ok(Box::new(EmptyQuery));
        }
        // Each word once, as the grammar keeps each clause once (`a b a` is `a b`): the words a
        // search may leave out are then those the site engine's parse finds.
        let mut each_once: Vec<&str> = Vec::new();
        for word in words.split(' ') {
            if !each_once.contains(&word) {
                each_once.push(word);
            }
        }
        let ast = UserInputAst::Clause(
            each_once
                .into_iter()
                .map(|word| {
                    let literal = UserInputLiteral {
                        field_name: None,
                        phrase: word.to_string(),
                        delimiter: Delimiter::None,
                        slop: 0,
                        prefix: false,
                    };
                    (
                        None,
                        UserInputAst::Leaf(Box::new(UserInputLeaf::Literal(literal))),
                    )
                })
                .collect(),
        );
        self.convert_text(
            crate::query_text::lone_cjk_letters_as_prefixes(ast),
            prefixes,
        )
        .map_err(|e| ErrorKind::InvalidQuery.with_message(format!("{e} in {text:?}")))
    }

    fn convert(
        &self,
        ast: UserInputAst,
        prefixes: &mut ParseState<'_>,
    ) -> Result<Box<dyn Query>, QueryParserError> {
        if !has_prefix(&ast) {
            return self.parser.build_query_from_user_input_ast(ast);
        }
        match ast {
            UserInputAst::Clause(children) => {
                let mut clauses = Vec::with_capacity(children.len());
                for (occur, child) in children {
                    clauses.push((
                        occur.unwrap_or(self.default_occur),
                        self.convert(child, prefixes)?,
                    ));
                }
                Ok(Box::new(BooleanQuery::new(clauses)))
            }
            UserInputAst::Boost(inner, boost) => Ok(Box::new(BoostQuery::new(
                self.convert(*inner, prefixes)?,
                boost.into_inner() as f32,
            ))),
            UserInputAst::Leaf(leaf) => match *leaf {
                UserInputLeaf::Literal(literal) if is_prefix(&literal) => {
                    let queries = PrefixQueries {
                        schema: &self.schema,
                        tokenizers: &self.tokenizers,
                        default_fields: &self.default_fields,
                    };
                    queries.query(literal, &mut prefixes.prefixes)
                }
                other => self
                    .parser
                    .build_query_from_user_input_ast(UserInputAst::Leaf(Box::new(other))),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mapping::DocMapping;

    fn builder() -> QueryBuilder {
        let mapping = DocMapping::from_yaml(
            "id_field: id\nfields:\n  - { name: id, type: keyword }\n  - { name: title, type: text, language: en }\n  - { name: body, type: text }\n",
        )
        .unwrap();
        QueryBuilder::new(&MappedSchema::new(mapping))
    }

    #[test]
    fn invalid_syntax_still_searches() {
        let builder = builder();
        for text in [
            "Notification: click event",
            "bufferData() method",
            "a AND (",
            "\"unclosed",
            "title:",
            "-",
            "(((",
        ] {
            builder
                .parse(text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
        }
    }

    #[test]
    fn words_without_letters_or_digits_are_dropped_as_the_index_drops_them() {
        let builder = builder();
        let shown = |text: &str| format!("{:?}", builder.parse(text).unwrap().query);
        let json = shown("json JSON encoder");
        for text in [
            "json — JSON encoder",
            "json | JSON – encoder ¶",
            "json \"—\" JSON encoder",
        ] {
            assert_eq!(shown(text), json, "{text}");
        }
    }

    #[test]
    fn replaceable_words_are_unquoted_or_quoted_words_not_excluded_nor_in_a_field() {
        crate::typos::assert_replaceable_words(|text| builder().parse(text).unwrap().words);
    }

    #[test]
    fn replaced_words_are_searched_as_any_replacement_and_stop_being_prefixes() {
        let builder = builder();
        let replacements = [(
            "promsie".to_string(),
            vec!["promise".to_string(), "premise".into()],
        )];
        let parsed = builder.parse_replacing("promsie*", &replacements).unwrap();
        assert!(
            parsed.prefixes.is_empty(),
            "a replaced last word is a whole word"
        );
        let shown = format!("{:?}", parsed.query);
        assert!(
            shown.contains("promis") && shown.contains("premis"),
            "{shown}"
        );
        let phrase = builder
            .parse_replacing("\"promsie race\"", &replacements)
            .unwrap();
        let shown = format!("{:?}", phrase.query);
        assert!(shown.matches("PhraseQuery").count() >= 2, "{shown}");
        // Unreplaced words stay as they are.
        let same = builder.parse_replacing("fetch", &replacements).unwrap();
        assert_eq!(
            format!("{:?}", same.query),
            format!("{:?}", builder.parse("fetch").unwrap().query)
        );
    }

    #[test]
    fn regex_leaves_are_searched_as_words() {
        // tantivy's regex queries are left out of the build (third_party/README.md); the
        // grammar still reads `/…/`, and such a query is searched as its words, as before.
        let builder = builder();
        let shown = format!("{:?}", builder.parse("title:/fetc.*/").unwrap().query);
        assert!(!shown.contains("Regex"), "{shown}");
        assert!(shown.contains("fetc"), "{shown}");
    }

    #[test]
    fn facets_print_as_tantivy_printed_them_with_a_regex() {
        // third_party/tantivy escapes a facet's slashes by hand where tantivy used this regex.
        use proptest::prelude::*;
        use tantivy::schema::Facet;
        let slashes = regex::Regex::new(r"[\\/]").unwrap();
        proptest!(|(steps in proptest::collection::vec("[a/\\\\é ]{0,6}", 1..4))| {
            let expected: String = steps
                .iter()
                .map(|step| format!("/{}", slashes.replace_all(step, "\\/")))
                .collect();
            prop_assert_eq!(Facet::from_path(&steps).to_string(), expected);
        });
    }

    #[test]
    fn prefix_terms_are_recorded() {
        let parsed = builder().parse("hello wor*").unwrap();
        assert_eq!(parsed.prefixes.len(), 2); // title and body
        assert_eq!(parsed.prefixes[0].prefix.value().as_str(), Some("wor"));
        let parsed = builder().parse("\"big bad wo\"*").unwrap();
        assert!(parsed.prefixes.iter().all(|p| p.positions));
    }
}
