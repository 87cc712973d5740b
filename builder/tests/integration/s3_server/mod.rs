//! A real S3-compatible server on 127.0.0.1 for the publish tests: s3s-fs (objects as files
//! on disk, multipart uploads, ranges, stored Cache-Control/Content-Type) behind s3s's SigV4
//! authentication. Anonymous GET and HEAD are allowed, as on a public-read bucket serving an
//! index to browsers; anything else needs the test credentials. Writes can be slowed down or
//! made to fail, to interrupt an upload.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::{Method, Request, Response, StatusCode};
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use s3s::access::{S3Access, S3AccessContext};
use s3s::auth::SimpleAuth;
use s3s::service::S3ServiceBuilder;
use s3s::{s3_error, S3Result};

pub const ACCESS_KEY: &str = "rangefind-test";
pub const SECRET_KEY: &str = "rangefind-test-secret-key";

/// Faults applied to writes (PUT and POST).
#[derive(Default)]
pub struct Faults {
    /// Milliseconds each write waits before it is handled.
    pub write_delay_ms: AtomicU64,
    /// Writes whose path contains this string answer 500.
    pub fail_writes_to: Mutex<Option<String>>,
    /// The next this many writes answer 503 (a store having a bad moment).
    pub fail_next_writes: AtomicU64,
    /// Writes handled (PUT and POST, faulty or not).
    pub writes: AtomicU64,
    /// Multipart uploads started (`POST …?uploads`).
    pub multipart_uploads: AtomicU64,
}

/// A running server.
pub struct S3Server {
    /// `http://127.0.0.1:PORT`.
    pub endpoint: String,
    /// Where s3s-fs keeps the objects (`ROOT/BUCKET/KEY`).
    pub root: PathBuf,
    pub faults: Arc<Faults>,
    _dir: Option<tempfile::TempDir>,
}

/// Anonymous reads only, as a public-read bucket policy allows.
struct PublicRead;

#[async_trait::async_trait]
impl S3Access for PublicRead {
    async fn check(&self, cx: &mut S3AccessContext<'_>) -> S3Result<()> {
        if cx.credentials().is_some() {
            return Ok(());
        }
        match cx.s3_op().name() {
            "GetObject" | "HeadObject" => Ok(()),
            name => Err(s3_error!(AccessDenied, "anonymous {name} is not allowed")),
        }
    }
}

impl S3Server {
    /// Starts a server on a free port holding the (empty) `buckets`, in a temporary directory.
    pub async fn start(buckets: &[&str]) -> S3Server {
        let dir = tempfile::tempdir().unwrap();
        let mut server = S3Server::serve_dir(dir.path(), 0, buckets).await;
        server._dir = Some(dir);
        server
    }

    /// Starts a server on `port` (0: any) keeping objects under `root`; creates the `buckets`
    /// that do not exist yet.
    pub async fn serve_dir(root: &Path, port: u16, buckets: &[&str]) -> S3Server {
        for bucket in buckets {
            std::fs::create_dir_all(root.join(bucket)).unwrap();
        }
        let mut builder = S3ServiceBuilder::new(s3s_fs::FileSystem::new(root).unwrap());
        builder.set_auth(SimpleAuth::from_single(ACCESS_KEY, SECRET_KEY));
        builder.set_access(PublicRead);
        let service = builder.build();
        let faults = Arc::new(Faults::default());
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
            .await
            .unwrap();
        let address = listener.local_addr().unwrap();
        let accept_faults = faults.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let service = service.clone();
                let faults = accept_faults.clone();
                tokio::spawn(async move {
                    let handler = hyper::service::service_fn(move |request: Request<Incoming>| {
                        let service = service.clone();
                        let faults = faults.clone();
                        async move {
                            let is_write = matches!(*request.method(), Method::PUT | Method::POST);
                            if is_write {
                                faults.writes.fetch_add(1, Ordering::Relaxed);
                                if request
                                    .uri()
                                    .query()
                                    .is_some_and(|q| q.trim_end_matches('=') == "uploads")
                                {
                                    faults.multipart_uploads.fetch_add(1, Ordering::Relaxed);
                                }
                                let delay = faults.write_delay_ms.load(Ordering::Relaxed);
                                tokio::time::sleep(Duration::from_millis(delay)).await;
                                let fail = faults.fail_writes_to.lock().unwrap().clone();
                                if fail.is_some_and(|part| request.uri().path().contains(&part)) {
                                    return Ok(error_response(
                                        StatusCode::INTERNAL_SERVER_ERROR,
                                        "InternalError",
                                    ));
                                }
                                let transient = faults.fail_next_writes.fetch_update(
                                    Ordering::Relaxed,
                                    Ordering::Relaxed,
                                    |n| n.checked_sub(1),
                                );
                                if transient.is_ok() {
                                    return Ok(error_response(
                                        StatusCode::SERVICE_UNAVAILABLE,
                                        "SlowDown",
                                    ));
                                }
                            }
                            hyper::service::Service::call(&service, request).await
                        }
                    });
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(TokioIo::new(stream), handler)
                        .await;
                });
            }
        });
        S3Server {
            endpoint: format!("http://{address}"),
            root: root.to_path_buf(),
            faults,
            _dir: None,
        }
    }

    /// The environment a client needs to write here (as for the AWS CLI).
    pub fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("AWS_ACCESS_KEY_ID", ACCESS_KEY.to_string()),
            ("AWS_SECRET_ACCESS_KEY", SECRET_KEY.to_string()),
            ("AWS_REGION", "us-east-1".to_string()),
            ("AWS_ENDPOINT_URL", self.endpoint.clone()),
        ]
    }

    /// The file holding `key` of `bucket`.
    pub fn object(&self, bucket: &str, key: &str) -> PathBuf {
        self.root.join(bucket).join(key)
    }

    /// Keys under `prefix` of `bucket` (finished objects only).
    pub fn keys(&self, bucket: &str, prefix: &str) -> Vec<String> {
        let mut keys = Vec::new();
        collect(&self.root.join(bucket), &self.root.join(bucket), &mut keys);
        keys.retain(|k| k.starts_with(prefix));
        keys.sort();
        keys
    }
}

fn error_response(status: StatusCode, code: &str) -> Response<s3s::Body> {
    let body = format!("<Error><Code>{code}</Code></Error>");
    let mut response = Response::new(s3s::Body::from(body));
    *response.status_mut() = status;
    response
}

fn collect(base: &Path, dir: &Path, keys: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().to_string();
        if name.starts_with('.') {
            continue; // s3s-fs's metadata sidecars and in-progress uploads
        }
        if path.is_dir() {
            collect(base, &path, keys);
        } else {
            keys.push(
                path.strip_prefix(base)
                    .unwrap()
                    .to_string_lossy()
                    .to_string(),
            );
        }
    }
}
