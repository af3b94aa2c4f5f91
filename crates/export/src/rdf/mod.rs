//! RDF from a document and its microdata: HTML 5.0 §5.5.2, written as N-Triples or Turtle.
//!
//! [`from_microdata`] runs the conversion: the `dc:title` triple, one triple per `rel` link
//! type of `a`, `area` and `link` elements (read with harvest-links), the `meta name`/`content`
//! pairs, `blockquote`/`q` `cite`, then the triples of every top-level microdata item (read with
//! harvest-microdata), with the memory that gives an item reached twice one subject, fallback
//! types for untyped nested items, and the `owl:equivalentProperty` triples of the licensing
//! vocabulary (§5.4.3.1) when a work item is present. The triples go into harvest-rdf's
//! [`Graph`], the one RDF model every producer of harvest fills and every writer reads, in the
//! order the algorithm generates them (a triple generated twice is kept once: an RDF graph is a
//! set), with blank nodes numbered in order of creation. A [`Conversion`] holds it with what
//! the conversion reports; [`Conversion::to_ntriples`] and [`Conversion::to_turtle`] write it.
//! Readings of the algorithm are in `docs/export-atom-rdf.md`.
//!
//! ```
//! use harvest_dom::{Document, ParseOptions, Url};
//! use harvest_export::rdf::{self, RdfOptions};
//! let url = Url::parse("http://example.com/").unwrap();
//! let doc = Document::parse_with(
//!     "<p itemscope itemtype='http://schema.org/Person'><span itemprop=name>Ada</span></p>",
//!     &ParseOptions::new().url(url),
//! );
//! let conversion = rdf::from_microdata(&doc, &RdfOptions::new()).unwrap();
//! assert_eq!(
//!     conversion.to_ntriples(),
//!     "_:b0 <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://schema.org/Person> .\n\
//!      _:b0 <http://www.w3.org/1999/xhtml/microdata#http://schema.org/Person%23:name> \"Ada\" .\n\
//!      <http://example.com/> <http://www.w3.org/1999/xhtml/microdata#item> _:b0 .\n"
//! );
//! ```

// Microdata items key the memory: they hash by identity (which element), never by their
// mutable contents (clippy.toml covers harvest-dom's Element and Node).
#![allow(clippy::mutable_key_type)]

use harvest_dom::{Document, Url};
use harvest_links::RdfRel;
use harvest_microdata::{Item, Microdata, PropertyValue};
use harvest_rdf::vocab::RDF_TYPE;
use harvest_rdf::{escape_ifragment, Graph, GraphError, Iri, Limits, Literal, Subject, Term};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// The namespace of the predicates made from `rel` keywords and `meta` names.
pub const XHTML_VOCAB: &str = "http://www.w3.org/1999/xhtml/vocab#";
/// The namespace of the predicates made from microdata property names.
pub const MICRODATA: &str = "http://www.w3.org/1999/xhtml/microdata#";
/// The predicate linking the document to its top-level items.
pub const MICRODATA_ITEM: &str = "http://www.w3.org/1999/xhtml/microdata#item";
/// `dcterms:title`.
pub const DC_TITLE: &str = "http://purl.org/dc/terms/title";
/// `dcterms:source`.
pub const DC_SOURCE: &str = "http://purl.org/dc/terms/source";
/// `owl:equivalentProperty`.
pub const OWL_EQUIVALENT_PROPERTY: &str = "http://www.w3.org/2002/07/owl#equivalentProperty";
/// The item type of the licensing vocabulary (§5.4.3).
pub const WORK_TYPE: &str = "http://n.whatwg.org/work";

pub mod jsonld;
mod languages;
mod output;
pub mod registry;
pub mod w3c;
mod write;

use languages::Languages;
use output::Output;

/// Settings of the RDF conversion.
///
/// ```
/// use harvest_export::rdf::RdfOptions;
/// let options = RdfOptions::new().max_triples(10_000);
/// assert_eq!(options.limits.max_triples, 10_000);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct RdfOptions {
    /// The document's current address, the subject of the document's triples; `None` uses
    /// the document's URL ([`Document::url`]), and `about:blank` when it has none.
    pub address: Option<Url>,
    /// How large the graph may grow. The conversion counts every triple it *generates* against
    /// [`Limits::max_triples`] and [`Limits::max_bytes`], also a triple already in the graph:
    /// the algorithm generates the triples of an item again each time it is reached, and the
    /// predicates of untyped items grow with their nesting, so a hostile page could ask for
    /// exponentially many; past a limit the conversion stops with [`RdfError::TooLarge`].
    pub limits: Limits,
}

