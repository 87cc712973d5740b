//! The lexicon file: the index's words by delete key, in small compressed blocks a reader
//! fetches one at a time, a block index it reads once, and the word list the builder merges
//! when it appends.
//!
//! Layout: `RFLEXCN5`, then the blocks, the word list and the block index, each a frame (its
//! size, then raw deflate: [`Frames`]; format 4 had zstd frames); a block also starts with the
//! CRC-32 (LE) of its compressed bytes, so a damaged block or cache entry is caught. The manifest gives where the word list and the
//! block index are, so a reader's first read is the block index itself.
//!
//! - Block index: the block count, then per block its first key (sharing a prefix with the
//!   previous block's first key) and its length. Format 3 compressed with LZ4, which left the
//!   index a first visit reads nearly as large as its text (14.7 KB of 15.8 for MDN; zstd:
//!   10.7), and brought a second decompressor into the site engine. Format 2 kept each block's checksum here:
//!   four incompressible bytes a block, half of the index a site's first visit reads for typo
//!   tolerance (19.6 KB for MDN); format 1 took the first four bytes of a BLAKE3 hash, 9 KB of
//!   code in the site engine.
//! - Block (after its checksum): the entry count, then per entry (ascending by key) the key (sharing a prefix with
//!   the previous key), the word count, and per word how it is made from the key: `0` for the
//!   key itself, else `p` and a character inserted before the key's `p-1`th character, then
//!   the word's document frequency. Most words take three bytes.
//! - Word list: the word count, then per word (ascending) the word (prefix-shared) and its
//!   document frequency. Counts are exact and cover every split, so appending adds to them.
//!
//! Integers are LEB128 varints unless said otherwise. The file is content-addressed.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::error::{ErrorKind, Result};
use crate::formats::split::{put_shared, put_varint, ByteReader, Frames};
use crate::json_fields::{inside_path, object, range, required, small, text, whole, FieldResult};

use crate::typos::key_passes::{key_pairs_in_passes, PAIRS_PER_PASS, PAIR_BYTES};

const MAGIC: &[u8; 8] = b"RFLEXCN5";
/// The lexicon format this crate writes and reads (the entry naming a file says its format).
pub const LEXICON_VERSION: u32 = 5;
const _: () = assert!(MAGIC[7] as u32 == b'0' as u32 + LEXICON_VERSION);
/// Bytes of the checksum a block starts with.
const CHECKSUM_LEN: usize = 4;
/// Uncompressed bytes a block holds before the next one starts: a lookup reads two to four
/// blocks (the word's own key and its deletions spread over the key space), about 3 KB each
/// on the wire. 8 KB rather than 4: the block index, which every first visit of a site reads
/// before its first query, is half as long (MDN: 10,480 → 5,736 bytes); only a typo or a
/// prefix that begins none of the index's words reads blocks, but a search box reading ahead
/// meets such prefixes while a word is typed (a typed session read 55 KB more; BENCHMARKS.md,
/// "Lexicon blocks of 8 KB" and its top table).
const BLOCK_BYTES: usize = 8192;

/// Words and their document frequencies.
pub type WordCounts = BTreeMap<String, u32>;

/// A lexicon file, as an index's manifest (or a site file's entry in `site.json`) names it.
/// Read by [`LexiconEntry::from_json`] (serde's `Deserialize` too).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LexiconEntry {
    /// Content id (BLAKE3 prefix, hex).
    pub id: String,
    /// Path relative to the index root.
    pub path: String,
    /// File length.
    pub size: u64,
    /// `[start, end)` of its word list (read by the builder when appending).
    pub words: [u64; 2],
    /// `[start, end)` of its block index (a reader's first read).
    pub index: [u64; 2],
    /// Its format ([`LEXICON_VERSION`]); entries written before the field name format 1.
    pub format: u32,
}

