//! The JSON outputs as serde types, serialized straight to their destination.
//!
//! Every JSON extraction is a value of [`JsonOutput`]: the extractor crates' own types
//! (`harvest_mf2::Document`, `harvest_links::Link`, the diagnostics...) and, for `all`,
//! [`AllRecord`], whose `Serialize` runs one extractor at a time and serializes its result
//! before the next one runs. Serialized with `serde_json::to_writer`, nothing but the page's
//! tree and one extractor's result is held in memory at a time, and no `serde_json::Value`
//! tree is built; serialized with `serde_json::to_value` (the Python package), the same code
//! gives the value. The links are streamed: each link is read from the tree when the
//! serializer asks for it, so a page's link list is never held.
//!
//! The microdata JSON is written by harvest-microdata's own writer (it has no recursion, so
//! nesting of any depth is written), and enters the record as a [`RawValue`]: copied as it is
//! by `to_writer`.

use crate::error::ExtractError;
use crate::extractors::rdfa_graph;
use crate::limits::Limits;
use crate::options::{AllOptions, LinksDetail, RdfaOutput, Syntax};
use harvest_dom::{Document, Url};
use serde::ser::{Error as _, SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;
use std::cell::Cell;

/// A JSON output, ready to serialize.
pub(crate) enum JsonOutput<'a> {
    /// The microformats2 document.
    Mf2(harvest_mf2::Document),
    /// The microdata JSON, already written.
    Microdata(Box<RawValue>),
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
}

impl Serialize for JsonOutput<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            JsonOutput::Mf2(document) => document.serialize(serializer),
            JsonOutput::Microdata(raw) => raw.serialize(serializer),
            JsonOutput::MicrodataDiagnostics(diagnostics) => diagnostics.serialize(serializer),
            JsonOutput::Value(value) => value.serialize(serializer),
            JsonOutput::Links(links) => links.serialize(serializer),
            JsonOutput::Feeds(links) => links.serialize(serializer),
            JsonOutput::LinkDiagnostics(diagnostics) => diagnostics.serialize(serializer),
            JsonOutput::All(record) => record.serialize(serializer),
        }
    }
}

/// The microdata JSON of a page (HTML §5.4.1), from harvest-microdata's writer, and how many
/// top-level items it holds. Past an output limit, a truncated output (`"truncated": true`)
/// when `truncate`, else an error.
pub(crate) fn microdata(
    doc: &Document,
    read: &harvest_microdata::MicrodataOptions,
    truncate: bool,
    limits: &Limits,
) -> Result<(Box<RawValue>, usize), ExtractError> {
    let mut options = harvest_microdata::JsonOptions::new();
    if let Some(max) = limits.max_values {
        options = options.max_values(max);
    }
    let microdata = harvest_microdata::Microdata::with_options(doc, read);
    let (json, items) = match microdata.try_to_json(&options) {
        Ok(json) => (json, microdata.items().len()),
        // Cut short, it holds the items it reached (rare: written again, and counted).
        Err(_) if truncate => {
            let json = microdata.to_json(&options);
            let items = Syntax::Microdata.count_json(&json);
            (json, items)
        }
        Err(error) => return Err(ExtractError::Failed(error.to_string())),
    };
    let json = RawValue::from_string(json).map_err(|e| ExtractError::Failed(e.to_string()))?;
    Ok((json, items))
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
/// when JSON-LD blocks are not JSON. Each syntax is extracted when its key is serialized.
pub(crate) struct AllRecord<'a> {
    pub(crate) doc: &'a Document,
    pub(crate) options: &'a AllOptions,
    pub(crate) limits: &'a Limits,
    /// Where to note each member's place in the text, when asked.
    pub(crate) spans: Option<&'a MemberSpans>,
}

/// Where each member of an `all` record lies in the text serde_json writes: `position` is
/// the offset of the next byte it writes (kept by [`Counting`]), and each member is noted as
/// its value is written, in record order.
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
/// use harvest_pipeline::extract::{parse, write_all_members, AllOptions, Limits, Syntax};
/// use harvest_pipeline::Page;
/// let page = Page::new("-", b"<p class=h-card>Ada</p><a href=/b rel=me>b</a>".to_vec(), Some("https://example.com/"));
/// let options = AllOptions::new().syntaxes(vec![Syntax::Mf2, Syntax::Links]);
/// let mut out = Vec::new();
/// let members = write_all_members(&parse(&page), &options, &Limits::default(), &mut out).unwrap();
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

