//! Source lines of nodes (`Node::line`, `Element::line`).

use harvest_dom::{Document, Element, Node, ParseOptions};

fn element(doc: &Document, id: &str) -> Element {
    doc.element_by_id(id).unwrap_or_else(|| panic!("no #{id}"))
}

fn first_text(element: &Element) -> Node {
    element.as_node().first_child().expect("a child")
}

#[test]
fn elements_are_on_the_line_of_their_start_tags_less_than_sign() {
    let html = "<!DOCTYPE html>\n<html>\n<head><title>T</title></head>\n<body>\n<p id=a>one</p>\n\n  <div\n    id=b\n    class=x\n  >two</div><span id=c>three</span>\n</body>";
    let doc = Document::parse(html);
    assert_eq!(element(&doc, "a").line(), Some(5));
    // A start tag over three lines: the line of its `<`.
    assert_eq!(element(&doc, "b").line(), Some(7));
    assert_eq!(element(&doc, "c").line(), Some(10));
    // Its text starts after the `>`, on the tag's last line.
    assert_eq!(first_text(&element(&doc, "b")).line(), Some(10));
    assert_eq!(doc.head().and_then(|head| head.line()), Some(3));
    assert_eq!(doc.body().and_then(|body| body.line()), Some(4));
    assert_eq!(doc.root().line(), None);
}

#[test]
fn crlf_and_lone_cr_are_one_line_break_each() {
    let doc = Document::parse("<p id=a>1</p>\r\n<p id=b>2</p>\r<p id=c>3</p>\r\n\r\n<p\r\n id=d>4</p>");
    let lines: Vec<_> = ["a", "b", "c", "d"].iter().map(|id| element(&doc, id).line()).collect();
    assert_eq!(lines, [Some(1), Some(2), Some(3), Some(5)]);
}

#[test]
fn text_is_on_the_line_of_its_first_character() {
    let doc = Document::parse("<div id=a>\n\n  text\n</div><div id=b>x\ny</div><div id=c>&amp;\n<b>b</b></div>");
    // The text of #a starts with the line feed that ends line 1.
    assert_eq!(first_text(&element(&doc, "a")).line(), Some(1));
    assert_eq!(first_text(&element(&doc, "b")).line(), Some(4));
    assert_eq!(first_text(&element(&doc, "c")).line(), Some(5));
    let b = doc.elements().find(|e| e.is("b")).unwrap();
    assert_eq!(b.line(), Some(6));
}

#[test]
fn script_text_starts_on_the_line_of_the_start_tags_end() {
    let doc = Document::parse(
        "<head>\n<script\n type=application/ld+json id=s>\n{\"a\": 1}\n</script>\n<script id=t>{}</script>",
    );
    let script = element(&doc, "s");
    assert_eq!(script.line(), Some(2));
    assert_eq!(first_text(&script).line(), Some(3));
    assert_eq!(first_text(&element(&doc, "t")).line(), Some(6));
}

#[test]
fn long_text_and_many_lines_count_every_line() {
    // Long runs go through html5ever's vectorised text scanning; short ones do not.
    let long = "x".repeat(100);
    let mut html = String::new();
    for line in 1..=300 {
        html.push_str(&format!("<i id=i{line}>{long}</i>{long}\n"));
    }
    let doc = Document::parse(&html);
    for line in [1, 2, 150, 300] {
        assert_eq!(element(&doc, &format!("i{line}")).line(), Some(line));
    }
}

#[test]
fn fragments_and_deep_pages_have_lines_too() {
    let context = harvest_dom::FragmentContext::html("div");
    let doc = Document::parse_fragment("a\n<p id=p>b</p>", &context, &ParseOptions::new());
    assert_eq!(element(&doc, "p").line(), Some(2));
    // Past the depth bound the tree builder works on a window; lines still come through.
    let html = format!("{}\n<p id=deep>x</p>", "<div>\n".repeat(2000));
    let doc = Document::parse_with(&html, &ParseOptions::new().max_depth(64));
    assert_eq!(element(&doc, "deep").line(), Some(2002));
}
