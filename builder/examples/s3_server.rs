//! A local S3-compatible server to try `rangefind publish` against, and the one the publish
//! benchmark uploads to: the same s3s-fs server the tests start (SigV4 with the test
//! credentials, anonymous GET/HEAD like a public-read bucket).
//!
//! ```sh
//! cargo run --release --example s3_server -- /tmp/s3 9000 indexes
//! export AWS_ACCESS_KEY_ID=rangefind-test AWS_SECRET_ACCESS_KEY=rangefind-test-secret-key
//! rangefind publish out/mdn s3://indexes/mdn --endpoint http://127.0.0.1:9000
//! rangefind search http://127.0.0.1:9000/indexes/mdn/ 'array map'
//! ```

#[path = "../tests/integration/s3_server/mod.rs"]
mod s3_server;

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [root, port, buckets @ ..] = args.as_slice() else {
        eprintln!("usage: s3_server ROOT PORT [BUCKET...]  (objects are kept under ROOT)");
        std::process::exit(2);
    };
    let port: u16 = port.parse().expect("PORT: a number");
    let buckets: Vec<&str> = buckets.iter().map(String::as_str).collect();
    let server = s3_server::S3Server::serve_dir(root.as_ref(), port, &buckets).await;
    println!(
        "S3 on {} (root {root}); AWS_ACCESS_KEY_ID={} AWS_SECRET_ACCESS_KEY={}",
        server.endpoint,
        s3_server::ACCESS_KEY,
        s3_server::SECRET_KEY
    );
    tokio::signal::ctrl_c().await.ok();
}
