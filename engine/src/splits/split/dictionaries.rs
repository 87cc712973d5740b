//! A split's term dictionaries before the split is open. The manifest carries the bytes a
//! lookup reads first (the `.term` file's hot ranges: its field table and each field's block
//! index, [`DictionariesEntry`]), so a query looks its words up while the split opens and the
//! dictionary blocks it needs come in the open's wave: the lookups after the open find them.

use std::path::PathBuf;
use std::sync::Arc;

use tantivy::directory::{CompositeFile, Directory, OwnedBytes};
use tantivy::schema::{Field, Term};
use tantivy::termdict::TermDictionary;

use super::directory::{SplitData, SplitDirectory};
use crate::error::{ErrorKind, Result};
use crate::formats::manifest::DictionariesEntry;
use crate::formats::split::{FileEntry, MIN_PAGE_SIZE};
use crate::io::{PageCache, PagedFile};
use crate::splits::prefix_query::PrefixTerm;
use crate::splits::probes::expansions;

/// The term dictionary file of a split not yet open, as far as the manifest holds it.
#[derive(Debug)]
pub struct SplitDictionaries {
    data: Arc<SplitData>,
    file: PathBuf,
}

impl SplitDictionaries {
    /// From the manifest's entry of split `id`, `size` bytes long, checked as hostile input.
    pub fn new(
        id: Arc<str>,
        size: u64,
        entry: &DictionariesEntry,
        cache: Arc<PageCache>,
    ) -> Result<SplitDictionaries> {
        let corrupt = |what: String| {
            ErrorKind::Corrupt
                .with_message(format!("the manifest's dictionaries of split {id}: {what}"))
        };
        let [start, end] = entry.range;
        if !entry.page_size.is_power_of_two() || entry.page_size < MIN_PAGE_SIZE {
            return Err(corrupt(format!(
                "page size {} is not a power of two ≥ {MIN_PAGE_SIZE}",
                entry.page_size
            )));
        }
        if start > end || end > entry.data_len || entry.data_len > size {
            return Err(corrupt(format!(
                "the file at {start}..{end} of {} bytes of data does not lie in the split's {size}",
                entry.data_len
            )));
        }
        let mut hot = Vec::with_capacity(entry.hot.len());
        for (offset, text) in &entry.hot {
            let bytes = decode_base64(text)
                .ok_or_else(|| corrupt("a hot range is not base64".to_string()))?;
            if offset.saturating_add(bytes.len() as u64) > end - start {
                return Err(corrupt(format!(
                    "a hot range at {offset} ends past the file's {} bytes",
                    end - start
                )));
            }
            hot.push((start + offset, OwnedBytes::new(bytes)));
        }
        let pages = Arc::new(PagedFile {
            id,
            file_len: size,
            data_len: entry.data_len,
            page_size: u64::from(entry.page_size),
        });
        let files = [FileEntry {
            name: entry.file.clone(),
            start,
            len: end - start,
        }];
        Ok(SplitDictionaries {
            data: Arc::new(SplitData::new(pages, cache, &files, hot)),
            file: PathBuf::from(&entry.file),
        })
    }

    /// How the split is paged (its pages are the opened split's, under the same id).
    pub fn pages(&self) -> &Arc<PagedFile> {
        &self.data.pages
    }

    /// Looks `terms` and `prefixes` up in the active scope, which records the blocks they
    /// read that are not at hand as its misses. What they find is left to the lookups after
    /// the open (these only read ahead), and so is any failure: the open split's own
    /// dictionaries, read from its verified open region, decide.
    pub fn look_up(&self, terms: &[(Term, bool)], prefixes: &[PrefixTerm]) {
        let directory = SplitDirectory::new(self.data.clone());
        let Ok(slice) = directory.open_read(&self.file) else {
            return;
        };
        let Ok(composite) = CompositeFile::open(&slice) else {
            return;
        };
        let mut fields: Vec<Field> = (terms.iter().map(|(term, _)| term.field()))
            .chain(prefixes.iter().map(|prefix| prefix.field))
            .collect();
        fields.sort();
        fields.dedup();
        for field in fields {
            let Some(slice) = composite.open_read(field) else {
                continue;
            };
            let Ok(dictionary) = TermDictionary::open(slice) else {
                continue;
            };
            for (term, _) in terms.iter().filter(|(term, _)| term.field() == field) {
                let _ = dictionary.get(term.serialized_value_bytes());
            }
            for prefix in prefixes.iter().filter(|prefix| prefix.field == field) {
                let _ = expansions(&dictionary, prefix);
            }
        }
    }
}

/// Standard base64 with padding (RFC 4648, what the builder writes with the `base64` crate),
/// decoded by hand: that crate's decoder costs the browser's split engine 1.2 KB brotli, these
/// lines a tenth of it. `None` for anything else.
fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let text = text.as_bytes();
    if !text.len().is_multiple_of(4) {
        return None;
    }
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut bytes = Vec::with_capacity(text.len() / 4 * 3);
    let quads = text.chunks_exact(4);
    let last = quads.len().wrapping_sub(1);
    for (i, quad) in quads.enumerate() {
        // Padding only at the end: `xx==` or `xxx=`.
        let padding = quad.iter().rev().take_while(|&&c| c == b'=').count();
        if padding > 2 || (padding > 0 && i != last) {
            return None;
        }
        let mut word = 0;
        for &c in &quad[..4 - padding] {
            word = word << 6 | value(c)?;
        }
        // The bits past the last byte must be zero (as the crate requires).
        if padding > 0 && word & ((1 << (2 * padding)) - 1) != 0 {
            return None;
        }
        word <<= 6 * padding;
        bytes.extend_from_slice(&word.to_be_bytes()[1..4 - padding]);
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use base64::Engine as _;
    use proptest::prelude::*;

    use super::decode_base64;

    proptest! {
        #[test]
        fn decodes_what_the_base64_crate_encodes(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
            let text = base64::engine::general_purpose::STANDARD.encode(&bytes);
            prop_assert_eq!(decode_base64(&text), Some(bytes));
        }

        #[test]
        fn refuses_what_the_base64_crate_refuses(text in "[A-Za-z0-9+/=!]{0,12}") {
            let expected = base64::engine::general_purpose::STANDARD.decode(&text).ok();
            prop_assert_eq!(decode_base64(&text), expected);
        }
    }
}
