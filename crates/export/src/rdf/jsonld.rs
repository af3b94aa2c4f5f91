//! JSON-LD from microdata, as schema.org's users read it: one node object per top-level item,
//! nested items inline.
//!
//! The JSON-LD is written from the graph of the W3C conversion ([`super::w3c`]), so that it
//! *is* that graph: a JSON-LD processor reading it gives exactly the note's triples. Each
//! top-level item becomes a node object with `@type` (its `rdf:type` objects), `@id` (its
//! `itemid`, or a blank node label when the item is reached more than once), and its
//! properties; an item that is a property value is written inline the first time it is
//! reached and as `{"@id": ...}` after that (a shared item, or an `itemref` cycle).
//!
//! Triples whose subject no top-level item reaches (the values of `itemprop-reverse`
//! properties) are written as further node objects after the items'.
//!
//! Nodes are embedded at most [`MAX_EMBEDDING`] deep. An `itemref` chain nests items as deep as
//! it is long, and a JSON text nested deeper than about 128 levels is one most readers refuse
//! (serde_json's default limit), while writing and dropping such a value recurses once per
//! level: a 400,000-item chain overflowed the stack. A node reached deeper is written as
//! `{"@id": ...}` (a blank node gets a label) and described in a node object of its own after
//! the items', so the JSON-LD is still exactly the conversion's graph.
//!
//! Items of schema.org (`http://schema.org/` or `https://schema.org/`, by the first type of the
//! top-level item) get `"@context": {"@vocab": "<that prefix>"}` and short names for the
//! properties and types in it (`"name"`, `"Person"`), the form Google's structured-data tools
//! show; the context is written out rather than referenced (`"https://schema.org"`), so that
//! reading it needs no network. Other vocabularies are written with full IRIs. Values: IRIs as
//! `{"@id"}`, typed literals as `{"@value", "@type"}`, language-tagged ones as
//! `{"@value", "@language"}`, plain literals as strings.
//!
//! ```
//! use harvest_dom::{Document, ParseOptions, Url};
//! use harvest_export::rdf::{jsonld, w3c};
//! let url = Url::parse("http://example.com/").unwrap();
//! let doc = Document::parse_with(
//!     "<div itemscope itemtype='https://schema.org/Person' itemid='http://example.com/ada'>\
//!      <span itemprop=name>Ada</span><a itemprop=url href=/ada>me</a>\
//!      <p itemprop=address itemscope itemtype='https://schema.org/PostalAddress'>\
//!      <span itemprop=addressLocality>London</span></p></div>",
//!     &ParseOptions::new().url(url),
//! );
//! let conversion = w3c::from_microdata(&doc, &w3c::W3cOptions::new()).unwrap();
//! assert_eq!(jsonld::from_conversion(&conversion), serde_json::json!([{
//!     "@context": {"@vocab": "https://schema.org/"},
//!     "@id": "http://example.com/ada",
//!     "@type": "Person",
//!     "name": "Ada",
//!     "url": {"@id": "http://example.com/ada"},
//!     "address": {"@type": "PostalAddress", "addressLocality": "London"}
//! }]));
//! ```

use super::Conversion;
use harvest_rdf::vocab::RDF_TYPE;
use harvest_rdf::{Iri, Literal, Subject, Term};
use serde_json::{json, Map, Value};
use std::collections::{HashMap, HashSet};

/// The vocabularies written with short names.
const COMPACTED: [&str; 2] = ["http://schema.org/", "https://schema.org/"];

/// How many node objects are written inside one another, the top-level one counting one: at
/// most two levels of JSON each (the node object and an array of values), so 64 levels of
/// JSON and a value that serializes and drops without a deep recursion.
pub const MAX_EMBEDDING: usize = 32;

