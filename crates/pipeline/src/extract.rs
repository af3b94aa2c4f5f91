//! What to extract from a page, with its options, and running it: the one place every front
//! end (the `harvest` command, the Python package) turns a request into calls of the
//! extractor and exporter crates.
//!
//! An [`Extraction`] names one output (a syntax's JSON, an export format, or `all`) with its
//! options; [`Extraction::run`] parses the page once and gives an [`Output`] or a typed
//! [`ExtractError`].
//!
//! ```
//! use harvest_pipeline::extract::{AllOptions, Extraction, Output};
//! use harvest_pipeline::Page;
//! let page = Page::new("-", b"<p class=h-card>Ada</p>".to_vec(), Some("https://example.com/"));
//! let Ok(Output::Json(record)) = Extraction::All(AllOptions::default()).run(&page) else { panic!() };
//! assert_eq!(record["mf2"]["items"][0]["properties"]["name"][0], "Ada");
//! assert_eq!(record["url"], "https://example.com/");
//! ```

use crate::json::{AllRecord, FullLinks, JsonOutput};
use crate::Page;
use harvest_dom::{Deadline, Document, ParseOptions, Url};
use serde_json::Value;
use std::io::Write;
use thiserror::Error;

/// What an extraction produced for a page.
#[derive(Debug, Clone, PartialEq)]
pub enum Output {
    /// JSON (the syntaxes, `all`, validator and checker reports).
    Json(Value),
    /// A text format (vCard, iCalendar, Atom, RDF), as it is written.
    Text(String),
}

/// Why an extraction produced nothing for a page.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ExtractError {
    /// The page has nothing the export needs (no contact for vCard, no event, no feed).
    #[error("{0}")]
    NothingFound(String),
    /// An extractor failed (a limit was exceeded, an output could not be written).
    #[error("{0}")]
    Failed(String),
    /// The output grew past [`Limits::max_output_bytes`].
    #[error("the output is larger than {max_bytes} bytes")]
    OutputTooLarge {
        /// The bound.
        max_bytes: u64,
    },
    /// The work stopped at [`Limits::deadline`] (its instant passed, or it was cancelled or
    /// interrupted) before the output was complete.
    #[error("the extraction was stopped at its deadline")]
    Interrupted,
}

/// The syntaxes `all` extracts, each under its own key of the record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Syntax {
    /// WHATWG microdata, key `microdata`.
    Microdata,
    /// microformats2 (and classic microformats), key `mf2`.
    Mf2,
    /// HTML links with their link types, key `links`.
    Links,
    /// `<script type=application/ld+json>` blocks, key `json-ld`.
    JsonLd,
    /// Open Graph (RDFa Lite `meta property=`), key `opengraph`.
    OpenGraph,
    /// Dublin Core `meta` and `link` elements (DC-HTML), key `dublincore`.
    DublinCore,
    /// RDFa 1.1 as expanded JSON-LD node objects (extruct's `rdfa` shape), key `rdfa`.
    Rdfa,
}

impl Syntax {
    /// Every syntax, in record order.
    pub const ALL: [Syntax; 7] = [
        Syntax::Microdata,
        Syntax::Mf2,
        Syntax::Links,
        Syntax::JsonLd,
        Syntax::OpenGraph,
        Syntax::DublinCore,
        Syntax::Rdfa,
    ];

