//! `rangefind serve`: a static file server that honours `Range` the way splits need it:
//! single ranges, suffix (`bytes=-N`) and open-ended (`bytes=N-`) ranges, several ranges in
//! one `multipart/byteranges` answer ([`byteranges`]), 416 when the range
//! cannot be satisfied, strong ETags, immutable caching for splits, and CORS so a page on
//! another origin may send `Range` and read `Content-Range`. Whole responses of text and wasm
//! are compressed (brotli, else gzip) when the client accepts it, as CDNs and static hosts do,
//! or sent compressed ahead of time when a `.br` file lies next to them ([`precompressed`]);
//! ranges never are, since their offsets are into the file's own bytes. It serves regular
//! files inside its directory only: not hidden ones (`.git`, `.env`), not through symbolic
//! links that leave the directory, not FIFOs or devices (404 for all of them). A connection
//! that sends no request headers within [`HEADER_READ_TIMEOUT`] (a new one, or one kept alive
//! after a response) is closed.
//!
//! Why not tower-http's `ServeDir` (a well-kept library is preferred unless a measurement
//! shows a reason not to). Measured on tower-http 0.6.11 (http-range-header 0.4.2), 2026-11-26: a
//! suffix range longer than the file (`bytes=-262144` on a 100,000-byte file, the read the
//! engine opens a split with when it does not know its open region) is answered 416, where
//! RFC 9110 (14.1.2) serves the whole file, so a small split could not be opened blind; it
//! serves dotfiles (`/.env`: 200) and follows links out of its root, and sends no ETag. Its
//! Range handling is what this module would take from it, and is the part it gets wrong for
//! splits; the checks above, the splits' caching and CORS would stay ours either way.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, Method, Request, Response, StatusCode};
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncSeekExt};
use tower_http::compression::predicate::{Predicate, SizeAbove};
use tower_http::compression::CompressionLayer;

mod byteranges;
mod paths;
mod precompressed;
pub mod range;
mod responses;

use paths::{is_index_directory, resolve, servable_file};
use range::{parse_range, RangeAnswer};
use responses::{finish, plain, redirect, search_page};

use crate::http_caching::{cache_control, content_type, is_compressible, CORS_ALLOW_HEADERS};
use crate::options::ServeArgs;
use crate::options::DEFAULT_SITE_OUT;
use crate::site::site_json_io::SITE_JSON;

/// Runs `rangefind serve` until interrupted.
pub async fn run(args: ServeArgs) -> anyhow::Result<()> {
    // main() restores SIGPIPE's default (exit) for commands piped into `head`. A server must
    // not die when a client goes away mid-response: hyper writes chunked (compressed) bodies
    // with writev, which raises SIGPIPE on a closed socket, where send() would not.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let root = args
        .dir
        .canonicalize()
        .with_context(|| format!("DIR {}: not found", args.dir.display()))?;
    let address: SocketAddr = format!("{}:{}", args.bind, args.port)
        .parse()
        .with_context(|| format!("--bind {} --port {}: not an address", args.bind, args.port))?;
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .with_context(|| format!("cannot listen on {address} (--port, RANGEFIND_PORT)"))?;
    let bound = listener.local_addr()?;
    // The folder as the user named it: a canonical path on Windows reads `\\?\C:\…`.
    println!(
        "Serving {} on http://{bound}/ (Ctrl-C to stop)",
        args.dir.display()
    );
    if root.join(DEFAULT_SITE_OUT).join(SITE_JSON).is_file() {
        println!("A page with the search box: http://{bound}/{DEFAULT_SITE_OUT}/");
    }
    serve_on(listener, root, HEADER_READ_TIMEOUT, async {
        tokio::signal::ctrl_c().await.ok();
    })
    .await?;
    Ok(())
}

/// How long a client may take to send a request's headers, and to start the next request on
/// a kept-alive connection: past it the connection is closed. A browser sends its headers at
/// once; a client that sends nothing (or a header a minute) held a connection forever.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a shutdown waits for responses still being sent.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// Serves `root` on `listener` until `shutdown` resolves (also used by tests and the bench),
/// closing connections idle for `header_read_timeout` ([`HEADER_READ_TIMEOUT`] by default).
///
/// Sockets get `TCP_NODELAY`: a response is written as headers then body, and with Nagle's
/// algorithm the body would wait for the client's delayed ACK of the headers, 40 ms on Linux,
/// on every request. A query's waves would each pay it.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    root: PathBuf,
    header_read_timeout: Duration,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let app = router(root);
    let connections = GracefulShutdown::new();
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(header_read_timeout);
    tokio::pin!(shutdown);
    loop {
        let tcp = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((tcp, _)) => tcp,
                // Out of file descriptors and the like: wait for connections to close.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = tcp.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone());
        let connection = http.serve_connection(TokioIo::new(tcp), service);
        let connection = connections.watch(connection);
        tokio::spawn(async move {
            // A client gone or too slow ends its own connection: nothing to report.
            let _ = connection.await;
        });
    }
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, connections.shutdown()).await;
    Ok(())
}

/// The router serving `root`.
pub fn router(root: PathBuf) -> Router {
    // Canonical, so that a file's real path (links followed) can be checked to be inside it.
    let root = Arc::new(root.canonicalize().unwrap_or(root));
    let compressible =
        SizeAbove::new(256).and(|status: StatusCode, _, headers: &HeaderMap, _: &_| {
            status == StatusCode::OK
                && headers
                    .get(header::CONTENT_TYPE)
                    .and_then(|v| v.to_str().ok())
                    .is_some_and(is_compressible)
        });
    Router::new()
        .fallback(move |request: Request<Body>| {
            let root = root.clone();
            async move { respond(&root, request).await }
        })
        .layer(CompressionLayer::new().compress_when(compressible))
}

