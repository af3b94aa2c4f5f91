#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Library code does not panic on what a page, a request or a file holds: no unwrap or expect
// outside tests (an invariant that needs one says why in an `allow`).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod attributes;
pub mod context;
mod copy;
mod curie;
mod expand;
mod process;
mod processor;
mod quiet;
mod text;

use harvest_dom::Document;
use harvest_rdf::{Graph, GraphError, Iri, Limits};
pub use processor::{Diagnostic, DiagnosticKind};

/// Settings of the processor.
///
/// ```
/// let options = harvest_rdfa::RdfaOptions::new().processor_graph(true);
/// assert!(options.processor_graph);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct RdfaOptions {
    /// Whether to keep the processor graph's entries ([`Rdfa::diagnostics`]); off, they are
    /// only counted.
    pub processor_graph: bool,
    /// RDFa Core 1.1 §10: vocabulary expansion (`rdfs:subPropertyOf`, `rdfs:subClassOf`,
    /// `owl:equivalentProperty`, `owl:equivalentClass`), from the triples of the document
    /// itself only (no vocabulary is fetched). Off by default.
    pub vocabulary_expansion: bool,
    /// How large the output graph may grow.
    pub limits: Limits,
}

impl RdfaOptions {
    /// The defaults: no processor graph, no vocabulary expansion, the default limits.
    pub fn new() -> RdfaOptions {
        RdfaOptions::default()
    }

    /// Sets [`RdfaOptions::processor_graph`].
    pub fn processor_graph(mut self, on: bool) -> RdfaOptions {
        self.processor_graph = on;
        self
    }

    /// Sets [`RdfaOptions::vocabulary_expansion`].
    pub fn vocabulary_expansion(mut self, on: bool) -> RdfaOptions {
        self.vocabulary_expansion = on;
        self
    }

    /// Sets [`RdfaOptions::limits`].
    pub fn limits(mut self, limits: Limits) -> RdfaOptions {
        self.limits = limits;
        self
    }
}

/// Why no graph was made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RdfaError {
    /// The graph would pass [`RdfaOptions::limits`].
    #[error(transparent)]
    TooLarge(#[from] GraphError),
}

/// What the processor found in a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rdfa {
    /// The output graph (RDFa Core 1.1 §7.6 "default graph"). Each triple keeps the page line
    /// of the element whose processing made it ([`Graph::position`]; a copied triple, that of
    /// the pattern's triple; an entailed one, that of the triple it comes from).
    pub graph: Graph,
    /// The document's IRI: the base the processing started from.
    pub base: Iri,
    /// The processor graph's entries, when [`RdfaOptions::processor_graph`] is on.
    pub diagnostics: Vec<Diagnostic>,
    /// Entries not kept: all of them with the processor graph off, those past 10,000 with it on.
    pub diagnostics_dropped: usize,
}

impl Rdfa {
    /// The processor graph (RDFa Core 1.1 §7.6): one blank node per diagnostic.
    pub fn processor_graph(&self) -> Result<Graph, GraphError> {
        processor::graph(&self.diagnostics, &self.base)
    }

    /// The output graph as N-Triples.
    pub fn to_ntriples(&self) -> String {
        self.graph.to_ntriples()
    }

    /// The output graph as Turtle, with the initial context's prefixes where they apply.
    pub fn to_turtle(&self) -> String {
        harvest_rdf::turtle::write(&self.graph, &turtle_prefixes())
    }

    /// The output graph as expanded JSON-LD: an array of node objects, every IRI in full (the
    /// shape of extruct's `rdfa` output).
    ///
    /// ```
    /// use harvest_dom::{Document, ParseOptions, Url};
    /// let url = Url::parse("http://example.com/").unwrap();
    /// let doc = Document::parse_with(
    ///     r#"<html prefix="og: http://ogp.me/ns#"><meta property="og:title" content="Cats">"#,
    ///     &ParseOptions::new().url(url),
    /// );
    /// let rdfa = harvest_rdfa::parse(&doc, &Default::default()).unwrap();
    /// assert_eq!(rdfa.to_jsonld(), serde_json::json!([
    ///     {"@id": "http://example.com/", "http://ogp.me/ns#title": [{"@value": "Cats"}]}
    /// ]));
    /// ```
    pub fn to_jsonld(&self) -> serde_json::Value {
        harvest_rdf::jsonld::write(&self.graph)
    }
}

/// The initial context's prefixes, for Turtle output.
pub fn turtle_prefixes() -> Vec<(String, String)> {
    context::PREFIXES
        .iter()
        // `dc` and `dcterms` name one namespace: `dcterms` is written.
        .filter(|(name, _)| *name != "dc")
        .map(|(name, iri)| ((*name).to_owned(), (*iri).to_owned()))
        .collect()
}

/// Runs the RDFa processor over a document. The base is the document's base URL (its `base`
/// element, else its URL), `about:blank` when it has none.
pub fn parse(document: &Document, options: &RdfaOptions) -> Result<Rdfa, RdfaError> {
    let base = document
        .base_url()
        .and_then(|url| Iri::repair(url.as_str()).ok())
        .unwrap_or_else(harvest_rdf::vocab::about_blank);
    let document_iri = base.resolve("").unwrap_or_else(|_| base.clone());
    let vocabulary = process::Vocabulary::new();
    let scope = curie::Scope::new(base, options.processor_graph);
    let mut sequence = process::Sequence::new(document, scope, Graph::with_limits(options.limits), &vocabulary);
    sequence.run()?;
    let process::Sequence { scope, graph, .. } = sequence;
    let mut graph = copy::copy_properties(graph, &vocabulary.rdf_type)?;
    if options.vocabulary_expansion {
        graph = expand::expand(graph)?;
    }
    Ok(Rdfa {
        graph,
        base: document_iri,
        diagnostics: scope.diagnostics,
        diagnostics_dropped: scope.dropped_diagnostics,
    })
}