    /// The record key, which is also the syntax's name.
    pub fn name(self) -> &'static str {
        match self {
            Syntax::Microdata => "microdata",
            Syntax::Mf2 => "mf2",
            Syntax::Links => "links",
            Syntax::JsonLd => "json-ld",
            Syntax::OpenGraph => "opengraph",
            Syntax::DublinCore => "dublincore",
            Syntax::Rdfa => "rdfa",
        }
    }

    /// How much a syntax found, from its value in an `all` record: items (microdata, mf2),
    /// links, JSON-LD blocks, Open Graph properties, Dublin Core statements, RDFa node objects
    /// (subjects). Values of another
    /// shape count 0.
    ///
    /// ```
    /// use harvest_pipeline::extract::Syntax;
    /// let mf2 = serde_json::json!({"items": [{"type": ["h-card"]}], "rels": {}});
    /// assert_eq!(Syntax::Mf2.count(&mf2), 1);
    /// assert_eq!(Syntax::JsonLd.count(&serde_json::json!([{}, {}])), 2);
    /// ```
    pub fn count(self, value: &Value) -> usize {
        let length = |value: Option<&Value>| value.and_then(Value::as_array).map_or(0, Vec::len);
        let sum = |keys: &[&str]| {
            value.as_array().map_or(0, |objects| {
                objects.iter().map(|object| keys.iter().map(|key| length(object.get(*key))).sum::<usize>()).sum()
            })
        };
        match self {
            Syntax::Microdata | Syntax::Mf2 => length(value.get("items")),
            Syntax::Links | Syntax::JsonLd | Syntax::Rdfa => length(Some(value)),
            Syntax::OpenGraph => sum(&["properties"]),
            Syntax::DublinCore => sum(&["elements", "terms"]),
        }
    }

    /// A syntax by harvest's name, or by extruct's where it means the same (`microformat`;
    /// `opengraph`, `dublincore`, `json-ld` and `rdfa` are the same in both).
    ///
    /// ```
    /// use harvest_pipeline::extract::Syntax;
    /// assert_eq!(Syntax::from_name("microformat"), Some(Syntax::Mf2));
    /// assert_eq!(Syntax::from_name("json-ld"), Some(Syntax::JsonLd));
    /// assert_eq!(Syntax::from_name("rdfa"), Some(Syntax::Rdfa));
    /// assert_eq!(Syntax::from_name("rdf"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Syntax> {
        match name {
            "microformat" => Some(Syntax::Mf2),
            _ => Syntax::ALL.into_iter().find(|syntax| syntax.name() == name),
        }
    }
}

mod options;
pub use options::*;

/// Why writing an extraction's output failed.
#[derive(Debug, Error)]
pub enum WriteError {
    /// The extraction failed or found nothing; part of the output may have been written.
    #[error(transparent)]
    Extract(#[from] ExtractError),
    /// The destination could not be written.
    #[error("writing the output: {0}")]
    Io(#[from] std::io::Error),
}

/// One output with its options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Extraction {
    /// The microformats JSON.
    Mf2(Mf2Options),
    /// The microdata JSON, JSON-LD, or the validator's diagnostics.
    Microdata(MicrodataOutput),
    /// The links, feeds or link-type diagnostics.
    Links(LinksMode),
    /// Contacts as vCard 4.0.
    Vcard(VcardOutput),
    /// Events as iCalendar.
    Ical(IcalOutput),
    /// An Atom feed.
    Atom(FeedSource),
    /// The page's microdata as RDF (with the HTML 5.0 algorithm, also its links, title and
    /// meta).
    Rdf(RdfOutput),
    /// RDFa 1.1: JSON-LD, Turtle or N-Triples.
    Rdfa(RdfaOutput),
    /// One parse, every syntax: `{url, microdata, mf2, links, json-ld, opengraph, dublincore,
    /// rdfa}`.
    All(AllOptions),
}

/// Bounds on the work and output of one extraction, for front ends that take pages from
/// strangers (`harvest serve`). The defaults are the libraries' own.
///
/// ```
/// use harvest_pipeline::extract::{Extraction, Limits, MicrodataOutput};
/// use harvest_pipeline::Page;
/// let page = Page::new("-", b"<p itemscope><b itemprop=a>1</b><b itemprop=b>2</b>".to_vec(), None);
/// let limits = Limits { max_values: Some(1), ..Limits::default() };
/// let mut out = Vec::new();
/// let error = Extraction::Microdata(MicrodataOutput::default()).write_limited(&page, &limits, &mut out);
/// assert!(error.is_err());
/// ```
///
/// A deadline stops the parse and the extractors' walks where they are; the extraction then
/// fails with [`ExtractError::Interrupted`] instead of giving a partial output:
///
/// ```
/// use harvest_pipeline::extract::{AllOptions, Extraction, ExtractError, Limits};
/// use harvest_pipeline::Page;
/// use std::time::Duration;
/// let page = Page::new("-", "<div>".repeat(200_000).into_bytes(), None);
/// let limits = Limits { deadline: harvest_dom::Deadline::after(Duration::from_millis(1)), ..Limits::default() };
/// let start = std::time::Instant::now();
/// let error = Extraction::All(AllOptions::default()).run_limited(&page, &limits).unwrap_err();
/// assert_eq!(error, ExtractError::Interrupted);
/// assert!(start.elapsed() < Duration::from_millis(500));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Deepest element nesting parsed ([`harvest_dom::ParseOptions::max_depth`]); deeper
    /// elements become siblings.
    pub max_depth: usize,
    /// Most values one extraction writes: microdata JSON values
    /// ([`harvest_microdata::JsonOptions::max_values`]), mf2 values copied into nested items
    /// ([`harvest_mf2::Options::max_copied_values`]), RDF triples. `None`: each library's
    /// default.
    pub max_values: Option<usize>,
    /// Largest output, in bytes: the compact JSON or the text as written
    /// ([`ExtractError::OutputTooLarge`] past it). `None`: no bound.
    pub max_output_bytes: Option<u64>,
    /// When to stop working ([`harvest_dom::Deadline`]; [`ExtractError::Interrupted`]).
    /// Default: never.
    pub deadline: Deadline,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: harvest_dom::DEFAULT_MAX_DEPTH,
            max_values: None,
            max_output_bytes: None,
            deadline: Deadline::never(),
        }
    }
}

