//! One error type for the engine: a small `Copy` kind to match on, plus the context a person
//! needs to act (which file or URL, which byte range, what was expected).

use std::fmt;
use std::sync::Arc;

/// What went wrong, coarse enough to map onto an HTTP status or an exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A file, split or field does not exist.
    NotFound,
    /// The network or the server failed (status, dropped connection, ignored `Range`).
    Http,
    /// Local I/O failed.
    Io,
    /// The synchronous search read bytes the warm-up did not fetch (a bug in the planner).
    NotWarmed,
    /// Bytes do not match their checksum or structure: corrupt, truncated or changed.
    Corrupt,
    /// A file answered with another ETag or Last-Modified than when first read, and (if the
    /// reader could check) its content differs from what it opened: published files must not
    /// change under their names.
    Changed,
    /// A format or version this reader cannot read.
    Incompatible,
    /// The query cannot be run (bad field, bad parameters).
    InvalidQuery,
    /// A document or configuration is malformed.
    InvalidInput,
    /// An error from tantivy that fits no other kind.
    Internal,
}

impl ErrorKind {
    /// Stable code used in messages, JSON errors and by the JS hosts.
    pub fn code(self) -> &'static str {
        match self {
            ErrorKind::NotFound => "not_found",
            ErrorKind::Http => "http",
            ErrorKind::Io => "io",
            ErrorKind::NotWarmed => "not_warmed",
            ErrorKind::Corrupt => "corrupt",
            ErrorKind::Changed => "changed",
            ErrorKind::Incompatible => "incompatible",
            ErrorKind::InvalidQuery => "invalid_query",
            ErrorKind::InvalidInput => "invalid_input",
            ErrorKind::Internal => "internal",
        }
    }

    /// Builds an error of this kind with a message.
    pub fn with_message(self, message: impl Into<String>) -> Error {
        Error(Box::new(Inner {
            kind: self,
            message: Arc::from(message.into()),
            context: Vec::new(),
        }))
    }
}

/// An engine error: kind, message, and the context chain (outermost last), behind one
/// pointer, so that a `Result` of the engine is hardly larger than its value and every `?`
/// moves a word, not the whole error (less code in the wasm engines).
#[derive(Clone, Debug)]
pub struct Error(Box<Inner>);

#[derive(Clone, Debug)]
struct Inner {
    kind: ErrorKind,
    message: Arc<str>,
    context: Vec<Arc<str>>,
}

impl Error {
    /// The kind, for matching.
    pub fn kind(&self) -> ErrorKind {
        self.0.kind
    }

    /// The context chain and message, without the kind's code (for hosts that carry the code
    /// separately, such as a JS error's `code`).
    pub fn description(&self) -> String {
        let mut text = String::new();
        for context in self.0.context.iter().rev() {
            text.push_str(context);
            text.push_str(": ");
        }
        text.push_str(&self.0.message);
        text
    }

    /// Adds context (a path, URL, split id or operation) to the error.
    pub fn with_context(mut self, context: impl Into<String>) -> Error {
        let context = context.into();
        // Layers that each name the file they read would otherwise repeat it.
        if self.0.context.last().map(|c| &**c) != Some(context.as_str()) {
            self.0.context.push(Arc::from(context));
        }
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.0.kind.code(), self.description())
    }
}

impl std::error::Error for Error {}

/// Result alias for the engine.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Marker carried inside `std::io::Error` when tantivy reads bytes that were not warmed, so the
/// warm-up loop can tell "fetch more" from a real failure.
#[derive(Debug)]
pub(crate) struct NotWarmedMarker {
    pub file: String,
    pub range: std::ops::Range<u64>,
}

impl fmt::Display for NotWarmedMarker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bytes {:?} of {} were read before being fetched",
            self.range, self.file
        )
    }
}

impl std::error::Error for NotWarmedMarker {}

/// Marker for bytes that failed verification, carried inside `std::io::Error`.
#[derive(Debug)]
pub(crate) struct CorruptMarker(pub Error);

impl fmt::Display for CorruptMarker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for CorruptMarker {}

/// True when a tantivy error is (or wraps) a read of bytes that were not fetched yet.
#[cfg(feature = "splits")]
pub(crate) fn is_not_warmed(error: &tantivy::TantivyError) -> bool {
    io_marker::<NotWarmedMarker>(error).is_some()
}

#[cfg(feature = "splits")]
fn io_marker<M: std::error::Error + 'static>(error: &tantivy::TantivyError) -> Option<&M> {
    let io_error: &std::io::Error = match error {
        tantivy::TantivyError::IoError(io) => io.as_ref(),
        tantivy::TantivyError::OpenReadError(
            tantivy::directory::error::OpenReadError::IoError { io_error, .. },
        ) => io_error.as_ref(),
        _ => return None,
    };
    io_error.get_ref()?.downcast_ref::<M>()
}

