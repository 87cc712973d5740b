//! CRC-32 (ISO-HDLC, as zlib and `crc32fast` compute it) of the bytes the formats check: the
//! open region, each data page, each lexicon block.
//!
//! The table size is a trade of bytes against speed, chosen per build: the split engines and
//! the builder (feature `splits`) checksum every page they read or write and take the 16 KB
//! slice-by-16 table; the site engine checksums an open region and a few lexicon blocks per
//! query and takes the 1 KB byte-at-a-time table, since every visitor downloads its tables
//! (crc32fast's 16 KB table was 7 % of the site engine's wasm).

use crc::{Crc, Digest, CRC_32_ISO_HDLC};

#[cfg(feature = "splits")]
type Table = crc::Table<16>;
#[cfg(not(feature = "splits"))]
type Table = crc::Table<1>;

static CRC32: Crc<u32, Table> = Crc::<u32, Table>::new(&CRC_32_ISO_HDLC);

/// The CRC-32 of `bytes`.
pub fn crc32(bytes: &[u8]) -> u32 {
    CRC32.checksum(bytes)
}

/// A CRC-32 computed over bytes given piece by piece.
pub struct Crc32Hasher(Digest<'static, u32, Table>);

impl Crc32Hasher {
    /// A hasher that has seen nothing.
    pub fn new() -> Crc32Hasher {
        Crc32Hasher(CRC32.digest())
    }

    /// Adds `bytes`.
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// The CRC-32 of everything added.
    pub fn finalize(self) -> u32 {
        self.0.finalize()
    }
}

impl Default for Crc32Hasher {
    fn default() -> Self {
        Crc32Hasher::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_the_crc32_zlib_computes() {
        // The check value of CRC-32/ISO-HDLC, and a value from zlib's crc32().
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
        assert_eq!(
            crc32(b"The quick brown fox jumps over the lazy dog"),
            0x414f_a339
        );
        let mut hasher = Crc32Hasher::new();
        hasher.update(b"The quick brown ");
        hasher.update(b"fox jumps over the lazy dog");
        assert_eq!(hasher.finalize(), 0x414f_a339);
    }
}
