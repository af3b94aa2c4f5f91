//! One JSON-LD document to RDF: JSON-LD 1.1 API §4.1 (expansion) and §8 "Deserialize JSON-LD
//! to RDF" through oxjsonld, then every term checked again and made a harvest-rdf term.

use crate::report::{Diagnostic, DiagnosticKind, Report};
use crate::Options;
use harvest_rdf::{
    BlankNode, BlankNodes, Dataset, GraphError, GraphName, Iri, LanguageTag, Literal, Position, Quad, Subject, Term,
    Triple,
};
use oxjsonld::{JsonLdErrorCode, JsonLdParser, JsonLdProcessingMode, JsonLdRemoteDocument};
use oxrdf_jsonld as ox;
use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex, PoisonError};

const XSD_STRING: &str = "http://www.w3.org/2001/XMLSchema#string";

/// Where a document came from and whether to go on after it.
pub(crate) struct Block<'a> {
    pub(crate) text: &'a str,
    pub(crate) base: Option<&'a str>,
    /// The `script` element, named in diagnostics (its path is made only for a diagnostic:
    /// naming an element costs a walk over its ancestors' children).
    pub(crate) element: Option<(&'a harvest_dom::Document, &'a harvest_dom::Element)>,
    /// Where the text starts, when the positions of quads are asked for
    /// ([`Options::positions`]): the line of its first character, and whether columns on that
    /// line are known (they are not for a block in a page, whose `script` tag ends mid-line).
    pub(crate) origin: Option<(u32, bool)>,
}

/// The JSON-LD error a block raised, or why it was not processed.
fn failure(block: &Block<'_>, kind: DiagnosticKind, message: String) -> Diagnostic {
    let element = block.element.map(|(doc, element)| doc.element_path(element));
    Diagnostic { element, kind, message }
}

/// Converts one document; `Err(())` when the dataset is full (reported), so the caller stops.
pub(crate) fn convert(
    block: &Block<'_>,
    options: &Options,
    nodes: &mut BlankNodes,
    dataset: &mut Dataset,
    report: &mut Report,
) -> Result<(), ()> {
    if crate::depth::exceeds(block.text.as_bytes(), options.max_depth) {
        let message = format!("the block nests deeper than {} arrays and objects; it was skipped", options.max_depth);
        report.diagnostics.push(failure(block, DiagnosticKind::TooDeep { limit: options.max_depth }, message));
        return Ok(());
    }
    let (quads, loaded) = match expand(block, options, false) {
        Ok(expanded) => expanded,
        Err(diagnostic) => {
            report.diagnostics.push(diagnostic);
            return Ok(());
        }
    };
    if may_drop_terms(block) {
        report_dropped_terms(block, options, report);
    }
    let mut pairing = match block.origin {
        Some((line, columns)) if !quads.is_empty() => crate::members::Pairing::new(block.text, line, columns, &loaded),
        _ => None,
    };
    // Blank node labels are scoped to the document (JSON-LD 1.1 API §8.1: the generated
    // labels of one expansion); each becomes a fresh node of the caller's allocator, in order
    // of first appearance.
    let mut labels: HashMap<String, BlankNode> = HashMap::new();
    for quad in quads {
        let converted = match quad_of(&quad, &mut labels, nodes) {
            Ok(quad) => quad,
            Err(kind) => {
                let message = dropped_message(&kind);
                report.diagnostics.push(failure(block, kind, message));
                continue;
            }
        };
        // A quad no member is found for is placed on the block's first line.
        let position = match (&mut pairing, block.origin) {
            (Some(pairing), _) => pairing
                .offset(converted.triple.predicate.as_str(), &converted.triple.object)
                .and_then(|offset| pairing.position(offset)),
            _ => None,
        }
        .or_else(|| block.origin.and_then(|(line, _)| Position::line_only(line)));
        match dataset.insert_at(converted, position) {
            Ok(added) => report.quads += usize::from(added),
            Err(GraphError::TooLarge { what, limit }) => {
                let message =
                    format!("the dataset reached its limit of {limit} {what}; later statements were not added");
                report.diagnostics.push(failure(
                    block,
                    DiagnosticKind::LimitReached { what: what.to_owned(), limit },
                    message,
                ));
                return Err(());
            }
            Err(other) => {
                let message = format!("{other}; later statements were not added");
                report.diagnostics.push(failure(
                    block,
                    DiagnosticKind::LimitReached { what: String::new(), limit: 0 },
                    message,
                ));
                return Err(());
            }
        }
    }
    Ok(())
}