/// The JSON-LD of a conversion: an array with one node object per top-level item.
pub fn from_conversion(conversion: &Conversion) -> Value {
    let writer = Writer::new(conversion);
    let mut described: HashSet<Subject> = HashSet::new();
    let mut deferred = Deferred::default();
    let mut top: Vec<Value> = Vec::new();
    let mut seen_top: HashSet<&Subject> = HashSet::new();
    for subject in &conversion.items {
        if !seen_top.insert(subject) {
            continue;
        }
        let vocab = writer.first_type(subject).and_then(|t| COMPACTED.into_iter().find(|v| t.starts_with(v)));
        let node = writer.node(subject, vocab, &mut described, &mut deferred);
        top.push(with_context(node, vocab));
    }
    // The nodes reached past the embedding depth, each with the vocabulary of the item it was
    // reached from (and those it reaches past the depth in turn).
    let mut next = 0;
    while let Some((subject, vocab)) = deferred.order.get(next).cloned() {
        next += 1;
        if !deferred.nodes.contains(&subject) {
            continue;
        }
        let node = writer.node(&subject, vocab, &mut described, &mut deferred);
        top.push(with_context(node, vocab));
    }
    // Subjects no top-level item reaches: the values of reverse properties
    // (`itemprop-reverse`), which are the subjects of their triples. Each gets its own node
    // object, in graph order, with full IRIs.
    for triple in &conversion.graph {
        if !described.contains(&triple.subject) {
            top.push(writer.node(&triple.subject, None, &mut described, &mut deferred));
        }
    }
    Value::Array(top)
}

/// A top-level node object with `"@context": {"@vocab": vocab}` first, when it has a vocabulary.
fn with_context(mut node: Value, vocab: Option<&str>) -> Value {
    if let (Some(vocab), Value::Object(map)) = (vocab, &mut node) {
        let mut with_context = Map::new();
        with_context.insert("@context".to_owned(), json!({ "@vocab": vocab }));
        with_context.append(map);
        node = Value::Object(with_context);
    }
    node
}

/// The graph grouped by subject, with what is needed to decide ids.
struct Writer<'a> {
    /// Subject → its (predicate, object) pairs, in graph order.
    by_subject: HashMap<&'a Subject, Vec<(&'a Iri, &'a Term)>>,
    /// How often each node is an object, plus one for each top-level item it is.
    references: HashMap<Subject, usize>,
}

/// The nodes reached past [`MAX_EMBEDDING`], to write at the top level in the order reached,
/// with the vocabulary they were reached under; each is referenced by `@id` where reached.
#[derive(Default)]
struct Deferred {
    order: Vec<(Subject, Option<&'static str>)>,
    nodes: HashSet<Subject>,
}

/// A node object being written: its subject, its pairs, the next pair, the object so far, and
/// the key the finished node goes under in its parent.
struct Frame<'w, 'a> {
    pairs: &'w [(&'a Iri, &'a Term)],
    next: usize,
    node: Map<String, Value>,
    key: Option<String>,
}

impl<'a> Writer<'a> {
    fn new(conversion: &'a Conversion) -> Writer<'a> {
        let mut by_subject: HashMap<&Subject, Vec<(&Iri, &Term)>> = HashMap::new();
        let mut references: HashMap<Subject, usize> = HashMap::new();
        for triple in &conversion.graph {
            by_subject.entry(&triple.subject).or_default().push((&triple.predicate, &triple.object));
            if let Some(node) = triple.object.as_subject() {
                *references.entry(node).or_default() += 1;
            }
        }
        for item in &conversion.items {
            *references.entry(item.clone()).or_default() += 1;
        }
        Writer { by_subject, references }
    }

    fn first_type(&self, subject: &Subject) -> Option<&'a str> {
        self.by_subject.get(subject)?.iter().find(|(p, _)| p.as_str() == RDF_TYPE).and_then(|(_, o)| match o {
            Term::Iri(iri) => Some(iri.as_str()),
            _ => None,
        })
    }

    /// A short name for `iri` under `vocab`, when it has one.
    fn compact(iri: &str, vocab: Option<&str>) -> String {
        match vocab.and_then(|vocab| iri.strip_prefix(vocab)) {
            Some(local) if !local.is_empty() && local.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') => {
                local.to_owned()
            }
            _ => iri.to_owned(),
        }
    }

