//! One analyser (engine/src/analysis) cuts text for the builder and both engines. Every
//! document and query of the shared corpora (the bundled MDN sample without them) goes
//! through the three paths text takes, which must give the same tokens, offsets and positions:
//! - tantivy's own chain, which built every split before the analyser was shared
//!   (`SimpleTokenizer` or `WhitespaceTokenizer`, `RemoveLongFilter`, `LowerCaser`,
//!   `AsciiFoldingFilter`, then `Stemmer`, which called the same Snowball stemmer as
//!   [`Paths::stem`] — tantivy is built without its `stemmer` feature now), its words cut further where Chinese, Japanese or Korean
//!   letters meet others and those runs cut into bigrams (a second writing of that rule,
//!   [`CjkBigrams`]): text without those letters is cut exactly as tantivy cut it;
//! - the analyser as the split builder and engine run it (tantivy tokenizers, by name);
//! - the analyser as the site builder and the site engine run it.

use std::io::{BufRead, BufReader, Read};

use rangefind_engine::analysis::{is_cjk, is_cjk_punctuation, Analyzer, Breaking};
use rangefind_engine::mapping::{register_tokenizers, DocMapping};
use rangefind_engine::tantivy::tokenizer::{
    AsciiFoldingFilter, LowerCaser, RemoveLongFilter, SimpleTokenizer, TextAnalyzer, Token,
    TokenStream, Tokenizer, TokenizerManager, WhitespaceTokenizer,
};
use serde_json::Value;

use crate::common::{sample, shared_corpus};

/// tantivy's own chain on `tokenizer`, as it built splits before the analyser was shared,
/// with CJK runs cut into bigrams, short of its last filter, the stemmer ([`Paths::stem`]).
fn tantivy_chain(tokenizer: impl Tokenizer) -> TextAnalyzer {
    TextAnalyzer::builder(CjkBigrams(tokenizer))
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build()
}

/// `tokenizer`'s words, each cut where CJK letters meet others (and, after spaces only, at
/// full-width punctuation), each run of CJK letters into its overlapping bigrams (one letter
/// alone as itself); every piece counts one position.
#[derive(Clone)]
struct CjkBigrams<T>(T);

impl<T: Tokenizer> Tokenizer for CjkBigrams<T> {
    type TokenStream<'a> = Tokens;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> Tokens {
        let mut pieces = Vec::new();
        let mut words = self.0.token_stream(text);
        while words.advance() {
            let word = words.token();
            let mut run: Vec<(usize, char)> = Vec::new();
            let mut other: Option<usize> = None;
            let chars = text[word.offset_from..word.offset_to]
                .char_indices()
                .map(|(at, c)| (word.offset_from + at, c));
            for (at, c) in chars.chain([(word.offset_to, ' ')]) {
                let end = at == word.offset_to;
                if end || is_cjk(c) || is_cjk_punctuation(c) {
                    if let Some(start) = other.take() {
                        pieces.push(start..at);
                    }
                }
                if end || !is_cjk(c) {
                    match run.len() {
                        0 => {}
                        1 => pieces.push(run[0].0..at),
                        _ => pieces.extend(
                            run.windows(2)
                                .map(|pair| pair[0].0..pair[1].0 + pair[1].1.len_utf8()),
                        ),
                    }
                    run.clear();
                }
                if !end && is_cjk(c) {
                    run.push((at, c));
                } else if !end && !is_cjk_punctuation(c) {
                    other.get_or_insert(at);
                }
            }
        }
        let tokens = pieces
            .into_iter()
            .enumerate()
            .map(|(position, range)| Token {
                text: text[range.clone()].to_string(),
                offset_from: range.start,
                offset_to: range.end,
                position,
                position_length: 1,
            })
            .collect();
        Tokens { tokens, at: None }
    }
}

/// Tokens cut beforehand.
struct Tokens {
    tokens: Vec<Token>,
    at: Option<usize>,
}

impl TokenStream for Tokens {
    fn advance(&mut self) -> bool {
        let next = self.at.map_or(0, |at| at + 1);
        self.at = Some(next);
        next < self.tokens.len()
    }

    fn token(&self) -> &Token {
        &self.tokens[self.at.expect("advanced")]
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.tokens[self.at.expect("advanced")]
    }
}

/// A token as the three paths give it: text, byte range, position.
type Cut = (String, usize, usize, usize);

/// The three paths for one kind of field.
struct Paths {
    tantivy_before: TextAnalyzer,
    splits: TextAnalyzer,
    site: Analyzer,
    english: frostem::Stemmer,
}

impl Paths {
    fn new(breaking: Breaking) -> Paths {
        let mapping = DocMapping::from_yaml(
            "id_field: id\nfields:\n  - { name: id, type: keyword }\n  - { name: text, type: text, language: en }\n  - { name: spaced, type: text, tokenizer: whitespace, language: en }\n",
        )
        .unwrap();
        let manager = TokenizerManager::default();
        register_tokenizers(&manager, &mapping);
        let name = match breaking {
            Breaking::Words => "rf_words_en",
            Breaking::Whitespace => "rf_whitespace_en",
        };
        let splits = manager
            .get(name)
            .unwrap_or_else(|| panic!("no tokenizer {name}"));
        let tantivy_before = match breaking {
            Breaking::Words => tantivy_chain(SimpleTokenizer::default()),
            Breaking::Whitespace => tantivy_chain(WhitespaceTokenizer::default()),
        };
        Paths {
            tantivy_before,
            splits,
            site: Analyzer::breaking(breaking, Some("en")).unwrap(),
            english: frostem::Stemmer::new(frostem::Algorithm::English),
        }
    }

