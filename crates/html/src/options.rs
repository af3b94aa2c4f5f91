//! The options of each extraction: one struct or enum per output, named once here and read by
//! every front end (the command's flags, the Python keywords and the server's parameters turn
//! into these).

use crate::limits::Limits;
use harvest_dom::Document;
use serde::de::IgnoredAny;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

pub use harvest_mf2::{Options as Mf2Options, Root as Mf2Root, RootSelector as Mf2RootSelector, Text as Mf2Text};

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
    /// (subjects). A value not of the syntax's shape counts 0.
    ///
    /// ```
    /// use harvest_html::Syntax;
    /// let mf2 = serde_json::json!({"items": [{"type": ["h-card"]}], "rels": {}});
    /// assert_eq!(Syntax::Mf2.count(&mf2), 1);
    /// assert_eq!(Syntax::JsonLd.count(&serde_json::json!([{}, {}])), 2);
    /// ```
    pub fn count(self, value: &Value) -> usize {
        self.count_in(value).unwrap_or(0)
    }

    /// [`Syntax::count`] read from the value's JSON text, without building the value.
    ///
    /// ```
    /// use harvest_html::Syntax;
    /// assert_eq!(Syntax::Mf2.count_json(r#"{"items":[{"type":["h-card"]}],"rels":{}}"#), 1);
    /// assert_eq!(Syntax::DublinCore.count_json(r#"[{"elements":[{}],"terms":[{},{}]}]"#), 3);
    /// assert_eq!(Syntax::Links.count_json("{}"), 0);
    /// ```
    pub fn count_json(self, text: &str) -> usize {
        self.count_in(&mut serde_json::Deserializer::from_str(text)).unwrap_or(0)
    }

    /// The count, from any serde form of the value (a JSON value or JSON text): the parts
    /// counted are read as lists of anything, the rest is skipped.
    fn count_in<'de, D: Deserializer<'de>>(self, value: D) -> Result<usize, D::Error> {
        #[derive(Deserialize)]
        struct Items {
            items: Vec<IgnoredAny>,
        }
        #[derive(Deserialize)]
        struct Properties {
            #[serde(default)]
            properties: Vec<IgnoredAny>,
        }
        #[derive(Deserialize)]
        struct Statements {
            #[serde(default)]
            elements: Vec<IgnoredAny>,
            #[serde(default)]
            terms: Vec<IgnoredAny>,
        }
        Ok(match self {
            Syntax::Microdata | Syntax::Mf2 => Items::deserialize(value)?.items.len(),
            Syntax::Links | Syntax::JsonLd | Syntax::Rdfa => Vec::<IgnoredAny>::deserialize(value)?.len(),
            Syntax::OpenGraph => Vec::<Properties>::deserialize(value)?.iter().map(|o| o.properties.len()).sum(),
            Syntax::DublinCore => {
                Vec::<Statements>::deserialize(value)?.iter().map(|s| s.elements.len() + s.terms.len()).sum()
            }
        })
    }

    /// A syntax by harvest's name, or by extruct's where it means the same (`microformat`;
    /// `opengraph`, `dublincore`, `json-ld` and `rdfa` are the same in both).
    ///
    /// ```
    /// use harvest_html::Syntax;
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

