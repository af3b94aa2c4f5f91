//! The W3C note "Microdata to RDF" (third edition): RDF with the properties of each item's
//! vocabulary (`http://schema.org/name`), typed values and vocabulary expansion.
//!
//! HTML 5.0 §5.5.2 (the crate's [`super::from_microdata`]) makes predicates out of the item
//! type and the property name (`http://www.w3.org/1999/xhtml/microdata#http://schema.org/Person%23:name`),
//! which no one queries. The note's algorithm ("RDF Conversion Algorithm", "Generate the
//! triples") instead forms property URIs from the item's *vocabulary*:
//!
//! 1. the vocabulary identifier is the item's first item type (an absolute URL); an item
//!    without one uses the vocabulary of the item it is a property value of;
//! 2. when the [`Registry`] has a URI prefix the identifier starts with, that prefix is the
//!    vocabulary; otherwise the identifier without its fragment or last path segment is
//!    (`http://example.org/Person` → `http://example.org/`) (§ Property URI Generation);
//! 3. a property name that is not an absolute URL becomes the vocabulary followed by the name,
//!    with a `#` in between when the vocabulary ends with neither `/` nor `#`;
//! 4. values are typed by their element (§ "property value"): URL property elements give IRIs,
//!    `data` and `meter` give `xsd:integer` and `xsd:double` when their value has that lexical
//!    form, `time` gives `xsd:date`, `xsd:time`, `xsd:dateTime`, `xsd:gYearMonth`, `xsd:gYear`
//!    or `xsd:duration`, other text a literal tagged with the element's language;
//! 5. the registry's `subPropertyOf` and `equivalentProperty` rules add a triple with that
//!    predicate beside the property's own (schema.org's `additionalType` → `rdf:type`).
//!
//! One reading differs from the note's text and follows its test suite: a property of an item
//! with no vocabulary at all (no absolute item type on it or on an item it belongs to) gets the
//! document's URL with the name as fragment (`http://example.com/page#name`), as every case of
//! the suite expects, although the third edition says that mechanism was removed
//! (`docs/export-atom-rdf.md`).
//!
//! The note's experimental `itemprop-reverse` (§ Reverse itemprop) is implemented: an element
//! with `itemprop-reverse="name"` among an item's *reverse properties* (found like its
//! properties, by `itemprop-reverse`) gives the triple `value name item` when its value is an
//! item or a URL, and an item with `itemprop-reverse` is not a top-level item.
//!
//! The search for reverse properties is bounded (8 elements visited per element of the page,
//! plus 100,000): past it, [`Conversion::reverse_truncated`] says so.
//!
//! Each new triple keeps the page line it was written on ([`harvest_rdf::Graph::position`]):
//! the line of the element with `itemprop` (or `itemprop-reverse`) for a property, of the
//! element with `itemscope` for the item's `rdf:type` triples.
//!
//! An item found again inside its own properties (an `itemref` cycle, which the microdata
//! model forbids) is not walked again: the triple points at its subject and the cycle is
//! reported in [`Conversion::cycles`]. Generation uses an explicit stack, and an item is walked
//! once per vocabulary it is reached with, so any nesting depth and any sharing stays linear.
//!
//! ```
//! use harvest_dom::{Document, ParseOptions, Url};
//! use harvest_export::rdf::w3c::{self, W3cOptions};
//! let url = Url::parse("http://example.com/").unwrap();
//! let doc = Document::parse_with(
//!     "<p itemscope itemtype='http://schema.org/Event' lang=en><span itemprop=name>Fair</span>\
//!      <time itemprop=startDate datetime=2024-05-01>May 1</time>\
//!      <link itemprop=additionalType href=http://schema.org/Festival></p>",
//!     &ParseOptions::new().url(url),
//! );
//! let conversion = w3c::from_microdata(&doc, &W3cOptions::new()).unwrap();
//! assert_eq!(
//!     conversion.graph.to_ntriples(),
//!     "_:b0 <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://schema.org/Event> .\n\
//!      _:b0 <http://schema.org/name> \"Fair\"@en .\n\
//!      _:b0 <http://schema.org/startDate> \"2024-05-01\"^^<http://www.w3.org/2001/XMLSchema#date> .\n\
//!      _:b0 <http://schema.org/additionalType> <http://schema.org/Festival> .\n\
//!      _:b0 <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://schema.org/Festival> .\n"
//! );
//! assert!(conversion.cycles.is_empty());
//! ```

// Microdata items key the memory: they hash by identity (which element).
#![allow(clippy::mutable_key_type)]

