//! RDFa 1.1 through harvest-rdfa, with the processor graph on for some inputs and small graph
//! limits for others (by input length).
//!
//! Invariants: no panic; the same input gives the same N-Triples twice; the N-Triples (output
//! and processor graph) re-parse with oxttl into as many triples as the graph holds, and the
//! Turtle and JSON-LD writers agree with them in count; every IRI is absolute and every
//! language tag well-formed (checked independently with oxiri and oxilangtag); a run past its
//! limits gives `TooLarge`, nothing else.
#![no_main]

use harvest_fuzz::document;
use harvest_rdf::Limits;
use harvest_rdfa::{parse, RdfaError, RdfaOptions};
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeSet;

fn check_iri(iri: &str) {
    assert!(oxiri::Iri::parse(iri).is_ok(), "not an absolute IRI: {iri}");
}

fn check_ntriples(ntriples: &str, expected: usize) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for triple in oxttl::NTriplesParser::new().for_slice(ntriples.as_bytes()) {
        let triple = triple.unwrap_or_else(|e| panic!("N-Triples rejected: {e}\n{ntriples}"));
        if let oxrdf::Subject::NamedNode(node) = &triple.subject {
            check_iri(node.as_str());
        }
        check_iri(triple.predicate.as_str());
        match &triple.object {
            oxrdf::Term::NamedNode(node) => check_iri(node.as_str()),
            oxrdf::Term::Literal(literal) => {
                if let Some(language) = literal.language() {
                    assert!(oxilangtag::LanguageTag::parse(language).is_ok(), "bad language tag {language}");
                }
                check_iri(literal.datatype().as_str());
            }
            _ => {}
        }
        seen.insert(triple.to_string());
    }
    assert_eq!(seen.len(), expected, "N-Triples hold another number of triples than the graph");
    seen
}

fuzz_target!(|data: &[u8]| {
    let doc = document(data);
    let mut options = RdfaOptions::new().processor_graph(data.len().is_multiple_of(2));
    if data.len().is_multiple_of(3) {
        options = options.limits(Limits::new().max_triples(50));
    }
    let rdfa = match parse(&doc, &options) {
        Ok(rdfa) => rdfa,
        Err(RdfaError::TooLarge(_)) => return,
        Err(other) => panic!("unexpected error {other}"),
    };
    let ntriples = rdfa.to_ntriples();
    let again = parse(&doc, &options).expect("the same input succeeds twice").to_ntriples();
    assert_eq!(ntriples, again, "not deterministic");
    let from_nt = check_ntriples(&ntriples, rdfa.graph.len());
    let turtle = rdfa.to_turtle();
    let from_ttl: BTreeSet<String> = oxttl::TurtleParser::new()
        .for_slice(turtle.as_bytes())
        .map(|t| t.unwrap_or_else(|e| panic!("Turtle rejected: {e}\n{turtle}")).to_string())
        .collect();
    assert_eq!(from_nt, from_ttl, "N-Triples and Turtle give different graphs");
    let jsonld = rdfa.to_jsonld();
    let values: usize = jsonld
        .as_array()
        .expect("an array of node objects")
        .iter()
        .flat_map(|node| node.as_object().expect("a node object").iter())
        .filter(|(key, _)| key.as_str() != "@id")
        .map(|(_, values)| values.as_array().expect("an array of values").len())
        .sum();
    assert_eq!(values, rdfa.graph.len(), "JSON-LD holds another number of values than the graph");
    if options.processor_graph {
        let processor = rdfa.processor_graph().expect("the processor graph fits its default limits");
        check_ntriples(&processor.to_ntriples(), processor.len());
    }
});
