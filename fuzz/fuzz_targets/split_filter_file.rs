#![no_main]
//! A split filter file.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    rangefind_engine::fuzzing::split_filter_file(data);
});
