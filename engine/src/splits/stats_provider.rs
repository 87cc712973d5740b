//! BM25 statistics over all splits, so a document scores the same whether the index is one
//! split or many (and results merge by comparable scores).

use tantivy::query::Bm25StatisticsProvider;
use tantivy::schema::Field;
use tantivy::{Searcher, Term};

pub(crate) struct GlobalStatistics<'a> {
    pub searchers: Vec<&'a Searcher>,
}

impl Bm25StatisticsProvider for GlobalStatistics<'_> {
    fn total_num_tokens(&self, field: Field) -> tantivy::Result<u64> {
        let mut total = 0;
        for searcher in &self.searchers {
            for segment in searcher.segment_readers() {
                total += segment.inverted_index(field)?.total_num_tokens();
            }
        }
        Ok(total)
    }

    fn total_num_docs(&self) -> tantivy::Result<u64> {
        Ok(self.searchers.iter().map(|s| s.num_docs()).sum())
    }

    fn doc_freq(&self, term: &Term) -> tantivy::Result<u64> {
        let mut total = 0;
        for searcher in &self.searchers {
            total += searcher.doc_freq(term)?;
        }
        Ok(total)
    }
}
