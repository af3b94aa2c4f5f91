//! Behaviour of the document model on tricky and hostile pages.

use harvest_dom::encoding::EncodingSource;
use harvest_dom::{Document, ImageText, NodeKind, ParseOptions, Selector, TextOptions, Trim, Url, UrlErrorReason};
use std::time::{Duration, Instant};

fn url(value: &str) -> Url {
    Url::parse(value).unwrap()
}

fn first(doc: &Document, name: &str) -> harvest_dom::Element {
    doc.elements().find(|e| e.local_name() == name).unwrap()
}

#[test]
fn encoding_detection_end_to_end() {
    let options = ParseOptions::new();
    let utf8_bom = Document::parse_bytes(b"\xEF\xBB\xBF<p>\xC3\xA9", &options);
    assert_eq!((utf8_bom.encoding().name(), utf8_bom.encoding_source()), ("UTF-8", EncodingSource::ByteOrderMark));
    assert_eq!(utf8_bom.root().text_content(), "é");

    let utf16: Vec<u8> =
        b"\xFE\xFF".iter().copied().chain("<p>ü€".encode_utf16().flat_map(|u| u.to_be_bytes())).collect();
    let utf16 = Document::parse_bytes(&utf16, &options);
    assert_eq!(utf16.encoding().name(), "UTF-16BE");
    assert_eq!(utf16.root().text_content(), "ü€");

    let meta = Document::parse_bytes(
        b"<meta http-equiv='content-type' content='text/html;charset=iso-8859-7'><p>\xE1",
        &options,
    );
    assert_eq!((meta.encoding().name(), meta.encoding_source()), ("ISO-8859-7", EncodingSource::MetaPrescan));
    assert_eq!(meta.root().text_content(), "α");

    let fallback = Document::parse_bytes(b"<p>\x93quoted\x94", &options);
    assert_eq!((fallback.encoding().name(), fallback.encoding_source()), ("windows-1252", EncodingSource::Fallback));
    assert_eq!(fallback.root().text_content(), "\u{201C}quoted\u{201D}");

    let transport = Document::parse_bytes(b"<p>\xE1", &ParseOptions::new().transport_charset("iso-8859-7"));
    assert_eq!(transport.encoding_source(), EncodingSource::Transport);

    let invalid = Document::parse_bytes(b"<meta charset=utf-8><p>a\xC3(b\xF0\x9F", &options);
    assert_eq!(invalid.root().text_content(), "a\u{FFFD}(b\u{FFFD}");
}

#[test]
fn base_url_with_and_without_base_element() {
    let page = url("https://example.com/dir/page.html");
    let plain = Document::parse_with("<a href=x>", &ParseOptions::new().url(page.clone()));
    assert_eq!(plain.base_url().unwrap().as_str(), "https://example.com/dir/page.html");
    assert_eq!(plain.resolve_url("x").unwrap().as_str(), "https://example.com/dir/x");

    // The first base element with an href wins, resolved against the document URL.
    let html = "<base target=_blank><base href='/other/'><base href='http://elsewhere.test/'>";
    let based = Document::parse_with(html, &ParseOptions::new().url(page.clone()));
    assert_eq!(based.base_url().unwrap().as_str(), "https://example.com/other/");
    assert_eq!(based.resolve_url("x?y#z").unwrap().as_str(), "https://example.com/other/x?y#z");
    assert_eq!(based.url().unwrap(), &page);

    // A base href that fails to parse falls back to the document URL.
    let broken = Document::parse_with("<base href='http://[::1'>", &ParseOptions::new().url(page.clone()));
    assert_eq!(broken.base_url(), Some(&page));

    // Without a document URL an absolute base still works, a relative one gives no base.
    assert_eq!(Document::parse("<base href='http://a.test/b/'>").base_url().unwrap().as_str(), "http://a.test/b/");
    assert!(Document::parse("<base href='b/'>").base_url().is_none());
}

