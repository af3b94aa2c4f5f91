#![doc = include_str!("../README.md")]
//!
//! A microformats2 parser on [`harvest_dom`]: `h-*` items with `p-`, `u-`, `dt-` and `e-`
//! properties, the value-class-pattern, implied properties, classic microformats (hCard,
//! hCalendar, hAtom, hReview, ...) mapped to microformats2, and `rels` / `rel-urls`.
//!
//! It follows the microformats2 parsing specification, with the official test suite
//! (microformats/tests) as the reference where the two differ; see `docs/mf2.md` for the
//! readings chosen.
//!
//! ```
//! use harvest_mf2::{parse_html, Options, PropertyValue};
//! let html = r#"<article class="h-entry">
//!   <h1 class="p-name">Hello</h1>
//!   <a class="u-url" href="/hello">permalink</a>
//!   <time class="dt-published" datetime="2024-05-01T10:00:00Z">May 1</time>
//! </article>"#;
//! let doc = parse_html(html, "https://example.com/", &Options::new()).unwrap();
//! let entry = &doc.items[0];
//! assert_eq!(entry.type_, ["h-entry"]);
//! assert_eq!(entry.get("url")[0], PropertyValue::Text("https://example.com/hello".into()));
//! assert_eq!(entry.get("published")[0].as_text(), Some("2024-05-01T10:00:00Z"));
//! assert!(doc.to_json().starts_with(r#"{"items":[{"type":["h-entry"]"#));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Library code does not panic on what a page, a request or a file holds: no unwrap or expect
// outside tests (an invariant that needs one says why in an `allow`).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod backcompat;
mod budget;
mod classic;
mod frameworks;
mod html;
mod implied;
pub mod jf2;
mod metaformats;
mod model;
mod names;
mod parse;
mod rels;
mod text;
mod urls;
mod values;

pub use crate::model::{
    Alternate, Document, Html, Item, ItemValue, Limit, PropertyValue, RelUrl, SourcePath, SourcePaths, UrlWithAlt,
};

pub use crate::budget::DEFAULT_MAX_VALUE_BYTES;
pub use crate::parse::{DEFAULT_MAX_COPIED_VALUES, DEFAULT_MAX_INCLUDES, MAX_ITEM_DEPTH};
use harvest_dom::Url;
use thiserror::Error;

/// Why a page could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Mf2Error {
    /// Neither the options nor the document give a base URL.
    #[error("no base URL: give one with Options::base_url or parse the document with a URL")]
    MissingBaseUrl,
    /// The base URL is not an absolute URL.
    #[error("invalid base URL {url:?}: {reason}")]
    InvalidBaseUrl {
        /// The value given.
        url: String,
        /// What the URL parser said.
        reason: String,
    },
    /// A type in the type filter is not a valid `h-*` root class name.
    #[error("invalid type filter {0:?}: expected a microformats2 root class name such as h-entry")]
    InvalidTypeFilter(String),
    /// With [`Options::strict_limits`]: the page reached a limit, so the output would not be
    /// the whole of what the page says.
    #[error("the page reached the {0} limit")]
    LimitExceeded(Limit),
    /// [`Options::root`] names no element of the page.
    #[error("no element of the page is {0}")]
    RootNotFound(String),
    /// [`Options::root`]'s selector is not one.
    #[error("invalid root selector: {reason}")]
    InvalidRootSelector {
        /// The selector.
        selector: String,
        /// Why it does not parse: harvest-dom's message, which quotes the start of a long
        /// selector only.
        reason: String,
    },
}

