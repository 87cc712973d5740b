#![no_main]
//! A site index's site.json.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    rangefind_engine::fuzzing::site_json(data);
});
