//! The word index set aside on disk when it outgrows its memory (`build --word-memory`): its
//! words, sorted, with their postings and positions, written as a *run* to a temporary file;
//! when the site file is written, the runs and the words still in memory are merged by word,
//! a word's parts in the order they were gathered (their pages ascend from one to the next).
//!
//! Run: per word, ascending, four u32 (LE): the word's length, its postings' length, its last
//! page, its positions' length; then those bytes.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::Path;

use anyhow::Context;

use super::postings_buffer::PostingsBuffer;

/// A word's pages so far: `(page, field, occurrences)` in page order, and its positions
/// encoded as the positions region holds them.
#[derive(Default)]
pub(in crate::site) struct WordPostings {
    pub(in crate::site) postings: PostingsBuffer,
    pub(in crate::site) positions: Vec<u8>,
}

impl WordPostings {
    /// Bytes allocated for it (the map's entry aside).
    pub(in crate::site) fn allocated(&self) -> usize {
        self.postings.allocated() + self.positions.capacity()
    }

    /// Adds `later`, of pages after its own.
    fn append(&mut self, later: WordPostings) {
        for (page, field, count) in later.postings.iter() {
            self.postings.push(page, field, count);
        }
        self.positions.extend_from_slice(&later.positions);
    }
}

/// Words sorted, with their postings.
pub(in crate::site) type SortedWords = Vec<(String, WordPostings)>;

/// Runs kept at once: at the next, they are merged into one (a million pages with
/// `--word-memory 1` write some 500 runs; each open file and its read buffer would stay to
/// the end).
const MAX_RUNS: usize = 64;
/// Read buffer of a run while runs are merged (64 runs: 4 MB).
const RUN_BUFFER: usize = 64 << 10;

/// The runs written so far, in the order their pages came.
pub(in crate::site) struct WordRuns {
    runs: Vec<File>,
    /// Words in them (a word in several runs counted in each).
    words: usize,
    /// Runs merged into one when there are this many.
    max_runs: usize,
    /// Runs written in all (those merged since included).
    written: usize,
}

impl Default for WordRuns {
    fn default() -> WordRuns {
        WordRuns::with_max_runs(MAX_RUNS)
    }
}

/// A word, its postings, and how many parts (runs, memory) they were merged from.
pub(in crate::site) type MergedWord = (String, WordPostings, usize);

impl WordRuns {
    fn with_max_runs(max_runs: usize) -> WordRuns {
        WordRuns {
            runs: Vec::new(),
            words: 0,
            max_runs: max_runs.max(2),
            written: 0,
        }
    }

    /// Runs on disk now.
    pub(in crate::site) fn len(&self) -> usize {
        self.runs.len()
    }

    /// Runs written in all: the times the words outgrew their memory.
    pub(in crate::site) fn written(&self) -> usize {
        self.written
    }

    /// Words in the runs, a word in several runs counted in each.
    pub(in crate::site) fn words(&self) -> usize {
        self.words
    }

    /// Writes `words` (sorted) as the next run, in a temporary file in `dir`; with too many
    /// runs, merges them into one.
    pub(in crate::site) fn spill(&mut self, words: SortedWords, dir: &Path) -> anyhow::Result<()> {
        let (run, count) = write_run(words.into_iter().map(Ok), dir)?;
        self.runs.push(run);
        self.words += count;
        self.written += 1;
        if self.runs.len() >= self.max_runs {
            let mut runs = WordRuns::with_max_runs(self.max_runs);
            runs.written = self.written;
            let runs = std::mem::replace(self, runs);
            let merged = runs.merge(Vec::new());
            let (run, count) = write_run(merged.map(|word| word.map(|(w, p, _)| (w, p))), dir)?;
            self.runs.push(run);
            self.words = count;
        }
        Ok(())
    }

