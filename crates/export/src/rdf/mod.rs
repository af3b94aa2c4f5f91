//! RDF from a document and its microdata: HTML 5.0 §5.5.2, written as N-Triples or Turtle.
//!
//! [`from_microdata`] runs the conversion: the `dc:title` triple, one triple per `rel` link
//! type of `a`, `area` and `link` elements (read with harvest-links), the `meta name`/`content`
//! pairs, `blockquote`/`q` `cite`, then the triples of every top-level microdata item (read with
//! harvest-microdata), with the memory that gives an item reached twice one subject, fallback
//! types for untyped nested items, and the `owl:equivalentProperty` triples of the licensing
//! vocabulary (§5.4.3.1) when a work item is present. The [`Graph`] keeps the triples in the
//! order the algorithm generates them (a triple generated twice is kept once: an RDF graph is a
//! set), with blank nodes numbered in order of creation; [`Graph::to_ntriples`] and
//! [`Graph::to_turtle`] write it. Readings of the algorithm are in `docs/export-atom-rdf.md`.
//!
//! ```
//! use harvest_dom::{Document, ParseOptions, Url};
//! use harvest_export::rdf::{self, RdfOptions};
//! let url = Url::parse("http://example.com/").unwrap();
//! let doc = Document::parse_with(
//!     "<p itemscope itemtype='http://schema.org/Person'><span itemprop=name>Ada</span></p>",
//!     &ParseOptions::new().url(url),
//! );
//! let graph = rdf::from_microdata(&doc, &RdfOptions::new()).unwrap();
//! assert_eq!(
//!     graph.to_ntriples(),
//!     "_:b0 <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://schema.org/Person> .\n\
//!      _:b0 <http://www.w3.org/1999/xhtml/microdata#http://schema.org/Person%23:name> \"Ada\" .\n\
//!      <http://example.com/> <http://www.w3.org/1999/xhtml/microdata#item> _:b0 .\n"
//! );
//! ```

// Microdata items key the memory: they hash by identity (which element), never by their
// mutable contents (clippy.toml covers harvest-dom's Element and Node).
#![allow(clippy::mutable_key_type)]

use harvest_dom::{split_ascii_whitespace, Document, Element, Url};
use harvest_links::RdfRel;
use harvest_microdata::{Item, Microdata, PropertyValue};
use harvest_rdf::escape_ifragment;
use indexmap::IndexSet;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// `rdf:type`.
pub const RDF_TYPE: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
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
pub mod registry;
pub mod w3c;
mod write;

/// Default of [`RdfOptions::max_triples`].
pub const DEFAULT_MAX_TRIPLES: usize = 1_000_000;
/// Default of [`RdfOptions::max_bytes`].
pub const DEFAULT_MAX_BYTES: usize = 256 << 20;

/// Settings of the RDF conversion.
///
/// ```
/// use harvest_export::rdf::RdfOptions;
/// let options = RdfOptions::new().max_triples(10_000);
/// assert_eq!(options.max_triples, 10_000);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RdfOptions {
    /// The document's current address, the subject of the document's triples; `None` uses
    /// the document's URL ([`Document::url`]), and `about:blank` when it has none.
    pub address: Option<Url>,
    /// The most triples the conversion may generate (counting every generation, also of a
    /// triple already in the graph). The algorithm generates the triples of an item again each
    /// time it is reached, and the predicates of untyped items grow with their nesting, so a
    /// hostile page could ask for exponentially many; past this the conversion stops with
    /// [`RdfError::TooLarge`].
    pub max_triples: usize,
    /// The most bytes of IRIs and literals the conversion may generate, counted like
    /// [`RdfOptions::max_triples`].
    pub max_bytes: usize,
}

impl Default for RdfOptions {
    fn default() -> Self {
        RdfOptions { address: None, max_triples: DEFAULT_MAX_TRIPLES, max_bytes: DEFAULT_MAX_BYTES }
    }
}

impl RdfOptions {
    /// The defaults: the document's own URL, [`DEFAULT_MAX_TRIPLES`], [`DEFAULT_MAX_BYTES`].
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets [`RdfOptions::address`].
    pub fn address(mut self, address: Url) -> Self {
        self.address = Some(address);
        self
    }

    /// Sets [`RdfOptions::max_triples`].
    pub fn max_triples(mut self, max_triples: usize) -> Self {
        self.max_triples = max_triples;
        self
    }

    /// Sets [`RdfOptions::max_bytes`].
    pub fn max_bytes(mut self, max_bytes: usize) -> Self {
        self.max_bytes = max_bytes;
        self
    }
}

