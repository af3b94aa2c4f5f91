//! One graph per page: every RDF syntax of a page in one dataset, as Web Data Commons publishes
//! a crawl's structured data.
//!
//! [`page_graph`] reads the page's
//!
//! * microdata, by the W3C note "Microdata to RDF" (what `harvest rdf` writes by default);
//! * RDFa 1.1, its output graph (Open Graph's `meta property="og:…"` comes through here, once:
//!   `og:` is a prefix of RDFa's initial context);
//! * JSON-LD, every `application/ld+json` block by JSON-LD 1.1's "Deserialize JSON-LD to RDF"
//!   (harvest-jsonld, contexts offline);
//! * Dublin Core, DC-HTML's own RDF mapping (harvest-meta);
//!
//! into one [`Dataset`]: the page's statements in the default graph, a JSON-LD named graph
//! under its own name. Microformats are not RDF and stay JSON. A statement two syntaxes make is
//! one quad, and [`PageGraph::sources`] says which syntaxes made it. Each syntax numbers its
//! blank nodes from zero; they are renumbered past the ones already in the dataset, so two
//! syntaxes' nodes never meet.
//!
//! [`PageGraph::write`] writes it: N-Quads by default, the default graph written as the
//! page's URL (the fourth term of every line), its blank nodes labelled from a hash of its
//! statements ([`BlankLabels::derived`]), so a crawl's pages concatenate into one file; N-Triples
//! and Turtle write the union of its graphs, TriG and JSON-LD its graphs by name.
//!
//! ```
//! use harvest_html::output::{page_graph, GraphOutput};
//! use harvest_html::{Extractor, Limits, Page};
//! let html = br##"<title>T</title><div itemscope itemtype="https://schema.org/Person"><span itemprop="name">Ada</span></div>
//! <script type="application/ld+json">{"@context": "https://schema.org", "@id": "#org", "@type": "Organization"}</script>"##;
//! let page = Page::new("-", html.to_vec(), Some("https://example.com/"));
//! let graph = page_graph(&Extractor::new().parse(&page), &GraphOutput::default(), &Limits::default());
//! let nquads = graph.write(&GraphOutput::default());
//! assert!(nquads.contains("<https://example.com/#org> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://schema.org/Organization> <https://example.com/> .\n"));
//! assert!(nquads.contains(" <https://schema.org/name> \"Ada\" <https://example.com/> .\n"));
//! assert_eq!(graph.dataset.len(), 3);
//! assert!(graph.diagnostics.is_empty());
//! ```

use crate::limits::Limits;
use harvest_dom::Document;
use harvest_export::rdf::registry::Registry;
use harvest_rdf::vocab::about_blank;
use harvest_rdf::{
    jsonld, nquads, ntriples, trig, turtle, BlankLabels, BlankNode, BlankNodes, Dataset, GraphError, GraphName, Iri,
    Position, Quad, Subject, Term, Triple,
};
use indexmap::IndexMap;
use serde::Serialize;
use std::sync::Arc;

/// A syntax a page's statements come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum GraphSource {
    /// Microdata, by the W3C note "Microdata to RDF".
    Microdata,
    /// RDFa 1.1 (Open Graph's `meta property` included).
    Rdfa,
    /// JSON-LD blocks.
    JsonLd,
    /// Dublin Core (DC-HTML).
    DublinCore,
}

impl GraphSource {
    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// The RDF syntax a page's dataset is written in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GraphFormat {
    /// N-Quads, the default graph written as the page's URL (Web Data Commons' layout).
    #[default]
    NQuads,
    /// N-Triples: the union of the dataset's graphs.
    NTriples,
    /// Turtle: the union of the dataset's graphs.
    Turtle,
    /// TriG: the page's graph and each named graph.
    TriG,
    /// JSON-LD (expanded): one object per graph, `{"@id": graph, "@graph": [nodes]}`.
    JsonLd,
}

impl GraphFormat {
    /// The media type of the format (`application/n-quads`, `text/turtle`...).
    pub fn media_type(self) -> &'static str {
        match self {
            GraphFormat::NQuads => "application/n-quads",
            GraphFormat::NTriples => "application/n-triples",
            GraphFormat::Turtle => "text/turtle",
            GraphFormat::TriG => "application/trig",
            GraphFormat::JsonLd => "application/ld+json",
        }
    }

    /// Whether each statement is a line of its own (N-Quads, N-Triples): the formats that can
    /// say which syntax each statement came from ([`GraphOutput::provenance`]).
    pub fn is_line_based(self) -> bool {
        matches!(self, GraphFormat::NQuads | GraphFormat::NTriples)
    }
}