/// Parsing options. The defaults follow the parsing specification; the rest are opt-in.
///
/// Serialized (serde) as its fields: `base_url`, `types` (the type filter), `lang`,
/// `metaformats`, `alternates`, `resolve_html_urls`, the bounds (`max_item_depth`...),
/// `strict_limits`, `filter_roots`, `root`, `srcset`, `text`, `source_paths`,
/// `classic_root_ids`.
///
/// ```
/// use harvest_mf2::{Mf2Error, Options};
/// let options = Options::new().filter_types(["h-entry"]).lang(true);
/// assert!(options.validate().is_ok());
/// let bad = Options::new().filter_types(["entry"]);
/// assert_eq!(bad.validate(), Err(Mf2Error::InvalidTypeFilter("entry".into())));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Options {
    base_url: Option<String>,
    types: Option<Vec<String>>,
    lang: bool,
    metaformats: bool,
    alternates: bool,
    resolve_html_urls: bool,
    max_item_depth: usize,
    max_copied_values: usize,
    max_value_bytes: usize,
    max_includes: usize,
    strict_limits: bool,
    filter_roots: bool,
    root: Option<Root>,
    srcset: bool,
    text: Text,
    source_paths: bool,
    classic_root_ids: bool,
}

/// How the text of an element is read ([`Options::text`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Text {
    /// The parsing specification's textContent, as the official suite expects: the text as
    /// written, `script`/`style` dropped, each `img` replaced by its `alt` or `src`, trimmed.
    #[default]
    Classic,
    /// The microformats wiki's "textcontent-parsing" algorithm (php-mf2's default, the JS
    /// parser's `experimental.textContent`): `br` and paragraph starts become line breaks,
    /// white space collapses, `img` gives its `alt` or `src` between spaces.
    Thorough,
}

impl Text {
    /// Every algorithm, in the order messages list them.
    pub const ALL: [Text; 2] = [Text::Classic, Text::Thorough];

    /// The algorithm's name: `classic` or `thorough` (`from_name` gives it back).
    ///
    /// ```
    /// use harvest_mf2::Text;
    /// assert_eq!(Text::Thorough.name(), "thorough");
    /// assert_eq!(Text::from_name("classic"), Some(Text::Classic));
    /// assert_eq!(Text::from_name("textContent"), None);
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Text::Classic => "classic",
            Text::Thorough => "thorough",
        }
    }

    /// The algorithm a name stands for.
    pub fn from_name(name: &str) -> Option<Text> {
        Text::ALL.into_iter().find(|text| text.name() == name)
    }
}

/// With the `clap` feature, [`Text`] is a command-line value of its names.
#[cfg(feature = "clap")]
impl clap::ValueEnum for Text {
    fn value_variants<'a>() -> &'a [Self] {
        &Text::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let help = match self {
            Text::Classic => "The parsing specification's textContent",
            Text::Thorough => "The microformats wiki's textcontent-parsing algorithm",
        };
        Some(clap::builder::PossibleValue::new(self.name()).help(help))
    }
}

/// The part of a page [`Options::root`] parses: one element and its descendants.
///
/// In serde, `{"id": "post"}` or `{"selector": "main > article"}` (a selector harvest-dom
/// cannot compile fails to deserialize).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Root {
    /// The element with this ID (the first in tree order).
    Id(String),
    /// The first element in tree order that matches this CSS selector ([`Root::selector`]
    /// makes one).
    Selector(RootSelector),
}

impl Root {
    /// The element with this ID.
    pub fn id(id: impl Into<String>) -> Root {
        Root::Id(id.into())
    }

    /// The first element matching this CSS selector, checked now: a selector harvest-dom
    /// cannot compile is [`Mf2Error::InvalidRootSelector`], before any page is read (its
    /// message quotes the start of a long selector only).
    ///
    /// ```
    /// use harvest_mf2::{Mf2Error, Root};
    /// let Ok(Root::Selector(selector)) = Root::selector("main > .h-entry") else { panic!() };
    /// assert_eq!(selector.as_str(), "main > .h-entry");
    /// let error = Root::selector("main >").unwrap_err();
    /// assert!(matches!(error, Mf2Error::InvalidRootSelector { .. }));
    /// assert_eq!(error.to_string(), "invalid root selector: CSS selector \"main >\": not a selector list harvest supports");
    /// ```
    pub fn selector(selector: impl Into<String>) -> Result<Root, Mf2Error> {
        RootSelector::try_from(selector.into()).map(Root::Selector)
    }
}

/// A CSS selector harvest-dom compiles, as written: made only through [`Root::selector`] (or
/// deserialized, with the same check), so an [`Options::root`] never holds one that fails
/// when a page is read.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RootSelector(String);

