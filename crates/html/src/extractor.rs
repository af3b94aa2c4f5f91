//! The extractor: which syntaxes, with which options, within which limits; one parse of the
//! page for all of them.

use crate::error::Error;
use crate::json::{AllRecord, Member, MemberSink};
use crate::limits::Limits;
use crate::options::{LinksDetail, Mf2Options, MicrodataOptions, Syntax};
use crate::output::{AllOptions, WrittenMember};
use crate::record::{Member as RecordMember, Record};
use crate::Page;
use harvest_dom::Document;
use std::io::Write;

/// What to extract from pages and how, built once and used for any number of pages (it is
/// `Send + Sync`, so one extractor can serve many threads).
///
/// ```
/// use harvest_html::{Extractor, Limits, Mf2Options, Mf2Text, Syntax};
/// let html_bytes = b"<article class=h-entry><h1 class=p-name>Hello</h1></article>";
/// let only = Extractor::new()
///     .syntaxes([Syntax::Mf2, Syntax::JsonLd])
///     .mf2(Mf2Options::new().text(Mf2Text::Thorough))
///     .limits(Limits::default())
///     .extract(html_bytes, Some("https://example.com/"))?;
/// assert_eq!(only.mf2.unwrap().items[0].type_, ["h-entry"]);
/// assert!(only.microdata.is_none());
/// # Ok::<(), harvest_html::Error>(())
/// ```
///
/// The same extractor writes the record as JSON without building it
/// ([`Extractor::write_page`]): what `harvest all` prints per page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Extractor {
    options: AllOptions,
    limits: Limits,
}

impl Extractor {
    /// Every syntax, each with its default options, within the default limits: what
    /// `harvest all` does.
    pub fn new() -> Self {
        Self::default()
    }

    /// Only these syntaxes (the record's other fields stay `None`).
    pub fn syntaxes(mut self, syntaxes: impl IntoIterator<Item = Syntax>) -> Self {
        self.options.syntaxes = syntaxes.into_iter().collect();
        self
    }

    /// The microformats2 options (the record holds the model, whose `to_jf2` gives JF2; the
    /// page's URL and the [`Limits`] apply as for
    /// [`output::Mf2Output`](crate::output::Mf2Output)).
    pub fn mf2(mut self, options: Mf2Options) -> Self {
        self.options.mf2 = options;
        self
    }

    /// How the microdata is read ([`MicrodataOptions::content_attribute`]).
    pub fn microdata(mut self, options: MicrodataOptions) -> Self {
        self.options.microdata = options;
        self
    }

    /// The form the links serialize in: compact (the default) or full.
    pub fn links(mut self, detail: LinksDetail) -> Self {
        self.options.links = detail;
        self
    }

    /// Bounds on the parse and on the extractors' output.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Past an output limit ([`Limits::max_values`], or a library's own bounds), fail
    /// ([`Error::Failed`] with [`crate::Cause::Microdata`] or [`crate::Cause::Mf2`]) instead of giving the microdata and
    /// microformats2 cut short with `truncated` set (the default, as `harvest all` does).
    ///
    /// ```
    /// use harvest_html::{Extractor, Limits};
    /// let page = b"<p itemscope><b itemprop=a>1</b><b itemprop=b>2</b>";
    /// let limits = Limits::new().max_values(Some(1));
    /// let cut = Extractor::new().limits(limits.clone()).extract(page, None).unwrap();
    /// assert!(cut.microdata.unwrap().truncated);
    /// assert!(Extractor::new().limits(limits).strict_limits(true).extract(page, None).is_err());
    /// ```
    pub fn strict_limits(mut self, strict: bool) -> Self {
        self.options.strict_limits = strict;
        self
    }

    /// These options as `all`'s, for [`crate::output::Extraction::All`].
    pub fn all_options(&self) -> &AllOptions {
        &self.options
    }