/// What a page's dataset is made of and how it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GraphOutput {
    /// The format (default N-Quads).
    pub format: GraphFormat,
    /// The syntaxes read (default: all of them).
    pub sources: Vec<GraphSource>,
    /// After each statement, as an N-Quads or N-Triples comment, the syntaxes it came from
    /// (`… . # microdata json-ld`); off by default. Parsers skip comments, so the output
    /// stays N-Quads.
    pub provenance: bool,
    /// The microdata vocabulary registry (`None`: the note's default registry).
    pub registry: Option<Registry>,
    /// JSON-LD documents given by URL (remote contexts), beside the bundled schema.org context:
    /// nothing is ever fetched.
    pub contexts: Vec<(String, Arc<[u8]>)>,
}

impl Default for GraphOutput {
    fn default() -> Self {
        GraphOutput {
            format: GraphFormat::default(),
            sources: GraphSource::ALL.to_vec(),
            provenance: false,
            registry: None,
            contexts: Vec::new(),
        }
    }
}

impl GraphOutput {
    /// N-Quads of every syntax, schema.org's context the only remote one.
    pub fn new() -> GraphOutput {
        GraphOutput::default()
    }

    /// Sets [`GraphOutput::format`].
    pub fn format(mut self, format: GraphFormat) -> GraphOutput {
        self.format = format;
        self
    }

    /// Sets [`GraphOutput::sources`].
    pub fn sources(mut self, sources: Vec<GraphSource>) -> GraphOutput {
        self.sources = sources;
        self
    }

    /// Sets [`GraphOutput::provenance`].
    pub fn provenance(mut self, provenance: bool) -> GraphOutput {
        self.provenance = provenance;
        self
    }

    /// Sets [`GraphOutput::registry`].
    pub fn registry(mut self, registry: Registry) -> GraphOutput {
        self.registry = Some(registry);
        self
    }

    /// Adds a JSON-LD document (a context) for `url` ([`GraphOutput::contexts`]).
    pub fn context(mut self, url: impl Into<String>, document: impl Into<Vec<u8>>) -> GraphOutput {
        self.contexts.push((url.into(), Arc::from(document.into())));
        self
    }

    /// Checks the options before any page: provenance is for the line formats.
    pub fn check(&self) -> Result<(), String> {
        if self.provenance && !self.format.is_line_based() {
            return Err(format!(
                "provenance is written as a comment on each statement's line: use the nquads or ntriples format, not {}",
                self.format.name()
            ));
        }
        Ok(())
    }

    fn jsonld_options(&self) -> harvest_jsonld::Options {
        // Each quad keeps the position of its JSON member, for PageGraph::origin.
        let mut options = harvest_jsonld::Options::new().positions(true);
        for (url, document) in &self.contexts {
            options = options.context(url.clone(), document.to_vec());
        }
        options
    }
}

/// Something a syntax of the page could not give whole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct GraphDiagnostic {
    /// The syntax.
    pub syntax: GraphSource,
    /// The element it is about (a JSON-LD block's `script`), as a path, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element: Option<String>,
    /// What happened, in words.
    pub message: String,
}

impl std::fmt::Display for GraphDiagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.element {
            Some(element) => write!(f, "{}: {element}: {}", self.syntax.name(), self.message),
            None => write!(f, "{}: {}", self.syntax.name(), self.message),
        }
    }
}

/// A page's dataset, where each statement came from, and what could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct PageGraph {
    /// The statements: the page's in the default graph, a JSON-LD named graph's under its name.
    pub dataset: Dataset,
    /// The page's URL (`about:blank` when it has none): the name its default graph is written
    /// under.
    pub page: Iri,
    /// What a syntax could not give whole, in the order the syntaxes were read.
    pub diagnostics: Vec<GraphDiagnostic>,
    /// For each quad of the dataset, in order, the syntaxes that made it (one bit each).
    sources: Vec<u8>,
    /// The blank nodes numbered so far: a syntax's nodes are renumbered past them.
    blank_nodes: u64,
}

