//! What both conversions generate into: a [`harvest_rdf::Graph`] within the conversion's limits,
//! the blank nodes of the page, and the IRIs that could not be written.
//!
//! Every IRI a conversion builds goes through [`Output::iri`]: as it is when it is an absolute
//! IRI (RFC 3987), else repaired by harvest-rdf ([`Iri::repair`]: %-encoding what RFC 3987
//! forbids, or the WHATWG URL parser's serialization), else refused and remembered in
//! [`Output::dropped`]; a triple that would hold a refused IRI is not generated. So the graph
//! only holds terms every RDF syntax can write (`docs/export-atom-rdf.md`, "IRIs").

use super::RdfError;
use harvest_rdf::{BlankNodes, Graph, Iri, Limits, Position, Subject, Term, Triple};

/// The graph being generated, with the counts of the conversion's limits.
pub(super) struct Output {
    graph: Graph,
    nodes: BlankNodes,
    /// The IRIs left out, with why, each once.
    dropped: Vec<String>,
    /// Triples generated, also those already in the graph: the algorithms generate an item's
    /// triples again each time it is reached, and the predicates of untyped items grow with
    /// their nesting, so a hostile page could ask for exponentially many.
    generated: usize,
    /// Bytes of IRIs and literals generated, counted the same way.
    bytes: usize,
    limits: Limits,
    /// The source position of the triples generated next ([`Output::at`]).
    position: Option<Position>,
}

impl Output {
    pub(super) fn new(limits: Limits) -> Output {
        Output {
            graph: Graph::with_limits(limits),
            nodes: BlankNodes::new(),
            dropped: Vec::new(),
            generated: 0,
            bytes: 0,
            limits,
            position: None,
        }
    }

    /// Counts `bytes` against [`Limits::max_bytes`].
    pub(super) fn charge(&mut self, bytes: usize) -> Result<(), RdfError> {
        self.bytes = self.bytes.saturating_add(bytes);
        if self.bytes > self.limits.max_bytes {
            return Err(RdfError::TooLarge { what: "bytes", limit: self.limits.max_bytes });
        }
        Ok(())
    }

    /// `value` as an IRI the graph can hold, or `None` (and the reason remembered).
    pub(super) fn iri(&mut self, value: &str) -> Option<Iri> {
        match Iri::repair(value) {
            Ok(iri) => Some(iri),
            Err(why) => {
                let why = why.to_string();
                if !self.dropped.contains(&why) {
                    self.dropped.push(why);
                }
                None
            }
        }
    }

    /// The triples generated from now on were written on page line `line` (kept beside each
    /// new triple: [`Graph::position`]).
    pub(super) fn at(&mut self, line: Option<u32>) {
        self.position = line.and_then(Position::line_only);
    }

    /// "Generate the following triple", counted against the limits; a triple generated
    /// before is kept once (an RDF graph is a set).
    pub(super) fn push(&mut self, subject: Subject, predicate: Iri, object: Term) -> Result<(), RdfError> {
        self.generated += 1;
        if self.generated > self.limits.max_triples {
            return Err(RdfError::TooLarge { what: "triples", limit: self.limits.max_triples });
        }
        let triple = Triple::new(subject, predicate, object);
        self.charge(triple.weight())?;
        // The generation counts above are never below the graph's own, so its limits hold.
        self.graph.insert_at(triple, self.position).map_err(RdfError::from)?;
        Ok(())
    }

    /// [`Output::push`] with a predicate still to be checked: nothing is generated when it
    /// cannot be an IRI.
    pub(super) fn push_with(&mut self, subject: Subject, predicate: &str, object: Term) -> Result<(), RdfError> {
        match self.iri(predicate) {
            Some(predicate) => self.push(subject, predicate, object),
            None => Ok(()),
        }
    }

    /// "A new blank node".
    pub(super) fn blank(&mut self) -> Subject {
        Subject::Blank(self.nodes.fresh())
    }

    /// The graph and the IRIs left out.
    pub(super) fn finish(self) -> (Graph, Vec<String>) {
        (self.graph, self.dropped)
    }
}
