//! `rangefind serve` answers range requests the way split readers need: single, suffix and
//! open-ended ranges, several ranges in one `multipart/byteranges` answer, 416 when
//! unsatisfiable, immutable caching for splits, CORS; and it compresses whole text and wasm
//! responses, never ranges.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

struct Server(Child, String);

impl Drop for Server {
    fn drop(&mut self) {
        self.0.kill().ok();
        self.0.wait().ok();
    }
}

fn serve(dir: &std::path::Path) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rangefind"))
        .args(["serve", dir.to_str().unwrap(), "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .split("http://")
        .nth(1)
        .unwrap()
        .trim()
        .trim_end_matches("/ (Ctrl-C to stop)")
        .trim_end_matches('/')
        .to_string();
    Server(child, address)
}

/// (status line, headers lowercased, body) of one raw HTTP/1.1 request.
fn get(address: &str, path: &str, range: Option<&str>) -> (String, String, Vec<u8>) {
    let range = range.map(|r| format!("Range: {r}\r\n")).unwrap_or_default();
    request(address, &format!("GET {path} HTTP/1.1\r\n{range}"))
}

/// (status line, headers lowercased, body) of a raw request: `head` is the request line and
/// headers, each line ending in CRLF (HTTP/1.0 keeps bodies unchunked).
fn request(address: &str, head: &str) -> (String, String, Vec<u8>) {
    let mut stream = TcpStream::connect(address.split(' ').next().unwrap()).unwrap();
    write!(stream, "{head}Host: x\r\nConnection: close\r\n\r\n").unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    let split = response.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&response[..split]).to_string();
    let status = head.lines().next().unwrap().to_string();
    (
        status,
        head.to_ascii_lowercase(),
        response[split + 4..].to_vec(),
    )
}

#[test]
fn ranges_are_served_exactly() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("splits")).unwrap();
    let content: Vec<u8> = (0..100u8).collect();
    std::fs::write(dir.path().join("splits/a.split"), &content).unwrap();
    std::fs::write(dir.path().join("manifest.json"), b"{}").unwrap();
    let server = serve(dir.path());
    let address = &server.1;

    let (status, headers, body) = get(address, "/splits/a.split", Some("bytes=10-19"));
    assert!(status.contains("206"), "{status}");
    assert!(
        headers.contains("content-range: bytes 10-19/100"),
        "{headers}"
    );
    assert_eq!(body, &content[10..20]);
    assert!(
        headers.contains("cache-control: public, max-age=31536000, immutable"),
        "{headers}"
    );
    assert!(
        headers.contains("access-control-allow-origin: *"),
        "{headers}"
    );
    assert!(
        headers.contains("access-control-expose-headers: content-range"),
        "{headers}"
    );

    let (status, headers, body) = get(address, "/splits/a.split", Some("bytes=-7"));
    assert!(
        status.contains("206") && headers.contains("content-range: bytes 93-99/100"),
        "{status} {headers}"
    );
    assert_eq!(body, &content[93..]);

    let (status, _, body) = get(address, "/splits/a.split", Some("bytes=95-"));
    assert!(status.contains("206"));
    assert_eq!(body, &content[95..]);

    let (status, headers, _) = get(address, "/splits/a.split", Some("bytes=100-"));
    assert!(status.contains("416"), "{status}");
    assert!(headers.contains("content-range: bytes */100"), "{headers}");

    let (status, _, body) = get(address, "/splits/a.split", None);
    assert!(status.contains("200"));
    assert_eq!(body, content);

    let (_, headers, _) = get(address, "/manifest.json", None);
    assert!(
        headers.contains("cache-control: public, max-age=60"),
        "{headers}"
    );
    assert!(
        headers.contains("content-type: application/json"),
        "{headers}"
    );

    let (status, _, _) = get(address, "/../etc/passwd", None);
    assert!(status.contains("403") || status.contains("404"), "{status}");
    let (status, _, _) = get(address, "/missing.split", Some("bytes=0-1"));
    assert!(status.contains("404"), "{status}");
}

