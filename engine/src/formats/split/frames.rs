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

use super::byte_reader::ByteReader;
use super::inflate::{inflate, inflate_now, Failure};
use super::recent_frames::RecentFrames;
use crate::error::{ErrorKind, Result};

/// Decoded sizes above this are refused: no part of an index is this large, so such a frame is
/// damaged (or crafted to exhaust memory).
const MAX_DECODED_BYTES: u64 = 256 << 20;

/// Decodes frames, with the index's dictionary (none for a lexicon's).
pub struct Frames {
    dictionary: Vec<u8>,
    /// What the frames are part of, for messages ("site index", "lexicon").
    kind: &'static str,
    recent: RecentFrames,
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
            recent: RecentFrames::default(),
        }
    }

    /// The bytes of the frame at the start of `bytes`, by the host's decoder where it has one
    /// (see [`super::inflate`]); `what` names it in errors. Zero bytes after the frame (a
    /// record's padding) are left alone.
    ///
    /// A boxed future: one copy of its code serves every caller.
    pub fn decode<'a>(&'a self, bytes: &'a [u8], what: &'a str) -> crate::StepFuture<'a, Vec<u8>> {
        Box::pin(async move {
            if let Some(decoded) = self.recent.get(bytes) {
                return Ok(decoded);
            }
            let (size, stream) = self.sized_stream(bytes, what)?;
            let mut failure = Failure::Invalid;
            for end in stream_ends(stream) {
                match inflate(&self.dictionary, &stream[..end], size).await {
                    Ok(decoded) => {
                        self.recent.keep(bytes, &decoded);
                        return Ok(decoded);
                    }
                    Err(Failure::Invalid) => continue,
                    Err(unsupported) => {
                        failure = unsupported;
                        break;
                    }
                }
            }
            Err(self.failed(what, failure))
        })
    }

    /// [`Self::decode`] at once, by the engine's own decoder: for the builder and tools.
    pub fn decode_now(&self, bytes: &[u8], what: &str) -> Result<Vec<u8>> {
        let (size, stream) = self.sized_stream(bytes, what)?;
        stream_ends(stream)
            .find_map(|end| inflate_now(&self.dictionary, &stream[..end], size).ok())
            .ok_or_else(|| self.failed(what, Failure::Invalid))
    }

    /// The frame's decoded size, and the bytes after it: its stream, and any padding.
    fn sized_stream<'a>(&self, bytes: &'a [u8], what: &str) -> Result<(usize, &'a [u8])> {
        let mut reader = ByteReader::new(bytes, self.kind);
        let size = reader
            .varint()
            .map_err(|_| corrupt(self.kind, what, "a frame without its size"))?;
        if size > MAX_DECODED_BYTES {
            let message = format!("claims {size} bytes decoded");
            return Err(corrupt(self.kind, what, message));
        }
        Ok((size as usize, &bytes[bytes.len() - reader.remaining()..]))
    }

    fn failed(&self, what: &str, failure: Failure) -> crate::error::Error {
        let message = match failure {
            Failure::Invalid => "not a valid deflate stream of its size (the file is damaged)",
            Failure::Unsupported => {
                "this browser cannot decode deflate (DecompressionStream(\"deflate-raw\"): \
                 Chrome 103, Firefox 113, Safari 16.4 and later)"
            }
        };
        corrupt(self.kind, what, message)
    }
}

/// Where the deflate stream in `bytes` may end: a stream ends at a byte holding some of its
/// bits, so at the last byte that is not zero, or at one of the zero bytes after it (its last
/// bits can be zeros); a frame's padding is zeros. Decoders refuse bytes after a stream, so
/// each end is tried in turn, the shortest first: the right one is the only one that decodes
/// (a shorter stream lacks bits it needs), and it is nearly always the first.
fn stream_ends(bytes: &[u8]) -> std::ops::RangeInclusive<usize> {
    let last = bytes
        .iter()
        .rposition(|&byte| byte != 0)
        .map_or(0, |at| at + 1);
    last..=bytes.len()
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
    use futures::executor::block_on;

    /// Both decoders' answer, which must be the same.
    fn decoded(frames: &Frames, bytes: &[u8], what: &str) -> Result<Vec<u8>> {
        let now = frames.decode_now(bytes, what);
        let later = block_on(frames.decode(bytes, what));
        assert_eq!(now.as_ref().ok(), later.as_ref().ok());
        later
    }

    #[test]
    fn frames_round_trip_with_and_without_a_dictionary() {
        let dictionary = b"the quick brown fox jumps over the lazy dog; ".repeat(20);
        let text = b"the lazy dog sleeps while the quick brown fox jumps".repeat(3);
        for dict in [&[][..], &dictionary[..]] {
            let frame = encode_frame(&text, dict, 9).unwrap();
            let frames = Frames::new(dict, "test");
            assert_eq!(decoded(&frames, &frame, "a frame").unwrap(), text);
        }
        let with = encode_frame(&text, &dictionary, 9).unwrap();
        let without = encode_frame(&text, &[], 9).unwrap();
        assert!(
            with.len() < without.len(),
            "{} vs {}",
            with.len(),
            without.len()
        );
        // Zero bytes after the stream (a record's padding) are left alone.
        let mut padded = with.clone();
        padded.extend_from_slice(&[0; 17]);
        let frames = Frames::new(&dictionary, "test");
        assert_eq!(decoded(&frames, &padded, "a frame").unwrap(), text);
    }

    /// A stream whose last bytes are zeros decodes, padded or not: its end is found among the
    /// zeros.
    #[test]
    fn streams_ending_in_zero_bytes_decode_before_padding() {
        let frames = Frames::new(&[], "test");
        let ending_in_zero = (0..2000)
            .map(|n| format!("record {n} of the site, {}", "x".repeat(n % 37)).into_bytes())
            .map(|text| (encode_frame(&text, &[], 9).unwrap(), text))
            .find(|(frame, _)| frame.last() == Some(&0))
            .expect("some stream ends in a zero byte");
        let (frame, text) = ending_in_zero;
        for padding in [0, 1, 31] {
            let mut padded = frame.clone();
            padded.resize(frame.len() + padding, 0);
            assert_eq!(decoded(&frames, &padded, "a record").unwrap(), text);
        }
    }

    #[test]
    fn bytes_after_the_stream_that_are_not_padding_are_refused() {
        let text = b"some text to compress, some text to compress".to_vec();
        let mut frame = encode_frame(&text, &[], 9).unwrap();
        frame.push(7);
        let error = decoded(&Frames::new(&[], "site index"), &frame, "chunk 2").unwrap_err();
        assert!(error.to_string().contains("site index chunk 2"), "{error}");
    }

    #[test]
    fn damaged_frames_are_refused_by_name() {
        let text = b"some text to compress, some text to compress".to_vec();
        let frame = encode_frame(&text, &[], 9).unwrap();
        let frames = Frames::new(&[], "site index");
        for damaged in [&frame[..frame.len() - 3], &frame[..1], &[][..]] {
            let error = decoded(&frames, damaged, "record 7").unwrap_err();
            assert!(error.to_string().contains("site index record 7"), "{error}");
        }
        // A size past any part of an index is refused before anything is allocated.
        let huge = {
            let mut out = Vec::new();
            put_varint(&mut out, 1 << 40);
            out
        };
        let error = decoded(&frames, &huge, "chunk 3").unwrap_err();
        assert!(error.to_string().contains("claims"), "{error}");
    }
}
