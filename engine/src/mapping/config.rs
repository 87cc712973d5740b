//! The doc mapping as written in YAML and stored in the manifest.

use serde::{Deserialize, Serialize};

use crate::error::{ErrorKind, Result};

/// How documents are indexed, stored and searched.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DocMapping {
    /// Field whose value identifies a document in results (`hits[].id`).
    pub id_field: String,
    /// Optional datetime field giving each document's time (splits record their time range).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp_field: Option<String>,
    /// Fields searched when a query names none. Default: every indexed text field.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub default_search_fields: Vec<String>,
    /// How words of a query combine when no operator is written. Default: `and`.
    #[serde(default)]
    pub default_operator: Operator,
    /// Text field used for result snippets. Default: the first stored text field that is not
    /// the first default search field, else the first stored text field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snippet_field: Option<String>,
    /// Doc store settings.
    #[serde(default)]
    pub store: StoreOptions,
    /// Bytes of terms a term dictionary block holds; a looked-up word reads one block.
    /// Smaller blocks are fewer bytes a lookup and a larger block index in each split's
    /// hotcache (read once when a split opens): 1000 suits an index of one or a few splits
    /// searched cold from browsers; the default (tantivy's 4000) suits many splits with
    /// large dictionaries. docs/datasets.md has figures. (One field, not a struct of its own:
    /// each struct's deserializer costs the browser engines about 1 KB.)
    #[serde(
        default = "default_dictionary_block_size",
        skip_serializing_if = "is_default_dictionary_block_size"
    )]
    pub dictionary_block_size: usize,
    /// Write a lexicon of the default search fields' words, so a query word with one typo
    /// still finds its pages (see the engine's `typos` module). Default: off (site indexes
    /// turn it on).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub typo_tolerance: bool,
    /// The fields, in order.
    pub fields: Vec<FieldMapping>,
}

/// Default boolean operator between query words.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Operator {
    /// Every word must match (site-search behaviour).
    #[default]
    And,
    /// Any word may match; more matches rank higher.
    Or,
}

/// Doc store settings: the store decides most of a cold query's bytes.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct StoreOptions {
    /// Compression of doc store blocks.
    #[serde(default)]
    pub compression: StoreCompression,
    /// Uncompressed size of a doc store block in bytes. Small blocks mean fewer bytes per hit.
    #[serde(default = "default_block_size")]
    pub block_size: usize,
}

fn default_block_size() -> usize {
    4096
}

impl Default for StoreOptions {
    fn default() -> Self {
        StoreOptions {
            compression: StoreCompression::default(),
            block_size: default_block_size(),
        }
    }
}

fn default_dictionary_block_size() -> usize {
    4000
}

fn is_default_dictionary_block_size(size: &usize) -> bool {
    *size == default_dictionary_block_size()
}

/// Doc store codec.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum StoreCompression {
    /// lz4 (fast, in every engine build).
    #[default]
    Lz4,
    /// No compression.
    None,
}

/// One field of the mapping.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FieldMapping {
    /// Field name; a dotted name (`actor.login`) reads a nested JSON object.
    pub name: String,
    /// Value type.
    #[serde(rename = "type")]
    pub field_type: FieldType,
    /// JSON path(s) to read, when they differ from `name` (dotted). A list feeds one field
    /// from several paths (e.g. a commit message, a PR title and a tag description), so a
    /// query looks up one dictionary instead of several.
    #[serde(default, skip_serializing_if = "Sources::is_empty")]
    pub source: Sources,
    /// Searchable. Default: true.
    #[serde(default = "yes")]
    pub indexed: bool,
    /// Returned in results. Default: true.
    #[serde(default = "yes")]
    pub stored: bool,
    /// Columnar (for sorting, ranges and aggregations). Default: false.
    #[serde(default)]
    pub fast: bool,
    /// Text only: how text splits into words. Default: `words`.
    #[serde(default, skip_serializing_if = "is_default_tokenizer")]
    pub tokenizer: Tokenizer,
    /// Text only: stemming language (`en`, `fr`, `de`, ...). Default: no stemming.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// Text only: keep word positions for phrase queries. Default: true.
    #[serde(default = "yes")]
    pub positions: bool,
    /// Text only: keep per-document lengths for BM25 length normalisation. Default: true.
    /// They cost one byte per document and are read whole by every scored query, so large
    /// splits (millions of short events) usually turn them off.
    #[serde(default = "yes")]
    pub fieldnorms: bool,
    /// Score multiplier for matches in this field. Default: 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boost: Option<f32>,
    /// Keep a filter of this field's terms per split (one file for the field, read when the
    /// index opens), so a query for a term opens only the splits that may hold it. Worth it
    /// for fields whose values cluster in few splits (users, repositories, hosts, trace ids)
    /// in indexes of many splits. Default: false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub split_filter: bool,
}

