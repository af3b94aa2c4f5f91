//! The processor graph (RDFa Core 1.1 §7.6): what the processor noticed on the way, as
//! `rdfa:Error` and `rdfa:Warning` entries (and their subclasses of §10.1).

use harvest_rdf::{vocab, BlankNodes, Graph, GraphError, Iri, Literal, Triple};
use serde::Serialize;

/// What kind of problem a [`Diagnostic`] reports: the class of its processor-graph entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[non_exhaustive]
pub enum DiagnosticKind {
    /// `rdfa:UnresolvedCURIE` (a warning): a CURIE whose prefix is not defined.
    UnresolvedCurie,
    /// `rdfa:UnresolvedTerm` (a warning): a term with no mapping and no default vocabulary.
    UnresolvedTerm,
    /// `rdfa:PrefixRedefinition` (a warning): a document prefix replaces one of the initial
    /// context.
    PrefixRedefinition,
    /// `rdfa:Warning`: an IRI that is not well-formed, left out of the graph.
    InvalidIri,
    /// `rdfa:Warning`: a `lang` that is not a well-formed BCP 47 tag; the literals under it
    /// are written without a language.
    InvalidLanguageTag,
    /// `rdfa:Warning`: a `prefix` declaration that is not `NCName: IRI`.
    InvalidPrefix,
    /// `rdfa:Warning`: the content of an `rdf:XMLLiteral` is not XML (a name or a character
    /// XML cannot hold); it is written as an `rdf:HTML` literal.
    NotXml,
}

impl DiagnosticKind {
    /// The class of the processor-graph entry.
    pub fn class(self) -> Iri {
        match self {
            DiagnosticKind::UnresolvedCurie => vocab::rdfa_unresolved_curie(),
            DiagnosticKind::UnresolvedTerm => vocab::rdfa_unresolved_term(),
            DiagnosticKind::PrefixRedefinition => vocab::rdfa_prefix_redefinition(),
            DiagnosticKind::InvalidIri
            | DiagnosticKind::InvalidLanguageTag
            | DiagnosticKind::InvalidPrefix
            | DiagnosticKind::NotXml => vocab::rdfa_warning(),
        }
    }
}

/// One entry of the processor graph.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// What happened.
    pub kind: DiagnosticKind,
    /// A human-readable description, naming the value at fault.
    pub message: String,
}

/// The processor graph of a list of diagnostics: each entry a blank node with its class
/// (`rdf:type`), `dc:description` and `rdfa:context` (the document).
pub(crate) fn graph(diagnostics: &[Diagnostic], document: &Iri) -> Result<Graph, GraphError> {
    let mut graph = Graph::new();
    let mut nodes = BlankNodes::new();
    let (rdf_type, description, context) = (vocab::rdf_type(), vocab::dc_description(), vocab::rdfa_context());
    for diagnostic in diagnostics {
        let node = nodes.fresh();
        graph.insert(Triple::new(node, rdf_type.clone(), diagnostic.kind.class()))?;
        graph.insert(Triple::new(node, description.clone(), Literal::simple(diagnostic.message.clone())))?;
        graph.insert(Triple::new(node, context.clone(), document.clone()))?;
    }
    Ok(graph)
}
