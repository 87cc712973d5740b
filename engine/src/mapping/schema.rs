//! The tantivy schema a mapping produces, with the field handles the engine needs.

use tantivy::schema::{
    DateOptions, DateTimePrecision, Field, IndexRecordOption, NumericOptions, Schema,
    TextFieldIndexing, TextOptions,
};

use super::config::{DocMapping, FieldMapping, FieldType};
use super::tokenizers::text_tokenizer_name;
use crate::analysis::tantivy_tokenizer::KEYWORD_TOKENIZER;

/// A schema together with the mapping it came from.
#[derive(Clone)]
pub struct MappedSchema {
    /// The tantivy schema.
    pub schema: Schema,
    /// The mapping.
    pub mapping: DocMapping,
    /// The tantivy field of each mapping field, in mapping order.
    pub fields: Vec<Field>,
}

impl MappedSchema {
    /// Builds the schema for a (validated) mapping.
    pub fn new(mapping: DocMapping) -> MappedSchema {
        let mut builder = Schema::builder();
        let fields = mapping
            .fields
            .iter()
            .map(|field| add_field(&mut builder, field))
            .collect();
        MappedSchema {
            schema: builder.build(),
            mapping,
            fields,
        }
    }

    /// The tantivy field for a mapping field name.
    pub fn field(&self, name: &str) -> Option<Field> {
        let index = self.mapping.fields.iter().position(|f| f.name == name)?;
        Some(self.fields[index])
    }

    /// The mapping entry of a tantivy field.
    pub fn mapping_of(&self, field: Field) -> &FieldMapping {
        let index = self
            .fields
            .iter()
            .position(|f| *f == field)
            .expect("field of this schema");
        &self.mapping.fields[index]
    }

    /// Names of the mapping's fields that have `property` (stored, fast, …), in mapping
    /// order: what a request may name, and what its error lists when it names another.
    pub fn names_where(&self, property: impl Fn(&FieldMapping) -> bool) -> Vec<&str> {
        self.mapping
            .fields
            .iter()
            .filter(|f| property(f))
            .map(|f| f.name.as_str())
            .collect()
    }
}

fn add_field(builder: &mut tantivy::schema::SchemaBuilder, field: &FieldMapping) -> Field {
    let name = field.name.as_str();
    match field.field_type {
        FieldType::Text | FieldType::Keyword => {
            let mut options = TextOptions::default();
            if field.stored {
                options = options.set_stored();
            }
            if field.indexed {
                let indexing = if field.field_type == FieldType::Text {
                    let record = if field.positions {
                        IndexRecordOption::WithFreqsAndPositions
                    } else {
                        IndexRecordOption::WithFreqs
                    };
                    TextFieldIndexing::default()
                        .set_tokenizer(&text_tokenizer_name(field))
                        .set_index_option(record)
                        .set_fieldnorms(field.fieldnorms)
                } else {
                    // One token per value: no frequencies, no lengths to normalise by.
                    TextFieldIndexing::default()
                        .set_tokenizer(KEYWORD_TOKENIZER)
                        .set_index_option(IndexRecordOption::Basic)
                        .set_fieldnorms(false)
                };
                options = options.set_indexing_options(indexing);
            }
            if field.fast {
                options = options.set_fast(KEYWORD_TOKENIZER);
            }
            builder.add_text_field(name, options)
        }
        FieldType::I64 | FieldType::U64 | FieldType::F64 | FieldType::Bool => {
            let mut options = NumericOptions::default();
            if field.stored {
                options = options.set_stored();
            }
            if field.indexed {
                options = options.set_indexed();
            }
            if field.fast {
                options = options.set_fast();
            }
            match field.field_type {
                FieldType::I64 => builder.add_i64_field(name, options),
                FieldType::U64 => builder.add_u64_field(name, options),
                FieldType::F64 => builder.add_f64_field(name, options),
                _ => builder.add_bool_field(name, options),
            }
        }
        FieldType::Datetime => {
            let mut options = DateOptions::default().set_precision(DateTimePrecision::Seconds);
            if field.stored {
                options = options.set_stored();
            }
            if field.indexed {
                options = options.set_indexed();
            }
            if field.fast {
                options = options.set_fast();
            }
            builder.add_date_field(name, options)
        }
    }
}

/// Whether tantivy keeps fieldnorms for this field (what BM25 reads for scored fields).
pub fn has_fieldnorms(entry: &tantivy::schema::FieldEntry) -> bool {
    match entry.field_type() {
        tantivy::schema::FieldType::Str(options) => options
            .get_indexing_options()
            .is_some_and(|indexing| indexing.fieldnorms()),
        _ => entry.is_indexed() && entry.has_fieldnorms(),
    }
}
