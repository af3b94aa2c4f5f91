//! A page's dataset of every RDF syntax (`harvest graph`), with small limits for some inputs
//! (by input length).
//!
//! Invariants: no panic; the same input gives the same N-Quads twice (blank node labels
//! included); the N-Quads re-parse with oxttl into as many quads as the dataset holds, each in
//! the page's graph or a named one; TriG gives the same quads; N-Triples parse into the union
//! of the graphs; every IRI is absolute (checked independently with oxiri).
#![no_main]

use harvest_fuzz::document;
use harvest_html::output::{page_graph, GraphFormat, GraphOutput};
use harvest_html::Limits;
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeSet;

fn quads(text: &str, trig: bool) -> BTreeSet<String> {
    let parsed: Vec<oxrdf::Quad> = if trig {
        oxttl::TriGParser::new()
            .for_slice(text.as_bytes())
            .map(|q| q.unwrap_or_else(|e| panic!("TriG rejected: {e}\n{text}")))
            .collect()
    } else {
        oxttl::NQuadsParser::new()
            .for_slice(text.as_bytes())
            .map(|q| q.unwrap_or_else(|e| panic!("N-Quads rejected: {e}\n{text}")))
            .collect()
    };
    parsed
        .iter()
        .map(|quad| {
            // The page's statements are written in its graph: no quad is in the default graph.
            assert!(!quad.graph_name.is_default_graph(), "a quad outside the page's graph: {quad}");
            let mut iris = vec![quad.predicate.as_str()];
            if let oxrdf::Subject::NamedNode(node) = &quad.subject {
                iris.push(node.as_str());
            }
            if let oxrdf::Term::NamedNode(node) = &quad.object {
                iris.push(node.as_str());
            }
            if let oxrdf::GraphName::NamedNode(node) = &quad.graph_name {
                iris.push(node.as_str());
            }
            for iri in iris {
                assert!(oxiri::Iri::parse(iri).is_ok(), "not an absolute IRI: {iri}");
            }
            quad.to_string()
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let doc = document(data);
    let mut limits = Limits::default();
    if data.len().is_multiple_of(3) {
        limits.max_values = Some(40);
    }
    let output = GraphOutput::new().provenance(data.len().is_multiple_of(2));
    let graph = page_graph(&doc, &output, &limits);
    let nquads = graph.write(&output);
    assert_eq!(nquads, page_graph(&doc, &output, &limits).write(&output), "not deterministic");
    let from_nquads = quads(&nquads, false);
    assert_eq!(from_nquads.len(), graph.dataset.len(), "N-Quads hold another number of quads\n{nquads}");
    for line in nquads.lines() {
        // A statement's line ends with ` .`, or with its provenance comment (a literal never
        // ends a line).
        assert!(line.ends_with(" .") != output.provenance, "provenance comment: {line}");
    }
    let trig = graph.write(&GraphOutput::new().format(GraphFormat::TriG));
    assert_eq!(quads(&trig, true), from_nquads, "TriG and N-Quads differ");
    let ntriples = graph.write(&GraphOutput::new().format(GraphFormat::NTriples));
    let triples: BTreeSet<String> = oxttl::NTriplesParser::new()
        .for_slice(ntriples.as_bytes())
        .map(|t| t.unwrap_or_else(|e| panic!("N-Triples rejected: {e}\n{ntriples}")).to_string())
        .collect();
    assert!(triples.len() <= from_nquads.len(), "the union has more triples than the dataset quads");
});
