//! The parser against tantivy's grammar crate, the one it reimplements: the same tree or the
//! same refusal for every input tried.

use std::path::Path;

use tantivy_query_grammar::UserInputAst;

use super::*;

/// Both parsers' answers to `text`, or a message naming the input they differ on.
fn assert_same(text: &str) {
    let ours = parse_query(text).ok();
    let theirs = tantivy_query_grammar::parse_query(text).ok();
    assert!(
        ours == theirs,
        "{text:?}: tantivy's grammar reads {theirs:?}, ours {ours:?}"
    );
}

fn tree(text: &str) -> UserInputAst {
    parse_query(text).unwrap_or_else(|_| panic!("{text:?} is valid syntax"))
}

#[test]
fn the_syntax_people_use_reads_as_tantivy_reads_it() {
    let cases = [
        "",
        "  ",
        "array",
        "array map",
        "a a",
        "\"event listener\"",
        "\"a b\"~2",
        "'single quoted'",
        "prom*",
        "\"fetch ap\"*",
        "+a -b c",
        "-draft",
        "NOT a",
        "NOT a NOT b",
        "a AND b",
        "a AND b OR c",
        "a OR b AND c",
        "a OR -b",
        "a AND -b",
        "-a OR b",
        "(a b) c",
        "( a )",
        "title:array",
        "title : array",
        "title:\"a b\"",
        "title:(a b)",
        "title:(a -b)",
        "title:*",
        "*",
        "* a",
        "a^2",
        "a^1",
        "a^1.5 b^0.25",
        "(a b)^3",
        "x:[1 TO 5]",
        "x:{1 TO 5]",
        "x:[* TO 5}",
        "x:>5",
        "x:>=5",
        "x: <= -2.5",
        "x:<a",
        "x:IN [a b c]",
        "x:IN []",
        "x:IN [a b ]",
        "x:/ab.*c/",
        "x:/a\\/b/",
        "a\\:b",
        "a\\-b",
        "\\-a",
        "a-b",
        "-5",
        "x:-5",
        "filter.section:Web",
        "http://example.com",
        "a:b:c",
        "a OR",
        "OR a",
        "AND",
        "NOT",
        "a AND  b",
        "a AND\tb",
        "(a",
        "a)",
        "\"unterminated",
        "title:",
        "a^",
        "a~2",
        "\"a\"~x",
        "a:(",
        "a\u{a0}b",
        "é:ü",
        "a\\",
        "\"a\\\"b\"",
        "a*b",
        "*a",
        "**",
        "a ~",
        "-",
        "+",
        "--a",
        "+-a",
        "a -",
        "(-a)",
        "((a))",
        "a (b) (c)",
        "a(b)",
        "x:[a TO b] c",
        "x:[a TO b]c",
        "x://",
        "//",
        "git 命令",
        "C++",
        "std::vector",
        "border-block-end-width CSS property",
    ];
    for text in cases {
        assert_same(text);
    }
    // As deep as the engines' bounds let a query go (query_text::check_query_text).
    assert_same(&format!("{}a{}", "(".repeat(32), ")".repeat(32)));
    assert_same(&format!("{}a", "NOT ".repeat(511)));
    assert_same(&format!("{}a", "title:(".repeat(32)));
}

#[test]
fn trees_are_tantivys() {
    // A few trees written out, so that a change in both parsers at once is seen too.
    assert_eq!(tree("a a"), UserInputAst::Clause(vec![(None, tree("a"))]));
    let UserInputAst::Clause(clauses) = tree("a OR b") else {
        panic!("a clause")
    };
    assert_eq!(clauses.len(), 2);
    assert!(clauses
        .iter()
        .all(|(occur, _)| *occur == Some(Occur::Should)));
    assert!(matches!(tree("a^2"), UserInputAst::Boost(_, boost) if boost.0 == 2.0));
    assert!(parse_query("title:").is_err());
}

/// A small deterministic generator (xorshift): the same inputs on every run.
struct Generator(u64);

impl Generator {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn generated_text_reads_as_tantivy_reads_it() {
    // The grammar's pieces: words, operators, quotes, fields, brackets, escapes, spaces.
    const PIECES: &[&str] = &[
        "a", "b", "fetch", "title", ":", " ", " ", "  ", "\t", "\"", "'", "(", ")", "[", "]", "{",
        "}", "*", "~", "2", "^", "1.5", "-", "+", "AND ", "OR ", "NOT ", "AND", "OR", "IN ",
        " TO ", "\\", "/", ">", "<=", ".", "é", "命令", "!", "`", "\u{a0}", "-3", "x:", "5",
    ];
    let mut generator = Generator(0x9E37_79B9_7F4A_7C15);
    let mut valid = 0;
    for _ in 0..200_000 {
        let pieces = 1 + generator.below(8);
        let text: String = (0..pieces)
            .map(|_| PIECES[generator.below(PIECES.len())])
            .collect();
        assert_same(&text);
        valid += usize::from(parse_query(&text).is_ok());
    }
    // Both kinds were tried: trees to compare and refusals.
    assert!(
        (40_000..160_000).contains(&valid),
        "{valid} of 200,000 valid"
    );
}

#[test]
fn the_shared_query_logs_read_as_tantivy_reads_them() {
    let corpora = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpora");
    let logs = ["queries-mdn.jsonl", "queries-events.jsonl"].map(|name| corpora.join(name));
    if !logs.iter().all(|log| log.exists()) {
        // As the builder's tests do (builder/tests/integration/common/mod.rs, shared_corpus).
        let message = "SKIPPED part of the_shared_query_logs_read_as_tantivy_reads_them: \
                       ../shared/corpora has no query logs";
        assert!(
            std::env::var("RANGEFIND_CORPORA").as_deref() != Ok("required"),
            "{message}, but RANGEFIND_CORPORA=required says they are expected"
        );
        eprintln!("{message}");
        if let Ok(log) = std::env::var("RANGEFIND_SKIP_LOG") {
            use std::io::Write;
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(log);
            if let Ok(mut file) = file {
                let _ = writeln!(file, "{message}");
            }
        }
        return;
    }
    let mut checked = 0;
    for log in logs {
        let text = std::fs::read_to_string(&log).expect("the log reads");
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            let entry: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let query = entry["query"].as_str().expect("a query");
            // Every text on the way to the query, as a search box sends them.
            for (end, _) in query.char_indices().skip(1) {
                assert_same(&query[..end]);
            }
            assert_same(query);
            checked += 1;
        }
    }
    assert!(checked >= 200, "{checked} queries");
}
