//! A field's length as a posting keeps it: seven bits, the same in every index, so that
//! BM25 ([`crate::site::bm25`]) normalises it by the averages of every index searched.

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

/// Headings fields of this many words or fewer are never long, whatever the average: the
/// builder keeps a best heading apart only past it, which saves the postings of a site of
/// short pages a part they would not use (2 % of MDN's word chunks).
pub const LONG_HEADINGS_PAST: u32 = 32;

/// Whether a headings field of length code `length` can be long, whatever the averages: past
/// [`LONG_HEADINGS_PAST`] words (the builder keeps a best heading apart only then).
pub fn headings_may_be_long(length: u8) -> bool {
    code_length(length) > LONG_HEADINGS_PAST
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
}
