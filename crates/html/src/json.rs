//! The JSON outputs as serde types, serialized straight to their destination.
//!
//! Every JSON extraction is a value of [`JsonOutput`]: the extractor crates' own types
//! (`harvest_mf2::Document`, `harvest_links::Link`, the diagnostics...) and, for `all`,
//! [`AllRecord`], which runs one extractor at a time and writes its result before the next
//! one runs. Written with [`JsonOutput::write_to`], nothing but the page's tree and one
//! extractor's result is held in memory at a time, and no `serde_json::Value` tree is built;
//! serialized with `serde_json::to_value` (the Python package), the same code gives the value.
//! The links are streamed: each link is read from the tree when the serializer asks for it, so
//! a page's link list is never held.
//!
//! The microdata JSON is written by harvest-microdata's own writer (it has no recursion, so
//! nesting of any depth is written), and its text goes to the output as it is; the typed
//! record's `JsonDocument` is built by the same walk directly ([`MicrodataJson`]), not read
//! back from that text.
//!
//! The `all` record has one path: [`AllRecord::member`] gives each syntax's typed [`Member`],
//! and [`AllRecord::members`] hands them, in record order, to a [`MemberSink`]: the compact
//! writer (each member written straight to the output, noting where), a serde map (the
//! record's `Serialize`), or the typed `Record` (`Extractor::extract_document`, which keeps
//! them). Keys, order, options and limits are defined there once.

use crate::error::Error;
use crate::extractors::rdfa_graph;
use crate::jsonld_blocks::BlockError;
use crate::limits::Limits;
use crate::options::{AllOptions, LinksDetail, RdfaOutput, Syntax};
use harvest_dom::{Document, Url};
use serde::ser::{Error as _, SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;
use std::cell::Cell;
use std::io::Write;

/// A JSON output, ready to serialize.
pub(crate) enum JsonOutput<'a> {
    /// The microformats2 document.
    Mf2(harvest_mf2::Document),
    /// The microdata JSON, already written.
    Microdata(String),
    /// The microdata validator's diagnostics.
    MicrodataDiagnostics(Vec<harvest_microdata::Diagnostic>),
    /// A JSON value built whole (JSON-LD of microdata, JF2).
    Value(serde_json::Value),
    /// Every link, in the full form.
    Links(LinkStream<'a>),
    /// The feed links.
    Feeds(Vec<harvest_links::Link>),
    /// The link checker's diagnostics.
    LinkDiagnostics(Vec<harvest_links::Diagnostic>),
    /// The `all` record.
    All(AllRecord<'a>),
    /// A page's check.
    Check(crate::check::PageCheck),
}

impl Serialize for JsonOutput<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            JsonOutput::Mf2(document) => document.serialize(serializer),
            JsonOutput::Microdata(json) => {
                let raw: &RawValue = serde_json::from_str(json).map_err(S::Error::custom)?;
                raw.serialize(serializer)
            }
            JsonOutput::MicrodataDiagnostics(diagnostics) => diagnostics.serialize(serializer),
            JsonOutput::Value(value) => value.serialize(serializer),
            JsonOutput::Links(links) => links.serialize(serializer),
            JsonOutput::Feeds(links) => links.serialize(serializer),
            JsonOutput::LinkDiagnostics(diagnostics) => diagnostics.serialize(serializer),
            JsonOutput::All(record) => record.serialize(serializer),
            JsonOutput::Check(checked) => checked.serialize(serializer),
        }
    }
}

impl JsonOutput<'_> {
    /// Writes the output to `out` as compact JSON: what `serde_json::to_writer` writes of it,
    /// the microdata JSON and the `all` record's members written straight to `out`; each
    /// member of `all` is noted in `spans` when given (then `out` counts into it).
    pub(crate) fn write_to<W: Write>(&self, out: &mut W, spans: Option<&MemberSpans>) -> Result<(), Error> {
        match self {
            JsonOutput::Microdata(json) => out.write_all(json.as_bytes()).map_err(Error::Io),
            JsonOutput::All(record) => record.write_to(out, spans),
            other => serde_json::to_writer(out, other).map_err(written),
        }
    }
}