use super::registry::{Registry, Vocabulary};
use super::{is_absolute_url, item_subject, item_types, Languages, Output, RdfError, RdfOptions};
use harvest_dom::{split_ascii_whitespace, Document, Element, Url};
use harvest_microdata::{Item, Microdata, PropertyValue};
use harvest_rdf::vocab::RDF_TYPE;
use harvest_rdf::xsd::{self, XSD};
use harvest_rdf::{Literal, Subject, Term};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// Settings of the W3C conversion.
///
/// ```
/// use harvest_export::rdf::registry::Registry;
/// use harvest_export::rdf::w3c::W3cOptions;
/// let options = W3cOptions::new().registry(Registry::empty()).max_triples(10_000);
/// assert_eq!(options.limits.limits.max_triples, 10_000);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct W3cOptions {
    /// The vocabulary registry (default: the note's default registry).
    pub registry: Registry,
    /// The document address and the output limits, as in the HTML 5.0 conversion.
    pub limits: RdfOptions,
}

impl W3cOptions {
    /// The note's default registry, the document's own URL, the default limits.
    pub fn new() -> W3cOptions {
        W3cOptions::default()
    }

    /// Sets the registry.
    pub fn registry(mut self, registry: Registry) -> W3cOptions {
        self.registry = registry;
        self
    }

    /// Sets the document's address (the base of document-relative property URIs).
    pub fn address(mut self, address: Url) -> W3cOptions {
        self.limits.address = Some(address);
        self
    }

    /// Sets the most triples generated.
    pub fn max_triples(mut self, max_triples: usize) -> W3cOptions {
        self.limits = self.limits.max_triples(max_triples);
        self
    }
}

/// The result of the conversion (the same as the HTML 5.0 algorithm's).
pub use super::Conversion;

/// Converts the microdata of a document to RDF by the W3C note's algorithm.
pub fn from_microdata(document: &Document, options: &W3cOptions) -> Result<Conversion, RdfError> {
    from_microdata_with(document, &Microdata::new(document), options)
}

/// Like [`from_microdata`], with the document's microdata already read.
pub fn from_microdata_with(
    document: &Document,
    microdata: &Microdata,
    options: &W3cOptions,
) -> Result<Conversion, RdfError> {
    let address = options.limits.address.as_ref().or(document.url());
    let mut elements = 0usize;
    let mut reverse = false;
    for element in document.elements() {
        elements += 1;
        reverse |= element.has_attr(REVERSE);
    }
    let mut generator = Generator {
        reverse_budget: elements.saturating_mul(REVERSE_BUDGET_PER_ELEMENT).saturating_add(100_000),
        reverse_truncated: false,
        document,
        microdata,
        reverse,
        ids: None,
        registry: &options.registry,
        document_base: address.map_or_else(|| "about:blank#".to_owned(), document_base),
        memory: HashMap::new(),
        done: HashSet::new(),
        on_path: HashSet::new(),
        cycles: Vec::new(),
        languages: Languages::new(document),
        out: Output::new(options.limits.limits),
    };
    // "For each element that is also a top-level item, generate the triples for that item
    // using null for current vocabulary."
    let mut items = Vec::new();
    // § Reverse itemprop: "top-level item" also excludes items having itemprop-reverse.
    for item in microdata.items().into_iter().filter(|item| !item.element().has_attr(REVERSE)) {
        items.push(generator.generate(&item)?);
    }
    let cycles = generator.cycles.iter().map(|element| document.element_path(element)).collect();
    let reverse_truncated = generator.reverse_truncated;
    let (graph, dropped) = generator.out.finish();
    Ok(Conversion { graph, items, cycles, reverse_truncated, dropped })
}

/// A datatype's local name and its lexical-form check.
type Datatype = (&'static str, fn(&str) -> bool);

/// The datatypes a `time` element's value is tried against, in the note's order.
const TIME_DATATYPES: [Datatype; 6] = [
    ("date", xsd::is_date),
    ("time", xsd::is_time),
    ("dateTime", xsd::is_date_time),
    ("gYearMonth", xsd::is_g_year_month),
    ("gYear", xsd::is_g_year),
    ("duration", xsd::is_duration),
];

/// The attribute of the note's experimental reverse properties.
const REVERSE: &str = "itemprop-reverse";

/// Elements the reverse-property searches may visit, per element of the page (plus a fixed
/// allowance): each item searches its own subtree and `itemref` targets, which many items can
/// share, so the searches are bounded to stay linear.
const REVERSE_BUDGET_PER_ELEMENT: usize = 8;

/// The document's URL without its fragment, followed by `#`: document-relative property URIs
/// are this and the name.
fn document_base(address: &Url) -> String {
    let mut base = address.clone();
    base.set_fragment(None);
    let mut text = base.to_string();
    text.push('#');
    text
}

/// The value of a reverse property that gives triples.
enum ReverseValue {
    Item(Item),
    Iri(String),
}

/// The tokens of an attribute, each once, in order.
fn unique_tokens(value: &str) -> Vec<&str> {
    let mut tokens: Vec<&str> = Vec::new();
    for token in split_ascii_whitespace(value) {
        if !tokens.contains(&token) {
            tokens.push(token);
        }
    }
    tokens
}

/// A vocabulary as the algorithm carries it: the URI prefix and, when the registry has it,
/// its rules.
#[derive(Clone)]
struct Vocab<'r> {
    prefix: Rc<str>,
    rules: Option<&'r Vocabulary>,
}

