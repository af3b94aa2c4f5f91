//! What to extract from a page, with its options, and running it: the one place a request
//! turns into calls of the extractor and exporter crates. Front ends reach it through the
//! front door, `harvest_html` (`harvest_html::output` re-exports this module's outputs and
//! `harvest_html::Extractor` is [`AllOptions`] with [`Limits`]).
//!
//! An [`Extraction`] names one output (a syntax's JSON, an export format, or `all`) with its
//! options; [`Extraction::run`] parses the page once and gives an [`Output`] or a typed
//! [`Error`].
//!
//! ```
//! use harvest_html::output::{AllOptions, Extraction, Output};
//! use harvest_html::Page;
//! let page = Page::new("-", b"<p class=h-card>Ada</p>".to_vec(), Some("https://example.com/"));
//! let Ok(Output::Json(record)) = Extraction::All(AllOptions::default()).run(&page) else { panic!() };
//! assert_eq!(record["mf2"]["items"][0]["properties"]["name"][0], "Ada");
//! assert_eq!(record["url"], "https://example.com/");
//! ```

use crate::check::{check_page, CheckOptions};
use crate::error::Error;
use crate::extractors::{atom, ical, mf2_document, parse, parse_limited, rdf, rdfa_graph, vcard, w3c};
use crate::graph::{page_graph, write_graph, GraphFormat, GraphOutput};
use crate::json::{AllRecord, JsonOutput, LinkStream, WrittenMember};
use crate::limits::{check_interrupted, check_size, BoundedWriter, Limits, OUTPUT_BLOCK};
use crate::options::*;
use crate::Page;
use harvest_dom::Document;
use serde_json::Value;
use std::io::Write;

/// What an extraction produced for a page.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Output {
    /// JSON (the syntaxes, `all`, validator and checker reports).
    Json(Value),
    /// A text format (vCard, iCalendar, Atom, RDF), as it is written.
    Text(String),
}

