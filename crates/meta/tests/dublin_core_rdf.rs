//! DC-HTML's RDF mapping: every statement of the page about the page, read back by a strict
//! N-Triples parser (oxttl).

use harvest_dom::{Document, ParseOptions, Url};
use harvest_meta::dublin_core_graph;
use harvest_rdf::Limits;

fn graph(html: &str) -> String {
    let url = Url::parse("https://example.com/a/page.html").unwrap();
    let doc = Document::parse_with(html, &ParseOptions::new().url(url));
    let nt = dublin_core_graph(&doc, Limits::new()).unwrap().to_ntriples();
    for triple in oxttl::NTriplesParser::new().for_slice(nt.as_bytes()) {
        triple.unwrap_or_else(|e| panic!("{e}\n{nt}"));
    }
    nt
}

#[test]
fn meta_gives_literals_link_gives_resources_about_the_page() {
    let nt = graph(
        r#"<link rel="schema.DC" href="http://purl.org/dc/elements/1.1/">
           <meta name="DC.creator" content="Ada" xml:lang="en">
           <link rel="DC.relation dc.source" href="../other.html" hreflang="fr">"#,
    );
    assert_eq!(
        nt,
        "<https://example.com/a/page.html> <http://purl.org/dc/elements/1.1/creator> \"Ada\" .\n\
         <https://example.com/a/page.html> <http://purl.org/dc/elements/1.1/relation> <https://example.com/other.html> .\n\
         <https://example.com/a/page.html> <http://purl.org/dc/elements/1.1/source> <https://example.com/other.html> .\n"
    );
}

#[test]
fn any_declared_prefix_counts_and_schemes_type_literals() {
    let nt = graph(
        r#"<link rel="schema.foaf" href="http://xmlns.com/foaf/0.1/">
           <link rel="schema.DCTERMS" href="http://purl.org/dc/terms/">
           <meta name="foaf.nick" content="ada" lang="en-GB">
           <meta name="DCTERMS.modified" scheme="DCTERMS.W3CDTF" lang="en" content="2024-05-01">
           <meta name="DCTERMS.issued" scheme="UNKNOWN.x" content="2024">"#,
    );
    assert!(nt.contains("<http://xmlns.com/foaf/0.1/nick> \"ada\"@en-GB ."), "{nt}");
    // The datatype wins over the language; a scheme with an unknown prefix types nothing.
    assert!(
        nt.contains("<http://purl.org/dc/terms/modified> \"2024-05-01\"^^<http://purl.org/dc/terms/W3CDTF> ."),
        "{nt}"
    );
    assert!(nt.contains("<http://purl.org/dc/terms/issued> \"2024\" ."), "{nt}");
}

#[test]
fn what_cannot_be_written_is_left_out() {
    let nt = graph(
        r#"<meta name="DC.title" lang="not a tag" content="x">
           <meta name="DC.ti tle" content="y">
           <link rel="DC.relation" href="http://[bad">
           <meta name="DC.subject" content="kept">"#,
    );
    assert_eq!(nt, "<https://example.com/a/page.html> <http://purl.org/dc/elements/1.1/subject> \"kept\" .\n");
}

#[test]
fn limits_are_errors() {
    let html = "<meta name=DC.a content=1><meta name=DC.b content=2>";
    let doc = Document::parse(html);
    let error = dublin_core_graph(&doc, Limits::new().max_triples(1)).unwrap_err();
    assert_eq!(error.to_string(), "the graph exceeds its limit of 1 triples");
}
