//! Tests of `query`.

use super::*;
use crate::formats::site_file::head_meta::{FieldScoring, SearchedField};
use crate::formats::site_file::SITE_LAYOUT_VERSION;

fn meta() -> HeadMeta {
    HeadMeta {
        version: SITE_LAYOUT_VERSION,
        pages: 1,
        stemmer: Some("en".into()),
        fields: ["title", "body"]
            .map(|name| SearchedField {
                name: name.into(),
                boost: 1.0,
                words: 10,
                scoring: FieldScoring::Plain,
            })
            .to_vec(),
        headings: 0,
        snippet_field: "body".into(),
        title_field: None,
        filter_keys: vec!["section".into(), "title".into()],
    }
}

fn parsed(text: &str) -> Node {
    parse(text, &meta(), &Analyzer::new(Some("en")).unwrap(), &[]).node
}

fn word(field: Option<usize>, slots: &[Slot]) -> Node {
    Node::Phrase {
        field,
        slots: slots.to_vec(),
        slop: 0,
    }
}

fn w(text: &str) -> Slot {
    Slot::Word(text.into())
}

#[test]
fn words_phrases_prefixes_fields_and_filters() {
    assert_eq!(
        parsed("running maps"),
        Node::Clauses(vec![
            (Occur::Must, word(None, &[w("run")])),
            (Occur::Must, word(None, &[w("map")])),
        ])
    );
    assert_eq!(
        parsed("(Transformat OR transformat*)"),
        Node::Clauses(vec![
            (Occur::Should, word(None, &[w("transformat")])),
            (
                Occur::Should,
                word(None, &[Slot::Prefix("transformat".into())])
            ),
        ])
    );
    assert_eq!(parsed("\"array map\""), word(None, &[w("array"), w("map")]));
    assert_eq!(
        parsed("Array.prototype.ma*"),
        word(
            None,
            &[w("array"), w("prototyp"), Slot::Prefix("ma".into())]
        )
    );
    assert_eq!(parsed("title:Maps"), word(Some(0), &[w("map")]));
    assert_eq!(
        parsed("filter.section:CSS"),
        Node::Filter(filter_word("section", "CSS"))
    );
    // Exclusions alone: every page without them.
    assert_eq!(
        parsed("-map"),
        Node::Clauses(vec![
            (Occur::Must, Node::All),
            (Occur::MustNot, word(None, &[w("map")]))
        ])
    );
}

#[test]
fn anything_else_is_plain_words() {
    // An unknown field, a range and broken syntax are searched as their words.
    assert_eq!(
        parsed("Notification: click"),
        Node::Clauses(vec![
            (Occur::Must, word(None, &[w("notif")])),
            (Occur::Must, word(None, &[w("click")])),
        ])
    );
    assert_eq!(parsed("((("), Node::Nothing);
    assert_eq!(parsed("\"unclosed"), word(None, &[w("unclos")]));
    assert_eq!(parsed("…"), Node::Nothing);
}

#[test]
fn words_without_letters_or_digits_are_dropped_as_the_index_drops_them() {
    let json = parsed("json JSON encoder");
    for text in [
        "json — JSON encoder",
        "json | JSON – encoder ¶",
        "json \"—\" JSON encoder",
        "json JSON encoder -—",
    ] {
        assert_eq!(parsed(text), json, "{text}");
    }
    assert_eq!(parsed("— | ¶"), Node::Nothing);
    assert_eq!(
        parsed("title:— map"),
        Node::Clauses(vec![(Occur::Must, word(None, &[w("map")]))])
    );
}

#[test]
fn the_last_word_is_completed_when_the_text_ends_in_it() {
    let analyzer = Analyzer::new(Some("en")).unwrap();
    let completed = |text: &str| {
        parse_completed(text, &meta(), &analyzer, &[], None)
            .map(|parsed| (parsed.node, parsed.completed.unwrap()))
    };
    let prefix = |text: &str| Slot::Prefix(text.into());
    assert_eq!(
        completed("fetch ap"),
        Some((
            Node::Clauses(vec![
                (Occur::Must, word(None, &[w("fetch")])),
                (Occur::Must, word(None, &[prefix("ap")])),
            ]),
            "ap".into()
        ))
    );
    // Punctuation inside the last word: a phrase whose last word is a prefix.
    assert_eq!(
        completed("border-block-end-wid"),
        Some((
            word(None, &[w("border"), w("block"), w("end"), prefix("wid")]),
            "wid".into()
        ))
    );
    // Syntax the grammar refuses is completed as its plain words.
    let (node, word_completed) = completed("HTMLMediaElement: duration property").unwrap();
    assert_eq!(word_completed, "property");
    let Node::Clauses(clauses) = node else {
        panic!("{node:?}")
    };
    assert_eq!(clauses[2].1, word(None, &[prefix("property")]));
    assert_eq!(
        completed("title:Arr").map(|c| c.0),
        Some(word(Some(0), &[prefix("arr")]))
    );
    for finished in [
        "fetch api ",
        "map()",
        "\"flex container\"",
        "flex -gri",
        "promis*",
        "css^2",
        "—",
        "",
    ] {
        assert_eq!(completed(finished), None, "{finished}");
    }
    let instead = ["transformation".to_string()];
    let replaced = parse_completed("css transformat", &meta(), &analyzer, &[], Some(&instead));
    let Node::Clauses(clauses) = replaced.unwrap().node else {
        panic!()
    };
    assert_eq!(
        clauses[1].1,
        word(None, &[Slot::AnyOf(vec!["transform".into()])])
    );
}

