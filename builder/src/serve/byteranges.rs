//! The body of a `multipart/byteranges` answer (RFC 9110 §14.6): each range asked for, in
//! the order asked, after its own `Content-Type` and `Content-Range`, streamed from the file.

use axum::body::Body;
use bytes::Bytes;
use tokio::io::{AsyncReadExt, AsyncSeekExt};

/// The boundary between parts. It never needs to be searched for: a reader takes each part's
/// length from its `Content-Range`.
const BOUNDARY: &str = "rangefind-byteranges-3d6f0a1c";

/// The answer's `Content-Type`.
pub fn content_type() -> axum::http::HeaderValue {
    let value = format!("multipart/byteranges; boundary={BOUNDARY}");
    axum::http::HeaderValue::from_str(&value).expect("an ASCII header value")
}

/// How much of a part is read from the file at once.
const CHUNK: u64 = 64 * 1024;

/// What the body is made of, in order.
enum Piece {
    Text(Bytes),
    File { start: u64, len: u64 },
}

/// The body and its length for `ranges` (`start..end`s) of a file of `file_len` bytes whose
/// parts are of `content_type`.
pub fn body(
    file: tokio::fs::File,
    ranges: &[(u64, u64)],
    file_len: u64,
    content_type: &str,
) -> (u64, Body) {
    let mut pieces = Vec::new();
    for (at, &(start, end)) in ranges.iter().enumerate() {
        let lead = if at == 0 { "" } else { "\r\n" };
        pieces.push(Piece::Text(Bytes::from(format!(
            "{lead}--{BOUNDARY}\r\nContent-Type: {content_type}\r\nContent-Range: bytes {start}-{}/{file_len}\r\n\r\n",
            end - 1
        ))));
        let mut from = start;
        while from < end {
            let len = CHUNK.min(end - from);
            pieces.push(Piece::File { start: from, len });
            from += len;
        }
    }
    pieces.push(Piece::Text(Bytes::from(format!("\r\n--{BOUNDARY}--\r\n"))));
    let content_length = pieces
        .iter()
        .map(|piece| match piece {
            Piece::Text(text) => text.len() as u64,
            Piece::File { len, .. } => *len,
        })
        .sum();
    let stream = futures::stream::unfold(
        (file, pieces.into_iter()),
        |(mut file, mut pieces)| async move {
            let bytes = match pieces.next()? {
                Piece::Text(text) => Ok(text),
                Piece::File { start, len } => read_at(&mut file, start, len).await,
            };
            Some((bytes, (file, pieces)))
        },
    );
    (content_length, Body::from_stream(stream))
}

async fn read_at(file: &mut tokio::fs::File, start: u64, len: u64) -> std::io::Result<Bytes> {
    file.seek(std::io::SeekFrom::Start(start)).await?;
    let mut buffer = vec![0u8; len as usize];
    file.read_exact(&mut buffer).await?;
    Ok(Bytes::from(buffer))
}
