//! RDF from documents and microdata (HTML 5.0 §5.5.2): every N-Triples and Turtle output is
//! read back by an independent RDF parser (oxttl) and compared with the expected graph as
//! graphs (isomorphism, blank nodes matched by oxrdf's canonicalization).
#![cfg(feature = "rdf")]

use harvest_dom::{Document, ParseOptions, Url};
use harvest_export::rdf::{self, Conversion, RdfError, RdfOptions};
use harvest_rdf::{Subject, Term};
use oxrdf::graph::CanonicalizationAlgorithm;
use oxttl::{NTriplesParser, TurtleParser};

fn doc(html: &str, url: &str) -> Document {
    Document::parse_with(html, &ParseOptions::new().url(Url::parse(url).unwrap()))
}

fn canonical(triples: impl IntoIterator<Item = oxrdf::Triple>) -> oxrdf::Graph {
    let mut graph = oxrdf::Graph::new();
    for triple in triples {
        graph.insert(&triple);
    }
    graph.canonicalize(CanonicalizationAlgorithm::Unstable);
    graph
}

fn parse_ntriples(text: &str) -> oxrdf::Graph {
    canonical(
        NTriplesParser::new()
            .for_slice(text.as_bytes())
            .map(|t| t.unwrap_or_else(|e| panic!("N-Triples rejected: {e}\n{text}"))),
    )
}

fn parse_turtle(text: &str, base: &str) -> oxrdf::Graph {
    canonical(
        TurtleParser::new()
            .with_base_iri(base)
            .unwrap()
            .for_slice(text.as_bytes())
            .map(|t| t.unwrap_or_else(|e| panic!("Turtle rejected: {e}\n{text}"))),
    )
}

/// Converts, writes both syntaxes, and checks each parses to the expected graph (Turtle,
/// relative IRIs against `url`). Returns the graph.
fn check(html: &str, url: &str, expected_turtle: &str) -> Conversion {
    let graph = rdf::from_microdata(&doc(html, url), &RdfOptions::new()).unwrap();
    let expected = parse_turtle(expected_turtle, url);
    let ntriples = graph.to_ntriples();
    let turtle = graph.to_turtle();
    let from_ntriples = parse_ntriples(&ntriples);
    let from_turtle = parse_turtle(&turtle, "http://base.invalid/");
    assert_eq!(from_ntriples, expected, "N-Triples differ:\n{ntriples}\nexpected:\n{expected}");
    assert_eq!(from_turtle, expected, "Turtle differs:\n{turtle}\nexpected:\n{expected}");
    assert_eq!(from_ntriples.len(), graph.len(), "no duplicate triples");
    graph
}

const FRBR: &str = r#"<!DOCTYPE html><html lang=en><body>
<dl itemscope
    itemtype="http://purl.org/vocab/frbr/core#Work"
    itemid="http://purl.oreilly.com/works/45U8QJGZSQKDH8N">
 <dt>Title</dt>
 <dd><cite itemprop="http://purl.org/dc/terms/title">Just a Geek</cite></dd>
 <dt>By</dt>
 <dd><span itemprop="http://purl.org/dc/terms/creator">Wil Wheaton</span></dd>
 <dt>Format</dt>
 <dd itemprop="http://purl.org/vocab/frbr/core#realization"
     itemscope
     itemtype="http://purl.org/vocab/frbr/core#Expression"
     itemid="http://purl.oreilly.com/products/9780596007683.BOOK">
  <link itemprop="http://purl.org/dc/terms/type" href="http://purl.oreilly.com/product-types/BOOK">
  Print
 </dd>
 <dd itemprop="http://purl.org/vocab/frbr/core#realization"
     itemscope
     itemtype="http://purl.org/vocab/frbr/core#Expression"
     itemid="http://purl.oreilly.com/products/9780596802189.EBOOK">
  <link itemprop="http://purl.org/dc/terms/type" href="http://purl.oreilly.com/product-types/EBOOK">
  Ebook
 </dd>
</dl>"#;