#[test]
fn bad_urls_are_errors_not_panics() {
    let doc = Document::parse_with("", &ParseOptions::new().url(url("http://example.com/")));
    for bad in ["http://[", "http://exa mple.com/", "https://a:b@:80", "http://\u{0}x"] {
        let error = doc.resolve_url(bad).unwrap_err();
        assert!(matches!(error.reason, UrlErrorReason::Invalid(_)), "{bad}: {error}");
        assert_eq!(error.value, bad);
    }
    // Whitespace around a URL and tabs/newlines inside are ignored, as in HTML.
    assert_eq!(doc.resolve_url(" \n/a\tb \r\n").unwrap().as_str(), "http://example.com/ab");
    let relative = Document::parse("").resolve_url("/a").unwrap_err();
    assert_eq!(relative.reason, UrlErrorReason::RelativeWithoutBase);
    assert!(relative.to_string().contains("no base URL"));
}

#[test]
fn text_content_versus_microformats_text() {
    let html = "<div id=t>\u{A0} Hello <b>big</b>\n<script>var x = 1;</script><style>p{}</style>\
                <img alt='pic'><img src='/a.png'><template>hidden</template><!-- c --> world\t</div>";
    let doc = Document::parse_with(html, &ParseOptions::new().url(url("http://example.com/")));
    let div = doc.element_by_id("t").unwrap().as_node();
    assert_eq!(div.text_content(), "\u{A0} Hello big\nvar x = 1;p{} world\t");
    assert_eq!(doc.text(&div, &TextOptions::TEXT_CONTENT), div.text_content());
    assert_eq!(doc.text(&div, &TextOptions::MICROFORMATS), "Hello big\npic http://example.com/a.png  world");
    let alt_only = TextOptions { images: ImageText::Alt, trim: Trim::AsciiWhitespace, drop_script_and_style: true };
    assert_eq!(doc.text(&div, &alt_only), "\u{A0} Hello big\npic world");
}

#[test]
fn fragment_serialization_of_tricky_markup() {
    let html = concat!(
        "<div id=t>",
        "<br><img src=a.png alt='x'><input disabled>",
        "<p title='say \"hi\" & <bye>'>a &amp; b &lt; c &gt; d\u{A0}e</p>",
        "<template><b>in template</b></template>",
        "<svg viewBox='0 0 1 1'><foreignObject><p>x</p></foreignObject><path d='M0'/></svg>",
        "<script>if (a < b && c) {}</script><style>a > b {}</style>",
        "<textarea>\n<b>not bold</b></textarea>",
        "<pre>\n\nline</pre>",
        "<!--comment--><math><mi xlink:href='#x'>x</mi></math>",
        "</div>"
    );
    let doc = Document::parse(html);
    let div = doc.element_by_id("t").unwrap().as_node();
    let expected = concat!(
        "<br><img src=\"a.png\" alt=\"x\"><input disabled=\"\">",
        "<p title=\"say &quot;hi&quot; &amp; &lt;bye&gt;\">a &amp; b &lt; c &gt; d&nbsp;e</p>",
        "<template><b>in template</b></template>",
        "<svg viewBox=\"0 0 1 1\"><foreignObject><p>x</p></foreignObject><path d=\"M0\"></path></svg>",
        "<script>if (a < b && c) {}</script><style>a > b {}</style>",
        "<textarea>&lt;b&gt;not bold&lt;/b&gt;</textarea>",
        "<pre>\nline</pre>",
        "<!--comment--><math><mi xlink:href=\"#x\">x</mi></math>",
    );
    assert_eq!(doc.inner_html(&div), expected);
    let p = first(&doc, "p").as_node();
    assert!(doc.outer_html(&p).starts_with("<p title="));
    // noscript: markup by default (no scripting), raw text when scripting is enabled.
    let noscript = "<body><noscript><b>x</b></noscript>";
    let plain = Document::parse(noscript);
    assert_eq!(plain.inner_html(&first(&plain, "noscript").as_node()), "<b>x</b>");
    let scripted = Document::parse_with(noscript, &ParseOptions::new().scripting(true));
    assert_eq!(scripted.inner_html(&first(&scripted, "noscript").as_node()), "<b>x</b>");
    assert_eq!(first(&scripted, "noscript").element_children().count(), 0);
}

