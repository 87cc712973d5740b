//! Where each page's record lies in the records region, from a few numbers. The builder
//! numbers pages by the size of their record (in [`RECORD_ALIGN`] units; pages of one size in
//! site order), so the records of one size follow each other and a page's record is at an
//! offset its number gives. The head keeps each size with how many pages have it, not a
//! length per page: a million pages' lengths were 420 KB of the head that every first visit
//! reads, and the sizes are a few hundred numbers.

use std::ops::Range;

use crate::error::{ErrorKind, Result};
use crate::formats::split::{put_varint, ByteReader};

/// Records start at multiples of this many bytes (the builder pads each one).
pub const RECORD_ALIGN: u64 = 32;

/// The records' sizes: per size, ascending, its pages, which follow each other.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordSlots {
    /// Per size: its record length in [`RECORD_ALIGN`] units.
    units: Vec<u64>,
    /// Per size: its first page; one more entry, the pages in all.
    first_page: Vec<u64>,
    /// Per size: where its first record starts; one more entry, the region's length.
    start: Vec<u64>,
}

fn corrupt(message: &str) -> crate::error::Error {
    ErrorKind::Corrupt.with_message(format!("site index: {message}"))
}

impl RecordSlots {
    /// The slots of sizes given as `(units, pages)`, units ascending.
    pub fn new(sizes: &[(u64, u64)]) -> Result<RecordSlots> {
        let mut slots = RecordSlots {
            units: Vec::with_capacity(sizes.len()),
            first_page: vec![0],
            start: vec![0],
        };
        for &(units, pages) in sizes {
            if pages == 0 || slots.units.last().is_some_and(|last| *last >= units) {
                return Err(corrupt("record sizes out of order"));
            }
            let bytes = units
                .checked_mul(RECORD_ALIGN)
                .and_then(|record| record.checked_mul(pages));
            let (Some(bytes), Some(last_page), Some(last_start)) =
                (bytes, slots.first_page.last(), slots.start.last())
            else {
                return Err(corrupt("record sizes overflow"));
            };
            let (Some(page), Some(start)) =
                (last_page.checked_add(pages), last_start.checked_add(bytes))
            else {
                return Err(corrupt("record sizes overflow"));
            };
            slots.units.push(units);
            slots.first_page.push(page);
            slots.start.push(start);
        }
        Ok(slots)
    }

    /// Appends the sizes: their count, then per size its units (from the previous size's) and
    /// its pages.
    pub fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, self.units.len() as u64);
        let mut previous = 0;
        for (units, pages) in self.units.iter().zip(self.first_page.windows(2)) {
            put_varint(out, units - previous);
            put_varint(out, pages[1] - pages[0]);
            previous = *units;
        }
    }

    /// Reads what [`Self::encode`] wrote.
    pub(crate) fn decode(reader: &mut ByteReader) -> Result<RecordSlots> {
        let count = reader.varint()?;
        let mut sizes = Vec::new();
        let mut units = 0u64;
        for _ in 0..count {
            units = units
                .checked_add(reader.varint()?)
                .ok_or_else(|| corrupt("record sizes overflow"))?;
            sizes.push((units, reader.varint()?));
        }
        RecordSlots::new(&sizes)
    }

    /// Record sizes (the head keeps each with its page count, not a length per page).
    pub fn size_count(&self) -> usize {
        self.units.len()
    }

    /// Pages with a record.
    pub fn pages(&self) -> u64 {
        self.first_page.last().copied().unwrap_or(0)
    }

    /// Bytes of the records region.
    pub fn region_len(&self) -> u64 {
        self.start.last().copied().unwrap_or(0)
    }

    /// Where page `page`'s record lies in the records region (its slot: the record and the
    /// padding after it). `page` must be below [`Self::pages`].
    pub fn range(&self, page: u32) -> Range<u64> {
        let page = u64::from(page);
        let size = self.first_page.partition_point(|first| *first <= page) - 1;
        let len = self.units[size] * RECORD_ALIGN;
        let start = self.start[size] + (page - self.first_page[size]) * len;
        start..start + len
    }
}

/// Pages numbered by record size, from `units` (each page's record length in
/// [`RECORD_ALIGN`] units, by page in site order).
pub struct SizeOrder {
    /// Each page's number in the site file, by page in site order.
    pub number_of: Vec<u32>,
    /// The page (in site order) of each number.
    pub page_of: Vec<u32>,
    /// The sizes, ascending, with their pages.
    pub sizes: Vec<(u64, u64)>,
}

/// Page numbers ordered by record size (see [`SizeOrder`]), pages of one size by `groups`
/// (each page's rank by its filter values: a value's pages are then a few runs of numbers, a
/// run per size, whose postings compress to little at any size of site).
pub fn order_by_size(units: &[u64], groups: &[u32]) -> SizeOrder {
    let mut order: Vec<u32> = (0..units.len() as u32).collect();
    // Stable: pages of one size and filter values keep their site order, and so their words'
    // locality.
    order.sort_by_key(|&page| (units[page as usize], groups[page as usize]));
    let mut number_of = vec![0u32; units.len()];
    let mut sizes: Vec<(u64, u64)> = Vec::new();
    for (number, &page) in order.iter().enumerate() {
        number_of[page as usize] = number as u32;
        let size = units[page as usize];
        match sizes.last_mut() {
            Some((units, pages)) if *units == size => *pages += 1,
            _ => sizes.push((size, 1)),
        }
    }
    SizeOrder {
        number_of,
        page_of: order,
        sizes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_where_its_number_says() {
        // Pages in site order with records of 2, 1, 2, 3 and 1 units.
        let SizeOrder {
            number_of,
            page_of,
            sizes,
        } = order_by_size(&[2, 1, 2, 3, 1], &[0; 5]);
        assert_eq!(number_of, [2, 0, 3, 4, 1]);
        assert_eq!(page_of, [1, 4, 0, 2, 3]);
        assert_eq!(sizes, [(1, 2), (2, 2), (3, 1)]);
        // Pages of one size by their filter values' rank, then in site order.
        let by_filters = order_by_size(&[1, 1, 1, 2], &[1, 0, 1, 0]);
        assert_eq!(by_filters.page_of, [1, 0, 2, 3]);
        let slots = RecordSlots::new(&sizes).unwrap();
        let ranges: Vec<Range<u64>> = (0..5).map(|page| slots.range(page)).collect();
        assert_eq!(ranges, [0..32, 32..64, 64..128, 128..192, 192..288]);
        assert_eq!((slots.pages(), slots.region_len()), (5, 288));
        let mut encoded = Vec::new();
        slots.encode(&mut encoded);
        let decoded = RecordSlots::decode(&mut ByteReader::new(&encoded, "slots")).unwrap();
        assert_eq!(decoded, slots);
    }

    #[test]
    fn sizes_out_of_order_or_overflowing_are_refused() {
        assert!(RecordSlots::new(&[(2, 1), (1, 1)]).is_err());
        assert!(RecordSlots::new(&[(1, 0)]).is_err());
        assert!(RecordSlots::new(&[(u64::MAX / 2, 3)]).is_err());
        assert_eq!(RecordSlots::new(&[]).unwrap().pages(), 0);
    }
}