/// A serializer's error as an [`Error`]: the output's, or an extractor's.
fn written(error: serde_json::Error) -> Error {
    if error.is_io() {
        Error::Io(error.into())
    } else {
        Error::from(error)
    }
}

/// The microdata of a page (HTML §5.4.1) with its JSON's options and limits, given as the
/// text of harvest-microdata's writer ([`MicrodataJson::text`]) or as the typed document that
/// text reads back as, built by the same walk ([`MicrodataJson::document`]). Past an output
/// limit, either is cut short and says so (`"truncated": true`) when `truncate`, else it is an
/// error.
pub(crate) struct MicrodataJson {
    microdata: harvest_microdata::Microdata,
    options: harvest_microdata::JsonOptions,
    truncate: bool,
}

impl MicrodataJson {
    /// Reads the microdata of `doc` as `read` says, for JSON within `limits`.
    pub(crate) fn new(
        doc: &Document,
        read: &harvest_microdata::MicrodataOptions,
        truncate: bool,
        limits: &Limits,
    ) -> MicrodataJson {
        let mut options = harvest_microdata::JsonOptions::new();
        if let Some(max) = limits.max_values {
            options = options.max_values(max);
        }
        MicrodataJson { microdata: harvest_microdata::Microdata::with_options(doc, read), options, truncate }
    }

    /// The JSON text, and how many top-level items it holds.
    pub(crate) fn text(&self) -> Result<(String, usize), Error> {
        let microdata = &self.microdata;
        match microdata.try_to_json(&self.options) {
            Ok(json) => Ok((json, microdata.top_level_count())),
            // Cut short, it holds the items it reached (rare: written again, and counted).
            Err(_) if self.truncate => {
                let json = microdata.to_json(&self.options);
                let items = Syntax::Microdata.count_json(&json);
                Ok((json, items))
            }
            Err(error) => Err(error.into()),
        }
    }

    /// The typed document: what [`MicrodataJson::text`] reads back as, built without the text.
    pub(crate) fn document(&self) -> Result<harvest_microdata::JsonDocument, Error> {
        if self.truncate {
            Ok(self.microdata.to_json_document(&self.options))
        } else {
            Ok(self.microdata.try_to_json_document(&self.options)?)
        }
    }
}

/// The links of a page in the form asked for, read one at a time as the serializer asks (a
/// page's link list is never held), and counted as they are written.
pub(crate) struct LinkStream<'a> {
    doc: &'a Document,
    detail: LinksDetail,
    count: Cell<usize>,
}

impl LinkStream<'_> {
    pub(crate) fn new(doc: &Document, detail: LinksDetail) -> LinkStream<'_> {
        LinkStream { doc, detail, count: Cell::new(0) }
    }

    /// Every link, read whole (for the typed record, which serializes them in its form).
    pub(crate) fn collect(&self) -> Vec<harvest_links::Link> {
        harvest_links::iter_links(self.doc).collect()
    }
}

impl Serialize for LinkStream<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        match self.detail {
            LinksDetail::Compact => harvest_links::compact_links(self.doc).try_for_each(|link| {
                self.count.set(self.count.get() + 1);
                seq.serialize_element(link)
            })?,
            LinksDetail::Full => {
                for link in harvest_links::iter_links(self.doc) {
                    self.count.set(self.count.get() + 1);
                    seq.serialize_element(&link)?;
                }
            }
        }
        seq.end()
    }
}

/// The `all` record of a page: `url`, then each syntax asked for under its key, and `errors`
/// when JSON-LD blocks are not JSON. Each syntax is extracted when its key is reached, and
/// its member written before the next one runs.
///
/// [`AllRecord::write_to`] writes it as compact JSON, each member straight to the output
/// (the microdata as harvest-microdata's writer wrote it); its `Serialize` gives the same
/// record to any other serializer (`serde_json::to_value`). Both read the members from
/// [`AllRecord::members`], so the record's keys, order and content are defined once.
pub(crate) struct AllRecord<'a> {
    pub(crate) doc: &'a Document,
    pub(crate) options: &'a AllOptions,
    pub(crate) limits: &'a Limits,
}