#[test]
fn element_queries() {
    let doc = Document::parse("<ul><li id=a class='x y'>1<li id=a>2<li class=z>3</ul><svg><a/></svg>");
    let by_id = doc.element_by_id("a").unwrap();
    assert_eq!(by_id.text_content(), "1");
    assert!(doc.element_by_id("missing").is_none());
    assert!(by_id.has_class("y") && !by_id.has_class("x y"));
    assert_eq!(by_id.path(), "html>body>ul>li:nth-child(1)");
    let svg_a = doc.elements().find(|e| e.local_name() == "a").unwrap();
    assert_eq!(svg_a.namespace(), harvest_dom::Namespace::Svg);
    assert!(!svg_a.is("a"));
    let only = Selector::parse("ul>li:only-of-type, li.z").unwrap();
    let matched: Vec<String> = doc.root().select(&only).map(|e| e.text_content()).collect();
    assert_eq!(matched, vec!["3"]);
    assert_eq!(doc.root().first_child().unwrap().kind(), NodeKind::Element);
    assert_eq!(by_id.parent_element().unwrap().local_name(), "ul");
    assert_eq!(by_id.next_element_sibling().unwrap().text_content(), "2");
    assert_eq!(by_id.ancestors().map(|e| e.local_name().to_owned()).collect::<Vec<_>>(), ["ul", "body", "html"]);
}

fn nested(depth: usize, tag: &str) -> String {
    let mut html = String::with_capacity(depth * (2 * tag.len() + 5) + 1);
    for _ in 0..depth {
        html.push('<');
        html.push_str(tag);
        html.push('>');
    }
    html.push('x');
    for _ in 0..depth {
        html.push_str("</");
        html.push_str(tag);
        html.push('>');
    }
    html
}

/// Loads, walks, serializes and drops a page; returns the time it took.
fn full_cycle(html: &str) -> Duration {
    let started = Instant::now();
    let doc = Document::parse(html);
    assert!(!doc.depth_limit_hit());
    assert_eq!(doc.elements().count(), html.matches("<div>").count() + 3);
    let body = doc.body().unwrap().as_node();
    let serialized = doc.inner_html(&body);
    assert_eq!(serialized.matches("<div>").count(), html.matches("<div>").count());
    assert_eq!(doc.text(&body, &TextOptions::MICROFORMATS), "x");
    drop(doc);
    started.elapsed()
}

#[test]
fn a_million_nested_elements() {
    full_cycle(&nested(1_000_000, "div"));
    let spans = Document::parse(&nested(1_000_000, "span"));
    assert_eq!(spans.root().text_content(), "x");
}

#[test]
fn nesting_cost_grows_linearly() {
    harvest_test_support::assert_linear(
        "nesting",
        100_000,
        |n| nested(n, "div"),
        |html| {
            full_cycle(html);
        },
    );
}

#[test]
fn attribute_lookup_short_and_long_lists() {
    // Up to 16 attributes are compared in order, more go through the map: both find the same.
    for count in [0, 1, 16, 17, 200] {
        let attributes: String = (0..count).map(|i| format!(" data-a{i}=v{i}")).collect();
        let doc = Document::parse(&format!("<p id=x{attributes} xlink:href=n>t</p><svg><a xlink:href=s></a></svg>"));
        let p = doc.element_by_id("x").unwrap();
        for i in 0..count {
            assert_eq!(p.attr(&format!("data-a{i}")), Some(format!("v{i}").as_str()));
        }
        assert!(p.has_attr("id") && !p.has_attr("data-missing"));
        // On an HTML element `xlink:href` is a plain attribute name; in SVG it is namespaced.
        assert_eq!(p.attr("xlink:href"), Some("n"));
        let svg_a = doc.elements().find(|e| e.local_name() == "a").unwrap();
        assert!(!svg_a.has_attr("href") && !svg_a.has_attr("xlink:href"));
    }
}

