//! Every way a server or a split can go wrong gives a clear error naming the file and the
//! problem: no panic, no hang, no wrong result. The server here is real (TCP on 127.0.0.1)
//! and misbehaves on purpose.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rangefind_engine::error::{Error, ErrorKind};
use rangefind_engine::io::Deadline;
use rangefind_engine::splits::SearchRequest;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// How the server misbehaves on split files (the manifest is always served correctly).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Fault {
    None,
    /// Answers 200 with the whole file to a Range request.
    IgnoreRange,
    NotFound,
    ServerError,
    /// Sends the headers and half the body, then closes the connection.
    DropMidBody,
    /// After the first split read, serves different content (a new ETag) at the same URL.
    ChangeAfterFirstRead,
    /// After the first split read, serves the same bytes with a new ETag (a re-upload).
    ReuploadAfterFirstRead,
    /// Answers the first read of the manifest 503 with `Retry-After: 1`.
    ManifestBusyOnce,
    /// Answers every read of the manifest 503 with `Retry-After: 3600`.
    ManifestBusyForAnHour,
    /// Compresses range responses of splits (`Content-Encoding: gzip`), as a host set to
    /// compress everything may.
    GzipRanges,
    /// Answers the manifest with a body that never ends (no length, bytes until the reader
    /// hangs up).
    ManifestNeverEnds,
    /// Answers the manifest with `Content-Length: 500000000`.
    ManifestHuge,
    /// Answers range reads of splits with more bytes than asked for.
    SplitRangesTooLong,
    /// Accepts connections and never answers.
    Silent,
    /// Answers `site.json` 403 Forbidden.
    SiteJsonForbidden,
    /// Answers `site.json` 429 with `Retry-After: 30`.
    SiteJsonBusy,
}

struct FaultServer {
    root: PathBuf,
    fault: Fault,
    split_reads: AtomicUsize,
    manifest_reads: AtomicUsize,
    changed: Mutex<Option<Vec<u8>>>,
}

