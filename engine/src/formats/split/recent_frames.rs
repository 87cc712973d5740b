//! The frames decoded last, kept decoded: a warm query (its pages in memory) decodes no frame it
//! decoded before. In the site engine each decode is a round trip through the host's
//! `DecompressionStream` with the records' dictionary written ahead of the frame, which was
//! about a third of a warm query's time on MDN (BENCHMARKS.md, "Warm queries of the site
//! engine").
//!
//! Found by their compressed bytes, not where they were read from: a frame's bytes are what it
//! decodes to, so nothing kept can outlive a file replaced under the reader. A few dozen at most,
//! compared by length first: no hash.

use std::sync::Mutex;

/// Frames kept at most, each of at most [`MAX_KEPT_BYTES`] decoded: 4 MiB in all.
const MAX_FRAMES: usize = 32;
/// Frames larger than this (decoded) are not kept: a page of rare length.
const MAX_KEPT_BYTES: usize = 128 << 10;

/// A frame as read (compressed) and decoded.
type Kept = (Box<[u8]>, Box<[u8]>);

/// The frames kept, oldest first.
#[derive(Default)]
pub(super) struct RecentFrames(Mutex<Vec<Kept>>);

impl RecentFrames {
    /// The decoded bytes of the frame `bytes`, if kept.
    pub(super) fn get(&self, bytes: &[u8]) -> Option<Vec<u8>> {
        let kept = self.0.lock().ok()?;
        kept.iter()
            .find(|(frame, _)| **frame == *bytes)
            .map(|(_, decoded)| decoded.to_vec())
    }

    /// Keeps `decoded` as the frame `bytes`' (the oldest goes when full).
    pub(super) fn keep(&self, bytes: &[u8], decoded: &[u8]) {
        let Ok(mut kept) = self.0.lock() else {
            return;
        };
        if decoded.len() <= MAX_KEPT_BYTES {
            if kept.len() == MAX_FRAMES {
                kept.remove(0);
            }
            kept.push((bytes.into(), decoded.into()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_found_by_their_whole_bytes_and_the_oldest_go_first() {
        let recent = RecentFrames::default();
        recent.keep(b"frame", b"decoded");
        assert_eq!(recent.get(b"frame").as_deref(), Some(&b"decoded"[..]));
        // A frame that begins or ends the same is another frame.
        for other in [&b"fram"[..], b"frame!", b"frame\0", b"Frame"] {
            assert_eq!(recent.get(other), None);
        }
        for i in 0..MAX_FRAMES {
            recent.keep(format!("frame {i}").as_bytes(), b"x");
        }
        assert_eq!(recent.get(b"frame"), None, "the oldest went");
        assert_eq!(recent.get(b"frame 0").as_deref(), Some(&b"x"[..]));
        assert_eq!(recent.0.lock().unwrap().len(), MAX_FRAMES);
    }

    #[test]
    fn a_frame_decoding_to_more_than_the_bound_is_not_kept() {
        let recent = RecentFrames::default();
        recent.keep(b"large", &vec![0; MAX_KEPT_BYTES + 1]);
        recent.keep(b"small", &vec![0; MAX_KEPT_BYTES]);
        assert_eq!(recent.get(b"large"), None);
        assert_eq!(recent.get(b"small").map(|d| d.len()), Some(MAX_KEPT_BYTES));
    }
}
