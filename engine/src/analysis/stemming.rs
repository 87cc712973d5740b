//! Stemming without tantivy: which Snowball stemmer a language uses, and a per-thread memory
//! of the stems computed.
//!
//! Snowball stemming costs about a microsecond a word in wasm, and words repeat (Zipf): a warm
//! query's snippets tokenise a few thousand words of hit text, and stemming was most of a warm
//! query's CPU in the Worker. A per-thread map from word to stem turns all but the first
//! sighting of a word (while its slot keeps it) into one hash and compare. Per thread, not
//! shared, so that the builder's indexing threads never contend on it; bounded, so that a
//! long build over a huge vocabulary does not grow it without end.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use frostem::Algorithm;
use rustc_hash::FxHasher;

/// The languages with a Snowball stemmer, by code and English name: tantivy's 18. Known to
/// every build, so that an engine built without a language's stemmer can say so rather than
/// search unstemmed words in a stemmed index.
pub(crate) const STEMMED_LANGUAGES: [(&str, &str); 18] = [
    ("ar", "arabic"),
    ("da", "danish"),
    ("nl", "dutch"),
    ("en", "english"),
    ("fi", "finnish"),
    ("fr", "french"),
    ("de", "german"),
    ("el", "greek"),
    ("hu", "hungarian"),
    ("it", "italian"),
    ("no", "norwegian"),
    ("pt", "portuguese"),
    ("ro", "romanian"),
    ("ru", "russian"),
    ("es", "spanish"),
    ("sv", "swedish"),
    ("ta", "tamil"),
    ("tr", "turkish"),
];

/// The English name of the stemmer for a language code (`en`, `nb`) or English name
/// (`english`), whether or not this build carries it.
pub(crate) fn stemmed_language(code: &str) -> Option<&'static str> {
    let code = code.to_ascii_lowercase();
    let code = if code == "nb" { "no" } else { code.as_str() };
    STEMMED_LANGUAGES
        .iter()
        .find(|(short, name)| *short == code || *name == code)
        .map(|(_, name)| *name)
}

/// The stemmer for a language code or English name, when this build carries it: every build
/// has English; the others come with the `all-stemmers` feature (the site engine leaves them
/// out, see engine/Cargo.toml).
pub(crate) fn stemmer_language(code: &str) -> Option<Algorithm> {
    match stemmed_language(code)? {
        "english" => Some(Algorithm::English),
        #[cfg(feature = "all-stemmers")]
        other => other_stemmer(other),
        #[cfg(not(feature = "all-stemmers"))]
        _ => None,
    }
}

#[cfg(feature = "all-stemmers")]
fn other_stemmer(name: &str) -> Option<Algorithm> {
    Some(match name {
        "arabic" => Algorithm::Arabic,
        "danish" => Algorithm::Danish,
        "dutch" => Algorithm::Dutch,
        "finnish" => Algorithm::Finnish,
        "french" => Algorithm::French,
        "german" => Algorithm::German,
        "greek" => Algorithm::Greek,
        "hungarian" => Algorithm::Hungarian,
        "italian" => Algorithm::Italian,
        "norwegian" => Algorithm::Norwegian,
        "portuguese" => Algorithm::Portuguese,
        "romanian" => Algorithm::Romanian,
        "russian" => Algorithm::Russian,
        "spanish" => Algorithm::Spanish,
        "swedish" => Algorithm::Swedish,
        "tamil" => Algorithm::Tamil,
        "turkish" => Algorithm::Turkish,
        _ => return None,
    })
}

/// Words remembered per thread and language: a direct-mapped cache of this many slots (a
/// power of two), each holding the last word whose hash picked it. Nothing to grow, rehash
/// or clear, so memory stays bounded and the site engine holds no hash table for it (0.3 KB
/// of its brotli); common words keep their slots. A query's snippets stem a few thousand
/// words (0.5 MB of slots in wasm); the builder's threads, whole vocabularies (2 MB each),
/// where it stems as fast as the hash map it replaced (BENCHMARKS.md, "Engine size").
#[cfg(target_arch = "wasm32")]
pub(crate) const REMEMBERED_SLOTS: usize = 1 << 14;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) const REMEMBERED_SLOTS: usize = 1 << 16;

