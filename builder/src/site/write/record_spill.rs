//! The records region of a site file: page records set aside in a temporary file while a
//! site's words are gathered, then read back in batches and compressed, one frame per page
//! with a dictionary trained on the site. A million pages' records held in memory took about
//! half a gigabyte, at the build's peak.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::ops::Range;
use std::path::Path;

use anyhow::Context;
use rangefind_engine::formats::site_file::layout::RECORD_ALIGN;
use rangefind_engine::formats::split::encode_frame;
use rayon::prelude::*;

use super::region_file::RegionFile;

/// Deflate level of records.
const RECORD_LEVEL: u32 = 9;
/// Records compressed together, on every core.
const RECORD_BATCH: usize = 4096;
/// Size of the records' dictionary (trained by zstd's trainer: its tables are of no use to
/// deflate, but the text it picks is; on MDN, records 2 % larger than zstd's with the same
/// dictionary, BENCHMARKS.md "Engine size"). It lies in the head, which every visitor reads before
/// a first query, and it saves bytes on every record read after: 8 KiB rather than 16 costs a
/// cold MDN query 0.4 KB (median) and saves 3.6 KB of the head, which most visitors, who
/// search a few times, read whole (measured 2026-11-27: CHANGELOG.md).
const DICTIONARY_BYTES: usize = 8 * 1024;
/// Record bytes the dictionary is trained on at most (zstd suggests about 100 times its size).
const TRAINING_BYTES: usize = 4 << 20;

/// Records written in page order.
pub struct RecordSpill {
    file: RegionFile,
    /// Where each page's record starts in the file, one more at the end.
    starts: Vec<u64>,
}

impl RecordSpill {
    /// A spill in an anonymous file in `dir` (removed however the build ends).
    pub fn new(dir: &Path) -> anyhow::Result<RecordSpill> {
        Ok(RecordSpill {
            file: RegionFile::new(dir)?,
            starts: vec![0],
        })
    }

    /// Appends the next page's record.
    pub fn push(&mut self, record: &[u8]) -> anyhow::Result<()> {
        self.file.write(record)?;
        self.starts.push(self.file.len());
        Ok(())
    }

    /// The records written, to read back.
    pub fn finish(self) -> anyhow::Result<SpilledRecords> {
        Ok(SpilledRecords {
            file: std::sync::Mutex::new(self.file.into_file()?),
            starts: self.starts,
        })
    }
}

/// Records in a temporary file, by page.
pub struct SpilledRecords {
    file: std::sync::Mutex<File>,
    starts: Vec<u64>,
}

impl SpilledRecords {
    /// How many pages.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// Bytes of all records.
    pub fn total_bytes(&self) -> u64 {
        self.starts.last().copied().unwrap_or(0)
    }

    /// The records of `pages`, read in one go.
    pub fn read(&self, pages: Range<usize>) -> anyhow::Result<Vec<Vec<u8>>> {
        let (start, end) = (self.starts[pages.start], self.starts[pages.end]);
        let mut bytes = vec![0; (end - start) as usize];
        let mut file = self.file.lock().expect("record file lock");
        file.seek(SeekFrom::Start(start))
            .and_then(|_| file.read_exact(&mut bytes))
            .context("reading page records back from a temporary file")?;
        Ok(pages
            .map(|page| {
                let from = (self.starts[page] - start) as usize;
                let to = (self.starts[page + 1] - start) as usize;
                bytes[from..to].to_vec()
            })
            .collect())
    }
}

/// A dictionary trained by zstd's trainer on records spread over the site (empty when too few
/// to train).
pub fn train_dictionary(records: &SpilledRecords) -> anyhow::Result<Vec<u8>> {
    let total = records.total_bytes() as usize;
    let step = total.div_ceil(TRAINING_BYTES).max(1);
    let mut samples = Vec::new();
    for page in (0..records.len()).step_by(step) {
        samples.extend(records.read(page..page + 1)?);
    }
    if samples.len() < 16 {
        return Ok(Vec::new());
    }
    Ok(zstd::dict::from_samples(&samples, DICTIONARY_BYTES).unwrap_or_default())
}

/// The pages' records compressed (one frame per page, by page in site order), set aside in a
/// temporary file in `dir` until they are written in page-number order.
pub fn compress_records(
    spilled: &SpilledRecords,
    dictionary: &[u8],
    dir: &Path,
) -> anyhow::Result<SpilledRecords> {
    let mut frames = RecordSpill::new(dir)?;
    // A batch of frames at a time, on every core: all of them at once doubled the region.
    for first in (0..spilled.len()).step_by(RECORD_BATCH) {
        let batch = spilled.read(first..(first + RECORD_BATCH).min(spilled.len()))?;
        let compressed: Vec<Vec<u8>> = batch
            .par_iter()
            .map(|record| encode_frame(record, dictionary, RECORD_LEVEL))
            .collect::<std::io::Result<_>>()?;
        for frame in compressed {
            frames.push(&frame)?;
        }
    }
    frames.finish()
}

impl SpilledRecords {
    /// Each record's length in [`RECORD_ALIGN`] units, by page.
    pub fn units(&self) -> Vec<u64> {
        let lengths = self.starts.windows(2).map(|s| s[1] - s[0]);
        lengths.map(|len| len.div_ceil(RECORD_ALIGN)).collect()
    }

    /// The records region, in a temporary file in `dir`: the records of `pages` (by page
    /// number, the page each is in site order), each padded to a multiple of [`RECORD_ALIGN`].
    pub fn region(&self, pages: &[u32], dir: &Path) -> anyhow::Result<RegionFile> {
        let mut region = RegionFile::new(dir)?;
        let padding = [0u8; RECORD_ALIGN as usize];
        for &page in pages {
            let page = page as usize;
            let record = self.read(page..page + 1)?.concat();
            region.write(&record)?;
            let padded = (record.len() as u64).div_ceil(RECORD_ALIGN) * RECORD_ALIGN;
            region.write(&padding[..(padded - record.len() as u64) as usize])?;
        }
        Ok(region)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_back_as_written() {
        let dir = tempfile::tempdir().unwrap();
        let mut spill = RecordSpill::new(dir.path()).unwrap();
        let records: Vec<Vec<u8>> = (0..50u8).map(|i| vec![i; usize::from(i) * 3]).collect();
        for record in &records {
            spill.push(record).unwrap();
        }
        let spilled = spill.finish().unwrap();
        assert_eq!(spilled.len(), 50);
        assert_eq!(
            spilled.total_bytes(),
            (0..50u64).map(|i| i * 3).sum::<u64>()
        );
        assert_eq!(spilled.read(0..50).unwrap(), records);
        assert_eq!(spilled.read(7..9).unwrap(), records[7..9]);
        assert!(spilled.read(3..3).unwrap().is_empty());
    }
}