/// The Turtle printed in §5.5.2.1, plus the triple step 6.2 generates for the top-level item
/// (which the printed example leaves out).
const FRBR_TURTLE: &str = r#"@prefix dc: <http://purl.org/dc/terms/> .
 @prefix frbr: <http://purl.org/vocab/frbr/core#> .

<http://purl.oreilly.com/works/45U8QJGZSQKDH8N> a frbr:Work ;
     dc:creator "Wil Wheaton"@en ;
     dc:title "Just a Geek"@en ;
     frbr:realization <http://purl.oreilly.com/products/9780596007683.BOOK>,
         <http://purl.oreilly.com/products/9780596802189.EBOOK> .

<http://purl.oreilly.com/products/9780596007683.BOOK> a frbr:Expression ;
     dc:type <http://purl.oreilly.com/product-types/BOOK> .

<http://purl.oreilly.com/products/9780596802189.EBOOK> a frbr:Expression ;
     dc:type <http://purl.oreilly.com/product-types/EBOOK> .

<> <http://www.w3.org/1999/xhtml/microdata#item> <http://purl.oreilly.com/works/45U8QJGZSQKDH8N> .
"#;

#[test]
fn spec_example_frbr_work() {
    check(FRBR, "http://example.com/books/geek", FRBR_TURTLE);
}

const HCARDS: &str = r#"<p>
 Both
 <span itemscope itemtype="http://microformats.org/profile/hcard" itemref="home"><span itemprop="fn"
 ><span itemprop="n" itemscope><span itemprop="given-name">Princeton</span></span></span></span>
 and
 <span itemscope itemtype="http://microformats.org/profile/hcard" itemref="home"><span itemprop="fn"
 ><span itemprop="n" itemscope><span itemprop="given-name">Trekkie</span></span></span></span>
 live at
 <span id="home" itemprop="adr" itemscope><span itemprop="street-address">Avenue Q</span>.</span>
</p>"#;

/// The Turtle printed in §5.5.2.1 (with the two `;` it misses after `hcard:n _:n0a` and
/// `hcard:n _:n1a`).
const HCARDS_TURTLE: &str = r#"@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix dct: <http://purl.org/dc/terms/> .
@prefix hcard: <http://www.w3.org/1999/xhtml/microdata#http://microformats.org/profile/hcard%23:> .

<> <http://www.w3.org/1999/xhtml/microdata#item> _:n0 ;
   <http://www.w3.org/1999/xhtml/microdata#item> _:n1 .
_:n0  rdf:type <http://microformats.org/profile/hcard> ;
      hcard:fn "Princeton" ;
      hcard:n _:n0a ;
      hcard:adr _:n2 .
_:n0a hcard:n%20given-name "Princeton" .
_:n1  rdf:type <http://microformats.org/profile/hcard> ;
      hcard:fn "Trekkie" ;
      hcard:n _:n1a ;
      hcard:adr _:n2 .
_:n1a hcard:n%20given-name "Trekkie" .
_:n2  hcard:adr%20street-address "Avenue Q" ;
      hcard:adr%20street-address "Avenue Q" .
"#;

#[test]
fn spec_example_two_hcards_sharing_an_address() {
    let graph = check(HCARDS, "http://example.com/people", HCARDS_TURTLE);
    // Blank nodes are numbered in creation order: the first hcard, its n, the address, the
    // second hcard, its n.
    let ntriples = graph.to_ntriples();
    assert!(ntriples.starts_with(
        "_:b0 <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://microformats.org/profile/hcard> .\n"
    ));
    assert!(ntriples.contains(
        "_:b2 <http://www.w3.org/1999/xhtml/microdata#http://microformats.org/profile/hcard%23:adr%20street-address> \"Avenue Q\" .\n"
    ));
    assert!(ntriples.contains(
        "_:b3 <http://www.w3.org/1999/xhtml/microdata#http://microformats.org/profile/hcard%23:adr> _:b2 .\n"
    ));
    // Turtle uses a prefix per vocabulary, as the spec's example does.
    let turtle = graph.to_turtle();
    assert!(turtle.contains(
        "@prefix hcard: <http://www.w3.org/1999/xhtml/microdata#http://microformats.org/profile/hcard%23:> .\n"
    ));
    assert!(turtle.contains("hcard:n%20given-name \"Princeton\""), "{turtle}");
}