impl RdfOptions {
    /// The defaults: the document's own URL, harvest-rdf's default [`Limits`].
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets [`RdfOptions::address`].
    pub fn address(mut self, address: Url) -> Self {
        self.address = Some(address);
        self
    }

    /// Sets [`Limits::max_triples`].
    pub fn max_triples(mut self, max_triples: usize) -> Self {
        self.limits = self.limits.max_triples(max_triples);
        self
    }

    /// Sets [`Limits::max_bytes`].
    pub fn max_bytes(mut self, max_bytes: usize) -> Self {
        self.limits = self.limits.max_bytes(max_bytes);
        self
    }
}

/// Why no graph was made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RdfError {
    /// The conversion would generate more than [`Limits::max_triples`] triples or
    /// [`Limits::max_bytes`] bytes.
    #[error("the RDF conversion exceeds its limit of {limit} {what}")]
    TooLarge {
        /// `"triples"` or `"bytes"`.
        what: &'static str,
        /// The limit that was reached.
        limit: usize,
    },
    /// The graph refused a triple for another reason.
    #[error(transparent)]
    Graph(GraphError),
}

impl From<GraphError> for RdfError {
    fn from(error: GraphError) -> RdfError {
        match error {
            GraphError::TooLarge { what, limit } => RdfError::TooLarge { what, limit },
            other => RdfError::Graph(other),
        }
    }
}

/// The result of a conversion (either algorithm).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Conversion {
    /// The triples, in the order the algorithm first generated them.
    pub graph: Graph,
    /// The subject of each top-level item, in tree order.
    pub items: Vec<Subject>,
    /// The element paths of items found again inside their own properties (`itemref`
    /// cycles): each is a microdata error of the page, converted without walking it twice
    /// (the W3C algorithm; the HTML 5.0 one stops such a cycle silently, as it says).
    pub cycles: Vec<String>,
    /// Whether the search for `itemprop-reverse` properties (W3C algorithm) stopped at its
    /// work bound (items sharing the same `itemref` targets many times over); the reverse
    /// triples found before it are in the graph.
    pub reverse_truncated: bool,
    /// What the conversion left out: each IRI that is not one and that could not be repaired
    /// into one, with why (the triples that held it are not in the graph).
    pub dropped: Vec<String>,
}

impl Conversion {
    /// The number of triples.
    pub fn len(&self) -> usize {
        self.graph.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.graph.is_empty()
    }

    /// The graph as N-Triples: one triple per line, in generation order (harvest-rdf's
    /// writer).
    pub fn to_ntriples(&self) -> String {
        self.graph.to_ntriples()
    }

    /// The graph as Turtle ([`to_turtle`]).
    pub fn to_turtle(&self) -> String {
        to_turtle(&self.graph)
    }
}

/// A graph of microdata as Turtle: `@prefix` lines for the namespaces the predicates use (the
/// fixed ones and one per microdata vocabulary), then the triples grouped by subject (in order
/// of first appearance) and predicate.
///
/// ```
/// use harvest_dom::{Document, ParseOptions, Url};
/// use harvest_export::rdf::{self, RdfOptions};
/// let url = Url::parse("http://example.com/").unwrap();
/// let doc = Document::parse_with(
///     "<title>Cats</title><p itemscope itemtype='http://microformats.org/profile/hcard'>\
///      <span itemprop=fn>Hedral</span></p>",
///     &ParseOptions::new().url(url),
/// );
/// let conversion = rdf::from_microdata(&doc, &RdfOptions::new()).unwrap();
/// assert_eq!(
///     rdf::to_turtle(&conversion.graph),
///     "@prefix dcterms: <http://purl.org/dc/terms/> .\n\
///      @prefix hcard: <http://www.w3.org/1999/xhtml/microdata#http://microformats.org/profile/hcard%23:> .\n\
///      @prefix md: <http://www.w3.org/1999/xhtml/microdata#> .\n\
///      \n\
///      <http://example.com/> dcterms:title \"Cats\" ;\n    md:item _:b0 .\n\
///      _:b0 a <http://microformats.org/profile/hcard> ;\n    hcard:fn \"Hedral\" .\n"
/// );
/// ```
pub fn to_turtle(graph: &Graph) -> String {
    write::turtle(graph)
}

