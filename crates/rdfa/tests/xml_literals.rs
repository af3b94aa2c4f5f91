//! `rdf:XMLLiteral` values are XML: a strict, namespace-aware XML parser (roxmltree) reads
//! each one back, with every element in the namespace HTML put it in; content XML cannot hold
//! is kept as an `rdf:HTML` literal, with a warning in the processor graph.

use harvest_dom::{Document, ParseOptions, Url};
use harvest_rdf::{Literal, Term};
use harvest_rdfa::{parse, DiagnosticKind, RdfaOptions};

const XHTML: &str = "http://www.w3.org/1999/xhtml";
const SVG: &str = "http://www.w3.org/2000/svg";
const MATHML: &str = "http://www.w3.org/1998/Math/MathML";
const XML_LITERAL: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#XMLLiteral";
const HTML_LITERAL: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#HTML";

/// The (value, datatype) of the literal of `property=p`, and the warnings.
fn literal(content: &str) -> ((String, String), Vec<DiagnosticKind>) {
    let html = format!("<p about='http://e.com/' property='http://e.com/p' datatype='rdf:XMLLiteral'>{content}</p>");
    let url = Url::parse("http://example.com/").unwrap();
    let doc = Document::parse_with(&html, &ParseOptions::new().url(url));
    let rdfa = parse(&doc, &RdfaOptions::new().processor_graph(true)).unwrap();
    let value = rdfa
        .graph
        .iter()
        .find_map(|triple| match &triple.object {
            Term::Literal(Literal::Typed { value, datatype }) => Some((value.clone(), datatype.as_str().to_owned())),
            _ => None,
        })
        .unwrap();
    (value, rdfa.diagnostics.iter().map(|d| d.kind).collect())
}

/// Parses an XML literal (content, so inside a wrapper element) and gives every element's
/// namespace and local name in document order.
fn read_back(xml: &str) -> Vec<(String, String)> {
    let wrapped = format!("<wrapper>{xml}</wrapper>");
    let document = roxmltree::Document::parse(&wrapped).unwrap_or_else(|e| panic!("{e}: {xml}"));
    document
        .descendants()
        .filter(|node| node.is_element() && node.tag_name().name() != "wrapper")
        .map(|node| (node.tag_name().namespace().unwrap_or("").to_owned(), node.tag_name().name().to_owned()))
        .collect()
}

#[test]
fn xml_literals_are_xml_in_the_right_namespaces() {
    let cases: &[(&str, &[(&str, &str)])] = &[
        ("a<br>b<img src=x.png alt='\"q\"'>", &[(XHTML, "br"), (XHTML, "img")]),
        ("<b>1 &lt; 2 &amp; 3</b> <wbr>", &[(XHTML, "b"), (XHTML, "wbr")]),
        (
            "<svg viewBox='0 0 1 1'><a xlink:href='#x'><circle r=1 /></a></svg>",
            &[(SVG, "svg"), (SVG, "a"), (SVG, "circle")],
        ),
        ("<math><mi>x</mi></math><span>s</span>", &[(MATHML, "math"), (MATHML, "mi"), (XHTML, "span")]),
        ("<table><td>cell</table>", &[(XHTML, "table"), (XHTML, "tbody"), (XHTML, "tr"), (XHTML, "td")]),
        ("<template><i>inside</i></template>", &[(XHTML, "template"), (XHTML, "i")]),
        ("<span title='line\nbreak\ttab' data-x=1>t</span><!-- gone -->", &[(XHTML, "span")]),
    ];
    for (content, elements) in cases {
        let ((value, datatype), warnings) = literal(content);
        assert_eq!(datatype, XML_LITERAL, "{content}");
        assert!(warnings.is_empty(), "{content}: {warnings:?}");
        let expected: Vec<(String, String)> =
            elements.iter().map(|(ns, name)| (ns.to_string(), name.to_string())).collect();
        assert_eq!(read_back(&value), expected, "{content} → {value}");
    }
}

#[test]
fn content_xml_cannot_hold_stays_as_html_with_a_warning() {
    for content in ["<span @click=go>x</span>", "<a:b:c>x</a:b:c>", "bell \u{7}"] {
        let ((value, datatype), warnings) = literal(content);
        assert_eq!(datatype, HTML_LITERAL, "{content}");
        assert!(!value.is_empty(), "{content}");
        assert_eq!(warnings, [DiagnosticKind::NotXml], "{content}");
    }
}
