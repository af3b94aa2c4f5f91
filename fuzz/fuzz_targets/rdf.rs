//! RDF from microdata, by HTML 5.0 §5.5.2 and by the W3C note "Microdata to RDF", written as
//! N-Triples and Turtle, and the W3C graph as JSON-LD; small output limits for some inputs (by
//! input length).
//!
//! Invariants: the N-Triples re-parse with oxttl (the parser the export tests use) into as
//! many distinct triples as the graph holds, the Turtle re-parses into the same triples; a
//! conversion past its limits gives `TooLarge`, nothing else. The JSON-LD has one object per
//! top-level item at least, and every IRI and blank node subject of the W3C graph appears in it.
#![no_main]

use harvest_export::rdf::{self, jsonld, w3c, Conversion, RdfError, RdfOptions};
use harvest_fuzz::{document, PAGE_URL};
use harvest_rdf::Subject;
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeSet;

fn check_syntaxes(graph: &Conversion) {
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
}

fuzz_target!(|data: &[u8]| {
    let doc = document(data);
    let options = match data.len() % 3 {
        0 => RdfOptions::new().max_triples(50),
        _ => RdfOptions::new(),
    };
    match rdf::from_microdata(&doc, &options) {
        Ok(conversion) => check_syntaxes(&conversion),
        Err(RdfError::TooLarge { .. }) => {}
        Err(other) => panic!("unexpected error {other}"),
    }
    let w3c_options = w3c::W3cOptions { limits: options, ..w3c::W3cOptions::new() };
    let conversion = match w3c::from_microdata(&doc, &w3c_options) {
        Ok(conversion) => conversion,
        Err(RdfError::TooLarge { .. }) => return,
        Err(other) => panic!("unexpected error {other}"),
    };
    check_syntaxes(&conversion);
    let document = jsonld::from_conversion(&conversion);
    let objects = document.as_array().expect("an array of node objects");
    assert!(objects.len() >= conversion.items.len().min(1));
    let text = serde_json::to_string(&document).expect("JSON-LD serializes");
    for triple in &conversion.graph {
        if let Subject::Iri(iri) = &triple.subject {
            let value = iri.as_str();
            assert!(text.contains(&serde_json::to_string(value).expect("a string")), "subject {value} missing");
        }
    }
});
