//! CRC-32 (ISO-HDLC, as zlib and `crc32fast` compute it) of the bytes the formats check: the
//! open region, each data page, each lexicon block.
//!
//! The table is a trade of bytes against speed, chosen per build: the split engines and the
//! builder (feature `splits`) checksum every page they read or write and take `crc`'s 16 KB
//! slice-by-16 table; the site engine checksums far less (its open region, the pages and
//! lexicon blocks of a query) and every visitor downloads it, so it goes byte at a time and
//! builds its 1 KB table on first use: shipped, that table was 1 KB of incompressible data
//! (crc32fast's 16 KB table had been 7 % of the site engine; `crc`'s table-less CRC, 14
//! times slower, would cost a cold query about a millisecond).

#[cfg(feature = "splits")]
mod by_table {
    use crc::{Crc, Digest, CRC_32_ISO_HDLC};

    static CRC32: Crc<u32, crc::Table<16>> = Crc::<u32, crc::Table<16>>::new(&CRC_32_ISO_HDLC);

    /// The CRC-32 of `bytes`.
    pub fn crc32(bytes: &[u8]) -> u32 {
        CRC32.checksum(bytes)
    }

    /// A CRC-32 computed over bytes given piece by piece.
    pub struct Crc32Hasher(Digest<'static, u32, crc::Table<16>>);

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
}

#[cfg(not(feature = "splits"))]
mod byte_at_a_time {
    use std::sync::OnceLock;

    /// The reflected polynomial of CRC-32/ISO-HDLC.
    const POLYNOMIAL: u32 = 0xEDB8_8320;

    /// Each byte's CRC, built on first use.
    fn table() -> &'static [u32; 256] {
        static TABLE: OnceLock<[u32; 256]> = OnceLock::new();
        TABLE.get_or_init(|| {
            std::array::from_fn(|byte| {
                (0..8).fold(byte as u32, |crc, _| {
                    (crc >> 1) ^ (POLYNOMIAL & (crc & 1).wrapping_neg())
                })
            })
        })
    }

    /// `crc` (not yet inverted) continued over `bytes`.
    fn extend(crc: u32, bytes: &[u8]) -> u32 {
        let table = table();
        bytes.iter().fold(crc, |crc, &byte| {
            table[((crc ^ u32::from(byte)) & 0xff) as usize] ^ (crc >> 8)
        })
    }

    /// The CRC-32 of `bytes`.
    pub fn crc32(bytes: &[u8]) -> u32 {
        !extend(!0, bytes)
    }

    /// A CRC-32 computed over bytes given piece by piece.
    pub struct Crc32Hasher(u32);

    impl Crc32Hasher {
        /// A hasher that has seen nothing.
        pub fn new() -> Crc32Hasher {
            Crc32Hasher(!0)
        }

        /// Adds `bytes`.
        pub fn update(&mut self, bytes: &[u8]) {
            self.0 = extend(self.0, bytes);
        }

        /// The CRC-32 of everything added.
        pub fn finalize(self) -> u32 {
            !self.0
        }
    }
}

#[cfg(feature = "splits")]
pub use by_table::{crc32, Crc32Hasher};
#[cfg(not(feature = "splits"))]
pub use byte_at_a_time::{crc32, Crc32Hasher};

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