/// Whether the processor may have dropped a statement for an IRI that is not well-formed or a
/// language tag that is not (JSON-LD 1.1 API §8.1 steps 1.3.1 and 1.3.2.5: such a statement
/// is skipped, silently): the document has no base IRI (a relative IRI stays relative), names
/// a language, or writes a character no IRI may hold in a string that stands where an IRI
/// does or reads as one (an object key; the value of `@id`, `@type`, `@vocab` or `@base`; a
/// string with `://` or starting as a reference or a blank node label does). The test is
/// textual, so a block that needs no second look is processed once; docs/jsonld.md says what
/// it can miss.
fn may_drop_terms(block: &Block<'_>) -> bool {
    if block.base.is_none() || block.text.contains("@language") {
        return true;
    }
    let mut suspicious = false;
    let mut previous_key: Option<String> = None;
    crate::strings::each_string(block.text, |value, is_key| {
        let forbidden = value
            .chars()
            .any(|c| matches!(c, ' ' | '<' | '>' | '"' | '{' | '}' | '|' | '^' | '`' | '\\') || c.is_control());
        let iri_like = is_key
            || matches!(previous_key.as_deref(), Some("@id" | "@type" | "@vocab" | "@base"))
            || value.contains("://")
            || ["/", "#", "?", "./", "../", "_:", "www."].iter().any(|start| value.starts_with(start));
        suspicious |= forbidden && iri_like;
        previous_key = is_key.then(|| value.to_owned());
    });
    suspicious
}

/// The statements JSON-LD 1.1 API §8.1 skips for a term that is not well-formed, reported:
/// the processor skips them silently, so the document is processed again without its checks
/// (oxjsonld's lenient mode) and the terms harvest-rdf refuses in that output are the ones
/// skipped. The output of the first, checked processing is the one kept.
fn report_dropped_terms(block: &Block<'_>, options: &Options, report: &mut Report) {
    let Ok((unchecked, _)) = expand(block, options, true) else { return };
    let mut seen = std::collections::HashSet::new();
    let mut labels = HashMap::new();
    let mut scratch = BlankNodes::new();
    for quad in &unchecked {
        if let Err(kind) = quad_of(quad, &mut labels, &mut scratch) {
            if seen.insert(kind.clone()) {
                report.diagnostics.push(failure(block, kind.clone(), dropped_message(&kind)));
            }
        }
    }
}

fn dropped_message(kind: &DiagnosticKind) -> String {
    match kind {
        DiagnosticKind::InvalidIri { value } => format!("{value:?} is not an absolute IRI; the statement was dropped"),
        DiagnosticKind::InvalidLanguageTag { value } => {
            format!("{value:?} is not a well-formed language tag; the statement was dropped")
        }
        _ => "the statement was dropped".to_owned(),
    }
}