/// Converts a document to RDF (HTML 5.0 §5.5.2).
pub fn from_microdata(document: &Document, options: &RdfOptions) -> Result<Conversion, RdfError> {
    let microdata = Microdata::new(document);
    from_microdata_with(document, &microdata, options)
}

/// Like [`from_microdata`], with the document's microdata already read.
pub fn from_microdata_with(
    document: &Document,
    microdata: &Microdata,
    options: &RdfOptions,
) -> Result<Conversion, RdfError> {
    let address = match (&options.address, document.url()) {
        (Some(address), _) => address.to_string(),
        (None, Some(url)) => url.to_string(),
        (None, None) => "about:blank".to_owned(),
    };
    let mut out = Output::new(options.limits);
    let mut languages = Languages::new(document);
    // The document's triples have it as subject; an address that cannot be an IRI gives none.
    let me: Option<Subject> = out.iri(&address).map(Subject::Iri);

    // Step 1: the title element (the first `title` in tree order): its child text nodes.
    if let (Some(title), Some(me)) = (document.elements_named(&["title"]).next(), &me) {
        let text: String = title.children().filter_map(|child| child.as_text().map(|t| t.to_string())).collect();
        let language = languages.of(&title);
        out.push_with(me.clone(), DC_TITLE, Literal::plain(text, language).into())?;
    }

    // Steps 2-4 each go through the elements in tree order; one pass collects them.
    let mut links = Vec::new();
    let mut metas = Vec::new();
    let mut quotes = Vec::new();
    for element in document.elements_named(&["a", "area", "link", "meta", "blockquote", "q"]) {
        if element.is("a") || element.is("area") || element.is("link") {
            links.push(element);
        } else if element.is("meta") {
            metas.push(element);
        } else if element.is("blockquote") || element.is("q") {
            quotes.push(element);
        }
    }
    if let Some(me) = &me {
        // Step 2: rel (steps 2.4-2.8 are harvest-links' `rdf_tokens`).
        for element in links {
            // Steps 2.1-2.3.
            if !element.has_attr("rel") {
                continue;
            }
            let Some(href) = element.attr("href").map(|h| h.to_string()) else { continue };
            let Ok(target) = document.resolve_url(&href) else { continue };
            let Some(target) = out.iri(target.as_str()) else { continue };
            // Step 2.9.
            for token in harvest_links::rel_list(&element).rdf_tokens() {
                let predicate = match token {
                    RdfRel::Keyword(keyword) => format!("{XHTML_VOCAB}{}", escape_ifragment(&keyword)),
                    RdfRel::Url(url) => url,
                };
                out.push_with(me.clone(), &predicate, Term::Iri(target.clone()))?;
            }
        }
        // Step 3: meta name/content.
        for element in metas {
            let (name, value) = match (element.attr("name"), element.attr("content")) {
                (Some(name), Some(content)) => (name.to_string(), content.to_string()),
                _ => continue,
            };
            let predicate = if !name.contains(':') {
                format!("{XHTML_VOCAB}{}", escape_ifragment(&name.to_ascii_lowercase()))
            } else if is_absolute_url(&name) {
                name
            } else {
                continue;
            };
            let language = languages.of(&element);
            out.push_with(me.clone(), &predicate, Literal::plain(value, language).into())?;
        }
        // Step 4: blockquote and q citations.
        for element in quotes {
            let Some(cite) = element.attr("cite").map(|c| c.to_string()) else { continue };
            let Ok(source) = document.resolve_url(&cite) else { continue };
            if let Some(source) = out.iri(source.as_str()) {
                out.push_with(me.clone(), DC_SOURCE, Term::Iri(source))?;
            }
        }
    }

    // Steps 5-6: every top-level item, with one memory.
    let mut generator = Generator::default();
    let mut items = Vec::new();
    for item in microdata.items() {
        let subject = generator.generate(&mut out, &mut languages, &item)?;
        if let Some(me) = &me {
            out.push_with(me.clone(), MICRODATA_ITEM, subject.clone().into())?;
        }
        items.push(subject);
    }

    // §5.4.3.1: the licensing vocabulary's equivalences, when a work item was converted. Their
    // subjects are "the predicates that result from converting" such an item: the predicates
    // the algorithm above builds for its four property names.
    if generator.work {
        for (name, equivalent) in [
            ("work", "http://www.w3.org/2002/07/owl#sameAs"),
            ("title", "http://purl.org/dc/terms/title"),
            ("author", "http://creativecommons.org/ns#attributionName"),
            ("license", "http://www.w3.org/1999/xhtml/vocab#license"),
        ] {
            let predicate = item_predicate(&type_prefix(WORK_TYPE), name);
            if let (Some(subject), Some(object)) = (out.iri(&predicate), out.iri(equivalent)) {
                out.push_with(Subject::Iri(subject), OWL_EQUIVALENT_PROPERTY, Term::Iri(object))?;
            }
        }
    }
    let (graph, dropped) = out.finish();
    Ok(Conversion { graph, items, cycles: Vec::new(), reverse_truncated: false, dropped })
}