/// What `harvest mf2` writes: the page read with harvest-mf2's own options ([`Mf2Options`],
/// the one definition of the microformats2 options that the command's flags, the server's
/// parameters and the Python keywords all turn into), as the microformats2 JSON or as JF2.
///
/// Per page, the front door gives the parser the page's URL as its base URL (as written:
/// the microformats suite expects an empty `href` to give `http://example.test`, not the
/// parsed `http://example.test/`; a page without a valid URL is `about:blank`, the URL the
/// HTML standard gives a document created without one), and from its [`Limits`] the item
/// depth ([`Limits::max_depth`]) and, when set, the values copied by `include`s and
/// `itemref`s ([`Limits::max_values`]); `all`'s strict limits
/// ([`AllOptions::strict_limits`]) set the parser's.
///
/// ```
/// use harvest_html::output::{Extraction, Mf2Output, Output};
/// use harvest_html::{Mf2Options, Mf2Root, Mf2Text, Page};
/// let options = Mf2Options::new().text(Mf2Text::Thorough).root(Mf2Root::id("post"));
/// let page = Page::new("-", b"<p id=post class=h-card>Ada</p>".to_vec(), Some("https://example.com/"));
/// let Ok(Output::Json(jf2)) = Extraction::Mf2(Mf2Output::new().options(options).jf2(true)).run(&page) else { panic!() };
/// assert_eq!(jf2["name"], "Ada");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Mf2Output {
    /// The parser's options.
    pub options: Mf2Options,
    /// Write JF2 instead of the microformats2 JSON.
    pub jf2: bool,
}

impl Mf2Output {
    /// The defaults ([`Default`]): the parsing specification's, the microformats2 JSON.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets [`Mf2Output::options`](Mf2Output#structfield.options).
    #[must_use]
    pub fn options(mut self, options: Mf2Options) -> Self {
        self.options = options;
        self
    }

    /// Sets [`Mf2Output::jf2`](Mf2Output#structfield.jf2).
    #[must_use]
    pub fn jf2(mut self, jf2: bool) -> Self {
        self.jf2 = jf2;
        self
    }
}

/// harvest-mf2's options for one parsed page: `options` with the page's URL and the bounds of
/// `limits` ([`Mf2Output`] says which).
pub(crate) fn mf2_parser_options(options: &Mf2Options, doc: &Document, limits: &Limits) -> Mf2Options {
    let base_url = doc.url_as_written().unwrap_or("about:blank");
    let mut parser = options.clone().base_url(base_url);
    if let Some(max) = limits.max_values {
        parser = parser.max_copied_values(max);
    }
    // Items nest no deeper than the DOM's depth bound. Past `max_depth` ancestors with
    // attributes the DOM stores elements flat (docs/robustness.md, "The depth bound"):
    // every root nested below that bound lands beside the others under one item, so a
    // lower bound would turn a page's deep nesting (cut at the item depth, 512) into as
    // many sibling items as the page has, more work and output than the default. Read as
    // plain elements instead, with `item-depth` reported, they cost what they cost at the
    // default.
    parser.max_item_depth(limits.max_depth)
}

/// What the links extraction gives.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum LinksMode {
    /// Every link with its link types.
    #[default]
    All,
    /// The syndication feeds, the default feed first.
    Feeds,
    /// What the link-type rules forbid.
    Check,
}

/// Where a vCard or iCalendar conversion reads its data.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConversionSource {
    /// Microdata first; microformats2 when the page has none to convert.
    #[default]
    Auto,
    /// Microdata items (the HTML vCard and vEvent vocabularies).
    Microdata,
    /// microformats2 (h-card, h-event).
    Mf2,
}

/// What `harvest vcard` writes: the source of the contacts and the line folding (the
/// exporter's own settings are `harvest_export::vcard::VcardOptions`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct VcardOutput {
    /// Where the contacts come from.
    pub from: ConversionSource,
    /// Every contact, not only the first (microdata) or representative (mf2) one.
    pub all: bool,
    /// Fold lines at 75 octets (RFC 6350) instead of 75 characters (HTML).
    pub octets: bool,
}

impl VcardOutput {
    /// The defaults ([`Default`]); change them with the setters.
    ///
    /// ```
    /// use harvest_html::output::{ConversionSource, VcardOutput};
    /// let options = VcardOutput::new().from(ConversionSource::Microdata).all(true);
    /// assert!(options.all && !options.octets);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets [`VcardOutput::from`](VcardOutput#structfield.from).
    #[must_use]
    pub fn from(mut self, from: ConversionSource) -> Self {
        self.from = from;
        self
    }