    /// Parses `html` (bytes in any encoding, detected as the HTML standard says) and extracts
    /// from it. `url` is the page's own URL, the base of its relative URLs; a page without one
    /// (or with one that is not a valid URL) keeps its relative URLs as written.
    pub fn extract(&self, html: impl AsRef<[u8]>, url: Option<&str>) -> Result<Record, Error> {
        self.extract_parsed(html.as_ref(), url, None)
    }

    /// Extracts from a page read by `harvest_pipeline::input`: its URL and the charset its
    /// transport declared are used.
    pub fn extract_page(&self, page: &Page) -> Result<Record, Error> {
        self.extract_parsed(&page.bytes, page.url.as_deref(), page.charset.as_deref())
    }

    fn extract_parsed(&self, html: &[u8], url: Option<&str>, charset: Option<&str>) -> Result<Record, Error> {
        self.extract_document(&self.parse_bytes(html, url, charset))
    }

    /// Parses a page as [`Extractor::extract_page`] does (its URL, its transport charset, the
    /// depth bound and the deadline of the limits), for a caller that reads more of the
    /// document than the record: [`Extractor::extract_document`] then extracts from it.
    ///
    /// ```
    /// use harvest_html::{Extractor, Page};
    /// let page = Page::new("-", b"<title>Hi</title>".to_vec(), Some("https://example.com"));
    /// let doc = Extractor::new().parse(&page);
    /// assert_eq!(doc.url().unwrap().as_str(), "https://example.com/");
    /// ```
    pub fn parse(&self, page: &Page) -> Document {
        self.parse_bytes(&page.bytes, page.url.as_deref(), page.charset.as_deref())
    }

    fn parse_bytes(&self, html: &[u8], url: Option<&str>, charset: Option<&str>) -> Document {
        Document::parse_bytes(html, &crate::extractors::parse_options(url, charset, &self.limits))
    }

    /// Extracts from a parsed document, at the URL it was parsed with
    /// ([`harvest_dom::ParseOptions::url`], and [`harvest_dom::ParseOptions::url_as_written`]
    /// for the text the microformats2 parser resolves an empty `href` to, as its test suite
    /// expects).
    ///
    /// The members are those [`Extractor::write_document`] writes, from the same function per
    /// syntax, kept instead of written.
    pub fn extract_document(&self, doc: &Document) -> Result<Record, Error> {
        let mut sink = RecordSink {
            doc,
            max_bytes: self.limits.max_output_bytes,
            size: 0,
            record: Record {
                url: None,
                microdata: None,
                mf2: None,
                links: None,
                json_ld: None,
                opengraph: None,
                dublincore: None,
                rdfa: None,
                errors: Vec::new(),
                links_detail: self.options.links,
            },
        };
        let all = AllRecord { doc, options: &self.options, limits: &self.limits };
        // The deadline before an extractor's own failure, as when the record is streamed.
        all.members(&mut sink).map_err(|error| if doc.interrupted() { Error::Interrupted } else { error })?;
        if doc.interrupted() {
            return Err(Error::Interrupted);
        }
        Ok(sink.record)
    }

    /// Writes the record of a page read by `harvest_pipeline::input` as compact JSON, without
    /// building it: each syntax is extracted when its key is written, and the links are read
    /// from the tree as they are written. The bytes are those of serializing
    /// [`Extractor::extract_page`]'s record (`harvest all` writes this, a line per page); the
    /// output stays within [`Limits::max_output_bytes`] and the deadline. On an error, part of
    /// the record may be written already.
    ///
    /// ```
    /// use harvest_html::{Extractor, Page};
    /// let page = Page::new("-", b"<p class=h-card>Ada</p>".to_vec(), Some("https://example.com/"));
    /// let extractor = Extractor::new();
    /// let mut out = Vec::new();
    /// extractor.write_page(&page, &mut out).unwrap();
    /// assert_eq!(out, serde_json::to_vec(&extractor.extract_page(&page).unwrap()).unwrap());
    /// ```
    pub fn write_page(&self, page: &Page, out: &mut dyn Write) -> Result<(), Error> {
        self.write_document(&self.parse(page), out)
    }

