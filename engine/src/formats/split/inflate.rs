//! Raw deflate (RFC 1951) decoded after a preset dictionary, by the decoder at hand: the
//! host's `DecompressionStream` in the site engine's wasm, miniz_oxide (pure Rust) everywhere
//! else. Every browser since 2023 decodes deflate natively, so the site engine every visitor
//! downloads carries no decoder of its own (miniz_oxide was 3.7 KB of its brotli); the engines
//! with splits and native code keep miniz_oxide, which decodes at once, without a round trip
//! through the host.
//!
//! Both refuse bytes after the stream's end (browsers do), so native tests catch a frame read
//! with trailing bytes as a browser would.

/// Why a stream did not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Failure {
    /// Not a whole, valid deflate stream of the expected size.
    Invalid,
    /// The host cannot decode deflate (a browser before 2023).
    #[cfg_attr(not(site_engine), allow(dead_code))]
    Unsupported,
}

/// `size` bytes decoded from `stream`, whose distances may reach back into `dictionary`
/// (empty: none).
pub(super) fn inflate_now(
    dictionary: &[u8],
    stream: &[u8],
    size: usize,
) -> Result<Vec<u8>, Failure> {
    use miniz_oxide::inflate::core::{decompress, inflate_flags, DecompressorOxide};
    use miniz_oxide::inflate::TINFLStatus;
    let before = dictionary.len();
    let mut out = vec![0; before + size];
    out[..before].copy_from_slice(dictionary);
    // The whole output at once, so that distances reach back into the dictionary.
    let flags = inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
    let (status, read, written) = decompress(
        &mut DecompressorOxide::new(),
        stream,
        &mut out,
        before,
        flags,
    );
    if status != TINFLStatus::Done || written != size || read != stream.len() {
        return Err(Failure::Invalid);
    }
    out.drain(..before);
    Ok(out)
}

/// [`inflate_now`], where the host has no decoder to lend.
#[cfg(not(site_engine))]
pub(super) async fn inflate(
    dictionary: &[u8],
    stream: &[u8],
    size: usize,
) -> Result<Vec<u8>, Failure> {
    inflate_now(dictionary, stream, size)
}

/// `size` bytes decoded from `stream` by the host's `DecompressionStream("deflate-raw")`. It
/// takes no preset dictionary, so the dictionary goes first as stored blocks (RFC 1951, 3.2.4:
/// a byte for a non-final stored block, its length and the length's complement, the bytes):
/// the decoder writes them out, and the stream's distances then reach back into them as into
/// a dictionary; they are cut from what it decodes.
#[cfg(site_engine)]
pub(super) async fn inflate(
    dictionary: &[u8],
    stream: &[u8],
    size: usize,
) -> Result<Vec<u8>, Failure> {
    use host::{DecompressionStream, Piped};
    use js_sys::Uint8Array;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    use web_sys::Response;
    let mut input = Vec::with_capacity(dictionary.len() + stream.len() + 5);
    for block in dictionary.chunks(usize::from(u16::MAX)) {
        let len = block.len() as u16;
        input.push(0);
        input.extend_from_slice(&len.to_le_bytes());
        input.extend_from_slice(&(!len).to_le_bytes());
        input.extend_from_slice(block);
    }
    input.extend_from_slice(stream);
    let decoder = DecompressionStream::new("deflate-raw").map_err(|_| Failure::Unsupported)?;
    // The Response copies `input` now: the wasm memory it lies in may move while we wait.
    let body = Response::new_with_opt_u8_array(Some(&mut input))
        .ok()
        .and_then(|response| response.body())
        .ok_or(Failure::Unsupported)?;
    let decoded = Response::new_with_opt_readable_stream(Some(
        &body.unchecked_into::<Piped>().through(&decoder),
    ))
    .and_then(|response| response.array_buffer())
    .map_err(|_| Failure::Unsupported)?;
    let buffer = JsFuture::from(decoded)
        .await
        .map_err(|_| Failure::Invalid)?;
    let out = Uint8Array::new(&buffer);
    let before = dictionary.len() as u32;
    match out.length().checked_sub(before) {
        Some(len) if len as usize == size => Ok(out.subarray(before, out.length()).to_vec()),
        _ => Err(Failure::Invalid),
    }
}

/// The host's decoder (web-sys has it behind its unstable APIs only).
#[cfg(site_engine)]
mod host {
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        /// A transform stream, its `readable` and `writable` sides.
        pub type DecompressionStream;
        #[wasm_bindgen(constructor, catch)]
        pub fn new(format: &str) -> Result<DecompressionStream, JsValue>;
        /// A readable stream, to pipe through a transform.
        pub type Piped;
        /// `pipeThrough` with the transform itself as the pair of streams (it is one).
        #[wasm_bindgen(method, js_name = pipeThrough)]
        pub fn through(this: &Piped, transform: &DecompressionStream) -> web_sys::ReadableStream;
    }
}
