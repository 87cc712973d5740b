#![no_main]
//! A split's open region (footer and hotcache), as read from the file's tail.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    rangefind_engine::fuzzing::split_open_region(data);
});
