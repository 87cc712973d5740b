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
    /// The text (without the newline).
    pub text: &'a str,
}

/// Streams the lines of one input file.
pub struct LineReader {
    path: PathBuf,
    reader: Box<dyn BufRead + Send>,
    number: u64,
    buffer: Vec<u8>,
}

/// Opens `path`, detecting gzip and zstd from the magic bytes. `read_bytes` counts the
/// compressed bytes consumed.
pub fn open(path: &Path, read_bytes: Arc<AtomicU64>) -> anyhow::Result<LineReader> {
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
    })
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
            let n = self
                .reader
                .read_until(b'\n', &mut self.buffer)
                .with_context(|| {
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
            // A byte order mark is not part of the first document.
            if self.number == 1 && self.buffer.starts_with(rangefind_engine::format::UTF8_BOM) {
                self.buffer
                    .drain(..rangefind_engine::format::UTF8_BOM.len());
            }
            while matches!(self.buffer.last(), Some(b'\n' | b'\r')) {
                self.buffer.pop();
            }
            if self.buffer.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            return Ok(match std::str::from_utf8(&self.buffer) {
                Ok(text) => NextLine::Line(Line {
                    path: &self.path,
                    number: self.number,
                    text,
                }),
                Err(_) => NextLine::NotUtf8(self.number),
            });
        }
    }
}