#[test]
fn several_ranges_come_in_one_multipart_answer_the_engine_reads() {
    use rangefind_engine::io::byteranges;
    let dir = tempfile::tempdir().unwrap();
    // Large enough for parts read from the file in several chunks.
    let content: Vec<u8> = (0..300_000u32).map(|at| (at % 251) as u8).collect();
    std::fs::write(dir.path().join("a.rfsite"), &content).unwrap();
    let server = serve(dir.path());
    let asked = [200_000..270_000, 10..20, 99_999..100_000];
    let header = byteranges::header(&asked);
    assert_eq!(header, "bytes=200000-269999,10-19,99999-99999");
    let (status, headers, body) = get(&server.1, "/a.rfsite", Some(&header));
    assert!(status.contains("206"), "{status}");
    let content_type = headers
        .lines()
        .find_map(|line| line.strip_prefix("content-type: "))
        .unwrap();
    let length: usize = headers
        .lines()
        .find_map(|line| line.strip_prefix("content-length: "))
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(length, body.len());
    let boundary = byteranges::boundary(content_type).expect("a multipart answer");
    let parts = byteranges::parts(&body.into(), boundary).expect("parts");
    assert_eq!(parts.len(), 3, "one part per range, in the order asked");
    let reads = byteranges::cut(&asked, &parts).expect("every range sent");
    for (range, read) in asked.iter().zip(&reads) {
        assert_eq!(read.start, range.start);
        assert_eq!(read.file_len, content.len() as u64);
        assert_eq!(
            &read.bytes[..],
            &content[range.start as usize..range.end as usize]
        );
    }

    // One range of several inside the file: a plain 206; none: 416; overlapping past the
    // file's size: the whole file, as nginx answers.
    let (status, headers, body) = get(&server.1, "/a.rfsite", Some("bytes=5-9,400000-400001"));
    assert!(status.contains("206") && headers.contains("content-range: bytes 5-9/300000"));
    assert_eq!(body, &content[5..10]);
    let (status, _, _) = get(&server.1, "/a.rfsite", Some("bytes=400000-,500000-"));
    assert!(status.contains("416"), "{status}");
    let (status, _, body) = get(&server.1, "/a.rfsite", Some("bytes=0-,0-"));
    assert!(status.contains("200"), "{status}");
    assert_eq!(body.len(), content.len());
}

#[test]
fn whole_text_responses_are_compressed_and_ranges_never() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("splits")).unwrap();
    let script = "export const words = ['range', 'request', 'split'];\n".repeat(100);
    std::fs::write(dir.path().join("app.js"), &script).unwrap();
    std::fs::write(dir.path().join("splits/a.split"), script.as_bytes()).unwrap();
    let server = serve(dir.path());
    let address = &server.1;
    let gzip = "Accept-Encoding: gzip\r\n";

    let (status, headers, body) = request(address, &format!("GET /app.js HTTP/1.0\r\n{gzip}"));
    assert!(status.contains("200"), "{status}");
    assert!(headers.contains("content-encoding: gzip"), "{headers}");
    assert!(body.len() < script.len() / 4, "{} bytes", body.len());
    let mut decoded = String::new();
    flate2::read::GzDecoder::new(&body[..])
        .read_to_string(&mut decoded)
        .unwrap();
    assert_eq!(decoded, script);

    let range = "Range: bytes=10-19\r\n";
    let (status, headers, body) =
        request(address, &format!("GET /app.js HTTP/1.0\r\n{gzip}{range}"));
    assert!(status.contains("206"), "{status}");
    assert!(!headers.contains("content-encoding"), "{headers}");
    assert_eq!(body, &script.as_bytes()[10..20]);

    // Splits hold compressed data already; without Accept-Encoding nothing is compressed.
    let (_, headers, body) = request(address, &format!("GET /splits/a.split HTTP/1.0\r\n{gzip}"));
    assert!(!headers.contains("content-encoding"), "{headers}");
    assert_eq!(body, script.as_bytes());
    let (_, headers, body) = request(address, "GET /app.js HTTP/1.0\r\n");
    assert!(!headers.contains("content-encoding"), "{headers}");
    assert_eq!(body, script.as_bytes());
}

#[test]
fn files_compressed_ahead_are_sent_to_clients_that_take_brotli() {
    // `build --site` writes the site engine also as `.wasm.br`, at brotli's best.
    let dir = tempfile::tempdir().unwrap();
    let engine: Vec<u8> = (0..20_000u32)
        .flat_map(|i| (i % 251).to_le_bytes())
        .collect();
    let mut compressed = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &engine[..], &mut compressed, &params).unwrap();
    std::fs::write(dir.path().join("engine.wasm"), &engine).unwrap();
    std::fs::write(dir.path().join("engine.wasm.br"), &compressed).unwrap();
    let server = serve(dir.path());
    let address = &server.1;

    let (status, headers, body) = request(
        address,
        "GET /engine.wasm HTTP/1.0\r\nAccept-Encoding: gzip, deflate, br\r\n",
    );
    assert!(status.contains("200"), "{status}");
    assert!(headers.contains("content-encoding: br"), "{headers}");
    assert!(
        headers.contains("content-type: application/wasm"),
        "{headers}"
    );
    assert!(headers.contains("vary: accept-encoding"), "{headers}");
    assert_eq!(
        body, compressed,
        "the file compressed ahead, not compressed again"
    );
    let mut decoded = Vec::new();
    brotli::BrotliDecompress(&mut &body[..], &mut decoded).unwrap();
    assert_eq!(decoded, engine);

    // Without brotli (or refusing it), the file itself, compressed on the fly.
    for accept in ["gzip", "br;q=0, gzip"] {
        let (_, headers, body) = request(
            address,
            &format!("GET /engine.wasm HTTP/1.0\r\nAccept-Encoding: {accept}\r\n"),
        );
        assert!(headers.contains("content-encoding: gzip"), "{headers}");
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&body[..])
            .read_to_end(&mut decoded)
            .unwrap();
        assert_eq!(decoded, engine);
    }
    // A range is of the file's own bytes.
    let (status, headers, body) = request(
        address,
        "GET /engine.wasm HTTP/1.0\r\nAccept-Encoding: br\r\nRange: bytes=100-199\r\n",
    );
    assert!(status.contains("206"), "{status}");
    assert!(!headers.contains("content-encoding"), "{headers}");
    assert_eq!(body, &engine[100..200]);
}

