#![no_main]
//! A multipart/byteranges body: its first byte is the boundary's length, then the boundary,
//! then the body.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&len, rest)) = data.split_first() else {
        return;
    };
    let len = usize::from(len % 32).min(rest.len());
    let (boundary, body) = rest.split_at(len);
    if let Ok(boundary) = std::str::from_utf8(boundary) {
        rangefind_engine::fuzzing::multipart_byteranges(body, boundary);
    }
});
