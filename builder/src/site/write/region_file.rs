//! A region of a site file (or the records it is made from) written to a temporary file as
//! it is made, then copied into the site file: a million-page site's chunks, positions and
//! records (350 MB) were held in memory until the file was written, a third of the build's
//! peak.

use std::fs::File;
use std::io::{BufReader, BufWriter, Seek, SeekFrom, Write};
use std::path::Path;

use anyhow::Context;

/// Bytes appended to an anonymous temporary file (removed however the build ends).
pub struct RegionFile {
    file: BufWriter<File>,
    len: u64,
}

impl RegionFile {
    /// An empty region in a temporary file in `dir`.
    pub fn new(dir: &Path) -> anyhow::Result<RegionFile> {
        let file = tempfile::tempfile_in(dir)
            .with_context(|| format!("creating a temporary file in {}", dir.display()))?;
        Ok(RegionFile {
            file: BufWriter::with_capacity(1 << 20, file),
            len: 0,
        })
    }

    /// Appends `bytes`.
    pub fn write(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        (self.file.write_all(bytes))
            .context("writing the site file's region to a temporary file")?;
        self.len += bytes.len() as u64;
        Ok(())
    }

    /// Bytes written so far.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// The file written, at its start.
    pub fn into_file(self) -> anyhow::Result<File> {
        let mut file = (self.file.into_inner())
            .map_err(|e| e.into_error())
            .context("writing the site file's region to a temporary file")?;
        file.seek(SeekFrom::Start(0))?;
        Ok(file)
    }

    /// The region written, to read from its start.
    pub fn into_reader(self) -> anyhow::Result<BufReader<File>> {
        Ok(BufReader::with_capacity(1 << 20, self.into_file()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn a_region_reads_back_as_written() {
        let dir = tempfile::tempdir().unwrap();
        let mut region = RegionFile::new(dir.path()).unwrap();
        let bytes: Vec<u8> = (0..3_000_000u32).map(|i| (i * 7) as u8).collect();
        region.write(&bytes[..10]).unwrap();
        region.write(&bytes[10..]).unwrap();
        assert_eq!(region.len(), bytes.len() as u64);
        let mut read = Vec::new();
        region
            .into_reader()
            .unwrap()
            .read_to_end(&mut read)
            .unwrap();
        assert_eq!(read, bytes);
    }
}