#[test]
fn exact_ntriples_and_turtle() {
    let html = r#"<html lang=en-GB><title>A "title" \ here</title><body>
        <div itemscope itemtype="http://schema.org/Book"><span itemprop="name" lang="">Dune</span>
        <a itemprop="url" href="/dune">x</a></div>"#;
    let graph = rdf::from_microdata(&doc(html, "http://example.com/"), &RdfOptions::new()).unwrap();
    assert_eq!(
        graph.to_ntriples(),
        r#"<http://example.com/> <http://purl.org/dc/terms/title> "A \"title\" \\ here"@en-GB .
_:b0 <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://schema.org/Book> .
_:b0 <http://www.w3.org/1999/xhtml/microdata#http://schema.org/Book%23:name> "Dune" .
_:b0 <http://www.w3.org/1999/xhtml/microdata#http://schema.org/Book%23:url> <http://example.com/dune> .
<http://example.com/> <http://www.w3.org/1999/xhtml/microdata#item> _:b0 .
"#
    );
    assert_eq!(
        graph.to_turtle(),
        r#"@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix book: <http://www.w3.org/1999/xhtml/microdata#http://schema.org/Book%23:> .
@prefix md: <http://www.w3.org/1999/xhtml/microdata#> .

<http://example.com/> dcterms:title "A \"title\" \\ here"@en-GB ;
    md:item _:b0 .
_:b0 a <http://schema.org/Book> ;
    book:name "Dune" ;
    book:url <http://example.com/dune> .
"#
    );
    parse_ntriples(&graph.to_ntriples());
    assert_eq!(parse_turtle(&graph.to_turtle(), "http://x/"), parse_ntriples(&graph.to_ntriples()));
}

#[test]
fn document_triples() {
    let html = r##"<html lang=fr><head><title>Titre</title>
        <link rel="Stylesheet ALTERNATE up UP icon http://example.org/rel x:y" href="/s.css">
        <link rel=next href="http://[bad">
        <link rel=prev>
        <a rel="bookmark bookmark Up" href="#p">p</a>
        <area rel="with%space:colon" href="/area">
        <meta name="Description" content="Une page">
        <meta name="http://example.org/meta" content="m" lang=de>
        <meta name="dc:creator" content="not absolute? it is: dc: is a scheme">
        <meta name="a b" content="spaced">
        <meta http-equiv="content-language" content="it">
        </head><body>
        <blockquote cite="/source"><q cite="http://[bad">x</q><q cite="q">y</q></blockquote>"##;
    let expected = r#"@prefix xhv: <http://www.w3.org/1999/xhtml/vocab#> .
        <> <http://purl.org/dc/terms/title> "Titre"@fr ;
           xhv:ALTERNATE-STYLESHEET <http://example.com/s.css> ;
           xhv:icon <http://example.com/s.css> ;
           <http://example.org/rel> <http://example.com/s.css> ;
           <x:y> <http://example.com/s.css> ;
           xhv:bookmark <http://example.com/page#p> ;
           xhv:up <http://example.com/page#p> ;
           xhv:description "Une page"@fr ;
           <http://example.org/meta> "m"@de ;
           <dc:creator> "not absolute? it is: dc: is a scheme"@fr ;
           <http://www.w3.org/1999/xhtml/vocab#a%20b> "spaced"@fr ;
           <http://purl.org/dc/terms/source> <http://example.com/source>, <http://example.com/q> .
        "#;
    // Without an absolute URL, `with%space:colon` (a token with a colon) makes no triple.
    check(html, "http://example.com/page", expected);
}

