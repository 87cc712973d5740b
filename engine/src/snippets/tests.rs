//! Tests of `snippets`.

use super::*;

fn snippet(values: &[&str], terms: &[&str], max: usize) -> CutSnippet {
    let terms: Vec<String> = terms.iter().map(|t| t.to_string()).collect();
    cut(values, &Analyzer::new(Some("en")).unwrap(), &terms, max).unwrap()
}

#[test]
fn the_window_with_most_distinct_words_wins_and_names_its_section() {
    let values = [
        "Intro about arrays.",
        "Usage: the map method maps each element of an array <fast>.",
    ];
    let cut = snippet(&values, &["map", "array"], 80);
    assert_eq!(cut.value, Some(1));
    assert_eq!(
        cut.html,
        "Usage: the <mark>map</mark> method <mark>maps</mark> each element of an <mark>array</mark> &lt;fast&gt;."
    );
}

#[test]
fn long_text_is_cut_at_spaces_around_the_match() {
    let long = format!(
        "{} the needle is here {}",
        "word ".repeat(60),
        "tail ".repeat(60)
    );
    let cut = snippet(&[long.as_str()], &["needl"], 60);
    assert_eq!(cut.value, None);
    assert!(
        cut.html.starts_with('…') && cut.html.ends_with('…'),
        "{}",
        cut.html
    );
    assert!(cut.html.contains("<mark>needle</mark>"), "{}", cut.html);
    assert!(cut.html.chars().count() < 60 + 20, "{}", cut.html);
}

#[test]
fn overlapping_bigrams_are_marked_once() {
    let analyzer = Analyzer::new(None).unwrap();
    let terms = analyzer.terms("全文検索");
    let snippet = cut(&["Rangefind の全文検索エンジン"], &analyzer, &terms, 60).unwrap();
    assert_eq!(snippet.html, "Rangefind の<mark>全文検索</mark>エンジン");
}

#[test]
fn without_a_match_the_leading_text_is_shown() {
    let cut = snippet(&["", "first words here"], &["absent"], 80);
    assert_eq!(
        cut,
        CutSnippet {
            html: "first words here".into(),
            value: Some(1)
        }
    );
}

#[test]
fn leading_text_is_cut_at_a_space_and_escaped() {
    assert_eq!(
        leading_text_html("a <b> c dddd", 8).unwrap(),
        "a &lt;b&gt; c…"
    );
    assert_eq!(leading_text_html("  ", 80), None);
}

#[test]
fn overlapping_marks_are_one() {
    let mut html = String::new();
    mark_into(&mut html, "a<b>cd", [1..3, 2..5]);
    assert_eq!(html, "a<mark>&lt;b&gt;c</mark>d");
}

#[test]
fn a_long_text_is_read_only_as_far_as_its_first_window_of_every_term() {
    // Both words early, and a denser window of them far on: the early one is shown.
    let late = "map array map array map array ".repeat(10);
    let text = format!("the map of an array {} {late}", "filler ".repeat(600));
    let cut = snippet(&[text.as_str()], &["map", "array"], 60);
    assert!(cut.html.starts_with("the <mark>map</mark>"), "{}", cut.html);
    // One word early, the other only far on: the early match, read no further than 4 KB.
    let text = format!("the map {} an array", "filler ".repeat(1000));
    let cut = snippet(&[text.as_str()], &["map", "array"], 60);
    assert!(cut.html.contains("<mark>map</mark>"), "{}", cut.html);
    assert!(!cut.html.contains("<mark>array</mark>"), "{}", cut.html);
}

#[test]
fn a_match_far_into_a_long_text_is_still_found() {
    let text = format!("{} the needle here", "filler ".repeat(3000));
    let cut = snippet(&["intro", text.as_str()], &["needl"], 60);
    assert_eq!(cut.value, Some(1));
    assert!(cut.html.contains("<mark>needle</mark>"), "{}", cut.html);
}

#[test]
fn without_terms_a_long_text_gives_its_leading_text() {
    let text = format!("first words here {}", "filler ".repeat(3000));
    let cut = snippet(&[text.as_str()], &[], 40);
    assert!(cut.html.starts_with("first words here"), "{}", cut.html);
    assert!(!cut.html.contains("<mark>"), "{}", cut.html);
}
