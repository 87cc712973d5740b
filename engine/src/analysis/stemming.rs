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
    // The hash's high bits: FxHash mixes them best.
    let slot = &mut known[(hasher.finish() >> 32) as usize % REMEMBERED_SLOTS];
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

#[cfg(test)]
mod tests {
    use super::*;

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
