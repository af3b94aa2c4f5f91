//! Turtle for the microdata conversions: harvest-rdf's writer with the prefixes their
//! predicates call for (the fixed vocabularies, and one per microdata vocabulary of the HTML 5.0
//! algorithm's predicates).

use super::{MICRODATA, XHTML_VOCAB};
use harvest_rdf::Graph;
use std::collections::HashSet;

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
pub(super) fn turtle(graph: &Graph) -> String {
    let mut prefixes: Vec<(String, String)> =
        PREFIXES.iter().map(|(name, namespace)| ((*name).to_owned(), (*namespace).to_owned())).collect();
    let mut namespaces: HashSet<String> = HashSet::new();
    let mut taken: HashSet<String> = PREFIXES.iter().map(|(name, _)| (*name).to_owned()).collect();
    for triple in graph {
        let Some(namespace) = microdata_namespace(triple.predicate.as_str()) else { continue };
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
    harvest_rdf::turtle::write(graph, &prefixes)
}
