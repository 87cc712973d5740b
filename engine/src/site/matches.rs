//! The pages a search of several indexes matches, as far as the postings read tell: whether
//! its first hits are settled ([`Matched::settled`], else long words' tails are read), and
//! the pages ranked by score.

use super::scored::{either_bound, Score, Scored};
use crate::sorted_unique;

/// A page of one of the indexes searched together: `(index, page)`.
pub(super) type At = (usize, u32);

/// Pages of the indexes with their scores.
pub(super) type Ranked = Vec<(At, f32)>;

/// The pages of every index a query matches, as far as the postings read tell
/// ([`Score`]).
pub(super) struct Matches {
    /// The pages, by index and page.
    pages: Vec<(At, Score)>,
    /// The most a page not listed may score, if one may match.
    rest: Option<f32>,
}

impl Matches {
    pub(super) fn of(scored: Vec<Scored>) -> Matches {
        let mut rest: Option<f32> = None;
        let mut pages = Vec::new();
        for (i, scored) in scored.into_iter().enumerate() {
            rest = either_bound(rest, scored.rest, f32::max);
            pages.extend(
                scored
                    .pages
                    .into_iter()
                    .map(|(page, score)| ((i, page), score)),
            );
        }
        Matches { pages, rest }
    }

    /// Whether every page it matches is known, with its score.
    pub(super) fn complete(&self) -> bool {
        self.rest.is_none() && self.pages.iter().all(|(_, score)| score.settled())
    }

    /// The pages sure to match, with the least they score.
    pub(super) fn sure(self) -> Ranked {
        let sure = self.pages.into_iter().filter(|(_, score)| score.sure);
        sure.map(|(at, score)| (at, score.low)).collect()
    }

    /// Whether its first `wanted` pages by score are known, in order, with their scores:
    /// each sure to match with a known score, and no other page scoring as much.
    fn first_settled(&self, wanted: usize) -> bool {
        if wanted == 0 || self.complete() {
            return true;
        }
        let sure = self.pages.iter().filter(|(_, score)| score.sure);
        let mut sure: Ranked = sure.map(|&(at, score)| (at, score.low)).collect();
        if sure.len() < wanted {
            return false;
        }
        sure.sort_unstable_by(by_score);
        let first = &sure[..wanted];
        let (last, least) = first[wanted - 1];
        // Each of them has a known score; any other page scores less than the last of them,
        // or as much with a known score and ranked after it by page (a bound cannot rank a
        // tie).
        let in_place = |(at, score): &(At, Score)| match first.iter().any(|f| f.0 == *at) {
            true => score.settled(),
            false => score.high < least || score.settled() && score.low == least && *at > last,
        };
        self.rest.is_none_or(|rest| rest < least) && self.pages.iter().all(in_place)
    }
}

/// What the query as typed and, while it is typed, with its last word completed match.
pub(super) struct Matched {
    pub(super) exact: Matches,
    pub(super) completed: Option<Matches>,
}

impl Matched {
    /// Whether every page either matches is known.
    pub(super) fn complete(&self) -> bool {
        self.exact.complete() && self.completed.as_ref().is_none_or(Matches::complete)
    }

    /// Whether the first `wanted` hits are known (and with `count_all`, every hit): those of
    /// the text as typed, then, past them all, those only the completed text finds.
    pub(super) fn settled(&self, wanted: usize, count_all: bool) -> bool {
        if count_all {
            return self.complete();
        }
        if !self.exact.complete() {
            return self.exact.first_settled(wanted);
        }
        let Some(completed) = &self.completed else {
            return true;
        };
        // In order, each once (`Matches::of`).
        let exact: Vec<At> = self.exact.pages.iter().map(|(at, _)| *at).collect();
        let more = Matches {
            pages: (completed.pages.iter())
                .filter(|(at, _)| exact.binary_search(at).is_err())
                .copied()
                .collect(),
            rest: completed.rest,
        };
        more.first_settled(wanted.saturating_sub(exact.len()))
    }
}

/// Pages by score, best first; then, for a completed query, the pages only it matched, by
/// their score: so the first hits are those of the text as typed, in the same order.
pub(super) fn rank(exact: Ranked, completed: Option<Ranked>) -> Ranked {
    let mut ranked = exact;
    ranked.sort_unstable_by(by_score);
    if let Some(completed) = completed {
        // A sorted list, not a hash set: one kind of set less in the engine.
        let exact = sorted_ats(ranked.iter());
        let mut more: Ranked = completed
            .into_iter()
            .filter(|(at, _)| exact.binary_search(at).is_err())
            .collect();
        more.sort_unstable_by(by_score);
        ranked.extend(more);
    }
    ranked
}

/// Best score first, then by index and page.
fn by_score(a: &(At, f32), b: &(At, f32)) -> std::cmp::Ordering {
    b.1.total_cmp(&a.1).then(a.0.cmp(&b.0))
}

/// The pages of `ranked`, sorted, each once: sorted as `u64`s (one sort in the engine for
/// integers, not one per type).
pub(super) fn sorted_ats<'a>(ranked: impl Iterator<Item = &'a (At, f32)>) -> Vec<At> {
    let packed = ranked.map(|((i, page), _)| (*i as u64) << 32 | u64::from(*page));
    let sorted = sorted_unique(packed.collect()).into_iter();
    sorted
        .map(|key| ((key >> 32) as usize, key as u32))
        .collect()
}
