//! zstd frames, decoded with ruzstd: pure Rust, so the site engine builds for wasm without a C
//! toolchain. A site index's head, chunks and records are zstd frames, and so are a lexicon's
//! blocks, word list and block index (lexicon format 4), for both engines.

use std::sync::Mutex;

use ruzstd::decoding::{BlockDecodingStrategy, Dictionary, FrameDecoder};

use crate::error::{ErrorKind, Result};

/// Decoded sizes above this are refused: no part of an index is this large, so such a frame is
/// damaged (or crafted to exhaust memory).
const MAX_DECODED_BYTES: u64 = 256 << 20;

/// Decodes frames, with the index's record dictionary when a frame names it.
pub struct Frames {
    decoder: Mutex<FrameDecoder>,
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

/// A zstd error, without its details: formatting ruzstd's error types (their `Debug` names
/// and messages) was 4 KB of the site engine's strings, and every such error means the same:
/// the bytes are damaged.
fn undecodable(kind: &str, what: &str) -> crate::error::Error {
    corrupt(kind, what, "not a valid zstd frame (the file is damaged)")
}

impl Frames {
    /// A decoder knowing `dictionary` (a zstd dictionary; empty: none), of frames of a `kind`
    /// of file ("site index", "lexicon").
    pub fn new(dictionary: &[u8], kind: &'static str) -> Result<Frames> {
        let mut decoder = FrameDecoder::new();
        if !dictionary.is_empty() {
            let dictionary =
                Dictionary::decode_dict(dictionary).map_err(|_| undecodable(kind, "dictionary"))?;
            decoder
                .add_dict(dictionary)
                .map_err(|_| undecodable(kind, "dictionary"))?;
        }
        Ok(Frames {
            decoder: Mutex::new(decoder),
            kind,
        })
    }

    /// The bytes of the frame at the start of `bytes` (what follows it, such as a record's
    /// padding, is left alone); `what` names it in errors.
    pub fn decode(&self, bytes: &[u8], what: &str) -> Result<Vec<u8>> {
        let mut decoder = self.decoder.lock().expect("decoder lock");
        let mut source = bytes;
        decoder
            .reset(&mut source)
            .map_err(|_| undecodable(self.kind, what))?;
        let size = decoder.content_size();
        if size > MAX_DECODED_BYTES {
            return Err(corrupt(
                self.kind,
                what,
                format!("claims {size} bytes decoded"),
            ));
        }
        let finished = decoder
            .decode_blocks(&mut source, BlockDecodingStrategy::All)
            .map_err(|_| undecodable(self.kind, what))?;
        let out = decoder.collect().unwrap_or_default();
        if !finished || out.len() as u64 != size {
            return Err(corrupt(
                self.kind,
                what,
                format!("decoded {} bytes, its header says {size}", out.len()),
            ));
        }
        Ok(out)
    }
}
