//! A small file's body (`manifest.json`) read chunk by chunk up to the engine's bound
//! ([`WHOLE_FILE_LIMIT`]), so that a host whose body never ends, or ends past the bound, costs
//! the reader no more memory than the bound. Only the split engines read files whole.

use bytes::{Bytes, BytesMut};
use js_sys::{Reflect, Uint8Array};
use rangefind_engine::io::range_http::Failure;
use rangefind_engine::io::{too_large_to_read_whole, WHOLE_FILE_LIMIT};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{ReadableStreamDefaultReader, Response};

use crate::fetch::{cut, js_message, AbortOnDrop};

/// The body of `response`, refused as soon as it passes [`WHOLE_FILE_LIMIT`] bytes (by its
/// `Content-Length`, or as it arrives).
pub(crate) async fn within(
    response: &Response,
    guard: &AbortOnDrop,
    timeout_ms: u32,
) -> Result<Bytes, Failure> {
    let too_large = || Failure::permanent(too_large_to_read_whole());
    let length = response.headers().get("content-length").ok().flatten();
    if length.and_then(|length| length.parse::<u64>().ok()) > Some(WHOLE_FILE_LIMIT) {
        return Err(too_large());
    }
    let mut body = BytesMut::new();
    let Some(stream) = response.body() else {
        guard.finish();
        return Ok(body.freeze());
    };
    let reader: ReadableStreamDefaultReader = stream.get_reader().unchecked_into();
    let failed = |e: wasm_bindgen::JsValue| {
        if guard.timed_out() {
            cut(format!("not complete within {timeout_ms} ms"))
        } else {
            cut(js_message(&e))
        }
    };
    loop {
        let chunk = JsFuture::from(reader.read()).await.map_err(failed)?;
        if Reflect::get(&chunk, &"done".into())
            .map_err(failed)?
            .is_truthy()
        {
            guard.finish();
            return Ok(body.freeze());
        }
        let value: Uint8Array = Reflect::get(&chunk, &"value".into())
            .map_err(failed)?
            .unchecked_into();
        if body.len() as u64 + u64::from(value.length()) > WHOLE_FILE_LIMIT {
            // Dropping the guard aborts the download.
            return Err(too_large());
        }
        let start = body.len();
        body.resize(start + value.length() as usize, 0);
        value.copy_to(&mut body[start..]);
    }
}
