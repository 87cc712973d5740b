//! A split whose host answers with a new ETag or Last-Modified: checked once more, not refused
//! for the life of the reader. Hosts give re-uploaded bytes a new validator (an `rclone sync`,
//! a CDN purge); split names are their content's hash, so the same open region means the same
//! split and the reader goes on with the new validator. Another open region means the split was
//! replaced under its name, which is refused by name ([`ErrorKind::Changed`]), never read as a
//! mixture of two files.

use super::index::SplitSlot;
use crate::error::{Error, ErrorKind, Result};
use crate::io::range_http::Validator;
use crate::io::{reread_open_region, QueryStats};

/// Rechecks a search makes at most: a host whose nodes give one file different validators
/// would otherwise make it check forever.
pub(super) const RECHECKS: usize = 3;

/// Checks again the splits among `slots` whose validator changed: one read of each one's open
/// region, in one wave. Returns how many were checked (0: none had changed), or the error of
/// one that really changed or could not be read.
pub(super) async fn recheck_changed_splits(
    slots: &[SplitSlot],
    stats: &QueryStats,
) -> Result<usize> {
    let changed: Vec<&SplitSlot> = slots
        .iter()
        .filter(|slot| {
            slot.location
                .source
                .validator()
                .is_some_and(Validator::changed)
        })
        .collect();
    let before = stats.counts().requests;
    let checks = changed.iter().map(|slot| recheck(slot, stats));
    let outcome = futures::future::try_join_all(checks).await;
    if stats.counts().requests > before {
        stats.add_wave();
    }
    outcome.map(|_| changed.len())
}

async fn recheck(slot: &SplitSlot, stats: &QueryStats) -> Result<()> {
    let source = &slot.location.source;
    let validator = source.validator().expect("only HTTP sources change");
    let opened = slot.opened.lock().await;
    let before = validator.restart();
    let Some(split) = opened.as_ref() else {
        // Nothing read under the old validator is kept: the next open reads the split afresh.
        return Ok(());
    };
    let refused = |error: Error| {
        validator.refuse(before);
        error
    };
    match reread_open_region(&slot.location, stats).await {
        Ok(region) if region.crc == split.region_crc => Ok(()),
        Ok(_) => Err(refused(replaced(
            source.name(),
            "its footer and hotcache differ",
        ))),
        Err(error) if error.kind() == ErrorKind::Corrupt => {
            Err(refused(replaced(source.name(), &error.description())))
        }
        Err(error) => Err(refused(error)),
    }
}

fn replaced(file: &str, how: &str) -> Error {
    ErrorKind::Changed.with_message(format!(
        "{file} was replaced on the server by other content under the same name ({how}); \
         split files are immutable: publish new content under a new name (`rangefind build` \
         names each split by its content's hash) and list it in the manifest"
    ))
}
