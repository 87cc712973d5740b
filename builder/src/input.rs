//! Reading JSON Lines input: plain, gzip or zstd (detected from the first bytes), streamed
//! line by line with bounded memory, counting compressed bytes for the progress bar.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use anyhow::Context;

/// Counts bytes read from the underlying file.
struct CountingReader<R> {
    inner: R,
    counter: Arc<AtomicU64>,
}

impl<R: Read> Read for CountingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.counter.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// A line of input with its position, for error messages.
pub struct Line<'a> {
    /// The file.
    pub path: &'a Path,
    /// 1-based line number.
    pub number: u64,
    /// The text (without the newline); empty when the line is longer than the reader keeps.
    pub text: &'a str,
    /// Its length in bytes (without the newline), also when longer than the reader keeps.
    pub len: u64,
}

/// Streams the lines of one input file.
pub struct LineReader {
    path: PathBuf,
    reader: Box<dyn BufRead + Send>,
    number: u64,
    buffer: Vec<u8>,
    /// Longer lines are measured and passed over, not held.
    max_line_bytes: usize,
}

/// Opens `path`, detecting gzip and zstd from the magic bytes. `read_bytes` counts the
/// compressed bytes consumed. Lines longer than `max_line_bytes` are counted and measured
/// but not kept (a 300 MB line would otherwise take its size in memory, several times over).
pub fn open(
    path: &Path,
    read_bytes: Arc<AtomicU64>,
    max_line_bytes: u64,
) -> anyhow::Result<LineReader> {
    let mut file =
        File::open(path).with_context(|| format!("--input {}: cannot open", path.display()))?;
    let mut magic = [0u8; 4];
    let n = file
        .read(&mut magic)
        .with_context(|| format!("--input {}: cannot read", path.display()))?;
    let head = std::io::Cursor::new(magic[..n].to_vec());
    let counted = CountingReader {
        inner: head.chain(file),
        counter: read_bytes,
    };
    let decoded: Box<dyn Read + Send> = match &magic[..n] {
        [0x1f, 0x8b, ..] => Box::new(flate2::read::MultiGzDecoder::new(counted)),
        [0x28, 0xb5, 0x2f, 0xfd] => {
            let mut decoder = zstd::stream::read::Decoder::new(counted)
                .with_context(|| format!("--input {}: bad zstd header", path.display()))?;
            // Accept long-window frames (e.g. --long=27 archives) instead of failing midway.
            decoder.window_log_max(31).ok();
            Box::new(decoder)
        }
        _ => Box::new(counted),
    };
    Ok(LineReader {
        path: path.to_path_buf(),
        reader: Box::new(BufReader::with_capacity(1 << 20, decoded)),
        number: 0,
        buffer: Vec::with_capacity(64 * 1024),
        max_line_bytes: usize::try_from(max_line_bytes).unwrap_or(usize::MAX),
    })
}

/// Reads one line (through its `\n`) from `reader`, keeping at most `keep` bytes of it in
/// `buffer`; returns the line's length in bytes, `\n` included (0 at the end).
fn read_line_keeping(
    reader: &mut dyn BufRead,
    buffer: &mut Vec<u8>,
    keep: usize,
) -> std::io::Result<usize> {
    let mut total = 0;
    loop {
        let available = reader.fill_buf()?;
        if available.is_empty() {
            return Ok(total);
        }
        let (take, ends) = match available.iter().position(|&b| b == b'\n') {
            Some(newline) => (newline + 1, true),
            None => (available.len(), false),
        };
        let room = keep.saturating_sub(buffer.len()).min(take);
        buffer.extend_from_slice(&available[..room]);
        reader.consume(take);
        total += take;
        if ends {
            return Ok(total);
        }
    }
}

/// What a line turned out to be.
pub enum NextLine<'a> {
    /// A line with content.
    Line(Line<'a>),
    /// A line that is not valid UTF-8 (its number).
    NotUtf8(u64),
    /// End of the file.
    End,
}

impl LineReader {
    /// The next non-blank line.
    pub fn next_line(&mut self) -> anyhow::Result<NextLine<'_>> {
        loop {
            self.buffer.clear();
            // The limit, and a line end (\r\n) past it, so that a line of exactly the limit
            // is kept whole.
            let keep = self.max_line_bytes.saturating_add(2);
            let n =
                read_line_keeping(&mut self.reader, &mut self.buffer, keep).with_context(|| {
                    format!(
                        "{}: read error after line {}",
                        self.path.display(),
                        self.number
                    )
                })?;
            if n == 0 {
                return Ok(NextLine::End);
            }
            self.number += 1;
            if n > self.buffer.len() {
                // Longer than kept: measured (its line end not counted), passed over.
                self.buffer.clear();
                return Ok(NextLine::Line(Line {
                    path: &self.path,
                    number: self.number,
                    text: "",
                    len: n as u64 - 1,
                }));
            }
            // A byte order mark is not part of the first document.
            if self.number == 1
                && self
                    .buffer
                    .starts_with(rangefind_engine::formats::split::UTF8_BOM)
            {
                self.buffer
                    .drain(..rangefind_engine::formats::split::UTF8_BOM.len());
            }
            while matches!(self.buffer.last(), Some(b'\n' | b'\r')) {
                self.buffer.pop();
            }
            if self.buffer.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let len = self.buffer.len() as u64;
            return Ok(match std::str::from_utf8(&self.buffer) {
                Ok(text) => NextLine::Line(Line {
                    path: &self.path,
                    number: self.number,
                    text,
                    len,
                }),
                Err(_) => NextLine::NotUtf8(self.number),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines past the limit are measured and passed over, without being held.
    #[test]
    fn a_long_line_is_measured_not_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("in.jsonl");
        let long = "x".repeat(5000);
        std::fs::write(&path, format!("{{\"a\":1}}\r\n{long}\n\n{{\"b\":2}}")).unwrap();
        let mut lines = open(&path, Arc::default(), 100).unwrap();
        let mut seen = Vec::new();
        while let NextLine::Line(line) = lines.next_line().unwrap() {
            seen.push((line.number, line.text.to_string(), line.len));
            assert!(lines.buffer.capacity() < 64 * 1024 + 200);
        }
        assert_eq!(
            seen,
            [
                (1, "{\"a\":1}".to_string(), 7),
                (2, String::new(), 5000),
                (4, "{\"b\":2}".to_string(), 7),
            ]
        );
        // A line of exactly the limit is kept whole.
        let mut lines = open(&path, Arc::default(), 5000).unwrap();
        lines.next_line().unwrap();
        let NextLine::Line(line) = lines.next_line().unwrap() else {
            panic!("a line")
        };
        assert_eq!((line.text.len(), line.len), (5000, 5000));
    }
}
