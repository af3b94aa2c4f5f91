//! A graph (RDF 1.1 Concepts §3: a set of triples) kept in insertion order, with limits that
//! are reported when reached, and the numbering of its blank nodes.

use crate::position::{Position, Positions};
use crate::term::{BlankNode, Triple};
use indexmap::IndexSet;
use std::collections::HashMap;

/// Default of [`Limits::max_triples`].
pub const DEFAULT_MAX_TRIPLES: usize = 1_000_000;
/// Default of [`Limits::max_bytes`].
pub const DEFAULT_MAX_BYTES: usize = 256 << 20;

/// How large a graph may grow.
///
/// ```
/// let limits = harvest_rdf::Limits::new().max_triples(10);
/// assert_eq!(limits.max_triples, 10);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// The most triples the graph holds (the most quads, for a [`crate::Dataset`]).
    pub max_triples: usize,
    /// The most bytes of IRIs and literals its triples (or quads) hold.
    pub max_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_triples: DEFAULT_MAX_TRIPLES, max_bytes: DEFAULT_MAX_BYTES }
    }
}

impl Limits {
    /// [`DEFAULT_MAX_TRIPLES`] and [`DEFAULT_MAX_BYTES`].
    pub fn new() -> Limits {
        Limits::default()
    }

    /// Sets [`Limits::max_triples`].
    pub fn max_triples(mut self, max_triples: usize) -> Limits {
        self.max_triples = max_triples;
        self
    }

    /// Sets [`Limits::max_bytes`].
    pub fn max_bytes(mut self, max_bytes: usize) -> Limits {
        self.max_bytes = max_bytes;
        self
    }
}

/// A triple (or a quad) did not fit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GraphError {
    /// The graph (or dataset) is at [`Limits::max_triples`] or [`Limits::max_bytes`].
    #[error("the graph exceeds its limit of {limit} {what}")]
    TooLarge {
        /// `"triples"`, `"quads"` or `"bytes"`.
        what: &'static str,
        /// The limit.
        limit: usize,
    },
}

/// A set of triples in the order they were first inserted, each with the source position it
/// was written at when the producer gives one ([`Graph::insert_at`], [`Graph::position`]).
/// Positions are notes beside the triples: two graphs with the same triples are equal whatever
/// their positions.
///
/// ```
/// use harvest_rdf::{Graph, Iri, Literal, Triple};
/// let mut graph = Graph::new();
/// let s = Iri::parse("http://example.com/").unwrap();
/// let p = Iri::parse("http://purl.org/dc/terms/title").unwrap();
/// assert!(graph.insert(Triple::new(s.clone(), p.clone(), Literal::simple("Cats"))).unwrap());
/// assert!(!graph.insert(Triple::new(s, p, Literal::simple("Cats"))).unwrap());
/// assert_eq!(graph.len(), 1);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Graph {
    triples: Bounded<Triple>,
}

/// An insertion-ordered set within [`Limits`]: the storage of [`Graph`] and of
/// [`crate::Dataset`], `what` naming its items in [`GraphError::TooLarge`].
/// Each item may have a position (kept in a parallel vector, allocated only once a position
/// is given); equality compares the items alone.
#[derive(Debug, Clone)]
pub(crate) struct Bounded<T: std::hash::Hash + Eq> {
    items: IndexSet<T>,
    positions: Positions,
    limits: Limits,
    bytes: usize,
    what: &'static str,
}

impl<T: std::hash::Hash + Eq> PartialEq for Bounded<T> {
    fn eq(&self, other: &Self) -> bool {
        self.items == other.items && self.limits == other.limits
    }
}

impl<T: std::hash::Hash + Eq> Eq for Bounded<T> {}

impl<T: std::hash::Hash + Eq> Bounded<T> {
    pub(crate) fn new(limits: Limits, what: &'static str) -> Bounded<T> {
        Bounded { items: IndexSet::new(), positions: Positions::default(), limits, bytes: 0, what }
    }

    /// Adds `item`, which weighs `weight` bytes; `Ok(false)` when it was there already. Past a
    /// limit the item is not added and the error says which limit.
    pub(crate) fn insert(&mut self, item: T, weight: usize) -> Result<bool, GraphError> {
        self.insert_at(item, weight, None)
    }

    /// [`Bounded::insert`], noting `position` for a new item (an item already there keeps the
    /// position it had).
    pub(crate) fn insert_at(&mut self, item: T, weight: usize, position: Option<Position>) -> Result<bool, GraphError> {
        if self.items.contains(&item) {
            return Ok(false);
        }
        if self.items.len() >= self.limits.max_triples {
            return Err(GraphError::TooLarge { what: self.what, limit: self.limits.max_triples });
        }
        if self.bytes + weight > self.limits.max_bytes {
            return Err(GraphError::TooLarge { what: "bytes", limit: self.limits.max_bytes });
        }
        self.bytes += weight;
        self.positions.set(self.items.len(), position);
        Ok(self.items.insert(item))
    }