/// Why no graph was made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RdfError {
    /// The conversion would generate more than [`RdfOptions::max_triples`] triples or
    /// [`RdfOptions::max_bytes`] bytes.
    #[error("the RDF conversion exceeds its limit of {limit} {what}")]
    TooLarge {
        /// `"triples"` or `"bytes"`.
        what: &'static str,
        /// The limit that was reached.
        limit: usize,
    },
}

/// An RDF term.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Term {
    /// An IRI.
    Iri {
        /// The IRI.
        value: String,
    },
    /// A blank node, numbered from 0 in order of creation (written `_:b0`, `_:b1`…).
    Blank {
        /// The number.
        id: usize,
    },
    /// A plain literal, with a language tag when the element's language is known.
    Literal {
        /// The lexical form.
        value: String,
        /// The language tag.
        #[serde(skip_serializing_if = "Option::is_none")]
        language: Option<String>,
    },
    /// A literal with a datatype IRI (`xsd:integer`, `xsd:date`... in the W3C conversion).
    Typed {
        /// The lexical form.
        value: String,
        /// The datatype IRI.
        datatype: String,
    },
}

impl Term {
    fn iri(value: impl Into<String>) -> Term {
        Term::Iri { value: value.into() }
    }

    fn len(&self) -> usize {
        match self {
            Term::Iri { value } => value.len(),
            Term::Blank { .. } => 8,
            Term::Literal { value, language } => value.len() + language.as_ref().map_or(0, String::len),
            Term::Typed { value, datatype } => value.len() + datatype.len(),
        }
    }
}

/// One statement.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Triple {
    /// An IRI or a blank node.
    pub subject: Term,
    /// The predicate IRI.
    pub predicate: String,
    /// Any term.
    pub object: Term,
}

/// The triples of a document, in the order the algorithm first generated them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Graph {
    triples: Vec<Triple>,
    #[serde(skip)]
    dropped: Vec<String>,
}

impl Graph {
    /// The triples, in generation order.
    pub fn triples(&self) -> &[Triple] {
        &self.triples
    }

    /// The number of triples.
    pub fn len(&self) -> usize {
        self.triples.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.triples.is_empty()
    }

    /// The graph as N-Triples: one triple per line, in generation order (harvest-rdf's
    /// writer).
    pub fn to_ntriples(&self) -> String {
        harvest_rdf::ntriples::write(&write::rdf_triples(&self.triples))
    }

    /// What the conversion left out: each IRI that is not one and that the URL parser could
    /// not make one, with why (the triples that held it are not in the graph).
    pub fn dropped(&self) -> &[String] {
        &self.dropped
    }

    /// The graph as Turtle: `@prefix` lines for the namespaces the predicates use, then the
    /// triples grouped by subject (in order of first appearance) and predicate.
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
    /// let graph = rdf::from_microdata(&doc, &RdfOptions::new()).unwrap();
    /// assert_eq!(
    ///     graph.to_turtle(),
    ///     "@prefix dcterms: <http://purl.org/dc/terms/> .\n\
    ///      @prefix hcard: <http://www.w3.org/1999/xhtml/microdata#http://microformats.org/profile/hcard%23:> .\n\
    ///      @prefix md: <http://www.w3.org/1999/xhtml/microdata#> .\n\
    ///      \n\
    ///      <http://example.com/> dcterms:title \"Cats\" ;\n    md:item _:b0 .\n\
    ///      _:b0 a <http://microformats.org/profile/hcard> ;\n    hcard:fn \"Hedral\" .\n"
    /// );
    /// ```
    pub fn to_turtle(&self) -> String {
        write::turtle(&self.triples)
    }
}

/// Converts a document to RDF (HTML 5.0 §5.5.2).
pub fn from_microdata(document: &Document, options: &RdfOptions) -> Result<Graph, RdfError> {
    let microdata = Microdata::new(document);
    from_microdata_with(document, &microdata, options)
}

