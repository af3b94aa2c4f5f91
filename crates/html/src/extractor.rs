//! The extractor: which syntaxes, with which options, within which limits; one parse of the
//! page for all of them.

use crate::error::Error;
use crate::options::{Limits, LinksDetail, Mf2Options, MicrodataOptions, Syntax};
use crate::record::Record;
use harvest_dom::Document;
use harvest_microdata::{JsonDocument, JsonOptions};
use harvest_pipeline::Page;

/// What to extract from pages and how, built once and used for any number of pages (it is
/// `Send + Sync`, so one extractor can serve many threads).
///
/// ```
/// use harvest_html::{Extractor, Limits, Mf2Options, Syntax};
/// let html_bytes = b"<article class=h-entry><h1 class=p-name>Hello</h1></article>";
/// let only = Extractor::new()
///     .syntaxes([Syntax::Mf2, Syntax::JsonLd])
///     .mf2(Mf2Options::default().thorough_text(true))
///     .limits(Limits::default())
///     .extract(html_bytes, Some("https://example.com/"))?;
/// assert_eq!(only.mf2.unwrap().items[0].type_, ["h-entry"]);
/// assert!(only.microdata.is_none());
/// # Ok::<(), harvest_html::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extractor {
    syntaxes: Vec<Syntax>,
    mf2: Mf2Options,
    microdata: MicrodataOptions,
    links: LinksDetail,
    limits: Limits,
}

impl Default for Extractor {
    fn default() -> Self {
        Extractor {
            syntaxes: Syntax::ALL.to_vec(),
            mf2: Mf2Options::default(),
            microdata: MicrodataOptions::default(),
            links: LinksDetail::default(),
            limits: Limits::default(),
        }
    }
}

impl Extractor {
    /// Every syntax, each with its default options, within the default limits: what
    /// `harvest all` does.
    pub fn new() -> Self {
        Self::default()
    }

    /// Only these syntaxes (the record's other fields stay `None`).
    pub fn syntaxes(mut self, syntaxes: impl IntoIterator<Item = Syntax>) -> Self {
        self.syntaxes = syntaxes.into_iter().collect();
        self
    }

    /// The microformats2 options.
    pub fn mf2(mut self, options: Mf2Options) -> Self {
        self.mf2 = options;
        self
    }

    /// The microdata options.
    pub fn microdata(mut self, options: MicrodataOptions) -> Self {
        self.microdata = options;
        self
    }

    /// The form the links serialize in: compact (the default) or full.
    pub fn links(mut self, detail: LinksDetail) -> Self {
        self.links = detail;
        self
    }

    /// Bounds on the parse and on the extractors' output.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    fn wants(&self, syntax: Syntax) -> bool {
        self.syntaxes.contains(&syntax)
    }

    /// Parses `html` (bytes in any encoding, detected as the HTML standard says) and extracts
    /// from it. `url` is the page's own URL, the base of its relative URLs; a page without one
    /// (or with one that is not a valid URL) keeps its relative URLs as written.
    pub fn extract(&self, html: impl AsRef<[u8]>, url: Option<&str>) -> Result<Record, Error> {
        self.extract_parsed(html.as_ref(), url, None)
    }

    /// Extracts from a page read by [`harvest_pipeline::input`]: its URL and the charset its
    /// transport declared are used.
    pub fn extract_page(&self, page: &Page) -> Result<Record, Error> {
        self.extract_parsed(&page.bytes, page.url.as_deref(), page.charset.as_deref())
    }

    fn extract_parsed(&self, html: &[u8], url: Option<&str>, charset: Option<&str>) -> Result<Record, Error> {
        let options = harvest_pipeline::extract::parse_options(url, charset, &self.limits);
        self.extract_document(&Document::parse_bytes(html, &options))
    }

    /// Extracts from a parsed document, at the URL it was parsed with
    /// ([`harvest_dom::ParseOptions::url`], and [`harvest_dom::ParseOptions::url_as_written`]
    /// for the text the microformats2 parser resolves an empty `href` to, as its test suite
    /// expects).
    pub fn extract_document(&self, doc: &Document) -> Result<Record, Error> {
        let mut record = Record {
            url: doc.url().map(|url| url.as_str().to_owned()),
            microdata: None,
            mf2: None,
            links: None,
            json_ld: None,
            opengraph: None,
            dublincore: None,
            rdfa: None,
            errors: Vec::new(),
            links_detail: self.links,
        };
        if self.wants(Syntax::Microdata) {
            record.microdata = Some(self.microdata_of(doc)?);
        }
        if self.wants(Syntax::Mf2) {
            record.mf2 = Some(harvest_mf2::parse(doc, &self.mf2.parser_options(doc, &self.limits))?);
        }
        if self.wants(Syntax::Links) {
            record.links = Some(harvest_links::links(doc));
        }
        if self.wants(Syntax::JsonLd) {
            let (blocks, errors) = harvest_pipeline::jsonld_blocks::parse_blocks(doc);
            record.json_ld = Some(blocks);
            record.errors = errors;
        }
        if self.wants(Syntax::OpenGraph) {
            record.opengraph = Some(harvest_meta::opengraph(doc));
        }
        if self.wants(Syntax::DublinCore) {
            record.dublincore = Some(harvest_meta::dublin_core(doc));
        }
        if self.wants(Syntax::Rdfa) {
            let mut options = harvest_rdfa::RdfaOptions::new();
            if let Some(max) = self.limits.max_values {
                options = options.limits(harvest_rdf::Limits::new().max_triples(max));
            }
            record.rdfa = Some(harvest_rdfa::parse(doc, &options)?.graph);
        }
        if doc.interrupted() {
            return Err(Error::Interrupted);
        }
        Ok(record)
    }

    /// The microdata of a page: written by harvest-microdata's writer (which bounds the
    /// output, see [`harvest_microdata::JsonOptions`]) and read into its serde model.
    fn microdata_of(&self, doc: &Document) -> Result<JsonDocument, Error> {
        let mut options = JsonOptions::new();
        if let Some(max) = self.limits.max_values {
            options = options.max_values(max);
        }
        let json = if self.microdata.is_strict() {
            harvest_microdata::try_to_json(doc, &options)?
        } else {
            harvest_microdata::to_json(doc, &options)
        };
        serde_json::from_str(&json).map_err(Error::MicrodataTooDeep)
    }
}