async fn handle(server: Arc<FaultServer>, mut stream: tokio::net::TcpStream) {
    let mut request = Vec::new();
    let mut buffer = [0u8; 4096];
    while !request.windows(4).any(|w| w == b"\r\n\r\n") {
        match stream.read(&mut buffer).await {
            Ok(0) | Err(_) => return,
            Ok(n) => request.extend_from_slice(&buffer[..n]),
        }
    }
    if server.fault == Fault::Silent {
        // Holds the connection open, answering nothing, until the reader gives up.
        let _ = stream.read(&mut buffer).await;
        return;
    }
    let text = String::from_utf8_lossy(&request).to_string();
    let path = text
        .split_whitespace()
        .nth(1)
        .unwrap_or("/")
        .trim_start_matches('/')
        .to_string();
    let range = text.lines().find_map(|l| {
        l.to_ascii_lowercase()
            .strip_prefix("range: bytes=")
            .map(str::to_string)
    });
    let is_split = path.ends_with(".split");
    if path == "site.json" {
        match server.fault {
            Fault::SiteJsonForbidden => {
                return respond(&mut stream, "403 Forbidden", &[], b"", None).await
            }
            Fault::SiteJsonBusy => {
                let headers = [("Retry-After", "30")];
                return respond(&mut stream, "429 Too Many Requests", &headers, b"", None).await;
            }
            _ => {}
        }
    }
    if path == "manifest.json" {
        let reads = server.manifest_reads.fetch_add(1, Ordering::SeqCst);
        let busy = match server.fault {
            Fault::ManifestBusyOnce if reads == 0 => Some("1"),
            Fault::ManifestBusyForAnHour => Some("3600"),
            _ => None,
        };
        if let Some(seconds) = busy {
            let headers = [("Retry-After", seconds)];
            return respond(&mut stream, "503 Service Unavailable", &headers, b"", None).await;
        }
        match server.fault {
            Fault::ManifestNeverEnds => {
                let head = "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n";
                let _ = stream.write_all(head.as_bytes()).await;
                let chunk = vec![b' '; 1 << 20];
                while stream.write_all(&chunk).await.is_ok() {}
                return;
            }
            Fault::ManifestHuge => {
                let head = "HTTP/1.1 200 OK\r\nContent-Length: 500000000\r\n\r\n";
                let _ = stream.write_all(head.as_bytes()).await;
                let chunk = vec![b' '; 1 << 20];
                while stream.write_all(&chunk).await.is_ok() {}
                return;
            }
            _ => {}
        }
    }
    let mut body = match std::fs::read(server.root.join(&path)) {
        Ok(body) => body,
        Err(_) => return respond(&mut stream, "404 Not Found", &[], b"", None).await,
    };
    let mut etag = "\"v1\"";
    if is_split {
        let reads = server.split_reads.fetch_add(1, Ordering::SeqCst);
        match server.fault {
            Fault::NotFound => return respond(&mut stream, "404 Not Found", &[], b"", None).await,
            Fault::ServerError => {
                return respond(&mut stream, "500 Internal Server Error", &[], b"", None).await
            }
            Fault::IgnoreRange => return respond(&mut stream, "200 OK", &[], &body, None).await,
            Fault::ChangeAfterFirstRead if reads > 0 => {
                let mut changed = server.changed.lock().unwrap();
                let bytes = changed.get_or_insert_with(|| body.iter().map(|b| b ^ 0x5a).collect());
                body = bytes.clone();
                etag = "\"v2\"";
            }
            Fault::ReuploadAfterFirstRead if reads > 0 => etag = "\"v2\"",
            _ => {}
        }
    }
    let Some(range) = range else {
        return respond(&mut stream, "200 OK", &[("ETag", etag)], &body, None).await;
    };
    let len = body.len() as u64;
    let (first, last) = range.trim().split_once('-').unwrap();
    let (start, end) = if first.is_empty() {
        (len.saturating_sub(last.parse().unwrap()), len)
    } else {
        let start: u64 = first.parse().unwrap();
        (
            start,
            last.parse::<u64>().map(|l| l + 1).unwrap_or(len).min(len),
        )
    };
    if start >= len {
        let unsatisfiable = format!("bytes */{len}");
        return respond(
            &mut stream,
            "416 Range Not Satisfiable",
            &[("Content-Range", &unsatisfiable)],
            b"",
            None,
        )
        .await;
    }
    let content_range = format!("bytes {start}-{}/{len}", end - 1);
    let slice = &body[start as usize..end as usize];
    if is_split && server.fault == Fault::GzipRanges {
        use std::io::Write;
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gzip.write_all(slice).unwrap();
        let headers = [
            ("Content-Range", content_range.as_str()),
            ("Content-Encoding", "gzip"),
        ];
        let compressed = gzip.finish().unwrap();
        return respond(
            &mut stream,
            "206 Partial Content",
            &headers,
            &compressed,
            None,
        )
        .await;
    }
    if is_split && server.fault == Fault::SplitRangesTooLong {
        let longer = [slice, &[0u8; 4096][..]].concat();
        let headers = [("Content-Range", content_range.as_str()), ("ETag", etag)];
        return respond(&mut stream, "206 Partial Content", &headers, &longer, None).await;
    }
    let cut = (is_split && server.fault == Fault::DropMidBody).then_some(slice.len() / 2);
    respond(
        &mut stream,
        "206 Partial Content",
        &[("Content-Range", &content_range), ("ETag", etag)],
        slice,
        cut,
    )
    .await;
}

async fn respond(
    stream: &mut tokio::net::TcpStream,
    status: &str,
    headers: &[(&str, &str)],
    body: &[u8],
    cut: Option<usize>,
) {
    let mut head = format!(
        "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let _ = stream.write_all(head.as_bytes()).await;
    let _ = stream.write_all(&body[..cut.unwrap_or(body.len())]).await;
    let _ = stream.shutdown().await;
}

async fn start(root: &Path, fault: Fault) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let server = Arc::new(FaultServer {
        root: root.to_path_buf(),
        fault,
        split_reads: AtomicUsize::new(0),
        manifest_reads: AtomicUsize::new(0),
        changed: Mutex::new(None),
    });
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            tokio::spawn(handle(server.clone(), stream));
        }
    });
    format!("http://{address}/")
}

fn sample_index() -> tempfile::TempDir {
    let out = tempfile::tempdir().unwrap();
    let input = common::repo().join("examples/mdn/sample.jsonl.gz");
    common::build_index(common::mdn_mapping(), vec![input], out.path(), 1000);
    out
}

fn split_path(root: &Path) -> PathBuf {
    let splits = root.join("splits");
    let entry = std::fs::read_dir(&splits).unwrap().next().unwrap().unwrap();
    entry.path()
}

/// Opens the index at `url` and runs one query, within a time limit (a hang fails the test).
async fn search(url: &str) -> Result<u64, Error> {
    search_by(url, None).await
}

/// [`search`], its reads ending by `deadline`.
async fn search_by(url: &str, deadline: Option<Deadline>) -> Result<u64, Error> {
    let run = async {
        let index = rangefind_engine::splits::SearchIndex::open(
            Arc::new(rangefind_engine::io::HttpStore::new(url).with_deadline(deadline)),
            rangefind_engine::splits::IndexOptions {
                cache_bytes: 0,
                ..Default::default()
            },
        )
        .await?;
        Ok(index
            .search(&SearchRequest::new("array map", 10))
            .await?
            .count)
    };
    tokio::time::timeout(Duration::from_secs(60), run)
        .await
        .expect("the query must not hang")
}

