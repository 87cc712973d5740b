mod column_type;
mod format_version;
mod merge;
mod reader;
mod writer;

pub use column_type::{ColumnType, HasAssociatedColumnType};
pub use format_version::{CURRENT_VERSION, Version};
#[cfg(test)]
pub(crate) use merge::ColumnTypeCategory;
pub use merge::{
    MergeRowOrder, ShuffleMergeOrder, StackMergeOrder, compute_merged_term_ord_mapping,
    merge_columnar,
};
pub use reader::ColumnarReader;
pub use writer::ColumnarWriter;
