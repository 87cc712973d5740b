//! BM25 as the site engine scores it: from what a posting keeps of a word in a field (its
//! occurrences and the field's length, coded the same in every index) and the average field
//! lengths of every index searched. Nothing index-dependent is baked into a site file, so
//! several indexes searched together score each page exactly as one index over all their pages
//! would; tantivy scores splits the same way (occurrences, a fieldnorm byte, and
//! averages over the splits searched).

use super::layout::{FieldScoring, HeadMeta};

/// BM25's term-frequency saturation.
pub const K1: f32 = 1.2;
/// BM25's length normalisation.
pub const B: f32 = 0.75;

/// Headings fields longer than this many times the average are scored heading by heading: a
/// word's score there is that of its best heading alone, against the average heading
/// (`heading_scores` in the builder says why).
pub const LONG_HEADINGS: f32 = 2.0;
/// Headings fields of this many words or fewer are never long, whatever the average: the
/// builder keeps a best heading apart only past it, which saves the postings of a site of
/// short pages a part they would not use (2 % of MDN's word chunks).
pub const LONG_HEADINGS_PAST: u32 = 32;

/// Whether a headings field of length code `length` can be long, whatever the averages: past
/// [`LONG_HEADINGS_PAST`] words (the builder keeps a best heading apart only then).
pub fn headings_may_be_long(length: u8) -> bool {
    code_length(length) > LONG_HEADINGS_PAST
}

/// Whether a headings field of length code `length` is long against `average` (see
/// [`LONG_HEADINGS`]).
pub fn long_headings(length: u8, average: f32) -> bool {
    headings_may_be_long(length) && code_length(length) as f32 > LONG_HEADINGS * average
}

/// Lengths below this are coded exactly.
const EXACT_LENGTHS: u32 = 16;
/// Codes per doubling of a length past [`EXACT_LENGTHS`]: steps of 1/16 to 1/8.
const CODES_PER_OCTAVE: u32 = 8;
/// Length codes there are.
pub const LENGTH_CODES: u32 = 128;

/// A field's length in seven bits, the same in every index: exact below 16 words, then within
/// 6–12 % (three bits past the leading one, as tantivy's fieldnorm byte keeps past 40), up to
/// 245,760 words (longer lengths share the last code). Seven, so that a posting's count fits
/// one byte with the bit that says whether the word occurs more than once (most occur once).
/// Finer codes were tried: a byte of length (four bits past the leading one) and the
/// occurrences apart ranked the same known items with word chunks 8 % larger (MDN).
pub fn length_code(len: u32) -> u8 {
    if len < EXACT_LENGTHS {
        return len as u8;
    }
    let octave = 31 - len.leading_zeros(); // 4 and up
    let mantissa = (len >> (octave - 3)) & (CODES_PER_OCTAVE - 1);
    let code = EXACT_LENGTHS + (octave - 4) * CODES_PER_OCTAVE + mantissa;
    code.min(LENGTH_CODES - 1) as u8
}

/// The least length [`length_code`] gives `code` for: what the score is computed with.
pub fn code_length(code: u8) -> u32 {
    let code = u32::from(code);
    if code < EXACT_LENGTHS {
        return code;
    }
    let octave = (code - EXACT_LENGTHS) / CODES_PER_OCTAVE + 4;
    let mantissa = (code - EXACT_LENGTHS) % CODES_PER_OCTAVE;
    (CODES_PER_OCTAVE + mantissa) << (octave - 3)
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

    #[test]
    fn length_codes_are_exact_then_within_an_eighth() {
        for len in 0..EXACT_LENGTHS {
            assert_eq!(code_length(length_code(len)), len);
        }
        let mut previous = 0;
        for len in 1..300_000u32 {
            let code = length_code(len);
            assert!(code >= previous, "codes grow with lengths ({len})");
            previous = code;
            let least = code_length(code);
            assert!(least <= len, "{len} coded as {least}");
            if len < 245_760 {
                assert!(len - least <= least / 8, "{len} coded as {least}");
                assert_eq!(length_code(least), code, "{least} is the least of its code");
            }
        }
        assert_eq!(u32::from(length_code(u32::MAX)), LENGTH_CODES - 1);
        assert_eq!(code_length(length_code(u32::MAX)), 245_760);
    }

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
