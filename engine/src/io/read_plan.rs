//! Which requests read a wave's missing pages of one file: runs of pages, joined across gaps
//! to fit the wave's request budget.

use std::ops::Range;

/// Gaps this small are always read through: a request costs more (headers, latency).
const ALWAYS_READ_THROUGH_PAGES: u64 = 2;

/// The requests for `pages`: runs of consecutive pages, joined across gaps of at most
/// [`ALWAYS_READ_THROUGH_PAGES`]; then, if that leaves more than `budget` runs, joined across
/// the smallest gaps until within it, reading through at most `max_gap` pages of gaps in all
/// (the round trip a 7th request waits for is worth a bounded number of bytes, whatever the
/// number of gaps). When the budget cannot be met so, nothing more is joined (joining fewer
/// would cost bytes and save no round trip), unless `partial`: where every request is metered
/// (a Worker's subrequests), each gap of `max_gap` pages or fewer is worth reading through
/// anyway.
/// Pages read through a gap are verified and cached like the others (when metered, dropped:
/// see `read_pages`).
pub(super) fn plan_runs(
    pages: &[u64],
    budget: usize,
    max_gap: u64,
    partial: bool,
) -> Vec<Range<u64>> {
    let mut runs: Vec<Range<u64>> = Vec::new();
    for &page in pages {
        match runs.last_mut() {
            Some(run) if page - run.end <= ALWAYS_READ_THROUGH_PAGES => run.end = page + 1,
            _ => runs.push(page..page + 1),
        }
    }
    let budget = budget.max(1);
    if runs.len() <= budget {
        return runs;
    }
    let mut gaps: Vec<u64> = runs.windows(2).map(|w| w[1].start - w[0].end).collect();
    gaps.sort_unstable();
    // Joining the `len - budget` smallest gaps; the largest of them decides.
    let mut to_join = runs.len() - budget;
    let read_through = match partial {
        true => gaps[to_join - 1],
        false => gaps[..to_join].iter().sum(),
    };
    if read_through > max_gap {
        if !partial {
            return runs;
        }
        to_join = gaps.iter().take_while(|&&gap| gap <= max_gap).count();
        if to_join == 0 {
            return runs;
        }
    }
    let widest = gaps[to_join - 1];
    let mut joined: Vec<Range<u64>> = Vec::with_capacity(runs.len() - to_join);
    let mut still_to_join = to_join;
    for run in runs {
        match joined.last_mut() {
            // Ties at the widest gap: join only as many as needed.
            Some(last) if still_to_join > 0 && run.start - last.end <= widest => {
                last.end = run.end;
                still_to_join -= 1;
            }
            _ => joined.push(run),
        }
    }
    joined
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(pages: &[u64]) -> Vec<u64> {
        pages.to_vec()
    }

    #[test]
    fn runs_join_adjacent_pages_and_small_gaps() {
        assert_eq!(
            plan_runs(&set(&[1, 2, 3, 7, 9, 10]), 10, 64, false),
            vec![1..4, 7..11]
        );
        assert_eq!(plan_runs(&set(&[0, 3]), 10, 64, false), vec![0..4]);
        assert_eq!(plan_runs(&set(&[0, 4]), 10, 64, false), vec![0..1, 4..5]);
    }

    #[test]
    fn runs_fit_the_budget_by_joining_the_smallest_gaps() {
        let pages = set(&[0, 10, 14, 40, 100]);
        assert_eq!(
            plan_runs(&pages, 3, 64, false),
            vec![0..15, 40..41, 100..101]
        );
        assert_eq!(plan_runs(&pages, 2, 64, false), vec![0..41, 100..101]);
        // When the budget cannot be met within the gap limit, nothing is joined.
        assert_eq!(
            plan_runs(&pages, 1, 30, false),
            vec![0..1, 10..11, 14..15, 40..41, 100..101]
        );
        // The limit is on the gaps read through in all: 3 + 9 + 25 pages are more than 30,
        // though each of them is less.
        assert_eq!(
            plan_runs(&pages, 2, 30, false),
            vec![0..1, 10..11, 14..15, 40..41, 100..101]
        );
        assert_eq!(plan_runs(&pages, 2, 37, false), vec![0..41, 100..101]);
    }

    #[test]
    fn metered_requests_join_every_gap_within_the_limit() {
        let pages = set(&[0, 10, 14, 40, 100]);
        // The budget of 1 is out of reach within gaps of 30 pages; the gaps of 9, 3 and 25
        // pages are read through all the same, the gap of 59 is not.
        assert_eq!(plan_runs(&pages, 1, 30, true), vec![0..41, 100..101]);
        assert_eq!(
            plan_runs(&pages, 1, 5, true),
            vec![0..1, 10..15, 40..41, 100..101]
        );
        assert_eq!(
            plan_runs(&pages, 1, 2, true),
            vec![0..1, 10..11, 14..15, 40..41, 100..101]
        );
        // Within reach, it plans exactly as without metering.
        assert_eq!(
            plan_runs(&pages, 3, 64, true),
            plan_runs(&pages, 3, 64, false)
        );
    }
}
