//! A word's postings while a site is read, packed: `(page, field, occurrences)` as varints,
//! pages as deltas (they come in page order). A million-page site holds hundreds of millions
//! of them until the site file is written; as `(u32, u8, u32)` tuples they took 12 bytes each,
//! packed about 3.

/// Postings appended in page order, read back in the same order.
#[derive(Default)]
pub struct PostingsBuffer {
    bytes: Vec<u8>,
    last_page: u32,
}

impl PostingsBuffer {
    /// Appends `page`'s `count` occurrences in `field` (pages never decrease).
    pub fn push(&mut self, page: u32, field: u8, count: u32) {
        debug_assert!(page >= self.last_page, "postings come in page order");
        put_varint(&mut self.bytes, page - self.last_page);
        self.bytes.push(field);
        put_varint(&mut self.bytes, count);
        self.last_page = page;
    }

    /// Bytes allocated for it.
    pub fn allocated(&self) -> usize {
        self.bytes.capacity()
    }

    /// Its encoded postings and last page, to set aside.
    pub fn into_parts(self) -> (Vec<u8>, u32) {
        (self.bytes, self.last_page)
    }

    /// Postings set aside by [`PostingsBuffer::into_parts`].
    pub fn from_parts(bytes: Vec<u8>, last_page: u32) -> PostingsBuffer {
        PostingsBuffer { bytes, last_page }
    }

    /// The postings, in the order they were pushed.
    pub fn iter(&self) -> impl Iterator<Item = (u32, u8, u32)> + '_ {
        let mut at = 0;
        let mut page = 0;
        std::iter::from_fn(move || {
            if at >= self.bytes.len() {
                return None;
            }
            page += read_varint(&self.bytes, &mut at) as u32;
            let field = self.bytes[at];
            at += 1;
            let count = read_varint(&self.bytes, &mut at) as u32;
            Some((page, field, count))
        })
    }
}

fn put_varint(out: &mut Vec<u8>, mut value: u32) {
    while value >= 0x80 {
        out.push(value as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// The LEB128 varint at `*at`: of bytes this module wrote, or positions as the engine's
/// `encode_positions` writes them.
pub fn read_varint(bytes: &[u8], at: &mut usize) -> u64 {
    let mut value = 0u64;
    let mut shift = 0;
    loop {
        let byte = bytes[*at];
        *at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return value;
        }
        shift += 7;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postings_read_back_as_pushed() {
        let pushed = [
            (0, 0, 1),
            (0, 2, 300),
            (7, u8::MAX, 0),
            (200_000, 1, u32::MAX),
            (u32::MAX, 3, 5),
        ];
        let mut buffer = PostingsBuffer::default();
        for (page, field, count) in pushed {
            buffer.push(page, field, count);
        }
        assert_eq!(buffer.iter().collect::<Vec<_>>(), pushed);
        assert!(buffer.bytes.len() < 12 * pushed.len());
    }
}