    /// Sets [`VcardOutput::all`](VcardOutput#structfield.all).
    #[must_use]
    pub fn all(mut self, all: bool) -> Self {
        self.all = all;
        self
    }

    /// Sets [`VcardOutput::octets`](VcardOutput#structfield.octets).
    #[must_use]
    pub fn octets(mut self, octets: bool) -> Self {
        self.octets = octets;
        self
    }
}

/// What `harvest ical` writes: the source of the events, line folding and date-time forms
/// (the exporter's own settings are `harvest_export::ical::IcalOptions`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct IcalOutput {
    /// Where the events come from.
    pub from: ConversionSource,
    /// Fold lines at 75 octets (RFC 5545) instead of 75 characters (HTML).
    pub octets: bool,
    /// Write microdata date-times with an offset as UTC (RFC 5545 form).
    pub rfc5545: bool,
}

impl IcalOutput {
    /// The defaults ([`Default`]); change them with the setters.
    ///
    /// ```
    /// use harvest_html::output::IcalOutput;
    /// let options = IcalOutput::new().rfc5545(true);
    /// assert!(options.rfc5545 && !options.octets);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets [`IcalOutput::from`](IcalOutput#structfield.from).
    #[must_use]
    pub fn from(mut self, from: ConversionSource) -> Self {
        self.from = from;
        self
    }

    /// Sets [`IcalOutput::octets`](IcalOutput#structfield.octets).
    #[must_use]
    pub fn octets(mut self, octets: bool) -> Self {
        self.octets = octets;
        self
    }

    /// Sets [`IcalOutput::rfc5545`](IcalOutput#structfield.rfc5545).
    #[must_use]
    pub fn rfc5545(mut self, rfc5545: bool) -> Self {
        self.rfc5545 = rfc5545;
        self
    }
}

/// Where an Atom feed is read from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum FeedSource {
    /// The document's `article` elements; the mf2 h-feed when it has none.
    #[default]
    Auto,
    /// The document's `article` elements (HTML "Atom feed" extraction).
    Document,
    /// The mf2 h-feed, or the page's top-level h-entries.
    Mf2,
}

/// An RDF syntax.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum RdfFormat {
    /// N-Triples.
    #[default]
    NTriples,
    /// Turtle.
    Turtle,
}

/// The syntax `harvest rdfa` writes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum RdfaFormat {
    /// Expanded JSON-LD node objects, every IRI in full (extruct's `rdfa` output).
    #[default]
    JsonLd,
    /// Turtle, with the RDFa initial context's prefixes.
    Turtle,
    /// N-Triples.
    NTriples,
}

/// Which graph `harvest rdfa` writes (pyRdfa's `rdfagraph`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum RdfaGraph {
    /// The output graph.
    #[default]
    Output,
    /// The processor graph: warnings and errors.
    Processor,
    /// Both, in one graph.
    Both,
}

/// What `harvest rdfa` writes: the format, which graph, vocabulary expansion (the
/// processor's own settings are `harvest_rdfa::RdfaOptions`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct RdfaOutput {
    /// The syntax written.
    pub format: RdfaFormat,
    /// Which graph.
    pub graph: RdfaGraph,
    /// RDFa vocabulary expansion from the page's own triples (off by default).
    pub vocabulary_expansion: bool,
}

impl RdfaOutput {
    /// The defaults ([`Default`]); change them with the setters.
    ///
    /// ```
    /// use harvest_html::output::{RdfaFormat, RdfaOutput};
    /// let options = RdfaOutput::new().format(RdfaFormat::Turtle).vocabulary_expansion(true);
    /// assert!(options.vocabulary_expansion);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets [`RdfaOutput::format`](RdfaOutput#structfield.format).
    #[must_use]
    pub fn format(mut self, format: RdfaFormat) -> Self {
        self.format = format;
        self
    }

    /// Sets [`RdfaOutput::graph`](RdfaOutput#structfield.graph).
    #[must_use]
    pub fn graph(mut self, graph: RdfaGraph) -> Self {
        self.graph = graph;
        self
    }

