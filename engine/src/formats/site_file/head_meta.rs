//! What a site file's head says about its index ([`HeadMeta`]): the layout's version, its
//! pages, stemmer, searched fields with their boosts and words, and the fields snippets and
//! titles come from. Part of the head ([`super::layout::Head`]).

use super::{corrupt, SITE_LAYOUT_VERSION};
use crate::error::{ErrorKind, Result};
use crate::formats::split::{put_text, put_varint, ByteReader};

/// A searched field of the index.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchedField {
    /// Its name (`title`, `headings`, `body`, `weight_20`).
    pub name: String,
    /// Score multiplier.
    pub boost: f32,
    /// Its words over all pages (the average length is over every index searched).
    pub words: u64,
    /// How its postings are scored.
    pub scoring: FieldScoring,
}

/// How a field's postings are scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldScoring {
    /// BM25 of its occurrences and length (a title).
    Plain,
    /// As [`FieldScoring::Plain`], but a long field by its best heading
    /// ([`crate::site::bm25::LONG_HEADINGS`]).
    Headings,
    /// As [`FieldScoring::Plain`], times the page's text weight (a page that is mostly links).
    Text,
}

impl FieldScoring {
    fn code(self) -> u8 {
        match self {
            FieldScoring::Plain => 0,
            FieldScoring::Headings => 1,
            FieldScoring::Text => 2,
        }
    }

    fn of_code(code: u8) -> Option<FieldScoring> {
        match code {
            0 => Some(FieldScoring::Plain),
            1 => Some(FieldScoring::Headings),
            2 => Some(FieldScoring::Text),
            _ => None,
        }
    }
}

/// What the head says about the index.
#[derive(Clone, Debug, PartialEq)]
pub struct HeadMeta {
    /// [`SITE_LAYOUT_VERSION`].
    pub version: u32,
    /// Pages indexed.
    pub pages: u32,
    /// The stemmer's language, if words are stemmed.
    pub stemmer: Option<String>,
    /// The searched fields, in the order of the postings' field masks (at most 32).
    pub fields: Vec<SearchedField>,
    /// Headings holding words over all pages (the average heading's length is over every
    /// index searched).
    pub headings: u64,
    /// The field of the record snippets are cut from.
    pub snippet_field: String,
    /// The record's title field, when pages have one: the first hits are ordered by how their
    /// titles match the query (`crate::site::title_match`).
    pub title_field: Option<String>,
    /// The site's filter keys (`data-rangefind-filter`): `key:value` typed in a query filters
    /// by it where no searched field has that name (`crate::site::query`).
    pub filter_keys: Vec<String>,
}

impl HeadMeta {
    pub(super) fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, u64::from(self.version));
        put_varint(out, u64::from(self.pages));
        put_text(out, self.stemmer.as_deref().unwrap_or_default());
        put_varint(out, self.fields.len() as u64);
        for field in &self.fields {
            put_text(out, &field.name);
            out.extend_from_slice(&field.boost.to_le_bytes());
            put_varint(out, field.words);
            out.push(field.scoring.code());
        }
        put_varint(out, self.headings);
        put_text(out, &self.snippet_field);
        put_text(out, self.title_field.as_deref().unwrap_or_default());
        put_varint(out, self.filter_keys.len() as u64);
        for key in &self.filter_keys {
            put_text(out, key);
        }
    }

    pub(super) fn decode(bytes: &[u8]) -> Result<HeadMeta> {
        if bytes.first() == Some(&b'{') {
            return Err(incompatible("3 or older (a JSON head)"));
        }
        let mut reader = ByteReader::new(bytes, "site index head");
        let version = reader.varint()?;
        if version != u64::from(SITE_LAYOUT_VERSION) {
            return Err(incompatible(&version.to_string()));
        }
        let some = |text: &str| (!text.is_empty()).then(|| text.to_string());
        let pages = u32::try_from(reader.varint()?).map_err(|_| reader.corrupt("page count"))?;
        let stemmer = some(reader.text()?);
        let count = reader.varint()?;
        if count == 0 || count > 32 {
            return Err(corrupt(format!("{count} searched fields")));
        }
        let fields = (0..count)
            .map(|_| {
                let name = reader.text()?.to_string();
                let boost = reader.weight("field boost")?;
                let words = reader.varint()?;
                let scoring = FieldScoring::of_code(reader.take(1)?[0])
                    .ok_or_else(|| reader.corrupt("field scoring"))?;
                Ok(SearchedField {
                    name,
                    boost,
                    words,
                    scoring,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let headings = reader.varint()?;
        let snippet_field = reader.text()?.to_string();
        let title_field = some(reader.text()?);
        // Each key takes a byte at least: a count past the bytes left fails at their end.
        let mut filter_keys = Vec::new();
        for _ in 0..reader.varint()? {
            filter_keys.push(reader.text()?.to_string());
        }
        reader.end()?;
        Ok(HeadMeta {
            version: SITE_LAYOUT_VERSION,
            pages,
            stemmer,
            fields,
            headings,
            snippet_field,
            title_field,
            filter_keys,
        })
    }
}

/// Refuses the head frame of a site file of layouts 4 to 9 by its layout: their frames were
/// zstd's, which this reader does not decode (it would call them damaged).
pub(crate) fn refuse_zstd_head(frame: &[u8]) -> Result<()> {
    const ZSTD_MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];
    match frame.starts_with(&ZSTD_MAGIC) {
        true => Err(incompatible("9 or older (zstd frames)")),
        false => Ok(()),
    }
}

fn incompatible(layout: &str) -> crate::error::Error {
    ErrorKind::Incompatible.with_message(format!(
        "site index layout {layout}; this reader reads layout {SITE_LAYOUT_VERSION}: rebuild the \
         index with this rangefind"
    ))
}
