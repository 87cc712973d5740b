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

#[test]
fn a_heading_in_the_page_header_or_menu_is_not_the_title() {
    // mdBook: the book's name in the menu bar, the chapter's first heading an <h2> in <main>.
    let md_book = page(
        r##"<html><head><title>Defining an Enum - The Book</title></head><body>
        <div id="menu-bar"><h1 class="menu-title">The Book</h1></div>
        <main><h2 id="defining-an-enum">Defining an Enum</h2><p>Enums give you a way.</p></main>
        </body></html>"##,
    );
    assert_eq!(
        md_book.title_candidates.any_heading.as_deref(),
        Some("The Book")
    );
    assert!(md_book.title_candidates.headings.is_empty());
    assert_eq!(
        md_book.title, "Defining an Enum - The Book",
        "the site's affix is learnt from its pages"
    );
    // A theme's header: outside role="main", or a link to the site's root.
    let header = page(
        r##"<html><head><title>Keywords — Project 3.2 documentation</title></head><body>
        <div class="header"><h1><a href="../../index.html">Project 3.2 documentation</a></h1></div>
        <div class="body"><h1>Keywords<a class="headerlink" href="#kw">¶</a></h1><p>Text.</p></div>
        </body></html>"##,
    );
    assert_eq!(header.title_candidates.headings, ["Keywords"]);
    assert_eq!(header.title, "Keywords");
    // A heading linking elsewhere is the page's own.
    let linked =
        page(r##"<body><h1><a href="../other.html">Other page</a></h1><p>Text.</p></body>"##);
    assert_eq!(linked.title, "Other page");
}

#[test]
fn an_element_of_class_title_above_the_first_h1_names_the_page() {
    // Doxygen: the page's name in <div class="title">, its first section an <h1>.
    let doxygen = page(
        r##"<html><head><title>JsonCpp: Json::Value Class Reference</title></head><body>
        <div class="header"><div class="headertitle"><div class="title">Json::Value Class Reference</div></div></div>
        <div class="contents"><h1><a class="anchor" id="intro"></a>Introduction</h1><p>Represents a JSON value.</p></div>
        </body></html>"##,
    );
    assert_eq!(doxygen.title, "Json::Value Class Reference");
    assert_eq!(doxygen.title_source, TitleSource::Named);
    // After the first <h1>, a class="title" element is part of the page.
    let later = page(r##"<body><h1>Guide</h1><p class="title">Note</p><p>Text.</p></body>"##);
    assert_eq!(later.title, "Guide");
    // An SVG's <title> is not the page's.
    let svg = page(r##"<body><svg><title>github-icon</title></svg><p>Text.</p></body>"##);
    assert_eq!(svg.title, "/docs/page/");
}
