//! Compressed frames: raw deflate (RFC 1951) after a varint of the decoded size, decoded by
//! miniz_oxide, pure Rust, so every engine builds for wasm without a C toolchain. A site
//! index's head, chunks, long words' tails and records are frames, and so are a lexicon's
//! blocks, word list and block index, for both engines.
//!
//! Deflate, not zstd (site layout 10, lexicon format 5): on the MDN site its frames are 2 %
//! larger, and its decoder 5.3 KB (brotli) smaller in the site engine than ruzstd's
//! (BENCHMARKS.md, "Engine size"). A frame may be written against a preset dictionary (the
//! records' dictionary in the head): the decoder writes the dictionary first and decodes after
//! it, so the stream's distances reach into it as into the text decoded before.

use miniz_oxide::inflate::core::{decompress, inflate_flags, DecompressorOxide};
use miniz_oxide::inflate::TINFLStatus;

use super::byte_reader::ByteReader;
use crate::error::{ErrorKind, Result};

/// Decoded sizes above this are refused: no part of an index is this large, so such a frame is
/// damaged (or crafted to exhaust memory).
const MAX_DECODED_BYTES: u64 = 256 << 20;

/// Decodes frames, with the index's dictionary (none for a lexicon's).
pub struct Frames {
    dictionary: Vec<u8>,
    /// What the frames are part of, for messages ("site index", "lexicon").
    kind: &'static str,
}

impl std::fmt::Debug for Frames {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Frames")
    }
}

fn corrupt(kind: &str, what: &str, message: impl std::fmt::Display) -> crate::error::Error {
    ErrorKind::Corrupt.with_message(format!("{kind} {what}: {message}"))
}

impl Frames {
    /// A decoder of frames written against `dictionary` (empty: none), of a `kind` of file
    /// ("site index", "lexicon").
    pub fn new(dictionary: &[u8], kind: &'static str) -> Frames {
        Frames {
            dictionary: dictionary.to_vec(),
            kind,
        }
    }

    /// The bytes of the frame at the start of `bytes` (what follows it, such as a record's
    /// padding, is left alone); `what` names it in errors.
    pub fn decode(&self, bytes: &[u8], what: &str) -> Result<Vec<u8>> {
        let mut reader = ByteReader::new(bytes, self.kind);
        let size = reader
            .varint()
            .map_err(|_| corrupt(self.kind, what, "a frame without its size"))?;
        if size > MAX_DECODED_BYTES {
            let message = format!("claims {size} bytes decoded");
            return Err(corrupt(self.kind, what, message));
        }
        let stream = &bytes[bytes.len() - reader.remaining()..];
        let before = self.dictionary.len();
        let mut out = vec![0; before + size as usize];
        out[..before].copy_from_slice(&self.dictionary);
        // The whole output at once, so that distances reach back into the dictionary.
        let flags = inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
        let (status, _, written) = decompress(
            &mut DecompressorOxide::new(),
            stream,
            &mut out,
            before,
            flags,
        );
        if status != TINFLStatus::Done || written as u64 != size {
            let message = "not a valid deflate stream of its size (the file is damaged)";
            return Err(corrupt(self.kind, what, message));
        }
        out.drain(..before);
        Ok(out)
    }
}

/// `raw` as a frame, its stream written against `dictionary` (empty: none) at zlib's `level`
/// (0–9): what the builder writes, and tests.
#[cfg(any(test, feature = "native"))]
pub fn encode_frame(raw: &[u8], dictionary: &[u8], level: u32) -> std::io::Result<Vec<u8>> {
    use super::byte_reader::put_varint;
    use flate2::{Compress, Compression, FlushCompress};
    let mut compress = Compress::new(Compression::new(level), false);
    if !dictionary.is_empty() {
        compress
            .set_dictionary(dictionary)
            .map_err(std::io::Error::other)?;
    }
    let mut frame = Vec::with_capacity(raw.len() / 2 + 64);
    put_varint(&mut frame, raw.len() as u64);
    let header = frame.len();
    frame.resize(header + raw.len() + raw.len() / 1000 + 64, 0);
    let status = compress
        .compress(raw, &mut frame[header..], FlushCompress::Finish)
        .map_err(std::io::Error::other)?;
    if status != flate2::Status::StreamEnd {
        return Err(std::io::Error::other(
            "deflate: the output buffer was too small",
        ));
    }
    frame.truncate(header + compress.total_out() as usize);
    Ok(frame)
}

#[cfg(test)]
mod tests {
    use super::super::byte_reader::put_varint;
    use super::*;

    #[test]
    fn frames_round_trip_with_and_without_a_dictionary() {
        let dictionary = b"the quick brown fox jumps over the lazy dog; ".repeat(20);
        let text = b"the lazy dog sleeps while the quick brown fox jumps".repeat(3);
        for dict in [&[][..], &dictionary[..]] {
            let frame = encode_frame(&text, dict, 9).unwrap();
            let frames = Frames::new(dict, "test");
            assert_eq!(frames.decode(&frame, "a frame").unwrap(), text);
        }
        let with = encode_frame(&text, &dictionary, 9).unwrap();
        let without = encode_frame(&text, &[], 9).unwrap();
        assert!(
            with.len() < without.len(),
            "{} vs {}",
            with.len(),
            without.len()
        );
        // Trailing bytes (a record's padding) are left alone.
        let mut padded = with.clone();
        padded.extend_from_slice(&[0; 17]);
        let frames = Frames::new(&dictionary, "test");
        assert_eq!(frames.decode(&padded, "a frame").unwrap(), text);
    }

    #[test]
    fn damaged_frames_are_refused_by_name() {
        let text = b"some text to compress, some text to compress".to_vec();
        let frame = encode_frame(&text, &[], 9).unwrap();
        let frames = Frames::new(&[], "site index");
        for damaged in [&frame[..frame.len() - 3], &frame[..1], &[][..]] {
            let error = frames.decode(damaged, "record 7").unwrap_err();
            assert!(error.to_string().contains("site index record 7"), "{error}");
        }
        // A size past any part of an index is refused before anything is allocated.
        let huge = {
            let mut out = Vec::new();
            put_varint(&mut out, 1 << 40);
            out
        };
        let error = frames.decode(&huge, "chunk 3").unwrap_err();
        assert!(error.to_string().contains("claims"), "{error}");
    }
}