    /// tantivy's `Stemmer` filter, the last of its chain: each token's text replaced by its
    /// English stem.
    fn stem(&self, cuts: Vec<Cut>) -> Vec<Cut> {
        cuts.into_iter()
            .map(|(text, start, end, position)| {
                (self.english.stem(&text).into_owned(), start, end, position)
            })
            .collect()
    }

    /// Checks one text; returns how many tokens it has.
    fn check(&mut self, text: &str, differences: &mut Vec<String>) -> usize {
        let unstemmed = tantivy_cuts(&mut self.tantivy_before, text);
        let before = self.stem(unstemmed);
        let splits = tantivy_cuts(&mut self.splits, text);
        let mut site = Vec::new();
        self.site.each_word(text, |word| {
            site.push((word.term.to_string(), word.start, word.end, word.position))
        });
        for (path, cuts) in [
            ("the split analyser", &splits),
            ("the site analyser", &site),
        ] {
            if *cuts != before && differences.len() < 10 {
                let at = first_difference(&before, cuts);
                differences.push(format!(
                    "{path} cuts {:?} otherwise than tantivy did, from token {at}: {:?} \
                     instead of {:?}",
                    shorten(text),
                    cuts.get(at),
                    before.get(at)
                ));
            }
        }
        before.len()
    }
}

fn tantivy_cuts(analyzer: &mut TextAnalyzer, text: &str) -> Vec<Cut> {
    let mut cuts = Vec::new();
    analyzer.token_stream(text).process(&mut |token| {
        cuts.push((
            token.text.clone(),
            token.offset_from,
            token.offset_to,
            token.position,
        ))
    });
    cuts
}

fn first_difference(a: &[Cut], b: &[Cut]) -> usize {
    a.iter().zip(b).take_while(|(a, b)| a == b).count()
}

fn shorten(text: &str) -> String {
    text.chars().take(120).collect()
}

/// Every string value of `value`, however deep.
fn strings<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
    match value {
        Value::String(text) => out.push(text),
        Value::Array(items) => items.iter().for_each(|item| strings(item, out)),
        Value::Object(fields) => fields.values().for_each(|field| strings(field, out)),
        _ => {}
    }
}

/// Runs every string of every JSON line of `reader` through both kinds of field.
fn check_lines(reader: impl Read, what: &str, differences: &mut Vec<String>) {
    let mut words = Paths::new(Breaking::Words);
    let mut spaced = Paths::new(Breaking::Whitespace);
    let (mut lines, mut tokens) = (0, 0);
    for line in BufReader::new(reader).lines() {
        let line = line.unwrap();
        let record: Value = serde_json::from_str(&line).unwrap();
        let mut texts = Vec::new();
        strings(&record, &mut texts);
        for text in texts {
            tokens += words.check(text, differences);
            tokens += spaced.check(text, differences);
        }
        lines += 1;
    }
    eprintln!("{what}: {lines} records, {tokens} tokens cut alike three ways");
    assert!(lines > 0 && tokens > 0, "{what} holds no text");
}

#[test]
fn every_document_and_query_is_cut_alike_by_every_path() {
    let mut differences = Vec::new();
    let gz = |path| flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap());
    check_lines(gz(sample()), "the bundled MDN sample", &mut differences);
    if let Some(mdn) = shared_corpus("mdn.jsonl.gz") {
        check_lines(gz(mdn), "mdn.jsonl.gz", &mut differences);
    }
    if let Some(events) = shared_corpus("events-dev.jsonl.zst") {
        let file = std::fs::File::open(events).unwrap();
        let decoder = zstd::stream::read::Decoder::new(file).unwrap();
        check_lines(decoder, "events-dev.jsonl.zst", &mut differences);
    }
    for queries in ["queries-mdn.jsonl", "queries-events.jsonl"] {
        if let Some(path) = shared_corpus(queries) {
            check_lines(
                std::fs::File::open(path).unwrap(),
                queries,
                &mut differences,
            );
        }
    }
    assert!(differences.is_empty(), "{differences:#?}");
}

/// Text no corpus here holds: other scripts, Vietnamese, ligatures, fullwidth letters,
/// Turkish dotted capitals, words past the length limit between others.
#[test]
fn other_scripts_and_edge_cases_are_cut_alike() {
    let mut differences = Vec::new();
    let long = "z".repeat(45);
    let texts = [
        "Tiếng Việt có dấu: Hà Nội, Đà Nẵng",
        "ﬁnal ﬂow Ｆｕｌｌｗｉｄｔｈ ＡＢＣ ① ½ ™",
        "İstanbul IĞDIR ŞIŞLI",
        "日本語のテキスト 中文 한국어 Ελληνικά ΣΊΣΥΦΟΣ Русский",
        "git命令を使う、「全文検索」。字 v2.0版 ﾃｷｽﾄ 𠀋𠀋 々 한국어문서",
        &format!("before {long} after «quoted» — dash"),
        "emoji 🎉 party ZWJ👩‍💻dev",
    ];
    for breaking in [Breaking::Words, Breaking::Whitespace] {
        let mut paths = Paths::new(breaking);
        for text in texts {
            paths.check(text, &mut differences);
        }
    }
    assert!(differences.is_empty(), "{differences:#?}");
}