#[test]
fn the_language_falls_back_to_the_pragma_and_malformed_tags_are_left_out() {
    let html = "<meta http-equiv=Content-Language content=' pt-BR other'><title>Olá</title><p itemscope><span itemprop=x>y</span></p>";
    let expected =
        r#"<> <http://purl.org/dc/terms/title> "Olá"@pt-BR ; <http://www.w3.org/1999/xhtml/microdata#item> [] ."#;
    check(html, "http://example.com/", expected);
    // A comma disables the pragma; a malformed tag is left out.
    let html =
        "<meta http-equiv=content-language content='en, fr'><title>T</title><p lang='en_US'><meta name=k content=v>";
    check(
        html,
        "http://example.com/",
        r#"<> <http://purl.org/dc/terms/title> "T" ; <http://www.w3.org/1999/xhtml/vocab#k> "v" ."#,
    );
}

#[test]
fn untyped_items_and_fallback_types() {
    let html = r#"<div itemscope itemtype="http://e.example/vocab#Thing http://e.example/vocab#Other not-a-url">
          <p itemprop="a b" itemscope><span itemprop="c">1</span>
            <i itemprop="d" itemscope><b itemprop="e%20f">2</b></i></p>
          <p itemprop="http://e.example/abs" itemscope><span itemprop="x">4a</span>
            <span itemprop="http://e.example/y">3</span></p>
          <img itemprop="img" src="/i.png"><a itemprop="bad" href="http://[x">bad</a>
        </div>
        <div itemscope><span itemprop=lost>no type, no triple</span><span itemprop="urn:x:y">4</span></div>
        <div itemscope itemtype=relative><span itemprop=lost>relative type</span></div>"#;
    // Type "http://e.example/vocab#Thing" has a # but no colon after it: ":" is appended.
    let expected = r#"
        @prefix v: <http://www.w3.org/1999/xhtml/microdata#http://e.example/vocab%23Thing:> .
        <> <http://www.w3.org/1999/xhtml/microdata#item> _:t, _:u, _:r .
        _:t a <http://e.example/vocab#Thing>, <http://e.example/vocab#Other> ;
            v:a _:ab ; v:b _:ab ;
            <http://e.example/abs> _:abs ;
            v:img <http://example.com/i.png> ;
            v:bad "" .
        _:ab v:a%20c "1" ; v:b%20c "1" ;
             v:a%20d _:d ; v:b%20d _:d .
        _:d v:a%20d%20e%20f "2" ; v:b%20d%20e%20f "2" .
        _:abs <http://www.w3.org/1999/xhtml/microdata#http://e.example/vocab%23Thing:http://e.example/abs%20x> "4a" ;
            <http://e.example/y> "3" .
        _:u <urn:x:y> "4" .
        "#;
    // The nested item reached under two names is one subject (the memory), generated once per
    // fallback type, so with both sets of predicates; an untyped item under an absolute name
    // still gets a fallback type.
    let graph = check(html, "http://example.com/", expected);
    let blanks: std::collections::HashSet<&Subject> =
        graph.graph.iter().map(|t| &t.subject).filter(|s| matches!(s, Subject::Blank(_))).collect();
    assert_eq!(blanks.len(), 5, "{}", graph.to_ntriples());
    // `_:r` (the relatively typed item) has no triples of its own.
}

#[test]
fn fallback_names_and_escaping() {
    let html = r#"<div itemscope itemtype="http://e.example/T#x:y"><p itemprop="é#q" itemscope><span itemprop="z/w">1</span></p></div>"#;
    let graph = rdf::from_microdata(&doc(html, "http://example.com/"), &RdfOptions::new()).unwrap();
    let nt = graph.to_ntriples();
    // The type's # is escaped, é is a valid IRI character, the name's # is not; %20 joins.
    assert!(nt.contains("<http://www.w3.org/1999/xhtml/microdata#http://e.example/T%23x:y%20é%23q> _:b1"), "{nt}");
    assert!(
        nt.contains("<http://www.w3.org/1999/xhtml/microdata#http://e.example/T%23x:y%20é%23q%20z/w> \"1\""),
        "{nt}"
    );
    parse_ntriples(&nt);
    parse_turtle(&graph.to_turtle(), "http://x/");
}

