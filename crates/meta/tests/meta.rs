//! Open Graph and Dublin Core from the specs' own examples (ogp.me; DC-HTML 2008), the shapes
//! real pages use, and hostile input.

use harvest_dom::{Document, ParseOptions, Url};
use harvest_meta::{dublin_core, opengraph};
use serde_json::json;

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter().map(|(a, b)| ((*a).to_owned(), (*b).to_owned())).collect()
}

/// ogp.me "Basic Metadata": The Rock, with its prefix declared on `html`.
#[test]
fn ogp_basic_metadata() {
    let doc = Document::parse(
        r#"<html prefix="og: https://ogp.me/ns#">
<head>
<title>The Rock (1996)</title>
<meta property="og:title" content="The Rock" />
<meta property="og:type" content="video.movie" />
<meta property="og:url" content="https://www.imdb.com/title/tt0117500/" />
<meta property="og:image" content="https://ia.media-imdb.com/images/rock.jpg" />
</head></html>"#,
    );
    let og = opengraph(&doc);
    assert_eq!(og.len(), 1);
    assert_eq!(og[0].namespace.get("og").map(String::as_str), Some("https://ogp.me/ns#"));
    assert_eq!(
        og[0].properties,
        pairs(&[
            ("og:title", "The Rock"),
            ("og:type", "video.movie"),
            ("og:url", "https://www.imdb.com/title/tt0117500/"),
            ("og:image", "https://ia.media-imdb.com/images/rock.jpg"),
        ])
    );
    assert_eq!(
        serde_json::to_value(&og).unwrap(),
        json!([{"namespace": {"og": "https://ogp.me/ns#"}, "properties": [
            ["og:title", "The Rock"], ["og:type", "video.movie"],
            ["og:url", "https://www.imdb.com/title/tt0117500/"], ["og:image", "https://ia.media-imdb.com/images/rock.jpg"]]}])
    );
}

/// ogp.me "Structured Properties" and "Arrays": structured properties follow the element they
/// describe, repeated properties stay in order.
#[test]
fn ogp_structured_properties_and_arrays() {
    let doc = Document::parse(
        r#"<meta property="og:image" content="https://example.com/rock.jpg" />
<meta property="og:image:width" content="300" />
<meta property="og:image:height" content="300" />
<meta property="og:image" content="https://example.com/rock2.jpg" />
<meta property="og:image" content="https://example.com/rock3.jpg" />
<meta property="og:image:height" content="1000" />"#,
    );
    let og = opengraph(&doc);
    let names: Vec<&str> = og[0].properties.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["og:image", "og:image:width", "og:image:height", "og:image", "og:image", "og:image:height"]);
    // Undeclared, the og prefix is ogp.me's.
    assert_eq!(og[0].namespace.get("og").map(String::as_str), Some("http://ogp.me/ns#"));
}

/// Object types' vocabularies (ogp.me "Object Types"), declared on `head` as ogp.me shows, a
/// legacy xmlns: declaration, and a property of an unknown, undeclared prefix (not Open Graph).
#[test]
fn ogp_object_types_and_prefixes() {
    let doc = Document::parse(
        r#"<html xmlns:fb="http://ogp.me/ns/fb#"><head prefix="og: http://ogp.me/ns# article: http://ogp.me/ns/article#">
<meta property="og:type" content="article">
<meta property="article:published_time" content="2026-11-24T10:00:00Z">
<meta property="article:tag" content="html"><meta property="article:tag" content="rdfa">
<meta property="fb:app_id" content="123">
<meta property="twitter:card" content="summary">
<meta property="dc:title" content="not declared">
<meta name="description" content="not a property">
<meta property="og:description">"#,
    );
    let og = &opengraph(&doc)[0];
    assert_eq!(
        og.properties,
        pairs(&[
            ("og:type", "article"),
            ("article:published_time", "2026-11-24T10:00:00Z"),
            ("article:tag", "html"),
            ("article:tag", "rdfa"),
            ("fb:app_id", "123"),
        ])
    );
    let prefixes: Vec<&str> = og.namespace.keys().map(String::as_str).collect();
    assert_eq!(prefixes, ["fb", "og", "article"]);
}

/// ogp.me's own prefixes need no declaration, with the IRIs ogp.me publishes: the shape of
/// extruct's product fixture (a shop page with `og:` and `product:` and no `prefix`), and the
/// global types `books:` and `business:`.
#[test]
fn ogp_prefixes_undeclared() {
    let doc = Document::parse(
        r#"<html><head><meta property="og:type" content="product.item">
<meta property="og:title" content="Better Off Dead">
<meta property="product:condition" content="new"><meta property="product:availability" content="in stock">
<meta property="product:price:amount" content="17.99"><meta property="product:price:currency" content="USD">
<meta property="books:isbn" content="978-3-16-148410-0">
<meta property="business:contact_data:locality" content="Lyon">
<meta property="shop:sku" content="not Open Graph">"#,
    );
    let og = &opengraph(&doc)[0];
    let names: Vec<&str> = og.properties.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(
        names,
        [
            "og:type",
            "og:title",
            "product:condition",
            "product:availability",
            "product:price:amount",
            "product:price:currency",
            "books:isbn",
            "business:contact_data:locality"
        ]
    );
    let namespace: Vec<(&str, &str)> = og.namespace.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    assert_eq!(
        namespace,
        [
            ("og", "http://ogp.me/ns#"),
            ("product", "http://ogp.me/ns/product#"),
            ("books", "http://ogp.me/ns/books#"),
            ("business", "http://ogp.me/ns/business#")
        ]
    );
}