impl RootSelector {
    /// The selector as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for RootSelector {
    type Error = Mf2Error;

    fn try_from(selector: String) -> Result<RootSelector, Mf2Error> {
        match harvest_dom::Selector::parse(&selector) {
            Ok(_) => Ok(RootSelector(selector)),
            Err(error) => Err(Mf2Error::InvalidRootSelector { reason: error.to_string(), selector }),
        }
    }
}

impl From<RootSelector> for String {
    fn from(selector: RootSelector) -> String {
        selector.0
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            base_url: None,
            types: None,
            lang: false,
            metaformats: false,
            alternates: false,
            resolve_html_urls: true,
            max_item_depth: MAX_ITEM_DEPTH,
            max_copied_values: DEFAULT_MAX_COPIED_VALUES,
            max_value_bytes: DEFAULT_MAX_VALUE_BYTES,
            max_includes: DEFAULT_MAX_INCLUDES,
            strict_limits: false,
            filter_roots: false,
            root: None,
            srcset: false,
            text: Text::Classic,
            source_paths: false,
            classic_root_ids: false,
        }
    }
}

impl Options {
    /// The defaults: base URL from the document, no type filter, no `lang`, no metaformats,
    /// alternate links in `rels`, relative URLs inside `e-*` HTML resolved (as the official
    /// test suite expects).
    pub fn new() -> Options {
        Options::default()
    }

    /// The page's URL, as written: relative URLs resolve against it (or against the page's
    /// first `<base href>`, itself resolved against it). An empty URL value resolves to this
    /// text as written. Without it, [`parse`] uses the document's URL.
    pub fn base_url(mut self, url: impl Into<String>) -> Options {
        self.base_url = Some(url.into());
        self
    }

