//! Subtrees with no RDFa of their own beyond links are passed over (see the crate's `quiet`
//! module); these pages check that what such elements do matter for still comes out.

use harvest_dom::{Document, ParseOptions, Url};
use harvest_rdfa::{parse, DiagnosticKind, Rdfa, RdfaOptions};

fn rdfa(html: &str) -> Rdfa {
    let url = Url::parse("http://example.com/dir/page").unwrap();
    let doc = Document::parse_with(html, &ParseOptions::new().url(url));
    parse(&doc, &RdfaOptions::new().processor_graph(true)).unwrap()
}

fn kinds(rdfa: &Rdfa) -> Vec<DiagnosticKind> {
    rdfa.diagnostics.iter().map(|diagnostic| diagnostic.kind).collect()
}

#[test]
fn plain_links_complete_incomplete_triples() {
    let out = rdfa(r#"<div about="/me" rel="foaf:knows"><p><a href="/you"><span>you</span></a></p></div>"#);
    assert_eq!(
        out.graph.to_ntriples(),
        "<http://example.com/me> <http://xmlns.com/foaf/0.1/knows> <http://example.com/you> .\n"
    );
}

#[test]
fn plain_links_are_subjects_of_properties_below_them() {
    let out = rdfa(r#"<a href="/you"><i><b property="foaf:name">You</b></i></a>"#);
    assert_eq!(out.graph.to_ntriples(), "<http://example.com/you> <http://xmlns.com/foaf/0.1/name> \"You\" .\n");
}

#[test]
fn links_and_declarations_that_warn_still_warn() {
    let out = rdfa(concat!(
        r#"<div><a href="http://[::1"><span>x</span></a></div>"#,
        r#"<p xmlns:ex="not an iri"><i>x</i></p><p xmlns:_="http://example.org/"></p>"#,
        r#"<p xmlns:dc="http://example.org/dc/"></p><span lang="!!">x</span>"#,
    ));
    assert!(out.graph.is_empty());
    assert_eq!(
        kinds(&out),
        [
            DiagnosticKind::InvalidIri,
            DiagnosticKind::InvalidIri,
            DiagnosticKind::InvalidPrefix,
            DiagnosticKind::PrefixRedefinition,
            DiagnosticKind::InvalidLanguageTag,
        ]
    );
}

#[test]
fn plain_pages_say_nothing() {
    let out = rdfa(concat!(
        r#"<meta name="description" content="x"><a href="/a?b=c#d"><img src="x.png" alt=""></a>"#,
        r#"<svg xmlns="http://www.w3.org/2000/svg"><a xlink:href="/q"><path d="M0"/></a></svg>"#,
    ));
    assert!(out.graph.is_empty());
    assert!(out.diagnostics.is_empty() && out.diagnostics_dropped == 0);
}
