//! JSON-LD 1.1 in expanded, flattened form: an array with one node object per subject, in
//! order of first appearance, every IRI in full. A JSON-LD processor reading it gives exactly
//! the graph's triples; it is also the shape of extruct's `rdfa` output.

use crate::dataset::{Dataset, GraphName};
use crate::labels::BlankLabels;
use crate::term::{Iri, Literal, Subject, Term, Triple};
use crate::vocab::RDF_TYPE;
use serde_json::{json, Map, Value};
use std::collections::HashMap;

/// Writes triples as expanded JSON-LD node objects: `@id`, `@type` (the IRI and blank-node
/// objects of `rdf:type`), then each predicate with its values: `{"@id"}` for nodes,
/// `{"@value"}` with `@language` or `@type` for literals.
///
/// ```
/// use harvest_rdf::{jsonld, Iri, Literal, Triple};
/// let s = Iri::parse("http://example.com/").unwrap();
/// let rdf_type = Iri::parse("http://www.w3.org/1999/02/22-rdf-syntax-ns#type").unwrap();
/// let title = Iri::parse("http://ogp.me/ns#title").unwrap();
/// let page = Iri::parse("http://schema.org/WebPage").unwrap();
/// let triples = [Triple::new(s.clone(), rdf_type, page), Triple::new(s, title, Literal::simple("Cats"))];
/// assert_eq!(jsonld::write(&triples), serde_json::json!([{
///     "@id": "http://example.com/",
///     "@type": ["http://schema.org/WebPage"],
///     "http://ogp.me/ns#title": [{"@value": "Cats"}]
/// }]));
/// ```
pub fn write<'a>(triples: impl IntoIterator<Item = &'a Triple>) -> Value {
    write_labelled(triples, &BlankLabels::default())
}

/// [`write()`] with blank nodes labelled by `labels`.
pub fn write_labelled<'a>(triples: impl IntoIterator<Item = &'a Triple>, labels: &BlankLabels) -> Value {
    let mut nodes: Vec<Map<String, Value>> = Vec::new();
    let mut index: HashMap<&Subject, usize> = HashMap::new();
    for triple in triples {
        let at = *index.entry(&triple.subject).or_insert_with(|| {
            let mut node = Map::new();
            node.insert("@id".to_owned(), Value::String(subject_id(&triple.subject, labels)));
            nodes.push(node);
            nodes.len() - 1
        });
        let node = &mut nodes[at];
        let is_type = triple.predicate.as_str() == RDF_TYPE;
        let (key, value) = match (&triple.object, is_type) {
            (Term::Iri(iri), true) => ("@type".to_owned(), Value::String(iri.as_str().to_owned())),
            (Term::Blank(blank), true) => ("@type".to_owned(), Value::String(labels.label(*blank))),
            (object, _) => (triple.predicate.as_str().to_owned(), value_object(object, labels)),
        };
        // Every member but `@id` is an array.
        if let Value::Array(values) = node.entry(key).or_insert_with(|| Value::Array(Vec::new())) {
            values.push(value);
        }
    }
    Value::Array(nodes.into_iter().map(Value::Object).collect())
}

/// A dataset as JSON-LD: the default graph's node objects (written as the graph
/// `default_graph` when one is given, as `harvest graph` names a page's statements), then one
/// object per named graph, `{"@id": name, "@graph": [nodes]}`, in order of first appearance.
///
/// ```
/// use harvest_rdf::{jsonld, BlankLabels, Dataset, Iri, Literal, Quad, Triple};
/// let page = Iri::parse("http://example.com/").unwrap();
/// let title = Iri::parse("http://ogp.me/ns#title").unwrap();
/// let mut dataset = Dataset::new();
/// dataset.insert(Quad::in_default_graph(Triple::new(page.clone(), title, Literal::simple("Cats")))).unwrap();
/// assert_eq!(jsonld::write_dataset(&dataset, Some(&page), &BlankLabels::new()), serde_json::json!([{
///     "@id": "http://example.com/",
///     "@graph": [{"@id": "http://example.com/", "http://ogp.me/ns#title": [{"@value": "Cats"}]}]
/// }]));
/// ```
pub fn write_dataset(dataset: &Dataset, default_graph: Option<&Iri>, labels: &BlankLabels) -> Value {
    let mut out = Vec::new();
    for (name, triples) in dataset.graphs() {
        let nodes = write_labelled(triples, labels);
        let id = match (name, default_graph) {
            (GraphName::Default, None) => {
                if let Value::Array(nodes) = nodes {
                    out.extend(nodes);
                }
                continue;
            }
            (GraphName::Default, Some(page)) => page.as_str().to_owned(),
            (GraphName::Iri(iri), _) => iri.as_str().to_owned(),
            (GraphName::Blank(blank), _) => labels.label(*blank),
        };
        out.push(json!({ "@id": id, "@graph": nodes }));
    }
    Value::Array(out)
}

fn subject_id(subject: &Subject, labels: &BlankLabels) -> String {
    match subject {
        Subject::Iri(iri) => iri.as_str().to_owned(),
        Subject::Blank(blank) => labels.label(*blank),
    }
}

fn value_object(term: &Term, labels: &BlankLabels) -> Value {
    match term {
        Term::Iri(iri) => json!({ "@id": iri.as_str() }),
        Term::Blank(blank) => json!({ "@id": labels.label(*blank) }),
        Term::Literal(Literal::Simple { value }) => json!({ "@value": value }),
        Term::Literal(Literal::LanguageTagged { value, language }) => {
            json!({ "@value": value, "@language": language.as_str() })
        }
        Term::Literal(Literal::Typed { value, datatype }) => json!({ "@value": value, "@type": datatype.as_str() }),
    }
}
