//! Bad input is normal input: deep nesting, hostile prefixes, huge lists, bad IRIs and language
//! tags give a warning or nothing, never a panic or an invalid output; the work stays linear.

use harvest_dom::{Document, ParseOptions, Url};
use harvest_rdf::Limits;
use harvest_rdfa::{parse, DiagnosticKind, Rdfa, RdfaError, RdfaOptions};

fn rdfa(html: &str) -> Rdfa {
    rdfa_with(html, &RdfaOptions::new().processor_graph(true))
}

fn rdfa_with(html: &str, options: &RdfaOptions) -> Rdfa {
    let url = Url::parse("http://example.com/page").unwrap();
    let doc = Document::parse_with(html, &ParseOptions::new().url(url));
    let out = parse(&doc, options).unwrap();
    assert_valid(&out);
    out
}

/// The N-Triples parse with oxttl; every IRI is absolute, every language tag well-formed.
fn assert_valid(rdfa: &Rdfa) {
    let text = rdfa.graph.to_ntriples();
    for triple in oxttl::NTriplesParser::new().for_slice(text.as_bytes()) {
        let triple = triple.unwrap_or_else(|e| panic!("{e}\n{text}"));
        if let oxrdf::Term::Literal(literal) = &triple.object {
            if let Some(language) = literal.language() {
                assert!(oxilangtag::LanguageTag::parse(language).is_ok(), "{language}");
            }
        }
    }
    let processor = rdfa.processor_graph().unwrap().to_ntriples();
    assert_eq!(oxttl::NTriplesParser::new().for_slice(processor.as_bytes()).filter(Result::is_err).count(), 0);
}

/// Extracting RDFa from `page(n)` (parsed outside the timing, with room for its depth) grows
/// linearly: the shared doubling check.
fn assert_linear(what: &str, n: usize, page: impl Fn(usize) -> String) {
    let url = Url::parse("http://example.com/").unwrap();
    let options =
        RdfaOptions::new().processor_graph(true).limits(Limits::new().max_bytes(usize::MAX).max_triples(usize::MAX));
    harvest_test_support::assert_linear(
        what,
        n,
        |n| Document::parse_with(&page(n), &ParseOptions::new().url(url.clone()).max_depth(4 * n + 100)),
        |doc| drop(parse(doc, &options)),
    );
}

#[test]
fn a_million_nested_elements_with_property() {
    let depth = 1_000_000;
    let html = format!(
        "<div vocab='http://schema.org/'>{}x{}</div>",
        "<span property=name>".repeat(depth),
        "</span>".repeat(depth)
    );
    let options = RdfaOptions::new().limits(Limits::new().max_triples(usize::MAX).max_bytes(usize::MAX));
    let out = rdfa_with(&html, &options);
    // One subject, one predicate: the levels within the DOM's depth bound give the literal of
    // their text, "x"; the levels past it are placed as empty siblings (harvest-dom) and give "".
    let text = out.graph.to_ntriples();
    assert!(text.contains("<http://schema.org/name> \"x\" ."), "{text}");
    assert!(out.graph.len() <= 3, "{text}");
}

#[test]
fn deep_real_nesting_is_linear() {
    // The DOM keeps every level here (max_depth raised), each with @property, @prefix and a
    // typed resource: no recursion, no per-level copy of the prefix mappings or of the text.
    assert_linear("nested property elements", 20_000, |n| {
        format!(
            "<div vocab='http://schema.org/'>{}t{}</div>",
            "<span prefix='ex: http://example.org/' typeof=ex:T property=name>".repeat(n),
            "</span>".repeat(n)
        )
    });
    assert_linear("siblings", 50_000, |n| {
        format!("<div vocab='http://schema.org/' typeof=Thing>{}</div>", "<span property=name>a</span>".repeat(n))
    });
}

#[test]
fn huge_inlist_chains() {
    let n = 100_000;
    let html = format!("<div about='#x'>{}</div>", "<span property='http://e.com/p' inlist>v</span>".repeat(n));
    let out = rdfa_with(&html, &RdfaOptions::new());
    assert_eq!(out.graph.len(), 2 * n + 1);
}

