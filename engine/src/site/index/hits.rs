//! The hits of a page of results: the shown pages' records, read in one wave and decoded,
//! each made a hit with its fields picked and its snippet cut (as the split engine's
//! `splits/hits.rs` does for documents).

use std::ops::Range;

use super::{offset, SiteIndex};
use crate::api::{Hit, SearchRequest};
use crate::error::Result;
use crate::formats::site_file::layout;
use crate::formats::site_file::record::{self, Record};
use crate::io::QueryStats;
use crate::snippets::{self, SNIPPET_CHARS};

impl SiteIndex {
    /// The records of `pages`, read in one wave and decoded, by page (a few: a list, which
    /// costs the engine less code than a map). One after the other: decoding them all at
    /// once cost 0.5 KB of the site engine (brotli) and saved no time measurably.
    pub(in crate::site) async fn records(
        &self,
        pages: &[u32],
        stats: &QueryStats,
    ) -> Result<Vec<(u32, Record)>> {
        let ranges: Vec<Range<u64>> = pages
            .iter()
            .map(|page| offset(&self.regions.records, self.head.record_range(*page)))
            .collect();
        let bytes = self.read(&ranges, stats).await?;
        let mut records = Vec::with_capacity(pages.len());
        for (page, frame) in pages.iter().zip(bytes) {
            let what = format!("record {page}");
            let raw = self.named(self.frames.decode(&frame, &what).await)?;
            let record =
                record::decode(&raw).map_err(|e| self.named_error(e.with_context(what)))?;
            records.push((*page, record));
        }
        Ok(records)
    }

    /// The hit of a page with `record`: its fields picked and a snippet cut.
    pub(in crate::site) fn hit(
        &self,
        score: f32,
        mut record: Record,
        request: &SearchRequest,
        terms: &[String],
    ) -> Hit {
        let id = record
            .get("url")
            .and_then(|url| url.as_str())
            .unwrap_or_default()
            .to_string();
        let cut = request.snippet.then(|| {
            let values = layout::text_values(record.get(&self.head.meta.snippet_field));
            snippets::cut(&values, &self.analyzer, terms, SNIPPET_CHARS)
        });
        if let Some(fields) = &request.fields {
            record.retain(|name, _| fields.iter().any(|f| f == name));
        }
        let cut = cut.flatten();
        Hit {
            id,
            score,
            sort: None,
            doc: record,
            snippet_value: cut.as_ref().and_then(|c| c.value),
            index: None,
            missing: None,
            snippet: cut.map(|c| c.html),
        }
    }
}