    /// Every word of the runs and of `last` (sorted, gathered after the runs), each once,
    /// ascending, its postings those of every part in turn.
    pub(in crate::site) fn merge(
        self,
        last: SortedWords,
    ) -> impl Iterator<Item = anyhow::Result<MergedWord>> {
        let mut sources: Vec<Box<dyn Iterator<Item = anyhow::Result<_>>>> = (self.runs)
            .into_iter()
            .map(|file| Box::new(RunReader(BufReader::with_capacity(RUN_BUFFER, file))) as Box<_>)
            .collect();
        sources.push(Box::new(last.into_iter().map(Ok)));
        let mut heads: Vec<Option<(String, WordPostings)>> = Vec::new();
        let mut failed = None;
        for source in &mut sources {
            match source.next().transpose() {
                Ok(head) => heads.push(head),
                Err(e) => {
                    failed = failed.or(Some(e));
                    heads.push(None);
                }
            }
        }
        let mut failed = failed.map(Err);
        std::iter::from_fn(move || {
            if let Some(failed) = failed.take() {
                return Some(failed);
            }
            let first = heads.iter().flatten().map(|(word, _)| word).min()?.clone();
            let (mut merged, mut parts): (Option<WordPostings>, usize) = (None, 0);
            for (head, source) in heads.iter_mut().zip(&mut sources) {
                if head.as_ref().is_none_or(|(word, _)| *word != first) {
                    continue;
                }
                let (_, part) = head.take().expect("a head");
                parts += 1;
                match &mut merged {
                    Some(merged) => merged.append(part),
                    None => merged = Some(part),
                }
                match source.next().transpose() {
                    Ok(next) => *head = next,
                    Err(e) => return Some(Err(e)),
                }
            }
            Some(Ok((first, merged.expect("a part"), parts)))
        })
    }
}

/// Writes `words` (ascending) as a run to a temporary file in `dir`; returns it, at its
/// start, and how many words it holds.
fn write_run(
    words: impl Iterator<Item = anyhow::Result<(String, WordPostings)>>,
    dir: &Path,
) -> anyhow::Result<(File, usize)> {
    let context = || format!("writing words to a temporary file in {}", dir.display());
    let file = tempfile::tempfile_in(dir).with_context(context)?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let mut count = 0;
    for word in words {
        let (word, postings) = word?;
        let (bytes, last_page) = postings.postings.into_parts();
        let lengths = [
            word.len(),
            bytes.len(),
            last_page as usize,
            postings.positions.len(),
        ];
        for number in lengths {
            let number = u32::try_from(number).context("a word's postings past 4 GB")?;
            out.write_all(&number.to_le_bytes()).with_context(context)?;
        }
        for part in [word.as_bytes(), &bytes, &postings.positions] {
            out.write_all(part).with_context(context)?;
        }
        count += 1;
    }
    let mut file = (out.into_inner())
        .map_err(|e| e.into_error())
        .with_context(context)?;
    file.seek(SeekFrom::Start(0)).with_context(context)?;
    Ok((file, count))
}

/// The words of a run, read back in order.
struct RunReader(BufReader<File>);

impl Iterator for RunReader {
    type Item = anyhow::Result<(String, WordPostings)>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut lengths = [0u8; 16];
        match self.0.read(&mut lengths[..1]) {
            Ok(0) => return None,
            Ok(_) => {}
            Err(e) => return Some(Err(e).context("reading words back from a temporary file")),
        }
        Some(
            self.read_word(lengths)
                .context("reading words back from a temporary file"),
        )
    }
}

