#![doc = include_str!("../README.md")]
//!
//! # The model
//!
//! The page is parsed once (`harvest_dom`, html5ever into an arena tree, the encoding detected
//! as the HTML standard says) and every syntax asked for reads that one tree. Each syntax's
//! result is its own crate's type, so nothing is lost to an intermediate JSON value, and
//! `serde` turns the record into the JSON of `harvest all` (keys, order and shapes).
//!
//! * [`extract`]: every syntax with the defaults.
//! * [`Extractor`]: the syntaxes ([`Syntax`]), each syntax's options ([`Mf2Options`],
//!   [`MicrodataOptions`], [`LinksDetail`]) and the [`Limits`] on work and output; also
//!   [`Extractor::extract_page`] for pages from `harvest_pipeline::input` (files, WARC
//!   archives), [`Extractor::extract_document`] for a parsed document, and
//!   [`Extractor::write_page`], which writes the record's JSON without building it (what
//!   `harvest all` prints, a line per page).
//! * [`Record`]: the result; [`Error`]: why there is none.
//! * [`Page`]: a page's bytes with what is known of it (URL, transport charset, HTTP status,
//!   [`WarcOrigin`]): the input of an extraction, as `harvest_pipeline` reads pages.
//! * [`graph()`]: every RDF syntax of the page as one dataset (N-Quads, Turtle, TriG, JSON-LD).
//! * [`check()`]: the page's structured data checked against schema.org and the search
//!   features, with typed diagnostics ([`output::PageCheck`], [`output::Diagnostic`]).
//! * [`jsonld_blocks`]: the page's JSON-LD blocks, as JSON values or as their texts.
//! * [`output`]: every other output, in each of its forms ([`output::Extraction`]: the
//!   microformats2 JSON or JF2, the microdata JSON, JSON-LD or validator diagnostics, the
//!   links, feeds or link checks, RDFa, the page's dataset) and the exports (vCard, iCalendar,
//!   Atom, RDF).
//!
//! Bad pages are normal input: nothing here panics on a page, nothing recurses per tree level,
//! and past a limit the record says so (`truncated` in the microdata and mf2 parts) or, where
//! asked for, the extraction fails with an [`Error`].
//!
//! # The one door
//!
//! Every harvest front end extracts through this crate, and takes its pages from
//! `harvest_pipeline` (files, directories, WARC archives, fetches):
//!
//! * the `harvest` command: each subcommand is an [`output::Extraction`] (`harvest all` is
//!   `Extraction::All`, the options of an [`Extractor`]), written with
//!   [`output::Extraction::write`];
//! * `harvest serve`: the same extractions within the server's [`Limits`];
//! * the Python package: `extract()` and `iter_warc` build an [`Extractor`] from their
//!   keywords and read its record as JSON values (`Extraction::All` with its options);
//!   `mf2()`, `microdata()`, `links()` and the exports run an [`output::Extraction`];
//! * the Spark job (`examples/spark`): through the Python package's `iter_warc`.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
// Library code does not panic on what a page, a request or a file holds: no unwrap or expect
// outside tests (an invariant that needs one says why in an `allow`).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod check;
mod error;
mod extraction;
mod extractor;
mod extractors;
mod graph;
mod json;
pub mod jsonld_blocks;
mod limits;
mod option_names;
mod options;
pub mod output;
mod page;
mod record;

pub use crate::error::{Cause, Error};
pub use crate::extractor::Extractor;
pub use crate::jsonld_blocks::BlockError;
pub use crate::limits::Limits;
pub use crate::options::{LinksDetail, Mf2Options, Mf2Root, Mf2RootSelector, Mf2Text, MicrodataOptions, Syntax};
pub use crate::page::{BaseUrl, BaseUrlError, Page, WarcOrigin};
pub use crate::record::Record;

/// Every syntax from `html` (bytes in any encoding), whose URL is `url`, with the default
/// options: what `harvest all` gives.
///
/// ```
/// let record = harvest_html::extract(
///     br#"<div itemscope itemtype="https://schema.org/Person"><span itemprop=name>Ada</span></div>"#,
///     "https://example.com/",
/// )?;
/// let person = &record.microdata.as_ref().unwrap().items[0];
/// assert_eq!(person.types, ["https://schema.org/Person"]);
/// assert_eq!(person.properties.names().collect::<Vec<_>>(), ["name"]);
/// # Ok::<(), harvest_html::Error>(())
/// ```
pub fn extract(html: impl AsRef<[u8]>, url: &str) -> Result<Record, Error> {
    Extractor::new().extract(html, Some(url))
}

/// Every RDF syntax of `html` (bytes in any encoding), whose URL is `url`, as one dataset of
/// typed quads: microdata (the W3C note), RDFa, JSON-LD (contexts offline, schema.org's
/// bundled) and Dublin Core, what `harvest graph` writes. [`output::PageGraph::write`] writes
/// it as N-Quads (the page's URL as graph), N-Triples, Turtle, TriG or JSON-LD
/// ([`output::GraphOutput`]); what a syntax could not give is in its `diagnostics`.
///
/// ```
/// use harvest_html::output::{GraphFormat, GraphOutput};
/// let page = harvest_html::graph(
///     br#"<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Person", "name": "Ada"}</script>"#,
///     "https://example.com/",
/// );
/// assert_eq!(page.dataset.len(), 2);
/// let turtle = page.write(&GraphOutput::new().format(GraphFormat::Turtle));
/// assert!(turtle.contains(" a <http://schema.org/Person> ;\n    schema:name \"Ada\" .\n"), "{turtle}");
/// ```
pub fn graph(html: impl AsRef<[u8]>, url: &str) -> output::PageGraph {
    let page = Page::new("-", html.as_ref().to_vec(), Some(url));
    graph::page_graph(&extractors::parse(&page), &output::GraphOutput::default(), &Limits::default())
}

/// Checks the structured data of `html` (bytes in any encoding), whose URL is `url`, against
/// schema.org (the bundled release) and the search features: what `harvest check` reports.
/// Each [`output::Diagnostic`] names its rule, severity, syntax and, where known, its page line
/// and column; [`output::CheckOptions`] with [`output::check_page`] takes another vocabulary.
///
/// ```
/// use harvest_html::output::Severity;
/// let checked = harvest_html::check(
///     b"<div itemscope itemtype=\"https://schema.org/Prodcut\">\n<b itemprop=\"nmae\">Anvil</b></div>",
///     "https://example.com/",
/// );
/// let found = &checked.report.diagnostics;
/// assert_eq!(found[0].rule, "schema-unknown-type");
/// assert_eq!(found[0].suggestion.as_deref(), Some("Product"));
/// assert_eq!(found[0].severity, Severity::Error);
/// assert_eq!(found[0].syntax.as_deref(), Some("microdata"));
/// assert_eq!(checked.report.counts.errors, found.len());
/// assert!(checked.fails(false));
/// ```
pub fn check(html: impl AsRef<[u8]>, url: &str) -> output::PageCheck {
    let page = Page::new("-", html.as_ref().to_vec(), Some(url));
    output::check_page(&extractors::parse(&page), &output::CheckOptions::default(), &Limits::default())
}