/// Bytes written between two looks at the deadline by [`BoundedWriter`].
const OUTPUT_BYTES_PER_CHECK: u64 = 64 * 1024;

/// The size of the blocks in which JSON output is passed to [`BoundedWriter`].
const OUTPUT_BLOCK: usize = 8 * 1024;

/// Passes an extraction's output on to `out` within [`Limits::max_output_bytes`] and
/// [`Limits::deadline`]; past either, writing fails and [`BoundedWriter::stopped`] says why.
struct BoundedWriter<'a> {
    out: &'a mut dyn Write,
    written: u64,
    next_check: u64,
    max_bytes: Option<u64>,
    deadline: &'a Deadline,
    stopped: Option<ExtractError>,
}

impl<'a> BoundedWriter<'a> {
    fn new(out: &'a mut dyn Write, limits: &'a Limits) -> BoundedWriter<'a> {
        BoundedWriter {
            out,
            written: 0,
            next_check: OUTPUT_BYTES_PER_CHECK,
            max_bytes: limits.max_output_bytes,
            deadline: &limits.deadline,
            stopped: None,
        }
    }
}

impl Write for BoundedWriter<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let written = self.written.saturating_add(bytes.len() as u64);
        if let Some(max_bytes) = self.max_bytes.filter(|&max| written > max) {
            self.stopped = Some(ExtractError::OutputTooLarge { max_bytes });
        } else if written >= self.next_check {
            self.next_check = written.saturating_add(OUTPUT_BYTES_PER_CHECK);
            if self.deadline.is_expired() {
                self.stopped = Some(ExtractError::Interrupted);
            }
        }
        if let Some(error) = &self.stopped {
            return Err(std::io::Error::other(error.clone()));
        }
        self.out.write_all(bytes)?;
        self.written = written;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// The output's size against [`Limits::max_output_bytes`], for outputs built whole.
fn check_size(size: u64, limits: &Limits) -> Result<(), ExtractError> {
    match limits.max_output_bytes {
        Some(max_bytes) if size > max_bytes => Err(ExtractError::OutputTooLarge { max_bytes }),
        _ => Ok(()),
    }
}

