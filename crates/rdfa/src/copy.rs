//! Property copying (HTML+RDFa 1.1 §3.5, `rdfa:copy` and `rdfa:Pattern`), run on the output
//! graph once the processing sequence is done.
//!
//! Each subject `S` with `S rdfa:copy P`, where `P` is typed `rdfa:Pattern`, receives every
//! triple of `P` but its type; copying repeats until nothing new comes (a pattern may copy
//! another), each `(S, P)` pair once, so cycles end. Then the `rdfa:copy` triples that named
//! a pattern and every triple of a referenced pattern are removed; a pattern nobody references
//! stays as it was written.

use harvest_rdf::{vocab, Graph, GraphError, Iri, Position, Subject, Term, Triple};
use std::collections::{HashMap, HashSet};

/// Applies property copying to `graph`.
pub(crate) fn copy_properties(graph: Graph, rdf_type: &Iri) -> Result<Graph, GraphError> {
    let (copy, pattern_class) = (vocab::rdfa_copy(), vocab::rdfa_pattern());
    if !graph.iter().any(|t| t.predicate == copy) {
        return Ok(graph);
    }
    let pattern_type = Term::Iri(pattern_class);
    let patterns: HashSet<Subject> = graph
        .iter()
        .filter(|t| &t.predicate == rdf_type && t.object == pattern_type)
        .map(|t| t.subject.clone())
        .collect();
    // Each pattern's triples, but its rdfa:Pattern type.
    // A copied triple keeps the position of the pattern's triple it copies.
    let mut body: HashMap<Subject, Vec<(Triple, Option<Position>)>> = HashMap::new();
    for (triple, position) in graph.iter_positioned() {
        if patterns.contains(&triple.subject) && !(&triple.predicate == rdf_type && triple.object == pattern_type) {
            body.entry(triple.subject.clone()).or_default().push((triple.clone(), position));
        }
    }
    let mut copied = graph.clone();
    let mut referenced: HashSet<Subject> = HashSet::new();
    let mut done: HashSet<(Subject, Subject)> = HashSet::new();
    let mut pending: Vec<(Subject, Subject)> = graph
        .iter()
        .filter(|t| t.predicate == copy)
        .filter_map(|t| Some((t.subject.clone(), t.object.as_subject()?)))
        .collect();
    while let Some((target, pattern)) = pending.pop() {
        if !patterns.contains(&pattern) || !done.insert((target.clone(), pattern.clone())) {
            continue;
        }
        referenced.insert(pattern.clone());
        for (triple, position) in body.get(&pattern).map(Vec::as_slice).unwrap_or_default() {
            if triple.predicate == copy {
                if let Some(next) = triple.object.as_subject() {
                    pending.push((target.clone(), next));
                }
                continue;
            }
            let copy = Triple::new(target.clone(), triple.predicate.clone(), triple.object.clone());
            copied.insert_at(copy, *position)?;
        }
    }
    let mut out = Graph::with_limits(graph.limits());
    for (triple, position) in copied.iter_positioned() {
        let names_pattern = triple.object.as_subject().is_some_and(|object| patterns.contains(&object));
        if (triple.predicate == copy && names_pattern) || referenced.contains(&triple.subject) {
            continue;
        }
        out.insert_at(triple.clone(), position)?;
    }
    Ok(out)
}
