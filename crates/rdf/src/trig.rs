//! TriG (W3C Recommendation, 2014): Turtle's statements, grouped in `graph { … }` blocks. The
//! default graph's statements come first, unwrapped (or in a block named
//! [`Style::default_graph`](crate::nquads::Style::default_graph) when one is given), then each
//! named graph in order of first appearance.

use crate::dataset::{Dataset, GraphName};
use crate::nquads::Style;
use crate::ntriples::write_iri;
use crate::term::Triple;
use crate::turtle::{write_prefixes, write_statements};

/// Writes a dataset as TriG with the `prefixes` its predicates use (see
/// [`crate::turtle::write`]).
///
/// ```
/// use harvest_rdf::{nquads::Style, trig, Dataset, Iri, Literal, Quad, Triple};
/// let page = Iri::parse("https://example.com/").unwrap();
/// let title = Iri::parse("http://purl.org/dc/terms/title").unwrap();
/// let mut dataset = Dataset::new();
/// dataset.insert(Quad::in_default_graph(Triple::new(page.clone(), title, Literal::simple("Cats")))).unwrap();
/// let prefixes = [("dcterms".to_owned(), "http://purl.org/dc/terms/".to_owned())];
/// assert_eq!(
///     trig::write(&dataset, &prefixes, &Style::new().default_graph(page)),
///     "@prefix dcterms: <http://purl.org/dc/terms/> .\n\n\
///      <https://example.com/> {\n    <https://example.com/> dcterms:title \"Cats\" .\n}\n"
/// );
/// ```
pub fn write(dataset: &Dataset, prefixes: &[(String, String)], style: &Style) -> String {
    let mut graphs = dataset.graphs();
    // The default graph first.
    graphs.sort_by_key(|(name, _)| !name.is_default());
    let all: Vec<&Triple> = dataset.iter().map(|quad| &quad.triple).collect();
    let mut out = String::new();
    let prefixed = write_prefixes(&mut out, &all, prefixes);
    if !out.is_empty() && !all.is_empty() {
        out.push('\n');
    }
    for (name, triples) in graphs {
        match (name, style.default_graph.as_ref()) {
            (GraphName::Default, None) => {
                write_statements(&mut out, &triples, prefixes, &prefixed, &style.labels, "");
                continue;
            }
            (GraphName::Default, Some(name)) | (GraphName::Iri(name), _) => write_iri(&mut out, name.as_str()),
            (GraphName::Blank(blank), _) => style.labels.write(&mut out, *blank),
        }
        out.push_str(" {\n");
        write_statements(&mut out, &triples, prefixes, &prefixed, &style.labels, "    ");
        out.push_str("}\n");
    }
    out
}
