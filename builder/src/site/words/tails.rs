//! A long word's postings cut in two: its best, which its chunk keeps, and the rest, its tail,
//! kept apart (`rangefind_engine::formats::site_file::postings::Tail`). A query of a common word then reads
//! the same few kilobytes whatever the size of the site, and the tail only when the best do
//! not settle its first hits (another word's pages among them, a phrase, a count of all).

use rangefind_engine::formats::site_file::head_meta::HeadMeta;
use rangefind_engine::formats::site_file::postings::{PageCounts, Postings, Tail, TailField};
use rangefind_engine::site::bm25::{idf, Averages};
use rangefind_engine::site::word_scores;

/// A long word's chunk keeps its best postings, by BM25 in every field of the index: one in
/// this many of the pages a word needs to have a tail (512 by default).
const KEPT_OF_TAIL_PAST: usize = 8;
/// Postings scoring within this fraction of the last one kept are kept too (up to twice as
/// many): the engine bounds the tail with a margin for rounding, so a tail whose best ties
/// the chunk's last would settle nothing.
const NEAR_TIE: f32 = 1e-3;

/// A long word's postings, cut (its positions are not: a query that reads them reads its
/// whole list).
pub(in crate::site) struct Cut {
    /// The best postings, by page.
    pub kept: Vec<(u32, PageCounts)>,
    /// The others, by page.
    pub tail: Vec<(u32, PageCounts)>,
    /// The tail's entry, but for where it is.
    pub entry: Tail,
}

/// Cuts `list` (by page) if the word is on more than `tail_past` pages
/// (0: never), scoring its postings as the engine does when it searches the index of `meta`
/// alone (`averages` its own). `Err`: the list, not cut.
pub(in crate::site) fn cut(
    list: Vec<(u32, PageCounts)>,
    tail_past: usize,
    meta: &HeadMeta,
    averages: &Averages,
) -> Result<Cut, Vec<(u32, PageCounts)>> {
    let keep = (tail_past / KEPT_OF_TAIL_PAST).max(1);
    if tail_past == 0 || list.len() <= tail_past.max(keep) {
        return Err(list);
    }
    let fields = meta.fields.len();
    let postings =
        Postings::decode(&Postings::encode(&list), fields).expect("postings just encoded decode");
    let weights: Vec<f32> = (0..fields)
        .map(|f| meta.fields[f].boost * idf(postings.doc_freq(f), meta.pages))
        .collect();
    let scores: Vec<f32> = (word_scores(meta, averages, &postings, &weights))
        .map(|(_, score)| score)
        .collect();
    // Postings in no field (a filter word's) are never cut: filters are sets, not ranked.
    if scores.len() != list.len() {
        return Err(list);
    }
    let mut order: Vec<usize> = (0..list.len()).collect();
    order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
    let last_kept = scores[order[keep - 1]];
    let kept = keep
        + (order[keep..].iter())
            .take(keep)
            .take_while(|&&at| scores[at] >= last_kept * (1.0 - NEAR_TIE))
            .count();
    if kept == list.len() {
        return Err(list);
    }
    let best = scores[order[kept]];
    let mut is_kept = vec![false; list.len()];
    order[..kept].iter().for_each(|&at| is_kept[at] = true);
    // Per field, the best of the tail searched in that field alone (`title:word`).
    let tail_fields = (0..fields)
        .filter(|&f| postings.doc_freq(f) > 0)
        .map(|f| {
            let only: Vec<f32> = (0..fields)
                .map(|g| if g == f { weights[g] } else { 0.0 })
                .collect();
            let scored = word_scores(meta, averages, &postings, &only);
            let in_tail = scored.filter(|(page, _)| {
                let at = list.partition_point(|(p, _)| p < page);
                !is_kept[at]
            });
            TailField {
                field: f as u8,
                pages: postings.doc_freq(f) as u64,
                best: in_tail.map(|(_, score)| score).fold(0.0, f32::max),
            }
        })
        .collect();
    let pages = list.len() as u64;
    let (mut kept_list, mut tail) = (Vec::with_capacity(kept), Vec::new());
    for (posting, keep) in list.into_iter().zip(is_kept) {
        match keep {
            true => kept_list.push(posting),
            false => tail.push(posting),
        }
    }
    let entry = Tail {
        at: 0..0,
        pages,
        fields: tail_fields,
        best,
    };
    Ok(Cut {
        kept: kept_list,
        tail,
        entry,
    })
}
