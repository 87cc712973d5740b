//! BM25 as the site engine scores it: from what a posting keeps of a word in a field (its
//! occurrences and the field's length, coded the same in every index) and the average field
//! lengths of every index searched. Nothing index-dependent is baked into a site file, so
//! several indexes searched together score each page exactly as one index over all their pages
//! would; tantivy scores splits the same way (occurrences, a fieldnorm byte, and
//! averages over the splits searched).

use crate::formats::site_file::head_meta::{FieldScoring, HeadMeta};
use crate::formats::site_file::length_code::{code_length, headings_may_be_long};

/// BM25's term-frequency saturation.
pub const K1: f32 = 1.2;
/// BM25's length normalisation.
pub const B: f32 = 0.75;

/// Headings fields longer than this many times the average are scored heading by heading: a
/// word's score there is that of its best heading alone, against the average heading
/// (`heading_scores` in the builder says why).
pub const LONG_HEADINGS: f32 = 2.0;

/// Whether a headings field of length code `length` is long against `average` (see
/// [`LONG_HEADINGS`]).
pub fn long_headings(length: u8, average: f32) -> bool {
    headings_may_be_long(length) && code_length(length) as f32 > LONG_HEADINGS * average
}

/// BM25's term-frequency factor of a word seen `occurrences` times in a field of `length`
/// words, `average` on average: `tf·(k1+1) / (tf + k1·(1 − b + b·len/avg))`.
pub fn tf_factor(occurrences: u32, length: u32, average: f32) -> f32 {
    let tf = occurrences as f32;
    tf * (K1 + 1.0) / (tf + K1 * (1.0 - B + B * length as f32 / average.max(1.0)))
}

/// BM25's IDF of a word in `doc_freq` of `pages` pages.
pub fn idf(doc_freq: usize, pages: u32) -> f32 {
    let n = pages as f32;
    let df = doc_freq as f32;
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

/// The averages one index's fields are normalised by: over every index searched together,
/// field by field name.
#[derive(Clone, Debug, PartialEq)]
pub struct Averages {
    /// Per field of the index, its average length in words.
    pub fields: Vec<f32>,
    /// The average length of one heading, for long headings fields.
    pub heading: f32,
}

impl Averages {
    /// The averages for `meta`'s fields over all of `metas` (`meta` among them).
    pub fn of(meta: &HeadMeta, metas: &[&HeadMeta]) -> Averages {
        let pages: u64 = metas.iter().map(|m| u64::from(m.pages)).sum();
        let words_of = |name: &str| -> u64 {
            let fields = metas.iter().flat_map(|m| &m.fields);
            fields.filter(|f| f.name == name).map(|f| f.words).sum()
        };
        let average = |words: u64, count: u64| (words as f64 / count.max(1) as f64) as f32;
        let fields = meta
            .fields
            .iter()
            .map(|f| average(words_of(&f.name), pages));
        let headings_words: u64 = metas
            .iter()
            .flat_map(|m| &m.fields)
            .filter(|f| f.scoring == FieldScoring::Headings)
            .map(|f| f.words)
            .sum();
        let headings: u64 = metas.iter().map(|m| m.headings).sum();
        Averages {
            fields: fields.collect(),
            heading: average(headings_words, headings),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::site_file::length_code::length_code;

    #[test]
    fn headings_are_long_past_twice_the_average_and_32_words() {
        assert!(long_headings(length_code(40), 10.0));
        assert!(
            !long_headings(length_code(40), 25.0),
            "not twice the average"
        );
        assert!(
            !long_headings(length_code(32), 1.0),
            "32 words are never long"
        );
    }

    #[test]
    fn factors_follow_bm25() {
        assert!(tf_factor(1, 100, 100.0) < tf_factor(3, 100, 100.0));
        assert!(tf_factor(1, 10, 100.0) > tf_factor(1, 1000, 100.0));
        let exact = 2.0 * (K1 + 1.0) / (2.0 + K1);
        assert!((tf_factor(2, 50, 50.0) - exact).abs() < 1e-6);
        assert!(idf(1, 1000) > idf(500, 1000));
    }
}