/// An error when a walk over the page stopped at the deadline: what was read is partial.
fn check_interrupted(doc: &Document) -> Result<(), ExtractError> {
    if doc.interrupted() {
        return Err(ExtractError::Interrupted);
    }
    Ok(())
}

/// Parses a page: its bytes with its transport charset, its URL when it has a valid one.
pub fn parse(page: &Page) -> Document {
    parse_limited(page, &Limits::default())
}

/// [`parse`] with the depth bound and the deadline of `limits` ([`Document::interrupted`] says
/// whether the parse stopped at the deadline).
pub fn parse_limited(page: &Page, limits: &Limits) -> Document {
    let mut options = ParseOptions::new().max_depth(limits.max_depth).deadline(limits.deadline.clone());
    if let Some(url) = page.url.as_deref().and_then(|u| Url::parse(u).ok()) {
        options = options.url(url);
    }
    if let Some(charset) = &page.charset {
        options = options.transport_charset(charset.clone());
    }
    Document::parse_bytes(&page.bytes, &options)
}

fn failed(error: impl std::fmt::Display) -> ExtractError {
    ExtractError::Failed(error.to_string())
}

/// The mf2 parse of a page. The page URL reaches harvest-mf2 as written
/// (`http://example.test`, not the parsed `http://example.test/`): an empty `href` resolves to
/// the URL as written, as the official suite expects. A page without a (valid) URL is
/// `about:blank`, the URL the HTML standard gives a document created without one: relative
/// URLs, `""` and fragment-only ones included, then stay as written.
pub(crate) fn mf2_document(
    doc: &Document,
    page_url: Option<&str>,
    options: &Mf2Options,
    limits: &Limits,
) -> Result<harvest_mf2::Document, ExtractError> {
    let parser = options.parser_options(doc, page_url, limits);
    harvest_mf2::parse(doc, &parser).map_err(|error| match error {
        harvest_mf2::Mf2Error::RootNotFound(_) => ExtractError::NothingFound(error.to_string()),
        other => failed(other),
    })
}

fn folding(octets: bool) -> harvest_export::content_line::Folding {
    if octets {
        harvest_export::content_line::Folding::Octets
    } else {
        harvest_export::content_line::Folding::default()
    }
}

fn vcard(
    doc: &Document,
    page_url: Option<&str>,
    options: &VcardOutput,
    limits: &Limits,
) -> Result<String, ExtractError> {
    use harvest_export::vcard::{from_mf2, from_microdata, VcardError};
    let export = harvest_export::vcard::VcardOptions::new().all(options.all).folding(folding(options.octets));
    let nothing = |e: VcardError| ExtractError::NothingFound(e.to_string());
    let mf2 = || mf2_document(doc, page_url, &Mf2Options::default(), limits);
    match options.from {
        ConversionSource::Microdata => from_microdata(doc, &export).map_err(nothing),
        ConversionSource::Mf2 => from_mf2(&mf2()?, doc.url(), &export).map_err(nothing),
        ConversionSource::Auto => match from_microdata(doc, &export) {
            Ok(card) => Ok(card),
            Err(_) => from_mf2(&mf2()?, doc.url(), &export).map_err(nothing),
        },
    }
}

fn ical(doc: &Document, page_url: Option<&str>, options: &IcalOutput, limits: &Limits) -> Result<String, ExtractError> {
    use harvest_export::ical::{from_mf2, from_microdata, IcalError};
    let export =
        harvest_export::ical::IcalOptions::new().folding(folding(options.octets)).rfc5545_date_times(options.rfc5545);
    let nothing = |e: IcalError| ExtractError::NothingFound(e.to_string());
    let mf2 = || mf2_document(doc, page_url, &Mf2Options::default(), limits);
    match options.from {
        ConversionSource::Microdata => from_microdata(doc, &export).map_err(nothing),
        ConversionSource::Mf2 => from_mf2(&mf2()?, doc.url(), &export).map_err(nothing),
        ConversionSource::Auto => match from_microdata(doc, &export) {
            Ok(calendar) => Ok(calendar),
            Err(_) => from_mf2(&mf2()?, doc.url(), &export).map_err(nothing),
        },
    }
}