// ---------------------------------------------------------------------------------------------
// Strings the algorithm builds.

/// Whether `value` is an absolute URL: it parses without a base and has no ASCII whitespace
/// or control characters (which the URL parser would strip or encode, so that the string
/// itself is not a valid URL).
fn is_absolute_url(value: &str) -> bool {
    !value.chars().any(|c| c.is_ascii_whitespace() || c.is_control()) && Url::parse(value).is_ok()
}

/// Steps 4.2-4.3 and 5.2-5.3 of "generate the triples": a type with `#` and a `:` after it.
fn type_prefix(item_type: &str) -> String {
    let mut kind = item_type.to_owned();
    if !kind.contains('#') {
        kind.push('#');
    }
    let after_hash = kind.split_once('#').map_or("", |(_, rest)| rest);
    if !after_hash.contains(':') {
        kind.push(':');
    }
    kind
}

/// Step 6.1.5 for a name without a colon: the type, `%20` unless it ends with `:`, the escaped
/// name, all escaped again (keeping escapes) after the microdata namespace.
fn item_predicate(kind: &str, name: &str) -> String {
    let mut s = kind.to_owned();
    if !s.ends_with(':') {
        s.push_str("%20");
    }
    s.push_str(&escape_ifragment(name));
    format!("{MICRODATA}{}", escape_ifragment(&s))
}

/// Steps 1-2 of "generate the triples" (both algorithms): the item's global identifier when it
/// is an absolute URL that can be an IRI, else a new blank node.
fn item_subject(out: &mut Output, item: &Item) -> Subject {
    match item.id().map(Url::as_str).filter(|id| is_absolute_url(id)).and_then(|id| out.iri(id)) {
        Some(iri) => Subject::Iri(iri),
        None => out.blank(),
    }
}

/// An item's types that are absolute URLs and IRIs, in order (HTML §5.2.2: an item may have
/// several types; a relative token names none).
fn item_types(out: &mut Output, item: &Item) -> Vec<(String, Iri)> {
    item.types().iter().filter(|t| is_absolute_url(t)).filter_map(|t| Some((t.clone(), out.iri(t)?))).collect()
}

// ---------------------------------------------------------------------------------------------
// "Generate the triples for an item", with an explicit stack instead of recursion.

#[derive(Default)]
struct Generator {
    /// The memory: item → subject.
    memory: HashMap<Item, Subject>,
    /// (item, type) pairs whose triples have been generated: the type fixes every triple of
    /// the item, so generating them again would only repeat triples of the graph.
    done: HashSet<(Item, Rc<str>)>,
    /// The items whose triples are being generated (the stack), to stop cycles.
    active: HashSet<Item>,
    /// Whether an item of the licensing vocabulary was converted.
    work: bool,
}

/// An item whose triples are being generated.
struct Frame {
    item: Item,
    subject: Subject,
    /// `type` after steps 3-5: the prefix of predicates, empty for none.
    kind: Rc<str>,
    properties: Vec<harvest_microdata::Property>,
    /// The next property element, and the next of its names.
    next: usize,
    name: usize,
    /// The predicate waiting for the subject of the nested item being generated.
    pending: Option<String>,
}