/// Where each member of an `all` record lies in the text written: `position` is the offset
/// of the next byte written (kept by [`Counting`]), and each member is noted as its value is
/// written, in record order.
#[derive(Default)]
pub(crate) struct MemberSpans {
    pub(crate) position: Cell<usize>,
    pub(crate) members: std::cell::RefCell<Vec<WrittenMember>>,
}

/// One member of an `all` record as written: its key, where its value lies in the text, and
/// how much its syntax found there ([`Syntax::count`]'s figure, taken from the extractor's
/// result as it is written instead of read back from the text; none for `url` and `errors`).
///
/// ```
/// use harvest_html::{Extractor, Page, Syntax};
/// let page = Page::new("-", b"<p class=h-card>Ada</p><a href=/b rel=me>b</a>".to_vec(), Some("https://example.com/"));
/// let extractor = Extractor::new().syntaxes([Syntax::Mf2, Syntax::Links]);
/// let mut out = Vec::new();
/// let members = extractor.write_document_members(&extractor.parse(&page), &mut out).unwrap();
/// let found: Vec<_> = members.iter().map(|member| (member.key, member.found)).collect();
/// assert_eq!(found, [("url", None), ("mf2", Some(1)), ("links", Some(1))]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct WrittenMember {
    /// The member's key: `url`, a syntax's name, or `errors`.
    pub key: &'static str,
    /// The byte range of its value in what was written.
    pub at: std::ops::Range<usize>,
    /// For a syntax, how much it found: what `Syntax::count` gives for the value.
    pub found: Option<usize>,
}

/// A writer that counts what goes through it into a [`MemberSpans`]'s position.
pub(crate) struct Counting<'a, W> {
    pub(crate) inner: W,
    pub(crate) spans: &'a MemberSpans,
}