    /// Keep only items of these types: a top-level item of another type is replaced by those
    /// of its `children` (at any depth) that match.
    pub fn filter_types<I, S>(mut self, types: I) -> Options
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.types = Some(types.into_iter().map(Into::into).collect());
        self
    }

    /// Add `lang` to items and `e-*` values: the nearest `lang` attribute, else the page's
    /// `<meta http-equiv="content-language">`.
    pub fn lang(mut self, enabled: bool) -> Options {
        self.lang = enabled;
        self
    }

    /// When the page has no microformats, imply an `h-entry` (an `h-card` for
    /// `og:type=profile`) from its `<title>`, `<meta name=description>`, Open Graph and Twitter
    /// card metadata (metaformats).
    pub fn metaformats(mut self, enabled: bool) -> Options {
        self.metaformats = enabled;
        self
    }

    /// Output the legacy `alternates` array of the 2014 parsing specification: links with
    /// `rel=alternate` go there instead of into `rels`.
    pub fn alternates(mut self, enabled: bool) -> Options {
        self.alternates = enabled;
        self
    }

    /// Resolve relative URLs inside `e-*` HTML (`href`, `src`, `srcset`, `poster`, `cite`,
    /// `action`, `formaction`, `longdesc`, `background`, and `data` of `object`). On by
    /// default, as the official test suite (the living specification) expects; `false` gives
    /// the 2014 snapshot's plain inner HTML, URLs as authored.
    ///
    /// ```
    /// use harvest_mf2::{parse_html, Options, PropertyValue};
    /// let html = "<div class=h-entry><div class=e-content><a href=/x>x</a></div></div>";
    /// let html_of = |options: &Options| match &parse_html(html, "https://example.com/", options).unwrap().items[0].get("content")[0] {
    ///     PropertyValue::Html(value) => value.html.clone(),
    ///     _ => unreachable!(),
    /// };
    /// assert_eq!(html_of(&Options::new()), r#"<a href="https://example.com/x">x</a>"#);
    /// assert_eq!(html_of(&Options::new().resolve_html_urls(false)), r#"<a href="/x">x</a>"#);
    /// ```
    pub fn resolve_html_urls(mut self, enabled: bool) -> Options {
        self.resolve_html_urls = enabled;
        self
    }

    /// How deeply items may nest (at most, and by default, [`MAX_ITEM_DEPTH`]): a root deeper
    /// than this is read as a plain element and [`Limit::ItemDepth`] is reported.
    pub fn max_item_depth(mut self, depth: usize) -> Options {
        self.max_item_depth = depth.min(MAX_ITEM_DEPTH);
        self
    }

    /// How much item content may be copied over a whole page (default
    /// [`DEFAULT_MAX_COPIED_VALUES`], counted in types, property values and items copied). A
    /// root that is also several properties (`class="h-card p-author p-organizer"`) is the
    /// value of each, so the JSON holds one copy per property; roots nested that way double
    /// the output at every level. Past the budget such an item is the value of its last
    /// property only and [`Limit::CopiedValues`] is reported.
    ///
    /// ```
    /// use harvest_mf2::{parse_html, Limit, Options};
    /// let page = "<div class=h-entry><p class='h-card p-author p-contributor'>Ann</p></div>";
    /// let full = parse_html(page, "https://example.com/", &Options::new()).unwrap();
    /// assert_eq!(full.items[0].properties.len(), 2);
    /// let cut = parse_html(page, "https://example.com/", &Options::new().max_copied_values(1)).unwrap();
    /// assert_eq!(cut.items[0].properties.len(), 1);
    /// assert_eq!(cut.truncated, [Limit::CopiedValues]);
    /// ```
    pub fn max_copied_values(mut self, budget: usize) -> Options {
        self.max_copied_values = budget;
        self
    }

    /// How many bytes of text and HTML values may copy over a whole page (default
    /// [`DEFAULT_MAX_VALUE_BYTES`], 64 MiB): the text of `p-*`, `u-*` and `dt-*` values read
    /// from elements, the text and HTML of `e-*` values, the implied `name`, nested items'
    /// `value` and `html`, the content of items copied into several properties, each
    /// counted before trimming, and with [`Options::source_paths`] each path written (an
    /// item's, a value's, and the paths inside each copy). A property nested in a property
    /// repeats the text or HTML of everything inside it, so such nesting makes output that
    /// grows with the square of the page. A value that would pass the budget is left out (the
    /// property gets no value from that element, a nested item no `value` or `html`, an item no
    /// copy; a path that would pass it takes its item's `source-paths` away) and
    /// [`Limit::ValueBytes`] is reported; the work stays proportional to the budget.
    ///
    /// ```
    /// use harvest_mf2::{parse_html, Limit, Mf2Error, Options};
    /// let page = "<div class=h-entry><div class=e-content><p class=p-summary>Hello</p></div></div>";
    /// let full = parse_html(page, "https://example.com/", &Options::new()).unwrap();
    /// assert_eq!(full.items[0].properties.len(), 2);
    /// // The e-content's HTML (30 bytes) does not fit, the summary's text (5 bytes) does.
    /// let cut = parse_html(page, "https://example.com/", &Options::new().max_value_bytes(20)).unwrap();
    /// assert_eq!(cut.items[0].get("summary")[0].as_text(), Some("Hello"));
    /// assert!(cut.items[0].get("content").is_empty());
    /// assert_eq!(cut.truncated, [Limit::ValueBytes]);
    /// let strict = Options::new().max_value_bytes(20).strict_limits(true);
    /// assert_eq!(parse_html(page, "https://example.com/", &strict), Err(Mf2Error::LimitExceeded(Limit::ValueBytes)));
    /// ```
    pub fn max_value_bytes(mut self, bytes: usize) -> Options {
        self.max_value_bytes = bytes;
        self
    }

    /// How many elements the classic include pattern (`itemref`, `class="include"` links and
    /// objects, the `headers` of table cells) may pull into items over a whole page (default [`DEFAULT_MAX_INCLUDES`]);
    /// past it [`Limit::Includes`] is reported.
    pub fn max_includes(mut self, count: usize) -> Options {
        self.max_includes = count;
        self
    }

    /// Fail with [`Mf2Error::LimitExceeded`] when the page reaches a limit, instead of
    /// returning a document that lists it in [`Document::truncated`].
    ///
    /// ```
    /// use harvest_mf2::{parse_html, Limit, Mf2Error, Options};
    /// let page = "<div class=h-entry><div class=h-card><div class=h-card>Deep</div></div></div>";
    /// let options = Options::new().max_item_depth(2).strict_limits(true);
    /// assert_eq!(parse_html(page, "https://example.com/", &options), Err(Mf2Error::LimitExceeded(Limit::ItemDepth)));
    /// ```
    pub fn strict_limits(mut self, strict: bool) -> Options {
        self.strict_limits = strict;
        self
    }

    /// Leave out the class names of CSS frameworks that look like microformats (Tailwind's
    /// `h-full`, `h-screen`, `p-px`...): they are neither roots nor properties. The list is in
    /// `docs/mf2.md`; numeric utilities (`h-8`, `p-3`) are no microformats class names anyway.
    ///
    /// ```
    /// use harvest_mf2::{parse_html, Options};
    /// let page = "<div class='h-full flex'><p class='h-card'>Ada</p></div>";
    /// let plain = parse_html(page, "https://example.com/", &Options::new()).unwrap();
    /// assert_eq!(plain.items[0].type_, ["h-full"]);
    /// let filtered = parse_html(page, "https://example.com/", &Options::new().filter_roots(true)).unwrap();
    /// assert_eq!(filtered.items[0].type_, ["h-card"]);
    /// ```
    pub fn filter_roots(mut self, enabled: bool) -> Options {
        self.filter_roots = enabled;
        self
    }

    /// Parse only this element and its descendants, the element itself included (it can be an
    /// item's root). Rels come from the same part of the page. A page without such an element
    /// gives [`Mf2Error::RootNotFound`].
    ///
    /// ```
    /// use harvest_mf2::{parse_html, Options, Root};
    /// let page = "<p class=h-card>Not me</p><main id=post class=h-entry><b class=p-name>Me</b></main>";
    /// let options = Options::new().root(Root::Id("post".into()));
    /// let parsed = parse_html(page, "https://example.com/", &options).unwrap();
    /// assert_eq!(parsed.items.len(), 1);
    /// assert_eq!(parsed.items[0].type_, ["h-entry"]);
    /// let options = Options::new().root(Root::selector("main > b").unwrap());
    /// assert!(parse_html(page, "https://example.com/", &options).unwrap().items.is_empty());
    /// ```
    pub fn root(mut self, root: Root) -> Options {
        self.root = Some(root);
        self
    }

    /// Give `img` values (u-* properties, implied photo) their `srcset` candidates:
    /// `{"value", "alt", "srcset": {"1x": url, "640w": url}}` (HTML "parse a srcset attribute",
    /// URLs resolved).
    ///
    /// ```
    /// use harvest_mf2::{parse_html, Options};
    /// let page = "<p class=h-card><img class=u-photo src=a.jpg srcset='a.jpg 1x, a2.jpg 2x' alt=Ada></p>";
    /// let parsed = parse_html(page, "https://example.com/", &Options::new().srcset(true)).unwrap();
    /// let json = serde_json::to_value(&parsed.items[0].properties["photo"][0]).unwrap();
    /// assert_eq!(json["srcset"]["2x"], "https://example.com/a2.jpg");
    /// ```
    pub fn srcset(mut self, enabled: bool) -> Options {
        self.srcset = enabled;
        self
    }

    /// How element text is read: for p-* values, the implied name, e-* `value` and the rel-urls
    /// `text` (default [`Text::Classic`], the parsing specification's).
    ///
    /// ```
    /// use harvest_mf2::{parse_html, Options, Text};
    /// let page = "<div class=h-entry><div class=p-content><p>One\n   two</p><p>Three<br>four</p></div></div>";
    /// let classic = parse_html(page, "https://example.com/", &Options::new()).unwrap();
    /// assert_eq!(classic.items[0].get("content")[0].as_text(), Some("One\n   twoThreefour"));
    /// let thorough = parse_html(page, "https://example.com/", &Options::new().text(Text::Thorough)).unwrap();
    /// assert_eq!(thorough.items[0].get("content")[0].as_text(), Some("One two\nThree\nfour"));
    /// ```
    pub fn text(mut self, text: Text) -> Options {
        self.text = text;
        self
    }

    /// Add to each item its [`SourcePaths`] (key `source-paths` in the JSON): the element path of
    /// its root and of the element each property value came from, implied ones included. The
    /// paths are shared ([`SourcePath`]: one per element of the page, however many items and
    /// copies name it), and each path written is charged to [`Options::max_value_bytes`]: past
    /// it an item has no `source-paths` and [`Limit::ValueBytes`] is reported.
    ///
    /// ```
    /// use harvest_mf2::{parse_html, Options};
    /// let page = "<article class=h-entry><h1 class=p-name>Hi</h1><a href=/p>link</a></article>";
    /// let doc = parse_html(page, "https://example.com/", &Options::new().source_paths(true)).unwrap();
    /// let paths = doc.items[0].source_paths.as_ref().unwrap();
    /// assert_eq!(paths.item, "html>body>article");
    /// assert_eq!(paths.properties["name"], ["html>body>article>h1"]);
    /// assert_eq!(paths.properties["url"], ["html>body>article>a"]);
    /// ```
    pub fn source_paths(mut self, enabled: bool) -> Options {
        self.source_paths = enabled;
        self
    }

    /// Give classic roots (`vcard`, `hentry`...) their `id` as microformats2 roots get theirs.
    /// Off by default: the official suite expects classic items without `id`
    /// (`microformats-v1/includes/hcarditemref`).
    ///
    /// ```
    /// use harvest_mf2::{parse_html, Options};
    /// let page = "<div class=vcard id=ada><span class=fn>Ada</span></div>";
    /// let plain = parse_html(page, "https://example.com/", &Options::new()).unwrap();
    /// assert_eq!(plain.items[0].id, None);
    /// let with_ids = parse_html(page, "https://example.com/", &Options::new().classic_root_ids(true)).unwrap();
    /// assert_eq!(with_ids.items[0].id.as_deref(), Some("ada"));
    /// ```
    pub fn classic_root_ids(mut self, enabled: bool) -> Options {
        self.classic_root_ids = enabled;
        self
    }

    /// Checks the options: the base URL must be absolute and the filter's types valid names (a
    /// root selector was checked when it was made).
    pub fn validate(&self) -> Result<(), Mf2Error> {
        if let Some(url) = &self.base_url {
            Url::parse(url.trim()).map_err(|e| Mf2Error::InvalidBaseUrl { url: url.clone(), reason: e.to_string() })?;
        }
        for type_ in self.types.iter().flatten() {
            if !names::is_root_class(type_) {
                return Err(Mf2Error::InvalidTypeFilter(type_.clone()));
            }
        }
        Ok(())
    }
}

