//! Headings of long pages scored one by one. A page's `headings` field is all its section
//! headings; scored as one field, BM25's length normalisation weighs a heading of a page with
//! hundreds of sections (a user manual, a "What's New", a class's member list) at a fraction
//! of the same heading on a page with a few, and searching that heading misses the page. So
//! on a page whose headings are more than `LONG_HEADINGS` times the average and 32 words
//! (`rangefind_engine::site::bm25`), a word's score in the field is that of its best heading
//! alone: its occurrences in that heading, normalised by that heading's length against the
//! average heading. Which pages are long is the engine's to say, as the average is over every
//! index it searches: the posting keeps both counts when they differ.
//!
//! Not on every page: scored alone, a short heading holding one word of a query outranks
//! the page whose heading is the query (each word is scored apart, and the words of the query
//! may then come from different headings): on MDN, whose pages have a few headings each,
//! known headings found first fell from 378 to 368 of 400 when every page was scored so.
//!
//! The best heading is the one the word fills most (occurrences per word, then occurrences):
//! usually the shortest heading holding it. Its occurrences and length travel to the posting
//! packed in the word's count with its occurrences in the whole field ([`pack`]).

/// The headings of one page as its field's positions place them.
#[derive(Debug, Default)]
pub struct Headings {
    /// Per heading holding words: its first position and its words.
    spans: Vec<(u32, u32)>,
}

impl Headings {
    /// A heading starts at `position`.
    pub fn begin(&mut self, position: u32) {
        self.spans.push((position, 0));
    }

    /// One more word in the heading begun last.
    pub fn add_word(&mut self) {
        if let Some((_, words)) = self.spans.last_mut() {
            *words += 1;
        }
    }

    /// Headings holding words.
    pub fn holding_words(&self) -> u32 {
        self.spans.iter().filter(|(_, words)| *words > 0).count() as u32
    }

    /// The posting count of a word at `positions` (ascending) in this field: its occurrences,
    /// and its best heading's occurrences and length, [`pack`]ed.
    pub fn count(&self, positions: &[u32]) -> u32 {
        let mut best = (0u32, 1u32);
        let mut at = 0;
        for (i, &(start, words)) in self.spans.iter().enumerate() {
            let end = self.spans.get(i + 1).map_or(u32::MAX, |next| next.0);
            let mut count = 0;
            while at < positions.len() && positions[at] < end {
                count += u32::from(positions[at] >= start);
                at += 1;
            }
            // count / words > best.0 / best.1, or as dense and more of it.
            let (denser, as_dense) = (count * best.1, best.0 * words);
            if count > 0 && (denser > as_dense || (denser == as_dense && count > best.0)) {
                best = (count, words);
            }
        }
        pack(positions.len() as u32, best.0, best.1)
    }
}

/// A headings posting's count: a word's occurrences in the field (16 bits), in its best
/// heading and that heading's length (8 bits each), clamped.
pub fn pack(occurrences: u32, in_best: u32, best_length: u32) -> u32 {
    occurrences.min(0xFFFF) | (in_best.min(0xFF) << 16) | (best_length.min(0xFF) << 24)
}

/// `(occurrences, in best heading, best heading's length)` of a headings posting's count.
pub fn unpack(count: u32) -> (u32, u32, u32) {
    (count & 0xFFFF, (count >> 16) & 0xFF, count >> 24)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Headings of 2, 5 and 1 words, one position apart (the field's gap between values).
    fn headings() -> Headings {
        let mut headings = Headings::default();
        for (start, words) in [(0, 2), (3, 5), (9, 1)] {
            headings.begin(start);
            (0..words).for_each(|_| headings.add_word());
        }
        headings
    }

    #[test]
    fn a_word_scores_as_in_the_heading_it_fills_most() {
        let headings = headings();
        assert_eq!(headings.holding_words(), 3);
        // Once in the 5-word heading and once in the 1-word heading: the latter.
        assert_eq!(unpack(headings.count(&[4, 9])), (2, 1, 1));
        // Once in the 2-word heading beats twice in the 5-word one (1/2 > 2/5).
        assert_eq!(unpack(headings.count(&[1, 4, 6])), (3, 1, 2));
        // Only in the 5-word heading, twice.
        assert_eq!(unpack(headings.count(&[5, 7])), (2, 2, 5));
    }

    #[test]
    fn counts_and_lengths_pack_into_one_count() {
        assert_eq!(unpack(pack(300, 3, 12)), (300, 3, 12));
        assert_eq!(unpack(pack(70_000, 300, 1 << 20)), (0xFFFF, 0xFF, 0xFF));
    }
}
