//! Tests of `extract`.

use super::*;

fn page(html: &str) -> Page {
    extract(html, "/docs/page/").expect("a page")
}

#[test]
fn mdn_shaped_page() {
    let page = page(
        r#"<!doctype html><html lang="en-US"><head><title>Array.map() | MDN</title></head>
        <body><nav><a href="/">Home</a></nav>
        <main data-pagefind-body data-pagefind-filter="section:Web/JavaScript"
              data-pagefind-meta="page_type:method">
        <h1>Array.prototype.<code>map</code>()</h1>
        <p>Creates a <strong>new</strong> array.</p><p>Second paragraph.</p>
        <h2>Syntax</h2>
        <h3 id="params">Parameters</h3><ul><li>callback</li><li>thisArg</li></ul>
        <pre><code>arr.map(x =&gt; x * 2)</code></pre>
        <script>var hidden = 1;</script>
        </main><footer>Licence</footer></body></html>"#,
    );
    assert_eq!(page.language.as_deref(), Some("en-us"));
    assert!(page.marked_body);
    assert_eq!(page.title, "Array.prototype.map()");
    assert_eq!(
        page.headings,
        ["Array.prototype.map()", "Syntax", "Parameters"]
    );
    assert_eq!(page.sections.len(), 2, "{:?}", page.sections);
    assert_eq!(page.sections[0].heading, "Array.prototype.map()");
    assert_eq!(page.sections[0].anchor, "");
    assert_eq!(
        page.sections[0].text,
        "Creates a new array. Second paragraph."
    );
    // "Syntax" has no text of its own: its words are searched through `headings`.
    assert_eq!(page.sections[1].heading, "Parameters");
    assert_eq!(page.sections[1].anchor, "#params");
    assert_eq!(
        page.sections[1].text,
        "callback thisArg arr.map(x => x * 2)"
    );
    assert_eq!(page.filters["section"], ["Web/JavaScript"]);
    assert_eq!(page.meta["page_type"], "method");
}

#[test]
fn headings_without_ids_link_with_a_text_fragment() {
    let page = page(
        "<body><main><p>Intro.</p><h2>Return value, or -1 &amp; more</h2><p>x</p></main></body>",
    );
    assert_eq!(
        page.sections[1].anchor,
        "#:~:text=Return%20value%2C%20or%20%2D1%20%26%20more"
    );
    assert_eq!(page.title, "/docs/page/", "no h1 and no <title>: the URL");
}

#[test]
fn content_falls_back_to_main_then_body() {
    let main = page(
        "<body><header>Site</header><main><p>Main text.</p></main><aside>Aside</aside></body>",
    );
    assert!(!main.marked_body);
    assert_eq!(main.sections[0].text, "Main text.");
    let body = page("<body><nav>Menu</nav><p>Body text.</p><footer>Foot</footer></body>");
    assert_eq!(body.sections[0].text, "Body text.");
}

#[test]
fn ignore_keeps_filters_unless_all() {
    let page = page(
        r#"<body><p>Kept.</p>
        <aside data-rangefind-ignore><span data-rangefind-filter="tag">inner</span>Hidden</aside>
        <aside data-pagefind-ignore="all"><span data-pagefind-filter="tag">gone</span>
          <h1>Not the title</h1></aside>
        <div data-pagefind-filter="author[data-who], tag" data-who="Ada">visible</div>
        </body>"#,
    );
    assert_eq!(page.sections[0].text, "Kept. visible");
    assert_eq!(page.filters["tag"], ["inner", "visible"]);
    assert_eq!(page.filters["author"], ["Ada"]);
    assert!(page.headings.is_empty());
}

#[test]
fn meta_title_image_and_weights() {
    let page = page(
        r#"<html><head><title>Head title</title>
        <meta data-pagefind-meta="title[content]" content="Meta title"></head>
        <body><h1>H1</h1><img src="../img/hero.png" alt="Hero">
        <p data-pagefind-weight="2">Important words.</p>
        <p data-rangefind-weight="0.5">Minor words.</p>
        <p data-rangefind-weight="0">Never searched.</p>
        <p>Normal.</p></body></html>"#,
    );
    assert_eq!(page.title, "Meta title");
    assert_eq!(page.meta["image"], "/docs/img/hero.png");
    assert_eq!(page.meta["image_alt"], "Hero");
    assert_eq!(page.sections[0].text, "Important words. Normal.");
    assert_eq!(page.weighted[&20], "Important words.");
    assert_eq!(page.weighted[&5], "Minor words.");
    assert!(!page.weighted.contains_key(&0));
}

#[test]
fn skipped_pages_say_why() {
    assert_eq!(
        extract(
            r#"<meta name="robots" content="noindex, follow"><p>x</p>"#,
            "/a/"
        ),
        Err(SkipReason::NoIndex)
    );
    assert_eq!(
        extract(r#"<meta http-equiv="refresh" content="0; url=/b/">"#, "/a/"),
        Err(SkipReason::Redirect)
    );
    assert_eq!(
        extract("<body><script>x()</script></body>", "/a/"),
        Err(SkipReason::NoText)
    );
}

#[test]
fn xml_lang_declares_the_language_too() {
    let xhtml = page(
        r#"<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="de"><body><p>Hallo.</p></body></html>"#,
    );
    assert_eq!(xhtml.language.as_deref(), Some("de"));
}

#[test]
fn language_tags() {
    assert_eq!(language_tag("en"), Some("en".into()));
    assert_eq!(language_tag(" pt_BR "), Some("pt-br".into()));
    assert_eq!(language_tag("e"), None);
    assert_eq!(language_tag("wasm"), None);
    assert_eq!(language_tag("../x"), None);
}