/// Parses a document for microformats (microformats2 § "parse a document for microformats").
///
/// The base URL comes from [`Options::base_url`], else from the document's URL; the page's
/// first `<base href>` applies on top of it.
///
/// ```
/// use harvest_dom::{Document, ParseOptions, Url};
/// let url = Url::parse("https://example.com/a/").unwrap();
/// let doc = Document::parse_with("<div class=h-card><img src=me.png alt=Me></div>", &ParseOptions::new().url(url));
/// let parsed = harvest_mf2::parse(&doc, &harvest_mf2::Options::new()).unwrap();
/// assert_eq!(parsed.items[0].get("name")[0].as_text(), Some("Me"));
/// assert_eq!(parsed.items[0].get("photo")[0].as_text(), Some("https://example.com/a/me.png"));
/// ```
pub fn parse(document: &harvest_dom::Document, options: &Options) -> Result<Document, Mf2Error> {
    options.validate()?;
    let page_url = match (&options.base_url, document.url()) {
        (Some(url), _) => url.trim().to_owned(),
        (None, Some(url)) => url.as_str().to_owned(),
        (None, None) => return Err(Mf2Error::MissingBaseUrl),
    };
    let page =
        Url::parse(&page_url).map_err(|e| Mf2Error::InvalidBaseUrl { url: page_url.clone(), reason: e.to_string() })?;
    let urls = base_urls(document, page, page_url);
    let text = text::TextIndex::new(document.root(), options.text);
    let page =
        values::Page { urls, text, srcset: options.srcset, budget: budget::ValueBudget::new(options.max_value_bytes) };
    let parser = parse::Parser { doc: document, page, options, html: Default::default() };
    let root = match &options.root {
        None => None,
        Some(root) => Some(find_root(document, root)?),
    };
    let mut result = parser.run(root);
    if document.depth_limit_hit() {
        result.truncated.insert(0, Limit::DomDepth);
    }
    if let (true, Some(limit)) = (options.strict_limits, result.truncated.first()) {
        return Err(Mf2Error::LimitExceeded(*limit));
    }
    if options.metaformats && result.items.is_empty() {
        if let Some(item) = metaformats::imply(document, &parser.page, options.lang) {
            result.items.push(item);
        }
    }
    if let Some(types) = &options.types {
        result.items = filter_types(std::mem::take(&mut result.items), types);
    }
    Ok(result)
}