    /// Sets [`RdfaOutput::vocabulary_expansion`](RdfaOutput#structfield.vocabulary_expansion).
    #[must_use]
    pub fn vocabulary_expansion(mut self, vocabulary_expansion: bool) -> Self {
        self.vocabulary_expansion = vocabulary_expansion;
        self
    }
}

/// How much of each link `all` gives.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum LinksDetail {
    /// What a crawler needs: URL, link types, the element, whether it is a hyperlink or an
    /// external resource, `hreflang`, `type`, `media`, `title`
    /// ([`harvest_links::CompactLink`]).
    #[default]
    Compact,
    /// Every link type with its classification and the links each element creates, as
    /// [`Extraction::Links`](crate::output::Extraction::Links) gives them.
    Full,
}

pub use harvest_export::rdf::registry::{Registry, RegistryError};

/// Which microdata-to-RDF conversion.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum RdfAlgorithm {
    /// The W3C note "Microdata to RDF": predicates from the item's vocabulary
    /// (`http://schema.org/name`), typed values, the registry's expansions.
    #[default]
    W3c,
    /// HTML 5.0 §5.5.2: the document's title, links and meta, and microdata predicates made of
    /// the item type and the name.
    Html5,
}

/// What `harvest rdf` writes: the format, the conversion algorithm and its registry (the
/// conversion's own settings are `harvest_export::rdf::RdfOptions`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct RdfOutput {
    /// N-Triples or Turtle.
    pub format: RdfFormat,
    /// Which conversion.
    pub algorithm: RdfAlgorithm,
    /// The vocabulary registry of the W3C conversion (`None`: the note's default registry).
    pub registry: Option<Registry>,
}

impl RdfOutput {
    /// The defaults ([`Default`]); change them with the setters.
    ///
    /// ```
    /// use harvest_html::output::{RdfFormat, RdfOutput};
    /// let options = RdfOutput::new().format(RdfFormat::Turtle);
    /// assert!(options.registry.is_none());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets [`RdfOutput::format`](RdfOutput#structfield.format).
    #[must_use]
    pub fn format(mut self, format: RdfFormat) -> Self {
        self.format = format;
        self
    }

    /// Sets [`RdfOutput::algorithm`](RdfOutput#structfield.algorithm).
    #[must_use]
    pub fn algorithm(mut self, algorithm: RdfAlgorithm) -> Self {
        self.algorithm = algorithm;
        self
    }

    /// Sets [`RdfOutput::registry`](RdfOutput#structfield.registry).
    #[must_use]
    pub fn registry(mut self, registry: Option<Registry>) -> Self {
        self.registry = registry;
        self
    }
}

pub use harvest_microdata::MicrodataOptions;

/// The form of microdata output a front end asks for by name (`harvest microdata --format`,
/// `/v1/microdata?format=`, `harvest_html.microdata(format=)`): the microdata JSON or JSON-LD.
/// The validator's diagnostics are asked for apart. Its names are
/// [`MicrodataFormat::name`]'s.
///
/// ```
/// use harvest_html::output::MicrodataFormat;
/// assert_eq!(MicrodataFormat::from_name("jsonld"), Some(MicrodataFormat::JsonLd));
/// assert_eq!(MicrodataFormat::ALL.map(MicrodataFormat::name), ["json", "jsonld"]);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MicrodataFormat {
    /// The microdata JSON ([`MicrodataOutput::Json`]).
    #[default]
    Json,
    /// JSON-LD ([`MicrodataOutput::JsonLd`]).
    JsonLd,
}

/// What the microdata extraction gives.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MicrodataOutput {
    /// The JSON of the HTML microdata chapter (`{"items": [...]}`), the page read with these
    /// options (the default: the HTML standard's model; `content_attribute` reads `content` on
    /// any text-valued element, as extruct does).
    Json(MicrodataOptions),
    /// JSON-LD: one node object per top-level item, from the W3C conversion with this registry
    /// (`None`: the default one).
    JsonLd(Option<Registry>),
    /// The validator's diagnostics.
    Validate,
}