fn atom(doc: &Document, page_url: Option<&str>, from: FeedSource, limits: &Limits) -> Result<String, ExtractError> {
    use harvest_export::atom::{from_document, from_mf2, AtomError, AtomOptions};
    let options = AtomOptions::new();
    let failed = |e: AtomError| match e {
        AtomError::NothingFound => ExtractError::NothingFound(e.to_string()),
        other => ExtractError::Failed(other.to_string()),
    };
    let mf2 = || mf2_document(doc, page_url, &Mf2Options::default(), limits);
    match from {
        FeedSource::Document => from_document(doc, &options).map_err(failed),
        FeedSource::Mf2 => from_mf2(&mf2()?, &options).map_err(failed),
        FeedSource::Auto => match from_document(doc, &options) {
            Err(AtomError::NothingFound) => from_mf2(&mf2()?, &options).map_err(failed),
            other => other.map_err(failed),
        },
    }
}

/// The W3C conversion of a page's microdata.
fn w3c(
    doc: &Document,
    registry: Option<&Registry>,
    limits: &Limits,
) -> Result<harvest_export::rdf::w3c::Conversion, ExtractError> {
    let mut options = harvest_export::rdf::w3c::W3cOptions::new();
    if let Some(max) = limits.max_values {
        options = options.max_triples(max);
    }
    if let Some(registry) = registry {
        options = options.registry(registry.clone());
    }
    harvest_export::rdf::w3c::from_microdata(doc, &options).map_err(failed)
}

fn rdf(doc: &Document, options: &RdfOutput, limits: &Limits) -> Result<String, ExtractError> {
    let graph = match options.algorithm {
        RdfAlgorithm::W3c => w3c(doc, options.registry.as_ref(), limits)?.graph,
        RdfAlgorithm::Html5 => {
            let mut html5 = harvest_export::rdf::RdfOptions::new();
            if let Some(max) = limits.max_values {
                html5 = html5.max_triples(max);
            }
            harvest_export::rdf::from_microdata(doc, &html5).map_err(failed)?
        }
    };
    Ok(match options.format {
        RdfFormat::NTriples => graph.to_ntriples(),
        RdfFormat::Turtle => graph.to_turtle(),
    })
}

/// The RDFa of a page as the graph `options` asks for, within `limits`.
pub(crate) fn rdfa_graph(doc: &Document, options: &RdfaOutput, limits: &Limits) -> Result<RdfaResult, ExtractError> {
    let mut settings = harvest_rdfa::RdfaOptions::new()
        .processor_graph(options.graph != RdfaGraph::Output)
        .vocabulary_expansion(options.vocabulary_expansion);
    if let Some(max) = limits.max_values {
        settings = settings.limits(harvest_rdf::Limits::new().max_triples(max));
    }
    let rdfa = harvest_rdfa::parse(doc, &settings).map_err(failed)?;
    let graph = match options.graph {
        RdfaGraph::Output => rdfa.graph,
        RdfaGraph::Processor => rdfa.processor_graph().map_err(failed)?,
        RdfaGraph::Both => {
            // The processor graph's blank nodes are renumbered past the output graph's own.
            let mut both = rdfa.graph.clone();
            let offset =
                rdfa.graph.iter().filter_map(|t| blank_number(&t.object).max(blank_number_s(&t.subject))).max();
            for triple in rdfa.processor_graph().map_err(failed)?.iter() {
                both.insert(harvest_rdf::Triple {
                    subject: shift_subject(&triple.subject, offset),
                    predicate: triple.predicate.clone(),
                    object: triple.object.clone(),
                })
                .map_err(failed)?;
            }
            both
        }
    };
    Ok(RdfaResult { graph })
}