/// The element [`Options::root`] names.
fn find_root(document: &harvest_dom::Document, root: &Root) -> Result<harvest_dom::Element, Mf2Error> {
    match root {
        Root::Id(id) => document
            .elements()
            .find(|element| element.id() == Some(id.as_str()))
            .ok_or_else(|| Mf2Error::RootNotFound(format!("#{id}"))),
        Root::Selector(selector) => {
            // Checked when it was made; compiled again here, never unwrapped.
            let parsed = harvest_dom::Selector::parse(selector.as_str()).map_err(|e| {
                Mf2Error::InvalidRootSelector { selector: selector.as_str().to_owned(), reason: e.to_string() }
            })?;
            let found = document.root().select(&parsed).next();
            found.ok_or_else(|| Mf2Error::RootNotFound(selector.as_str().to_owned()))
        }
    }
}

/// Parses HTML text with `base_url` as the page's URL.
///
/// ```
/// let doc = harvest_mf2::parse_html("<p class=h-card>Jane", "http://example.test", &Default::default()).unwrap();
/// assert_eq!(doc.to_json(), r#"{"items":[{"type":["h-card"],"properties":{"name":["Jane"]}}],"rels":{},"rel-urls":{}}"#);
/// ```
pub fn parse_html(html: &str, base_url: &str, options: &Options) -> Result<Document, Mf2Error> {
    let options = options.clone().base_url(base_url);
    options.validate()?;
    let url = Url::parse(base_url.trim())
        .map_err(|e| Mf2Error::InvalidBaseUrl { url: base_url.to_owned(), reason: e.to_string() })?;
    let document = harvest_dom::Document::parse_with(html, &harvest_dom::ParseOptions::new().url(url));
    parse(&document, &options)
}

/// HTML § "document base URL": the first `base` element with an `href`, resolved against the
/// page URL, else the page URL. The text an empty URL resolves to is the page URL as given, or
/// the `href` as written when it is absolute.
fn base_urls(document: &harvest_dom::Document, page: Url, page_as_written: String) -> values::Urls {
    match document.base_href() {
        Some(href) => match page.join(href.trim()) {
            Ok(base) => {
                let written = if Url::parse(href.trim()).is_ok() { href.trim().to_owned() } else { base.to_string() };
                values::Urls::new(base, written)
            }
            Err(_) => values::Urls::new(page, page_as_written),
        },
        None => values::Urls::new(page, page_as_written),
    }
}

/// The type filter: items of a wanted type, with non-matching items replaced by their matching
/// descendants among `children`. Iterative.
fn filter_types(items: Vec<Item>, types: &[String]) -> Vec<Item> {
    let mut kept = Vec::new();
    let mut pending: Vec<Item> = items.into_iter().rev().collect();
    while let Some(mut item) = pending.pop() {
        if item.type_.iter().any(|t| types.contains(t)) {
            kept.push(item);
        } else {
            pending.extend(std::mem::take(&mut item.children).into_iter().rev());
        }
    }
    kept
}