/// Like [`from_microdata`], with the document's microdata already read.
pub fn from_microdata_with(
    document: &Document,
    microdata: &Microdata,
    options: &RdfOptions,
) -> Result<Graph, RdfError> {
    let address = match (&options.address, document.url()) {
        (Some(address), _) => address.to_string(),
        (None, Some(url)) => url.to_string(),
        (None, None) => "about:blank".to_owned(),
    };
    let me = || Term::iri(address.clone());
    let mut out = Output::new(options);
    let mut languages = Languages::new(document);

    // Step 1: the title element (the first `title` in tree order): its child text nodes.
    if let Some(title) = document.elements_named(&["title"]).next() {
        let text: String = title.children().filter_map(|child| child.as_text().map(|t| t.to_string())).collect();
        let language = languages.of(&title);
        out.push(me(), DC_TITLE.to_owned(), Term::Literal { value: text, language })?;
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
    // Step 2: rel (steps 2.4-2.8 are harvest-links' `rdf_tokens`).
    for element in links {
        // Steps 2.1-2.3.
        if !element.has_attr("rel") {
            continue;
        }
        let Some(href) = element.attr("href").map(|h| h.to_string()) else { continue };
        let Ok(target) = document.resolve_url(&href) else { continue };
        // Step 2.9.
        for token in harvest_links::rel_list(&element).rdf_tokens() {
            let predicate = match token {
                RdfRel::Keyword(keyword) => format!("{XHTML_VOCAB}{}", escape_ifragment(&keyword)),
                RdfRel::Url(url) => url,
            };
            out.push(me(), predicate, Term::iri(target.as_str()))?;
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
        out.push(me(), predicate, Term::Literal { value, language })?;
    }
    // Step 4: blockquote and q citations.
    for element in quotes {
        let Some(cite) = element.attr("cite").map(|c| c.to_string()) else { continue };
        if let Ok(source) = document.resolve_url(&cite) {
            out.push(me(), DC_SOURCE.to_owned(), Term::iri(source.as_str()))?;
        }
    }

    // Steps 5-6: every top-level item, with one memory.
    let mut generator = Generator::default();
    for item in microdata.items() {
        let subject = generator.generate(&mut out, &mut languages, &item)?;
        out.push(me(), MICRODATA_ITEM.to_owned(), subject)?;
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
            out.push(Term::iri(predicate), OWL_EQUIVALENT_PROPERTY.to_owned(), Term::iri(equivalent))?;
        }
    }
    Ok(out.finish())
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

// ---------------------------------------------------------------------------------------------
// The output: a set of triples kept in generation order, within the limits.

struct Output {
    /// The triples generated so far, each once, in generation order (one copy of each, where
    /// a list plus a set of seen triples held two and grew out of the cache on big pages).
    triples: IndexSet<Triple>,
    /// The IRIs left out, with why.
    dropped: Vec<String>,
    blanks: usize,
    generated: usize,
    bytes: usize,
    max_triples: usize,
    max_bytes: usize,
}

impl Output {
    fn new(options: &RdfOptions) -> Output {
        Output {
            triples: IndexSet::new(),
            dropped: Vec::new(),
            blanks: 0,
            generated: 0,
            bytes: 0,
            max_triples: options.max_triples,
            max_bytes: options.max_bytes,
        }
    }

    /// Counts `bytes` against the byte limit.
    fn charge(&mut self, bytes: usize) -> Result<(), RdfError> {
        self.bytes = self.bytes.saturating_add(bytes);
        if self.bytes > self.max_bytes {
            return Err(RdfError::TooLarge { what: "bytes", limit: self.max_bytes });
        }
        Ok(())
    }

    /// "Generate the following triple".
    fn push(&mut self, subject: Term, predicate: String, object: Term) -> Result<(), RdfError> {
        self.generated += 1;
        if self.generated > self.max_triples {
            return Err(RdfError::TooLarge { what: "triples", limit: self.max_triples });
        }
        self.charge(subject.len() + predicate.len() + object.len())?;
        // RDF 1.1 Concepts §3.2: every IRI written is an absolute IRI (docs/export-atom-rdf.md,
        // "IRIs"): as it is, repaired by the URL parser, or the triple is left out and said.
        let checked = (write::checked_term(&subject), write::checked_iri(&predicate), write::checked_term(&object));
        match checked {
            (Ok(subject), Ok(predicate), Ok(object)) => {
                self.triples.insert(Triple { subject, predicate, object });
            }
            (Err(why), _, _) | (_, Err(why), _) | (_, _, Err(why)) => {
                if !self.dropped.contains(&why) {
                    self.dropped.push(why);
                }
            }
        }
        Ok(())
    }

    fn finish(self) -> Graph {
        Graph { triples: self.triples.into_iter().collect(), dropped: self.dropped }
    }

    /// "A new blank node".
    fn blank(&mut self) -> Term {
        self.blanks += 1;
        Term::Blank { id: self.blanks - 1 }
    }
}

// ---------------------------------------------------------------------------------------------
// "Generate the triples for an item", with an explicit stack instead of recursion.

#[derive(Default)]
struct Generator {
    /// The memory: item → subject.
    memory: HashMap<Item, Term>,
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
    subject: Term,
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
    ) -> Result<(Term, Option<Frame>), RdfError> {
        // Steps 1-2: the subject, remembered.
        let subject = match self.memory.get(item) {
            Some(subject) => subject.clone(),
            None => {
                let subject = match item.id().map(Url::as_str).filter(|id| is_absolute_url(id)) {
                    Some(id) => Term::iri(id),
                    None => out.blank(),
                };
                self.memory.insert(item.clone(), subject.clone());
                subject
            }
        };
        // Step 3: the item type, when it is an absolute URL. Items may have several types
        // (HTML §5.2.2): each absolute one is an rdf:type, the first gives the predicates.
        let types: Vec<&String> = item.types().iter().filter(|t| is_absolute_url(t)).collect();
        let kind: String = match (types.first(), fallback) {
            // Step 4.
            (Some(first), _) => type_prefix(first),
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
        for item_type in types {
            out.push(subject.clone(), RDF_TYPE.to_owned(), Term::iri(item_type.as_str()))?;
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
    fn generate(&mut self, out: &mut Output, languages: &mut Languages, top: &Item) -> Result<Term, RdfError> {
        let (top_subject, frame) = self.open(out, top, None)?;
        let mut stack: Vec<Frame> = frame.into_iter().collect();
        // The subject of a nested item whose triples were just generated, for its parent.
        let mut returned: Option<Term> = None;
        while let Some(frame) = stack.last_mut() {
            if let Some(value) = returned.take() {
                // Step 6.1.6 for a nested item's subject.
                if let Some(predicate) = frame.pending.take() {
                    out.push(frame.subject.clone(), predicate, value)?;
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
                    let object = if property.is_url_property_element() && is_absolute_url(&text) {
                        Term::iri(text)
                    } else {
                        Term::Literal { value: text, language: languages.of(&property.element()) }
                    };
                    // Step 6.1.6.
                    out.push(frame.subject.clone(), predicate, object)?;
                    frame.name += 1;
                }
            }
        }
        // Cycles and repeats leave the stack empty with the top subject still right.
        let _ = returned;
        Ok(top_subject)
    }
}

// ---------------------------------------------------------------------------------------------
// The language of an element (HTML "the language of a node"): the nearest inclusive ancestor
// with `xml:lang` (XML namespace) or, on an HTML element, `lang`; else the pragma-set default
// language (`<meta http-equiv=content-language>`); unknown when that value is empty. Cached per
// element so each element's ancestors are walked once.

struct Languages {
    known: HashMap<Element, Option<Rc<str>>>,
    default: Option<Rc<str>>,
}

impl Languages {
    fn new(document: &Document) -> Languages {
        // HTML "pragma-set default language": each `meta http-equiv=content-language` in
        // turn, whose content has no comma: its first run of non-whitespace characters.
        let mut default = None;
        for element in document.elements_named(&["meta"]) {
            let is_language = element.attr("http-equiv").is_some_and(|v| v.eq_ignore_ascii_case("content-language"));
            let Some(content) = element.attr("content").filter(|_| is_language) else { continue };
            if content.contains(',') {
                continue;
            }
            let candidate = split_ascii_whitespace(content).next().map(Rc::from);
            if candidate.is_some() {
                default = candidate;
            }
        }
        Languages { known: HashMap::new(), default }
    }

    fn own(element: &Element) -> Option<String> {
        match element.xml_attr("lang") {
            Some(value) => Some(value),
            None if element.is_html() => element.attr("lang").map(|v| v.to_string()),
            None => None,
        }
    }

    /// The language tag of `element`, or `None` when unknown or not a well-formed BCP 47 tag
    /// (RDF 1.1 Concepts §3.3: a literal's language tag is well-formed per BCP 47); the literal
    /// is then written without one.
    fn of(&mut self, element: &Element) -> Option<String> {
        let mut path: Vec<Element> = Vec::new();
        let mut current = Some(element.clone());
        let found: Option<Rc<str>> = loop {
            let Some(node) = current else { break self.default.clone() };
            if let Some(known) = self.known.get(&node) {
                break known.clone();
            }
            if let Some(value) = Self::own(&node) {
                path.push(node);
                break Some(Rc::from(value.as_str()));
            }
            current = node.parent_element();
            path.push(node);
        };
        for node in path {
            self.known.insert(node, found.clone());
        }
        found.filter(|tag| harvest_dom::is_well_formed_language_tag(tag)).map(|tag| tag.to_string())
    }
}
