//! Time-range search: `start_timestamp` / `end_timestamp` keep the hits whose timestamp field
//! lies in `[start, end)`. The manifest records each split's time range, so a split outside
//! the range is never opened (no request at all), a split inside it needs no filtering, and
//! only the splits across a bound run a range query on the timestamp column.

use std::ops::Bound;

use tantivy::query::{BooleanQuery, ConstScoreQuery, Occur, Query, RangeQuery};
use tantivy::{DateTime, Term};

use crate::api::STORED_SECONDS;
use crate::error::{ErrorKind, Result};
use crate::mapping::MappedSchema;

/// `[start, end)` in seconds since the epoch; either bound may be open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TimeRange {
    start: Option<i64>,
    end: Option<i64>,
}

/// How a split's recorded time range meets the searched one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Overlap {
    /// No document of the split can match: the split is skipped.
    None,
    /// Every document of the split is in range.
    Whole,
    /// Some may be: the split's query gets the range as a filter.
    Partial,
}

impl TimeRange {
    /// The range a request asks for, checked against the index (`None`: no time range).
    pub(crate) fn of(
        start: Option<i64>,
        end: Option<i64>,
        schema: &MappedSchema,
    ) -> Result<Option<TimeRange>> {
        if start.is_none() && end.is_none() {
            return Ok(None);
        }
        if schema.mapping.timestamp_field.is_none() {
            return Err(ErrorKind::InvalidQuery.with_message(
                "start_timestamp / end_timestamp: this index has no timestamp_field in its mapping",
            ));
        }
        if let (Some(start), Some(end)) = (start, end) {
            if start >= end {
                return Err(ErrorKind::InvalidQuery.with_message(format!(
                    "start_timestamp ({start}) must be before end_timestamp ({end}): the range is [start, end)"
                )));
            }
        }
        Ok(Some(TimeRange { start, end }))
    }

    /// How a split whose documents lie in `recorded` (inclusive; `None`: unknown) meets the
    /// range.
    pub(crate) fn overlap(&self, recorded: Option<(i64, i64)>) -> Overlap {
        let Some((first, last)) = recorded else {
            return Overlap::Partial;
        };
        let after_start = |t: i64| self.start.is_none_or(|start| t >= start);
        let before_end = |t: i64| self.end.is_none_or(|end| t < end);
        if !before_end(first) || !after_start(last) {
            Overlap::None
        } else if after_start(first) && before_end(last) {
            Overlap::Whole
        } else {
            Overlap::Partial
        }
    }

    /// `query` restricted to the range (scores unchanged: the range clause scores 0).
    pub(crate) fn restrict(&self, query: Box<dyn Query>, schema: &MappedSchema) -> Box<dyn Query> {
        let name = schema
            .mapping
            .timestamp_field
            .as_deref()
            .expect("checked by TimeRange::of");
        let field = schema.field(name).expect("validated mapping");
        let bound = |t: Option<i64>, inclusive: bool| match t {
            None => Bound::Unbounded,
            Some(t) => {
                // No stored date lies outside STORED_SECONDS: a bound past it is the end.
                let t = t.clamp(*STORED_SECONDS.start(), *STORED_SECONDS.end());
                let term = Term::from_field_date(field, DateTime::from_timestamp_secs(t));
                if inclusive {
                    Bound::Included(term)
                } else {
                    Bound::Excluded(term)
                }
            }
        };
        let range = RangeQuery::new(bound(self.start, true), bound(self.end, false));
        Box::new(BooleanQuery::new(vec![
            (Occur::Must, query),
            (
                Occur::Must,
                Box::new(ConstScoreQuery::new(Box::new(range), 0.0)),
            ),
        ]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_are_skipped_kept_whole_or_filtered() {
        let range = TimeRange {
            start: Some(100),
            end: Some(200),
        };
        assert_eq!(range.overlap(Some((0, 99))), Overlap::None);
        assert_eq!(range.overlap(Some((200, 300))), Overlap::None);
        assert_eq!(range.overlap(Some((100, 199))), Overlap::Whole);
        assert_eq!(range.overlap(Some((150, 160))), Overlap::Whole);
        assert_eq!(range.overlap(Some((50, 100))), Overlap::Partial);
        assert_eq!(range.overlap(Some((199, 250))), Overlap::Partial);
        assert_eq!(range.overlap(None), Overlap::Partial);
        let open_end = TimeRange {
            start: Some(100),
            end: None,
        };
        assert_eq!(open_end.overlap(Some((100, i64::MAX))), Overlap::Whole);
        assert_eq!(open_end.overlap(Some((0, 99))), Overlap::None);
    }
}
