//! Where each statement of a page's dataset was written: `PageGraph::origin`'s line and column
//! for every syntax.

use harvest_html::output::{page_graph, GraphOutput, GraphSource, Origin, PageGraph};
use harvest_html::Limits;
use harvest_html::{Extractor, Page};

/// The page parsed as every extraction parses it.
fn parse(page: &Page) -> harvest_dom::Document {
    Extractor::new().parse(page)
}

fn graph_of(html: &str) -> PageGraph {
    let page = Page::new("-", html.as_bytes().to_vec(), Some("https://example.com/page"));
    page_graph(&parse(&page), &GraphOutput::default(), &Limits::default())
}

/// The origin of the only quad whose predicate ends with `predicate` and whose object, as
/// written by `Debug`, contains `object`.
fn origin(graph: &PageGraph, predicate: &str, object: &str) -> Origin {
    let found: Vec<usize> = graph
        .dataset
        .iter()
        .enumerate()
        .filter(|(_, quad)| {
            quad.triple.predicate.as_str().ends_with(predicate) && format!("{:?}", quad.triple.object).contains(object)
        })
        .map(|(index, _)| index)
        .collect();
    assert_eq!(found.len(), 1, "{predicate} {object}: {:?}", graph.dataset);
    graph.origin(found[0]).expect("an origin")
}

fn at(graph: &PageGraph, predicate: &str, object: &str) -> (GraphSource, Option<u32>, Option<u32>) {
    let origin = origin(graph, predicate, object);
    (origin.syntax, origin.line, origin.column)
}

const TYPE: &str = "22-rdf-syntax-ns#type";

#[test]
fn elements_give_the_lines_of_microdata_rdfa_and_dublin_core_statements() {
    let html = "<!DOCTYPE html>
<html prefix=\"og: http://ogp.me/ns#\">
<head>
<link rel=\"schema.DC\" href=\"http://purl.org/dc/elements/1.1/\">
<meta name=\"DC.title\" content=\"Report\">
<meta property=\"og:title\" content=\"Cats\">
</head>
<body>
<div itemscope
     itemtype=\"https://schema.org/Person\">
  <span itemprop=\"name\">Ada</span>
  <div itemprop=\"knows\" itemscope itemtype=\"https://schema.org/Organization\"><b itemprop=\"name\">Bob</b></div>
</div>
<p vocab=\"http://schema.org/\" typeof=\"Event\">
  <span property=\"name\">Fair</span>
</p>
</body>";
    let graph = graph_of(html);
    use GraphSource::*;
    // Microdata: the `itemscope` element (its `<`) for rdf:type, the `itemprop` element for a
    // property.
    assert_eq!(at(&graph, TYPE, "Person>"), (Microdata, Some(9), None));
    assert_eq!(at(&graph, "schema.org/name", "\"Ada\""), (Microdata, Some(11), None));
    assert_eq!(at(&graph, "schema.org/knows", "Blank"), (Microdata, Some(12), None));
    assert_eq!(at(&graph, TYPE, "Organization>"), (Microdata, Some(12), None));
    assert_eq!(at(&graph, "schema.org/name", "\"Bob\""), (Microdata, Some(12), None));
    // RDFa: the element whose processing emitted the triple.
    assert_eq!(at(&graph, "ogp.me/ns#title", "Cats"), (Rdfa, Some(6), None));
    assert_eq!(at(&graph, TYPE, "Event>"), (Rdfa, Some(14), None));
    assert_eq!(at(&graph, "usesVocabulary", "schema.org"), (Rdfa, Some(14), None));
    assert_eq!(at(&graph, "schema.org/name", "Fair"), (Rdfa, Some(15), None));
    // Dublin Core: the `meta` element.
    assert_eq!(at(&graph, "elements/1.1/title", "Report"), (DublinCore, Some(5), None));
}

#[test]
fn lines_count_crlf_as_one_line_break() {
    let html = "<html>\r\n<body>\r\n\r\n<div itemscope itemtype=\"https://schema.org/Thing\">\r\n<span\r\n itemprop=\"name\">X</span></div>";
    let graph = graph_of(html);
    assert_eq!(origin(&graph, TYPE, "Thing>").line, Some(4));
    // A start tag over two lines: the line of its `<`.
    assert_eq!(origin(&graph, "schema.org/name", "\"X\"").line, Some(5));
}

