//! N-Quads (W3C Recommendation, 2014): one quad a line, `subject predicate object graph .`, the
//! graph left out for the default graph.
//!
//! A crawl's RDF is one N-Quads file when each page's statements carry the page as their graph
//! (Web Data Commons' layout): [`Style::default_graph`] names the graph the default graph's
//! statements are written in, and [`BlankLabels::derived`] keeps one page's blank nodes apart
//! from every other's, so the pages' outputs can be concatenated as they are.

use crate::dataset::{Dataset, GraphName, Quad};
use crate::labels::BlankLabels;
use crate::ntriples::{write_iri, write_statement};
use crate::term::Iri;

/// How a dataset is written as quads: the name given to its default graph, the blank node
/// labels.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Style {
    /// The graph the default graph's statements are written in (`None`: the default graph,
    /// no fourth term).
    pub default_graph: Option<Iri>,
    /// How blank nodes are labelled.
    pub labels: BlankLabels,
}

impl Style {
    /// The default graph as the default graph, labels `_:b0`…
    pub fn new() -> Style {
        Style::default()
    }

    /// Sets [`Style::default_graph`].
    pub fn default_graph(mut self, name: Iri) -> Style {
        self.default_graph = Some(name);
        self
    }

    /// Sets [`Style::labels`].
    pub fn labels(mut self, labels: BlankLabels) -> Style {
        self.labels = labels;
        self
    }
}

/// Writes a dataset as N-Quads, in its order.
///
/// ```
/// use harvest_rdf::{nquads, BlankNodes, Dataset, Iri, Literal, Quad, Triple};
/// let mut nodes = BlankNodes::new();
/// let name = Iri::parse("http://schema.org/name").unwrap();
/// let page = Iri::parse("https://example.com/").unwrap();
/// let mut dataset = Dataset::new();
/// dataset.insert(Quad::in_default_graph(Triple::new(nodes.fresh(), name, Literal::simple("Ada")))).unwrap();
/// assert_eq!(nquads::write(&dataset, &nquads::Style::new()), "_:b0 <http://schema.org/name> \"Ada\" .\n");
/// assert_eq!(
///     nquads::write(&dataset, &nquads::Style::new().default_graph(page)),
///     "_:b0 <http://schema.org/name> \"Ada\" <https://example.com/> .\n"
/// );
/// ```
pub fn write(dataset: &Dataset, style: &Style) -> String {
    let mut out = String::new();
    for quad in dataset {
        write_quad(&mut out, quad, style);
    }
    out
}

/// Writes one quad as a line of N-Quads, newline included.
pub fn write_quad(out: &mut String, quad: &Quad, style: &Style) {
    write_quad_into(out, quad, style.default_graph.as_ref(), &style.labels);
}

/// A quad without its ` .` and newline: its statement and graph name, so that a caller can
/// end the line its own way (a comment after the ` .`).
pub fn write_statement_of(out: &mut String, quad: &Quad, style: &Style) {
    write_statement(out, &quad.triple, &style.labels);
    write_graph(out, &quad.graph, style.default_graph.as_ref(), &style.labels);
}

pub(crate) fn write_quad_into(out: &mut String, quad: &Quad, default_graph: Option<&Iri>, labels: &BlankLabels) {
    write_statement(out, &quad.triple, labels);
    write_graph(out, &quad.graph, default_graph, labels);
    out.push_str(" .\n");
}

/// ` <graph>`, or nothing for the default graph with no name given.
fn write_graph(out: &mut String, graph: &GraphName, default_graph: Option<&Iri>, labels: &BlankLabels) {
    match (graph, default_graph) {
        (GraphName::Default, None) => {}
        (GraphName::Default, Some(name)) | (GraphName::Iri(name), _) => {
            out.push(' ');
            write_iri(out, name.as_str());
        }
        (GraphName::Blank(blank), _) => {
            out.push(' ');
            labels.write(out, *blank);
        }
    }
}