/// One output with its options.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Extraction {
    /// The microformats JSON.
    Mf2(Mf2Output),
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
    /// Every RDF syntax of the page (microdata, RDFa, JSON-LD, Dublin Core) as one dataset
    /// ([`crate::graph`]): N-Quads by default, the page's URL as graph.
    Graph(GraphOutput),
    /// The page's structured data checked against schema.org and the search features
    /// ([`crate::check`]): `{url, diagnostics, features, counts}`.
    Check(CheckOptions),
    /// One parse, every syntax: `{url, microdata, mf2, links, json-ld, opengraph, dublincore,
    /// rdfa}`.
    All(AllOptions),
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
            Extraction::Graph(_) => "graph",
            Extraction::Check(_) => "check",
            Extraction::All(_) => "all",
        }
    }

    /// Parses the page and runs on it.
    pub fn run(&self, page: &Page) -> Result<Output, Error> {
        self.run_on(&parse(page))
    }

    /// Runs on a parsed page (its URL is the document's: see [`crate::Extractor::parse`]).
    pub fn run_on(&self, doc: &Document) -> Result<Output, Error> {
        self.run_on_limited(doc, &Limits::default())
    }

    /// [`Extraction::run`] within `limits`: the page parsed to their depth, the extractors
    /// stopped (an [`Error::Failed`]) past their value bound.
    pub fn run_limited(&self, page: &Page, limits: &Limits) -> Result<Output, Error> {
        self.run_on_limited(&parse_limited(page, limits), limits)
    }

    /// [`Extraction::run_on`] within `limits` (the page was parsed with [`crate::Extractor::parse`] within `limits`).
    pub fn run_on_limited(&self, doc: &Document, limits: &Limits) -> Result<Output, Error> {
        check_interrupted(doc)?;
        let output = match self.produce(doc, limits)? {
            Produced::Json(json) => {
                if limits.max_output_bytes.is_some() {
                    // Its size as written, counted without keeping it.
                    let mut sink = std::io::sink();
                    let mut counted = BoundedWriter::new(&mut sink, limits);
                    let written = write_json(&json, None, &mut counted);
                    if let Some(error) = counted.stopped {
                        return Err(error);
                    }
                    written?;
                }
                Output::Json(serde_json::to_value(&json)?)
            }
            Produced::Text(text) => {
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
            && !matches!(self, Extraction::Graph(options) if options.format != GraphFormat::JsonLd)
    }

    /// Parses the page and writes the output to `out`: JSON in its compact form (see
    /// [`crate::output::pretty`] for the indented one), text as it is; no newline is added.
    ///
    /// JSON is serialized straight from the extractors' types as each is produced, with no
    /// `serde_json::Value` in between: for `all`, one syntax's result is held at a time, and
    /// links are written as they are read. On an error, part of the output may already be written:
    /// callers that need all or nothing write to a buffer.
    ///
    /// ```
    /// use harvest_html::output::{AllOptions, Extraction};
    /// use harvest_html::Page;
    /// let page = Page::new("-", b"<a href=/x rel=nofollow>x</a>".to_vec(), Some("https://example.com/"));
    /// let mut out = Vec::new();
    /// Extraction::All(AllOptions::default()).write(&page, &mut out).unwrap();
    /// let record: serde_json::Value = serde_json::from_slice(&out).unwrap();
    /// assert_eq!(record["links"][0]["url"], "https://example.com/x");
    /// assert_eq!(record["links"][0]["rel"][0], "nofollow");
    /// ```
    pub fn write(&self, page: &Page, out: &mut dyn Write) -> Result<(), Error> {
        self.write_on(&parse(page), out)
    }

    /// [`Extraction::write`], returning also the [`Extraction::notes`] on the page (parsed
    /// once for both).
    pub fn write_noting(&self, page: &Page, out: &mut dyn Write) -> Result<Vec<String>, Error> {
        let doc = parse(page);
        if let Extraction::Graph(options) = self {
            // The diagnostics are the dataset's own: read once for both.
            let written = write_graph(&doc, options, &Limits::default(), out)?;
            return Ok(written.diagnostics.iter().map(ToString::to_string).collect());
        }
        self.write_on(&doc, out)?;
        Ok(self.notes(&doc))
    }

    /// What this extraction's output leaves out of a page, in words, for a front end to show
    /// beside it (`harvest` writes them to stderr): for the microdata JSON and JSON-LD and the
    /// RDF export, the `itemref` references dropped, each as the validator's diagnostic (an ID
    /// no element has, an element reached twice, an item cycle). Empty for other extractions.
    ///
    /// ```
    /// use harvest_html::output::{Extraction, MicrodataOutput};
    /// let doc = harvest_dom::Document::parse("<div itemscope itemref='gone'><b itemprop=a>1</b></div>");
    /// let notes = Extraction::Microdata(MicrodataOutput::default()).notes(&doc);
    /// assert_eq!(notes, ["html>body>div: itemref names \"gone\", which no element has as its ID [itemref-unknown-id, HTML §5.2.2]"]);
    /// ```
    pub fn notes(&self, doc: &Document) -> Vec<String> {
        match self {
            Extraction::Microdata(MicrodataOutput::Json(_) | MicrodataOutput::JsonLd(_)) | Extraction::Rdf(_) => {
                harvest_microdata::Microdata::new(doc).itemref_diagnostics().iter().map(ToString::to_string).collect()
            }
            Extraction::Graph(options) => {
                page_graph(doc, options, &Limits::default()).diagnostics.iter().map(ToString::to_string).collect()
            }
            _ => Vec::new(),
        }
    }

    /// [`Extraction::write`] on a parsed page (its URL is the document's: see [`crate::Extractor::parse`]).
    pub fn write_on(&self, doc: &Document, out: &mut dyn Write) -> Result<(), Error> {
        self.write_on_limited(doc, &Limits::default(), out)
    }

    /// [`Extraction::write`] within `limits`: the page parsed to their depth, the
    /// extractors stopped (an [`Error::Failed`]) past their value bound.
    pub fn write_limited(&self, page: &Page, limits: &Limits, out: &mut dyn Write) -> Result<(), Error> {
        self.write_on_limited(&parse_limited(page, limits), limits, out)
    }

    fn write_on_limited(&self, doc: &Document, limits: &Limits, out: &mut dyn Write) -> Result<(), Error> {
        check_interrupted(doc)?;
        let mut bounded = BoundedWriter::new(out, limits);
        let written = match self.produce(doc, limits)? {
            Produced::Json(json) => write_json(&json, None, &mut bounded),
            Produced::Text(text) => {
                check_size(text.len() as u64, limits)?;
                bounded.write_all(text.as_bytes()).map_err(Error::Io)
            }
        };
        if let Some(error) = bounded.stopped {
            return Err(error);
        }
        check_interrupted(doc)?;
        written
    }

    /// The output: JSON ready to serialize, or a text format's text.
    fn produce<'a>(&'a self, doc: &'a Document, limits: &'a Limits) -> Result<Produced<'a>, Error> {
        let json = match self {
            Extraction::Mf2(output) if output.jf2 => {
                JsonOutput::Value(mf2_document(doc, &output.options, limits)?.to_jf2())
            }
            Extraction::Mf2(output) => JsonOutput::Mf2(mf2_document(doc, &output.options, limits)?),
            Extraction::Microdata(MicrodataOutput::Validate) => {
                JsonOutput::MicrodataDiagnostics(harvest_microdata::validate(doc))
            }
            Extraction::Microdata(MicrodataOutput::Json(options)) => {
                JsonOutput::Microdata(crate::json::MicrodataJson::new(doc, options, false, limits).text()?.0)
            }
            Extraction::Microdata(MicrodataOutput::JsonLd(registry)) => {
                JsonOutput::Value(harvest_export::rdf::jsonld::from_conversion(&w3c(doc, registry.as_ref(), limits)?))
            }
            Extraction::Links(LinksMode::All) => JsonOutput::Links(LinkStream::new(doc, LinksDetail::Full)),
            Extraction::Links(LinksMode::Feeds) => JsonOutput::Feeds(harvest_links::feeds(doc)),
            Extraction::Links(LinksMode::Check) => JsonOutput::LinkDiagnostics(harvest_links::check(doc)),
            Extraction::All(options) => JsonOutput::All(AllRecord { doc, options, limits }),
            Extraction::Rdfa(options) if options.format == RdfaFormat::JsonLd => {
                JsonOutput::Value(harvest_rdf::jsonld::write(&rdfa_graph(doc, options, limits)?.graph))
            }
            Extraction::Graph(options) if options.format == GraphFormat::JsonLd => {
                let graph = page_graph(doc, options, limits);
                JsonOutput::Value(harvest_rdf::jsonld::write_dataset(
                    &graph.dataset,
                    Some(&graph.page),
                    &graph.labels(),
                ))
            }
            Extraction::Check(options) => JsonOutput::Check(check_page(doc, options, limits)),
            Extraction::Vcard(options) => return vcard(doc, options, limits).map(Produced::Text),
            Extraction::Ical(options) => return ical(doc, options, limits).map(Produced::Text),
            Extraction::Atom(from) => return atom(doc, *from, limits).map(Produced::Text),
            Extraction::Rdf(options) => return rdf(doc, options, limits).map(Produced::Text),
            Extraction::Rdfa(options) => {
                let graph = rdfa_graph(doc, options, limits)?.graph;
                return Ok(Produced::Text(match options.format {
                    RdfaFormat::NTriples | RdfaFormat::JsonLd => graph.to_ntriples(),
                    RdfaFormat::Turtle => harvest_rdf::turtle::write(&graph, &harvest_rdfa::turtle_prefixes()),
                }));
            }
            Extraction::Graph(options) => return Ok(Produced::Text(page_graph(doc, options, limits).write(options))),
        };
        Ok(Produced::Json(json))
    }
}