#[test]
fn tree_construction_cases_that_move_nodes() {
    // HTML § "MathML annotation-xml integration point": with an HTML encoding the `div` stays
    // inside `annotation-xml`; without one it breaks out of the `math` element.
    let inside = Document::parse("<math><annotation-xml encoding='text/html'><div>x</div></annotation-xml></math>");
    let div = first(&inside, "div");
    assert_eq!(div.parent_element().map(|p| p.local_name().to_owned()).as_deref(), Some("annotation-xml"));
    let outside = Document::parse("<math><annotation-xml><div>x</div></annotation-xml></math>");
    let div = first(&outside, "div");
    assert_eq!(div.parent_element().map(|p| p.local_name().to_owned()).as_deref(), Some("body"));

    // Template contents live in their own fragment, not among the template's children.
    let doc = Document::parse("<template id=t><p>in</p></template><p>out</p>");
    let template = first(&doc, "template");
    assert_eq!(template.children().count(), 0);
    let contents = template.template_contents().map(|node| node.kind());
    assert_eq!(contents, Some(NodeKind::DocumentFragment));
    assert_eq!(doc.outer_html(&template.as_node()), "<template id=\"t\"><p>in</p></template>");
    assert_eq!(doc.elements().filter(|e| e.is("p")).count(), 1);

    // The adoption agency algorithm, run many times over, moves nodes without losing any.
    let html = "<b><p>a<i>b</b>c</i>d</p>".repeat(200);
    let doc = Document::parse(&html);
    assert_eq!(doc.root().text_content(), "abcd".repeat(200));

    // Handles are equal only within one document.
    let (one, two) = (Document::parse("<p>"), Document::parse("<p>"));
    assert_ne!(first(&one, "p"), first(&two, "p"));
    assert_eq!(first(&one, "p"), first(&one, "p"));
}

#[test]
fn long_names_of_a_page_read_back_everywhere() {
    // Names of more than 7 bytes outside html5ever's static set are kept beside the tree
    // (crates/dom/src/page_names.rs): every way of reading a name gives its text.
    let page = concat!(
        "<body><my-long-element data-long-attribute='x' other-long-name=y>",
        "<my-long-element data-long-attribute='z'>t</my-long-element>",
        "<svg><my-svg-element some-long-name=v></my-svg-element></svg>",
        "</my-long-element><blockquote cite=c>q</blockquote></body>",
    );
    let doc = Document::parse(page);
    let outer = doc.elements().find(|e| e.local_name() == "my-long-element").unwrap();
    assert!(outer.is("my-long-element"));
    assert_eq!(outer.attr("data-long-attribute"), Some("x"));
    assert_eq!(outer.attr("other-long-name"), Some("y"));
    assert_eq!(outer.attr("data-never-written"), None);
    assert_eq!(
        outer.attributes(),
        vec![("data-long-attribute".to_owned(), "x".to_owned()), ("other-long-name".to_owned(), "y".to_owned())]
    );
    let names: Vec<&str> = outer.namespaced_attributes().map(|(_, name, _)| name).collect();
    assert_eq!(names, ["data-long-attribute", "other-long-name"]);
    assert_eq!(format!("{outer:?}"), r#"<my-long-element data-long-attribute="x" other-long-name="y">"#);
    assert_eq!(doc.elements_named(&["my-long-element", "blockquote"]).count(), 3);
    assert_eq!(doc.elements_named(&["never-a-name-here"]).count(), 0);
    let inner = doc.elements().filter(|e| e.local_name() == "my-long-element").nth(1).unwrap();
    assert_eq!(doc.element_path(&inner), "html>body>my-long-element>my-long-element");
    let html = doc.outer_html(&outer.as_node());
    assert!(
        html.starts_with(r#"<my-long-element data-long-attribute="x" other-long-name="y"><my-long-element"#),
        "{html}"
    );
    assert!(html.contains(r#"<svg><my-svg-element some-long-name="v"></my-svg-element></svg>"#), "{html}");
    let xml = outer.as_node().inner_xml().unwrap();
    assert!(
        xml.starts_with("<my-long-element xmlns=\"http://www.w3.org/1999/xhtml\" data-long-attribute=\"z\">"),
        "{xml}"
    );
    let selector = Selector::parse("my-long-element[data-long-attribute=z], blockquote[cite]").unwrap();
    let found: Vec<String> = doc.root().select(&selector).map(|e| e.local_name().to_owned()).collect();
    assert_eq!(found, ["my-long-element", "blockquote"]);
}
