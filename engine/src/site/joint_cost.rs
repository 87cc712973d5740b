//! What searching several site indexes together costs, counted as one query's cost: each
//! index counts its own reads, and a step that reads from several of them at once (they are
//! read concurrently) is one wave, not one per index.

use crate::api::SearchStats;
use crate::io::{QueryStats, RequestRecord};

use super::stopwatch::Stopwatch;

/// The counters of indexes searched together, step by step.
pub struct JointCost {
    each: Vec<QueryStats>,
    /// Waves of the whole search so far.
    waves: u64,
    /// Per index, the search's wave each of its own waves was part of.
    wave_of: Vec<Vec<u64>>,
}

impl JointCost {
    /// Counters for `indexes` indexes.
    pub fn new(indexes: usize) -> JointCost {
        JointCost {
            each: (0..indexes).map(|_| QueryStats::new()).collect(),
            waves: 0,
            wave_of: vec![Vec::new(); indexes],
        }
    }

    /// Every index's counters, in index order (clones share the counts).
    pub fn each(&self) -> Vec<QueryStats> {
        self.each.clone()
    }

    /// Ends a step whose reads ran concurrently over the indexes: an index's first wave in it
    /// is the search's next wave, whichever index read (its second, the one after, …).
    pub fn step_done(&mut self) {
        let mut most = 0;
        for (stats, waves_of) in self.each.iter().zip(&mut self.wave_of) {
            let new = stats.counts().waves - waves_of.len() as u64;
            waves_of.extend((1..=new).map(|k| self.waves + k));
            most = most.max(new);
        }
        self.waves += most;
    }

    /// What the search cost since `started`.
    pub fn stats(&self, started: Stopwatch) -> SearchStats {
        let mut stats = SearchStats {
            waves: self.waves,
            splits_total: self.each.len() as u64,
            splits_opened: self.each.len() as u64,
            elapsed_ms: started.elapsed_ms(),
            ..SearchStats::default()
        };
        for io in self.each.iter().map(QueryStats::counts) {
            stats.requests += io.requests;
            stats.bytes += io.bytes;
            stats.cache_hits += io.cache_hits;
        }
        stats
    }

    /// Every request sent, index by index (each in the order sent), each with the search's
    /// wave it was part of.
    pub fn requests(&self) -> Vec<RequestRecord> {
        let mut all = Vec::new();
        for (stats, wave_of) in self.each.iter().zip(&self.wave_of) {
            all.extend(stats.requests().into_iter().map(|mut request| {
                // A wave that failed was never counted: it would have been the next.
                let at = usize::try_from(request.wave - 1).unwrap_or(usize::MAX);
                request.wave = wave_of.get(at).copied().unwrap_or(self.waves + 1);
                request
            }));
        }
        all
    }
}

/// What opening several indexes at once cost: the sum of their reads, in as many waves as the
/// slowest to open (they are opened concurrently).
pub fn opened_together(each: &[SearchStats]) -> SearchStats {
    let mut all = SearchStats::default();
    for stats in each {
        all.requests += stats.requests;
        all.bytes += stats.bytes;
        all.cache_hits += stats.cache_hits;
        all.splits_total += stats.splits_total;
        all.splits_opened += stats.splits_opened;
        all.waves = all.waves.max(stats.waves);
        all.elapsed_ms = all.elapsed_ms.max(stats.elapsed_ms);
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_reading_from_several_indexes_is_one_wave() {
        let mut cost = JointCost::new(2);
        let each = cost.each();
        // Step 1: both read (one wave each); step 2: only the second, twice in a row.
        each[0].add_request("a", 0..10);
        each[1].add_request("b", 0..20);
        each[0].add_wave();
        each[1].add_wave();
        cost.step_done();
        each[1].add_request("b", 20..30);
        each[1].add_wave();
        each[1].add_request("b", 30..40);
        each[1].add_wave();
        cost.step_done();
        // Step 3: nothing read.
        cost.step_done();
        let stats = cost.stats(Stopwatch::start());
        assert_eq!((stats.requests, stats.bytes, stats.waves), (4, 50, 3));
        let waves: Vec<(String, u64)> = cost
            .requests()
            .into_iter()
            .map(|r| (r.file, r.wave))
            .collect();
        let expected = [("a", 1), ("b", 1), ("b", 2), ("b", 3)];
        // Index by index: the first index's request, then the second's.
        assert_eq!(waves, expected.map(|(f, w)| (f.to_string(), w)).to_vec());
    }
}
