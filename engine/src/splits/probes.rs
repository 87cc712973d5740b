//! Warm-up: make every byte the synchronous search will read present before it runs.
//!
//! Each step runs many independent synchronous *probes* inside the query's scope; every probe
//! that reads missing bytes records them and fails alone, so one step discovers all it needs
//! at once and fetches it in one wave. Steps depend on each other (a term's postings range is
//! only known once its dictionary block is read), hence: terms → postings → search → docs.

use std::path::PathBuf;
use std::sync::Arc;

use tantivy::directory::CompositeFile;
use tantivy::postings::TermInfo;
use tantivy::schema::{Field, Term};
use tantivy::termdict::TermDictionary;
use tantivy::{Directory, SegmentReader};

use super::prefix_query::PrefixTerm;
use crate::error::{from_io, is_not_warmed, Error, ErrorKind, Result};
use crate::io::{Fetcher, PageRequest, QueryStats};
use crate::mapping::has_fieldnorms;
use crate::query_text::MAX_PREFIX_EXPANSIONS;
use crate::splits::split::{OpenedSplit, QueryScope};

/// Rounds after which a step gives up: a planner bug must fail loudly, not loop.
const MAX_ROUNDS: usize = 12;

/// What one query works with: its scope, the fetcher and its counters.
pub(crate) struct Warmup<'a> {
    pub scope: Arc<QueryScope>,
    pub fetcher: &'a Fetcher,
    pub stats: &'a QueryStats,
    pub splits: &'a [Arc<OpenedSplit>],
}

/// Outcome of one probe: done, or waiting for bytes that are now recorded as missing.
pub(crate) enum Probe<T> {
    Ready(T),
    Missing,
}

/// Runs `f` in a probe: a `NotWarmed` failure becomes `Missing`, other errors propagate.
pub(crate) fn probe<T>(f: impl FnOnce() -> tantivy::Result<T>) -> Result<Probe<T>> {
    match f() {
        Ok(value) => Ok(Probe::Ready(value)),
        Err(error) if is_not_warmed(&error) => Ok(Probe::Missing),
        Err(error) => Err(Error::from(error)),
    }
}

/// Same as [`probe`] for io results.
pub(crate) fn probe_io<T>(f: impl FnOnce() -> std::io::Result<T>) -> Result<Probe<T>> {
    match f() {
        Ok(value) => Ok(Probe::Ready(value)),
        Err(error) => {
            let error = from_io(error);
            if error.kind() == ErrorKind::NotWarmed {
                Ok(Probe::Missing)
            } else {
                Err(error)
            }
        }
    }
}

impl Warmup<'_> {
    /// Runs `step` until it completes without a miss, fetching what each run missed in one wave.
    pub async fn run<T>(
        &self,
        what: &str,
        mut step: impl FnMut() -> Result<Option<T>>,
    ) -> Result<T> {
        for _ in 0..MAX_ROUNDS {
            let outcome = self.scope.enter(&mut step)?;
            let misses = self.scope.take_misses();
            if let (Some(value), true) = (outcome, misses.is_empty()) {
                return Ok(value);
            }
            if misses.is_empty() {
                return Err(ErrorKind::NotWarmed.with_message(format!(
                    "{what}: a read failed without recording the bytes it needed"
                )));
            }
            self.fetch(misses).await?;
        }
        Err(ErrorKind::NotWarmed.with_message(format!(
            "{what}: still missing bytes after {MAX_ROUNDS} waves"
        )))
    }

    async fn fetch(
        &self,
        misses: std::collections::HashMap<Arc<str>, Vec<std::ops::Range<u64>>>,
    ) -> Result<()> {
        let requests = misses
            .into_iter()
            .filter_map(|(id, ranges)| {
                let split = self.splits.iter().find(|s| s.data.pages.id == id)?;
                Some(PageRequest {
                    file: split.data.pages.clone(),
                    source: split.source.clone(),
                    ranges,
                })
            })
            .collect();
        let mut pages = self.scope.take_pages();
        let result = self
            .fetcher
            .fetch_wave(requests, &mut pages, self.stats)
            .await;
        self.scope.put_pages(pages);
        result
    }
}

/// A term (or prefix expansion) found in one split.
pub(crate) struct FoundTerm {
    pub field: Field,
    pub info: TermInfo,
    pub positions: bool,
    /// The term's value bytes (as the dictionary holds them).
    pub key: Vec<u8>,
    /// For prefix expansions: which prefix of the query `key` expands.
    pub expansion: Option<usize>,
}

fn segment(split: &OpenedSplit) -> &SegmentReader {
    split.searcher.segment_reader(0)
}

/// Step 1: dictionary lookups of every term and prefix range, in every split.
pub(crate) fn probe_terms(
    split: &OpenedSplit,
    terms: &[(Term, bool)],
    prefixes: &[PrefixTerm],
    found: &mut Vec<FoundTerm>,
) -> Result<bool> {
    let segment = segment(split);
    let mut complete = true;
    found.clear();
    for (term, positions) in terms {
        let Some(inverted) = ready(
            probe(|| segment.inverted_index(term.field()))?,
            &mut complete,
        ) else {
            continue;
        };
        if let Some(Some(info)) = ready(probe_io(|| inverted.get_term_info(term))?, &mut complete) {
            found.push(FoundTerm {
                field: term.field(),
                info,
                positions: *positions,
                key: term.serialized_value_bytes().to_vec(),
                expansion: None,
            });
        }
    }
    for (prefix_index, prefix) in prefixes.iter().enumerate() {
        let Some(inverted) = ready(
            probe(|| segment.inverted_index(prefix.field))?,
            &mut complete,
        ) else {
            continue;
        };
        let expansions = probe_io(|| expansions(inverted.terms(), prefix))?;
        for (key, info) in ready(expansions, &mut complete).unwrap_or_default() {
            found.push(FoundTerm {
                field: prefix.field,
                info,
                positions: prefix.positions,
                key,
                expansion: Some(prefix_index),
            });
        }
    }
    Ok(complete)
}