fn yes() -> bool {
    true
}

fn is_false(value: &bool) -> bool {
    !value
}

/// How a text field splits into words (all lowercase and fold accents).
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Tokenizer {
    /// Runs of letters and digits (`Array.prototype.map()` → array, prototype, map).
    #[default]
    Words,
    /// Runs of non-whitespace (`v1.2-rc` stays one word).
    Whitespace,
}

fn is_default_tokenizer(tokenizer: &Tokenizer) -> bool {
    *tokenizer == Tokenizer::Words
}

/// One JSON path or several.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum Sources {
    /// Read the path given by the field name.
    #[default]
    Name,
    /// One path.
    One(String),
    /// Several paths, read in order.
    Many(Vec<String>),
}

impl Sources {
    fn is_empty(&self) -> bool {
        matches!(self, Sources::Name)
    }
}

impl FieldMapping {
    /// The dotted JSON paths this field reads.
    pub fn source_paths(&self) -> Vec<&str> {
        match &self.source {
            Sources::Name => vec![self.name.as_str()],
            Sources::One(path) => vec![path.as_str()],
            Sources::Many(paths) => paths.iter().map(String::as_str).collect(),
        }
    }
}

/// Field value types.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum FieldType {
    /// Analysed text: split into words, lowercased, optionally stemmed.
    Text,
    /// One exact token (ids, logins, names, enums).
    Keyword,
    /// Signed 64-bit integer.
    I64,
    /// Unsigned 64-bit integer.
    U64,
    /// 64-bit float.
    F64,
    /// Boolean.
    Bool,
    /// RFC 3339 date and time (or integer seconds since the epoch).
    Datetime,
}

impl DocMapping {
    /// Parses and validates a YAML mapping.
    pub fn from_yaml(text: &str) -> Result<DocMapping> {
        let mapping: DocMapping = serde_yaml_ng::from_str(text)
            .map_err(|e| ErrorKind::InvalidInput.with_message(format!("doc mapping: {e}")))?;
        mapping.validate()?;
        Ok(mapping)
    }