impl<W: Write> Write for Counting<'_, W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let written = self.inner.write(bytes)?;
        self.spans.position.set(self.spans.position.get() + written);
        Ok(written)
    }

    fn write_all(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.inner.write_all(bytes)?;
        self.spans.position.set(self.spans.position.get() + bytes.len());
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// One member of an `all` record, typed: what its syntax's extractor gave, before it is
/// serialized or kept. [`AllRecord::member`] is the one function per syntax that gives it;
/// the written record, its `Serialize` and the typed [`crate::Record`] all take their members
/// from [`AllRecord::members`].
pub(crate) enum Member<'a> {
    /// The page's URL as parsed.
    Url(Option<&'a str>),
    /// The microdata, written as JSON text by harvest-microdata's writer for the JSON sinks,
    /// built as the typed document by the same walk for the record (no recursion at any depth).
    Microdata(MicrodataJson),
    /// The microformats2 document.
    Mf2(harvest_mf2::Document),
    /// The links, read from the tree as they are serialized.
    Links(LinkStream<'a>),
    /// The JSON-LD blocks that are JSON.
    JsonLd(Vec<serde_json::Value>),
    /// The Open Graph objects.
    OpenGraph(Vec<harvest_meta::OpenGraph>),
    /// The Dublin Core statements.
    DublinCore(Vec<harvest_meta::DublinCore>),
    /// The RDFa output graph (serialized as expanded JSON-LD node objects).
    Rdfa(harvest_rdf::Graph),
    /// The JSON-LD blocks that are not JSON.
    Errors(Vec<BlockError>),
}

/// Where the members of an `all` record go, one at a time, in record order.
pub(crate) trait MemberSink {
    type Error;

    /// The next member.
    fn member(&mut self, member: Member<'_>) -> Result<(), Self::Error>;

    /// An extractor's failure.
    fn failed(error: Error) -> Self::Error;
}

/// A sink of members as JSON: each member's value serialized from a type, or JSON text
/// already (the microdata writer's), with what its syntax found.
pub(crate) trait JsonSink {
    type Error;

    /// A member whose value is serialized from a type; `found` is asked once it is written
    /// (a stream counts as it goes).
    fn value<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
        found: &dyn Fn() -> Option<usize>,
    ) -> Result<(), Self::Error>;

    /// A member whose value is JSON text already (the microdata writer's).
    fn json(&mut self, key: &'static str, json: &str, found: Option<usize>) -> Result<(), Self::Error>;

    /// An extractor's failure.
    fn failed(error: Error) -> Self::Error;
}

impl<J: JsonSink> MemberSink for J {
    type Error = J::Error;

    fn member(&mut self, member: Member<'_>) -> Result<(), J::Error> {
        let key = member.key();
        match member {
            Member::Url(url) => self.value(key, &url, &|| None),
            Member::Microdata(microdata) => {
                let (json, found) = microdata.text().map_err(<J as JsonSink>::failed)?;
                self.json(key, &json, Some(found))
            }
            Member::Mf2(mf2) => self.value(key, &mf2, &|| Some(mf2.items.len())),
            Member::Links(links) => self.value(key, &links, &|| Some(links.count.get())),
            Member::JsonLd(blocks) => self.value(key, &blocks, &|| Some(blocks.len())),
            Member::OpenGraph(objects) => {
                let found = objects.iter().map(|object| object.properties.len()).sum();
                self.value(key, &objects, &|| Some(found))
            }
            Member::DublinCore(statements) => {
                let found = statements.iter().map(|s| s.elements.len() + s.terms.len()).sum();
                self.value(key, &statements, &|| Some(found))
            }
            Member::Rdfa(graph) => {
                let nodes = harvest_rdf::jsonld::write(&graph);
                self.value(key, &nodes, &|| Some(nodes.as_array().map_or(0, Vec::len)))
            }
            Member::Errors(errors) => self.value(key, &errors, &|| None),
        }
    }

    fn failed(error: Error) -> J::Error {
        <J as JsonSink>::failed(error)
    }
}

impl Member<'_> {
    /// The member's key in the record.
    pub(crate) fn key(&self) -> &'static str {
        match self {
            Member::Url(_) => "url",
            Member::Microdata(_) => Syntax::Microdata.name(),
            Member::Mf2(_) => Syntax::Mf2.name(),
            Member::Links(_) => Syntax::Links.name(),
            Member::JsonLd(_) => Syntax::JsonLd.name(),
            Member::OpenGraph(_) => Syntax::OpenGraph.name(),
            Member::DublinCore(_) => Syntax::DublinCore.name(),
            Member::Rdfa(_) => Syntax::Rdfa.name(),
            Member::Errors(_) => "errors",
        }
    }
}

impl<'a> AllRecord<'a> {
    /// Gives `sink` each member of the record in order, each extracted when it is its turn:
    /// `url`, each syntax asked for, then `errors` when JSON-LD blocks are not JSON.
    pub(crate) fn members<K: MemberSink>(&self, sink: &mut K) -> Result<(), K::Error> {
        sink.member(Member::Url(self.doc.url().map(Url::as_str)))?;
        let mut errors = Vec::new();
        for syntax in Syntax::ALL.into_iter().filter(|syntax| self.options.syntaxes.contains(syntax)) {
            sink.member(self.member(syntax, &mut errors).map_err(K::failed)?)?;
        }
        if !errors.is_empty() {
            sink.member(Member::Errors(errors))?;
        }
        Ok(())
    }

    /// The member of one syntax, with the record's options and limits (the JSON-LD blocks
    /// that are not JSON go to `errors`).
    fn member(&self, syntax: Syntax, errors: &mut Vec<BlockError>) -> Result<Member<'a>, Error> {
        let (doc, limits, strict) = (self.doc, self.limits, self.options.strict_limits);
        Ok(match syntax {
            // A page whose itemrefs ask for more than the output limits still gives the
            // other syntaxes: its microdata is cut short and says so (unless strict).
            Syntax::Microdata => Member::Microdata(MicrodataJson::new(doc, &self.options.microdata, !strict, limits)),
            Syntax::Mf2 => {
                let parser = crate::options::mf2_parser_options(&self.options.mf2, doc, limits).strict_limits(strict);
                Member::Mf2(harvest_mf2::parse(doc, &parser)?)
            }
            Syntax::Links => Member::Links(LinkStream::new(doc, self.options.links)),
            Syntax::JsonLd => {
                let (blocks, block_errors) = crate::jsonld_blocks::parse_blocks(doc);
                *errors = block_errors;
                Member::JsonLd(blocks)
            }
            Syntax::OpenGraph => Member::OpenGraph(harvest_meta::opengraph(doc)),
            Syntax::DublinCore => Member::DublinCore(harvest_meta::dublin_core(doc)),
            Syntax::Rdfa => Member::Rdfa(rdfa_graph(doc, &RdfaOutput::default(), limits)?.graph),
        })
    }

    /// Writes the record to `out` as compact JSON (what `serde_json::to_writer` writes of
    /// it), noting each member in `spans` when given (then `out` counts into it).
    pub(crate) fn write_to<W: Write>(&self, out: &mut W, spans: Option<&MemberSpans>) -> Result<(), Error> {
        let mut writer = RecordWriter { out, spans, first: true };
        self.members(&mut writer)?;
        let closing: &[u8] = if writer.first { b"{}" } else { b"}" };
        writer.out.write_all(closing).map_err(Error::Io)
    }
}

