//! Reading the small binary files the engine writes beside splits (split filter files,
//! lexicons): bounds-checked, so a truncated or damaged file is an error naming it, never a
//! panic.

use crate::error::{Error, ErrorKind, Result};

/// A cursor over a file's bytes; errors name the file as `what`.
pub(crate) struct ByteReader<'a> {
    bytes: &'a [u8],
    at: usize,
    what: &'static str,
}

impl<'a> ByteReader<'a> {
    /// A reader at the start of `bytes`, the contents of a `what` (for messages).
    pub(crate) fn new(bytes: &'a [u8], what: &'static str) -> ByteReader<'a> {
        ByteReader { bytes, at: 0, what }
    }

    /// A corruption error naming the file.
    pub(crate) fn corrupt(&self, message: &str) -> Error {
        ErrorKind::Corrupt.with_message(format!("{}: {message}", self.what))
    }

    /// The next `len` bytes.
    pub(crate) fn take(&mut self, len: usize) -> Result<&'a [u8]> {
        let end = self
            .at
            .checked_add(len)
            .filter(|end| *end <= self.bytes.len())
            .ok_or_else(|| self.corrupt("truncated"))?;
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    /// A little-endian u32.
    pub(crate) fn u32(&mut self) -> Result<u32> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }

    /// A little-endian f32 that weighs something: finite and not negative. Anything else
    /// (NaN above all) would make every score it touches NaN or flip an order, so it is
    /// damage, named as `what`.
    pub(crate) fn weight(&mut self, what: &str) -> Result<f32> {
        let weight = f32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes"));
        if weight.is_finite() && weight >= 0.0 {
            Ok(weight)
        } else {
            Err(self.corrupt(what))
        }
    }

    /// A LEB128 varint.
    pub(crate) fn varint(&mut self) -> Result<u64> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.take(1)?[0];
            value |= u64::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                return Ok(value);
            }
        }
        Err(self.corrupt("a number is too long"))
    }

    /// A signed number written by [`put_signed`].
    pub(crate) fn signed(&mut self) -> Result<i64> {
        let value = self.varint()?;
        Ok(((value >> 1) as i64) ^ -((value & 1) as i64))
    }

    /// A text written by [`put_shared`] after `previous`.
    pub(crate) fn shared(&mut self, previous: &str) -> Result<String> {
        let shared = self.varint()? as usize;
        let len = self.varint()? as usize;
        let prefix = previous
            .get(..shared)
            .ok_or_else(|| self.corrupt("a shared prefix is longer than the text before it"))?;
        let rest = std::str::from_utf8(self.take(len)?)
            .map_err(|_| self.corrupt("a text is not valid UTF-8"))?;
        Ok(format!("{prefix}{rest}"))
    }

    /// A text written by [`put_text`].
    pub(crate) fn text(&mut self) -> Result<&'a str> {
        let len = self.varint()? as usize;
        std::str::from_utf8(self.take(len)?).map_err(|_| self.corrupt("a text is not valid UTF-8"))
    }

    /// Bytes not read yet.
    pub(crate) fn remaining(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// Checks that every byte was read.
    pub(crate) fn end(&self) -> Result<()> {
        if self.at == self.bytes.len() {
            Ok(())
        } else {
            Err(self.corrupt("trailing bytes"))
        }
    }
}

/// Appends `value` as a LEB128 varint.
pub(crate) fn put_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// Appends a signed number as a zigzag varint (small magnitudes, either sign, in few bytes).
pub(crate) fn put_signed(out: &mut Vec<u8>, value: i64) {
    put_varint(out, ((value << 1) ^ (value >> 63)) as u64);
}

/// Appends `text` as its length, then its bytes.
pub(crate) fn put_text(out: &mut Vec<u8>, text: &str) {
    put_varint(out, text.len() as u64);
    out.extend_from_slice(text.as_bytes());
}

/// Appends `text` as the length of the prefix it shares with `previous`, then the rest (sorted
/// words take little room this way).
pub(crate) fn put_shared(out: &mut Vec<u8>, previous: &str, text: &str) {
    let shared = previous
        .bytes()
        .zip(text.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    // Share whole characters only, so every suffix is valid UTF-8.
    let shared = (0..=shared)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    put_varint(out, shared as u64);
    put_varint(out, (text.len() - shared) as u64);
    out.extend_from_slice(&text.as_bytes()[shared..]);
}
