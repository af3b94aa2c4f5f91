//! JSON-LD in HTML to RDF through harvest-jsonld, with small dataset limits for some inputs
//! and a small nesting bound for others (by input length).
//!
//! Invariants: no panic (the conversion runs on a thread with a 512 KiB stack, so a block the
//! nesting bound lets through must not exhaust it); deterministic (two runs, the same quads,
//! the same diagnostics kind by kind);
//! every written term is valid, checked independently (every IRI absolute by oxiri, every
//! language tag well-formed by oxilangtag) and by oxttl reading each quad back as N-Quads; the
//! report counts the quads added; a limit reached is reported.
#![no_main]

use harvest_fuzz::document;
use harvest_jsonld::{DiagnosticKind, Options};
use harvest_rdf::{BlankNodes, Dataset, GraphName, Limits, Literal, Quad, Subject, Term};
use libfuzzer_sys::fuzz_target;

fn check_iri(iri: &str) {
    assert!(oxiri::Iri::parse(iri).is_ok(), "not an absolute IRI: {iri}");
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n").replace('\r', "\\r")
}

/// The quad in N-Quads, every term checked on the way.
fn nquad(quad: &Quad) -> String {
    let subject = match &quad.triple.subject {
        Subject::Iri(iri) => {
            check_iri(iri.as_str());
            format!("<{iri}>")
        }
        Subject::Blank(node) => node.to_string(),
    };
    check_iri(quad.triple.predicate.as_str());
    let object = match &quad.triple.object {
        Term::Iri(iri) => {
            check_iri(iri.as_str());
            format!("<{iri}>")
        }
        Term::Blank(node) => node.to_string(),
        Term::Literal(Literal::Simple { value }) => format!("\"{}\"", escape(value)),
        Term::Literal(Literal::LanguageTagged { value, language }) => {
            assert!(oxilangtag::LanguageTag::parse(language.as_str()).is_ok(), "bad language tag {language:?}");
            format!("\"{}\"@{}", escape(value), language.as_str())
        }
        Term::Literal(Literal::Typed { value, datatype }) => {
            check_iri(datatype.as_str());
            format!("\"{}\"^^<{datatype}>", escape(value))
        }
    };
    let graph = match &quad.graph {
        GraphName::Iri(iri) => {
            check_iri(iri.as_str());
            format!(" <{iri}>")
        }
        GraphName::Blank(node) => format!(" {node}"),
        _ => String::new(),
    };
    format!("{subject} <{}> {object}{graph} .\n", quad.triple.predicate)
}

fuzz_target!(|data: &[u8]| {
    let doc = document(data);
    let mut options = Options::new();
    if data.len().is_multiple_of(5) {
        options = options.max_depth(8);
    }
    if data.len().is_multiple_of(2) {
        options = options.positions(true);
    }
    let limits = if data.len().is_multiple_of(3) { Limits::new().max_triples(50) } else { Limits::new() };
    let run = move || {
        let mut dataset = Dataset::with_limits(limits);
        let report = harvest_jsonld::to_rdf(&doc, &options, &mut BlankNodes::new(), &mut dataset);
        let mut again = Dataset::with_limits(limits);
        let report_again = harvest_jsonld::to_rdf(&doc, &options, &mut BlankNodes::new(), &mut again);
        (dataset, report, again, report_again)
    };
    let (dataset, report, again, report_again) =
        std::thread::Builder::new().stack_size(512 * 1024).spawn(run).expect("a thread").join().expect("no panic");
    assert_eq!(dataset.iter().collect::<Vec<_>>(), again.iter().collect::<Vec<_>>(), "not deterministic");
    let positions = |dataset: &Dataset| (0..dataset.len()).map(|index| dataset.position(index)).collect::<Vec<_>>();
    assert_eq!(positions(&dataset), positions(&again), "positions not deterministic");
    // The same diagnostics, kind by kind; a JSON-LD error's message is the processor's, which
    // may name another of the terms at fault (oxjsonld walks a context's definitions in hash
    // order).
    let kinds = |report: &harvest_jsonld::Report| -> Vec<(Option<String>, DiagnosticKind)> {
        report.diagnostics.iter().map(|d| (d.element.clone(), d.kind.clone())).collect()
    };
    assert_eq!((report.blocks, report.quads), (report_again.blocks, report_again.quads), "not deterministic");
    assert_eq!(kinds(&report), kinds(&report_again), "not deterministic");
    assert_eq!(report.quads, dataset.len(), "the report counts the quads added");
    let text: String = dataset.iter().map(nquad).collect();
    let mut read = 0;
    for quad in oxttl::NQuadsParser::new().for_slice(text.as_bytes()) {
        if let Err(e) = quad {
            panic!("N-Quads rejected: {e}\n{text}");
        }
        read += 1;
    }
    assert_eq!(read, dataset.len(), "N-Quads hold another number of quads than the dataset");
    for diagnostic in &report.diagnostics {
        if let DiagnosticKind::LimitReached { what, limit } = &diagnostic.kind {
            if what == "quads" {
                assert_eq!(dataset.len(), *limit, "a quad limit is reported when the dataset is full");
            }
        }
    }
});
