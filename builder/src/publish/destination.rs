//! Where an index is published: an object-store URL (`s3://`, `gs://`, `az://`, `file://`) or
//! a local directory, opened through the `object_store` crate with credentials from the usual
//! environment variables, plus the endpoint, region and options given on the command line.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context};
use object_store::aws::AmazonS3Builder;
use object_store::azure::MicrosoftAzureBuilder;
use object_store::gcp::GoogleCloudStorageBuilder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as StorePath;
use object_store::{ClientOptions, ObjectStore, ObjectStoreScheme, RetryConfig};
use url::Url;

/// How to reach an object store (`--endpoint`, `--region`, `--store-option`); credentials come
/// from the environment.
#[derive(Debug, Clone, Default)]
pub struct StoreAccess {
    /// Endpoint of an S3-compatible store.
    pub endpoint: Option<String>,
    /// Region of an S3 bucket.
    pub region: Option<String>,
    /// Any other setting, in object_store's names.
    pub store_options: Vec<(String, String)>,
}

/// An opened destination: a store, and the prefix the index root lives under.
pub struct Destination {
    /// The destination as the user wrote it (for messages).
    pub display: String,
    /// The store.
    pub store: Arc<dyn ObjectStore>,
    /// The index root inside the store (`manifest.json` and `splits/` go under it).
    pub root: StorePath,
    /// Whether objects carry their own HTTP headers (`Cache-Control`, `Content-Type`).
    /// A local directory does not: whatever serves it decides (`rangefind serve` does it right).
    pub stores_headers: bool,
}

impl Destination {
    /// The location of `relative` (a `/`-separated path inside the index) in the store.
    pub fn location(&self, relative: &str) -> StorePath {
        relative
            .split('/')
            .filter(|part| !part.is_empty())
            .fold(self.root.clone(), |path, part| path.child(part))
    }
}

/// True when `target` names an object store rather than a local directory.
pub fn is_url(target: &str) -> bool {
    target.contains("://")
}

/// Each request is retried with exponential backoff for transient failures (timeouts,
/// 5xx, 429, dropped connections) before an upload gives up.
fn retry_config() -> RetryConfig {
    RetryConfig {
        max_retries: 5,
        retry_timeout: Duration::from_secs(180),
        ..RetryConfig::default()
    }
}

/// A part of a large split may take a while on a slow uplink; a silent server must not
/// hang the upload forever either.
fn client_options() -> ClientOptions {
    ClientOptions::new()
        .with_connect_timeout(Duration::from_secs(10))
        .with_timeout(Duration::from_secs(300))
}

/// Opens `target`: `s3://bucket/prefix`, `gs://bucket/prefix`, `az://container/prefix`,
/// `file:///path`, or a plain directory path (created if missing).
pub fn open(target: &str, args: &StoreAccess) -> anyhow::Result<Destination> {
    if !is_url(target) {
        return open_local_dir(target, args);
    }
    let url = Url::parse(target).with_context(|| format!("{target}: not a valid URL"))?;
    let (scheme, root) = ObjectStoreScheme::parse(&url).map_err(|_| {
        anyhow::anyhow!(
            "{target}: unsupported destination (use s3://, gs://, az://, file:// or a directory)"
        )
    })?;
    let with_context = |e: object_store::Error| store_error(e).context(target.to_string());
    let (store, stores_headers): (Arc<dyn ObjectStore>, bool) = match scheme {
        ObjectStoreScheme::AmazonS3 => (
            Arc::new(s3(target, args)?.build().map_err(with_context)?),
            true,
        ),
        ObjectStoreScheme::GoogleCloudStorage => {
            no_endpoint_or_region(target, args)?;
            let mut builder = GoogleCloudStorageBuilder::from_env()
                .with_url(target)
                .with_retry(retry_config())
                .with_client_options(client_options());
            for (key, value) in &args.store_options {
                builder = builder.with_config(config_key(key)?, value);
            }
            (Arc::new(builder.build().map_err(with_context)?), true)
        }
        ObjectStoreScheme::MicrosoftAzure => {
            let mut builder = MicrosoftAzureBuilder::from_env()
                .with_url(target)
                .with_retry(retry_config())
                .with_client_options(client_options());
            if let Some(endpoint) = &args.endpoint {
                builder = builder
                    .with_endpoint(endpoint.clone())
                    .with_allow_http(endpoint.starts_with("http://"));
            }
            if args.region.is_some() {
                bail!("--region applies to s3:// destinations only");
            }
            for (key, value) in &args.store_options {
                builder = builder.with_config(config_key(key)?, value);
            }
            (Arc::new(builder.build().map_err(with_context)?), true)
        }
        ObjectStoreScheme::Local => {
            no_endpoint_or_region(target, args)?;
            let dir = url
                .to_file_path()
                .map_err(|_| anyhow::anyhow!("{target}: not a local path"))?;
            return open_local_dir(&dir.to_string_lossy(), args);
        }
        _ => bail!(
            "{target}: unsupported destination (use s3://, gs://, az://, file:// or a directory)"
        ),
    };
    Ok(Destination {
        display: target.trim_end_matches('/').to_string(),
        store,
        root,
        stores_headers,
    })
}

