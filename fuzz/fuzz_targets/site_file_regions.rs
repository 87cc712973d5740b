#![no_main]
//! A site file's regions (head, chunk, postings, positions, record, deflate frames): the first
//! byte picks the postings' field count.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&fields, bytes)) = data.split_first() else {
        return;
    };
    rangefind_engine::fuzzing::site_file_regions(bytes, usize::from(fields));
});