impl Generator {
    /// Steps 1-5 for `item`: its subject, and a frame for step 6 unless its triples with this
    /// type were already generated or are being generated (a cycle).
    fn open(
        &mut self,
        out: &mut Output,
        item: &Item,
        fallback: Option<(&str, &str)>,
    ) -> Result<(Subject, Option<Frame>), RdfError> {
        // Steps 1-2: the subject, remembered.
        let subject = match self.memory.get(item) {
            Some(subject) => subject.clone(),
            None => {
                let subject = item_subject(out, item);
                self.memory.insert(item.clone(), subject.clone());
                subject
            }
        };
        // Step 3: the item type, when it is an absolute URL. Each absolute one is an rdf:type,
        // the first gives the predicates.
        let types = item_types(out, item);
        let kind: String = match (types.first(), fallback) {
            // Step 4.
            (Some((first, _)), _) => type_prefix(first),
            // Step 5.
            (None, Some((fallback_type, fallback_name))) if !fallback_type.is_empty() => {
                let mut kind = type_prefix(fallback_type);
                if !kind.ends_with(':') {
                    kind.push_str("%20");
                }
                kind.push_str(&escape_ifragment(fallback_name));
                kind
            }
            _ => String::new(),
        };
        out.charge(kind.len())?;
        let kind: Rc<str> = Rc::from(kind);
        if self.active.contains(item) || !self.done.insert((item.clone(), kind.clone())) {
            return Ok((subject, None));
        }
        // Step 4.1.
        for (_, item_type) in types {
            out.push_with(subject.clone(), RDF_TYPE, Term::Iri(item_type))?;
        }
        if item.has_type(WORK_TYPE) {
            self.work = true;
        }
        self.active.insert(item.clone());
        let properties = item.properties().iter().collect();
        let frame =
            Frame { item: item.clone(), subject: subject.clone(), kind, properties, next: 0, name: 0, pending: None };
        Ok((subject, Some(frame)))
    }

    /// Generates the triples for a top-level item and returns its subject.
    fn generate(&mut self, out: &mut Output, languages: &mut Languages, top: &Item) -> Result<Subject, RdfError> {
        let (top_subject, frame) = self.open(out, top, None)?;
        let mut stack: Vec<Frame> = frame.into_iter().collect();
        // The subject of a nested item whose triples were just generated, for its parent.
        let mut returned: Option<Subject> = None;
        while let Some(frame) = stack.last_mut() {
            if let Some(value) = returned.take() {
                // Step 6.1.6 for a nested item's subject.
                if let Some(predicate) = frame.pending.take() {
                    out.push_with(frame.subject.clone(), &predicate, value.into())?;
                }
                frame.name += 1;
                continue;
            }
            // Step 6: each property element, each of its names.
            let Some(property) = frame.properties.get(frame.next) else {
                // Step 7: return the subject.
                if let Some(done) = stack.pop() {
                    self.active.remove(&done.item);
                    returned = Some(done.subject);
                }
                continue;
            };
            let Some(name) = property.names().get(frame.name).cloned() else {
                frame.next += 1;
                frame.name = 0;
                continue;
            };
            // Step 6.1.1 and 6.1.5: the predicate.
            let predicate = if is_absolute_url(&name) {
                name.clone()
            } else if frame.kind.is_empty() || name.contains(':') {
                // No type and no absolute URL: abort these substeps. (A name with a colon that
                // is not an absolute URL is neither case of step 6.1.5: no triple.)
                frame.name += 1;
                continue;
            } else {
                item_predicate(&frame.kind, &name)
            };
            // Steps 6.1.2-6.1.4: the value.
            match property.value() {
                PropertyValue::Item(nested) => {
                    let kind = frame.kind.clone();
                    frame.pending = Some(predicate);
                    let (subject, child) = self.open(out, &nested, Some((&kind, &name)))?;
                    match child {
                        Some(child) => stack.push(child),
                        None => returned = Some(subject),
                    }
                }
                PropertyValue::Text(text) => {
                    // URL property elements give a resource; one whose URL did not resolve has
                    // the empty string as value, which is kept as a literal.
                    let resource = if property.is_url_property_element() && is_absolute_url(&text) {
                        Some(out.iri(&text))
                    } else {
                        None
                    };
                    let object = match resource {
                        Some(Some(iri)) => Some(Term::Iri(iri)),
                        // A URL that cannot be an IRI: no triple (the reason is in `dropped`).
                        Some(None) => None,
                        None => Some(Literal::plain(text, languages.of(&property.element())).into()),
                    };
                    // Step 6.1.6.
                    if let Some(object) = object {
                        out.push_with(frame.subject.clone(), &predicate, object)?;
                    }
                    frame.name += 1;
                }
            }
        }
        // Cycles and repeats leave the stack empty with the top subject still right.
        let _ = returned;
        Ok(top_subject)
    }
}
