//! A dataset (RDF 1.1 Concepts §4: a default graph and named graphs), kept as one
//! insertion-ordered set of quads with the same [`Limits`] as a [`Graph`](crate::Graph).

use crate::graph::{Bounded, GraphError, Limits};
use crate::position::Position;
use crate::term::{BlankNode, Iri, Subject, Triple};

/// The graph a quad belongs to (RDF 1.1 Concepts §4: a graph name is an IRI or a blank node;
/// the default graph has none).
///
/// ```
/// use harvest_rdf::{GraphName, Iri};
/// let page = GraphName::from(Iri::parse("http://example.com/").unwrap());
/// assert!(!page.is_default());
/// assert!(GraphName::Default.is_default());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GraphName {
    /// The default graph.
    #[default]
    Default,
    /// A graph named by an IRI.
    Iri(Iri),
    /// A graph named by a blank node.
    Blank(BlankNode),
}

impl GraphName {
    /// Whether this is the default graph.
    pub fn is_default(&self) -> bool {
        matches!(self, GraphName::Default)
    }

    /// The name as a subject term (an IRI or a blank node); `None` for the default graph.
    pub fn as_subject(&self) -> Option<Subject> {
        match self {
            GraphName::Default => None,
            GraphName::Iri(iri) => Some(Subject::Iri(iri.clone())),
            GraphName::Blank(blank) => Some(Subject::Blank(*blank)),
        }
    }

    fn weight(&self) -> usize {
        self.as_subject().map_or(0, |name| name.weight())
    }
}

impl From<Iri> for GraphName {
    fn from(iri: Iri) -> GraphName {
        GraphName::Iri(iri)
    }
}

impl From<BlankNode> for GraphName {
    fn from(blank: BlankNode) -> GraphName {
        GraphName::Blank(blank)
    }
}

impl From<Subject> for GraphName {
    fn from(subject: Subject) -> GraphName {
        match subject {
            Subject::Iri(iri) => GraphName::Iri(iri),
            Subject::Blank(blank) => GraphName::Blank(blank),
        }
    }
}

/// A triple in a graph of a dataset.
///
/// ```
/// use harvest_rdf::{GraphName, Iri, Literal, Quad, Triple};
/// let page = Iri::parse("http://example.com/").unwrap();
/// let title = Iri::parse("http://purl.org/dc/terms/title").unwrap();
/// let quad = Quad::new(Triple::new(page.clone(), title, Literal::simple("Cats")), page);
/// assert_eq!(quad.graph.as_subject().unwrap(), quad.triple.subject);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Quad {
    /// Subject, predicate and object.
    pub triple: Triple,
    /// The graph it is in.
    pub graph: GraphName,
}

impl Quad {
    /// A quad: `triple` in the graph `graph`.
    pub fn new(triple: Triple, graph: impl Into<GraphName>) -> Quad {
        Quad { triple, graph: graph.into() }
    }

    /// `triple` in the default graph.
    pub fn in_default_graph(triple: Triple) -> Quad {
        Quad { triple, graph: GraphName::Default }
    }
}

/// A set of quads in the order they were first inserted, within [`Limits`]
/// ([`Limits::max_triples`] counts quads; [`Limits::max_bytes`] counts the graph names too).
///
/// ```
/// use harvest_rdf::{Dataset, GraphName, Iri, Limits, Literal, Quad, Triple};
/// let mut dataset = Dataset::with_limits(Limits::new().max_triples(2));
/// let page = Iri::parse("http://example.com/").unwrap();
/// let title = Iri::parse("http://purl.org/dc/terms/title").unwrap();
/// let triple = Triple::new(page.clone(), title, Literal::simple("Cats"));
/// assert!(dataset.insert(Quad::new(triple.clone(), page)).unwrap());
/// assert!(dataset.insert(Quad::in_default_graph(triple.clone())).unwrap());
/// assert!(!dataset.insert(Quad::in_default_graph(triple.clone())).unwrap());
/// assert_eq!(dataset.len(), 2);
/// let other = Iri::parse("http://example.com/other").unwrap();
/// assert!(dataset.insert(Quad::new(triple, other)).is_err());
/// assert_eq!(dataset.iter().filter(|quad| quad.graph == GraphName::Default).count(), 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dataset {
    quads: Bounded<Quad>,
}

impl Default for Dataset {
    fn default() -> Self {
        Dataset::with_limits(Limits::default())
    }
}

impl Dataset {
    /// An empty dataset with the default limits.
    pub fn new() -> Dataset {
        Dataset::default()
    }

    /// An empty dataset with these limits.
    pub fn with_limits(limits: Limits) -> Dataset {
        Dataset { quads: Bounded::new(limits, "quads") }
    }

    /// Adds a quad; `Ok(false)` when it was there already. Past a limit the quad is not added
    /// and the error says which limit.
    pub fn insert(&mut self, quad: Quad) -> Result<bool, GraphError> {
        let weight = quad.triple.weight() + quad.graph.weight();
        self.quads.insert(quad, weight)
    }

    /// [`Dataset::insert`], with the position the quad was written at (kept for a quad not
    /// there yet; one already there keeps its own). Positions are notes beside the quads:
    /// two datasets with the same quads are equal whatever their positions.
    ///
    /// ```
    /// use harvest_rdf::{Dataset, Iri, Literal, Position, Quad, Triple};
    /// let s = Iri::parse("http://example.com/").unwrap();
    /// let p = Iri::parse("http://purl.org/dc/terms/title").unwrap();
    /// let quad = Quad::in_default_graph(Triple::new(s, p, Literal::simple("Cats")));
    /// let mut dataset = Dataset::new();
    /// dataset.insert_at(quad.clone(), Position::new(4, Some(9))).unwrap();
    /// assert_eq!(dataset.position(0), Position::new(4, Some(9)));
    /// let mut plain = Dataset::new();
    /// plain.insert(quad).unwrap();
    /// assert_eq!((plain.position(0), plain == dataset), (None, true));
    /// ```
    pub fn insert_at(&mut self, quad: Quad, position: Option<Position>) -> Result<bool, GraphError> {
        let weight = quad.triple.weight() + quad.graph.weight();
        self.quads.insert_at(quad, weight, position)
    }