/// An item whose properties are being walked.
struct Frame<'r> {
    item: Item,
    subject: Subject,
    vocab: Option<Vocab<'r>>,
    properties: Vec<harvest_microdata::Property>,
    next: usize,
    name: usize,
    /// The predicates waiting for the subject of the nested item being generated, and
    /// whether they are reverse properties (the nested item is then the triples' subject).
    pending: Vec<String>,
    pending_reverse: bool,
    /// The line of the element whose property or reverse property the pending predicates are.
    pending_line: Option<u32>,
    /// The item's reverse property elements (§ Reverse itemprop), and the next one with the
    /// next of its names.
    reverse: Vec<Element>,
    next_reverse: usize,
    reverse_name: usize,
}

struct Generator<'r> {
    document: &'r Document,
    microdata: &'r Microdata,
    /// Whether the page has any `itemprop-reverse` attribute at all.
    reverse: bool,
    /// Element ids, for the reverse properties' `itemref` (built on first need).
    ids: Option<HashMap<String, Element>>,
    /// How many more elements the reverse-property searches may visit, and whether one
    /// stopped for it.
    reverse_budget: usize,
    reverse_truncated: bool,
    registry: &'r Registry,
    document_base: String,
    /// The note's memory: item → subject.
    memory: HashMap<Item, Subject>,
    /// (item, vocabulary) pairs already walked: walking them again would give the same
    /// triples.
    done: HashSet<(Item, Option<Rc<str>>)>,
    /// The items being walked (the stack), to stop cycles.
    on_path: HashSet<Item>,
    cycles: Vec<Element>,
    languages: Languages,
    out: Output,
}

impl<'r> Generator<'r> {
    /// Steps 1-6 of "Generate the triples" for `item` with `current` as the current
    /// vocabulary: its subject, and a frame for step 7 unless it needs no walk.
    fn open(&mut self, item: &Item, current: Option<&Vocab<'r>>) -> Result<(Subject, Option<Frame<'r>>), RdfError> {
        // Steps 1-2: the subject from memory, the global identifier, or a new blank node.
        let subject = match self.memory.get(item) {
            Some(subject) => subject.clone(),
            None => {
                let subject = item_subject(&mut self.out, item);
                self.memory.insert(item.clone(), subject.clone());
                subject
            }
        };
        if self.on_path.contains(item) {
            self.cycles.push(item.element());
            return Ok((subject, None));
        }
        // Item types are absolute URLs (a relative itemtype token names no type).
        let types = item_types(&mut self.out, item);
        // Steps 4-5: the vocabulary identifier and the registry's prefix for it; an untyped
        // item keeps the current vocabulary.
        let vocab = match types.first() {
            Some((identifier, _)) => Some(self.vocabulary(identifier)),
            None => current.cloned(),
        };
        if !self.done.insert((item.clone(), vocab.as_ref().map(|v| v.prefix.clone()))) {
            return Ok((subject, None));
        }
        // Step 3: an rdf:type triple per item type, written where the item's `itemscope` is.
        self.out.at(item.element().line());
        for (_, item_type) in types {
            self.out.push_with(subject.clone(), RDF_TYPE, Term::Iri(item_type))?;
        }
        self.on_path.insert(item.clone());
        let properties = item.properties().iter().collect();
        let reverse = if self.reverse { self.reverse_properties(&item.element()) } else { Vec::new() };
        let frame = Frame {
            item: item.clone(),
            subject: subject.clone(),
            vocab,
            properties,
            next: 0,
            name: 0,
            pending: vec![],
            pending_reverse: false,
            pending_line: None,
            reverse,
            next_reverse: 0,
            reverse_name: 0,
        };
        Ok((subject, Some(frame)))
    }

