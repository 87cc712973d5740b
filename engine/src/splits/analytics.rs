//! Analytics over fast fields: Elasticsearch-style aggregations (tantivy's aggregation module,
//! merged across splits; cargo feature `aggregations`) and ordering hits by a fast field
//! instead of by score.
//!
//! Both read fast-field columns only. A column is read whole the first time a split needs it,
//! through the same warm-up as everything else, so an aggregation over a date column costs
//! that column and nothing else. A date histogram of whole days over all of a split's
//! documents reads no column: the split's footer counts its documents per day
//! ([`crate::formats::split::DayCounts`]), and [`AggregationRequest::answered_by_days`] says when
//! those counts give the buckets the column would.

use std::cmp::Ordering;

use tantivy::collector::sort_key::{Comparator, NaturalComparator, ReverseNoneIsLowerComparator};
use tantivy::schema::OwnedValue;
use tantivy::Order;

use crate::api::SortBy;
use crate::error::{ErrorKind, Result};
use crate::mapping::MappedSchema;

#[cfg(feature = "aggregations")]
pub(crate) use self::aggregations::AggregationRequest;
#[cfg(not(feature = "aggregations"))]
pub(crate) use self::without_aggregations::AggregationRequest;

#[cfg(feature = "aggregations")]
mod aggregations {
    use std::collections::HashSet;

    use tantivy::aggregation::agg_req::{get_fast_field_names, Aggregations};
    use tantivy::aggregation::intermediate_agg_result::IntermediateAggregationResults;
    use tantivy::aggregation::{
        AggContextParams, AggregationLimitsGuard, DistributedAggregationCollector,
    };
    use tantivy::tokenizer::TokenizerManager;

    use super::require_fast_field;
    use crate::error::{ErrorKind, Result};
    use crate::formats::split::DayCounts;
    use crate::mapping::MappedSchema;
    use crate::splits::{day_histograms, filter_queries};

    /// Memory an aggregation may use (tantivy's bound, per query): a browser tab cannot
    /// afford tantivy's 500 MB default.
    const AGGREGATION_MEMORY_BYTES: u64 = 128 << 20;
    /// Buckets an aggregation may return (tantivy's default).
    const AGGREGATION_MAX_BUCKETS: u32 = 65_000;

    /// What one split collects for the aggregations.
    pub(crate) type SplitAggregation = DistributedAggregationCollector;

    /// A checked aggregation request.
    #[derive(Clone, Debug)]
    pub(crate) struct AggregationRequest {
        request: Aggregations,
        /// The index's timestamp field, whose days the splits' footers count.
        timestamp_field: Option<String>,
    }

    impl AggregationRequest {
        /// Parses the Elasticsearch-style JSON of `aggs` and checks that every field it names
        /// is a fast field of the index.
        pub(crate) fn parse(json: &serde_json::Value, schema: &MappedSchema) -> Result<Self> {
            #[cfg(feature = "small-code")]
            refuse_composite(json)?;
            let mut request: Aggregations = serde_json::from_value(json.clone()).map_err(|e| {
                ErrorKind::InvalidQuery.with_message(format!(
                    "aggs: {e} (Elasticsearch syntax, e.g. {{\"per_day\": {{\"date_histogram\": \
                     {{\"field\": \"created_at\", \"fixed_interval\": \"1d\"}}}}}})"
                ))
            })?;
            filter_queries::parse_with_engine_grammar(&mut request);
            if request.is_empty() {
                return Err(
                    ErrorKind::InvalidQuery.with_message("aggs: name at least one aggregation")
                );
            }
            let fields: HashSet<String> = get_fast_field_names(&request);
            let mut fields: Vec<&String> = fields.iter().collect();
            fields.sort();
            for field in fields {
                require_fast_field(schema, field, "aggs")?;
            }
            Ok(AggregationRequest {
                request,
                timestamp_field: schema.mapping.timestamp_field.clone(),
            })
        }

        /// A split's collector, with fresh limits (a retried search step must not count the
        /// memory of its failed attempts).
        pub(crate) fn collector(&self, tokenizers: TokenizerManager) -> SplitAggregation {
            DistributedAggregationCollector::from_aggs(
                self.request.clone(),
                AggContextParams::new(limits(), tokenizers),
            )
        }

        /// Whether every aggregation of the request is a date histogram of the timestamp
        /// field that the splits' day counts answer as their columns would.
        pub(crate) fn answered_by_days(&self) -> bool {
            let field = self.timestamp_field.as_deref();
            field.is_some_and(|field| day_histograms::of(&self.request, field).is_some())
        }

