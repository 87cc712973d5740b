//! Hits in index order, for sorts that index order already satisfies: a sort on the timestamp
//! field over splits written in time order needs no column, only the first or last matches of
//! each split, so the split's `.fast` file is never read.

use std::collections::VecDeque;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::{DocAddress, DocId, Score, SegmentOrdinal, SegmentReader};

/// Which end of index order a sort takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IndexOrder {
    /// The first matches, in index order (oldest first).
    First,
    /// The last matches, latest first (newest first).
    Last,
}

/// The first or last `limit` matches of a split in index order (`limit` ≥ 1), and how many
/// documents match.
pub(crate) struct EdgeDocs {
    pub limit: usize,
    pub order: IndexOrder,
}

impl Collector for EdgeDocs {
    type Fruit = (Vec<DocAddress>, u64);
    type Child = EdgeDocsOfSegment;

    fn for_segment(
        &self,
        segment: SegmentOrdinal,
        _reader: &SegmentReader,
    ) -> tantivy::Result<EdgeDocsOfSegment> {
        Ok(EdgeDocsOfSegment {
            segment,
            limit: self.limit.max(1),
            order: self.order,
            docs: VecDeque::new(),
            count: 0,
        })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<(Vec<DocAddress>, u64)>) -> tantivy::Result<Self::Fruit> {
        // A split is one segment; with more, their edges follow segment order.
        let count = fruits.iter().map(|(_, count)| count).sum();
        let mut docs: Vec<DocAddress> = match self.order {
            IndexOrder::First => fruits.into_iter().flat_map(|(docs, _)| docs).collect(),
            IndexOrder::Last => fruits
                .into_iter()
                .rev()
                .flat_map(|(docs, _)| docs)
                .collect(),
        };
        docs.truncate(self.limit);
        Ok((docs, count))
    }
}

pub(crate) struct EdgeDocsOfSegment {
    segment: SegmentOrdinal,
    limit: usize,
    order: IndexOrder,
    docs: VecDeque<DocId>,
    count: u64,
}

impl SegmentCollector for EdgeDocsOfSegment {
    type Fruit = (Vec<DocAddress>, u64);

    fn collect(&mut self, doc: DocId, _score: Score) {
        self.count += 1;
        match self.order {
            IndexOrder::First if self.docs.len() < self.limit => self.docs.push_back(doc),
            IndexOrder::First => {}
            IndexOrder::Last => {
                if self.docs.len() == self.limit {
                    self.docs.pop_front();
                }
                self.docs.push_back(doc);
            }
        }
    }

    fn harvest(self) -> Self::Fruit {
        let segment = self.segment;
        let address = |doc| DocAddress::new(segment, doc);
        let docs = match self.order {
            IndexOrder::First => self.docs.into_iter().map(address).collect(),
            IndexOrder::Last => self.docs.into_iter().rev().map(address).collect(),
        };
        (docs, self.count)
    }
}