#[test]
fn limits_are_errors_not_silent_cuts() {
    let html: String = (0..10).map(|i| format!("<span about='#x' property='http://e.com/p'>{i}</span>")).collect();
    let url = Url::parse("http://example.com/").unwrap();
    let doc = Document::parse_with(&html, &ParseOptions::new().url(url));
    let err = parse(&doc, &RdfaOptions::new().limits(Limits::new().max_triples(5))).unwrap_err();
    assert!(matches!(err, RdfaError::TooLarge(_)), "{err}");
}

#[test]
fn bad_iris_and_tags_are_warnings() {
    let out = rdfa(
        "<div about='http://exa mple.com/x' property='http://e.com/p http://s@@chema.org/q undefined:x' lang='en_GB'>v</div>\
         <a about='#y' rel='http://e.com/r' href='javascript:alert(1)'>j</a>\
         <p property='[bad:curie]' resource='[nope:x]' typeof='_:t'>z</p>\
         <div prefix='ex: http://a b/ : http://x/ _: http://y/ 1x: http://z/ ex2:'>w</div>",
    );
    let text = out.graph.to_ntriples();
    // The subject cannot be made an IRI (a space in the host): @about is dropped with a
    // warning, and the literal has no language (its tag is not BCP 47).
    assert!(text.contains("<http://example.com/page> <http://e.com/p> \"v\" ."), "{text}");
    assert!(!text.contains("s@@chema"), "{text}");
    assert!(text.contains("<javascript:alert(1)>"), "{text}");
    let kinds: Vec<DiagnosticKind> = out.diagnostics.iter().map(|d| d.kind).collect();
    assert!(kinds.contains(&DiagnosticKind::InvalidLanguageTag), "{kinds:?}");
    assert!(kinds.contains(&DiagnosticKind::InvalidIri), "{kinds:?}");
    assert!(kinds.contains(&DiagnosticKind::UnresolvedCurie), "{kinds:?}");
    assert!(kinds.contains(&DiagnosticKind::InvalidPrefix), "{kinds:?}");
}

#[test]
fn absurd_prefix_declarations() {
    let declarations: String = (0..20_000).map(|i| format!("p{i}: http://e.com/{i}/ ")).collect();
    let html = format!("<div prefix='{declarations}'><span about='#s' property='p19999:x'>v</span></div>");
    let out = rdfa(&html);
    assert!(out.graph.to_ntriples().contains("<http://e.com/19999/x>"));
    // A prefix redefined on every level, pointing at itself.
    let html = format!(
        "{}<span about='#s' property='a:x'>v</span>",
        "<div prefix='a: http://e.com/a/ a: http://e.com/b/'>".repeat(1000)
    );
    assert!(rdfa(&html).graph.to_ntriples().contains("<http://e.com/b/x>"));
}

#[test]
fn same_input_same_output() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/hostile.rs")).unwrap();
    let html =
        format!("<div vocab='http://schema.org/' typeof=Thing><p property=text>{page}</p><p rel=knows>_:a</p></div>");
    assert_eq!(rdfa(&html).graph.to_ntriples(), rdfa(&html).graph.to_ntriples());
}

/// An SVG's default namespace declaration (`xmlns` alone, which the HTML parser puts in the
/// XML namespaces namespace like `xmlns:foo`) maps no prefix: `xmlns:foo` in `property` is
/// then the absolute IRI it is written as (CURIE processing, RDFa Core §7.4), exactly as under
/// an HTML element whose `xmlns` attribute declares nothing either; it does not expand
/// against the SVG namespace. `xmlns:ex` on the same element does declare `ex`.
#[test]
fn a_default_namespace_declaration_maps_no_prefix() {
    let graphs: Vec<String> = [
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:ex="http://example.org/"><text property="xmlns:foo ex:bar">t</text></svg>"#,
        r#"<div xmlns="http://www.w3.org/1999/xhtml" xmlns:ex="http://example.org/"><span property="xmlns:foo ex:bar">t</span></div>"#,
    ]
    .iter()
    .map(|html| rdfa(html).graph.to_ntriples())
    .collect();
    assert_eq!(graphs[0], graphs[1]);
    assert!(graphs[0].contains("<xmlns:foo> \"t\""), "{}", graphs[0]);
    assert!(graphs[0].contains("<http://example.org/bar> \"t\""), "{}", graphs[0]);
}