impl<W: std::io::Write> std::io::Write for Counting<'_, W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let written = self.inner.write(bytes)?;
        self.spans.position.set(self.spans.position.get() + written);
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// A member's value, noted in `spans` as it is written: serde_json has written the key and
/// its colon when the value's serialization starts, and nothing more when it ends.
struct Marked<'a, T: ?Sized> {
    key: &'static str,
    value: &'a T,
    /// What the member found, asked once the value is written (a stream counts as it goes).
    found: &'a dyn Fn() -> Option<usize>,
    spans: &'a MemberSpans,
}

impl<T: Serialize + ?Sized> Serialize for Marked<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let start = self.spans.position.get();
        let written = self.value.serialize(serializer)?;
        let at = start..self.spans.position.get();
        self.spans.members.borrow_mut().push(WrittenMember { key: self.key, at, found: (self.found)() });
        Ok(written)
    }
}

impl AllRecord<'_> {
    /// Writes one member, noting where its value lies and what it found when asked.
    fn entry<M: SerializeMap, T: Serialize + ?Sized>(
        &self,
        map: &mut M,
        key: &'static str,
        value: &T,
        found: &dyn Fn() -> Option<usize>,
    ) -> Result<(), M::Error> {
        match self.spans {
            Some(spans) => map.serialize_entry(key, &Marked { key, value, found, spans }),
            None => map.serialize_entry(key, value),
        }
    }
}

impl Serialize for AllRecord<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let doc = self.doc;
        let failed = |error: ExtractError| S::Error::custom(error);
        let mut map = serializer.serialize_map(None)?;
        self.entry(&mut map, "url", &doc.url().map(Url::as_str), &|| None)?;
        let mut errors = Vec::new();
        for syntax in Syntax::ALL.into_iter().filter(|syntax| self.options.syntaxes.contains(syntax)) {
            let key = syntax.name();
            match syntax {
                // A page whose itemrefs ask for more than the output limits still gives the
                // other syntaxes: its microdata is cut short and says so.
                Syntax::Microdata => {
                    let strict = self.options.strict_limits;
                    let (json, found) =
                        microdata(doc, &self.options.microdata, !strict, self.limits).map_err(failed)?;
                    self.entry(&mut map, key, &json, &|| Some(found))?
                }
                Syntax::Mf2 => {
                    let parser =
                        self.options.mf2.parser_options(doc, self.limits).strict_limits(self.options.strict_limits);
                    let mf2 = harvest_mf2::parse(doc, &parser).map_err(S::Error::custom)?;
                    self.entry(&mut map, key, &mf2, &|| Some(mf2.items.len()))?;
                }
                Syntax::Links => {
                    let links = LinkStream::new(doc, self.options.links);
                    self.entry(&mut map, key, &links, &|| Some(links.count.get()))?
                }
                Syntax::JsonLd => {
                    let (blocks, block_errors) = crate::jsonld_blocks::blocks(doc);
                    errors = block_errors;
                    self.entry(&mut map, key, &blocks, &|| Some(blocks.len()))?;
                }
                Syntax::OpenGraph => {
                    let objects = harvest_meta::opengraph(doc);
                    let found = objects.iter().map(|object| object.properties.len()).sum();
                    self.entry(&mut map, key, &objects, &|| Some(found))?
                }
                Syntax::DublinCore => {
                    let statements = harvest_meta::dublin_core(doc);
                    let found = statements.iter().map(|s| s.elements.len() + s.terms.len()).sum();
                    self.entry(&mut map, key, &statements, &|| Some(found))?
                }
                Syntax::Rdfa => {
                    let rdfa = rdfa_graph(doc, &RdfaOutput::default(), self.limits).map_err(failed)?;
                    let nodes = harvest_rdf::jsonld::write(&rdfa.graph);
                    self.entry(&mut map, key, &nodes, &|| Some(nodes.as_array().map_or(0, Vec::len)))?;
                }
            }
        }
        if !errors.is_empty() {
            self.entry(&mut map, "errors", &errors, &|| None)?;
        }
        map.end()
    }
}