impl Default for MicrodataOutput {
    fn default() -> Self {
        MicrodataOutput::Json(MicrodataOptions::default())
    }
}

impl MicrodataOutput {
    /// The output a front end's microdata options ask for, or why they do not go together:
    /// `validate` (the validator's diagnostics), `format` (the microdata JSON or JSON-LD) and
    /// `content_attribute` ([`MicrodataOptions::content_attribute`], the microdata JSON only),
    /// as `harvest microdata`, `/v1/microdata` and Python's `harvest_html.microdata` take them.
    ///
    /// JSON-LD comes with the default registry (`MicrodataOutput::JsonLd(None)`); a front end
    /// given one sets it with [`MicrodataOutput::registry`].
    ///
    /// ```
    /// use harvest_html::output::{MicrodataChoiceError, MicrodataFormat, MicrodataOutput};
    /// let output = MicrodataOutput::from_options(false, MicrodataFormat::Json, true).unwrap();
    /// assert!(matches!(output, MicrodataOutput::Json(options) if options.content_attribute));
    /// assert_eq!(MicrodataOutput::from_options(true, MicrodataFormat::Json, false), Ok(MicrodataOutput::Validate));
    ///
    /// let output = MicrodataOutput::from_options(false, MicrodataFormat::JsonLd, false).unwrap();
    /// assert_eq!(output, MicrodataOutput::JsonLd(None));
    ///
    /// assert_eq!(
    ///     MicrodataOutput::from_options(false, MicrodataFormat::JsonLd, true),
    ///     Err(MicrodataChoiceError::ContentAttributeNeedsJson)
    /// );
    /// assert_eq!(
    ///     MicrodataOutput::from_options(true, MicrodataFormat::Json, true),
    ///     Err(MicrodataChoiceError::ContentAttributeNeedsJson)
    /// );
    /// assert_eq!(
    ///     MicrodataOutput::from_options(true, MicrodataFormat::JsonLd, false),
    ///     Err(MicrodataChoiceError::ValidateTakesNoFormat { format: MicrodataFormat::JsonLd })
    /// );
    /// ```
    pub fn from_options(
        validate: bool,
        format: MicrodataFormat,
        content_attribute: bool,
    ) -> Result<MicrodataOutput, MicrodataChoiceError> {
        if content_attribute && (validate || format != MicrodataFormat::Json) {
            return Err(MicrodataChoiceError::ContentAttributeNeedsJson);
        }
        match (validate, format) {
            (true, MicrodataFormat::Json) => Ok(MicrodataOutput::Validate),
            (true, format) => Err(MicrodataChoiceError::ValidateTakesNoFormat { format }),
            (false, MicrodataFormat::Json) => {
                Ok(MicrodataOutput::Json(MicrodataOptions::new().content_attribute(content_attribute)))
            }
            (false, MicrodataFormat::JsonLd) => Ok(MicrodataOutput::JsonLd(None)),
        }
    }

    /// JSON-LD with `registry` instead of the default one; the other outputs take no
    /// registry, and say so rather than leave it unused.
    ///
    /// ```
    /// use harvest_html::output::{MicrodataChoiceError, MicrodataFormat, MicrodataOutput, Registry};
    /// let registry = || Registry::from_json("{}").unwrap();
    /// let output = MicrodataOutput::from_options(false, MicrodataFormat::JsonLd, false).unwrap();
    /// assert!(matches!(output.registry(registry()), Ok(MicrodataOutput::JsonLd(Some(_)))));
    /// assert_eq!(MicrodataOutput::Validate.registry(registry()), Err(MicrodataChoiceError::RegistryNeedsJsonLd));
    /// ```
    pub fn registry(self, registry: Registry) -> Result<MicrodataOutput, MicrodataChoiceError> {
        match self {
            MicrodataOutput::JsonLd(_) => Ok(MicrodataOutput::JsonLd(Some(registry))),
            _ => Err(MicrodataChoiceError::RegistryNeedsJsonLd),
        }
    }
}

