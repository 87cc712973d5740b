//! The pages a query (or part of one) matches as far as the postings read tell: each with
//! the least and most it scores and whether it surely matches ([`Score`]), and a bound on what
//! the pages not listed may score ([`Scored::rest`]), for a long word whose tail is not read
//! ([`crate::formats::site_file::postings::Tail`]). The query tree's operations keep both: AND, OR, NOT, the best
//! of a slot's words; with every list whole they are the exact set operations.

/// A page's score as far as the postings read tell: if it matches, its score is between
/// `low` and `high`; `sure`: it matches (else it may, on postings not read, and `low` means
/// nothing).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    /// The least it scores.
    pub low: f32,
    /// The most it scores.
    pub high: f32,
    /// Whether it matches.
    pub sure: bool,
}

impl Score {
    /// A page that matches with `score`.
    pub fn exact(score: f32) -> Score {
        Score {
            low: score,
            high: score,
            sure: true,
        }
    }

    /// A page that may match, scoring at most `high`.
    fn maybe(high: f32) -> Score {
        Score {
            low: 0.0,
            high,
            sure: false,
        }
    }

    /// Whether the page matches with a known score.
    pub fn settled(&self) -> bool {
        self.sure && self.low == self.high
    }
}

/// The pages a query (or part of one) matches, as far as the postings read tell.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scored {
    /// The pages that match or may, in page order, each once.
    pub pages: Vec<(u32, Score)>,
    /// The most a page not listed may score, if one may match (on postings not read).
    pub rest: Option<f32>,
}

impl Scored {
    /// Pages that match with these scores, and no other.
    pub fn exactly(pages: impl Iterator<Item = (u32, f32)>) -> Scored {
        Scored {
            pages: pages
                .map(|(page, score)| (page, Score::exact(score)))
                .collect(),
            rest: None,
        }
    }
}

/// Each page of `a` or `b` with its score on either side, combined by `combine`: the score
/// listed, or where a side does not list the page, what it may score there on postings not
/// read (its `rest`), or nothing. Both lists are in page order, and so is the result.
/// (`combine` is a trait object: one walk in the engine, not one per operation.)
fn walk(
    a: &Scored,
    b: &Scored,
    combine: &dyn Fn(Option<Score>, Option<Score>) -> Option<Score>,
) -> Vec<(u32, Score)> {
    let unlisted = |rest: Option<f32>| rest.map(Score::maybe);
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::with_capacity(a.pages.len().max(b.pages.len()));
    loop {
        let (page, x, y) = match (a.pages.get(i), b.pages.get(j)) {
            (Some(&(p, x)), Some(&(q, y))) if p == q => {
                (i, j) = (i + 1, j + 1);
                (p, Some(x), Some(y))
            }
            (Some(&(p, x)), next) if next.is_none_or(|&(q, _)| p < q) => {
                i += 1;
                (p, Some(x), unlisted(b.rest))
            }
            (_, Some(&(q, y))) => {
                j += 1;
                (q, unlisted(a.rest), Some(y))
            }
            _ => break,
        };
        out.extend(combine(x, y).map(|score| (page, score)));
    }
    out
}

/// Either of two scores, the sure ones' lows and both highs combined by `combine`.
fn either(x: Option<Score>, y: Option<Score>, combine: impl Fn(f32, f32) -> f32) -> Score {
    let [x, y] = [x, y].map(|score| score.unwrap_or(Score::maybe(0.0)));
    let low = |score: Score| if score.sure { score.low } else { 0.0 };
    Score {
        low: combine(low(x), low(y)),
        high: combine(x.high, y.high),
        sure: x.sure || y.sure,
    }
}

/// The rest of two lists that either matches, combined by `combine`.
fn either_rest(a: &Scored, b: &Scored, combine: impl Fn(f32, f32) -> f32) -> Option<f32> {
    either_bound(a.rest, b.rest, combine)
}

/// Two bounds of what pages may score combined by `combine`, either absent (none may match)
/// counting for nothing.
pub(super) fn either_bound(
    a: Option<f32>,
    b: Option<f32>,
    combine: impl Fn(f32, f32) -> f32,
) -> Option<f32> {
    match (a, b) {
        (Some(x), Some(y)) => Some(combine(x, y)),
        (x, y) => x.or(y),
    }
}

/// Pages in both, scores summed.
pub(super) fn intersect(a: &Scored, b: &Scored) -> Scored {
    let pages = walk(a, b, &|x, y| {
        let (x, y) = (x?, y?);
        Some(Score {
            low: x.low + y.low,
            high: x.high + y.high,
            sure: x.sure && y.sure,
        })
    });
    let rest = a.rest.zip(b.rest).map(|(x, y)| x + y);
    Scored { pages, rest }
}