fn assert_error(result: Result<u64, Error>, kind: ErrorKind, words: &[&str]) {
    let error = result.expect_err("this fault must fail the query");
    let text = error.to_string();
    assert_eq!(error.kind(), kind, "{text}");
    assert!(
        text.contains("splits/") && text.contains(".split"),
        "names the split: {text}"
    );
    for word in words {
        assert!(text.contains(word), "{text:?} should mention {word:?}");
    }
}

#[tokio::test]
async fn a_well_behaved_server_answers() {
    let index = sample_index();
    let url = start(index.path(), Fault::None).await;
    assert!(search(&url).await.unwrap() > 0);
}

#[tokio::test]
async fn a_server_that_ignores_range_is_named() {
    let index = sample_index();
    assert_error(
        search(&start(index.path(), Fault::IgnoreRange).await).await,
        ErrorKind::Http,
        &["ignored the Range header"],
    );
}

#[tokio::test]
async fn a_server_that_compresses_ranges_is_named() {
    let index = sample_index();
    assert_error(
        search(&start(index.path(), Fault::GzipRanges).await).await,
        ErrorKind::Http,
        &["Content-Encoding: gzip", "without compression"],
    );
}

#[tokio::test]
async fn a_missing_split_is_not_found() {
    let index = sample_index();
    assert_error(
        search(&start(index.path(), Fault::NotFound).await).await,
        ErrorKind::NotFound,
        &["404"],
    );
}

#[tokio::test]
async fn a_failing_server_is_retried_then_reported() {
    let index = sample_index();
    assert_error(
        search(&start(index.path(), Fault::ServerError).await).await,
        ErrorKind::Http,
        &["500", "after 3 attempts"],
    );
}

#[tokio::test]
async fn a_connection_dropped_mid_body_is_reported() {
    let index = sample_index();
    assert_error(
        search(&start(index.path(), Fault::DropMidBody).await).await,
        ErrorKind::Http,
        &["cut off"],
    );
}

#[tokio::test]
async fn a_split_changed_under_the_reader_is_refused_by_name() {
    let index = sample_index();
    assert_error(
        search(&start(index.path(), Fault::ChangeAfterFirstRead).await).await,
        ErrorKind::Changed,
        &["replaced on the server", "under the same name"],
    );
}

#[tokio::test]
async fn a_split_uploaded_again_with_a_new_etag_is_read_on() {
    let index = sample_index();
    let expected = search(&start(index.path(), Fault::None).await)
        .await
        .unwrap();
    let url = start(index.path(), Fault::ReuploadAfterFirstRead).await;
    assert_eq!(search(&url).await.unwrap(), expected);
}

#[tokio::test]
async fn a_corrupt_data_page_fails_its_checksum() {
    let index = sample_index();
    let path = split_path(index.path());
    let mut bytes = std::fs::read(&path).unwrap();
    // Flip a byte in every 4 KiB of the data region: whatever the query reads is corrupt.
    let data_len = bytes.len() * 8 / 10;
    for at in (100..data_len).step_by(4096) {
        bytes[at] ^= 0x01;
    }
    std::fs::write(&path, bytes).unwrap();
    assert_error(
        search(&start(index.path(), Fault::None).await).await,
        ErrorKind::Corrupt,
        &["does not match its checksum"],
    );
}

#[tokio::test]
async fn a_truncated_split_is_detected_at_open() {
    let index = sample_index();
    let path = split_path(index.path());
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    assert_error(
        search(&start(index.path(), Fault::None).await).await,
        ErrorKind::Corrupt,
        &["truncated"],
    );
}

#[tokio::test]
async fn a_wrong_magic_or_version_is_explained() {
    let index = sample_index();
    let path = split_path(index.path());
    let original = std::fs::read(&path).unwrap();
    let url = start(index.path(), Fault::None).await;

    let mut bad_magic = original.clone();
    let n = bad_magic.len();
    bad_magic[n - 1] = b'X';
    std::fs::write(&path, &bad_magic).unwrap();
    assert_error(
        search(&url).await,
        ErrorKind::Corrupt,
        &["not a rangefind split"],
    );

    let mut bad_version = original.clone();
    bad_version[n - 8] = 9;
    std::fs::write(&path, &bad_version).unwrap();
    assert_error(search(&url).await, ErrorKind::Incompatible, &["version 9"]);

    let mut bad_footer = original;
    bad_footer[n - 100] ^= 0xff;
    std::fs::write(&path, &bad_footer).unwrap();
    assert_error(
        search(&url).await,
        ErrorKind::Corrupt,
        &["checksum mismatch"],
    );
}