/// Microdata options that do not go together ([`MicrodataOutput::from_options`]). The
/// messages name no front end's spelling; each front end says them in its own words
/// (`--content-attribute`, `content_attribute=True`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MicrodataChoiceError {
    /// The content attribute was asked for with the validator or with a format other than the
    /// microdata JSON: it is an option of the microdata JSON only.
    #[error("reading the content attribute applies to the microdata JSON (format json) only")]
    ContentAttributeNeedsJson,
    /// The validator was asked for with a format other than the default: its diagnostics have
    /// no format to choose.
    #[error("the validator gives diagnostics: it takes no format ({} given)", format.name())]
    ValidateTakesNoFormat {
        /// The format asked for.
        format: MicrodataFormat,
    },
    /// A vocabulary registry was given for an output other than JSON-LD, which alone uses one.
    #[error("a vocabulary registry applies to the JSON-LD output (format jsonld) only")]
    RegistryNeedsJsonLd,
}

/// Options of `all`: the one definition of what a page's record holds, read by `harvest all`,
/// the Python package and the Rust front door (`harvest_html::Extractor` is these options with
/// [`Limits`] and builders).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct AllOptions {
    /// The syntaxes extracted, each under its own key (default: every syntax).
    pub syntaxes: Vec<Syntax>,
    /// The form of the links (default: compact).
    pub links: LinksDetail,
    /// The microformats2 options (default: the parsing specification's; the record holds
    /// the microformats2 JSON, the page read as [`Mf2Output`] says).
    pub mf2: Mf2Options,
    /// How the microdata is read (default: the HTML standard's model).
    pub microdata: MicrodataOptions,
    /// Past an output limit ([`Limits::max_values`], or a library's own bounds), fail instead
    /// of giving the microdata and microformats2 cut short with `truncated` set (the default,
    /// so that one page's excess does not cost its other syntaxes).
    pub strict_limits: bool,
}

impl AllOptions {
    /// The defaults ([`Default`]); change them with the setters.
    ///
    /// ```
    /// use harvest_html::output::AllOptions;
    /// use harvest_html::{LinksDetail, Syntax};
    /// let options = AllOptions::new().syntaxes(vec![Syntax::Mf2, Syntax::Links]).links(LinksDetail::Full);
    /// assert!(!options.strict_limits);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets [`AllOptions::syntaxes`](AllOptions#structfield.syntaxes).
    #[must_use]
    pub fn syntaxes(mut self, syntaxes: Vec<Syntax>) -> Self {
        self.syntaxes = syntaxes;
        self
    }

    /// Sets [`AllOptions::links`](AllOptions#structfield.links).
    #[must_use]
    pub fn links(mut self, links: LinksDetail) -> Self {
        self.links = links;
        self
    }

    /// Sets [`AllOptions::mf2`](AllOptions#structfield.mf2).
    #[must_use]
    pub fn mf2(mut self, mf2: Mf2Options) -> Self {
        self.mf2 = mf2;
        self
    }

    /// Sets [`AllOptions::microdata`](AllOptions#structfield.microdata).
    #[must_use]
    pub fn microdata(mut self, microdata: MicrodataOptions) -> Self {
        self.microdata = microdata;
        self
    }

    /// Sets [`AllOptions::strict_limits`](AllOptions#structfield.strict_limits).
    #[must_use]
    pub fn strict_limits(mut self, strict_limits: bool) -> Self {
        self.strict_limits = strict_limits;
        self
    }
}

impl Default for AllOptions {
    fn default() -> Self {
        AllOptions {
            syntaxes: Syntax::ALL.to_vec(),
            links: LinksDetail::default(),
            mf2: Mf2Options::default(),
            microdata: MicrodataOptions::default(),
            strict_limits: false,
        }
    }
}