#[cfg(feature = "splits")]
impl From<tantivy::TantivyError> for Error {
    fn from(error: tantivy::TantivyError) -> Error {
        if let Some(CorruptMarker(inner)) = io_marker::<CorruptMarker>(&error) {
            return inner.clone();
        }
        let kind = match &error {
            _ if is_not_warmed(&error) => ErrorKind::NotWarmed,
            tantivy::TantivyError::DataCorruption(_) => ErrorKind::Corrupt,
            tantivy::TantivyError::IncompatibleIndex(_) => ErrorKind::Incompatible,
            tantivy::TantivyError::InvalidArgument(_) | tantivy::TantivyError::SchemaError(_) => {
                ErrorKind::InvalidQuery
            }
            tantivy::TantivyError::FieldNotFound(_) => ErrorKind::InvalidQuery,
            // Bucket or memory limits, or a field of the wrong type for the aggregation.
            tantivy::TantivyError::AggregationError(_) => ErrorKind::InvalidQuery,
            tantivy::TantivyError::IoError(_) => ErrorKind::Io,
            _ => ErrorKind::Internal,
        };
        kind.with_message(with_regex_hint(error.to_string()))
    }
}

/// A bucket pattern (`include`/`exclude`) naming a Unicode property (`\p{Greek}`) is refused by
/// the wasm engines, which are built without regex's property tables (third_party/README.md):
/// the message says so, and what to write instead.
#[cfg(feature = "splits")]
fn with_regex_hint(message: String) -> String {
    // The end of tantivy's message, not a search in it: `str::contains` would link a substring
    // searcher (1 KB of the analytics engine) for this one hint.
    if cfg!(target_arch = "wasm32") && message.ends_with("Unicode property not found'") {
        return format!(
            "{message} (the browser and Worker engines have no Unicode property classes: \
             list the characters, as in [α-ω], or aggregate with the CLI)"
        );
    }
    message
}

/// Maps an `io::Error` coming back from tantivy: our markers keep their meaning.
pub(crate) fn from_io(error: std::io::Error) -> Error {
    if let Some(marker) = error
        .get_ref()
        .and_then(|e| e.downcast_ref::<CorruptMarker>())
    {
        return marker.0.clone();
    }
    if let Some(marker) = error
        .get_ref()
        .and_then(|e| e.downcast_ref::<NotWarmedMarker>())
    {
        return ErrorKind::NotWarmed.with_message(marker.to_string());
    }
    ErrorKind::Io.with_message(error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_puts_outer_context_first() {
        let error = ErrorKind::Corrupt
            .with_message("page 3 checksum mismatch")
            .with_context("splits/abc.split")
            .with_context("opening index");
        assert_eq!(
            error.to_string(),
            "corrupt: opening index: splits/abc.split: page 3 checksum mismatch"
        );
    }

    /// docs/troubleshooting.md explains every code: what causes it, what to do.
    #[test]
    fn every_code_is_explained_in_the_troubleshooting_page() {
        // Exhaustive on purpose: a new kind fails to compile here until it is listed (and
        // explained).
        let listed = |kind: ErrorKind| match kind {
            ErrorKind::NotFound
            | ErrorKind::Http
            | ErrorKind::Io
            | ErrorKind::NotWarmed
            | ErrorKind::Corrupt
            | ErrorKind::Changed
            | ErrorKind::Incompatible
            | ErrorKind::InvalidQuery
            | ErrorKind::InvalidInput
            | ErrorKind::Internal => kind,
        };
        let all = [
            ErrorKind::NotFound,
            ErrorKind::Http,
            ErrorKind::Io,
            ErrorKind::NotWarmed,
            ErrorKind::Corrupt,
            ErrorKind::Changed,
            ErrorKind::Incompatible,
            ErrorKind::InvalidQuery,
            ErrorKind::InvalidInput,
            ErrorKind::Internal,
        ];
        let page = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/troubleshooting.md"),
        )
        .expect("docs/troubleshooting.md");
        for kind in all.map(listed) {
            let heading = format!("### `{}`", kind.code());
            assert!(
                page.contains(&heading),
                "docs/troubleshooting.md lacks {heading}"
            );
        }
    }

    #[test]
    #[cfg(feature = "splits")]
    fn not_warmed_survives_a_trip_through_tantivy() {
        let io = std::io::Error::other(NotWarmedMarker {
            file: "a.idx".into(),
            range: 3..9,
        });
        let tantivy_error = tantivy::TantivyError::from(io);
        assert!(is_not_warmed(&tantivy_error));
        assert_eq!(Error::from(tantivy_error).kind(), ErrorKind::NotWarmed);
    }
}