/// Runs the processor over the document: every quad, or the first error (JSON-LD 1.1 API §4:
/// an error ends the algorithm, so a block that raises one gives nothing). `unchecked` skips
/// the processor's own checks of IRIs and language tags. With the quads come the remote
/// documents the processor loaded, when the block's positions are asked for (their contexts
/// are read again to pair quads with members: `crate::members`).
fn expand(block: &Block<'_>, options: &Options, unchecked: bool) -> Result<Expanded, Diagnostic> {
    let mode = match options.processing_mode {
        crate::ProcessingMode::JsonLd10 => JsonLdProcessingMode::JsonLd1_0,
        _ => JsonLdProcessingMode::JsonLd1_1,
    };
    let mut parser = JsonLdParser::new().with_processing_mode(mode);
    if unchecked {
        parser = parser.lenient();
    }
    if let Some(base) = block.base {
        // A base that is not an IRI is no base (JSON-LD 1.1 API §9.4.2 `base`).
        if let Ok(with_base) = parser.clone().with_base_iri(base) {
            parser = with_base;
        }
    }
    let missing: Arc<Mutex<Vec<String>>> = Arc::default();
    let loader_options = AssertUnwindSafe((options.clone(), Arc::<str>::from(block.text)));
    let loader_missing = AssertUnwindSafe(Arc::clone(&missing));
    let loaded: Arc<Mutex<Loaded>> = Arc::default();
    let keep_loaded = block.origin.is_some() && !unchecked;
    let loader_loaded = AssertUnwindSafe(Arc::clone(&loaded));
    let iter = parser.for_slice(block.text.as_bytes()).with_load_document_callback(move |url, _| {
        let (options, text) = &*loader_options;
        match options.document(url, text) {
            Some(document) => {
                if keep_loaded {
                    loader_loaded
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push((url.to_owned(), document.clone()));
                }
                Ok(JsonLdRemoteDocument { document, document_url: url.to_owned() })
            }
            None => {
                loader_missing.lock().unwrap_or_else(PoisonError::into_inner).push(url.to_owned());
                Err(format!("{url} is not available offline").into())
            }
        }
    });
    let mut quads = Vec::new();
    for result in iter {
        match result {
            Ok(quad) => quads.push(quad),
            Err(error) => {
                let missing = missing.lock().unwrap_or_else(PoisonError::into_inner).first().cloned();
                let (kind, message) = match (error.code(), missing) {
                    (None, _) => (DiagnosticKind::NotJson, format!("the block is not JSON: {error}")),
                    (
                        Some(JsonLdErrorCode::LoadingRemoteContextFailed | JsonLdErrorCode::LoadingDocumentFailed),
                        Some(url),
                    ) => (
                        DiagnosticKind::RemoteContext { url: url.clone() },
                        format!("the remote context {url} is not available offline (nothing is fetched): the block was skipped"),
                    ),
                    (Some(code), _) => (
                        DiagnosticKind::InvalidJsonLd { code: code.to_string() },
                        format!("the block is not valid JSON-LD ({code}): {error}"),
                    ),
                };
                return Err(failure(block, kind, message));
            }
        }
    }
    let loaded = std::mem::take(&mut *loaded.lock().unwrap_or_else(PoisonError::into_inner));
    Ok((quads, loaded))
}

/// The remote documents loaded for a block, by URL.
type Loaded = Vec<(String, Vec<u8>)>;

/// The quads of a block and the remote documents loaded for it.
type Expanded = (Vec<ox::Quad>, Loaded);

fn iri(value: &str) -> Result<Iri, DiagnosticKind> {
    Iri::parse(value).map_err(|_| DiagnosticKind::InvalidIri { value: value.to_owned() })
}

fn blank(label: &str, labels: &mut HashMap<String, BlankNode>, nodes: &mut BlankNodes) -> BlankNode {
    if let Some(&node) = labels.get(label) {
        return node;
    }
    let node = nodes.fresh();
    labels.insert(label.to_owned(), node);
    node
}

fn subject_of(
    subject: &ox::NamedOrBlankNode,
    labels: &mut HashMap<String, BlankNode>,
    nodes: &mut BlankNodes,
) -> Result<Subject, DiagnosticKind> {
    Ok(match subject {
        ox::NamedOrBlankNode::NamedNode(node) => Subject::Iri(iri(node.as_str())?),
        ox::NamedOrBlankNode::BlankNode(node) => Subject::Blank(blank(node.as_str(), labels, nodes)),
    })
}

