#![no_main]
//! A lexicon's block index, blocks and word list.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    rangefind_engine::fuzzing::lexicon_regions(data);
});
