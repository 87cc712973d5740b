//! The word chunks region of a site file: word entries cut into chunks of about
//! [`CHUNK_BYTES`], each compressed (a deflate frame) and followed by the tails of its long words
//! (`rangefind_engine::formats::site_file::postings::Tail`: a long word has a chunk of its own), and where
//! each starts and which words it holds:
//! the shortest beginning of its first word that sorts after the previous chunk's last word
//! (what a reader needs to tell the chunk of a word; at a million pages, whole first words
//! made the chunk index 56 KB of the head every first visit reads). A query that needs whole
//! lists reads a chunk and its tails in one request; one that does not, the chunk alone. The
//! positions region holds the words' positions in the same order, so each chunk's lie in one
//! span, which the head gives too: a phrase reads it with the chunk.

use std::path::Path;

use rangefind_engine::formats::site_file::postings::{put_word_entry, WordEntry};
use rangefind_engine::formats::split::encode_frame;
use rayon::prelude::*;

use super::region_file::RegionFile;

/// Uncompressed bytes a word chunk holds before the next starts (about 2–3 KB compressed).
const CHUNK_BYTES: usize = 6 * 1024;
/// Deflate level of chunks, tails and the head (small, read on every query: worth the time).
pub const CHUNK_LEVEL: u32 = 9;

/// Finished chunks compressed together, on every core: [`CHUNK_LEVEL`] is slow, and raw
/// chunks kept until the end took the size of the uncompressed chunks region in memory.
const CHUNK_BATCH: usize = 256;

/// Cuts word entries into chunks of about [`CHUNK_BYTES`], compressed [`CHUNK_BATCH`] at a time.
pub struct ChunkWriter {
    /// Finished chunks, uncompressed, not yet compressed, with their tails (compressed).
    chunks: Vec<(Vec<u8>, Vec<u8>)>,
    /// The chunks region so far, where each chunk in it starts, and the bytes of its tails.
    region: RegionFile,
    offsets: Vec<u64>,
    tails: Vec<u64>,
    /// Where each chunk's words' positions start, and where the last word's end.
    positions: Vec<u64>,
    positions_end: u64,
    firsts: Vec<String>,
    current: Vec<u8>,
    current_tails: Vec<u8>,
    first: Option<String>,
    previous: String,
    /// The last word of the chunk before the current one.
    last_of_previous: String,
}

impl ChunkWriter {
    /// A writer of no chunks yet, its region in a temporary file in `dir`.
    pub fn new(dir: &Path) -> anyhow::Result<ChunkWriter> {
        Ok(ChunkWriter {
            chunks: Vec::new(),
            region: RegionFile::new(dir)?,
            offsets: Vec::new(),
            tails: Vec::new(),
            positions: Vec::new(),
            positions_end: 0,
            firsts: Vec::new(),
            current: Vec::new(),
            current_tails: Vec::new(),
            first: None,
            previous: String::new(),
            last_of_previous: String::new(),
        })
    }