    /// § Property URI Generation: the registry's prefix for a vocabulary identifier, else the
    /// identifier without its fragment, or without its last path segment.
    fn vocabulary(&self, identifier: &str) -> Vocab<'r> {
        if let Some(rules) = self.registry.vocabulary(identifier) {
            return Vocab { prefix: Rc::from(rules.prefix()), rules: Some(rules) };
        }
        let end = match identifier.find('#') {
            Some(hash) => hash + 1,
            None => identifier.rfind('/').map_or(identifier.len(), |slash| slash + 1),
        };
        Vocab { prefix: Rc::from(identifier.get(..end).unwrap_or(identifier)), rules: None }
    }

    /// "property names": the URI of property `name` in `vocab`, `None` when it is not an
    /// absolute URL (discarded).
    fn property_uri(&self, vocab: Option<&Vocab<'_>>, name: &str) -> Option<String> {
        if is_absolute_url(name) {
            return Some(name.to_owned());
        }
        let uri = match vocab {
            Some(vocab) if vocab.prefix.ends_with(['/', '#']) => format!("{}{name}", vocab.prefix),
            Some(vocab) => format!("{}#{name}", vocab.prefix),
            // No vocabulary: the document-relative URI the suite expects (see the module docs).
            None => format!("{}{name}", self.document_base),
        };
        is_absolute_url(&uri).then_some(uri)
    }

    /// The predicates of one property name: its URI, then the registry's expansions of it.
    fn predicates(&self, vocab: Option<&Vocab<'_>>, name: &str) -> Vec<String> {
        let Some(uri) = self.property_uri(vocab, name) else { return Vec::new() };
        let mut predicates = vec![uri];
        if let Some(Vocab { prefix, rules: Some(rules) }) = vocab {
            let local = predicates.first().and_then(|uri| uri.strip_prefix(prefix.as_ref())).unwrap_or(name);
            let local = local.strip_prefix('#').unwrap_or(local);
            predicates.extend(rules.expansions(local).iter().cloned());
        }
        predicates
    }

    /// "Generate the triples" for a top-level item, with an explicit stack for nested items.
    fn generate(&mut self, top: &Item) -> Result<Subject, RdfError> {
        let (top_subject, frame) = self.open(top, None)?;
        let mut stack: Vec<Frame<'r>> = frame.into_iter().collect();
        let mut returned: Option<Subject> = None;
        while let Some(frame) = stack.last_mut() {
            if let Some(value) = returned.take() {
                // Step 7: the nested item's subject is the value of each predicate.
                self.out.at(frame.pending_line);
                for predicate in std::mem::take(&mut frame.pending) {
                    if frame.pending_reverse {
                        self.out.push_with(value.clone(), &predicate, frame.subject.clone().into())?;
                    } else {
                        self.out.push_with(frame.subject.clone(), &predicate, value.clone().into())?;
                    }
                }
                if std::mem::take(&mut frame.pending_reverse) {
                    frame.reverse_name += 1;
                } else {
                    frame.name += 1;
                }
                continue;
            }
            let Some(property) = frame.properties.get(frame.next) else {
                // § Reverse itemprop, after the properties: each reverse property name.
                if let Some(element) = frame.reverse.get(frame.next_reverse).cloned() {
                    let names: Vec<&str> = element.attr(REVERSE).map(|v| unique_tokens(v)).unwrap_or_default();
                    let Some(name) = names.get(frame.reverse_name).map(|name| name.to_string()) else {
                        frame.next_reverse += 1;
                        frame.reverse_name = 0;
                        continue;
                    };
                    let predicates = self.predicates(frame.vocab.as_ref(), &name);
                    match self.reverse_value(&element) {
                        Some(ReverseValue::Item(nested)) if !predicates.is_empty() => {
                            frame.pending = predicates;
                            frame.pending_reverse = true;
                            frame.pending_line = element.line();
                            let vocab = frame.vocab.clone();
                            let (subject, child) = self.open(&nested, vocab.as_ref())?;
                            match child {
                                Some(child) => stack.push(child),
                                None => returned = Some(subject),
                            }
                        }
                        Some(ReverseValue::Iri(iri)) => {
                            self.out.at(element.line());
                            if let Some(value) = self.out.iri(&iri) {
                                for predicate in predicates {
                                    let subject = Subject::Iri(value.clone());
                                    self.out.push_with(subject, &predicate, frame.subject.clone().into())?;
                                }
                            }
                            frame.reverse_name += 1;
                        }
                        // "if value is a literal ignore the value and continue to the next name".
                        _ => frame.reverse_name += 1,
                    }
                    continue;
                }
                // Step 8: return the subject.
                if let Some(done) = stack.pop() {
                    self.on_path.remove(&done.item);
                    returned = Some(done.subject);
                }
                continue;
            };
            let Some(name) = property.names().get(frame.name).cloned() else {
                frame.next += 1;
                frame.name = 0;
                continue;
            };
            let predicates = self.predicates(frame.vocab.as_ref(), &name);
            if predicates.is_empty() {
                frame.name += 1;
                continue;
            }
            match property.value() {
                PropertyValue::Item(nested) => {
                    frame.pending = predicates;
                    frame.pending_line = property.element().line();
                    let vocab = frame.vocab.clone();
                    let (subject, child) = self.open(&nested, vocab.as_ref())?;
                    match child {
                        Some(child) => stack.push(child),
                        None => returned = Some(subject),
                    }
                }
                PropertyValue::Text(text) => {
                    // A URL that cannot be an IRI gives no triple (the reason is in `dropped`).
                    if let Some(object) = self.value(property, text) {
                        self.out.at(property.element().line());
                        for predicate in predicates {
                            self.out.push_with(frame.subject.clone(), &predicate, object.clone())?;
                        }
                    }
                    frame.name += 1;
                }
            }
        }
        Ok(top_subject)
    }

    /// § Reverse itemprop, "reverse properties": the microdata crawl of an item's properties
    /// (its element's children and the elements its `itemref` names, not entering nested
    /// items), keeping the elements with `itemprop-reverse`. Each element is visited once.
    fn reverse_properties(&mut self, root: &Element) -> Vec<Element> {
        let mut pending: Vec<Element> = root.element_children().collect();
        if let Some(refs) = root.attr("itemref") {
            let ids = self.ids.get_or_insert_with(|| {
                let mut ids = HashMap::new();
                for element in self.document.elements() {
                    if let Some(id) = element.id().filter(|id| !id.is_empty()) {
                        ids.entry(id.to_owned()).or_insert(element);
                    }
                }
                ids
            });
            pending.extend(split_ascii_whitespace(refs).filter_map(|id| ids.get(id).cloned()));
        }
        let mut visited: HashSet<Element> = HashSet::new();
        let mut results = Vec::new();
        while let Some(element) = pending.pop() {
            if &element == root || !visited.insert(element.clone()) {
                continue;
            }
            if self.reverse_budget == 0 {
                self.reverse_truncated = true;
                break;
            }
            self.reverse_budget -= 1;
            if !element.has_attr("itemscope") {
                pending.extend(element.element_children());
            }
            if element.attr(REVERSE).is_some_and(|names| !unique_tokens(names).is_empty()) {
                results.push(element);
            }
        }
        results
    }

    /// The value of a reverse property element: its item, or the URL of a URL property
    /// element; `None` for a literal.
    fn reverse_value(&self, element: &Element) -> Option<ReverseValue> {
        if element.has_attr("itemscope") {
            return self.microdata.item(element).map(ReverseValue::Item);
        }
        let attribute = match element.local_name() {
            "a" | "area" | "link" => "href",
            "audio" | "embed" | "iframe" | "img" | "source" | "track" | "video" => "src",
            "object" => "data",
            _ => return None,
        };
        if !element.is_html() {
            return None;
        }
        let url = self.document.resolve_url(element.attr(attribute)?).ok()?;
        Some(ReverseValue::Iri(url.to_string()))
    }

    /// § "property value" for a value that is not an item; `None` for a URL that cannot be an
    /// IRI.
    fn value(&mut self, property: &harvest_microdata::Property, text: String) -> Option<Term> {
        let element = property.element();
        if property.is_url_property_element() {
            if is_absolute_url(&text) {
                return self.out.iri(&text).map(Term::Iri);
            }
        } else if element.is("data") || element.is("meter") {
            return Some(if xsd::is_integer(&text) {
                self.typed("integer", text)?
            } else if xsd::is_double(&text) {
                self.typed("double", text)?
            } else {
                Literal::simple(text).into()
            });
        } else if element.is("time") {
            if let Some((datatype, _)) = TIME_DATATYPES.iter().find(|(_, matches)| matches(&text)) {
                return self.typed(datatype, text);
            }
        }
        Some(Literal::plain(text, self.languages.of(&element)).into())
    }

    /// A literal of the XML Schema datatype `local`.
    fn typed(&mut self, local: &str, value: String) -> Option<Term> {
        let datatype = self.out.iri(&format!("{XSD}{local}"))?;
        Some(Literal::typed(value, datatype).into())
    }
}
