//! Where in its block each quad was written: the JSON member that made it.
//!
//! The JSON-LD processor reports no source positions, so the block is read a second time,
//! with json-event-parser (the JSON reader the processor itself uses, so both accept the same
//! texts), into a flat list of its members: each key with its byte offset, and each value
//! (an array's items each count as one) with the member it belongs to. A quad is then paired
//! with a member, deterministically (`docs/jsonld.md`, "Positions"):
//!
//! 1. the members that can give its predicate: those whose key expands to it through the
//!    block's contexts (inline ones, and the remote ones the processor loaded: see
//!    [`Contexts`]), `@type` (or an alias of it) for `rdf:type`, `@list` for `rdf:first`;
//!    failing those, the members whose key is the predicate's local name;
//! 2. among their values not yet paired, in document order, the first whose value matches the
//!    quad's object (the same lexical form, an IRI the string resolves to or names, a node
//!    object for a blank node), looking at most [`WINDOW`] values ahead; else the first one not
//!    yet paired; else the first one;
//! 3. the position is that member's key: its line and column in the block.
//!
//! Everything is read with explicit stacks; the work is linear in the block and the quads.

use harvest_rdf::{vocab, Position, Term};
use json_event_parser::{JsonEvent, LowLevelJsonParser};
use serde_json::Value;
use std::collections::HashMap;

/// How many values past the first one not yet paired are tried for a matching object.
const WINDOW: usize = 64;
/// How many remote contexts one block's reading loads (a context may name further ones).
const MAX_REMOTE_CONTEXTS: usize = 16;
/// How deep the term definitions of a context are read for scoped contexts.
const MAX_CONTEXT_DEPTH: usize = 8;
/// `rdf:first`, the predicate of a list's items.
const RDF_FIRST: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#first";
/// Bytes between two counts of the characters before them ([`Pairing::characters_before`]).
const CHECKPOINT: usize = 64;

/// A scalar of the block.
enum Scalar {
    String(Box<str>),
    Number(Box<str>),
    Boolean(bool),
    Null,
}

/// What a value is: a scalar, or an object (its index in [`Members::objects`]).
enum Item {
    Scalar(Scalar),
    Object(usize),
}

/// A JSON object of the block: its `@id` and `@value`, when it has them.
#[derive(Default)]
struct Object {
    id: Option<Box<str>>,
    value: Option<Scalar>,
}

/// A member of an object: its key and where the key starts (a byte offset in the block).
struct Member {
    key: Box<str>,
    offset: usize,
    /// The object the member is in.
    object: usize,
}

/// A value (an array item counts as one), and the member it is the value of.
struct Entry {
    member: usize,
    item: Item,
}

/// The block read as members.
#[derive(Default)]
struct Members {
    members: Vec<Member>,
    objects: Vec<Object>,
    entries: Vec<Entry>,
    /// The byte ranges of the values of `@context` members.
    contexts: Vec<(usize, usize)>,
}

/// A frame of the reading's stack.
enum Frame {
    Object {
        index: usize,
        /// The member whose value comes next.
        key: Option<usize>,
        /// Where the value of a `@context` member started.
        context: Option<usize>,
    },
    Array {
        member: Option<usize>,
    },
}