/// An S3 or S3-compatible store (AWS, R2, MinIO, …). Everything `AWS_*` in the environment
/// applies (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`, `AWS_REGION`,
/// `AWS_ENDPOINT_URL`, …); flags override it. A plain-http endpoint (a local MinIO) is
/// allowed without a further setting: the user named it.
fn s3(target: &str, args: &StoreAccess) -> anyhow::Result<AmazonS3Builder> {
    let mut builder = AmazonS3Builder::from_env()
        .with_url(target)
        .with_retry(retry_config())
        .with_client_options(client_options());
    let endpoint = args
        .endpoint
        .clone()
        .or_else(|| std::env::var("AWS_ENDPOINT_URL").ok())
        .or_else(|| std::env::var("AWS_ENDPOINT").ok());
    if let Some(endpoint) = endpoint {
        builder = builder
            .with_allow_http(endpoint.starts_with("http://"))
            .with_endpoint(endpoint);
    }
    if let Some(region) = &args.region {
        builder = builder.with_region(region);
    }
    for (key, value) in &args.store_options {
        builder = builder.with_config(config_key(key)?, value);
    }
    Ok(builder)
}

/// A `--store-option` key in the store's own vocabulary (`aws_…`, `google_…`, `azure_…`).
fn config_key<K: std::str::FromStr<Err = object_store::Error>>(key: &str) -> anyhow::Result<K> {
    key.parse()
        .map_err(|e| anyhow::anyhow!("--store-option {key}: {e}"))
}

fn no_endpoint_or_region(target: &str, args: &StoreAccess) -> anyhow::Result<()> {
    if args.endpoint.is_some() || args.region.is_some() {
        bail!("{target}: --endpoint and --region apply to s3:// and az:// destinations only");
    }
    Ok(())
}

fn open_local_dir(dir: &str, args: &StoreAccess) -> anyhow::Result<Destination> {
    if !args.store_options.is_empty() {
        bail!("{dir}: --store-option applies to object-store URLs only");
    }
    // Rooted at the absolute path rather than created now: a dry run must not write, and
    // uploads create the directories they need.
    let absolute = std::path::absolute(dir).with_context(|| format!("{dir}: not a usable path"))?;
    let root = StorePath::from_absolute_path(&absolute)
        .map_err(|e| anyhow::anyhow!("{dir}: not a usable path: {e}"))?;
    Ok(Destination {
        display: dir.to_string(),
        store: Arc::new(LocalFileSystem::new()),
        root,
        stores_headers: false,
    })
}

/// object_store's errors repeat their whole source chain in every layer's message. Keeps the
/// innermost cause, an S3 XML error body reduced to its code and message, plus a hint for the
/// mistakes people make (credentials, bucket name, region).
pub fn store_error(error: object_store::Error) -> anyhow::Error {
    let mut innermost: &dyn std::error::Error = &error;
    while let Some(source) = innermost.source() {
        innermost = source;
    }
    let mut text = innermost.to_string();
    if let Some(start) = text.find("<?xml").or_else(|| text.find("<Error>")) {
        let element = |name: &str| {
            let open = format!("<{name}>");
            let from = text.find(&open)? + open.len();
            let to = from + text[from..].find(&format!("</{name}>"))?;
            Some(text[from..to].to_string())
        };
        let code = element("Code").unwrap_or_default();
        let message = element("Message")
            .map(|m| format!(": {m}"))
            .unwrap_or_default();
        text = format!("{}{code}{message}", &text[..start]);
    }
    let text = text.trim_end_matches([' ', ':']);
    let hint = if text.contains("NoSuchBucket") {
        " (no such bucket: check the URL and --endpoint)"
    } else if text.contains("SignatureDoesNotMatch")
        || text.contains("InvalidAccessKeyId")
        || text.contains("403 Forbidden")
    {
        " (the store refused the credentials: check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and the key's permissions)"
    } else if text.contains("PermanentRedirect") || text.contains("301 Moved Permanently") {
        " (the bucket is in another region: set --region)"
    } else {
        ""
    };
    anyhow::anyhow!("{text}{hint}")
}
