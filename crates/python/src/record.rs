//! The `all` record of `extract` and `iter_warc`: the front door's record
//! ([`harvest_html::Extractor`]'s options) of every syntax but JSON-LD as JSON values, and the
//! JSON-LD blocks kept as checked JSON text ([`harvest_html::jsonld_blocks::block_texts`]) so
//! that Python gets their numbers exact, read strictly or leniently as the caller asks.
//!
//! The other syntaxes come as the typed [`harvest_html::Record`] (its members are the streamed
//! record's: `Extractor::extract_document`), computed without the GIL and serialized straight
//! into Python objects when the GIL is back ([`crate::convert::serialized`]): no
//! `serde_json::Value` tree between. The links are read from the page's tree as they are
//! converted, in their form, as the written record streams them (the typed record would read
//! them whole and then make them compact), unless the output's size is bounded.

use crate::convert::{from_json_text, serialized, to_python, Stop};
use harvest_dom::Document;
use harvest_html::jsonld_blocks::{block_texts, Reading};
use harvest_html::output::{CheckOptions, GraphOutput};
use harvest_html::{Error, Extractor, Limits, LinksDetail, Page, Syntax};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde::{ser::SerializeSeq, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::Value;
use std::cell::Cell;
use std::collections::BTreeMap;

/// How `jsonld=` names a [`Reading`].
pub(crate) fn reading(name: &str) -> PyResult<Reading> {
    match name {
        "strict" => Ok(Reading::Strict),
        "lenient" => Ok(Reading::Lenient),
        other => Err(PyValueError::new_err(format!("jsonld must be \"strict\" or \"lenient\", not {other:?}"))),
    }
}

/// The extractor for every syntax but JSON-LD (its blocks are read apart, as text), within
/// `limits`, and the page parsed once.
fn parse(page: &Page, extractor: &Extractor, limits: &Limits) -> (Extractor, Document) {
    let syntaxes = &extractor.all_options().syntaxes;
    let others =
        extractor.clone().syntaxes(syntaxes.iter().copied().filter(|s| *s != Syntax::JsonLd)).limits(limits.clone());
    let doc = others.parse(page);
    (others, doc)
}

/// A record that is not what its writer gives (never seen): an error of the record as written.
fn inconsistent(what: &str) -> Error {
    Error::Io(std::io::Error::other(what.to_owned()))
}

/// A page's record as JSON text: each member's text, keyed by its name in record order, and
/// what each syntax found. The texts lie one after another in one buffer, the record as the
/// extractor wrote it (the values are cut from it where they lie, not copied apart) with the
/// JSON-LD blocks and their errors after it.
#[derive(Default)]
pub(crate) struct Texts {
    text: String,
    members: Vec<(&'static str, std::ops::Range<usize>)>,
    pub counts: Vec<(&'static str, usize)>,
}

impl Texts {
    /// Each member's key and JSON text, in record order.
    pub(crate) fn members(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.members.iter().map(|(key, at)| (*key, self.text.get(at.clone()).unwrap_or_default()))
    }

    /// The JSON text of the member `key`, if the record has it.
    pub(crate) fn member(&self, key: &str) -> Option<&str> {
        self.members().find(|(name, _)| *name == key).map(|(_, text)| text)
    }

    /// Adds a member whose text is not in the buffer yet.
    fn push(&mut self, key: &'static str, text: &str) {
        let start = self.text.len();
        self.text.push_str(text);
        self.members.push((key, start..self.text.len()));
    }
}

/// A page's `all` record, computed without the GIL: the other syntaxes typed, as the
/// extractors gave them (serialized straight into Python objects when the GIL is back), the
/// JSON-LD blocks as text, and the page's dataset when asked (`iter_warc(graph=...)`).
pub(crate) struct Record {
    /// Every syntax but JSON-LD, RDFa and Open Graph (taken out: see `rdfa`, `opengraph`).
    pub typed: harvest_html::Record,
    /// The RDFa member's node objects, written once (converted and counted).
    pub rdfa: Option<Value>,
    /// The Open Graph member as its JSON reads (its properties are pairs, which serialize as
    /// tuples: JSON has them as lists).
    pub opengraph: Option<(Value, usize)>,
    pub jsonld: Option<Vec<Box<RawValue>>>,
    /// The JSON-LD blocks that are not JSON.
    pub errors: Option<Value>,
    /// The page's dataset in the format asked, and its quads.
    pub graph: Option<(String, usize)>,
    /// The page's check as JSON (`harvest check`'s record), and its errors.
    pub check: Option<(String, usize)>,
    /// The page's tree and the links' form, when the links are read from it as they are
    /// converted (as the written record streams them), and how many were.
    links: Option<(Document, LinksDetail, Cell<Option<usize>>)>,
}

/// A page's links in the form asked for, read from its tree one at a time as the serializer
/// asks (`harvest_links::compact_links` or `iter_links`, as the written record), and counted.
struct LinkStream<'a>(&'a Document, LinksDetail, &'a Cell<Option<usize>>);

impl Serialize for LinkStream<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        let mut count = 0;
        match self.1 {
            LinksDetail::Full => {
                for link in harvest_links::iter_links(self.0) {
                    count += 1;
                    seq.serialize_element(&link)?;
                }
            }
            _ => harvest_links::compact_links(self.0).try_for_each(|link| {
                count += 1;
                seq.serialize_element(link)
            })?,
        }
        self.2.set(Some(count));
        seq.end()
    }
}

/// The page's check ([`harvest_html::output::PageCheck`]) as the JSON record `harvest check`
/// writes, and its errors.
fn check_of(doc: &Document, options: &CheckOptions, limits: &Limits) -> (String, usize) {
    let checked = harvest_html::output::check_page(doc, options, limits);
    (serde_json::to_string(&checked).unwrap_or_default(), checked.report.counts.errors)
}

/// The page's dataset of every RDF syntax ([`harvest_html::output::PageGraph`]) written as
/// `output` says, and its number of quads.
fn graph_of(doc: &Document, output: &GraphOutput, limits: &Limits) -> (String, usize) {
    let graph = harvest_html::output::page_graph(doc, output, limits);
    (graph.write(output), graph.dataset.len())
}

impl Record {
    /// Parses the page once and extracts what `extractor` names, within `limits`.
    pub(crate) fn extract(
        page: &Page,
        extractor: &Extractor,
        reading: Reading,
        limits: &Limits,
        graph: Option<&GraphOutput>,
        check: Option<&CheckOptions>,
    ) -> Result<Record, Error> {
        let (others, doc) = parse(page, extractor, limits);
        let syntaxes = &others.all_options().syntaxes;
        // The links read as they are converted, unless the output's size is bounded: the
        // typed record counts them into it.
        let streamed = syntaxes.contains(&Syntax::Links) && limits.max_output_bytes.is_none();
        let mut typed = match streamed {
            true => others
                .clone()
                .syntaxes(syntaxes.iter().copied().filter(|s| *s != Syntax::Links))
                .extract_document(&doc)?,
            false => others.extract_document(&doc)?,
        };
        let rdfa = typed.rdfa.take().map(|graph| harvest_rdf::jsonld::write(&graph));
        let opengraph = match typed.opengraph.take() {
            Some(objects) => {
                let found = objects.iter().map(|object| object.properties.len()).sum();
                Some((serde_json::to_value(&objects)?, found))
            }
            None => None,
        };
        let graph = graph.map(|output| graph_of(&doc, output, limits));
        let check = check.map(|options| check_of(&doc, options, limits));
        let mut record = Record { typed, rdfa, opengraph, jsonld: None, errors: None, graph, check, links: None };
        if extractor.all_options().syntaxes.contains(&Syntax::JsonLd) {
            let (texts, errors) = block_texts(&doc, reading);
            record.jsonld = Some(texts);
            if !errors.is_empty() {
                record.errors = Some(Value::Array(errors));
            }
        }
        // The JSON-LD blocks, the graph and the check walk the tree after the members: one
        // stopped by the deadline stopped the tree.
        if doc.interrupted() {
            return Err(Error::Interrupted);
        }
        if streamed {
            record.links = Some((doc, others.all_options().links, Cell::new(None)));
        }
        Ok(record)
    }

    /// The record's members as JSON texts (`iter_warc(as_json=True)`), in record order, and
    /// what each syntax found. The texts are cut from the record as the extractor streams it
    /// (what `harvest all` writes, with where each member's value lies), without building
    /// JSON values or reading the record again.
    pub(crate) fn texts(
        page: &Page,
        extractor: &Extractor,
        reading: Reading,
        limits: &Limits,
        graph: Option<&GraphOutput>,
        check: Option<&CheckOptions>,
    ) -> Result<Texts, Error> {
        let (others, doc) = parse(page, extractor, limits);
        // Room for a record as large as the page, so that it seldom grows (and copies itself)
        // while it is written: records run at 0.9 of their pages' size over the Spark
        // benchmark's archives. The room is touched only as it is written.
        let mut written = Vec::with_capacity(page.bytes.len());
        let spans = others.write_document_members(&doc, &mut written)?;
        // serde_json writes UTF-8, and each span is a whole JSON value in it.
        let text = String::from_utf8(written).map_err(|_| inconsistent("the record is not UTF-8"))?;
        let mut record = BTreeMap::new();
        for member in spans {
            let key = member.key;
            if text.get(member.at.clone()).is_none() {
                return Err(inconsistent(&format!("the record's {key} is not where it was")));
            }
            record.insert(key, (member.at, member.found));
        }
        let mut texts = Texts { text, ..Texts::default() };
        if let Some((url, _)) = record.remove("url") {
            texts.members.push(("url", url));
        }
        let mut errors = None;
        for syntax in Syntax::ALL {
            if syntax == Syntax::JsonLd {
                if !extractor.all_options().syntaxes.contains(&Syntax::JsonLd) {
                    continue;
                }
                let (blocks, block_errors) = block_texts(&doc, reading);
                errors = (!block_errors.is_empty()).then(|| Value::Array(block_errors).to_string());
                let blocks: Vec<&str> = blocks.iter().map(|raw| raw.get()).collect();
                texts.push(syntax.name(), &format!("[{}]", blocks.join(",")));
                texts.counts.push((syntax.name(), blocks.len()));
            } else {
                let Some((at, found)) = record.remove(syntax.name()) else { continue };
                // Counted as it was written; read from the text only if a member came without.
                let count = found.unwrap_or_else(|| syntax.count_json(texts.text.get(at.clone()).unwrap_or_default()));
                texts.members.push((syntax.name(), at));
                texts.counts.push((syntax.name(), count));
            }
        }
        if let Some(output) = graph {
            let (text, quads) = graph_of(&doc, output, limits);
            texts.push("graph", &text);
            texts.counts.push(("graph", quads));
        }
        if let Some(options) = check {
            let (text, errors) = check_of(&doc, options, limits);
            texts.push("check", &text);
            texts.counts.push(("check", errors));
        }
        if let Some(errors) = errors {
            texts.push("errors", &errors);
        }
        Ok(texts)
    }

    /// The record as a dict of Python objects, stopped as `stop` says: `url`, the syntaxes in
    /// `Syntax::ALL` order, `graph`, `check`, `errors`.
    pub(crate) fn to_python<'py>(&self, py: Python<'py>, stop: &Stop<'_>) -> PyResult<Bound<'py, PyDict>> {
        // The typed members in record order (without JSON-LD, RDFa and Open Graph).
        let typed = serialized(py, &self.typed, stop)?.cast_into::<PyDict>()?;
        let dict = PyDict::new(py);
        dict.set_item("url", typed.get_item("url")?)?;
        for syntax in Syntax::ALL {
            let key = syntax.name();
            match syntax {
                Syntax::JsonLd => {
                    let Some(texts) = &self.jsonld else { continue };
                    let blocks = PyList::empty(py);
                    for raw in texts {
                        stop.check()?;
                        blocks.append(from_json_text(py, raw.get())?)?;
                    }
                    dict.set_item(key, blocks)?;
                }
                Syntax::Rdfa => {
                    if let Some(nodes) = &self.rdfa {
                        dict.set_item(key, to_python(py, nodes, stop)?)?;
                    }
                }
                Syntax::Links if self.links.is_some() => {
                    if let Some((doc, detail, found)) = &self.links {
                        dict.set_item(key, serialized(py, &LinkStream(doc, *detail, found), stop)?)?;
                    }
                }
                Syntax::OpenGraph => {
                    if let Some((objects, _)) = &self.opengraph {
                        dict.set_item(key, to_python(py, objects, stop)?)?;
                    }
                }
                _ => {
                    if let Some(value) = typed.get_item(key)? {
                        dict.set_item(key, value)?;
                    }
                }
            }
        }
        if let Some((text, _)) = &self.graph {
            // Text (N-Quads, Turtle...) as it is written; JSON-LD as Python objects.
            match serde_json::from_str::<Value>(text) {
                Ok(value) if text.starts_with('[') => dict.set_item("graph", to_python(py, &value, stop)?)?,
                _ => dict.set_item("graph", text)?,
            }
        }
        if let Some((text, _)) = &self.check {
            dict.set_item("check", from_json_text(py, text)?)?;
        }
        if let Some(errors) = &self.errors {
            dict.set_item("errors", to_python(py, errors, stop)?)?;
        }
        stop.finish()?;
        Ok(dict)
    }

    /// How much each syntax found (what `Syntax::count` gives for its JSON), and the quads of
    /// the page's dataset when asked. The streamed links are counted as they were converted
    /// (read again when they were not: a conversion stopped by the deadline).
    pub(crate) fn counts(&self) -> Vec<(&'static str, usize)> {
        let streamed = self.links.as_ref().map(|(doc, _, found)| {
            found.get().unwrap_or_else(|| {
                let mut count = 0;
                let _ = harvest_links::compact_links(doc).try_for_each(|_| -> Result<(), ()> {
                    count += 1;
                    Ok(())
                });
                count
            })
        });
        let typed = &self.typed;
        Syntax::ALL
            .iter()
            .filter_map(|syntax| {
                let found = match *syntax {
                    Syntax::Microdata => typed.microdata.as_ref().map(|document| document.items.len()),
                    Syntax::Mf2 => typed.mf2.as_ref().map(|document| document.items.len()),
                    Syntax::Links => streamed.or_else(|| typed.links.as_ref().map(Vec::len)),
                    Syntax::JsonLd => self.jsonld.as_ref().map(Vec::len),
                    Syntax::OpenGraph => self.opengraph.as_ref().map(|(_, found)| *found),
                    Syntax::DublinCore => typed
                        .dublincore
                        .as_ref()
                        .map(|statements| statements.iter().map(|s| s.elements.len() + s.terms.len()).sum()),
                    Syntax::Rdfa => self.rdfa.as_ref().map(|nodes| syntax.count(nodes)),
                };
                found.map(|found| (syntax.name(), found))
            })
            .chain(self.graph.as_ref().map(|(_, quads)| ("graph", *quads)))
            .chain(self.check.as_ref().map(|(_, errors)| ("check", *errors)))
            .collect()
    }
}