/// The manifest is read with the same retries as split pages, waiting as long as the server's
/// `Retry-After` asks (it was read once: a 503 failed the open at once); a wait longer than a
/// read would make is reported, not waited for.
#[tokio::test]
async fn a_busy_server_is_retried_after_the_wait_it_asks_for() {
    let index = sample_index();
    let started = std::time::Instant::now();
    let url = start(index.path(), Fault::ManifestBusyOnce).await;
    assert!(search(&url).await.unwrap() > 0);
    let waited = started.elapsed();
    assert!(waited >= Duration::from_secs(1), "retried after {waited:?}");

    let url = start(index.path(), Fault::ManifestBusyForAnHour).await;
    let error = search(&url).await.expect_err("an hour is not waited for");
    let text = error.to_string();
    assert!(
        text.contains("manifest.json") && text.contains("503"),
        "{text}"
    );
    assert!(text.contains("retry after 3600 s"), "{text}");
}

/// A small file read whole (the manifest) is refused past the bound, by its length or as it
/// arrives: a body that never ends costs the reader the bound, not the machine.
#[tokio::test]
async fn a_manifest_past_the_bound_is_refused() {
    let index = sample_index();
    for fault in [Fault::ManifestHuge, Fault::ManifestNeverEnds] {
        let error = search(&start(index.path(), fault).await)
            .await
            .expect_err("refused");
        let text = error.to_string();
        assert_eq!(error.kind(), ErrorKind::Corrupt, "{fault:?}: {text}");
        assert!(
            text.contains("manifest.json") && text.contains("larger than the 64 MiB"),
            "{fault:?}: {text}"
        );
    }
}

/// A host answering a range with more bytes than asked is refused before they are held.
#[tokio::test]
async fn a_range_answered_with_more_bytes_is_refused() {
    let index = sample_index();
    assert_error(
        search(&start(index.path(), Fault::SplitRangesTooLong).await).await,
        ErrorKind::Http,
        &["more than the", "bytes asked for"],
    );
}

/// A host that never answers costs the search's deadline, not attempts × timeout, and the
/// error says what was waited for.
#[tokio::test]
async fn a_silent_host_fails_the_search_at_its_deadline() {
    let index = sample_index();
    let url = start(index.path(), Fault::Silent).await;
    let started = std::time::Instant::now();
    let error = search_by(&url, Some(Deadline::after_seconds(2)))
        .await
        .expect_err("no answer");
    let waited = started.elapsed();
    let text = error.to_string();
    assert!(
        waited >= Duration::from_secs(2) && waited < Duration::from_secs(10),
        "{waited:?}"
    );
    assert!(
        text.contains("manifest.json") && text.contains("deadline of 2 s"),
        "{text}"
    );
}

/// `rangefind search` over a host that never answers ends at its `--timeout`, naming the file
/// it waited for, not after attempts × timeout for each file.
#[tokio::test]
async fn the_cli_gives_up_on_a_silent_host_at_its_timeout() {
    let index = sample_index();
    let url = start(index.path(), Fault::Silent).await;
    let started = std::time::Instant::now();
    let output = tokio::task::spawn_blocking(move || {
        common::rangefind(&["search", &url, "array", "--timeout", "2"])
    })
    .await
    .unwrap();
    let waited = started.elapsed();
    let error = common::failed(&output);
    assert!(waited < Duration::from_secs(15), "{waited:?}: {error}");
    assert!(
        error.contains("site.json") && error.contains("deadline of 2 s"),
        "{error}"
    );
}

/// A host that refuses `site.json` (403) or asks to wait longer than a read waits (429) is
/// reported as such, naming site.json, not as an index without a manifest.
#[tokio::test]
async fn a_refused_site_json_is_reported_as_refused() {
    let index = sample_index();
    for (fault, words) in [
        (Fault::SiteJsonForbidden, ["site.json", "403"]),
        (Fault::SiteJsonBusy, ["site.json", "retry after 30 s"]),
    ] {
        let url = start(index.path(), fault).await;
        let output =
            tokio::task::spawn_blocking(move || common::rangefind(&["search", &url, "array"]))
                .await
                .unwrap();
        let error = common::failed(&output);
        for word in words {
            assert!(error.contains(word), "{fault:?}: {error}");
        }
        assert!(!error.contains("no manifest.json"), "{fault:?}: {error}");
    }
}
