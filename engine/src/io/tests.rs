//! One contract suite for every `RangeSource`: each behaviour written once, run per impl.
//! (The HTTP source runs the same checks against real servers in `builder/tests/`.)

use bytes::Bytes;

use super::*;
use crate::error::ErrorKind;

const CONTENT: &[u8] = b"0123456789abcdefghij";

async fn reads_bounded_ranges(source: &dyn RangeSource) {
    let read = source.read(ByteRange::Bounded(3..7)).await.unwrap();
    assert_eq!(&read.bytes[..], b"3456");
    assert_eq!((read.start, read.file_len), (3, 20));
}

async fn reads_suffixes(source: &dyn RangeSource) {
    let read = source.read(ByteRange::Suffix(5)).await.unwrap();
    assert_eq!(&read.bytes[..], b"fghij");
    assert_eq!(read.start, 15);
    let whole = source.read(ByteRange::Suffix(100)).await.unwrap();
    assert_eq!(&whole.bytes[..], CONTENT);
}

async fn reports_reads_past_the_end(source: &dyn RangeSource) {
    let error = source.read(ByteRange::Bounded(15..30)).await.unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Corrupt, "{error}");
    assert!(
        error.to_string().contains("truncated or replaced"),
        "{error}"
    );
}

async fn run_contract(source: &dyn RangeSource) {
    reads_bounded_ranges(source).await;
    reads_suffixes(source).await;
    reports_reads_past_the_end(source).await;
}

#[tokio::test]
async fn memory_source_keeps_the_contract() {
    run_contract(&MemorySource::new("mem", Bytes::from_static(CONTENT))).await;
}