    /// The position the `index`th quad (in insertion order) was written at, when its producer
    /// gave one.
    pub fn position(&self, index: usize) -> Option<Position> {
        self.quads.position(index)
    }

    /// Whether the dataset holds the quad.
    pub fn contains(&self, quad: &Quad) -> bool {
        self.quads.set().contains(quad)
    }

    /// The quads, in insertion order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &Quad> + '_ {
        self.quads.set().iter()
    }

    /// The number of quads.
    pub fn len(&self) -> usize {
        self.quads.set().len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.quads.set().is_empty()
    }

    /// The limits.
    pub fn limits(&self) -> Limits {
        self.quads.limits()
    }

    /// Where the quad stands in insertion order, when the dataset holds it.
    ///
    /// ```
    /// use harvest_rdf::{Dataset, Iri, Literal, Quad, Triple};
    /// let s = Iri::parse("http://example.com/").unwrap();
    /// let p = Iri::parse("http://purl.org/dc/terms/title").unwrap();
    /// let quad = Quad::in_default_graph(Triple::new(s, p, Literal::simple("Cats")));
    /// let mut dataset = Dataset::new();
    /// assert_eq!(dataset.index_of(&quad), None);
    /// dataset.insert(quad.clone()).unwrap();
    /// assert_eq!(dataset.index_of(&quad), Some(0));
    /// ```
    pub fn index_of(&self, quad: &Quad) -> Option<usize> {
        self.quads.set().get_index_of(quad)
    }

    /// Each graph's name and triples, graphs in order of first appearance, triples in order.
    ///
    /// ```
    /// use harvest_rdf::{Dataset, GraphName, Iri, Literal, Quad, Triple};
    /// let s = Iri::parse("http://example.com/").unwrap();
    /// let p = Iri::parse("http://purl.org/dc/terms/title").unwrap();
    /// let mut dataset = Dataset::new();
    /// dataset.insert(Quad::new(Triple::new(s.clone(), p.clone(), Literal::simple("A")), s.clone())).unwrap();
    /// dataset.insert(Quad::in_default_graph(Triple::new(s, p, Literal::simple("B")))).unwrap();
    /// let graphs = dataset.graphs();
    /// assert_eq!((graphs.len(), graphs[1].0), (2, &GraphName::Default));
    /// ```
    pub fn graphs(&self) -> Vec<(&GraphName, Vec<&Triple>)> {
        let mut graphs: Vec<(&GraphName, Vec<&Triple>)> = Vec::new();
        let mut index: std::collections::HashMap<&GraphName, usize> = std::collections::HashMap::new();
        for quad in self {
            let at = *index.entry(&quad.graph).or_insert_with(|| {
                graphs.push((&quad.graph, Vec::new()));
                graphs.len() - 1
            });
            graphs[at].1.push(&quad.triple);
        }
        graphs
    }
}

impl<'a> IntoIterator for &'a Dataset {
    type Item = &'a Quad;
    type IntoIter = indexmap::set::Iter<'a, Quad>;
    fn into_iter(self) -> Self::IntoIter {
        self.quads.set().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BlankNodes, Literal};

    fn triple(object: &str) -> Triple {
        let s = Iri::parse("http://example.com/s").unwrap();
        let p = Iri::parse("http://example.com/p").unwrap();
        Triple::new(s, p, Literal::simple(object))
    }

    #[test]
    fn the_same_triple_in_two_graphs_is_two_quads_in_insertion_order() {
        let mut dataset = Dataset::new();
        let mut nodes = BlankNodes::new();
        let named = nodes.fresh();
        assert!(dataset.insert(Quad::new(triple("a"), named)).unwrap());
        assert!(dataset.insert(Quad::in_default_graph(triple("a"))).unwrap());
        assert!(!dataset.insert(Quad::new(triple("a"), named)).unwrap());
        let graphs: Vec<_> = dataset.iter().map(|quad| quad.graph.clone()).collect();
        assert_eq!(graphs, [GraphName::Blank(named), GraphName::Default]);
        assert!(dataset.contains(&Quad::in_default_graph(triple("a"))));
    }

    #[test]
    fn limits_are_errors_naming_quads_or_bytes() {
        let mut dataset = Dataset::with_limits(Limits::new().max_triples(1));
        dataset.insert(Quad::in_default_graph(triple("a"))).unwrap();
        let error = dataset.insert(Quad::in_default_graph(triple("b"))).unwrap_err();
        assert_eq!(error, GraphError::TooLarge { what: "quads", limit: 1 });
        // The graph name counts towards the bytes.
        let exact = triple("a").weight();
        let mut dataset = Dataset::with_limits(Limits::new().max_bytes(exact));
        let name = Iri::parse("http://example.com/g").unwrap();
        let error = dataset.insert(Quad::new(triple("a"), name)).unwrap_err();
        assert_eq!(error, GraphError::TooLarge { what: "bytes", limit: exact });
        assert!(dataset.insert(Quad::in_default_graph(triple("a"))).unwrap());
        assert_eq!(dataset.len(), 1);
    }
}