/// Reads the page's RDF syntaxes into one dataset (see the module docs). Never fails: what a
/// syntax cannot give is in [`PageGraph::diagnostics`], and past [`Limits::max_values`]
/// statements the rest is left out and said.
pub fn page_graph(doc: &Document, output: &GraphOutput, limits: &Limits) -> PageGraph {
    let mut rdf_limits = harvest_rdf::Limits::new();
    if let Some(max) = limits.max_values {
        rdf_limits = rdf_limits.max_triples(max);
    }
    let page = doc.url().and_then(|url| Iri::repair(url.as_str()).ok()).unwrap_or_else(about_blank);
    let mut graph = PageGraph {
        dataset: Dataset::with_limits(rdf_limits),
        page,
        diagnostics: Vec::new(),
        sources: Vec::new(),
        blank_nodes: 0,
    };
    for source in GraphSource::ALL.into_iter().filter(|source| output.sources.contains(source)) {
        let complete = match source {
            GraphSource::Microdata => graph.add_microdata(doc, output, rdf_limits),
            GraphSource::Rdfa => graph.add_rdfa(doc, rdf_limits),
            GraphSource::JsonLd => graph.add_jsonld(doc, output, rdf_limits),
            GraphSource::DublinCore => graph.add_dublin_core(doc, rdf_limits),
        };
        if complete.is_err() {
            break;
        }
    }
    graph
}

/// What [`write_graph`] wrote about a page.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GraphWritten {
    /// The quads of the page's dataset (N-Triples and Turtle write their union: as many lines
    /// or fewer).
    pub quads: usize,
    /// What a syntax could not give whole.
    pub diagnostics: Vec<GraphDiagnostic>,
}

/// Reads the page's dataset ([`page_graph`]) and writes it in `output`'s format to `out`,
/// within `limits` (the output's size, the deadline); gives its size and diagnostics.
pub fn write_graph(
    doc: &Document,
    output: &GraphOutput,
    limits: &Limits,
    out: &mut dyn std::io::Write,
) -> Result<GraphWritten, crate::error::Error> {
    crate::limits::check_interrupted(doc)?;
    let graph = page_graph(doc, output, limits);
    crate::limits::check_interrupted(doc)?;
    let text = graph.write(output);
    crate::limits::check_size(text.len() as u64, limits)?;
    out.write_all(text.as_bytes()).map_err(crate::error::Error::Io)?;
    Ok(GraphWritten { quads: graph.dataset.len(), diagnostics: graph.diagnostics })
}

/// [`write_graph`] for a page: parsed within `limits` first.
pub fn write_page_graph(
    page: &crate::Page,
    output: &GraphOutput,
    limits: &Limits,
    out: &mut dyn std::io::Write,
) -> Result<GraphWritten, crate::error::Error> {
    write_graph(&crate::extractors::parse_limited(page, limits), output, limits, out)
}

/// The dataset is full: the syntaxes after this one are not read.
struct Full;

/// Where a quad of a [`PageGraph`] came from: the first syntax that made it, and the page line
/// and column of what made it there (the element for microdata, RDFa and Dublin Core, the JSON
/// member for JSON-LD), where known. `docs/check.md` ("Where: lines and columns") says which
/// line each syntax gives and when a column is absent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Origin {
    /// The first syntax (in [`GraphSource::ALL`]'s order) that made the quad.
    pub syntax: GraphSource,
    /// The page line, from 1.
    pub line: Option<u32>,
    /// The column on that line, from 1, in characters.
    pub column: Option<u32>,
}

