//! Cost guarantees, counted exactly by the I/O layer: opening costs one read per split in one
//! wave; a warm query makes no request; a cold term query needs three waves after the open;
//! the page cache honours its byte bound.

use crate::common;

use rangefind_engine::splits::SearchRequest;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn costs_are_exact() {
    let out = tempfile::tempdir().unwrap();
    let input = common::repo().join("examples/mdn/sample.jsonl.gz");
    let report = common::build_index(common::mdn_mapping(), vec![input], out.path(), 200);
    let splits = report.splits.len() as u64;
    let url = common::serve(out.path()).await;

    let index = common::open_http(&url, 8 << 20).await;
    let open = index.preload().await.unwrap();
    assert_eq!(
        (open.requests, open.waves, open.splits_opened),
        (splits, 1, splits)
    );
    let expected_open: u64 = report
        .splits
        .iter()
        .map(|s| s.open_region[1] - s.open_region[0])
        .sum();
    assert_eq!(open.bytes, expected_open);

    let cold = index
        .search(&SearchRequest::new("array", 10))
        .await
        .unwrap();
    assert!(cold.stats.waves <= 3, "{:?}", cold.stats);
    assert!(cold.stats.requests > 0);
    let warm = index
        .search(&SearchRequest::new("array", 10))
        .await
        .unwrap();
    assert_eq!(
        (warm.stats.requests, warm.stats.bytes, warm.stats.waves),
        (0, 0, 0)
    );
    assert_eq!(warm.count, cold.count);
    let (_, cached) = index.cache().usage();
    assert!(cached as u64 <= 8 << 20);

    // A tiny cache still answers (pages stay pinned for the running query) and stays bounded.
    let small = common::open_http(&url, 4096).await;
    let response = small
        .search(&SearchRequest::new("array map", 10))
        .await
        .unwrap();
    assert_eq!(
        response.count,
        index
            .search(&SearchRequest::new("array map", 10))
            .await
            .unwrap()
            .count
    );
    assert!(small.cache().usage().1 <= 4096);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_queries_never_fetch_the_same_page_twice() {
    let out = tempfile::tempdir().unwrap();
    let input = common::repo().join("examples/mdn/sample.jsonl.gz");
    common::build_index(common::mdn_mapping(), vec![input], out.path(), 200);
    let url = common::serve(out.path()).await;

    let alone = common::open_http(&url, 8 << 20).await;
    alone.preload().await.unwrap();
    let single = alone
        .search(&SearchRequest::new("array map", 10))
        .await
        .unwrap()
        .stats;

    let shared = common::open_http(&url, 8 << 20).await;
    shared.preload().await.unwrap();
    let request = SearchRequest::new("array map", 10);
    let (a, b) = tokio::join!(shared.search(&request), shared.search(&request));
    let (a, b) = (a.unwrap().stats, b.unwrap().stats);
    assert_eq!(
        a.requests + b.requests,
        single.requests,
        "{a:?} {b:?} vs {single:?}"
    );
    assert_eq!(a.bytes + b.bytes, single.bytes);
}