/// A page's RDFa, ready to write.
pub(crate) struct RdfaResult {
    pub(crate) graph: harvest_rdf::Graph,
}

fn blank_number(term: &harvest_rdf::Term) -> Option<u64> {
    match term {
        harvest_rdf::Term::Blank(blank) => Some(blank.id()),
        _ => None,
    }
}

fn blank_number_s(subject: &harvest_rdf::Subject) -> Option<u64> {
    match subject {
        harvest_rdf::Subject::Blank(blank) => Some(blank.id()),
        _ => None,
    }
}

fn shift_subject(subject: &harvest_rdf::Subject, offset: Option<u64>) -> harvest_rdf::Subject {
    match (subject, offset) {
        (harvest_rdf::Subject::Blank(blank), Some(offset)) => {
            harvest_rdf::Subject::Blank(harvest_rdf::BlankNode::new(blank.id() + offset + 1))
        }
        _ => subject.clone(),
    }
}

impl Extraction {
    /// The record key of this extraction's output in batch mode (`mf2`, `vcard`, `all`...).
    pub fn name(&self) -> &'static str {
        match self {
            Extraction::Mf2(_) => "mf2",
            Extraction::Microdata { .. } => "microdata",
            Extraction::Links(_) => "links",
            Extraction::Vcard(_) => "vcard",
            Extraction::Ical(_) => "ical",
            Extraction::Atom(_) => "atom",
            Extraction::Rdf(_) => "rdf",
            Extraction::Rdfa(_) => "rdfa",
            Extraction::All(_) => "all",
        }
    }

    /// Parses the page and runs on it.
    pub fn run(&self, page: &Page) -> Result<Output, ExtractError> {
        self.run_on(&parse(page), page.url.as_deref())
    }

    /// Runs on a parsed page whose URL, as given, is `page_url`.
    pub fn run_on(&self, doc: &Document, page_url: Option<&str>) -> Result<Output, ExtractError> {
        self.run_on_limited(doc, page_url, &Limits::default())
    }

    /// [`Extraction::run`] within `limits`: the page parsed to their depth, the extractors
    /// stopped (an [`ExtractError::Failed`]) past their value bound.
    pub fn run_limited(&self, page: &Page, limits: &Limits) -> Result<Output, ExtractError> {
        self.run_on_limited(&parse_limited(page, limits), page.url.as_deref(), limits)
    }

    /// [`Extraction::run_on`] within `limits` (the page was parsed with [`parse_limited`]).
    pub fn run_on_limited(
        &self,
        doc: &Document,
        page_url: Option<&str>,
        limits: &Limits,
    ) -> Result<Output, ExtractError> {
        check_interrupted(doc)?;
        let output = match self.json(doc, page_url, limits)? {
            Some(json) => {
                if limits.max_output_bytes.is_some() {
                    // Its size as written, counted without keeping it.
                    let mut sink = std::io::sink();
                    let mut counted = BoundedWriter::new(&mut sink, limits);
                    let written = serde_json::to_writer(&mut counted, &json);
                    if let Some(error) = counted.stopped {
                        return Err(error);
                    }
                    written.map_err(failed)?;
                }
                serde_json::to_value(&json).map(Output::Json).map_err(failed)?
            }
            None => {
                let text = self.text(doc, page_url, limits)?;
                check_size(text.len() as u64, limits)?;
                Output::Text(text)
            }
        };
        check_interrupted(doc)?;
        Ok(output)
    }

    /// Whether the output is JSON ([`Output::Json`]); else it is text ([`Output::Text`]).
    pub fn is_json(&self) -> bool {
        !matches!(self, Extraction::Vcard(_) | Extraction::Ical(_) | Extraction::Atom(_) | Extraction::Rdf(_))
            && !matches!(self, Extraction::Rdfa(options) if options.format != RdfaFormat::JsonLd)
    }

    /// Parses the page and writes the output to `out`: JSON in its compact form (see
    /// [`crate::pretty`] for the indented one), text as it is; no newline is added.
    ///
    /// JSON is serialized straight from the extractors' types as each is produced, with no
    /// `serde_json::Value` in between: for `all`, one syntax's result is held at a time, and
    /// links are written as they are read. On an error, part of the output may already be written:
    /// callers that need all or nothing write to a buffer.
    ///
    /// ```
    /// use harvest_pipeline::extract::{AllOptions, Extraction};
    /// use harvest_pipeline::Page;
    /// let page = Page::new("-", b"<a href=/x rel=nofollow>x</a>".to_vec(), Some("https://example.com/"));
    /// let mut out = Vec::new();
    /// Extraction::All(AllOptions::default()).write(&page, &mut out).unwrap();
    /// let record: serde_json::Value = serde_json::from_slice(&out).unwrap();
    /// assert_eq!(record["links"][0]["url"], "https://example.com/x");
    /// assert_eq!(record["links"][0]["rel"][0], "nofollow");
    /// ```
    pub fn write(&self, page: &Page, out: &mut dyn Write) -> Result<(), WriteError> {
        self.write_on(&parse(page), page.url.as_deref(), out)
    }

    /// [`Extraction::write`], returning also the [`Extraction::notes`] on the page (parsed
    /// once for both).
    pub fn write_noting(&self, page: &Page, out: &mut dyn Write) -> Result<Vec<String>, WriteError> {
        let doc = parse(page);
        self.write_on(&doc, page.url.as_deref(), out)?;
        Ok(self.notes(&doc))
    }

    /// What this extraction's output leaves out of a page, in words, for a front end to show
    /// beside it (`harvest` writes them to stderr): for the microdata JSON and JSON-LD and the
    /// RDF export, the `itemref` references dropped, each as the validator's diagnostic (an ID
    /// no element has, an element reached twice, an item cycle). Empty for other extractions.
    ///
    /// ```
    /// use harvest_pipeline::extract::{Extraction, MicrodataOutput};
    /// let doc = harvest_dom::Document::parse("<div itemscope itemref='gone'><b itemprop=a>1</b></div>");
    /// let notes = Extraction::Microdata(MicrodataOutput::default()).notes(&doc);
    /// assert_eq!(notes, ["html>body>div: itemref names \"gone\", which no element has as its ID [itemref-unknown-id, HTML §5.2.2]"]);
    /// ```
    pub fn notes(&self, doc: &Document) -> Vec<String> {
        match self {
            Extraction::Microdata(MicrodataOutput::Json(_) | MicrodataOutput::JsonLd(_)) | Extraction::Rdf(_) => {
                harvest_microdata::Microdata::new(doc).itemref_diagnostics().iter().map(ToString::to_string).collect()
            }
            _ => Vec::new(),
        }
    }

    /// [`Extraction::write`] on a parsed page whose URL, as given, is `page_url`.
    pub fn write_on(&self, doc: &Document, page_url: Option<&str>, out: &mut dyn Write) -> Result<(), WriteError> {
        self.write_on_limited(doc, page_url, &Limits::default(), out)
    }

    /// [`Extraction::write`] within `limits`: the page parsed to their depth, the
    /// extractors stopped (an [`ExtractError::Failed`]) past their value bound.
    pub fn write_limited(&self, page: &Page, limits: &Limits, out: &mut dyn Write) -> Result<(), WriteError> {
        self.write_on_limited(&parse_limited(page, limits), page.url.as_deref(), limits, out)
    }

    fn write_on_limited(
        &self,
        doc: &Document,
        page_url: Option<&str>,
        limits: &Limits,
        out: &mut dyn Write,
    ) -> Result<(), WriteError> {
        check_interrupted(doc)?;
        let mut bounded = BoundedWriter::new(out, limits);
        let written = match self.json(doc, page_url, limits)? {
            Some(json) => {
                // serde_json writes many pieces of a few bytes: gathered here, they reach the
                // bound checks and `out` in blocks.
                let mut buffered = std::io::BufWriter::with_capacity(OUTPUT_BLOCK, &mut bounded);
                serde_json::to_writer(&mut buffered, &json)
                    .and_then(|()| buffered.flush().map_err(serde_json::Error::io))
            }
            .map_err(|error| {
                if error.is_io() {
                    WriteError::Io(error.into())
                } else {
                    WriteError::Extract(failed(error))
                }
            }),
            None => {
                let text = self.text(doc, page_url, limits)?;
                check_size(text.len() as u64, limits)?;
                bounded.write_all(text.as_bytes()).map_err(WriteError::Io)
            }
        };
        if let Some(error) = bounded.stopped {
            return Err(error.into());
        }
        check_interrupted(doc)?;
        written
    }

    /// The JSON output of a JSON extraction, ready to serialize; `None` for a text format.
    fn json<'a>(
        &'a self,
        doc: &'a Document,
        page_url: Option<&'a str>,
        limits: &'a Limits,
    ) -> Result<Option<JsonOutput<'a>>, ExtractError> {
        Ok(Some(match self {
            Extraction::Mf2(options) if options.jf2 => {
                JsonOutput::Value(mf2_document(doc, page_url, options, limits)?.to_jf2())
            }
            Extraction::Mf2(options) => JsonOutput::Mf2(mf2_document(doc, page_url, options, limits)?),
            Extraction::Microdata(MicrodataOutput::Validate) => {
                JsonOutput::MicrodataDiagnostics(harvest_microdata::validate(doc))
            }
            Extraction::Microdata(MicrodataOutput::Json(options)) => {
                JsonOutput::Microdata(crate::json::microdata(doc, options, false, limits)?)
            }
            Extraction::Microdata(MicrodataOutput::JsonLd(registry)) => {
                JsonOutput::Value(harvest_export::rdf::jsonld::from_conversion(&w3c(doc, registry.as_ref(), limits)?))
            }
            Extraction::Links(LinksMode::All) => JsonOutput::Links(FullLinks(doc)),
            Extraction::Links(LinksMode::Feeds) => JsonOutput::Feeds(harvest_links::feeds(doc)),
            Extraction::Links(LinksMode::Check) => JsonOutput::LinkDiagnostics(harvest_links::check(doc)),
            Extraction::All(options) => JsonOutput::All(AllRecord { doc, page_url, options, limits }),
            Extraction::Rdfa(options) if options.format == RdfaFormat::JsonLd => {
                JsonOutput::Value(harvest_rdf::jsonld::write(&rdfa_graph(doc, options, limits)?.graph))
            }
            Extraction::Vcard(_)
            | Extraction::Ical(_)
            | Extraction::Atom(_)
            | Extraction::Rdf(_)
            | Extraction::Rdfa(_) => return Ok(None),
        }))
    }

    /// The output of a text format.
    fn text(&self, doc: &Document, page_url: Option<&str>, limits: &Limits) -> Result<String, ExtractError> {
        match self {
            Extraction::Vcard(options) => vcard(doc, page_url, options, limits),
            Extraction::Ical(options) => ical(doc, page_url, options, limits),
            Extraction::Atom(from) => atom(doc, page_url, *from, limits),
            Extraction::Rdf(options) => rdf(doc, options, limits),
            Extraction::Rdfa(options) => {
                let graph = rdfa_graph(doc, options, limits)?.graph;
                Ok(match options.format {
                    RdfaFormat::NTriples | RdfaFormat::JsonLd => graph.to_ntriples(),
                    RdfaFormat::Turtle => harvest_rdf::turtle::write(&graph, &harvest_rdfa::turtle_prefixes()),
                })
            }
            _ => Err(ExtractError::Failed(format!("{} gives JSON, not text", self.name()))),
        }
    }
}