/// Reads `text` into members; `None` when it is not JSON.
fn read(text: &str) -> Option<Members> {
    let bytes = text.as_bytes();
    let mut parser = LowLevelJsonParser::new();
    let mut read = Members::default();
    let mut stack: Vec<Frame> = Vec::new();
    let mut offset = 0usize;
    loop {
        let rest = bytes.get(offset..)?;
        let result = parser.parse_next(rest, true);
        let start = offset
            + rest
                .iter()
                .position(|byte| !matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | b',' | b':'))
                .unwrap_or(rest.len());
        offset += result.consumed_bytes;
        let event = match result.event {
            None => continue,
            Some(Ok(event)) => event,
            Some(Err(_)) => return None,
        };
        // The member the value starting here belongs to, and noting where a `@context` value
        // starts.
        let member = match stack.last_mut() {
            Some(Frame::Object { key, context, .. }) => {
                if let (Some(at), None) = (*key, *context) {
                    if &*read.members[at].key == "@context" && !matches!(event, JsonEvent::EndObject) {
                        *context = Some(start);
                    }
                }
                *key
            }
            Some(Frame::Array { member }) => *member,
            None => None,
        };
        match event {
            JsonEvent::Eof => break,
            JsonEvent::ObjectKey(key) => {
                if let Some(Frame::Object { index, key: current, .. }) = stack.last_mut() {
                    read.members.push(Member { key: key.into(), offset: start, object: *index });
                    *current = Some(read.members.len() - 1);
                }
            }
            JsonEvent::StartObject => {
                read.objects.push(Object::default());
                let index = read.objects.len() - 1;
                if let Some(member) = member {
                    read.entries.push(Entry { member, item: Item::Object(index) });
                }
                stack.push(Frame::Object { index, key: None, context: None });
            }
            JsonEvent::StartArray => stack.push(Frame::Array { member }),
            JsonEvent::EndObject | JsonEvent::EndArray => {
                stack.pop();
                read.value_done(&mut stack, offset);
            }
            scalar => {
                let scalar = match scalar {
                    JsonEvent::String(value) => Scalar::String(value.into()),
                    JsonEvent::Number(value) => Scalar::Number(value.into()),
                    JsonEvent::Boolean(value) => Scalar::Boolean(value),
                    _ => Scalar::Null,
                };
                if let Some(member) = member {
                    read.note_keyword(member, &scalar, &stack);
                    read.entries.push(Entry { member, item: Item::Scalar(scalar) });
                }
                read.value_done(&mut stack, offset);
            }
        }
    }
    Some(read)
}

impl Members {
    /// A value ended at `end`: the object it was a member value of waits for its next key.
    fn value_done(&mut self, stack: &mut [Frame], end: usize) {
        if let Some(Frame::Object { key, context, .. }) = stack.last_mut() {
            if let Some(start) = context.take() {
                self.contexts.push((start, end));
            }
            *key = None;
        }
    }

    /// Notes an object's `@id` and `@value` (written directly in it, not in an array).
    fn note_keyword(&mut self, member: usize, scalar: &Scalar, stack: &[Frame]) {
        if !matches!(stack.last(), Some(Frame::Object { .. })) {
            return;
        }
        let Some(Member { key, object, .. }) = self.members.get(member) else { return };
        let Some(object) = self.objects.get_mut(*object) else { return };
        match (&**key, scalar) {
            ("@id", Scalar::String(id)) => object.id = Some(id.clone()),
            ("@value", value) => {
                object.value = Some(match value {
                    Scalar::String(text) => Scalar::String(text.clone()),
                    Scalar::Number(number) => Scalar::Number(number.clone()),
                    Scalar::Boolean(boolean) => Scalar::Boolean(*boolean),
                    Scalar::Null => Scalar::Null,
                })
            }
            _ => {}
        }
    }
}

/// What the block's contexts say about its keys, read loosely: every term definition any of
/// them gives (scoped ones included), every `@vocab`. A key may so expand to more IRIs than
/// the processor gives it in one place; pairing only needs the IRI to be among them.
#[derive(Default)]
struct Contexts {
    terms: HashMap<String, Vec<String>>,
    vocabularies: Vec<String>,
    remote: usize,
}