    /// [`Extractor::write_page`] on a parsed document, at the URL it was parsed with.
    pub fn write_document(&self, doc: &Document, out: &mut dyn Write) -> Result<(), Error> {
        crate::extraction::write_all(doc, &self.options, &self.limits, out)
    }

    /// [`Extractor::write_document`], and each member as written: its key, where its value
    /// lies in what was written, and what its syntax found, in record order. A reader that
    /// keeps each syntax's JSON apart cuts the values out without reading the record again.
    ///
    /// ```
    /// use harvest_html::{Extractor, Page, Syntax};
    /// let page = Page::new("-", b"<p class=h-card>Ada</p>".to_vec(), Some("https://example.com/"));
    /// let extractor = Extractor::new().syntaxes([Syntax::Mf2]);
    /// let mut out = Vec::new();
    /// let members = extractor.write_document_members(&extractor.parse(&page), &mut out).unwrap();
    /// let keys: Vec<&str> = members.iter().map(|member| member.key).collect();
    /// assert_eq!(keys, ["url", "mf2"]);
    /// assert_eq!(&out[members[0].at.clone()], br#""https://example.com/""#);
    /// assert_eq!(members[1].found, Some(1));
    /// ```
    pub fn write_document_members(&self, doc: &Document, out: &mut dyn Write) -> Result<Vec<WrittenMember>, Error> {
        crate::extraction::write_all_members(doc, &self.options, &self.limits, out)
    }
}

/// The members of a record kept in its fields. The deadline and the output bound are checked
/// after each, so that the first one passed is the error, as when the record is streamed;
/// the record's size so far is the sum of its members' sizes, each counted once.
struct RecordSink<'a> {
    doc: &'a Document,
    max_bytes: Option<u64>,
    size: u64,
    record: Record,
}

impl MemberSink for RecordSink<'_> {
    type Error = Error;

    fn member(&mut self, member: Member<'_>) -> Result<(), Error> {
        let record = &mut self.record;
        let counted = match member {
            Member::Url(url) => {
                record.url = url.map(str::to_owned);
                RecordMember::Url
            }
            // The typed document built by the JSON writer's own walk: no text is written.
            Member::Microdata(microdata) => {
                record.microdata = Some(microdata.document()?);
                RecordMember::Syntax(Syntax::Microdata)
            }
            Member::Mf2(mf2) => {
                record.mf2 = Some(mf2);
                RecordMember::Syntax(Syntax::Mf2)
            }
            Member::Links(links) => {
                record.links = Some(links.collect());
                RecordMember::Syntax(Syntax::Links)
            }
            Member::JsonLd(blocks) => {
                record.json_ld = Some(blocks);
                RecordMember::Syntax(Syntax::JsonLd)
            }
            Member::OpenGraph(objects) => {
                record.opengraph = Some(objects);
                RecordMember::Syntax(Syntax::OpenGraph)
            }
            Member::DublinCore(statements) => {
                record.dublincore = Some(statements);
                RecordMember::Syntax(Syntax::DublinCore)
            }
            Member::Rdfa(graph) => {
                record.rdfa = Some(graph);
                RecordMember::Syntax(Syntax::Rdfa)
            }
            Member::Errors(errors) => {
                record.errors = errors;
                RecordMember::Errors
            }
        };
        if self.doc.interrupted() {
            return Err(Error::Interrupted);
        }
        if let Some(max_bytes) = self.max_bytes {
            self.size += record.member_size(counted);
            if self.size > max_bytes {
                return Err(Error::OutputTooLarge { max_bytes });
            }
        }
        Ok(())
    }

    fn failed(error: Error) -> Error {
        error
    }
}