/// Words longer than this are stemmed every time: they are rare, and would crowd the slots.
const MAX_REMEMBERED_LEN: usize = 24;

/// A slot: a word and its stem.
type Slot = Option<(Box<str>, Box<str>)>;

/// Word → stem, for one language, in [`REMEMBERED_SLOTS`] slots (allocated when first used).
pub(crate) type Stems = Rc<RefCell<Vec<Slot>>>;

thread_local! {
    /// The thread's maps, one per language (a handful at most: a linear search).
    static STEMS: RefCell<Vec<(Algorithm, Stems)>> = const { RefCell::new(Vec::new()) };
}

/// The thread's map for `algorithm`.
pub(crate) fn stems_of(algorithm: Algorithm) -> Stems {
    STEMS.with(|maps| {
        let mut maps = maps.borrow_mut();
        if let Some((_, stems)) = maps.iter().find(|(a, _)| *a == algorithm) {
            return stems.clone();
        }
        let stems = Stems::default();
        maps.push((algorithm, stems.clone()));
        stems
    })
}

/// Replaces `word` by its stem, from `known` when seen before.
pub(crate) fn stem_into(stemmer: &frostem::Stemmer, known: &RefCell<Vec<Slot>>, word: &mut String) {
    if word.len() > MAX_REMEMBERED_LEN {
        *word = stemmer.stem(word).into_owned();
        return;
    }
    let mut known = known.borrow_mut();
    if known.is_empty() {
        known.resize(REMEMBERED_SLOTS, None);
    }
    let mut hasher = FxHasher::default();
    word.as_str().hash(&mut hasher);
    let slot = &mut known[slot_of(hasher.finish())];
    if let Some((seen, stem)) = slot {
        if **seen == **word {
            word.clear();
            word.push_str(stem);
            return;
        }
    }
    let stem = stemmer.stem(word).into_owned();
    *slot = Some((word.as_str().into(), stem.as_str().into()));
    *word = stem;
}

/// The slot of a word of hash `hash`, from both halves: FxHash mixes its high bits best, and
/// on wasm32 it hashes to 32 bits (its state is a `usize`), so the high half alone is 0 there.
fn slot_of(hash: u64) -> usize {
    (hash ^ (hash >> 32)) as usize % REMEMBERED_SLOTS
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hashes of 32 bits, as FxHash gives on wasm32, spread over the slots as 64-bit ones do
    /// (taking the high half alone put every word of the site engine in one slot).
    #[test]
    fn words_hashed_to_32_bits_spread_over_the_slots() {
        for hashes in [
            (0..4096u64)
                .map(|i| i.wrapping_mul(0x9E37_79B9) & 0xFFFF_FFFF)
                .collect::<Vec<_>>(),
            (0..4096u64)
                .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
                .collect(),
        ] {
            let mut slots: Vec<usize> = hashes.into_iter().map(slot_of).collect();
            slots.sort_unstable();
            slots.dedup();
            assert!(slots.len() > 3000, "{} slots for 4096 words", slots.len());
        }
    }

    /// Remembered or not, in a slot another word took or not, a word's stem is the
    /// stemmer's: more words than slots, each stemmed twice.
    #[test]
    fn remembered_stems_are_the_stemmers() {
        let stemmer = frostem::Stemmer::new(Algorithm::English);
        let known = RefCell::new(Vec::new());
        let words: Vec<String> = (0..REMEMBERED_SLOTS + 1000)
            .map(|i| {
                format!(
                    "{}ing{}",
                    ["runn", "walk", "happi", "connect"][i % 4],
                    i / 4
                )
            })
            .collect();
        for _ in 0..2 {
            for word in &words {
                let mut stemmed = word.clone();
                stem_into(&stemmer, &known, &mut stemmed);
                assert_eq!(stemmed, stemmer.stem(word), "{word}");
            }
        }
        assert_eq!(known.borrow().len(), REMEMBERED_SLOTS);
    }
}