impl RunReader {
    /// The word whose lengths start with `lengths[0]`.
    fn read_word(&mut self, mut lengths: [u8; 16]) -> anyhow::Result<(String, WordPostings)> {
        self.0.read_exact(&mut lengths[1..])?;
        let number = |at: usize| u32::from_le_bytes(lengths[at..at + 4].try_into().expect("4"));
        let mut read = |len: u32| -> std::io::Result<Vec<u8>> {
            let mut bytes = vec![0; len as usize];
            self.0.read_exact(&mut bytes)?;
            Ok(bytes)
        };
        let word = String::from_utf8(read(number(0))?)?;
        let postings = PostingsBuffer::from_parts(read(number(4))?, number(8));
        let positions = read(number(12))?;
        Ok((
            word,
            WordPostings {
                postings,
                positions,
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn postings(pages: &[(u32, u8, u32)], positions: &[u8]) -> WordPostings {
        let mut buffer = PostingsBuffer::default();
        for &(page, field, count) in pages {
            buffer.push(page, field, count);
        }
        WordPostings {
            postings: buffer,
            positions: positions.to_vec(),
        }
    }

    fn listed(words: impl Iterator<Item = anyhow::Result<MergedWord>>) -> Vec<String> {
        words
            .map(|word| {
                let (word, postings, parts) = word.unwrap();
                let pages: Vec<_> = postings.postings.iter().collect();
                format!("{word} {pages:?} {:?} {parts}", postings.positions)
            })
            .collect()
    }

    #[test]
    fn runs_merge_by_word_with_each_words_parts_in_turn() {
        let dir = tempfile::tempdir().unwrap();
        let mut runs = WordRuns::default();
        let first = vec![
            (
                "apple".to_string(),
                postings(&[(0, 0, 1), (2, 2, 3)], &[1, 5]),
            ),
            ("zeta".to_string(), postings(&[(1, u8::MAX, 0)], &[])),
        ];
        runs.spill(first, dir.path()).unwrap();
        runs.spill(
            vec![("apple".into(), postings(&[(4, 1, 2)], &[2]))],
            dir.path(),
        )
        .unwrap();
        runs.spill(Vec::new(), dir.path()).unwrap();
        assert_eq!(runs.len(), 3);
        let last = vec![
            ("banana".to_string(), postings(&[(7, 0, 1)], &[9])),
            ("zeta".to_string(), postings(&[(300, u8::MAX, 0)], &[])),
        ];
        assert_eq!(
            listed(runs.merge(last)),
            [
                "apple [(0, 0, 1), (2, 2, 3), (4, 1, 2)] [1, 5, 2] 2",
                "banana [(7, 0, 1)] [9] 1",
                "zeta [(1, 255, 0), (300, 255, 0)] [] 2",
            ]
        );
    }

    #[test]
    fn too_many_runs_are_merged_into_one_as_they_are_written() {
        let dir = tempfile::tempdir().unwrap();
        let (mut few, mut all) = (WordRuns::with_max_runs(3), WordRuns::with_max_runs(100));
        for page in 0..7u32 {
            let words = || {
                let mut words = vec![("every".to_string(), postings(&[(page, 0, 1)], &[7]))];
                if page % 2 == 0 {
                    words.push(("even".to_string(), postings(&[(page, 1, 2)], &[8])));
                }
                words.sort_by(|a, b| a.0.cmp(&b.0));
                words
            };
            few.spill(words(), dir.path()).unwrap();
            all.spill(words(), dir.path()).unwrap();
            assert!(few.len() < 3, "{} runs", few.len());
        }
        assert_eq!((few.written(), all.written(), all.len()), (7, 7, 7));
        let last = || vec![("every".to_string(), postings(&[(9, 0, 1)], &[1]))];
        let strip_parts = |listed: Vec<String>| -> Vec<String> {
            let cut = |line: &String| line.rsplit_once(' ').unwrap().0.to_string();
            listed.iter().map(cut).collect()
        };
        let merged_few = strip_parts(listed(few.merge(last())));
        assert_eq!(merged_few, strip_parts(listed(all.merge(last()))));
        assert_eq!(merged_few[1], "every [(0, 0, 1), (1, 0, 1), (2, 0, 1), (3, 0, 1), (4, 0, 1), (5, 0, 1), (6, 0, 1), (9, 0, 1)] [7, 7, 7, 7, 7, 7, 7, 1]");
    }

    #[test]
    fn no_runs_merge_to_the_words_in_memory() {
        let last = vec![("one".to_string(), postings(&[(3, 0, 1)], &[4]))];
        assert_eq!(
            listed(WordRuns::default().merge(last)),
            ["one [(3, 0, 1)] [4] 1"]
        );
    }

    #[test]
    fn a_truncated_run_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let mut runs = WordRuns::default();
        runs.spill(
            vec![("apple".into(), postings(&[(4, 1, 2)], &[2]))],
            dir.path(),
        )
        .unwrap();
        runs.runs[0].set_len(20).unwrap();
        let merged: Vec<_> = runs.merge(Vec::new()).collect();
        assert!(merged.iter().any(|word| word.is_err()));
    }
}
