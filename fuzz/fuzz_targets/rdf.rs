//! RDF from microdata (HTML 5.0 §5.5.2), written as N-Triples and Turtle, with small output
//! limits for some inputs (by input length).
//!
//! Invariants: the N-Triples re-parse with oxttl (the parser the export tests use) into as
//! many distinct triples as the graph holds, the Turtle re-parses into the same triples; a
//! conversion past its limits gives `TooLarge`, nothing else.
#![no_main]

use harvest_export::rdf::{self, RdfError, RdfOptions};
use harvest_fuzz::{document, PAGE_URL};
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeSet;

fuzz_target!(|data: &[u8]| {
    let doc = document(data);
    let options = match data.len() % 3 {
        0 => RdfOptions::new().max_triples(50),
        _ => RdfOptions::new(),
    };
    let graph = match rdf::from_microdata(&doc, &options) {
        Ok(graph) => graph,
        Err(RdfError::TooLarge { .. }) => return,
    };
    let ntriples = graph.to_ntriples();
    let from_nt: BTreeSet<String> = oxttl::NTriplesParser::new()
        .for_slice(ntriples.as_bytes())
        .map(|t| t.unwrap_or_else(|e| panic!("N-Triples rejected: {e}\n{ntriples}")).to_string())
        .collect();
    assert_eq!(from_nt.len(), graph.len(), "N-Triples hold another number of triples than the graph");
    let turtle = graph.to_turtle();
    let from_ttl: BTreeSet<String> = oxttl::TurtleParser::new()
        .with_base_iri(PAGE_URL)
        .expect("the page URL is an IRI")
        .for_slice(turtle.as_bytes())
        .map(|t| t.unwrap_or_else(|e| panic!("Turtle rejected: {e}\n{turtle}")).to_string())
        .collect();
    assert_eq!(from_nt, from_ttl, "N-Triples and Turtle give different graphs");
});
