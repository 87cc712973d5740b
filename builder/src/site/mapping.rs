//! The doc mapping of a site's index, made from what the crawl found: the filter and meta keys
//! and the weights its pages use, and their language's stemmer.

use std::collections::BTreeSet;

use rangefind_engine::mapping::{
    has_stemmer, DocMapping, FieldMapping, FieldType, Operator, Sources, StoreOptions, Tokenizer,
};

/// Score multiplier of the title.
pub(crate) const TITLE_BOOST: f32 = 3.0;
/// The weight of the title in tenths: the field a page's other name (its `<title>`, when that
/// names it otherwise) is searched in, as the title is.
pub(crate) const TITLE_TENTHS: u8 = (TITLE_BOOST * 10.0) as u8;
/// Score multiplier of headings.
pub(crate) const HEADINGS_BOOST: f32 = 2.0;

/// The field names of a site index, shared by the record writer and the widget.
pub mod fields {
    /// The page's URL from the site root (the id of hits).
    pub const URL: &str = "url";
    /// The page's title.
    pub const TITLE: &str = "title";
    /// Every heading's text (searched, not stored).
    pub const HEADINGS: &str = "headings";
    /// The text of each section, one value per section (snippets are cut from it).
    pub const BODY: &str = "body";
    /// Each section's heading, one value per `body` value.
    pub const SECTIONS: &str = "sections";
    /// Each section's URL fragment, one value per `body` value.
    pub const ANCHORS: &str = "anchors";
    /// Filter keys live under `filter.KEY`, metadata under `meta.KEY`.
    pub const FILTER: &str = "filter";
    /// See [`FILTER`].
    pub const META: &str = "meta";
    /// The weight of a page's text below 1 (a page that is mostly links), when it has one:
    /// the site file scales its text's scores by it (not its title's or headings').
    pub const TEXT_WEIGHT: &str = "text_weight";

    /// The field of text with weight `tenths` (`weight_20` for `data-*-weight="2"`).
    pub fn weighted(tenths: u8) -> String {
        format!("weight_{tenths}")
    }
}

/// What the pages of one index use, beyond the fields every site index has.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SiteFields {
    /// `data-*-filter` keys.
    pub filters: BTreeSet<String>,
    /// `data-*-meta` keys (and the default `image`, `image_alt`).
    pub meta: BTreeSet<String>,
    /// `data-*-weight` values other than 1, in tenths.
    pub weights: BTreeSet<u8>,
}

impl SiteFields {
    /// Adds what another group of pages uses.
    pub fn merge(&mut self, other: &SiteFields) {
        self.filters.extend(other.filters.iter().cloned());
        self.meta.extend(other.meta.iter().cloned());
        self.weights.extend(other.weights.iter().copied());
    }
}

/// The stemmer language of pages in `language` (a tag such as `pt-br`): its primary subtag,
/// when it has a stemmer.
pub fn stemmer_of(language: &str) -> Option<String> {
    let primary = language.split('-').next().unwrap_or(language);
    has_stemmer(primary).then(|| primary.to_string())
}

/// The mapping for pages in `language` using `used`.
pub fn site_mapping(language: &str, used: &SiteFields) -> DocMapping {
    let stemmer = stemmer_of(language);
    let text = |name: &str, boost: Option<f32>, stored: bool| FieldMapping {
        stored,
        boost,
        language: stemmer.clone(),
        ..field(name, FieldType::Text)
    };
    let mut mapping_fields = vec![
        stored_only(fields::URL),
        text(fields::TITLE, Some(TITLE_BOOST), true),
        text(fields::HEADINGS, Some(HEADINGS_BOOST), false),
        text(fields::BODY, None, true),
        stored_only(fields::SECTIONS),
        stored_only(fields::ANCHORS),
    ];
    let mut search: Vec<String> = [fields::TITLE, fields::HEADINGS, fields::BODY]
        .map(String::from)
        .to_vec();
    for &tenths in &used.weights {
        let name = fields::weighted(tenths);
        mapping_fields.push(text(&name, Some(f32::from(tenths) / 10.0), false));
        search.push(name);
    }
    for key in &used.filters {
        mapping_fields.push(FieldMapping {
            // Facet counts are a terms aggregation over this column.
            fast: true,
            ..field(&format!("{}.{key}", fields::FILTER), FieldType::Keyword)
        });
    }
    for key in &used.meta {
        mapping_fields.push(stored_only(&format!("{}.{key}", fields::META)));
    }
    DocMapping {
        id_field: fields::URL.into(),
        timestamp_field: None,
        default_search_fields: search,
        default_operator: Operator::And,
        snippet_field: Some(fields::BODY.into()),
        store: StoreOptions::default(),
        dictionary_block_size: 4000,
        typo_tolerance: true,
        fields: mapping_fields,
    }
}

/// A stored, indexed field with the mapping's defaults.
fn field(name: &str, field_type: FieldType) -> FieldMapping {
    FieldMapping {
        name: name.to_string(),
        field_type,
        source: Sources::Name,
        indexed: true,
        stored: true,
        fast: false,
        tokenizer: Tokenizer::Words,
        language: None,
        positions: true,
        fieldnorms: true,
        boost: None,
        split_filter: false,
    }
}

/// A keyword returned with hits, never searched.
fn stored_only(name: &str) -> FieldMapping {
    FieldMapping {
        indexed: false,
        ..field(name, FieldType::Keyword)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mapping_is_valid_and_names_what_pages_use() {
        let used = SiteFields {
            filters: ["section".to_string()].into(),
            meta: ["page_type".to_string()].into(),
            weights: [5, 20].into(),
        };
        let mapping = site_mapping("en-us", &used);
        mapping.validate().expect("a valid mapping");
        let names: Vec<&str> = mapping.fields.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "url",
                "title",
                "headings",
                "body",
                "sections",
                "anchors",
                "weight_5",
                "weight_20",
                "filter.section",
                "meta.page_type"
            ]
        );
        assert_eq!(
            mapping.field("body").unwrap().language.as_deref(),
            Some("en")
        );
        assert_eq!(mapping.field("weight_5").unwrap().boost, Some(0.5));
        assert_eq!(mapping.search_fields().len(), 5);
        let unstemmed = site_mapping("ja", &SiteFields::default());
        unstemmed.validate().expect("a valid mapping");
        assert_eq!(unstemmed.field("title").unwrap().language, None);
    }
}
