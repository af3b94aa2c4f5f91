//! Pages to datasets, and datasets changed for the negative tests.
#![allow(dead_code)]

use harvest_check::{FeatureReport, Report};
use harvest_html::output::{page_graph, GraphOutput};
use harvest_html::{Extractor, Limits, Page};
use harvest_rdf::{Dataset, Literal, Quad, Term, Triple};

/// The dataset of a page (every RDF syntax), at `https://site.example/page`.
pub(crate) fn page(html: &str) -> Dataset {
    let doc = Extractor::new().parse(&Page::new("-", html.as_bytes().to_vec(), Some("https://site.example/page")));
    page_graph(&doc, &GraphOutput::default(), &Limits::default()).dataset
}

/// The dataset of a JSON-LD block.
pub(crate) fn jsonld(json: &str) -> Dataset {
    page(&format!("<script type=\"application/ld+json\">{json}</script>"))
}

/// The first report of a feature.
pub(crate) fn report_of<'r>(report: &'r Report, feature: &str) -> Option<&'r FeatureReport> {
    report.features.iter().find(|f| f.feature == feature)
}

fn schema_property(quad: &Quad) -> Option<&str> {
    let iri = quad.triple.predicate.as_str();
    iri.strip_prefix("https://schema.org/").or_else(|| iri.strip_prefix("http://schema.org/"))
}

/// The dataset without the statements of any of `properties`.
pub(crate) fn without(dataset: &Dataset, properties: &[&str]) -> Dataset {
    let mut kept = Dataset::new();
    for quad in dataset.iter() {
        if !schema_property(quad).is_some_and(|p| properties.contains(&p)) {
            kept.insert(quad.clone()).unwrap();
        }
    }
    kept
}

/// The dataset with each literal value of `property` replaced by `value`; `None` when it has
/// no such literal.
pub(crate) fn worsen(dataset: &Dataset, property: &str, value: &str) -> Option<Dataset> {
    let mut changed = false;
    let mut out = Dataset::new();
    for quad in dataset.iter() {
        let mut quad = quad.clone();
        if schema_property(&quad) == Some(property) && matches!(quad.triple.object, Term::Literal(_)) {
            quad = Quad::new(
                Triple::new(quad.triple.subject.clone(), quad.triple.predicate.clone(), Literal::simple(value)),
                quad.graph.clone(),
            );
            changed = true;
        }
        out.insert(quad).unwrap();
    }
    changed.then_some(out)
}