/// What an extraction produced, before it is written.
enum Produced<'a> {
    /// JSON, serialized as it is written.
    Json(JsonOutput<'a>),
    /// A text format's text.
    Text(String),
}

/// Writes the `all` record of a parsed page (its URL is the document's: see [`crate::Extractor::parse`]) with
/// `options`, within `limits`, to `out` as compact JSON: what
/// `Extraction::All(options.clone()).write_limited(..)` writes, without an [`Extraction`] to
/// build per page (`Extractor::write_document`). Each syntax is extracted when its key is
/// written, so one syntax's result is held at a time.
pub(crate) fn write_all(
    doc: &Document,
    options: &AllOptions,
    limits: &Limits,
    out: &mut dyn Write,
) -> Result<(), Error> {
    write_all_record(doc, options, limits, None, out)
}

/// [`write_all`], and each member as written: its key, where its value lies in what was
/// written, and what its syntax found ([`WrittenMember`]), in record order
/// (`Extractor::write_document_members`).
pub(crate) fn write_all_members(
    doc: &Document,
    options: &AllOptions,
    limits: &Limits,
    out: &mut dyn Write,
) -> Result<Vec<WrittenMember>, Error> {
    let spans = crate::json::MemberSpans::default();
    write_all_record(doc, options, limits, Some(&spans), out)?;
    Ok(spans.members.into_inner())
}

fn write_all_record(
    doc: &Document,
    options: &AllOptions,
    limits: &Limits,
    spans: Option<&crate::json::MemberSpans>,
    out: &mut dyn Write,
) -> Result<(), Error> {
    check_interrupted(doc)?;
    let mut bounded = BoundedWriter::new(out, limits);
    let written = write_json(&JsonOutput::All(AllRecord { doc, options, limits }), spans, &mut bounded);
    if let Some(error) = bounded.stopped {
        return Err(error);
    }
    check_interrupted(doc)?;
    written
}

/// Writes a JSON output to `bounded`, an I/O failure told apart from an extractor's;
/// counting what is written into `spans`, when given.
fn write_json(
    json: &JsonOutput<'_>,
    spans: Option<&crate::json::MemberSpans>,
    bounded: &mut BoundedWriter<'_>,
) -> Result<(), Error> {
    // serde_json writes many pieces of a few bytes: gathered here, they reach the bound checks
    // and `out` in blocks.
    let mut buffered = std::io::BufWriter::with_capacity(OUTPUT_BLOCK, bounded);
    match spans {
        Some(spans) => json.write_to(&mut crate::json::Counting { inner: &mut buffered, spans }, Some(spans))?,
        None => json.write_to(&mut buffered, None)?,
    }
    buffered.flush().map_err(Error::Io)
}
