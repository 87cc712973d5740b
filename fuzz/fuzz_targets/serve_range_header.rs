#![no_main]
//! `rangefind serve`'s reading of a Range header: the first two bytes are the file's length,
//! the rest the header.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let len = u64::from(u16::from_le_bytes([data[0], data[1]]));
    if let Ok(header) = std::str::from_utf8(&data[2..]) {
        rangefind_builder::fuzzing::serve_range_header(header, len);
    }
});
