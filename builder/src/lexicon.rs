//! The lexicon at build time: each split's word counts are collected as it is indexed; once
//! every split is written, the counts of the whole index (with those of the index appended
//! to, or of every shard) become one content-addressed file under `lexicon/` that the
//! manifest names. Old files stay for readers of the old manifest, like splits.

use std::fs;
use std::path::Path;

use anyhow::{bail, Context};
use rangefind_engine::formats::manifest::{LexiconEntry, Manifest};
use rangefind_engine::formats::split::encode_frame;
use rangefind_engine::typos::{decode_words, encode_lexicon_within, WordCounts, LEXICON_VERSION};

/// Where the lexicon goes, relative to the index root.
pub const LEXICON_DIR: &str = "lexicon";
/// Deflate level of the lexicon's parts (its block index is read by every first visit of a
/// site): the highest.
const LEXICON_LEVEL: u32 = 9;
/// Characters of the BLAKE3 hex digest used as a file id.
const FILE_ID_LEN: usize = 32;

/// Writes the lexicon of `words` under `out` unless the same file is there; returns the
/// manifest's entry.
pub fn write_file(out: &Path, words: &WordCounts) -> anyhow::Result<LexiconEntry> {
    write_file_within(out, words, usize::MAX)
}

/// [`write_file`], holding about `memory` bytes at most while it encodes (less than 250 MB
/// in any case): the same file.
pub fn write_file_within(
    out: &Path,
    words: &WordCounts,
    memory: usize,
) -> anyhow::Result<LexiconEntry> {
    let compress = |raw: &[u8]| encode_frame(raw, &[], LEXICON_LEVEL);
    let (bytes, layout) =
        encode_lexicon_within(words, &compress, memory).context("cannot compress the lexicon")?;
    let id = blake3::hash(&bytes).to_hex()[..FILE_ID_LEN].to_string();
    let name = format!("words.{id}.lex");
    let dir = out.join(LEXICON_DIR);
    let path = dir.join(&name);
    if fs::metadata(&path).map(|m| m.len()).ok() != Some(bytes.len() as u64) {
        fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        crate::index_dir::write_atomically(&dir, &name, &bytes)?;
    }
    Ok(LexiconEntry {
        id,
        path: format!("{LEXICON_DIR}/{name}"),
        size: bytes.len() as u64,
        words: layout.words,
        index: layout.index,
        format: LEXICON_VERSION,
    })
}

/// The word counts of the lexicon file `entry`, whose bytes are `bytes`, after checking they
/// are that file.
pub fn words_of_file(entry: &LexiconEntry, bytes: &[u8]) -> anyhow::Result<WordCounts> {
    if bytes.len() as u64 != entry.size || !blake3::hash(bytes).to_hex().starts_with(&entry.id) {
        bail!(
            "{}: not the file the manifest names (size or content differs): damaged or replaced",
            entry.path
        );
    }
    let [start, end] = entry.words;
    let stored = bytes
        .get(start as usize..end as usize)
        .with_context(|| format!("{}: the word list is outside the file", entry.path))?;
    decode_words(stored).map_err(|e| anyhow::anyhow!("{}: {e}", entry.path))
}

/// The word counts of the index in the directory `dir` whose manifest is `manifest` (none
/// when it has no lexicon).
pub fn read_local(dir: &Path, manifest: &Manifest) -> anyhow::Result<WordCounts> {
    let Some(entry) = &manifest.lexicon else {
        return Ok(WordCounts::new());
    };
    let path = dir.join(&entry.path);
    let bytes = fs::read(&path).with_context(|| format!("{}: cannot read", path.display()))?;
    words_of_file(entry, &bytes)
}