#[test]
fn the_licensing_vocabulary_adds_its_equivalences() {
    let html = r#"<html lang=en><figure itemscope itemtype="http://n.whatwg.org/work">
 <img itemprop="work" src="mypond.jpeg">
 <figcaption>
  <p><cite itemprop="title">My Pond</cite></p>
  <p><small>Licensed under the <a itemprop="license"
  href="http://creativecommons.org/licenses/by-sa/3.0/us/">Creative
  Commons Attribution-Share Alike 3.0 United States License</a>
  and the <a itemprop="license"
  href="http://www.opensource.org/licenses/mit-license.php">MIT
  license</a>.</small>
 </figcaption>
</figure>"#;
    let expected = r#"
        @prefix work: <http://www.w3.org/1999/xhtml/microdata#http://n.whatwg.org/work%23:> .
        @prefix owl: <http://www.w3.org/2002/07/owl#> .
        <> <http://www.w3.org/1999/xhtml/microdata#item> _:w .
        _:w a <http://n.whatwg.org/work> ;
            work:work <http://example.com/pond/mypond.jpeg> ;
            work:title "My Pond"@en ;
            work:license <http://creativecommons.org/licenses/by-sa/3.0/us/>, <http://www.opensource.org/licenses/mit-license.php> .
        work:work owl:equivalentProperty owl:sameAs .
        work:title owl:equivalentProperty <http://purl.org/dc/terms/title> .
        work:author owl:equivalentProperty <http://creativecommons.org/ns#attributionName> .
        work:license owl:equivalentProperty <http://www.w3.org/1999/xhtml/vocab#license> .
        "#;
    check(html, "http://example.com/pond/", expected);
    // Without a work item, no equivalences.
    let graph = rdf::from_microdata(&doc(FRBR, "http://example.com/"), &RdfOptions::new()).unwrap();
    assert!(!graph.to_ntriples().contains("equivalentProperty"));
}