    /// The start of a node object for `subject`: its `@id` when it needs one (an IRI, or a
    /// blank node referenced more than once or written apart, past the embedding depth).
    fn start(&self, subject: &Subject, deferred: &Deferred) -> Map<String, Value> {
        let mut node = Map::new();
        match subject {
            Subject::Iri(iri) => {
                node.insert("@id".to_owned(), Value::String(iri.as_str().to_owned()));
            }
            Subject::Blank(blank)
                if self.references.get(subject).copied().unwrap_or(0) > 1 || deferred.nodes.contains(subject) =>
            {
                node.insert("@id".to_owned(), Value::String(blank.to_string()));
            }
            Subject::Blank(_) => {}
        }
        node
    }

    /// A reference to a node already written (or being written), or a literal's value.
    fn reference(term: &Term) -> Value {
        match term {
            Term::Iri(iri) => json!({ "@id": iri.as_str() }),
            Term::Blank(blank) => json!({ "@id": blank.to_string() }),
            Term::Literal(Literal::LanguageTagged { value, language }) => {
                json!({ "@value": value, "@language": language.as_str() })
            }
            Term::Literal(Literal::Simple { value }) => Value::String(value.clone()),
            Term::Literal(Literal::Typed { value, datatype }) => json!({ "@value": value, "@type": datatype.as_str() }),
        }
    }

    /// Adds `value` under `key`: a single value, or an array once there are several.
    fn add(node: &mut Map<String, Value>, key: String, value: Value) {
        match node.get_mut(&key) {
            None => {
                node.insert(key, value);
            }
            Some(Value::Array(values)) => values.push(value),
            Some(existing) => {
                let first = existing.take();
                *existing = Value::Array(vec![first, value]);
            }
        }
    }

    /// The node object of `subject` with every node it reaches for the first time inline, down
    /// to [`MAX_EMBEDDING`] (deeper ones go to `deferred`), built with an explicit stack.
    fn node(
        &self,
        subject: &Subject,
        vocab: Option<&'static str>,
        described: &mut HashSet<Subject>,
        deferred: &mut Deferred,
    ) -> Value {
        // A node written apart was marked described where it was reached.
        let apart = deferred.nodes.contains(subject);
        if !described.insert(subject.clone()) && !apart {
            return Self::reference(&subject.clone().into());
        }
        let pairs = self.by_subject.get(subject).map_or(&[][..], Vec::as_slice);
        let start = self.start(subject, deferred);
        // Written now: a later turn for it is a reference.
        deferred.nodes.remove(subject);
        let mut stack: Vec<Frame<'_, 'a>> = vec![Frame { pairs, next: 0, node: start, key: None }];
        loop {
            let depth = stack.len();
            let Some(frame) = stack.last_mut() else { return Value::Null };
            let Some(&(predicate, object)) = frame.pairs.get(frame.next) else {
                let Some(done) = stack.pop() else { return Value::Null };
                let value = Value::Object(done.node);
                match (stack.last_mut(), done.key) {
                    (Some(parent), Some(key)) => Self::add(&mut parent.node, key, value),
                    _ => return value,
                }
                continue;
            };
            frame.next += 1;
            if predicate.as_str() == RDF_TYPE {
                if let Term::Iri(iri) = object {
                    Self::add(&mut frame.node, "@type".to_owned(), Value::String(Self::compact(iri.as_str(), vocab)));
                    continue;
                }
            }
            let key = Self::compact(predicate.as_str(), vocab);
            // The node the object names, when it is an IRI or a blank node.
            let node = object.as_subject();
            let pairs = node.as_ref().and_then(|node| self.by_subject.get(node));
            match (node, pairs) {
                (Some(node), Some(_)) if depth >= MAX_EMBEDDING && described.insert(node.clone()) => {
                    // Too deep to embed: referenced here, written at the top level.
                    deferred.nodes.insert(node.clone());
                    deferred.order.push((node, vocab));
                    Self::add(&mut frame.node, key, Self::reference(object));
                }
                (Some(node), Some(pairs)) if described.insert(node.clone()) => {
                    let start = self.start(&node, deferred);
                    stack.push(Frame { pairs, next: 0, node: start, key: Some(key) });
                }
                (Some(node @ Subject::Blank(_)), None) if described.insert(node.clone()) => {
                    // An item without properties or types: an empty node, labelled when shared.
                    Self::add(&mut frame.node, key, Value::Object(self.start(&node, deferred)));
                }
                _ => Self::add(&mut frame.node, key, Self::reference(object)),
            }
        }
    }
}