/// Pages of `a`, plus `b`'s score where `b` has them.
pub(super) fn add_where_present(a: &Scored, b: &Scored) -> Scored {
    let pages = walk(a, b, &|x, y| {
        let x = x?;
        let y = y.unwrap_or(Score::maybe(0.0));
        Some(Score {
            low: x.low + if y.sure { y.low } else { 0.0 },
            high: x.high + y.high,
            sure: x.sure,
        })
    });
    let rest = a.rest.map(|x| x + b.rest.unwrap_or(0.0));
    Scored { pages, rest }
}

/// Pages in either, scores summed.
pub(super) fn union(a: &Scored, b: &Scored) -> Scored {
    let add = |x: f32, y: f32| x + y;
    let pages = walk(a, b, &|x, y| Some(either(x, y, add)));
    let rest = either_rest(a, b, add);
    Scored { pages, rest }
}

/// Pages in either, with the better of their scores.
pub(super) fn best_of(a: &Scored, b: &Scored) -> Scored {
    let pages = walk(a, b, &|x, y| Some(either(x, y, f32::max)));
    let rest = either_rest(a, b, f32::max);
    Scored { pages, rest }
}

/// Pages of `a` not in `b`.
pub(super) fn subtract(a: &Scored, b: &Scored) -> Scored {
    let pages = walk(a, b, &|x, y| match (x?, y) {
        (_, Some(y)) if y.sure => None,
        (x, Some(_)) => Some(Score { sure: false, ..x }),
        (x, None) => Some(x),
    });
    Scored {
        pages,
        rest: a.rest,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pages(pages: &[(u32, f32)], rest: Option<f32>) -> Scored {
        let mut scored = Scored::exactly(pages.iter().copied());
        scored.rest = rest;
        scored
    }

    #[test]
    fn sets_combine_by_page() {
        let a = pages(&[(1, 1.0), (2, 1.0), (5, 1.0)], None);
        let b = pages(&[(2, 2.0), (7, 2.0)], None);
        assert_eq!(intersect(&a, &b), pages(&[(2, 3.0)], None));
        let all = [(1, 1.0), (2, 3.0), (5, 1.0), (7, 2.0)];
        assert_eq!(union(&a, &b), pages(&all, None));
        assert_eq!(subtract(&a, &b), pages(&[(1, 1.0), (5, 1.0)], None));
        let present = [(1, 1.0), (2, 3.0), (5, 1.0)];
        assert_eq!(add_where_present(&a, &b), pages(&present, None));
        let best = [(1, 1.0), (2, 2.0), (5, 1.0), (7, 2.0)];
        assert_eq!(best_of(&a, &b), pages(&best, None));
    }

    #[test]
    fn postings_not_read_bound_what_pages_may_score() {
        let maybe = |low, high| Score {
            low,
            high,
            sure: false,
        };
        let sure = |low, high| Score {
            low,
            high,
            sure: true,
        };
        // `b`'s tail may hold page 1 (at most 0.5) and page 5.
        let a = pages(&[(1, 1.0), (2, 1.0), (5, 1.0)], None);
        let b = pages(&[(2, 2.0), (7, 2.0)], Some(0.5));
        let both = intersect(&a, &b);
        assert_eq!(both.rest, None, "a page a lacks matches neither");
        let expected = [
            (1, maybe(1.0, 1.5)),
            (2, Score::exact(3.0)),
            (5, maybe(1.0, 1.5)),
        ];
        assert_eq!(both.pages, expected);
        assert!(!both.pages[0].1.settled() && both.pages[1].1.settled());
        let either = union(&a, &b);
        assert_eq!(either.rest, Some(0.5));
        assert_eq!(either.pages[0], (1, sure(1.0, 1.5)));
        assert_eq!(either.pages[3], (7, Score::exact(2.0)));
        let present = add_where_present(&a, &b);
        assert_eq!(present.pages[0], (1, sure(1.0, 1.5)));
        assert_eq!(present.rest, None);
        let without = subtract(&a, &b);
        let unsure = [(1, maybe(1.0, 1.0)), (5, maybe(1.0, 1.0))];
        assert_eq!(without.pages, unsure, "b's tail may hold them");
        let best = best_of(&b, &a);
        assert_eq!(best.pages[1], (2, sure(2.0, 2.0)));
        assert_eq!(best.rest, Some(0.5));
    }
}
