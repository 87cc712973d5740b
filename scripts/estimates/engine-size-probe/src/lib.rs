//! Size probe for a tantivy-free site engine (docs/design-notes.md, "Why the site file exists"):
//! the code a query runs (stem, postings decode, BM25, record decompression, snippet, JSON),
//! built like the browser engine. Not a product: it measures wasm size. See measure.sh.
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
struct Hit {
    url: String,
    title: String,
    score: f32,
    snippet: String,
}

fn varint(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut value = 0u64;
    let mut shift = 0;
    loop {
        let b = *bytes.get(*at)?;
        *at += 1;
        value |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Some(value);
        }
        shift += 7;
    }
}

fn decompress(data: &[u8], dict: &[u8]) -> Result<Vec<u8>, String> {
    #[cfg(feature = "zstd")]
    {
        let mut decoder = ruzstd::decoding::FrameDecoder::new();
        if !dict.is_empty() {
            let d = ruzstd::decoding::Dictionary::decode_dict(dict).map_err(|e| e.to_string())?;
            decoder.add_dict(d).map_err(|e| e.to_string())?;
        }
        let mut out = Vec::with_capacity(data.len() * 4);
        decoder
            .decode_all_to_vec(data, &mut out)
            .map_err(|e| e.to_string())?;
        return Ok(out);
    }
    #[cfg(feature = "deflate")]
    {
        let _ = dict;
        return miniz_oxide::inflate::decompress_to_vec(data).map_err(|e| format!("{e:?}"));
    }
    #[allow(unreachable_code)]
    {
        let _ = dict;
        Ok(data.to_vec())
    }
}

/// chunk: word\0 count (page delta, [flags], tf)*; records: one compressed JSON per page.
#[wasm_bindgen]
pub fn search(
    query: &str,
    chunk: &[u8],
    records: Vec<record_bytes::Bytes>,
    dict: &[u8],
    pages: u32,
    avg_len: f32,
) -> Result<String, String> {
    let stemmer = frostem::Stemmer::try_from_name("en").map_err(|e| e.to_string())?;
    let words: Vec<String> = query
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| stemmer.stem(&w.to_lowercase()).into_owned())
        .collect();
    let mut scores = std::collections::HashMap::<u32, f32>::new();
    let mut at = 0;
    while at < chunk.len() {
        let end = chunk[at..]
            .iter()
            .position(|&b| b == 0)
            .ok_or("bad chunk")?
            + at;
        let word = std::str::from_utf8(&chunk[at..end]).map_err(|e| e.to_string())?;
        at = end + 1;
        let n = varint(chunk, &mut at).ok_or("bad chunk")?;
        let wanted = words.iter().any(|w| w == word);
        let idf = ((pages as f32 - n as f32 + 0.5) / (n as f32 + 0.5) + 1.0).ln();
        let mut page = 0u32;
        for _ in 0..n {
            page += varint(chunk, &mut at).ok_or("bad chunk")? as u32;
            let mut boost = 1.0;
            if chunk.get(at).is_some_and(|b| b & 0x80 != 0) {
                let f = chunk[at];
                at += 1;
                boost += 3.0 * f32::from((f >> 4) & 7) + 2.0 * f32::from(f & 15);
            }
            let tf = varint(chunk, &mut at).ok_or("bad chunk")? as f32;
            if wanted {
                let s = idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * avg_len / 100.0)) * boost;
                *scores.entry(page).or_default() += s;
            }
        }
    }
    let mut ranked: Vec<(u32, f32)> = scores.into_iter().collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut hits = Vec::new();
    for ((_, score), record) in ranked.iter().take(10).zip(records.iter()) {
        let raw = decompress(&record.0, dict)?;
        let value: serde_json::Value = serde_json::from_slice(&raw).map_err(|e| e.to_string())?;
        let content = value["content"].as_str().unwrap_or_default();
        let lower = content.to_lowercase();
        let hit_at = words
            .iter()
            .filter_map(|w| lower.find(w.as_str()))
            .min()
            .unwrap_or(0);
        let start = lower[..hit_at]
            .char_indices()
            .rev()
            .nth(80)
            .map_or(0, |(i, _)| i);
        let snippet: String = content[start..].chars().take(200).collect();
        hits.push(Hit {
            url: value["url"].as_str().unwrap_or_default().to_string(),
            title: value["meta"]["title"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
            score: *score,
            snippet,
        });
    }
    serde_json::to_string(&hits).map_err(|e| e.to_string())
}

mod record_bytes {
    use wasm_bindgen::prelude::*;
    #[wasm_bindgen]
    pub struct Bytes(pub(crate) Vec<u8>);
    #[wasm_bindgen]
    impl Bytes {
        #[wasm_bindgen(constructor)]
        pub fn new(b: Vec<u8>) -> Bytes {
            Bytes(b)
        }
    }
}