#[test]
fn a_statement_two_syntaxes_make_keeps_the_first_syntaxs_line() {
    let html = "<div itemscope itemtype=\"https://schema.org/Thing\" itemid=\"https://example.com/t\">
<span itemprop=\"name\">T</span></div>
<div about=\"https://example.com/t\" vocab=\"https://schema.org/\">

<span property=\"name\">T</span></div>";
    let graph = graph_of(html);
    let origin = origin(&graph, "schema.org/name", "\"T\"");
    assert_eq!((origin.syntax, origin.line), (GraphSource::Microdata, Some(2)));
    let index = graph.dataset.iter().position(|quad| quad.triple.predicate.as_str().ends_with("/name")).unwrap();
    assert_eq!(graph.sources(index).collect::<Vec<_>>(), [GraphSource::Microdata, GraphSource::Rdfa]);
}

#[test]
fn json_ld_statements_are_at_their_members_key() {
    let html = r#"<html><head>
<script type="application/ld+json">{"@context": "https://schema.org", "@id": "https://example.com/ada", "url": "/ada",
  "@type": "Person",
  "name": "Ada",
  "knows": [
    {"@type": "Person", "name": "Bob"},
    {"@id": "https://example.com/carol", "name": "Carol"}
  ],
  "sameAs": ["https://a.example/", "https://b.example/"]
}</script>"#;
    let graph = graph_of(html);
    let json = |predicate: &str, object: &str| {
        let origin = origin(&graph, predicate, object);
        assert_eq!(origin.syntax, GraphSource::JsonLd);
        (origin.line, origin.column)
    };
    // The block starts mid-line (after the `script` tag): no column on its first line.
    assert_eq!(json("schema.org/url", "example.com/ada>"), (Some(2), None));
    assert_eq!(json("schema.org/name", "\"Ada\""), (Some(4), Some(3)));
    assert_eq!(json("schema.org/knows", "Blank"), (Some(5), Some(3)));
    assert_eq!(json("schema.org/knows", "carol"), (Some(5), Some(3)));
    assert_eq!(json("schema.org/name", "\"Bob\""), (Some(6), Some(25)));
    assert_eq!(json("schema.org/name", "\"Carol\""), (Some(7), Some(42)));
    assert_eq!(json("schema.org/sameAs", "a.example"), (Some(9), Some(3)));
    assert_eq!(json("schema.org/sameAs", "b.example"), (Some(9), Some(3)));
    // The nested node's type: its own `@type` member.
    let types: Vec<_> = graph
        .dataset
        .iter()
        .enumerate()
        .filter(|(_, quad)| quad.triple.predicate.as_str().ends_with(TYPE))
        .map(|(index, _)| graph.origin(index).map(|origin| (origin.line, origin.column)))
        .collect();
    assert_eq!(types, [Some((Some(3), Some(3))), Some((Some(6), Some(6)))]);
}

#[test]
fn json_ld_graphs_contexts_crlf_and_columns_in_characters() {
    let html = "<p>x</p>\r\n<script type=\"application/ld+json\">\r\n{\"@context\": {\"ex\": \"http://example.org/\", \"label\": \"ex:label\"},\r\n \"@graph\": [{\"@id\": \"ex:\u{e9}\", \"label\": \"\u{e9}t\u{e9}\"}, {\"@id\": \"ex:b\", \"label\": \"b\"}]}\r\n</script>\r\n<script type=\"application/ld+json\">[{\"@id\": \"http://example.org/g\",\r\n\"@graph\": {\"@id\": \"http://example.org/c\", \"http://example.org/p\": {\"@list\": [1, 2.5]}}}]</script>";
    let graph = graph_of(html);
    let at = |predicate: &str, object: &str| {
        let origin = origin(&graph, predicate, object);
        (origin.line, origin.column)
    };
    // Columns count characters: "ex:é" is six of them, seven bytes.
    assert_eq!(at("example.org/label", "\u{e9}t\u{e9}"), (Some(4), Some(29)));
    assert_eq!(at("example.org/label", "\"b\""), (Some(4), Some(62)));
    // A named graph's statement, and a list's items (`@list`'s values).
    assert_eq!(at("example.org/p", "Blank"), (Some(7), Some(43)));
    assert_eq!(at("22-rdf-syntax-ns#first", "\"1\""), (Some(7), Some(68)));
    assert_eq!(at("22-rdf-syntax-ns#first", "2.5"), (Some(7), Some(68)));
}
