#![no_main]
//! A page's HTML, as `build --site` decodes and extracts it.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    rangefind_builder::fuzzing::html_page(data);
});
