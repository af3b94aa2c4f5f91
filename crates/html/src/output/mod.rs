//! Every output a front end offers besides the record: one syntax's JSON in each of its forms
//! (microformats2 JSON or JF2, the microdata JSON, its JSON-LD or the validator's diagnostics,
//! the links, the feeds or the link checker's diagnostics, RDFa), the exports (vCard,
//! iCalendar, Atom, RDF), and the page's one dataset of every RDF syntax
//! ([`Extraction::Graph`], [`PageGraph`]).
//!
//! An [`Extraction`] names one output with its options (`harvest mf2 --jf2` is
//! `Extraction::Mf2(Mf2Output::new().jf2(true))`); [`Extraction::run`] gives an
//! [`Output`], [`Extraction::write`] streams it. The `harvest` command, `harvest serve` and
//! the Python package offer exactly these. The output forms' option types are named
//! `…Output` (`VcardOutput`, `RdfOutput`...) so that they never clash with the exporters' own
//! settings (`harvest_export::vcard::VcardOptions`...), which they set.
//!
//! ```
//! use harvest_html::output::{Extraction, FeedSource, Output};
//! use harvest_html::Page;
//! let page = Page::new(
//!     "-",
//!     b"<article class=h-entry><h1 class=p-name>Hi</h1><time class=dt-published>2024-05-01</time></article>".to_vec(),
//!     Some("https://example.com/"),
//! );
//! let Ok(Output::Text(feed)) = Extraction::Atom(FeedSource::Mf2).run(&page) else { panic!() };
//! assert!(feed.contains(r#"<title type="text">Hi</title>"#));
//! ```

pub mod pretty;

pub use crate::check::{
    check_input, check_page, CheckOptions, CrawlReport, FeatureTally, PageCheck, RuleTally, Tally, SYNTAX_ERROR,
};
pub use crate::extraction::{Extraction, Output};
pub use crate::graph::{
    page_graph, write_graph, write_page_graph, GraphDiagnostic, GraphFormat, GraphOutput, GraphSource, GraphWritten,
    Origin, PageGraph,
};
pub use crate::json::WrittenMember;
pub use crate::options::{
    AllOptions, ConversionSource, FeedSource, IcalOutput, LinksMode, Mf2Output, MicrodataChoiceError, MicrodataFormat,
    MicrodataOutput, RdfAlgorithm, RdfFormat, RdfOutput, RdfaFormat, RdfaGraph, RdfaOutput, Registry, RegistryError,
    VcardOutput,
};
pub use harvest_check::{Counts, Diagnostic, FeatureReport, Report, Severity, Vocabulary, VocabularyError};