fn literal_of(literal: &ox::Literal) -> Result<Literal, DiagnosticKind> {
    if let Some(language) = literal.language() {
        let language = LanguageTag::parse(language)
            .map_err(|_| DiagnosticKind::InvalidLanguageTag { value: language.to_owned() })?;
        return Ok(Literal::plain(literal.value(), Some(language)));
    }
    let datatype = literal.datatype();
    if datatype.as_str() == XSD_STRING {
        return Ok(Literal::simple(literal.value()));
    }
    Ok(Literal::typed(literal.value(), iri(datatype.as_str())?))
}

/// The quad as harvest-rdf terms; an IRI or a language tag that is not valid is the error.
/// Blank nodes are only allocated once the whole quad is valid.
fn quad_of(
    quad: &ox::Quad,
    labels: &mut HashMap<String, BlankNode>,
    nodes: &mut BlankNodes,
) -> Result<Quad, DiagnosticKind> {
    // Check everything first, so that a dropped quad allocates no node.
    let predicate = iri(quad.predicate.as_str())?;
    for named in [subject_named(&quad.subject), graph_named(&quad.graph_name)].into_iter().flatten() {
        iri(named)?;
    }
    let object_literal = match &quad.object {
        ox::Term::NamedNode(node) => {
            iri(node.as_str())?;
            None
        }
        ox::Term::Literal(literal) => Some(literal_of(literal)?),
        _ => None,
    };
    let subject = subject_of(&quad.subject, labels, nodes)?;
    let object = match (&quad.object, object_literal) {
        (_, Some(literal)) => Term::Literal(literal),
        (ox::Term::NamedNode(node), None) => Term::Iri(iri(node.as_str())?),
        (ox::Term::BlankNode(node), None) => Term::Blank(blank(node.as_str(), labels, nodes)),
        #[allow(unreachable_patterns)]
        (other, None) => return Err(DiagnosticKind::InvalidIri { value: other.to_string() }),
    };
    let graph = match &quad.graph_name {
        ox::GraphName::DefaultGraph => GraphName::Default,
        ox::GraphName::NamedNode(node) => GraphName::Iri(iri(node.as_str())?),
        ox::GraphName::BlankNode(node) => GraphName::Blank(blank(node.as_str(), labels, nodes)),
    };
    Ok(Quad::new(Triple::new(subject, predicate, object), graph))
}

fn subject_named(subject: &ox::NamedOrBlankNode) -> Option<&str> {
    match subject {
        ox::NamedOrBlankNode::NamedNode(node) => Some(node.as_str()),
        ox::NamedOrBlankNode::BlankNode(_) => None,
    }
}

fn graph_named(graph: &ox::GraphName) -> Option<&str> {
    match graph {
        ox::GraphName::NamedNode(node) => Some(node.as_str()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn suspicious(text: &str) -> bool {
        may_drop_terms(&Block { text, base: Some("https://example.com/"), element: None, origin: None })
    }

    #[test]
    fn only_iri_like_strings_with_forbidden_characters_ask_for_a_second_look() {
        assert!(!suspicious(r#"{"@type": "Person", "name": "Ada Lovelace", "description": "a <b>bold</b> {claim}"}"#));
        assert!(suspicious(r#"{"@id": "http://exa mple.com/", "name": "x"}"#));
        assert!(suspicious(r#"{"url": "https://example.com/{term}"}"#));
        assert!(suspicious(r#"{"image": "/photo 1.jpg"}"#));
        assert!(suspicious(r#"{"my property": 1}"#));
        assert!(suspicious(r#"{"@type": "Two words"}"#));
        assert!(suspicious(r#"{"name": {"@value": "x", "@language": "en"}}"#));
        assert!(suspicious(r#"{"url": "https:\/\/example.com\/a\u0020b"}"#));
        assert!(may_drop_terms(&Block { text: "{}", base: None, element: None, origin: None }));
    }
}