impl Contexts {
    /// Reads a context value (an IRI, an object or an array of them); a remote one is the
    /// document the processor loaded for its IRI (`loaded`), if it did.
    fn add(&mut self, context: Value, loaded: &[(String, Vec<u8>)]) {
        let mut pending = vec![(context, 0usize)];
        while let Some((context, depth)) = pending.pop() {
            match context {
                Value::Array(items) => pending.extend(items.into_iter().rev().map(|item| (item, depth))),
                Value::String(url) if self.remote < MAX_REMOTE_CONTEXTS => {
                    self.remote += 1;
                    let document = loaded.iter().find(|(loaded, _)| *loaded == url).map(|(_, document)| document);
                    let document = document.map(|document| serde_json::from_slice::<Value>(document));
                    if let Some(Ok(Value::Object(mut document))) = document {
                        if let Some(context) = document.remove("@context") {
                            pending.push((context, depth));
                        }
                    }
                }
                Value::Object(definitions) => {
                    for (term, definition) in definitions {
                        match (term.as_str(), definition) {
                            ("@vocab", Value::String(vocabulary)) => self.vocabularies.push(vocabulary),
                            (_, Value::String(iri)) => self.terms.entry(term).or_default().push(iri),
                            (_, Value::Object(mut definition)) => {
                                let iri = definition.get("@id").or_else(|| definition.get("@reverse"));
                                if let Some(Value::String(iri)) = iri {
                                    self.terms.entry(term).or_default().push(iri.clone());
                                }
                                if let Some(scoped) = definition.remove("@context") {
                                    if depth < MAX_CONTEXT_DEPTH {
                                        pending.push((scoped, depth + 1));
                                    }
                                }
                            }
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// The IRIs (or the keyword `@type`) `key` may expand to (JSON-LD 1.1 API §4.2.2 "IRI
    /// Expansion", loosely: a term, a compact IRI, an absolute IRI, the vocabulary mapping).
    fn expansions(&self, key: &str) -> Vec<String> {
        if key.starts_with('@') {
            return vec![key.to_owned()];
        }
        let mut out = Vec::new();
        let written: Vec<&str> = match self.terms.get(key) {
            Some(definitions) => definitions.iter().map(String::as_str).collect(),
            None => vec![key],
        };
        for value in written {
            if value.starts_with('@') {
                out.push(value.to_owned());
            } else if let Some((prefix, suffix)) = value.split_once(':') {
                match self.terms.get(prefix).filter(|_| !suffix.starts_with("//")) {
                    Some(namespaces) => out.extend(namespaces.iter().map(|namespace| format!("{namespace}{suffix}"))),
                    None => out.push(value.to_owned()),
                }
            } else {
                out.extend(self.vocabularies.iter().map(|vocabulary| format!("{vocabulary}{value}")));
                if let Some(term) = self.terms.get(value).filter(|_| value != key) {
                    out.extend(term.iter().cloned());
                }
            }
        }
        out
    }
}

/// The local name of an IRI: what follows its last `/`, `#` or `:`.
fn local_name(iri: &str) -> &str {
    iri.rsplit(['/', '#', ':']).next().unwrap_or(iri)
}

/// Entries in document order, and how many at the front are paired.
#[derive(Default)]
struct Queue {
    entries: Vec<usize>,
    front: usize,
}

/// The kinds of value keys ([`Members::value_keys`]).
const TEXT: u8 = 0;
const NUMBER: u8 = 1;
const NAME: u8 = 2;
const BLANK: u8 = 3;

/// A value key: a hash of its kind and text. Two values may share one (the candidates found
/// by a key are checked with [`Members::matches`]); the hash is the same on every run
/// (`DefaultHasher::new` has fixed keys), so pairing stays deterministic.
fn value_key(kind: u8, text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    kind.hash(&mut hasher);
    text.hash(&mut hasher);
    hasher.finish()
}

/// The key of a number: its value's bits, so that `1.0` and `1.0E0` meet.
fn number_key(number: f64) -> u64 {
    value_key(NUMBER, "") ^ number.to_bits()
}

/// The keys a quad's object is looked up by among the values ([`Members::value_keys`]).
fn object_keys(object: &Term) -> Vec<u64> {
    match object {
        Term::Literal(literal) => {
            let lexical = literal.value();
            let mut keys = vec![value_key(TEXT, lexical)];
            if let Ok(number) = lexical.parse::<f64>() {
                keys.push(number_key(number));
            }
            keys
        }
        Term::Iri(iri) => vec![value_key(NAME, local_name(iri.as_str()))],
        Term::Blank(_) => vec![value_key(BLANK, "")],
    }
}

/// Pairs the quads of one block with its members, one at a time ([`Pairing::position`]).
pub(crate) struct Pairing {
    read: Members,
    /// For each predicate (an IRI, `@type`, or `local:` and a local name), the queue of the
    /// entries that can give it, in document order.
    predicates: HashMap<String, usize>,
    /// For a predicate's queue and a value key ([`Members::value_keys`]), the queue of those
    /// entries whose value has that key.
    by_value: HashMap<(usize, u64), usize>,
    queues: Vec<Queue>,
    paired: Vec<bool>,
    /// The line breaks of the block (byte offsets of the character after each).
    line_starts: Vec<usize>,
    /// The characters before every [`CHECKPOINT`]th byte of the block.
    checkpoints: Vec<usize>,
    text: Box<str>,
    /// The page line of the block's first line, and whether its columns are known there.
    first_line: u32,
    first_line_columns: bool,
}

impl Pairing {
    /// Reads a block whose first line is page line `first_line` (its columns known when
    /// `first_line_columns`), with the remote documents the processor loaded for it; `None`
    /// when it is not JSON.
    pub(crate) fn new(
        text: &str,
        first_line: u32,
        first_line_columns: bool,
        loaded: &[(String, Vec<u8>)],
    ) -> Option<Pairing> {
        let read = read(text)?;
        let mut contexts = Contexts::default();
        for &(start, end) in &read.contexts {
            if let Some(Ok(context)) = text.get(start..end).map(serde_json::from_str::<Value>) {
                contexts.add(context, loaded);
            }
        }
        // For each key written, the queues of the predicates it may give.
        let mut expansions: HashMap<&str, Vec<usize>> = HashMap::new();
        let mut predicates: HashMap<String, usize> = HashMap::new();
        let mut by_value: HashMap<(usize, u64), usize> = HashMap::new();
        let mut queues: Vec<Queue> = Vec::new();
        let mut keys = Vec::new();
        for (index, entry) in read.entries.iter().enumerate() {
            let Some(member) = read.members.get(entry.member) else { continue };
            let key = &*member.key;
            let expanded = expansions.entry(key).or_insert_with(|| {
                let mut all = contexts.expansions(key);
                if key == "@list" {
                    all.push(RDF_FIRST.to_owned());
                }
                if !key.starts_with('@') {
                    all.push(format!("local:{}", local_name(key)));
                }
                all.sort();
                all.dedup();
                all.into_iter()
                    .map(|iri| {
                        *predicates.entry(iri).or_insert_with(|| {
                            queues.push(Queue::default());
                            queues.len() - 1
                        })
                    })
                    .collect()
            });
            keys.clear();
            read.value_keys(index, &mut keys);
            for &predicate in expanded.iter() {
                if let Some(queue) = queues.get_mut(predicate) {
                    queue.entries.push(index);
                }
                for &key in &keys {
                    let by = *by_value.entry((predicate, key)).or_insert_with(|| {
                        queues.push(Queue::default());
                        queues.len() - 1
                    });
                    if let Some(queue) = queues.get_mut(by) {
                        queue.entries.push(index);
                    }
                }
            }
        }
        let mut line_starts = Vec::new();
        let mut checkpoints = Vec::with_capacity(text.len() / CHECKPOINT + 1);
        let mut characters = 0;
        let bytes = text.as_bytes();
        for (at, &byte) in bytes.iter().enumerate() {
            if at % CHECKPOINT == 0 {
                checkpoints.push(characters);
            }
            characters += usize::from(!is_continuation(byte));
            let crlf = byte == b'\r' && bytes.get(at + 1) == Some(&b'\n');
            if (byte == b'\n' || byte == b'\r') && !crlf {
                line_starts.push(at + 1);
            }
        }
        let paired = vec![false; read.entries.len()];
        Some(Pairing {
            read,
            predicates,
            by_value,
            queues,
            paired,
            line_starts,
            checkpoints,
            text: Box::from(text),
            first_line,
            first_line_columns,
        })
    }

    /// The byte offset of the member that made a quad with this predicate and object.
    pub(crate) fn offset(&mut self, predicate: &str, object: &Term) -> Option<usize> {
        let is_type = predicate == vocab::RDF_TYPE;
        let key = if is_type { "@type" } else { predicate };
        let queue = match self.predicates.get(key) {
            Some(&queue) => queue,
            None => *self.predicates.get(&format!("local:{}", local_name(predicate)))?,
        };
        // The entries with a value of the object's key first, then any entry of the predicate.
        let mut chosen = None;
        for value_key in object_keys(object) {
            let Some(&by) = self.by_value.get(&(queue, value_key)) else { continue };
            if let Some(entry) = self.first_free(by, is_type, Some(object)) {
                chosen = Some(entry);
                break;
            }
        }
        let entry = match chosen.or_else(|| self.first_free(queue, is_type, None)) {
            Some(entry) => entry,
            None => *self.queues.get(queue)?.entries.first()?,
        };
        if let Some(paired) = self.paired.get_mut(entry) {
            *paired = true;
        }
        let member = self.read.entries.get(entry)?.member;
        self.read.members.get(member).map(|member| member.offset)
    }

    /// The first entry of queue `queue` not yet paired (of a node object, for `rdf:type`),
    /// whose value matches `object` when one is given, looking at most [`WINDOW`] entries past
    /// the first one not paired.
    fn first_free(&mut self, queue: usize, is_type: bool, object: Option<&Term>) -> Option<usize> {
        let Pairing { queues, paired, read, .. } = self;
        let queue = queues.get_mut(queue)?;
        while queue.entries.get(queue.front).is_some_and(|&entry| paired[entry]) {
            queue.front += 1;
        }
        queue.entries.iter().skip(queue.front).take(WINDOW + 1).copied().find(|&entry| {
            !paired[entry]
                && (!is_type || read.is_node_member(entry))
                && object.is_none_or(|object| read.matches(entry, object))
        })
    }

    /// The page position of byte `offset` of the block (the column counted in characters, and
    /// unknown on the block's first line unless its columns are known).
    pub(crate) fn position(&self, offset: usize) -> Option<Position> {
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let line_start = if line == 0 { 0 } else { self.line_starts[line - 1] };
        let page_line = self.first_line.saturating_add(u32::try_from(line).unwrap_or(u32::MAX));
        let column = if line == 0 && !self.first_line_columns {
            None
        } else {
            let characters = self.characters_before(offset).saturating_sub(self.characters_before(line_start));
            u32::try_from(characters + 1).ok()
        };
        Position::new(page_line, column)
    }
}

impl Pairing {
    /// How many characters the block has before byte `offset`: the count at the checkpoint
    /// before it, and the bytes after that which start a character (at most [`CHECKPOINT`]).
    fn characters_before(&self, offset: usize) -> usize {
        let checkpoint = offset / CHECKPOINT;
        let counted = self.checkpoints.get(checkpoint).copied().unwrap_or(0);
        let from = (checkpoint * CHECKPOINT).min(self.text.len());
        let bytes = self.text.as_bytes().get(from..offset.min(self.text.len())).unwrap_or_default();
        counted + bytes.iter().filter(|&&byte| !is_continuation(byte)).count()
    }
}

/// Whether a byte of UTF-8 continues a character (`10xxxxxx`).
fn is_continuation(byte: u8) -> bool {
    byte & 0xC0 == 0x80
}

impl Members {
    /// The keys of entry `entry`'s value, into `keys`: the text of a string or boolean, the
    /// value of a number, the local name of what may be an IRI, and whether it may be a blank
    /// node. A quad's object is looked up by the same keys ([`object_keys`]), then checked with
    /// [`Members::matches`].
    fn value_keys(&self, entry: usize, keys: &mut Vec<u64>) {
        let Some(entry) = self.entries.get(entry) else { return };
        let (scalar, node) = match &entry.item {
            Item::Scalar(scalar) => (Some(scalar), None),
            Item::Object(index) => match self.objects.get(*index) {
                Some(object) if object.value.is_some() => (object.value.as_ref(), None),
                Some(object) => (None, Some(object)),
                None => (None, None),
            },
        };
        match scalar {
            Some(Scalar::String(text)) => {
                keys.push(value_key(TEXT, text));
                keys.push(value_key(NAME, local_name(text)));
                if text.starts_with("_:") {
                    keys.push(value_key(BLANK, ""));
                }
            }
            Some(Scalar::Number(number)) => match number.parse::<f64>() {
                Ok(value) => keys.push(number_key(value)),
                Err(_) => keys.push(value_key(TEXT, number)),
            },
            Some(Scalar::Boolean(value)) => keys.push(value_key(TEXT, if *value { "true" } else { "false" })),
            Some(Scalar::Null) | None => {}
        }
        if let Some(node) = node {
            match node.id.as_deref() {
                Some(id) if !id.starts_with("_:") => keys.push(value_key(NAME, local_name(id))),
                _ => keys.push(value_key(BLANK, "")),
            }
        }
    }

    /// Whether entry `entry` is a member of a node object (not of a value object, whose
    /// `@type` is a datatype).
    fn is_node_member(&self, entry: usize) -> bool {
        let object = self.entries.get(entry).and_then(|entry| self.members.get(entry.member)).map(|m| m.object);
        object.and_then(|object| self.objects.get(object)).is_some_and(|object| object.value.is_none())
    }

    /// Whether the value of entry `entry` can be the quad's object.
    fn matches(&self, entry: usize, object: &Term) -> bool {
        let Some(entry) = self.entries.get(entry) else { return false };
        let (scalar, node) = match &entry.item {
            Item::Scalar(scalar) => (Some(scalar), None),
            Item::Object(index) => {
                let Some(found) = self.objects.get(*index) else { return false };
                (found.value.as_ref(), Some(found))
            }
        };
        match object {
            Term::Literal(literal) => scalar.is_some_and(|scalar| same_lexical(scalar, literal.value())),
            Term::Iri(iri) => match (scalar, node) {
                (Some(Scalar::String(text)), None) => names(iri.as_str(), text),
                (_, Some(node)) => node.value.is_none() && node.id.as_deref().is_some_and(|id| names(iri.as_str(), id)),
                _ => false,
            },
            Term::Blank(_) => match (scalar, node) {
                (Some(Scalar::String(text)), None) => text.starts_with("_:"),
                (_, Some(node)) => node.value.is_none() && node.id.as_deref().is_none_or(|id| id.starts_with("_:")),
                _ => false,
            },
        }
    }
}

/// Whether a JSON scalar is written as the literal `lexical` (a number by its value, as the
/// processor writes `1.0` as `1.0E0`).
fn same_lexical(scalar: &Scalar, lexical: &str) -> bool {
    match scalar {
        Scalar::String(text) => &**text == lexical,
        Scalar::Number(number) => {
            &**number == lexical
                || number.parse::<f64>().ok().zip(lexical.parse::<f64>().ok()).is_some_and(|(a, b)| a == b)
        }
        Scalar::Boolean(value) => lexical == if *value { "true" } else { "false" },
        Scalar::Null => false,
    }
}

/// Whether a string written in the block names `iri`: it is the IRI, a reference or term the
/// IRI ends with, or a compact IRI whose suffix it ends with.
fn names(iri: &str, written: &str) -> bool {
    if written.is_empty() {
        return false;
    }
    if iri == written || iri.ends_with(written.trim_start_matches("./")) {
        return true;
    }
    match written.split_once(':') {
        Some((_, suffix)) if !suffix.starts_with("//") && !suffix.is_empty() => iri.ends_with(suffix),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use harvest_rdf::{Iri, Literal};

    fn pairing(text: &str) -> Option<Pairing> {
        Pairing::new(text, 10, false, &[])
    }

    fn at(pairing: &mut Pairing, predicate: &str, object: Term) -> Option<(u32, Option<u32>)> {
        let offset = pairing.offset(predicate, &object)?;
        pairing.position(offset).map(|position| (position.line(), position.column()))
    }

    #[test]
    fn keys_expand_through_terms_prefixes_and_vocabularies() {
        let text = "{\"@context\": [{\"@vocab\": \"http://v.example/\", \"ex\": \"http://e.example/\"},\n {\"nm\": {\"@id\": \"ex:name\"}, \"kind\": \"@type\"}],\n \"kind\": \"Thing\", \"nm\": \"A\", \"other\": 1, \"ex:x\": true}";
        let mut pairing = pairing(text).unwrap();
        let literal = |value: &str| Term::Literal(Literal::simple(value));
        let iri = |value: &str| Term::Iri(Iri::parse(value).unwrap());
        assert_eq!(at(&mut pairing, "http://e.example/name", literal("A")), Some((12, Some(19))));
        assert_eq!(at(&mut pairing, RDF_TYPE_IRI, iri("http://v.example/Thing")), Some((12, Some(2))));
        assert_eq!(at(&mut pairing, "http://v.example/other", literal("1")), Some((12, Some(30))));
        assert_eq!(at(&mut pairing, "http://e.example/x", literal("true")), Some((12, Some(42))));
        // No member gives it.
        assert_eq!(at(&mut pairing, "http://e.example/absent", literal("A")), None);
    }

    const RDF_TYPE_IRI: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

    #[test]
    fn repeated_keys_pair_by_value_then_in_document_order() {
        let text = "[{\"http://p\": \"a\"},\n{\"http://p\": \"b\"},\n{\"http://p\": [\"c\", \"d\"]}]";
        let mut pairing = pairing(text).unwrap();
        let literal = |value: &str| Term::Literal(Literal::simple(value));
        assert_eq!(at(&mut pairing, "http://p", literal("d")), Some((12, Some(2))));
        assert_eq!(at(&mut pairing, "http://p", literal("b")), Some((11, Some(2))));
        assert_eq!(at(&mut pairing, "http://p", literal("a")), Some((10, None)));
        // Nothing left matches: the first value not yet paired ("c"), then the first of all.
        assert_eq!(at(&mut pairing, "http://p", literal("z")), Some((12, Some(2))));
        assert_eq!(at(&mut pairing, "http://p", literal("z")), Some((10, None)));
    }

    #[test]
    fn deep_broken_and_odd_texts_read_without_panicking() {
        let deep = format!("{}1{}", "{\"a\": [".repeat(10_000), "]}".repeat(10_000));
        let mut deep = pairing(&deep).unwrap();
        assert_eq!(at(&mut deep, "http://x/a", Term::Literal(Literal::simple("1"))), Some((10, None)));
        let deep_context = format!("{{\"@context\": {}{{}}{}, \"a\": 1}}", "[".repeat(5_000), "]".repeat(5_000));
        assert!(pairing(&deep_context).is_some());
        for text in ["", "{", "[1,", "{\"a\" 1}", "\u{feff}{}", "{\"a\": \"\\ud800\"}", "nul", "{}}", "\"é\""] {
            if let Some(mut pairing) = pairing(text) {
                at(&mut pairing, "http://x/a", Term::Literal(Literal::simple("1")));
                pairing.position(usize::MAX);
                pairing.position(1);
            }
        }
    }
}
