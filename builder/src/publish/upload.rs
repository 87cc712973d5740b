//! Uploading one file: a single PUT when it fits in one part, a multipart upload otherwise
//! (bounded parts in flight, aborted on failure so no orphaned parts are left behind). The
//! object becomes visible only when the whole upload has succeeded.

use std::path::Path;

use anyhow::Context;
use bytes::BytesMut;
use indicatif::ProgressBar;
use object_store::path::Path as StorePath;
use object_store::{
    Attribute, Attributes, ObjectStore, PutMultipartOptions, PutOptions, PutPayload, WriteMultipart,
};
use tokio::io::AsyncReadExt;

use super::destination::store_error;
use crate::http_caching::{cache_control, content_type};

/// Parts of one file uploaded at once.
const PARTS_IN_FLIGHT: usize = 2;

/// How to upload.
#[derive(Clone, Copy, Debug)]
pub struct UploadSettings {
    /// Files larger than this go in parts of this size.
    pub part_size: usize,
    /// Store `Cache-Control` and `Content-Type` with the object.
    pub with_headers: bool,
}

/// The object headers of a file of the index, named by its path inside the index.
fn headers(relative: &str, settings: UploadSettings) -> Attributes {
    if !settings.with_headers {
        return Attributes::new();
    }
    let path = Path::new(relative);
    Attributes::from_iter([
        (Attribute::CacheControl, cache_control(path)),
        (Attribute::ContentType, content_type(path)),
    ])
}

/// Uploads `payload` to `location` in one PUT.
pub async fn put_bytes(
    store: &dyn ObjectStore,
    location: &StorePath,
    payload: PutPayload,
    relative: &str,
    settings: UploadSettings,
) -> anyhow::Result<()> {
    let options = PutOptions {
        attributes: headers(relative, settings),
        ..PutOptions::default()
    };
    store
        .put_opts(location, payload, options)
        .await
        .map_err(store_error)?;
    Ok(())
}

/// Uploads the local file `source` (of `len` bytes) to `location`; `relative` is its path
/// inside the index (it decides the headers). Advances `progress` by the bytes sent.
pub async fn upload_file(
    store: &dyn ObjectStore,
    source: &Path,
    len: u64,
    location: &StorePath,
    relative: &str,
    settings: UploadSettings,
    progress: &ProgressBar,
) -> anyhow::Result<()> {
    if len <= settings.part_size as u64 {
        let bytes = tokio::fs::read(source)
            .await
            .with_context(|| format!("cannot read {}", source.display()))?;
        let sent = bytes.len() as u64;
        put_bytes(store, location, PutPayload::from(bytes), relative, settings).await?;
        progress.inc(sent);
        return Ok(());
    }
    let options = PutMultipartOptions {
        attributes: headers(relative, settings),
        ..PutMultipartOptions::default()
    };
    let upload = store
        .put_multipart_opts(location, options)
        .await
        .map_err(store_error)?;
    let mut writer = WriteMultipart::new_with_chunk_size(upload, settings.part_size);
    match send_parts(&mut writer, source, settings.part_size, progress).await {
        Ok(()) => {
            writer.finish().await.map_err(store_error)?;
            Ok(())
        }
        Err(error) => {
            // Best effort: the upload failed already, and the store expires stale uploads.
            let _ = writer.abort().await;
            Err(error)
        }
    }
}

async fn send_parts(
    writer: &mut WriteMultipart,
    source: &Path,
    part_size: usize,
    progress: &ProgressBar,
) -> anyhow::Result<()> {
    let mut file = tokio::fs::File::open(source)
        .await
        .with_context(|| format!("cannot read {}", source.display()))?;
    loop {
        writer
            .wait_for_capacity(PARTS_IN_FLIGHT)
            .await
            .map_err(store_error)?;
        let mut part = BytesMut::zeroed(part_size);
        let mut filled = 0;
        while filled < part_size {
            let read = file
                .read(&mut part[filled..])
                .await
                .with_context(|| format!("cannot read {}", source.display()))?;
            if read == 0 {
                break;
            }
            filled += read;
        }
        if filled == 0 {
            return Ok(());
        }
        part.truncate(filled);
        writer.put(part.freeze());
        progress.inc(filled as u64);
        if filled < part_size {
            return Ok(());
        }
    }
}