impl LexiconEntry {
    /// The entry `value` holds; fields it does not know are left alone (later writers may add
    /// some).
    pub fn from_json(value: serde_json::Value) -> FieldResult<LexiconEntry> {
        const WHAT: &str = "a lexicon entry";
        let (mut id, mut path, mut size, mut words, mut index) = (None, None, None, None, None);
        let mut format = 1;
        for (name, value) in object(value, WHAT)? {
            match name.as_str() {
                "id" => id = Some(text(&name, value)?),
                "path" => path = Some(inside_path(&name, value)?),
                "size" => size = Some(whole(&name, &value)?),
                "words" => words = Some(range(&name, &value)?),
                "index" => index = Some(range(&name, &value)?),
                "format" => format = small(&name, &value)?,
                _ => {}
            }
        }
        Ok(LexiconEntry {
            id: required(id, "id", WHAT)?,
            path: required(path, "path", WHAT)?,
            size: required(size, "size", WHAT)?,
            words: required(words, "words", WHAT)?,
            index: required(index, "index", WHAT)?,
            format,
        })
    }
}

crate::json_fields::deserialize_by_from_json!(LexiconEntry);

impl LexiconEntry {
    /// Refuses a lexicon of another format than this reader's.
    pub fn check_format(&self) -> Result<()> {
        if self.format == LEXICON_VERSION {
            return Ok(());
        }
        Err(ErrorKind::Incompatible.with_message(format!(
            "{}: lexicon format {}; this reader reads format {LEXICON_VERSION}: rebuild the \
             index with this rangefind",
            self.path, self.format
        )))
    }
}

/// Where the parts of a lexicon file are (as the manifest records them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexiconLayout {
    /// `[start, end)` of the word list.
    pub words: [u64; 2],
    /// `[start, end)` of the block index.
    pub index: [u64; 2],
}

/// One word a key leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyedWord {
    /// The word.
    pub word: String,
    /// Documents holding it.
    pub docs: u32,
}

/// A block: keys in ascending order, each with its words.
pub type LexiconBlock = Vec<(String, Vec<KeyedWord>)>;

/// Where one block is and what it starts with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockRef {
    /// Its first key.
    pub first_key: String,
    /// `[start, end)` in the file.
    pub range: std::ops::Range<u64>,
}

/// Compresses a part of the lexicon into one frame ([`crate::formats::split::encode_frame`]): the
/// builder's compression; the engine only decodes ([`Frames`]).
pub type Compress<'a> = &'a dyn Fn(&[u8]) -> std::io::Result<Vec<u8>>;

/// The builder's compression, for tests.
#[cfg(test)]
pub(crate) fn frame_for_tests(raw: &[u8]) -> std::io::Result<Vec<u8>> {
    crate::formats::split::encode_frame(raw, &[], 9)
}

/// Encodes the lexicon of `words` (every word with its document frequency), each part
/// compressed by `compress`.
pub fn encode_lexicon(
    words: &WordCounts,
    compress: Compress,
) -> std::io::Result<(Vec<u8>, LexiconLayout)> {
    encode_lexicon_within(words, compress, usize::MAX)
}