#[test]
fn typed_words_are_collected_and_replaced_outside_exclusions_and_fields() {
    let analyzer = Analyzer::new(Some("en")).unwrap();
    crate::typos::assert_replaceable_words(|text| parse(text, &meta(), &analyzer, &[]).words);
    let replacements = [(
        "promsie".to_string(),
        vec!["promises".to_string(), "promise".into(), "premise".into()],
    )];
    let replaced = |text: &str| parse(text, &meta(), &analyzer, &replacements).node;
    let any = Slot::AnyOf(vec!["promis".into(), "premis".into()]);
    // A replaced prefix is whole words.
    assert_eq!(replaced("promsie*"), word(None, std::slice::from_ref(&any)));
    assert_eq!(replaced("\"promsie race\""), word(None, &[any, w("race")]));
    assert_eq!(
        replaced("-promsie"),
        Node::Clauses(vec![
            (Occur::Must, Node::All),
            (Occur::MustNot, word(None, &[w("promsi")]))
        ])
    );
    assert_eq!(replaced("body:promsie"), word(Some(1), &[w("promsi")]));
}

/// `KEY:value` filters as `filter.KEY:value` where KEY is a filter key of the site and no
/// searched field has its name; the answer is told how each such key was read.
#[test]
fn filter_keys_typed_as_fields_filter() {
    let analyzer = Analyzer::new(Some("en")).unwrap();
    let both = |text: &str| parse(text, &meta(), &analyzer, &[]);
    let typed = both(r#"section:"Web/API" fetch"#);
    assert_eq!(typed.node, both(r#"filter.section:"Web/API" fetch"#).node);
    assert_eq!(
        typed.node,
        Node::Clauses(vec![
            (Occur::Must, Node::Filter(filter_word("section", "Web/API"))),
            (Occur::Must, word(None, &[w("fetch")])),
        ])
    );
    // `section` is the first filter key, read as the filter.
    assert_eq!(typed.read_as, vec![(0, true)]);
    // `title` is a searched field and a filter key: the field, and the answer says so.
    let title = both("title:maps");
    assert_eq!(title.node, word(Some(0), &[w("map")]));
    assert_eq!(title.read_as, vec![(1, false)]);
    // Excluded, it excludes the filter's pages.
    assert_eq!(
        both("-section:CSS map").node,
        Node::Clauses(vec![
            (Occur::MustNot, Node::Filter(filter_word("section", "CSS"))),
            (Occur::Must, word(None, &[w("map")])),
        ])
    );
    // A key that is neither: the text is searched as words, as before.
    let other = both("author:ada");
    assert_eq!(other.node, both("author ada").node);
    assert!(other.read_as.is_empty() && both("filter.section:CSS").read_as.is_empty());
}

#[test]
fn the_words_a_page_may_lack_are_the_querys_own_required_ones() {
    let required = |text: &str| -> Vec<(usize, String)> {
        let analyzer = Analyzer::new(Some("en")).unwrap();
        parse(text, &meta(), &analyzer, &[]).required
    };
    let typed = |pairs: &[(usize, &str)]| -> Vec<(usize, String)> {
        pairs.iter().map(|&(at, text)| (at, text.into())).collect()
    };
    assert_eq!(
        required("Running maps \"of keys\""),
        typed(&[(0, "Running"), (1, "maps"), (2, "of keys")])
    );
    // Places among the tree's clauses: `—` is dropped, the exclusion and the word in a field
    // are clauses a page may not lack.
    assert_eq!(
        required("maps — -weak title:grid keys"),
        typed(&[(0, "maps"), (3, "keys")])
    );
    // Inside a group, or optional: not the query's own words.
    assert!(required("(maps keys) OR sets").is_empty());
    assert_eq!(required("+maps keys^2"), typed(&[(0, "maps")]));
    // One word is all there is to it (the search leaves out none).
    assert_eq!(required("maps"), vec![]);
}

#[test]
fn ranges_and_field_presence_are_refused_and_other_syntax_is_searched_as_words() {
    let analyzer = Analyzer::new(Some("en")).unwrap();
    let refused = |text: &str| parse(text, &meta(), &analyzer, &[]).refused;
    for text in [
        "title:[a TO z]",
        "css title:>grid",
        "title:*",
        "nope:*",
        "-title:[a TO b] css",
    ] {
        assert_eq!(refused(text), Some(NEEDS_A_COLUMN), "{text}");
        assert_eq!(parsed(text), Node::Nothing, "{text}");
    }
    for text in ["<video>", "[a TO z]", "css", "*"] {
        assert_eq!(refused(text), None, "{text}");
    }
}