#[test]
fn cycles_and_repeats_terminate() {
    // A cycle of untyped items through itemref, under a typed item, and an item with two
    // names per level (the spec's algorithm would double the work at each level).
    let html = r#"<div itemscope itemtype="http://e.example/T" itemref="a"></div>
        <div itemprop="p" itemscope id="a" itemref="b"></div>
        <div itemprop="q" itemscope id="b" itemref="a"><span itemprop=v>x</span></div>"#;
    let graph = rdf::from_microdata(&doc(html, "http://example.com/"), &RdfOptions::new()).unwrap();
    parse_ntriples(&graph.to_ntriples());
    assert!(graph.len() >= 4, "{}", graph.to_ntriples());

    let depth = 40;
    let mut html = String::from(r#"<div itemscope itemtype="http://e.example/T">"#);
    html.push_str(&r#"<div itemprop="a b" itemscope>"#.repeat(depth));
    html.push_str("<span itemprop=leaf>x</span>");
    let error = rdf::from_microdata(&doc(&html, "http://example.com/"), &RdfOptions::new()).unwrap_err();
    assert!(matches!(error, RdfError::TooLarge { .. }), "{error}");
    let small = RdfOptions::new().max_triples(5);
    let error = rdf::from_microdata(&doc(FRBR, "http://example.com/"), &small).unwrap_err();
    assert_eq!(error, RdfError::TooLarge { what: "triples", limit: 5 });
}

#[test]
fn iris_are_always_written_valid() {
    // URLs the URL parser keeps although IRIs do not allow them: a lone %, |, [, ^, a second #.
    let html = r#"<a rel=next href="/a%zz|[x]^{}?q=`#f#g">x</a>
        <div itemscope itemtype="http://e.example/T|x"><span itemprop="http://e.example/p#a#b">v</span></div>"#;
    let graph = rdf::from_microdata(&doc(html, "http://example.com/"), &RdfOptions::new()).unwrap();
    let nt = graph.to_ntriples();
    let parsed = parse_ntriples(&nt);
    assert_eq!(parsed.len(), graph.len());
    assert_eq!(parse_turtle(&graph.to_turtle(), "http://x/"), parsed);
    assert!(nt.contains("<http://example.com/a%25zz%7C%5Bx%5D%5E%7B%7D?q=%60#f%23g>"), "{nt}");
    // Brackets stay only around an IPv6 host: not in a path that merely contains `://` (a fuzz
    // finding, `http:/p://x[p=`), not in user info.
    for (name, written) in [
        ("http:/p://x[p=", "<http:/p://x%5Bp=>"),
        ("http://u[1]@h.example/p", "<http://u%5B1%5D@h.example/p>"),
        ("http://[::1]/a[b]", "<http://[::1]/a%5Bb%5D>"),
        ("http://u@[::1]:8/", "<http://u@[::1]:8/>"),
        ("foo://h/[x", "<foo://h/%5Bx>"),
    ] {
        let html = format!(r#"<div itemscope><span itemprop="{name}">v</span></div>"#);
        let graph = rdf::from_microdata(&doc(&html, "http://example.com/"), &RdfOptions::new()).unwrap();
        let nt = graph.to_ntriples();
        assert_eq!(parse_ntriples(&nt).len(), graph.len(), "{nt}");
        assert!(nt.contains(written), "{name}: {nt}");
    }
}

#[test]
fn literals_escape_for_both_syntaxes() {
    let html = "<p itemscope itemtype='http://e.example/T'><span itemprop=v>a\"b\\c\td\u{1}e\u{7F}f\r\ng</span></p>";
    let graph = rdf::from_microdata(&doc(html, "http://example.com/"), &RdfOptions::new()).unwrap();
    let from_nt = parse_ntriples(&graph.to_ntriples());
    let from_ttl = parse_turtle(&graph.to_turtle(), "http://x/");
    assert_eq!(from_nt, from_ttl);
    let value = graph
        .graph
        .iter()
        .find_map(|t| match &t.object {
            Term::Literal(literal) => Some(literal.value().to_owned()),
            _ => None,
        })
        .unwrap();
    assert_eq!(value, "a\"b\\c\td\u{1}e\u{7F}f\ng");
    let literal = oxrdf::Literal::new_simple_literal(value);
    assert!(from_nt.iter().any(|t| t.object == oxrdf::TermRef::Literal(literal.as_ref())));
}

#[test]
fn a_document_without_an_address_is_about_blank() {
    let graph = rdf::from_microdata(&Document::parse("<title>x</title>"), &RdfOptions::new()).unwrap();
    assert_eq!(graph.to_ntriples(), "<about:blank> <http://purl.org/dc/terms/title> \"x\" .\n");
    let options = RdfOptions::new().address(Url::parse("http://other.example/").unwrap());
    let graph = rdf::from_microdata(&Document::parse("<title>x</title>"), &options).unwrap();
    assert_eq!(graph.to_ntriples(), "<http://other.example/> <http://purl.org/dc/terms/title> \"x\" .\n");
}

/// Writes a parsed page's graph as N-Triples and Turtle (the timed part of the doubling checks).
fn write_graph(document: &Document) {
    let graph = rdf::from_microdata(document, &RdfOptions::new()).unwrap();
    let nt = graph.to_ntriples();
    let ttl = graph.to_turtle();
    assert!(nt.len() > 100 && ttl.len() > 100);
}

/// Deep: typed items nested `n` levels (inline elements, so the HTML parser stays linear).
fn deep(n: usize) -> String {
    let mut html = String::from(r#"<title>t</title><span itemscope itemtype="http://e.example/T" lang=en>"#);
    html.push_str(&r#"<span itemprop=child itemscope itemtype="http://e.example/T"><b itemprop=v>x</b>"#.repeat(n));
    html
}

/// Wide: `n` top-level items sharing an untyped item through itemref, with links and metas.
fn wide(n: usize) -> String {
    let mut html =
        String::from(r"<meta name=a content=b><div id=shared itemprop=s itemscope><i itemprop=w>w</i></div>");
    html.push_str(
        &r#"<p itemscope itemtype="http://e.example/T" itemref=shared><a rel="next up" href="/n" itemprop=u>n</a></p>"#
            .repeat(n),
    );
    html
}

#[test]
fn deep_and_wide_documents_are_linear() {
    for (name, make, n) in [("deep", deep as fn(usize) -> String, 5_000), ("wide", wide, 5_000)] {
        let parse = |n: usize| Document::parse_with(&make(n), &ParseOptions::new().max_depth(8 * n + 16));
        harvest_test_support::assert_linear(name, n, parse, write_graph);
    }
    // 100,000 levels of items without recursion.
    let html = deep(100_000);
    let document = Document::parse_with(&html, &ParseOptions::new().max_depth(1_000_000));
    let graph = rdf::from_microdata(&document, &RdfOptions::new()).unwrap();
    // The title, 100,001 types, 100,000 child links and values, the item link.
    assert_eq!(graph.len(), 3 * 100_000 + 3);
}

/// A `lang` that is not a well-formed BCP 47 tag (a fuzz finding on real pages: a subtag over
/// eight characters) is never written as a language tag: the literal goes out plain, and
/// oxttl reads both syntaxes back. Well-formed tags, from `lang` and from Content-Language,
/// are kept as written.
#[test]
fn only_well_formed_language_tags_reach_rdf() {
    let page = |lang: &str| {
        format!(
            "<html lang='{lang}'><title>T</title><div itemscope itemtype='http://example.org/T'><p itemprop=http://example.org/name>N</p></div>"
        )
    };
    for bad in ["en-toolongsubtag", "en_US", "x", "de-419-DE", "en-", "12"] {
        check(
            &page(bad),
            "http://example.com/",
            "<http://example.com/> <http://purl.org/dc/terms/title> \"T\" .
             _:i <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://example.org/T> ;
                 <http://example.org/name> \"N\" .
             <http://example.com/> <http://www.w3.org/1999/xhtml/microdata#item> _:i .",
        );
    }
    check(
        &page("zh-Hant-TW"),
        "http://example.com/",
        "<http://example.com/> <http://purl.org/dc/terms/title> \"T\"@zh-Hant-TW .
         _:i <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://example.org/T> ;
             <http://example.org/name> \"N\"@zh-Hant-TW .
         <http://example.com/> <http://www.w3.org/1999/xhtml/microdata#item> _:i .",
    );
    let pragma = "<meta http-equiv=content-language content='en-toolongsubtag'><title>T</title>";
    check(pragma, "http://example.com/", "<http://example.com/> <http://purl.org/dc/terms/title> \"T\" .");
}

/// Issue 29 item 11: a malformed item type reached RDF as an invalid IRI with both algorithms.
/// Every IRI goes through harvest-rdf's checked terms: repaired by %-encoding what RFC 3987
/// forbids, or through the URL parser (here: `s@` is user info, its `@` encoded), else left out
/// and listed in `Conversion::dropped`.
#[test]
fn a_malformed_item_type_is_repaired_or_dropped_never_written_invalid() {
    let html = r#"<div itemscope itemtype="http://s@@chema.org/Organization"><span itemprop="name">X</span></div>"#;
    let page = doc(html, "http://example.com/");
    let html5 = rdf::from_microdata(&page, &RdfOptions::new()).unwrap();
    let w3c = rdf::w3c::from_microdata(&page, &rdf::w3c::W3cOptions::new()).unwrap();
    for graph in [&html5, &w3c] {
        let nt = graph.to_ntriples();
        assert_eq!(parse_ntriples(&nt).len(), graph.len(), "{nt}");
        assert!(nt.contains("<http://s%40@chema.org/Organization>"), "{nt}");
        assert!(!nt.contains("<http://s@@chema.org/Organization>"), "{nt}");
        assert_eq!(parse_turtle(&graph.to_turtle(), "http://x/").len(), graph.len());
    }
    assert!(html5.dropped.is_empty() && w3c.dropped.is_empty());
}