/// [`encode_lexicon`] holding its (key, word) pairs in at most about `memory` bytes (and
/// [`PAIRS_PER_PASS`]) at once: the same file.
pub fn encode_lexicon_within(
    words: &WordCounts,
    compress: Compress,
    memory: usize,
) -> std::io::Result<(Vec<u8>, LexiconLayout)> {
    let pairs_per_pass = (memory / PAIR_BYTES).clamp(1, PAIRS_PER_PASS);
    let mut out = MAGIC.to_vec();
    let mut index = Vec::new();
    let mut block = Vec::new();
    let mut block_first: Option<String> = None;
    let mut block_entries = 0u64;
    let mut previous_key = String::new();
    let mut previous_first = String::new();
    let mut blocks = 0u64;
    let mut flush = |block: &mut Vec<u8>,
                     entries: &mut u64,
                     first: &mut Option<String>,
                     out: &mut Vec<u8>|
     -> std::io::Result<()> {
        let Some(first_key) = first.take() else {
            return Ok(());
        };
        let mut raw = Vec::with_capacity(block.len() + 4);
        put_varint(&mut raw, *entries);
        raw.append(block);
        let compressed = compress(&raw)?;
        put_shared(&mut index, &previous_first, &first_key);
        put_varint(&mut index, (CHECKSUM_LEN + compressed.len()) as u64);
        previous_first = first_key;
        out.extend_from_slice(&checksum(&compressed));
        out.extend_from_slice(&compressed);
        *entries = 0;
        blocks += 1;
        Ok(())
    };
    // Every (key, word) pair, by key and then the most frequent word first.
    for pairs in key_pairs_in_passes(words, pairs_per_pass) {
        let mut pairs = pairs.into_iter().peekable();
        while let Some((key, docs, word)) = pairs.next() {
            let mut keyed = vec![(word, docs)];
            while let Some((_, docs, word)) = pairs.next_if(|(next, _, _)| *next == key) {
                keyed.push((word, docs));
            }
            if block_first.is_none() {
                block_first = Some(key.clone());
                previous_key.clear();
            }
            put_shared(&mut block, &previous_key, &key);
            put_varint(&mut block, keyed.len() as u64);
            for (word, docs) in keyed {
                put_insertion(&mut block, &key, word);
                put_varint(&mut block, u64::from(docs));
            }
            block_entries += 1;
            previous_key = key;
            if block.len() >= BLOCK_BYTES {
                flush(&mut block, &mut block_entries, &mut block_first, &mut out)?;
            }
        }
    }
    flush(&mut block, &mut block_entries, &mut block_first, &mut out)?;

    let words_start = out.len() as u64;
    let mut list = Vec::new();
    put_varint(&mut list, words.len() as u64);
    let mut previous = "";
    for (word, &docs) in words {
        put_shared(&mut list, previous, word);
        put_varint(&mut list, u64::from(docs));
        previous = word;
    }
    out.extend_from_slice(&compress(&list)?);
    let index_start = out.len() as u64;
    let mut counted = Vec::new();
    put_varint(&mut counted, blocks);
    counted.extend_from_slice(&index);
    out.extend_from_slice(&compress(&counted)?);
    let layout = LexiconLayout {
        words: [words_start, index_start],
        index: [index_start, out.len() as u64],
    };
    Ok((out, layout))
}

/// Decodes the block index (its bytes as stored); blocks start after the magic. A boxed
/// future: a reader decodes it where it finds it (its persistent tier or the network), and
/// one copy of the code serves both.
pub fn decode_index(stored: &[u8]) -> crate::StepFuture<'_, Vec<BlockRef>> {
    Box::pin(async move {
        let raw = lexicon_frames().decode(stored, "block index").await?;
        index_of(&raw)
    })
}

/// The block index in its decoded bytes.
fn index_of(raw: &[u8]) -> Result<Vec<BlockRef>> {
    let mut reader = Reader::new(raw);
    let count = reader.varint()?;
    let mut blocks = Vec::with_capacity(count.min(1 << 20) as usize);
    let mut first_key = String::new();
    let mut start = MAGIC.len() as u64;
    for _ in 0..count {
        first_key = reader.shared(&first_key)?;
        let len = reader.varint()?;
        let end = start
            .checked_add(len)
            .ok_or_else(|| corrupt("a block's offset overflows".into()))?;
        blocks.push(BlockRef {
            first_key: first_key.clone(),
            range: start..end,
        });
        start = end;
    }
    reader.end()?;
    Ok(blocks)
}

