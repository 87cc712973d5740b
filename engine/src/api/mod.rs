//! The search API's request and response types, free of tantivy: both engines (splits and
//! site files) take and give them, and `rangefind search --json`, the browser and the Worker
//! speak them as JSON.

mod float_text;
mod request;
mod request_json;
mod response;
mod response_json;

#[cfg(feature = "splits")]
pub(crate) use request::parse_datetime;
#[cfg(feature = "splits")]
pub use request::parse_timestamp;
#[cfg(feature = "splits")]
pub(crate) use request::STORED_SECONDS;
pub use request::{add_filter, Filters, SearchRequest, SortBy, MAX_LIMIT, MAX_WINDOW};
pub use response::{Hit, Replaced, SearchResponse, SearchStats};
pub use response_json::json_text;