#[test]
fn clients_that_leave_mid_response_do_not_stop_the_server() {
    let dir = tempfile::tempdir().unwrap();
    // Text that compresses poorly, so the compressed (chunked) body outgrows socket buffers.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let text: String = (0..6_000_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            char::from(b'a' + (state % 26) as u8)
        })
        .collect();
    std::fs::write(dir.path().join("big.js"), &text).unwrap();
    let mut server = serve(dir.path());
    let address = server.1.split(' ').next().unwrap().to_string();
    // Clients that leave before, during and after the first bytes of a compressed answer.
    for read in [0, 1, 4096, 65536, 0, 1, 4096, 65536] {
        let mut stream = TcpStream::connect(&address).unwrap();
        write!(
            stream,
            "GET /big.js HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n"
        )
        .unwrap();
        let mut buffer = vec![0u8; read];
        stream.read_exact(&mut buffer).unwrap();
        drop(stream);
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(
        server.0.try_wait().unwrap().is_none(),
        "the server exited: {:?}",
        server.0.try_wait()
    );
    let (status, _, body) = get(&server.1, "/big.js", Some("bytes=0-9"));
    assert!(status.contains("206"), "{status}");
    assert_eq!(body, &text.as_bytes()[..10]);
}

#[test]
fn a_range_to_the_largest_end_is_clamped_to_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let content: Vec<u8> = (0..100u8).collect();
    std::fs::write(dir.path().join("a.split"), &content).unwrap();
    let server = serve(dir.path());
    let (status, headers, body) = get(&server.1, "/a.split", Some("bytes=10-18446744073709551615"));
    assert!(status.contains("206"), "{status}");
    assert!(
        headers.contains("content-range: bytes 10-99/100"),
        "{headers}"
    );
    assert_eq!(body, &content[10..]);
}

#[cfg(unix)]
#[test]
fn hidden_files_links_out_of_the_root_and_non_files_are_not_served() {
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("secret.txt"), "password").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(root.join("page.html"), "<p>hello</p>").unwrap();
    std::fs::write(root.join(".env"), "TOKEN=1").unwrap();
    std::fs::create_dir(root.join(".git")).unwrap();
    std::fs::write(root.join(".git/config"), "[core]").unwrap();
    std::os::unix::fs::symlink(outside.path().join("secret.txt"), root.join("leak.txt")).unwrap();
    std::os::unix::fs::symlink(root.join("page.html"), root.join("alias.html")).unwrap();
    // A FIFO: opening it would wait for a writer forever.
    let fifo = root.join("pipe.split");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let server = serve(root);
    let address = &server.1;
    for path in ["/.env", "/.git/config", "/leak.txt", "/pipe.split"] {
        let (status, _, body) = get(address, path, None);
        assert!(status.contains("404"), "{path}: {status}");
        assert!(!String::from_utf8_lossy(&body).contains("password"));
    }
    let (status, _, body) = get(address, "/alias.html", None);
    assert!(status.contains("200"), "{status}");
    assert_eq!(body, b"<p>hello</p>");
}

/// A client that sends no request, or sends one and then nothing, loses its connection after
/// the header read timeout (it held the connection and its task forever).
#[tokio::test]
async fn idle_connections_are_closed() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::time::{timeout, Duration, Instant};

    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "hello").unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let idle = Duration::from_millis(300);
    tokio::spawn(rangefind_builder::serve::serve_on(
        listener,
        dir.path().to_path_buf(),
        idle,
        std::future::pending(),
    ));
    // Reads until the server closes the connection; returns what it sent and when it closed.
    async fn until_closed(stream: &mut tokio::net::TcpStream) -> (Vec<u8>, Instant) {
        let mut received = Vec::new();
        let read = timeout(Duration::from_secs(20), stream.read_to_end(&mut received)).await;
        assert!(read.is_ok(), "still open after 20 s");
        (received, Instant::now())
    }

    let started = Instant::now();
    let mut silent = tokio::net::TcpStream::connect(address).await.unwrap();
    let (received, closed) = until_closed(&mut silent).await;
    assert!(received.is_empty());
    assert!(
        closed - started >= idle,
        "closed after {:?}",
        closed - started
    );

    let mut kept_alive = tokio::net::TcpStream::connect(address).await.unwrap();
    kept_alive
        .write_all(b"GET /a.txt HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let (received, _) = until_closed(&mut kept_alive).await;
    let response = String::from_utf8_lossy(&received);
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.ends_with("hello"), "{response}");

    // A request that starts its headers and never ends them.
    let mut slow = tokio::net::TcpStream::connect(address).await.unwrap();
    slow.write_all(b"GET /a.txt HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let (received, _) = until_closed(&mut slow).await;
    let response = String::from_utf8_lossy(&received);
    assert!(
        response.is_empty() || response.starts_with("HTTP/1.1 408"),
        "{response}"
    );
}
