//! Vocabulary expansion (RDFa Core 1.1 §10.2), from the document's own triples: the RDFS and
//! OWL entailment subset of §10.2.1 (`rdfs:subPropertyOf`, `rdfs:subClassOf`,
//! `owl:equivalentProperty`, `owl:equivalentClass`). Vocabularies named by `@vocab` are not
//! fetched, so only what the document states about its own terms expands.

use harvest_rdf::{vocab, Graph, GraphError, Iri, Term, Triple};
use std::collections::{HashMap, HashSet};

/// The graph with every triple each rule entails added, to the fixpoint.
pub(crate) fn expand(graph: Graph) -> Result<Graph, GraphError> {
    let rdf_type = vocab::rdf_type();
    let (sub_property, equivalent_property) = (vocab::rdfs_sub_property_of(), vocab::owl_equivalent_property());
    let (sub_class, equivalent_class) = (vocab::rdfs_sub_class_of(), vocab::owl_equivalent_class());
    // Direct edges: property → its super-properties, class → its super-classes.
    let mut properties: HashMap<Iri, Vec<Iri>> = HashMap::new();
    let mut classes: HashMap<Iri, Vec<Iri>> = HashMap::new();
    for triple in graph.iter() {
        let (harvest_rdf::Subject::Iri(subject), Term::Iri(object)) = (&triple.subject, &triple.object) else {
            continue;
        };
        let edges = if triple.predicate == sub_property || triple.predicate == equivalent_property {
            &mut properties
        } else if triple.predicate == sub_class || triple.predicate == equivalent_class {
            &mut classes
        } else {
            continue;
        };
        edges.entry(subject.clone()).or_default().push(object.clone());
        if triple.predicate == equivalent_property || triple.predicate == equivalent_class {
            edges.entry(object.clone()).or_default().push(subject.clone());
        }
    }
    if properties.is_empty() && classes.is_empty() {
        return Ok(graph);
    }
    let mut out = graph.clone();
    // An entailed triple is written where the triple it comes from is.
    for (triple, position) in graph.iter_positioned() {
        if triple.predicate == rdf_type {
            if let Term::Iri(class) = &triple.object {
                for implied in reachable(&classes, class) {
                    out.insert_at(Triple::new(triple.subject.clone(), rdf_type.clone(), implied), position)?;
                }
            }
        } else {
            for implied in reachable(&properties, &triple.predicate) {
                let entailed =
                    Triple { subject: triple.subject.clone(), predicate: implied, object: triple.object.clone() };
                out.insert_at(entailed, position)?;
            }
        }
    }
    Ok(out)
}

/// Every node reachable from `start` (not `start` itself), each once.
fn reachable(edges: &HashMap<Iri, Vec<Iri>>, start: &Iri) -> Vec<Iri> {
    let mut seen: HashSet<&Iri> = HashSet::from([start]);
    let mut pending: Vec<&Iri> = vec![start];
    let mut out = Vec::new();
    while let Some(node) = pending.pop() {
        for next in edges.get(node).map(Vec::as_slice).unwrap_or_default() {
            if seen.insert(next) {
                out.push(next.clone());
                pending.push(next);
            }
        }
    }
    out
}
