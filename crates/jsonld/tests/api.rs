//! Blank nodes per block from the caller's allocator, deterministic output, and every term
//! read back by a strict N-Quads parser (oxttl).

use harvest_jsonld::Options;
mod common;

use common::{canonical, nquad, nquads};
use harvest_rdf::{BlankNodes, Dataset, GraphName, Subject, Term};

fn doc(html: &str) -> harvest_dom::Document {
    let url = harvest_dom::Url::parse("https://example.com/dir/page").unwrap();
    harvest_dom::Document::parse_with(html, &harvest_dom::ParseOptions::new().url(url))
}

const PAGE: &str = r#"
<script type="application/ld+json">
{"@context": "https://schema.org", "@id": "_:a", "@type": "Person", "name": "Ada \"the\" first",
 "knows": {"@id": "_:b", "name": "Charles"}, "url": "../ada?x=1#me", "description": {"@value": "Mathématicienne", "@language": "fr-FR"}}
</script>
<script type="application/ld+json">
{"@context": {"@vocab": "http://schema.org/"}, "@id": "_:a", "name": "Someone else",
 "@graph": [{"@id": "https://example.com/g1", "name": "in a named graph"}]}
</script>
<script type="application/ld+json">
[{"@context": {"@vocab": "http://schema.org/"}, "@id": "https://example.com/n", "@graph": {"name": "in graph n", "height": {"@value": "1.5", "@type": "http://www.w3.org/2001/XMLSchema#decimal"}}}]
</script>"#;

#[test]
fn labels_are_scoped_per_block_and_numbered_in_order() {
    let doc = doc(PAGE);
    let mut nodes = BlankNodes::new();
    let first = nodes.fresh();
    let mut dataset = Dataset::new();
    let report = harvest_jsonld::to_rdf(&doc, &Options::new(), &mut nodes, &mut dataset);
    assert!(report.is_clean(), "{:?}", report.diagnostics);
    let subjects: Vec<u64> = dataset
        .iter()
        .filter_map(|quad| match quad.triple.subject {
            Subject::Blank(node) => Some(node.id()),
            Subject::Iri(_) => None,
        })
        .collect();
    // The allocator's node made before is never reused; `_:a` of the first block and `_:a` of
    // the second are two nodes.
    assert!(!subjects.contains(&first.id()));
    let ada = dataset
        .iter()
        .find(|q| matches!(&q.triple.object, Term::Literal(l) if l.value() == "Ada \"the\" first"))
        .unwrap();
    let other =
        dataset.iter().find(|q| matches!(&q.triple.object, Term::Literal(l) if l.value() == "Someone else")).unwrap();
    assert_ne!(ada.triple.subject, other.triple.subject);
    assert_eq!(ada.triple.subject, Subject::Blank(harvest_rdf::BlankNode::new(1)));
    // The same page twice gives the same quads.
    let mut again = Dataset::new();
    let mut nodes_again = BlankNodes::new();
    nodes_again.fresh();
    harvest_jsonld::to_rdf(&doc, &Options::new(), &mut nodes_again, &mut again);
    assert_eq!(dataset.iter().collect::<Vec<_>>(), again.iter().collect::<Vec<_>>());
}

#[test]
fn every_quad_reads_back_with_a_strict_nquads_parser() {
    let mut dataset = Dataset::new();
    harvest_jsonld::to_rdf(&doc(PAGE), &Options::new(), &mut BlankNodes::new(), &mut dataset);
    assert!(dataset.iter().any(|quad| matches!(quad.graph, GraphName::Iri(_))), "a named graph");
    assert!(dataset.iter().any(
        |quad| quad.triple.object == Term::Iri(harvest_rdf::Iri::parse("https://example.com/ada?x=1#me").unwrap())
    ));
    for quad in &dataset {
        let line = nquad(quad);
        let parsed: Vec<_> = oxttl::NQuadsParser::new().for_slice(line.as_bytes()).collect();
        assert_eq!(parsed.len(), 1, "{line}");
        let parsed = parsed.into_iter().next().unwrap().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(parsed.predicate.as_str(), quad.triple.predicate.as_str());
    }
    // The whole dataset reads back with as many quads (none merged, none lost).
    assert_eq!(canonical(&nquads(&dataset)).unwrap().len(), dataset.len());
}

#[test]
fn the_first_script_of_a_fragment_and_the_document_function_agree() {
    let doc = doc(r#"<script type="application/ld+json" id="x">{"@id": "a", "http://example.com/p": "v"}</script>"#);
    let script = doc.element_by_id("x").unwrap();
    let mut by_element = Dataset::new();
    harvest_jsonld::script_to_rdf(&doc, &script, &Options::new(), &mut BlankNodes::new(), &mut by_element);
    let base = harvest_rdf::Iri::parse("https://example.com/dir/page").unwrap();
    let mut by_text = Dataset::new();
    harvest_jsonld::document_to_rdf(
        &script.text_content(),
        Some(&base),
        &Options::new(),
        &mut BlankNodes::new(),
        &mut by_text,
    );
    assert_eq!(by_element, by_text);
    assert_eq!(format!("{:?}", by_text.iter().next().unwrap().triple.subject), "Iri(<https://example.com/dir/a>)");
}
