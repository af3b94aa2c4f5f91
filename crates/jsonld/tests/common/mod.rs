//! What the tests share: quads written as N-Quads for a strict parser to read back.

use harvest_rdf::{GraphName, Literal, Quad, Subject, Term};

fn escape(value: &str) -> String {
    let mut out = String::new();
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

/// One quad in N-Quads, for oxttl to read back.
pub(crate) fn nquad(quad: &Quad) -> String {
    let subject = match &quad.triple.subject {
        Subject::Iri(iri) => format!("<{iri}>"),
        Subject::Blank(node) => node.to_string(),
    };
    let object = match &quad.triple.object {
        Term::Iri(iri) => format!("<{iri}>"),
        Term::Blank(node) => node.to_string(),
        Term::Literal(Literal::Simple { value }) => format!("\"{}\"", escape(value)),
        Term::Literal(Literal::LanguageTagged { value, language }) => {
            format!("\"{}\"@{}", escape(value), language.as_str())
        }
        Term::Literal(Literal::Typed { value, datatype }) => format!("\"{}\"^^<{datatype}>", escape(value)),
    };
    let graph = match &quad.graph {
        GraphName::Iri(iri) => format!(" <{iri}>"),
        GraphName::Blank(node) => format!(" {node}"),
        _ => String::new(),
    };
    format!("{subject} <{}> {object}{graph} .\n", quad.triple.predicate)
}

/// A dataset as N-Quads.
pub(crate) fn nquads(dataset: &harvest_rdf::Dataset) -> String {
    dataset.iter().map(nquad).collect()
}

/// N-Quads read by oxttl and canonicalized (blank nodes compared up to renaming; an
/// `xsd:double` compared by its value, which JSON-LD 1.1 API §8.6 writes `5.1535879E1` and
/// rdflib `51.535879`).
pub(crate) fn canonical(text: &str) -> Result<oxrdf::Dataset, String> {
    const DOUBLE: &str = "http://www.w3.org/2001/XMLSchema#double";
    let mut dataset = oxrdf::Dataset::new();
    for quad in oxttl::NQuadsParser::new().for_slice(text.as_bytes()) {
        let mut quad = quad.map_err(|e| e.to_string())?;
        if let oxrdf::Term::Literal(literal) = &quad.object {
            if literal.datatype().as_str() == DOUBLE {
                if let Ok(value) = literal.value().parse::<f64>() {
                    let datatype = oxrdf::NamedNode::new_unchecked(DOUBLE);
                    quad.object = oxrdf::Literal::new_typed_literal(format!("{value:e}"), datatype).into();
                }
            }
        }
        dataset.insert(&quad);
    }
    dataset.canonicalize(oxrdf::dataset::CanonicalizationAlgorithm::Unstable);
    Ok(dataset)
}
