#![no_main]
//! A search request's JSON, as the wasm engines and the Worker hand it over.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    rangefind_engine::fuzzing::search_request_json(data);
});
