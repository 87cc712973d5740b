//! Page records set aside in a temporary file while a site's words are gathered, read back in
//! batches when the site file is written. A million pages' records held in memory took about
//! half a gigabyte, at the build's peak.

use std::fs::File;
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::Path;

use anyhow::Context;

/// Records written in page order.
pub struct RecordSpill {
    file: BufWriter<File>,
    /// Where each page's record starts in the file, one more at the end.
    starts: Vec<u64>,
}

impl RecordSpill {
    /// A spill in an anonymous file in `dir` (removed however the build ends).
    pub fn new(dir: &Path) -> anyhow::Result<RecordSpill> {
        let file = tempfile::tempfile_in(dir)
            .with_context(|| format!("creating a temporary file in {}", dir.display()))?;
        Ok(RecordSpill {
            file: BufWriter::new(file),
            starts: vec![0],
        })
    }

    /// Appends the next page's record.
    pub fn push(&mut self, record: &[u8]) -> anyhow::Result<()> {
        self.file
            .write_all(record)
            .context("writing page records to a temporary file")?;
        let end = self.starts.last().copied().unwrap_or(0) + record.len() as u64;
        self.starts.push(end);
        Ok(())
    }

    /// The records written, to read back.
    pub fn finish(self) -> anyhow::Result<SpilledRecords> {
        let file = self
            .file
            .into_inner()
            .map_err(|e| e.into_error())
            .context("writing page records to a temporary file")?;
        Ok(SpilledRecords {
            file: std::sync::Mutex::new(file),
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