    pub(crate) fn position(&self, index: usize) -> Option<Position> {
        self.positions.get(index)
    }

    pub(crate) fn set(&self) -> &IndexSet<T> {
        &self.items
    }

    pub(crate) fn limits(&self) -> Limits {
        self.limits
    }
}

impl Default for Bounded<Triple> {
    fn default() -> Self {
        Bounded::new(Limits::default(), "triples")
    }
}

impl Graph {
    /// An empty graph with the default limits.
    pub fn new() -> Graph {
        Graph::default()
    }

    /// An empty graph with these limits.
    pub fn with_limits(limits: Limits) -> Graph {
        Graph { triples: Bounded::new(limits, "triples") }
    }

    /// Adds a triple; `Ok(false)` when it was there already. Past a limit the triple is not
    /// added and the error says which limit.
    pub fn insert(&mut self, triple: Triple) -> Result<bool, GraphError> {
        let weight = triple.weight();
        self.triples.insert(triple, weight)
    }

    /// [`Graph::insert`], with the position the triple was written at (kept for a triple not
    /// there yet; one already there keeps its own).
    ///
    /// ```
    /// use harvest_rdf::{Graph, Iri, Literal, Position, Triple};
    /// let mut graph = Graph::new();
    /// let s = Iri::parse("http://example.com/").unwrap();
    /// let p = Iri::parse("http://purl.org/dc/terms/title").unwrap();
    /// let title = Triple::new(s.clone(), p.clone(), Literal::simple("Cats"));
    /// graph.insert_at(title.clone(), Position::line_only(3)).unwrap();
    /// graph.insert_at(title, Position::line_only(9)).unwrap();
    /// graph.insert(Triple::new(s, p, Literal::simple("Dogs"))).unwrap();
    /// assert_eq!(graph.position(0), Position::line_only(3));
    /// assert_eq!(graph.position(1), None);
    /// ```
    pub fn insert_at(&mut self, triple: Triple, position: Option<Position>) -> Result<bool, GraphError> {
        let weight = triple.weight();
        self.triples.insert_at(triple, weight, position)
    }

    /// The position the `index`th triple (in insertion order) was written at, when its
    /// producer gave one.
    pub fn position(&self, index: usize) -> Option<Position> {
        self.triples.position(index)
    }

    /// The triples in insertion order, each with its position ([`Graph::position`]).
    pub fn iter_positioned(&self) -> impl ExactSizeIterator<Item = (&Triple, Option<Position>)> + '_ {
        self.triples.set().iter().enumerate().map(|(index, triple)| (triple, self.triples.position(index)))
    }

    /// Whether the graph holds the triple.
    pub fn contains(&self, triple: &Triple) -> bool {
        self.triples.set().contains(triple)
    }

    /// The triples, in insertion order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &Triple> + '_ {
        self.triples.set().iter()
    }

    /// The number of triples.
    pub fn len(&self) -> usize {
        self.triples.set().len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.triples.set().is_empty()
    }

    /// The limits.
    pub fn limits(&self) -> Limits {
        self.triples.limits()
    }

    /// The graph as N-Triples ([`crate::ntriples`]).
    pub fn to_ntriples(&self) -> String {
        crate::ntriples::write(self.iter())
    }
}

impl PartialEq for Graph {
    fn eq(&self, other: &Self) -> bool {
        self.triples == other.triples
    }
}

impl Eq for Graph {}

impl<'a> IntoIterator for &'a Graph {
    type Item = &'a Triple;
    type IntoIter = indexmap::set::Iter<'a, Triple>;
    fn into_iter(self) -> Self::IntoIter {
        self.triples.set().iter()
    }
}

/// Makes blank nodes for one graph: fresh ones, numbered in order of creation, and one per
/// label a document writes (`_:a` twice is one node).
///
/// ```
/// let mut nodes = harvest_rdf::BlankNodes::new();
/// let a = nodes.labelled("a");
/// assert_eq!(nodes.fresh().to_string(), "_:b1");
/// assert_eq!(nodes.labelled("a"), a);
/// ```
#[derive(Debug, Clone, Default)]
pub struct BlankNodes {
    next: u64,
    labels: HashMap<String, BlankNode>,
}

impl BlankNodes {
    /// No nodes yet.
    pub fn new() -> BlankNodes {
        BlankNodes::default()
    }

    /// A node never given before.
    pub fn fresh(&mut self) -> BlankNode {
        let node = BlankNode(self.next);
        self.next += 1;
        node
    }

    /// The node of a label: the same node each time for the same label.
    pub fn labelled(&mut self, label: &str) -> BlankNode {
        if let Some(&node) = self.labels.get(label) {
            return node;
        }
        let node = self.fresh();
        self.labels.insert(label.to_owned(), node);
        node
    }
}