#[cfg(feature = "native")]
#[tokio::test]
async fn file_source_keeps_the_contract() {
    let dir = std::env::temp_dir().join(format!("rangefind-io-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("f.bin");
    std::fs::write(&path, CONTENT).unwrap();
    run_contract(&FileSource::new(&path)).await;
    let missing = FileSource::new(dir.join("missing"));
    assert_eq!(
        missing.read(ByteRange::Suffix(1)).await.unwrap_err().kind(),
        ErrorKind::NotFound
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn a_wave_merges_adjacent_pages_and_serves_repeats_from_cache() {
    use std::sync::Arc;

    // 4,064 data bytes: 16 pages of 254 and their checksums, 4,096 bytes in the file.
    let data: Vec<u8> = (0..4064u32).map(|i| (i % 251) as u8).collect();
    let file = crate::formats::split::framed(&data, 256);
    assert_eq!(file.len(), 4096);
    let source: Arc<dyn RangeSource> = Arc::new(MemorySource::new("s1", Bytes::from(file)));
    let file = Arc::new(PagedFile {
        id: Arc::from("s1"),
        file_len: 4096,
        data_len: 4064,
        page_size: 256,
    });
    let fetcher = Fetcher::new(Arc::new(PageCache::new(1 << 20)), None);
    let stats = QueryStats::new();
    let mut pages = crate::io::FetchedPages::default();
    let request = |ranges: Vec<std::ops::Range<u64>>| {
        vec![PageRequest {
            file: file.clone(),
            source: source.clone(),
            ranges,
        }]
    };
    // Pages 0-1 and 3 (one request: the one-page gap is read through) and page 10.
    fetcher
        .fetch_wave(
            request(vec![10..300, 800..900, 2600..2700]),
            &mut pages,
            &stats,
        )
        .await
        .unwrap();
    assert_eq!(
        stats.counts(),
        IoCounts {
            requests: 2,
            bytes: 256 * 5,
            waves: 1,
            cache_hits: 0,
        }
    );
    // Each page holds its own data.
    let key = |page| PageKey {
        file: Arc::from("s1"),
        page,
    };
    assert_eq!(&pages[&key(3)][..], &data[3 * 254..4 * 254]);
    assert_eq!(&pages[&key(10)][..], &data[10 * 254..11 * 254]);
    // Same pages again (and page 2, read through the gap): nothing sent, no wave.
    let mut fresh = crate::io::FetchedPages::default();
    fetcher
        .fetch_wave(
            request(std::iter::once(0..4 * 254).collect()),
            &mut fresh,
            &stats,
        )
        .await
        .unwrap();
    assert_eq!(stats.counts().waves, 1);
    assert_eq!(fresh.len(), 4);
}

/// A host the engine may ask for several ranges in one request: one that answers them so, as
/// nginx does (`multipart/byteranges`), or one that answers otherwise (S3, some CDNs).
struct SeveralRanges {
    file: MemorySource,
    answers: bool,
}

impl SeveralRanges {
    fn answering(file: MemorySource) -> SeveralRanges {
        SeveralRanges {
            file,
            answers: true,
        }
    }

    fn refusing(file: MemorySource) -> SeveralRanges {
        SeveralRanges {
            file,
            answers: false,
        }
    }
}

#[async_trait::async_trait]
impl RangeSource for SeveralRanges {
    fn name(&self) -> &str {
        self.file.name()
    }

    async fn read(&self, range: ByteRange) -> crate::error::Result<RangeRead> {
        self.file.read(range).await
    }

    async fn read_together(
        &self,
        ranges: &[std::ops::Range<u64>],
    ) -> crate::error::Result<Option<ReadTogether>> {
        if !self.answers {
            return Ok(None);
        }
        let mut reads = Vec::new();
        for range in ranges {
            reads.push(self.file.read(ByteRange::Bounded(range.clone())).await?);
        }
        let body_len = reads.iter().map(|read| read.bytes.len() as u64).sum();
        Ok(Some(ReadTogether { reads, body_len }))
    }

    fn ranges_per_request(&self) -> usize {
        64
    }
}

#[tokio::test]
async fn gaps_are_read_through_only_to_save_requests() {
    use std::sync::Arc;

    let data: Vec<u8> = (0..4064u32).map(|i| (i % 251) as u8).collect();
    let file = crate::formats::split::framed(&data, 256);
    let file_len = file.len() as u64;
    let paged = Arc::new(PagedFile {
        id: Arc::from("s3"),
        file_len,
        data_len: 4064,
        page_size: 256,
    });
    // Pages 0, 4, 8 and 12, in a wave of at most 2 requests.
    let ranges = vec![
        0..10,
        4 * 254..4 * 254 + 10,
        8 * 254..8 * 254 + 10,
        12 * 254..12 * 254 + 10,
    ];
    let read = |source: Arc<dyn RangeSource>| {
        let (paged, ranges) = (paged.clone(), ranges.clone());
        async move {
            let fetcher =
                Fetcher::new(Arc::new(PageCache::new(1 << 20)), None).with_max_requests_per_wave(2);
            let stats = QueryStats::new();
            let request = vec![PageRequest {
                file: paged,
                source,
                ranges,
            }];
            let mut pages = crate::io::FetchedPages::default();
            fetcher
                .fetch_wave(request, &mut pages, &stats)
                .await
                .unwrap();
            let counts = stats.counts();
            (counts.requests, counts.bytes, pages.len())
        }
    };
    let memory = || MemorySource::new("s3", Bytes::from(file.clone()));
    // One range at a time: the two smallest gaps (3 pages each) are read through.
    assert_eq!(read(Arc::new(memory())).await, (2, 256 * 10, 10));
    // Together: the four pages alone, in one request.
    let together = Arc::new(SeveralRanges::answering(memory()));
    assert_eq!(read(together).await, (1, 256 * 4, 4));
    // Refused: planned again within the budget, as one range at a time.
    let refused = Arc::new(SeveralRanges::refusing(memory()));
    assert_eq!(read(refused).await, (2, 256 * 10, 10));
}

/// Runs that no read through can bring within the budget are read one by one, whatever the
/// host (a wave planned for one request, refused, planned again, must not plan for ever: it
/// would never yield, so it runs on a thread of its own, waited for with a timeout).
#[test]
fn runs_past_the_budget_are_read_from_every_host() {
    use std::sync::Arc;

    let data: Vec<u8> = (0..4064u32).map(|i| (i % 251) as u8).collect();
    let file = crate::formats::split::framed(&data, 256);
    let paged = Arc::new(PagedFile {
        id: Arc::from("far"),
        file_len: file.len() as u64,
        data_len: 4064,
        page_size: 256,
    });
    let ranges: Vec<_> = [0, 4, 8, 12]
        .map(|page| page * 254..page * 254 + 10)
        .to_vec();
    let memory = || MemorySource::new("far", Bytes::from(file.clone()));
    let sources: [(Arc<dyn RangeSource>, u64); 3] = [
        (Arc::new(memory()), 4),
        (Arc::new(SeveralRanges::answering(memory())), 1),
        (Arc::new(SeveralRanges::refusing(memory())), 4),
    ];
    for (source, requests) in sources {
        let request = vec![PageRequest {
            file: paged.clone(),
            source,
            ranges: ranges.clone(),
        }];
        let (sent, answer) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            // Two requests a wave, and no gap read through.
            let fetcher = Fetcher::new(Arc::new(PageCache::new(1 << 20)), None)
                .with_max_requests_per_wave(2)
                .with_max_read_through_bytes(0);
            let stats = QueryStats::new();
            let mut pages = crate::io::FetchedPages::default();
            let runtime = tokio::runtime::Builder::new_current_thread()
                .build()
                .unwrap();
            let read = runtime.block_on(fetcher.fetch_wave(request, &mut pages, &stats));
            let _ = sent.send(read.map(|_| (stats.counts().requests, pages.len())));
        });
        let read = answer.recv_timeout(std::time::Duration::from_secs(20));
        assert_eq!(read.expect("the wave ends").unwrap(), (requests, 4));
    }
}

#[tokio::test]
async fn a_page_that_fails_its_checksum_is_reported() {
    use std::sync::Arc;

    let mut file = crate::formats::split::framed(&[7u8; 1016], 256);
    file[600] ^= 0xff;
    let source: Arc<dyn RangeSource> = Arc::new(MemorySource::new("s2.split", Bytes::from(file)));
    let file = Arc::new(PagedFile {
        id: Arc::from("s2"),
        file_len: 1024,
        data_len: 1016,
        page_size: 256,
    });
    let fetcher = Fetcher::new(Arc::new(PageCache::new(1 << 20)), None);
    let error = fetcher
        .fetch_wave(
            vec![PageRequest {
                file,
                source,
                ranges: std::iter::once(0..1024).collect(),
            }],
            &mut crate::io::FetchedPages::default(),
            &QueryStats::new(),
        )
        .await
        .unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Corrupt);
    assert!(
        error.to_string().contains("page 2 (bytes 512..768)"),
        "{error}"
    );
    assert!(error.to_string().contains("s2.split"), "{error}");
}

/// A source whose reads never answer while `hang` is set (a host that stopped answering).
#[derive(Debug)]
struct HangingSource {
    inner: MemorySource,
    hang: std::sync::atomic::AtomicBool,
}

#[cfg_attr(not(target_arch = "wasm32"), async_trait::async_trait)]
#[cfg_attr(target_arch = "wasm32", async_trait::async_trait(?Send))]
impl RangeSource for HangingSource {
    fn name(&self) -> &str {
        self.inner.name()
    }

    async fn read(&self, range: ByteRange) -> crate::error::Result<RangeRead> {
        if self.hang.load(std::sync::atomic::Ordering::SeqCst) {
            futures::future::pending::<()>().await;
        }
        self.inner.read(range).await
    }
}

#[tokio::test]
async fn a_wave_dropped_mid_read_leaves_nothing_a_later_query_would_join() {
    use std::sync::atomic::Ordering;
    use std::sync::Arc;
    use std::time::Duration;

    let data: Vec<u8> = (0..1016u32).map(|i| (i % 251) as u8).collect();
    let source = Arc::new(HangingSource {
        inner: MemorySource::new("s3", Bytes::from(crate::formats::split::framed(&data, 256))),
        hang: true.into(),
    });
    let file = Arc::new(PagedFile {
        id: Arc::from("s3"),
        file_len: 1024,
        data_len: 1016,
        page_size: 256,
    });
    let fetcher = Fetcher::new(Arc::new(PageCache::new(1 << 20)), None);
    let wave = |stats: &QueryStats| {
        let request = vec![PageRequest {
            file: file.clone(),
            source: source.clone() as Arc<dyn RangeSource>,
            ranges: std::iter::once(0..1016).collect(),
        }];
        let fetcher = &fetcher;
        let stats = stats.clone();
        async move {
            let mut pages = crate::io::FetchedPages::default();
            fetcher.fetch_wave(request, &mut pages, &stats).await?;
            Ok::<_, crate::error::Error>(pages.len())
        }
    };
    // The host hangs; the search gives up (a Worker's timeout, an abort) and drops the wave.
    let first = tokio::time::timeout(Duration::from_millis(50), wave(&QueryStats::new())).await;
    assert!(first.is_err(), "the hanging read answered");
    // The host is back: the next query reads the pages anew instead of joining the dead read.
    source.hang.store(false, Ordering::SeqCst);
    let stats = QueryStats::new();
    let pages = tokio::time::timeout(Duration::from_secs(5), wave(&stats))
        .await
        .expect("the next query joined the abandoned read and hung")
        .unwrap();
    assert_eq!(pages, 4);
    assert_eq!(stats.counts().requests, 1);
}
