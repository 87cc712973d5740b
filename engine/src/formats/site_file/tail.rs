//! A long word's tail: its postings past the best its entry keeps, and what its entry says of
//! them (written by the builder's `site::tails`, read by [`super::postings::word_entries`]).

use std::ops::Range;

use super::corrupt;
use crate::error::Result;
use crate::formats::split::{put_varint, ByteReader};

/// A long word's postings past the best its entry keeps: after its chunk, read with it by a
/// query that needs whole lists, else only when the best cannot settle a query's first hits
/// (`super::evaluate` bounds what they can add). A first search of a common word then reads
/// the same few kilobytes at any size of site.
#[derive(Clone, Debug, PartialEq)]
pub struct Tail {
    /// Where it is among its chunk's tails: one frame of [`super::postings::Postings`].
    pub at: Range<u64>,
    /// Pages holding the word, in the entry and the tail.
    pub pages: u64,
    /// Per field holding the word (ascending): the pages holding it there, in the entry and
    /// the tail (its IDF), and the best score of a tail posting searched in that field alone.
    pub fields: Vec<TailField>,
    /// The best score of a tail posting searched in every field. Scores are those of the
    /// index searched alone (its own averages and IDFs): no page of the tail scores more.
    pub best: f32,
}

/// What a [`Tail`] says of one field.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TailField {
    /// The field.
    pub field: u8,
    /// Pages holding the word there, in the entry and the tail.
    pub pages: u64,
    /// The best score of a tail posting searched in this field alone.
    pub best: f32,
}

impl Tail {
    pub(super) fn put(&self, out: &mut Vec<u8>) {
        put_varint(out, self.at.start);
        put_varint(out, self.at.end - self.at.start);
        put_varint(out, self.pages);
        put_varint(out, self.fields.len() as u64);
        for field in &self.fields {
            out.push(field.field);
            put_varint(out, field.pages);
            out.extend_from_slice(&field.best.to_le_bytes());
        }
        out.extend_from_slice(&self.best.to_le_bytes());
    }

    pub(super) fn read(reader: &mut ByteReader) -> Result<Tail> {
        let start = reader.varint()?;
        let end = start
            .checked_add(reader.varint()?)
            .ok_or_else(|| corrupt("a tail past the end".into()))?;
        let pages = reader.varint()?;
        let count = reader.varint()?.min(32);
        let mut fields = Vec::with_capacity(count as usize);
        for _ in 0..count {
            fields.push(TailField {
                field: reader.take(1)?[0],
                pages: reader.varint()?,
                best: reader.weight("a tail's best score")?,
            });
        }
        Ok(Tail {
            at: start..end,
            pages,
            fields,
            best: reader.weight("a tail's best score")?,
        })
    }

    /// What it says of field `field`, if the word is there.
    pub fn field(&self, field: usize) -> Option<&TailField> {
        self.fields.iter().find(|f| usize::from(f.field) == field)
    }
}
