#![no_main]
//! An index's manifest.json.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    rangefind_engine::fuzzing::manifest_json(data);
});
