//! Date histograms answered from the splits' day counts ([`DayCounts`], in each footer)
//! instead of their timestamp columns: "events per day" over a whole index then costs the
//! split opens alone.
//!
//! Only when the answer is the column's, bucket for bucket: every aggregation a date histogram
//! of the timestamp field, without sub-aggregations or hard bounds, its interval and offset
//! whole days (every timestamp of a day then falls in one bucket). The buckets are computed as
//! tantivy computes them from a column (nanoseconds as `f64`, `floor((t − offset) / interval)`),
//! and tantivy's own merge and final pass (empty buckets, `min_doc_count`, `extended_bounds`,
//! `keyed`, keys as dates) make the answer.

use tantivy::aggregation::agg_req::{AggregationVariants, Aggregations};
use tantivy::aggregation::intermediate_agg_result::{
    IntermediateAggregationResult, IntermediateAggregationResults, IntermediateBucketResult,
    IntermediateHistogramBucketEntry,
};

use crate::error::Result;
use crate::formats::split::{DayCounts, DAY_SECONDS};

const DAY_MS: i64 = DAY_SECONDS * 1000;
const NS_PER_MS: f64 = 1_000_000.0;

/// One date histogram the day counts answer.
pub(crate) struct DayHistogram<'a> {
    name: &'a str,
    /// Its interval and offset in nanoseconds, as tantivy normalises them.
    interval_ns: f64,
    offset_ns: f64,
}

/// The request's date histograms, if the day counts of `field` answer every aggregation in it.
pub(crate) fn of<'a>(request: &'a Aggregations, field: &str) -> Option<Vec<DayHistogram<'a>>> {
    request
        .iter()
        .map(|(name, aggregation)| {
            let AggregationVariants::DateHistogram(histogram) = &aggregation.agg else {
                return None;
            };
            // Extended bounds with a minimum count is an error tantivy reports from a column.
            let bounds_allowed =
                histogram.extended_bounds.is_none() || histogram.min_doc_count.unwrap_or(0) == 0;
            let plain = aggregation.sub_aggregation.is_empty()
                && histogram.field == field
                && histogram.interval.is_none()
                && histogram.calendar_interval.is_none()
                && histogram.format.is_none()
                && histogram.hard_bounds.is_none()
                && bounds_allowed;
            let interval = milliseconds(histogram.fixed_interval.as_deref()?)?;
            let offset = match &histogram.offset {
                None => 0,
                Some(offset) => match offset.strip_prefix('-') {
                    Some(negative) => -milliseconds(negative)?,
                    None => milliseconds(offset.strip_prefix('+').unwrap_or(offset))?,
                },
            };
            let whole_days = interval > 0 && interval % DAY_MS == 0 && offset % DAY_MS == 0;
            (plain && whole_days).then_some(DayHistogram {
                name,
                interval_ns: interval as f64 * NS_PER_MS,
                offset_ns: offset as f64 * NS_PER_MS,
            })
        })
        .collect()
}

/// `12d`, `36h`, … in milliseconds: the units tantivy reads, nothing else (anything else is
/// left to tantivy and its error).
fn milliseconds(text: &str) -> Option<i64> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let (number, unit) = text.split_at(digits);
    let unit_ms = match unit {
        "ms" | "milliseconds" => 1,
        "s" | "seconds" => 1000,
        "m" | "minutes" => 60 * 1000,
        "h" | "hours" => 60 * 60 * 1000,
        "d" | "days" => DAY_MS,
        _ => return None,
    };
    let ms = number.parse::<i64>().ok()?.checked_mul(unit_ms)?;
    // tantivy refuses intervals whose nanoseconds overflow.
    ms.checked_mul(1_000_000).map(|_| ms)
}

/// The intermediate results of `histograms` that a column scan of the splits counted in
/// `days` would give.
pub(crate) fn intermediate(
    histograms: Vec<DayHistogram>,
    days: &[&DayCounts],
) -> Result<IntermediateAggregationResults> {
    let mut results = IntermediateAggregationResults::default();
    for histogram in histograms {
        let mut buckets: Vec<IntermediateHistogramBucketEntry> = Vec::new();
        let mut counts: Vec<(i64, u64)> = days
            .iter()
            .flat_map(|split| &split.days)
            .map(|&(day, count)| (histogram.bucket(day), count))
            .collect();
        counts.sort_unstable_by_key(|(bucket, _)| *bucket);
        for (bucket, count) in counts {
            let key = histogram.key(bucket);
            match buckets.last_mut() {
                Some(last) if last.key == key => last.doc_count += count,
                _ => buckets.push(IntermediateHistogramBucketEntry {
                    key,
                    doc_count: count,
                    sub_aggregation: IntermediateAggregationResults::default(),
                }),
            }
        }
        let result = IntermediateBucketResult::Histogram {
            is_date_agg: true,
            buckets,
        };
        results.push(
            histogram.name.to_string(),
            IntermediateAggregationResult::Bucket(result),
        )?;
    }
    Ok(results)
}