impl Serialize for AllRecord<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = MapSink(serializer.serialize_map(None)?);
        self.members(&mut map)?;
        map.0.end()
    }
}

/// The members as the entries of a serde map.
struct MapSink<M>(M);

impl<M: SerializeMap> JsonSink for MapSink<M> {
    type Error = M::Error;

    fn value<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
        _found: &dyn Fn() -> Option<usize>,
    ) -> Result<(), M::Error> {
        self.0.serialize_entry(key, value)
    }

    fn json(&mut self, key: &'static str, json: &str, _found: Option<usize>) -> Result<(), M::Error> {
        let raw: &RawValue = serde_json::from_str(json).map_err(M::Error::custom)?;
        self.0.serialize_entry(key, raw)
    }

    fn failed(error: Error) -> M::Error {
        M::Error::custom(error)
    }
}

/// The members written as compact JSON, straight to the output: `{`, then each `"key":`
/// and value, separated by commas.
struct RecordWriter<'a, W> {
    out: &'a mut W,
    spans: Option<&'a MemberSpans>,
    /// No member is written yet.
    first: bool,
}

impl<W: Write> RecordWriter<'_, W> {
    /// The separator (`{` before the first member, else `,`), the key and its colon; the
    /// keys are the record's own, none needs escaping.
    fn key(&mut self, key: &'static str) -> std::io::Result<()> {
        let separator: &[u8] = if std::mem::take(&mut self.first) { b"{\"" } else { b",\"" };
        self.out.write_all(separator)?;
        self.out.write_all(key.as_bytes())?;
        self.out.write_all(b"\":")
    }

    /// Notes the member whose value started at `start` and has just been written.
    fn note(&self, key: &'static str, start: usize, found: Option<usize>) {
        if let Some(spans) = self.spans {
            let at = start..spans.position.get();
            spans.members.borrow_mut().push(WrittenMember { key, at, found });
        }
    }

    fn start(&self) -> usize {
        self.spans.map_or(0, |spans| spans.position.get())
    }
}

impl<W: Write> JsonSink for RecordWriter<'_, W> {
    type Error = Error;

    fn value<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
        found: &dyn Fn() -> Option<usize>,
    ) -> Result<(), Error> {
        self.key(key)?;
        let start = self.start();
        value.serialize(&mut serde_json::Serializer::new(&mut *self.out)).map_err(written)?;
        self.note(key, start, found());
        Ok(())
    }

    fn json(&mut self, key: &'static str, json: &str, found: Option<usize>) -> Result<(), Error> {
        self.key(key)?;
        let start = self.start();
        self.out.write_all(json.as_bytes())?;
        self.note(key, start, found);
        Ok(())
    }

    fn failed(error: Error) -> Error {
        error
    }
}