/// The terms `prefix` expands to in `dictionary` (the first `MAX_PREFIX_EXPANSIONS`), with
/// their term infos.
pub(crate) fn expansions(
    dictionary: &TermDictionary,
    prefix: &PrefixTerm,
) -> std::io::Result<Vec<(Vec<u8>, TermInfo)>> {
    let bytes = prefix.prefix.serialized_value_bytes();
    let mut range = dictionary.range().ge(bytes);
    if let Some(end) = prefix_end(bytes) {
        range = range.lt(end);
    }
    let mut stream = range.limit(MAX_PREFIX_EXPANSIONS as u64).into_stream()?;
    let mut infos = Vec::new();
    while stream.advance() {
        infos.push((stream.key().to_vec(), stream.value().clone()));
    }
    Ok(infos)
}

/// The last of the first `MAX_PREFIX_EXPANSIONS` expansions of each single-word prefix over
/// all splits (`None`: the prefix expands to nothing), and the found terms with expansions
/// past it removed. Capping per index, not per split, keeps results equal to one index.
pub(crate) fn global_prefix_cutoffs(
    prefixes: &[PrefixTerm],
    found: &mut [Vec<FoundTerm>],
) -> Vec<Option<Vec<u8>>> {
    let cutoffs: Vec<Option<Vec<u8>>> = (0..prefixes.len())
        .map(|index| {
            let mut keys: Vec<&Vec<u8>> = found
                .iter()
                .flatten()
                .filter(|t| t.expansion == Some(index))
                .map(|t| &t.key)
                .collect();
            keys.sort();
            keys.dedup();
            keys.get(MAX_PREFIX_EXPANSIONS - 1)
                .or(keys.last())
                .map(|k| (*k).clone())
        })
        .collect();
    for terms in found.iter_mut() {
        terms.retain(|t| match t.expansion {
            Some(index) => cutoffs[index].as_ref().is_some_and(|c| t.key <= *c),
            None => true,
        });
    }
    cutoffs
}

/// Per prefix, how many expansions (up to the global cutoff) one split holds.
pub(crate) fn expansions_in_split(prefixes: &[PrefixTerm], found: &[FoundTerm]) -> Vec<u32> {
    (0..prefixes.len())
        .map(|index| found.iter().filter(|t| t.expansion == Some(index)).count() as u32)
        .collect()
}

/// Step 2: postings (and positions) of every found term, and the fieldnorms of scored fields.
pub(crate) fn probe_postings(
    split: &OpenedSplit,
    found: &[FoundTerm],
    scoring: bool,
) -> Result<bool> {
    let segment = segment(split);
    let directory = split.searcher.index().directory();
    let id = segment.segment_id().uuid_string();
    let composite = |extension: &str| -> Result<CompositeFile> {
        let path = PathBuf::from(format!("{id}.{extension}"));
        let slice = directory
            .open_read(&path)
            .map_err(|e| ErrorKind::Corrupt.with_message(e.to_string()))?;
        CompositeFile::open(&slice).map_err(from_io)
    };
    let postings = composite("idx")?;
    let positions = composite("pos")?;
    let mut complete = true;
    let mut fields: Vec<Field> = Vec::new();
    for term in found {
        if let Some(slice) = postings.open_read(term.field) {
            // The first 8 bytes of a field's postings hold its token count (read at open).
            let body = slice.slice_from(8).slice(term.info.postings_range.clone());
            ready(probe_io(|| body.read_bytes())?, &mut complete);
        }
        if term.positions {
            if let Some(slice) = positions.open_read(term.field) {
                let body = slice.slice(term.info.positions_range.clone());
                ready(probe_io(|| body.read_bytes())?, &mut complete);
            }
        }
        let entry = split.searcher.schema().get_field_entry(term.field);
        if scoring && has_fieldnorms(entry) && !fields.contains(&term.field) {
            fields.push(term.field);
        }
    }
    for field in fields {
        ready(
            probe(|| segment.get_fieldnorms_reader(field).map(|_| ()))?,
            &mut complete,
        );
    }
    Ok(complete)
}

fn ready<T>(probe: Probe<T>, complete: &mut bool) -> Option<T> {
    match probe {
        Probe::Ready(value) => Some(value),
        Probe::Missing => {
            *complete = false;
            None
        }
    }
}

/// The smallest key greater than every key starting with `prefix` (None: no upper bound).
fn prefix_end(prefix: &[u8]) -> Option<Vec<u8>> {
    let mut end = prefix.to_vec();
    while let Some(last) = end.pop() {
        if last < u8::MAX {
            end.push(last + 1);
            return Some(end);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::prefix_end;

    #[test]
    fn prefix_end_increments_the_last_byte_that_can_be() {
        assert_eq!(prefix_end(b"abc"), Some(b"abd".to_vec()));
        assert_eq!(prefix_end(&[b'a', 0xff]), Some(b"b".to_vec()));
        assert_eq!(prefix_end(&[0xff]), None);
    }
}
