//! A word's postings and positions renumbered from site order to the site file's page
//! numbers, which follow the pages' record sizes (`rangefind_engine::formats::site_file::record_slots`):
//! postings must come in page-number order, each page's positions with its posting.

use rangefind_engine::formats::site_file::postings::PageCounts;

use super::postings_buffer::read_varint;

/// A word's postings: per page, its counts in its fields.
pub type PagePostings = Vec<(u32, PageCounts)>;

/// Postings of one word in site order, each `(page, counts)`, with its encoded
/// positions (per posting, per field with positions: count · deltas; filter postings have
/// none), renumbered by `number_of` (the page number of each page in site order) and put in
/// page-number order.
pub fn renumber(
    postings: PagePostings,
    positions: &[u8],
    number_of: &[u32],
) -> (PagePostings, Vec<u8>) {
    let mut at = 0;
    // (page number, fields, where the page's positions are in `positions`)
    let mut renumbered = Vec::with_capacity(postings.len());
    for (page, fields) in postings {
        let start = at;
        for _ in 0..fields.fields.len() {
            let count = read_varint(positions, &mut at);
            for _ in 0..count {
                read_varint(positions, &mut at);
            }
        }
        let number: u32 = number_of[page as usize];
        renumbered.push((number, fields, start..at));
    }
    if renumbered.is_sorted_by_key(|(number, _, _)| *number) {
        let postings = renumbered.into_iter().map(|(n, f, _)| (n, f)).collect();
        return (postings, positions.to_vec());
    }
    renumbered.sort_unstable_by_key(|(number, _, _)| *number);
    let mut reordered = Vec::with_capacity(positions.len());
    let postings = renumbered
        .into_iter()
        .map(|(number, fields, range)| {
            reordered.extend_from_slice(&positions[range]);
            (number, fields)
        })
        .collect();
    (postings, reordered)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rangefind_engine::formats::site_file::postings::{encode_positions, FieldCount};

    #[test]
    fn postings_follow_their_new_numbers_with_their_positions() {
        // Pages 0, 1 and 3 in site order; a filter-like posting on page 3 has no fields.
        let of = |fields: &[(u8, u32)]| {
            let counts = fields.iter().map(|&(f, n)| (f, FieldCount::new(n, 40)));
            PageCounts::of(counts.collect())
        };
        let postings = vec![
            (0, of(&[(0, 10), (2, 20)])),
            (1, of(&[(2, 30)])),
            (3, of(&[])),
        ];
        let mut positions = Vec::new();
        encode_positions(&mut positions, &[vec![1, 300], vec![7]]);
        encode_positions(&mut positions, &[vec![2, 3, 200]]);
        let number_of = [2, 0, 9, 1];
        let (renumbered, reordered) = renumber(postings, &positions, &number_of);
        assert_eq!(
            renumbered,
            vec![
                (0, of(&[(2, 30)])),
                (1, of(&[])),
                (2, of(&[(0, 10), (2, 20)]))
            ]
        );
        let mut expected = Vec::new();
        encode_positions(&mut expected, &[vec![2, 3, 200]]);
        encode_positions(&mut expected, &[vec![1, 300], vec![7]]);
        assert_eq!(reordered, expected);
    }
}