/// Decodes a block (its bytes as stored), after checking them against the checksum they
/// start with.
pub async fn decode_block(block: &BlockRef, stored: &[u8]) -> Result<LexiconBlock> {
    let damaged = || {
        corrupt(format!(
            "the block at {}..{} does not match its checksum: damaged or replaced",
            block.range.start, block.range.end
        ))
    };
    let (sum, compressed) = stored.split_at_checked(CHECKSUM_LEN).ok_or_else(damaged)?;
    if sum != checksum(compressed) {
        return Err(damaged());
    }
    let raw = lexicon_frames().decode(compressed, "block").await?;
    let mut reader = Reader::new(&raw);
    let count = reader.varint()?;
    let mut entries = Vec::with_capacity(count.min(1 << 16) as usize);
    let mut key = String::new();
    for _ in 0..count {
        key = reader.shared(&key)?;
        let words = reader.varint()?;
        let mut keyed = Vec::with_capacity(words.min(1 << 10) as usize);
        for _ in 0..words {
            let word = reader.insertion(&key)?;
            let docs = u32::try_from(reader.varint()?)
                .map_err(|_| corrupt("a document count is out of range".into()))?;
            keyed.push(KeyedWord { word, docs });
        }
        entries.push((key.clone(), keyed));
    }
    reader.end()?;
    if entries.windows(2).any(|pair| pair[0].0 >= pair[1].0) {
        return Err(corrupt("a block's keys are out of order".into()));
    }
    Ok(entries)
}

/// Decodes the word list (its bytes as stored).
pub fn decode_words(stored: &[u8]) -> Result<WordCounts> {
    let raw = lexicon_frames().decode_now(stored, "word list")?;
    let mut reader = Reader::new(&raw);
    let count = reader.varint()?;
    let mut words = WordCounts::new();
    let mut word = String::new();
    for _ in 0..count {
        word = reader.shared(&word)?;
        let docs = u32::try_from(reader.varint()?)
            .map_err(|_| corrupt("a document count is out of range".into()))?;
        words.insert(word.clone(), docs);
    }
    reader.end()?;
    Ok(words)
}

pub(crate) fn checksum(bytes: &[u8]) -> [u8; 4] {
    crate::formats::split::crc32(bytes).to_le_bytes()
}

fn lexicon_frames() -> Frames {
    Frames::new(&[], "lexicon")
}

fn corrupt(message: String) -> crate::error::Error {
    ErrorKind::Corrupt.with_message(format!("lexicon: {message}"))
}

/// `word` relative to `key`, which is `word` or `word` less one character.
fn put_insertion(out: &mut Vec<u8>, key: &str, word: &str) {
    if word == key {
        put_varint(out, 0);
        return;
    }
    let key_chars: Vec<char> = key.chars().collect();
    let word_chars: Vec<char> = word.chars().collect();
    let at = key_chars
        .iter()
        .zip(&word_chars)
        .take_while(|(a, b)| a == b)
        .count();
    put_varint(out, at as u64 + 1);
    put_varint(out, u64::from(word_chars[at]));
}

/// Reads the lexicon's own encodings on top of a [`ByteReader`].
struct Reader<'a>(ByteReader<'a>);

impl<'a> Reader<'a> {
    fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader(ByteReader::new(bytes, "lexicon"))
    }

    fn varint(&mut self) -> Result<u64> {
        self.0.varint()
    }

    fn end(&self) -> Result<()> {
        self.0.end()
    }

    fn shared(&mut self, previous: &str) -> Result<String> {
        self.0.shared(previous)
    }

    fn insertion(&mut self, key: &str) -> Result<String> {
        let at = self.varint()? as usize;
        if at == 0 {
            return Ok(key.to_string());
        }
        let inserted = u32::try_from(self.varint()?)
            .ok()
            .and_then(char::from_u32)
            .ok_or_else(|| corrupt("an inserted character is not a character".into()))?;
        let mut chars: Vec<char> = key.chars().collect();
        if at - 1 > chars.len() {
            return Err(corrupt("an insertion is past the end of its key".into()));
        }
        chars.insert(at - 1, inserted);
        Ok(chars.into_iter().collect())
    }
}

#[cfg(test)]
mod tests;