        /// Merges the splits' intermediate results, and those of the splits answered by their
        /// day counts, into the final JSON answer.
        pub(crate) fn finish(
            &self,
            per_split: impl IntoIterator<Item = IntermediateAggregationResults>,
            days: &[&DayCounts],
        ) -> Result<serde_json::Value> {
            let mut merged = IntermediateAggregationResults::default();
            for result in per_split {
                merged.merge_fruits(result)?;
            }
            if !days.is_empty() {
                let field = self.timestamp_field.as_deref().unwrap_or_default();
                let histograms = day_histograms::of(&self.request, field).ok_or_else(|| {
                    ErrorKind::Internal.with_message("day counts given for other aggregations")
                })?;
                merged.merge_fruits(day_histograms::intermediate(histograms, days)?)?;
            }
            let result = merged.into_final_result(self.request.clone(), limits())?;
            serde_json::to_value(result).map_err(|e| {
                ErrorKind::Internal.with_message(format!("aggregation results as JSON: {e}"))
            })
        }
    }

    /// The browser's engines (tantivy's `small-code`) have no composite aggregations, which
    /// page through every bucket of a key space, an export rather than a chart (21 KB of the
    /// engine with aggregations, brotli): refused by name, where tantivy would say "unknown
    /// variant".
    #[cfg(feature = "small-code")]
    fn refuse_composite(aggs: &serde_json::Value) -> Result<()> {
        let Some(aggs) = aggs.as_object() else {
            return Ok(());
        };
        for aggregation in aggs.values().filter_map(serde_json::Value::as_object) {
            if aggregation.contains_key("composite") {
                return Err(ErrorKind::InvalidQuery.with_message(
                    "aggs: the browser's engines have no composite aggregations (paging through \
                     every bucket): ask for a terms aggregation's first buckets by `size`, or \
                     aggregate with the CLI or the Worker",
                ));
            }
            if let Some(sub_aggregations) = aggregation.get("aggs") {
                refuse_composite(sub_aggregations)?;
            }
        }
        Ok(())
    }

    fn limits() -> AggregationLimitsGuard {
        AggregationLimitsGuard::new(
            Some(AGGREGATION_MEMORY_BYTES),
            Some(AGGREGATION_MAX_BUCKETS),
        )
    }
}

/// The engine built without aggregations (the browser's default, smaller engine): a request
/// with `aggs` is refused with what to do instead. The types exist, but no value of them can.
#[cfg(not(feature = "aggregations"))]
mod without_aggregations {
    use tantivy::tokenizer::TokenizerManager;

    use crate::error::{ErrorKind, Result};
    use crate::mapping::MappedSchema;

    /// Never collected: stands in for the aggregation collector's type.
    pub(crate) type SplitAggregation = tantivy::collector::Count;

    #[derive(Clone, Debug)]
    pub(crate) enum AggregationRequest {}

    impl AggregationRequest {
        pub(crate) fn parse(_: &serde_json::Value, _: &MappedSchema) -> Result<Self> {
            Err(ErrorKind::InvalidQuery.with_message(
                "aggs: this build of the engine has no aggregations (the browser package's \
                 default engine leaves them out to stay small): open the index with \
                 { analytics: true }",
            ))
        }

        pub(crate) fn collector(&self, _: TokenizerManager) -> SplitAggregation {
            match *self {}
        }

        pub(crate) fn answered_by_days(&self) -> bool {
            match *self {}
        }

        pub(crate) fn finish(
            &self,
            _: impl IntoIterator<Item = usize>,
            _: &[&crate::formats::split::DayCounts],
        ) -> Result<serde_json::Value> {
            match *self {}
        }
    }
}

/// An error unless `name` is a fast field of the index; the message lists the fast fields.
fn require_fast_field(schema: &MappedSchema, name: &str, what: &str) -> Result<()> {
    let fast = schema.names_where(|f| f.fast);
    if fast.contains(&name) {
        return Ok(());
    }
    Err(ErrorKind::InvalidQuery.with_message(format!(
        "{what}: {name:?} is not a fast field of this index ({}; set `fast: true` in the mapping)",
        if fast.is_empty() {
            "it has none".to_string()
        } else {
            format!("its fast fields are {}", fast.join(", "))
        }
    )))
}

impl SortBy {
    /// Checks the field against the index.
    pub(crate) fn check(&self, schema: &MappedSchema) -> Result<()> {
        require_fast_field(schema, &self.field, "sort")
    }

    pub(crate) fn order(&self) -> Order {
        if self.descending {
            Order::Desc
        } else {
            Order::Asc
        }
    }

    /// `Greater` when `a` comes first, as tantivy orders a split's top k: documents without
    /// a value come last either way.
    pub(crate) fn compare(&self, a: &OwnedValue, b: &OwnedValue) -> Ordering {
        if self.descending {
            NaturalComparator.compare(a, b)
        } else {
            ReverseNoneIsLowerComparator.compare(a, b)
        }
    }
}
