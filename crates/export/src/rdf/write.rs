//! The graph's terms checked and written through harvest-rdf, the one RDF layer: every IRI the
//! conversions generate becomes a [`harvest_rdf::Iri`] (as it is when it is one, else the WHATWG
//! URL parser's serialization of it, else it is refused), and the N-Triples and Turtle are
//! harvest-rdf's writers.

use super::{Term, Triple, MICRODATA, XHTML_VOCAB};
use harvest_rdf::{BlankNode, Iri, LanguageTag, Literal};
use std::collections::HashSet;

/// An IRI as the graph keeps it, or why it cannot be one.
pub(super) fn checked_iri(value: &str) -> Result<String, String> {
    match Iri::repair(value) {
        Ok(iri) if iri.as_str() == value => Ok(value.to_owned()),
        Ok(iri) => Ok(iri.as_str().to_owned()),
        Err(e) => Err(e.to_string()),
    }
}

/// A term with its IRIs checked ([`checked_iri`]) and its language tag kept only when
/// well-formed.
pub(super) fn checked_term(term: &Term) -> Result<Term, String> {
    Ok(match term {
        Term::Iri { value } => Term::Iri { value: checked_iri(value)? },
        Term::Typed { value, datatype } => Term::Typed { value: value.clone(), datatype: checked_iri(datatype)? },
        Term::Literal { value, language } => Term::Literal {
            value: value.clone(),
            language: language.clone().filter(|tag| LanguageTag::parse(tag).is_ok()),
        },
        Term::Blank { id } => Term::Blank { id: *id },
    })
}

fn rdf_iri(value: &str) -> Option<Iri> {
    Iri::parse(value).ok()
}

fn rdf_term(term: &Term) -> Option<harvest_rdf::Term> {
    Some(match term {
        Term::Iri { value } => harvest_rdf::Term::Iri(rdf_iri(value)?),
        Term::Blank { id } => harvest_rdf::Term::Blank(BlankNode::new(*id as u64)),
        Term::Literal { value, language } => harvest_rdf::Term::Literal(Literal::plain(
            value.clone(),
            language.as_deref().and_then(|tag| LanguageTag::parse(tag).ok()),
        )),
        Term::Typed { value, datatype } => {
            harvest_rdf::Term::Literal(Literal::typed(value.clone(), rdf_iri(datatype)?))
        }
    })
}

/// The triples as harvest-rdf triples. Every term was checked when generated
/// ([`checked_term`]), so none is left out here.
pub(super) fn rdf_triples(triples: &[Triple]) -> Vec<harvest_rdf::Triple> {
    triples
        .iter()
        .filter_map(|triple| {
            Some(harvest_rdf::Triple {
                subject: rdf_term(&triple.subject)?.as_subject()?,
                predicate: rdf_iri(&triple.predicate)?,
                object: rdf_term(&triple.object)?,
            })
        })
        .collect()
}

/// The prefixes Turtle output may declare, besides one per microdata vocabulary.
const PREFIXES: &[(&str, &str)] = &[
    ("dcterms", "http://purl.org/dc/terms/"),
    ("xhv", XHTML_VOCAB),
    ("md", MICRODATA),
    ("owl", "http://www.w3.org/2002/07/owl#"),
    ("schema", "http://schema.org/"),
    ("sdo", "https://schema.org/"),
];

/// The namespace of a microdata predicate built from a type: up to the first `:` after the
/// escaped `#` of the type.
fn microdata_namespace(predicate: &str) -> Option<&str> {
    let rest = predicate.strip_prefix(MICRODATA)?;
    let hash = rest.find("%23")?;
    let colon = rest[hash..].find(':')? + hash;
    predicate.get(..MICRODATA.len() + colon + 1)
}

/// A prefix name for a microdata vocabulary: the last path segment of its type, lowercased,
/// letters and digits only (`hcard` for `http://microformats.org/profile/hcard`).
fn vocabulary_prefix_name(namespace: &str) -> String {
    let rest = namespace.strip_prefix(MICRODATA).unwrap_or(namespace);
    let before_hash = rest.split("%23").next().unwrap_or("");
    let segment = before_hash.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    let name: String = segment.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase();
    if name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        name
    } else {
        "v".to_owned()
    }
}

/// The graph as Turtle: the fixed prefixes and one per microdata vocabulary (named after its
/// type, in order of first use, never taking a fixed prefix's name or another's), written by
/// harvest-rdf's Turtle writer.
pub(super) fn turtle(triples: &[Triple]) -> String {
    let mut prefixes: Vec<(String, String)> =
        PREFIXES.iter().map(|(name, namespace)| ((*name).to_owned(), (*namespace).to_owned())).collect();
    let mut namespaces: HashSet<String> = HashSet::new();
    let mut taken: HashSet<String> = PREFIXES.iter().map(|(name, _)| (*name).to_owned()).collect();
    for triple in triples {
        let Some(namespace) = microdata_namespace(&triple.predicate) else { continue };
        if !namespaces.insert(namespace.to_owned()) {
            continue;
        }
        let base = vocabulary_prefix_name(namespace);
        let mut name = base.clone();
        let mut n = 2;
        while taken.contains(&name) {
            name = format!("{base}{n}");
            n += 1;
        }
        taken.insert(name.clone());
        prefixes.push((name, namespace.to_owned()));
    }
    harvest_rdf::turtle::write(&rdf_triples(triples), &prefixes)
}