#[test]
fn pages_without_open_graph_give_nothing() {
    assert!(opengraph(&Document::parse("<title>x</title><meta name=description content=y>")).is_empty());
}

/// DC-HTML §2's example: prefixes declared with schema links, literals with language and
/// scheme, a link to a resource.
#[test]
fn dc_html_example() {
    let url = Url::parse("http://example.org/dc-html/").unwrap();
    let doc = Document::parse_with(
        r#"<html><head profile="http://dublincore.org/documents/2008/08/04/dc-html/">
<title>Expressing Dublin Core in HTML/XHTML meta and link elements</title>
<link rel="schema.DC" href="http://purl.org/dc/elements/1.1/" />
<link rel="schema.DCTERMS" href="http://purl.org/dc/terms/" />
<meta name="DC.title" lang="en" content="Expressing Dublin Core in HTML/XHTML meta and link elements" />
<meta name="DC.creator" content="Andy Powell, UKOLN, University of Bath" />
<meta name="DCTERMS.issued" scheme="DCTERMS.W3CDTF" content="2003-11-01" />
<meta name="DC.identifier" scheme="DCTERMS.URI" content="http://dublincore.org/documents/dcq-html/" />
<link rel="DCTERMS.replaces" hreflang="en" href="../2000/08/15/dcq-html/" />
<meta name="DCTERMS.abstract" content="This document describes how..." />
<meta name="DC.format" scheme="DCTERMS.IMT" content="text/html" />
<meta name="DC.type" scheme="DCTERMS.DCMIType" content="Text" />
</head></html>"#,
        &ParseOptions::new().url(url),
    );
    let dc = dublin_core(&doc);
    assert_eq!(dc.len(), 1);
    let value = serde_json::to_value(&dc[0]).unwrap();
    assert_eq!(
        value["namespaces"],
        json!({"DC": "http://purl.org/dc/elements/1.1/", "DCTERMS": "http://purl.org/dc/terms/"})
    );
    assert_eq!(
        value["elements"][0],
        json!({"name": "DC.title", "content": "Expressing Dublin Core in HTML/XHTML meta and link elements",
               "URI": "http://purl.org/dc/elements/1.1/title", "lang": "en"})
    );
    let terms: Vec<(&str, &str)> = dc[0].terms.iter().map(|term| (term.name.as_str(), term.content.as_str())).collect();
    assert_eq!(
        terms,
        [
            ("DCTERMS.issued", "2003-11-01"),
            ("DCTERMS.replaces", "http://example.org/2000/08/15/dcq-html/"),
            ("DCTERMS.abstract", "This document describes how..."),
        ]
    );
    assert_eq!(dc[0].terms[0].scheme.as_deref(), Some("DCTERMS.W3CDTF"));
    assert_eq!(dc[0].terms[1].lang.as_deref(), Some("en"));
    assert_eq!(dc[0].elements.len(), 5);
}

/// What real pages write: no schema links, prefixes in any case, another prefix bound to the
/// element set, and names that are not Dublin Core.
#[test]
fn dublin_core_as_pages_write_it() {
    let doc = Document::parse(
        r#"<meta name="dc.Title" content="lower-case prefix">
<meta name="DCTERMS.modified" content="2026-11-24">
<link rel="schema.dc11" href="http://purl.org/dc/elements/1.1/"><meta name="dc11.subject" content="metadata">
<meta name="og.title" content="not Dublin Core"><meta name="description" content="plain">
<meta name="DC." content="no name"><meta name=".title" content="no prefix">"#,
    );
    let dc = &dublin_core(&doc)[0];
    let elements: Vec<(&str, &str)> = dc.elements.iter().map(|e| (e.name.as_str(), e.uri.as_str())).collect();
    assert_eq!(
        elements,
        [
            ("dc.Title", "http://purl.org/dc/elements/1.1/title"),
            ("dc11.subject", "http://purl.org/dc/elements/1.1/subject")
        ]
    );
    assert_eq!(dc.terms[0].uri, "http://purl.org/dc/terms/modified");
    // Prefixes as the page first writes them; a term in another case is still DCMI's term.
    assert_eq!(dc.namespaces.keys().collect::<Vec<_>>(), ["dc11", "dc", "DCTERMS"]);
    let doc =
        Document::parse(r#"<meta name="DCTERMS.ACCESSRIGHTS" content="open"><meta name="DC.Made-Up" content="x">"#);
    let dc = &dublin_core(&doc)[0];
    assert_eq!(dc.terms[0].uri, "http://purl.org/dc/terms/accessRights");
    assert_eq!(dc.elements[0].uri, "http://purl.org/dc/elements/1.1/Made-Up");
    assert!(dublin_core(&Document::parse("<meta name=description content=x>")).is_empty());
}

/// Many metadata elements, deep nesting: linear work (a doubled page takes at most about
/// twice as long) and no recursion.
#[test]
fn hostile_pages_stay_linear() {
    let page = |n: usize| {
        let mut html = String::from(r#"<link rel="schema.DC" href="http://purl.org/dc/elements/1.1/">"#);
        for i in 0..n {
            html.push_str(&format!(
                r#"<meta property="og:image" content="{i}"><meta name="DC.subject" content="{i}">"#
            ));
        }
        html.push_str(&"<div>".repeat(n));
        html
    };
    let large = Document::parse(&page(40_000));
    assert_eq!(opengraph(&large)[0].properties.len(), 40_000);
    assert_eq!(dublin_core(&large)[0].elements.len(), 40_000);
    harvest_test_support::assert_linear(
        "Open Graph and Dublin Core",
        20_000,
        |n| Document::parse(&page(n)),
        |doc| {
            std::hint::black_box((opengraph(doc), dublin_core(doc)));
        },
    );
}