async fn respond(root: &Path, request: Request<Body>) -> Response<Body> {
    if request.method() == Method::OPTIONS {
        let mut response = plain(StatusCode::NO_CONTENT, "");
        *response.body_mut() = Body::empty();
        let headers = response.headers_mut();
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static("GET, HEAD, OPTIONS"),
        );
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_HEADERS,
            HeaderValue::from_static(CORS_ALLOW_HEADERS),
        );
        headers.insert(
            header::ACCESS_CONTROL_MAX_AGE,
            HeaderValue::from_static("86400"),
        );
        return response;
    }
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return plain(StatusCode::METHOD_NOT_ALLOWED, "only GET and HEAD");
    }
    let Some(path) = resolve(root, request.uri().path()) else {
        return plain(StatusCode::FORBIDDEN, "path outside the served directory");
    };
    let servable = servable_file(root, &path).await;
    let compressed = match servable {
        Some(()) => precompressed::brotli_instead(root, &path, request.headers()).await,
        None => None,
    };
    let file = match servable {
        Some(()) => tokio::fs::File::open(compressed.as_ref().unwrap_or(&path))
            .await
            .ok(),
        None => None,
    };
    let Some(file) = file else {
        if is_index_directory(&path) {
            let url_path = request.uri().path();
            if !url_path.ends_with('/') {
                // The page loads the widget relative to itself.
                return redirect(&format!("{url_path}/"));
            }
            return search_page();
        }
        return plain(StatusCode::NOT_FOUND, "not found");
    };
    let Ok(metadata) = file.metadata().await else {
        return plain(StatusCode::INTERNAL_SERVER_ERROR, "cannot stat the file");
    };
    let len = metadata.len();
    let modified = metadata.modified().ok();
    let mtime = modified
        .and_then(|m| m.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let etag = format!("\"{len:x}-{mtime:x}\"");
    let range_header = request
        .headers()
        .get(header::RANGE)
        .and_then(|v| v.to_str().ok());
    let answer = parse_range(range_header, len);

    let mut builder = Response::builder()
        .header(header::ACCEPT_RANGES, "bytes")
        .header(header::ETAG, &etag)
        .header(header::CONTENT_TYPE, content_type(&path))
        .header(header::CACHE_CONTROL, cache_control(&path));
    if let Some(modified) = modified {
        builder = builder.header(header::LAST_MODIFIED, httpdate::fmt_http_date(modified));
    }
    if compressed.is_some() {
        builder = builder
            .header(header::CONTENT_ENCODING, "br")
            .header(header::VARY, "accept-encoding");
    }
    if request
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        == Some(etag.as_str())
    {
        return finish(builder.status(StatusCode::NOT_MODIFIED), Body::empty());
    }
    let (status, payload) = match answer {
        RangeAnswer::Whole => (StatusCode::OK, Payload::Span(file, 0, len)),
        RangeAnswer::Partial(start, end) => {
            builder = builder.header(
                header::CONTENT_RANGE,
                format!("bytes {start}-{}/{len}", end - 1),
            );
            (StatusCode::PARTIAL_CONTENT, Payload::Span(file, start, end))
        }
        RangeAnswer::Several(ranges) => {
            let (length, body) = byteranges::body(file, &ranges, len, content_type(&path));
            if let Some(headers) = builder.headers_mut() {
                headers.insert(header::CONTENT_TYPE, byteranges::content_type());
            }
            builder = builder.header(header::CONTENT_LENGTH, length);
            (StatusCode::PARTIAL_CONTENT, Payload::Parts(body))
        }
        RangeAnswer::Unsatisfiable => {
            let response = builder
                .status(StatusCode::RANGE_NOT_SATISFIABLE)
                .header(header::CONTENT_RANGE, format!("bytes */{len}"));
            return finish(response, Body::empty());
        }
    };
    builder = builder.status(status);
    if let Payload::Span(_, start, end) = &payload {
        builder = builder.header(header::CONTENT_LENGTH, end - start);
    }
    if request.method() == Method::HEAD {
        return finish(builder, Body::empty());
    }
    match payload {
        Payload::Parts(body) => finish(builder, body),
        Payload::Span(mut file, start, end) => {
            if file.seek(std::io::SeekFrom::Start(start)).await.is_err() {
                return plain(StatusCode::INTERNAL_SERVER_ERROR, "cannot seek");
            }
            let stream = tokio_util_stream(file.take(end - start));
            finish(builder, Body::from_stream(stream))
        }
    }
}

/// What a response to a GET carries: a span of the file, or the parts of several ranges.
enum Payload {
    Span(tokio::fs::File, u64, u64),
    Parts(Body),
}

/// A file reader as a stream of chunks.
fn tokio_util_stream(
    mut reader: impl tokio::io::AsyncRead + Unpin + Send + 'static,
) -> impl futures::Stream<Item = std::io::Result<bytes::Bytes>> + Send {
    futures::stream::poll_fn(move |cx| {
        let mut buffer = vec![0u8; 64 * 1024];
        let mut read_buf = tokio::io::ReadBuf::new(&mut buffer);
        match std::pin::Pin::new(&mut reader).poll_read(cx, &mut read_buf) {
            std::task::Poll::Pending => std::task::Poll::Pending,
            std::task::Poll::Ready(Err(e)) => std::task::Poll::Ready(Some(Err(e))),
            std::task::Poll::Ready(Ok(())) => {
                let n = read_buf.filled().len();
                if n == 0 {
                    std::task::Poll::Ready(None)
                } else {
                    buffer.truncate(n);
                    std::task::Poll::Ready(Some(Ok(bytes::Bytes::from(buffer))))
                }
            }
        }
    })
}