impl PageGraph {
    /// The syntaxes that made the `index`th quad of [`PageGraph::dataset`].
    pub fn sources(&self, index: usize) -> impl Iterator<Item = GraphSource> + '_ {
        let bits = self.sources.get(index).copied().unwrap_or(0);
        GraphSource::ALL.into_iter().filter(move |source| bits & source.bit() != 0)
    }

    /// Where the `index`th quad of [`PageGraph::dataset`] came from; `None` past the last quad.
    pub fn origin(&self, index: usize) -> Option<Origin> {
        let syntax = self.sources(index).next()?;
        let position = self.dataset.position(index);
        Some(Origin { syntax, line: position.map(Position::line), column: position.and_then(Position::column) })
    }

    /// How many quads each syntax made (a quad two syntaxes made counts for both).
    pub fn counts(&self) -> Vec<(GraphSource, usize)> {
        GraphSource::ALL
            .into_iter()
            .map(|source| (source, self.sources.iter().filter(|bits| *bits & source.bit() != 0).count()))
            .collect()
    }

    /// The blank node labels of this page: derived from its statements and URL
    /// ([`BlankLabels::derived`]), `_:b0`… when it has no blank node.
    pub fn labels(&self) -> BlankLabels {
        let has_blank = self.dataset.iter().any(|quad| {
            matches!(quad.triple.subject, Subject::Blank(_))
                || matches!(quad.triple.object, Term::Blank(_))
                || matches!(quad.graph, GraphName::Blank(_))
        });
        if has_blank {
            BlankLabels::derived(&self.dataset, Some(&self.page))
        } else {
            BlankLabels::default()
        }
    }

    /// The dataset in `output`'s format (see [`GraphFormat`]); JSON-LD as compact JSON.
    pub fn write(&self, output: &GraphOutput) -> String {
        let labels = self.labels();
        let style = nquads::Style::new().default_graph(self.page.clone()).labels(labels.clone());
        match output.format {
            GraphFormat::NQuads if output.provenance => {
                let mut out = String::new();
                for (index, quad) in self.dataset.iter().enumerate() {
                    nquads::write_statement_of(&mut out, quad, &style);
                    self.write_provenance(&mut out, self.sources.get(index).copied().unwrap_or(0));
                }
                out
            }
            GraphFormat::NQuads => nquads::write(&self.dataset, &style),
            GraphFormat::NTriples => {
                let union = self.union();
                if output.provenance {
                    let mut out = String::new();
                    for (triple, bits) in union {
                        let line = ntriples::write_labelled([triple], &labels);
                        out.push_str(line.trim_end_matches('\n').trim_end_matches(" ."));
                        self.write_provenance(&mut out, bits);
                    }
                    out
                } else {
                    ntriples::write_labelled(union.keys().copied(), &labels)
                }
            }
            GraphFormat::Turtle => turtle::write_labelled(self.union().keys().copied(), &prefixes(), &labels),
            GraphFormat::TriG => trig::write(&self.dataset, &prefixes(), &style),
            GraphFormat::JsonLd => jsonld::write_dataset(&self.dataset, Some(&self.page), &labels).to_string(),
        }
    }

    /// ` . # syntax syntax` and the end of the line, after a statement written without its
    /// ` .`.
    fn write_provenance(&self, out: &mut String, bits: u8) {
        out.push_str(" . #");
        for source in GraphSource::ALL.into_iter().filter(|source| bits & source.bit() != 0) {
            out.push(' ');
            out.push_str(source.name());
        }
        out.push('\n');
    }

    /// Every graph's triples once, with the syntaxes that made them.
    fn union(&self) -> IndexMap<&Triple, u8> {
        let mut union: IndexMap<&Triple, u8> = IndexMap::new();
        for (index, quad) in self.dataset.iter().enumerate() {
            *union.entry(&quad.triple).or_default() |= self.sources.get(index).copied().unwrap_or(0);
        }
        union
    }

    fn diagnose(&mut self, syntax: GraphSource, element: Option<String>, message: impl Into<String>) {
        self.diagnostics.push(GraphDiagnostic { syntax, element, message: message.into() });
    }

    /// Adds a syntax's quads, its blank nodes (numbered by the syntax from zero) renumbered
    /// past the dataset's.
    fn absorb<'q>(
        &mut self,
        quads: impl IntoIterator<Item = (&'q Triple, &'q GraphName, Option<Position>)>,
        source: GraphSource,
    ) -> Result<(), Full> {
        let offset = self.blank_nodes;
        let mut highest = None;
        let mut shift = |blank: BlankNode| {
            let id = blank.id().saturating_add(offset);
            highest = highest.max(Some(id));
            BlankNode::new(id)
        };
        let mut result = Ok(());
        for (triple, graph, position) in quads {
            let subject = match &triple.subject {
                Subject::Blank(blank) => Subject::Blank(shift(*blank)),
                iri => iri.clone(),
            };
            let object = match &triple.object {
                Term::Blank(blank) => Term::Blank(shift(*blank)),
                other => other.clone(),
            };
            let name = match graph {
                GraphName::Blank(blank) => GraphName::Blank(shift(*blank)),
                other => other.clone(),
            };
            let shifted = Quad::new(Triple::new(subject, triple.predicate.clone(), object), name);
            let known = self.dataset.index_of(&shifted);
            match known {
                Some(index) => self.sources[index] |= source.bit(),
                // A quad another syntax made first keeps that syntax's position.
                None => match self.dataset.insert_at(shifted, position) {
                    Ok(_) => self.sources.push(source.bit()),
                    Err(error) => {
                        self.diagnose(source, None, format!("{error}: the page's later statements are left out"));
                        result = Err(Full);
                        break;
                    }
                },
            }
        }
        if let Some(highest) = highest {
            self.blank_nodes = self.blank_nodes.max(highest.saturating_add(1));
        }
        result
    }

    /// Adds a graph's triples to the default graph.
    fn absorb_graph(&mut self, graph: &harvest_rdf::Graph, source: GraphSource) -> Result<(), Full> {
        static DEFAULT_GRAPH: GraphName = GraphName::Default;
        self.absorb(graph.iter_positioned().map(|(triple, position)| (triple, &DEFAULT_GRAPH, position)), source)
    }

    fn add_microdata(&mut self, doc: &Document, output: &GraphOutput, limits: harvest_rdf::Limits) -> Result<(), Full> {
        let mut options = harvest_export::rdf::w3c::W3cOptions::new()
            .max_triples(limits.max_triples)
            .registry(output.registry.clone().unwrap_or_default());
        options.limits.limits = options.limits.limits.max_bytes(limits.max_bytes);
        match harvest_export::rdf::w3c::from_microdata(doc, &options) {
            Ok(conversion) => {
                for dropped in &conversion.dropped {
                    self.diagnose(GraphSource::Microdata, None, format!("left out: {dropped}"));
                }
                for cycle in &conversion.cycles {
                    self.diagnose(
                        GraphSource::Microdata,
                        Some(cycle.clone()),
                        "an item is its own property (itemref cycle)",
                    );
                }
                self.absorb_graph(&conversion.graph, GraphSource::Microdata)
            }
            Err(error) => {
                self.diagnose(GraphSource::Microdata, None, format!("{error}: no microdata statement is kept"));
                Ok(())
            }
        }
    }

    fn add_rdfa(&mut self, doc: &Document, limits: harvest_rdf::Limits) -> Result<(), Full> {
        match harvest_rdfa::parse(doc, &harvest_rdfa::RdfaOptions::new().limits(limits)) {
            Ok(rdfa) => self.absorb_graph(&rdfa.graph, GraphSource::Rdfa),
            Err(error) => {
                self.diagnose(GraphSource::Rdfa, None, format!("{error}: no RDFa statement is kept"));
                Ok(())
            }
        }
    }

    fn add_jsonld(&mut self, doc: &Document, output: &GraphOutput, limits: harvest_rdf::Limits) -> Result<(), Full> {
        let mut blocks = Dataset::with_limits(limits);
        let report = harvest_jsonld::to_rdf(doc, &output.jsonld_options(), &mut BlankNodes::new(), &mut blocks);
        for diagnostic in report.diagnostics {
            self.diagnose(GraphSource::JsonLd, diagnostic.element, diagnostic.message);
        }
        let quads = blocks.iter().enumerate().map(|(index, quad)| (&quad.triple, &quad.graph, blocks.position(index)));
        self.absorb(quads, GraphSource::JsonLd)
    }

    fn add_dublin_core(&mut self, doc: &Document, limits: harvest_rdf::Limits) -> Result<(), Full> {
        match harvest_meta::dublin_core_graph(doc, limits) {
            Ok(graph) => self.absorb_graph(&graph, GraphSource::DublinCore),
            Err(error @ GraphError::TooLarge { .. }) => {
                self.diagnose(
                    GraphSource::DublinCore,
                    None,
                    format!("{error}: the page's later statements are left out"),
                );
                Err(Full)
            }
            Err(error) => {
                self.diagnose(GraphSource::DublinCore, None, error.to_string());
                Ok(())
            }
        }
    }
}

/// The prefixes Turtle and TriG declare when used: RDFa's initial context (`schema:`, `og:`,
/// `dcterms:`, `foaf:`…) and `sdo:` for schema.org over https.
fn prefixes() -> Vec<(String, String)> {
    let mut prefixes = harvest_rdfa::turtle_prefixes();
    prefixes.push(("sdo".to_owned(), "https://schema.org/".to_owned()));
    prefixes
}