    /// Checks references between settings; each problem names the setting to fix.
    pub fn validate(&self) -> Result<()> {
        let invalid = |msg: String| Err(ErrorKind::InvalidInput.with_message(msg));
        let mut seen = std::collections::HashSet::new();
        for field in &self.fields {
            if field.name.is_empty() || field.name.starts_with('-') {
                return invalid(format!("field name {:?} is not valid", field.name));
            }
            if !seen.insert(field.name.as_str()) {
                return invalid(format!("field {:?} is declared twice", field.name));
            }
            if field.field_type != FieldType::Text
                && (field.language.is_some()
                    || !field.positions
                    || !field.fieldnorms
                    || field.tokenizer != Tokenizer::Words)
            {
                return invalid(format!(
                    "field {:?}: `tokenizer`, `language`, `positions` and `fieldnorms` apply to text fields only",
                    field.name
                ));
            }
            if let Some(language) = &field.language {
                if crate::analysis::stemming::stemmed_language(language).is_none() {
                    return invalid(format!(
                        "field {:?}: unknown language {language:?} (use a code such as en, fr, de, es, it, pt, nl, sv, ru)",
                        field.name
                    ));
                }
                // A language this build has no stemmer for (the English-only split engine) is
                // refused by name, never searched unstemmed.
                crate::analysis::Analyzer::new(Some(language))?;
            }
            if field.split_filter && (!field.indexed || field.field_type == FieldType::Datetime) {
                return invalid(format!(
                    "field {:?}: `split_filter` needs an indexed field that is not a datetime (time ranges prune splits already)",
                    field.name
                ));
            }
            let no_path = match &field.source {
                Sources::Name => false,
                Sources::One(path) => path.trim().is_empty(),
                Sources::Many(paths) => {
                    paths.is_empty() || paths.iter().any(|p| p.trim().is_empty())
                }
            };
            if no_path {
                return invalid(format!(
                    "field {:?}: `source` needs at least one JSON path, none empty (leave it \
                     out to read the path of the field's name)",
                    field.name
                ));
            }
            if let Some(boost) = field.boost {
                // NaN or a negative boost turned scores upside down or into NaN.
                if !boost.is_finite() || boost < 0.0 {
                    return invalid(format!(
                        "field {:?}: `boost` must be a finite number of 0 or more (found {boost})",
                        field.name
                    ));
                }
            }
            if !field.indexed && !field.stored && !field.fast {
                return invalid(format!(
                    "field {:?} is neither indexed, stored nor fast: remove it",
                    field.name
                ));
            }
        }
        let id = self.field(&self.id_field).ok_or_else(|| {
            ErrorKind::InvalidInput.with_message(format!(
                "id_field {:?} is not one of the fields",
                self.id_field
            ))
        })?;
        if !id.stored {
            return invalid(format!("id_field {:?} must be stored", self.id_field));
        }
        if let Some(ts) = &self.timestamp_field {
            match self.field(ts) {
                Some(f) if f.field_type == FieldType::Datetime && f.fast => {}
                _ => {
                    return invalid(format!(
                        "timestamp_field {ts:?} must name a datetime field with `fast: true`"
                    ))
                }
            }
        }
        for name in &self.default_search_fields {
            match self.field(name) {
                Some(f) if f.indexed => {}
                _ => {
                    return invalid(format!(
                        "default_search_fields: {name:?} is not an indexed field"
                    ))
                }
            }
        }
        if let Some(name) = &self.snippet_field {
            match self.field(name) {
                Some(f) if f.field_type == FieldType::Text && f.stored => {}
                _ => {
                    return invalid(format!(
                        "snippet_field {name:?} must name a stored text field"
                    ))
                }
            }
        }
        if self.store.block_size < 512 || self.store.block_size > 1 << 20 {
            return invalid(format!(
                "store.block_size {} is out of range (512 ..= 1048576)",
                self.store.block_size
            ));
        }
        if !(256..=65536).contains(&self.dictionary_block_size) {
            return invalid(format!(
                "dictionary_block_size {} is out of range (256 ..= 65536)",
                self.dictionary_block_size
            ));
        }
        Ok(())
    }

    /// The field named `name`.
    pub fn field(&self, name: &str) -> Option<&FieldMapping> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// Fields searched when a query names none.
    pub fn search_fields(&self) -> Vec<&FieldMapping> {
        if self.default_search_fields.is_empty() {
            self.fields
                .iter()
                .filter(|f| f.indexed && f.field_type == FieldType::Text)
                .collect()
        } else {
            self.default_search_fields
                .iter()
                .filter_map(|name| self.field(name))
                .collect()
        }
    }

    /// The stored text field snippets are cut from, if any.
    pub fn snippet_field(&self) -> Option<&FieldMapping> {
        if let Some(name) = &self.snippet_field {
            return self.field(name);
        }
        let stored_text: Vec<&FieldMapping> = self
            .fields
            .iter()
            .filter(|f| f.stored && f.indexed && f.field_type == FieldType::Text)
            .collect();
        let first_search = self.search_fields().first().map(|f| f.name.clone());
        stored_text
            .iter()
            .find(|f| Some(&f.name) != first_search.as_ref())
            .or(stored_text.first())
            .copied()
    }
}

#[cfg(test)]
mod tests;