impl DayHistogram<'_> {
    /// The bucket of every timestamp of `day` (tantivy's `get_bucket_pos_f64` on the day's
    /// first nanosecond, which is exact in an `f64`).
    fn bucket(&self, day: i64) -> i64 {
        let first_ns = (day * DAY_SECONDS) as f64 * 1e9;
        ((first_ns - self.offset_ns) / self.interval_ns).floor() as i64
    }

    /// A bucket's key, as tantivy's `get_bucket_key_from_pos` computes it.
    fn key(&self, bucket: i64) -> f64 {
        bucket as f64 * self.interval_ns + self.offset_ns
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tantivy::query::AllQuery;
    use tantivy::{DateTime, Index, TantivyDocument};

    use crate::formats::split::{DayCounts, DAY_SECONDS};
    use crate::mapping::{DocMapping, MappedSchema};
    use crate::splits::analytics::AggregationRequest;

    /// Timestamps around the epoch, several a day, days apart, across weeks.
    const TIMES: [i64; 12] = [
        -DAY_SECONDS * 9 - 1,
        -1,
        0,
        1,
        DAY_SECONDS - 1,
        DAY_SECONDS,
        DAY_SECONDS * 3 + 100,
        DAY_SECONDS * 3 + 200,
        DAY_SECONDS * 7,
        DAY_SECONDS * 20 + 5,
        1_700_000_000,
        1_700_000_000 + DAY_SECONDS * 40,
    ];

    fn schema() -> MappedSchema {
        MappedSchema::new(
            DocMapping::from_yaml(
                "id_field: id\ntimestamp_field: at\nfields:\n  - { name: id, type: keyword }\n  \
                 - { name: at, type: datetime, fast: true }\n  - { name: other, type: datetime, fast: true }\n",
            )
            .unwrap(),
        )
    }

    /// The answer from the column of a one-segment index of `TIMES`, and from their days.
    fn both(
        schema: &MappedSchema,
        aggs: serde_json::Value,
    ) -> (serde_json::Value, serde_json::Value) {
        let request = AggregationRequest::parse(&aggs, schema).unwrap();
        assert!(request.answered_by_days(), "{aggs}");
        let index = Index::create_in_ram(schema.schema.clone());
        let mut writer = index.writer_with_num_threads(1, 15_000_000).unwrap();
        let (id, at) = (schema.field("id").unwrap(), schema.field("at").unwrap());
        let mut days = DayCounts::default();
        for (n, seconds) in TIMES.into_iter().enumerate() {
            let mut document = TantivyDocument::new();
            document.add_text(id, n.to_string());
            document.add_date(at, DateTime::from_timestamp_secs(seconds));
            writer.add_document(document).unwrap();
            days.add(seconds);
        }
        // A document without a timestamp: in no bucket either way.
        let mut document = TantivyDocument::new();
        document.add_text(id, "none");
        writer.add_document(document).unwrap();
        writer.commit().unwrap();
        let searcher = index.reader().unwrap().searcher();
        let collector = request.collector(index.tokenizers().clone());
        let from_column = searcher.search(&AllQuery, &collector).unwrap();
        (
            request.finish([from_column], &[]).unwrap(),
            request.finish([], &[&days]).unwrap(),
        )
    }

    #[test]
    fn whole_days_give_the_buckets_of_the_column() {
        let schema = schema();
        for aggs in [
            json!({"d": {"date_histogram": {"field": "at", "fixed_interval": "1d"}}}),
            json!({"w": {"date_histogram": {"field": "at", "fixed_interval": "7d", "offset": "-3d"}}}),
            json!({"w": {"date_histogram": {"field": "at", "fixed_interval": "48h", "offset": "+1d",
                "min_doc_count": 1, "keyed": true}}}),
            json!({"d": {"date_histogram": {"field": "at", "fixed_interval": "1d",
                "extended_bounds": {"min": -2_000_000_000i64, "max": 0}}}}),
            json!({"a": {"date_histogram": {"field": "at", "fixed_interval": "30d"}},
                   "b": {"date_histogram": {"field": "at", "fixed_interval": "1days"}}}),
        ] {
            let (column, days) = both(&schema, aggs.clone());
            assert_eq!(days, column, "{aggs}");
        }
    }

    #[test]
    fn other_aggregations_are_left_to_the_columns() {
        let schema = schema();
        for aggs in [
            json!({"h": {"date_histogram": {"field": "at", "fixed_interval": "12h"}}}),
            json!({"d": {"date_histogram": {"field": "at", "fixed_interval": "1d", "offset": "1h"}}}),
            json!({"d": {"date_histogram": {"field": "other", "fixed_interval": "1d"}}}),
            json!({"d": {"date_histogram": {"field": "at", "fixed_interval": "1d",
                "hard_bounds": {"min": 0, "max": 1}}}}),
            json!({"d": {"date_histogram": {"field": "at", "fixed_interval": "1d"},
                "aggs": {"n": {"value_count": {"field": "at"}}}}}),
            json!({"d": {"date_histogram": {"field": "at", "fixed_interval": "1d",
                "min_doc_count": 1, "extended_bounds": {"min": 0, "max": 1}}}}),
            json!({"d": {"date_histogram": {"field": "at", "fixed_interval": "1d"}},
                   "n": {"value_count": {"field": "at"}}}),
            json!({"d": {"date_histogram": {"field": "at", "fixed_interval": "1 d"}}}),
        ] {
            let request = AggregationRequest::parse(&aggs, &schema).unwrap();
            assert!(!request.answered_by_days(), "{aggs}");
        }
    }
}