    /// Adds the next word's entry (words in order), with its tail compressed if it has one.
    /// A word with a tail has a chunk of its own: the chunk and its tails are then that word's
    /// whole list, which a query reads at once or not at all.
    pub fn add(&mut self, mut entry: WordEntry, tail: Option<Vec<u8>>) -> anyhow::Result<()> {
        if let (Some(entry), Some(tail)) = (entry.tail.as_mut(), &tail) {
            self.flush()?;
            entry.at = 0..tail.len() as u64;
        }
        let mut encoded = Vec::new();
        put_word_entry(&mut encoded, &self.previous, &entry);
        // A word too large to share a chunk gets one of its own: it starts a chunk, where it
        // shares no prefix.
        if !self.current.is_empty() && self.current.len() + encoded.len() > CHUNK_BYTES {
            self.flush()?;
            encoded.clear();
            put_word_entry(&mut encoded, "", &entry);
        }
        if self.current.is_empty() {
            self.first = Some(shortest_after(&entry.word, &self.last_of_previous).to_string());
            self.positions.push(entry.positions.start);
        }
        self.positions_end = entry.positions.end;
        self.current.extend_from_slice(&encoded);
        self.previous = entry.word;
        if let Some(tail) = tail {
            self.current_tails = tail;
            self.flush()?;
        } else if self.current.len() >= CHUNK_BYTES {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> anyhow::Result<()> {
        let Some(first) = self.first.take() else {
            return Ok(());
        };
        self.firsts.push(first);
        let tails = std::mem::take(&mut self.current_tails);
        self.chunks.push((std::mem::take(&mut self.current), tails));
        self.last_of_previous = std::mem::take(&mut self.previous);
        if self.chunks.len() >= CHUNK_BATCH {
            self.compress_batch()?;
        }
        Ok(())
    }

    /// Compresses the finished chunks into the region, each followed by its tails.
    fn compress_batch(&mut self) -> anyhow::Result<()> {
        let chunks = std::mem::take(&mut self.chunks);
        let compressed: Vec<Vec<u8>> = (chunks.par_iter())
            .map(|(raw, _)| {
                encode_frame(raw, &[], CHUNK_LEVEL).expect("deflate compresses to memory")
            })
            .collect();
        for (chunk, (_, tails)) in compressed.into_iter().zip(chunks) {
            self.offsets.push(self.region.len());
            self.region.write(&chunk)?;
            self.region.write(&tails)?;
            self.tails.push(tails.len() as u64);
        }
        Ok(())
    }

    /// The chunks region, each chunk's separator (see the module), the chunks' offsets (one
    /// more) and the bytes of each one's tails (at its end).
    pub fn finish(mut self) -> anyhow::Result<WrittenChunks> {
        self.flush()?;
        self.compress_batch()?;
        self.offsets.push(self.region.len());
        self.positions.push(self.positions_end);
        Ok(WrittenChunks {
            region: self.region,
            firsts: self.firsts,
            offsets: self.offsets,
            tails: self.tails,
            positions: self.positions,
        })
    }
}

/// The chunks region and what the head says of its chunks.
pub struct WrittenChunks {
    pub region: RegionFile,
    pub firsts: Vec<String>,
    pub offsets: Vec<u64>,
    pub tails: Vec<u64>,
    /// Where each chunk's words' positions start in the positions region (one more: its end).
    pub positions: Vec<u64>,
}

/// The shortest beginning of `word` that sorts after `before` (`word` sorts after it).
fn shortest_after<'a>(word: &'a str, before: &str) -> &'a str {
    let ends = word.char_indices().map(|(at, c)| at + c.len_utf8());
    ends.map(|end| &word[..end])
        .find(|beginning| *beginning > before)
        .unwrap_or(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunk_is_told_by_the_shortest_beginning_after_the_last_word_before_it() {
        assert_eq!(shortest_after("mapping", "map"), "mapp");
        assert_eq!(shortest_after("mapping", "lorem"), "m");
        assert_eq!(shortest_after("map", "ma"), "map");
        assert_eq!(shortest_after("日本語", "日本"), "日本語");
        assert_eq!(shortest_after("日本語", ""), "日");
        assert_eq!(shortest_after("b", "azzz"), "b");
    }

    /// Each chunk's words' positions lie in one span of the positions region, which the chunk
    /// writer records: where each chunk's first word's start, and where the last word's end.
    #[test]
    fn each_chunk_knows_where_its_words_positions_start() {
        let dir = tempfile::tempdir().unwrap();
        let mut writer = ChunkWriter::new(dir.path()).unwrap();
        let mut at = 0u64;
        let mut starts = Vec::new();
        for i in 0..2_000u64 {
            // Postings large enough to fill a chunk every few hundred words.
            let len = 3 + i % 7;
            let entry = WordEntry {
                word: format!("w{i:05}"),
                postings: vec![1; 20],
                positions: at..at + len,
                tail: None,
                beside_common: false,
            };
            starts.push(at);
            at += len;
            writer.add(entry, None).unwrap();
        }
        let written = writer.finish().unwrap();
        let chunks = written.firsts.len();
        assert!(chunks > 2, "{chunks} chunks");
        assert_eq!(written.positions.len(), chunks + 1);
        assert_eq!(written.positions.last(), Some(&at));
        // Each chunk's span starts at the positions of the first word it holds.
        for (first, start) in written.firsts.iter().zip(&written.positions) {
            // The first word beginning with what tells the chunk is its first word.
            let first_word = (0..2_000).find(|&i| format!("w{i:05}").starts_with(first.as_str()));
            assert_eq!(
                Some(*start),
                first_word.map(|i| starts[i]),
                "chunk told by {first}"
            );
        }
    }
}
