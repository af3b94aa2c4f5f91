//! The parsed document: its tree, its URL and base URL, and lookups over it.

use crate::deadline::Deadline;
use crate::encoding::{self, DetectedEncoding, EncodingSource};
use crate::error::UrlError;
use crate::index::NameIndex;
use crate::node::{Element, Namespace, Node};
use crate::parse::{self, DEFAULT_MAX_DEPTH};
use crate::path::ElementPaths;
use crate::serialize::SerializeOptions;
use crate::text::{self, TextOptions};
use encoding_rs::{Encoding, UTF_8};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, PoisonError};
use url::Url;

/// How to load a document.
///
/// ```
/// use harvest_dom::{Document, ParseOptions};
/// let url = url::Url::parse("https://example.com/blog/").unwrap();
/// let options = ParseOptions::new().url(url).max_depth(1024);
/// let doc = Document::parse_with("<a href=post>post</a>", &options);
/// assert_eq!(doc.resolve_url("post").unwrap().as_str(), "https://example.com/blog/post");
/// ```
#[derive(Debug, Clone)]
pub struct ParseOptions {
    url: Option<Url>,
    url_as_written: Option<String>,
    transport_charset: Option<String>,
    max_depth: usize,
    scripting: bool,
    deadline: Deadline,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            url: None,
            url_as_written: None,
            transport_charset: None,
            max_depth: DEFAULT_MAX_DEPTH,
            scripting: false,
            deadline: Deadline::never(),
        }
    }
}

impl ParseOptions {
    /// The defaults: no URL, no transport charset, depth bound [`DEFAULT_MAX_DEPTH`], scripting
    /// disabled.
    pub fn new() -> Self {
        Self::default()
    }

    /// The document's own URL (the address it was fetched from).
    pub fn url(mut self, url: Url) -> Self {
        self.url = Some(url);
        self
    }

    /// The document's URL as its caller wrote it, when that text is not the parsed URL's
    /// (`http://example.com` for `http://example.com/`): kept for the rules that use the text
    /// as written (the microformats2 parser resolves an empty `href` to it). Only meaningful
    /// with [`ParseOptions::url`]; see [`Document::url_as_written`].
    ///
    /// ```
    /// use harvest_dom::{Document, ParseOptions, Url};
    /// let options = ParseOptions::new().url(Url::parse("http://example.com").unwrap()).url_as_written("http://example.com");
    /// let doc = Document::parse_with("<p>", &options);
    /// assert_eq!(doc.url().unwrap().as_str(), "http://example.com/");
    /// assert_eq!(doc.url_as_written(), Some("http://example.com"));
    /// ```
    pub fn url_as_written(mut self, text: impl Into<String>) -> Self {
        self.url_as_written = Some(text.into());
        self
    }

    /// The charset label from the transport layer (HTTP `Content-Type`), used by
    /// [`Document::parse_bytes`] after a byte order mark and before `<meta>`.
    pub fn transport_charset(mut self, label: impl Into<String>) -> Self {
        self.transport_charset = Some(label.into());
        self
    }

    /// The deepest nesting of open elements the HTML tree builder sees at once; deeper pages are
    /// parsed through a window over the top of the stack, and keep their whole tree (see
    /// [`Document::depth_limit_hit`]). Values below 1 count as 1.
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }

    /// Stop parsing at `deadline`, and end every later walk over the document there too
    /// ([`Document::interrupted`] then says so): the document is partial, for a caller who
    /// has stopped waiting for it.
    pub fn deadline(mut self, deadline: Deadline) -> Self {
        self.deadline = deadline;
        self
    }

    /// Parse as a user agent with scripting enabled: `noscript` contents become raw text.
    /// harvest runs no scripts, so by default `noscript` contents are parsed as markup.
    pub fn scripting(mut self, enabled: bool) -> Self {
        self.scripting = enabled;
        self
    }
}

/// The context element of a fragment parse ([`Document::parse_fragment`]): its namespace and
/// local name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FragmentContext {
    namespace: Namespace,
    local_name: String,
}

impl FragmentContext {
    /// An HTML element as the context (`body`, `tr`, `textarea`...).
    pub fn html(local_name: &str) -> Self {
        FragmentContext { namespace: Namespace::Html, local_name: local_name.to_owned() }
    }

    /// An SVG element as the context (`svg`, `desc`, `foreignObject`...).
    pub fn svg(local_name: &str) -> Self {
        FragmentContext { namespace: Namespace::Svg, local_name: local_name.to_owned() }
    }

    /// A MathML element as the context (`math`, `mi`, `annotation-xml`...).
    pub fn mathml(local_name: &str) -> Self {
        FragmentContext { namespace: Namespace::MathMl, local_name: local_name.to_owned() }
    }

    fn qual_name(&self) -> html5ever::QualName {
        let namespace = match self.namespace {
            Namespace::Svg => html5ever::ns!(svg),
            Namespace::MathMl => html5ever::ns!(mathml),
            Namespace::Html | Namespace::Other => html5ever::ns!(html),
        };
        html5ever::QualName::new(None, namespace, html5ever::LocalName::from(self.local_name.as_str()))
    }
}

/// A parsed HTML document.
pub struct Document {
    root: Node,
    url: Option<Url>,
    /// The URL as its caller wrote it, when given.
    url_as_written: Option<String>,
    base_url: Option<Url>,
    /// The `href` of the first `base` element that has one, as written.
    base_href: Option<String>,
    encoding: DetectedEncoding,
    depth_limit_hit: bool,
    parse_interrupted: bool,
    scripting: bool,
    ids: OnceLock<HashMap<String, Element>>,
    /// The HTML elements by name (see [`Document::elements_named`]), built on first use.
    names: OnceLock<NameIndex>,
    /// The paths named so far (see [`Document::element_path`]).
    paths: Mutex<ElementPaths>,
}

impl std::fmt::Debug for Document {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Document")
            .field("url", &self.url.as_ref().map(Url::as_str))
            .field("base_url", &self.base_url.as_ref().map(Url::as_str))
            .field("encoding", &self.encoding.encoding.name())
            .field("depth_limit_hit", &self.depth_limit_hit)
            .finish()
    }
}

impl Document {
    /// Parses text with the default options (no URL).
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse("<title>Hi</title><p>there");
    /// assert_eq!(doc.title().as_deref(), Some("Hi"));
    /// ```
    pub fn parse(html: &str) -> Document {
        Self::parse_with(html, &ParseOptions::default())
    }

    /// Parses text.
    pub fn parse_with(html: &str, options: &ParseOptions) -> Document {
        let encoding = DetectedEncoding { encoding: UTF_8, source: EncodingSource::Text, bom_length: 0 };
        Self::build(html, options, encoding)
    }

    /// Parses raw bytes, detecting their encoding (see [`crate::encoding`]).
    ///
    /// ```
    /// use harvest_dom::{Document, ParseOptions};
    /// let doc = Document::parse_bytes(b"<meta charset=windows-1251><p>\xcf\xf0\xe8", &ParseOptions::new());
    /// assert_eq!(doc.encoding().name(), "windows-1251");
    /// assert_eq!(doc.root().text_content(), "При");
    /// ```
    pub fn parse_bytes(bytes: &[u8], options: &ParseOptions) -> Document {
        let (text, detected) = encoding::decode(bytes, options.transport_charset.as_deref());
        Self::build(&text, options, detected)
    }

    /// Parses a fragment of HTML as the children of a context element (HTML § 13.4 "Parsing
    /// HTML fragments"): what `innerHTML` does, and what a snippet of a page needs to parse as it
    /// would in place (`<td>` cells only make sense inside a `tr`, text inside `textarea` is raw).
    /// The fragment's nodes are the children of [`Document::document_element`], the `html`
    /// element the algorithm creates as their root.
    ///
    /// ```
    /// use harvest_dom::{Document, FragmentContext, ParseOptions};
    /// let doc = Document::parse_fragment("<td>a<td>b", &FragmentContext::html("tr"), &ParseOptions::new());
    /// let root = doc.document_element().unwrap();
    /// let cells: Vec<_> = root.element_children().map(|cell| cell.text_content()).collect();
    /// assert_eq!(cells, ["a", "b"]);
    /// ```
    pub fn parse_fragment(html: &str, context: &FragmentContext, options: &ParseOptions) -> Document {
        let encoding = DetectedEncoding { encoding: UTF_8, source: EncodingSource::Text, bom_length: 0 };
        let parsed =
            parse::parse_fragment(html, context.qual_name(), options.max_depth, options.scripting, &options.deadline);
        Self::from_parsed(parsed, options, encoding)
    }

    fn build(html: &str, options: &ParseOptions, encoding: DetectedEncoding) -> Document {
        let parsed = parse::parse_document(html, options.max_depth, options.scripting, &options.deadline);
        Self::from_parsed(parsed, options, encoding)
    }

    fn from_parsed(mut parsed: parse::ParsedTree, options: &ParseOptions, encoding: DetectedEncoding) -> Document {
        parsed.tree.set_deadline(options.deadline.clone());
        let root = Node::new(&std::sync::Arc::new(parsed.tree), crate::tree::NodeId::DOCUMENT);
        // HTML § "document base URL": only a page whose parser made a `base` element has one
        // to look for.
        let base_href = if parsed.created_base { first_base_href(&root) } else { None };
        let base_url = match &base_href {
            Some(href) => crate::url::resolve(options.url.as_ref(), href).ok().or_else(|| options.url.clone()),
            None => options.url.clone(),
        };
        Document {
            root,
            url: options.url.clone(),
            url_as_written: options.url_as_written.clone(),
            base_url,
            base_href,
            encoding,
            depth_limit_hit: parsed.depth_limit_hit,
            parse_interrupted: parsed.interrupted,
            scripting: options.scripting,
            ids: OnceLock::new(),
            names: OnceLock::new(),
            paths: Mutex::new(ElementPaths::new()),
        }
    }

    /// The document node.
    pub fn root(&self) -> &Node {
        &self.root
    }

    /// The root element (`html`).
    pub fn document_element(&self) -> Option<Element> {
        self.root.element_children().next()
    }

    /// The `head` element.
    pub fn head(&self) -> Option<Element> {
        self.document_element()?.element_children().find(|e| e.is("head"))
    }

    /// The `body` element.
    pub fn body(&self) -> Option<Element> {
        self.document_element()?.element_children().find(|e| e.is("body"))
    }

    /// Every element in tree order.
    pub fn elements(&self) -> impl Iterator<Item = Element> {
        self.root.descendant_elements()
    }

    /// A walk over every element in tree order that lends each one instead of making a handle
    /// for it (see [`ElementWalk`](crate::ElementWalk)).
    pub fn element_walk(&self) -> crate::ElementWalk {
        self.root.element_walk()
    }

    /// The HTML elements whose local name is one of `names`, in tree order: what
    /// `elements().filter(|e| names.iter().any(|name| e.is(name)))` gives, without making a
    /// handle for every other element on the way (a page's `meta`, `link` or `script`
    /// elements are a few among thousands), and from an index of the elements by name built
    /// on first use, so that the questions of several extractors cost one walk.
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse("<meta name=a><p><link rel=b><svg><title>t</title></svg>");
    /// let named = doc.elements_named(&["meta", "link", "title"]);
    /// let found: Vec<String> = named.map(|e| e.local_name().to_owned()).collect();
    /// assert_eq!(found, ["meta", "link"]); // the `title` is SVG's
    /// ```
    pub fn elements_named(&self, names: &[&str]) -> impl Iterator<Item = Element> {
        let index = self.names.get_or_init(|| NameIndex::build(&self.root.tree, self.root.id));
        index.named(&self.root.tree, names).into_iter()
    }

    /// The document's URL, as given in [`ParseOptions::url`].
    pub fn url(&self) -> Option<&Url> {
        self.url.as_ref()
    }

    /// The document's URL as its caller wrote it ([`ParseOptions::url_as_written`]), else the
    /// text of [`Document::url`]; `None` for a document without a URL.
    pub fn url_as_written(&self) -> Option<&str> {
        let url = self.url.as_ref()?;
        Some(self.url_as_written.as_deref().unwrap_or(url.as_str()))
    }

    /// The `href` attribute of the document's first `base` element that has one, as written
    /// (HTML § "document base URL" resolves it into [`Document::base_url`]).
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse("<base target=_top><base href=' /docs/ '><base href=/other/>");
    /// assert_eq!(doc.base_href(), Some(" /docs/ "));
    /// assert_eq!(harvest_dom::Document::parse("<p>").base_href(), None);
    /// ```
    pub fn base_href(&self) -> Option<&str> {
        self.base_href.as_deref()
    }

    /// HTML's "document base URL": the frozen base URL of the first `base` element with an
    /// `href`, else the document URL.
    pub fn base_url(&self) -> Option<&Url> {
        self.base_url.as_ref()
    }

    /// Resolves an attribute value against the base URL.
    ///
    /// ```
    /// use harvest_dom::{Document, ParseOptions, UrlErrorReason};
    /// let doc = Document::parse("<base href='http://example.com/a/'>");
    /// assert_eq!(doc.resolve_url("  b?c ").unwrap().as_str(), "http://example.com/a/b?c");
    /// let none = Document::parse("<p>");
    /// assert_eq!(none.resolve_url("b").unwrap_err().reason, UrlErrorReason::RelativeWithoutBase);
    /// ```
    pub fn resolve_url(&self, value: &str) -> Result<Url, UrlError> {
        crate::url::resolve(self.base_url.as_ref(), value)
    }

    /// The encoding the page was decoded with (UTF-8 for text input).
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding.encoding
    }

    /// Which step of encoding detection chose [`Document::encoding`].
    pub fn encoding_source(&self) -> EncodingSource {
        self.encoding.source
    }

    /// Whether the page nested elements deeper than [`ParseOptions::max_depth`] in a way the
    /// windowed tree builder cannot follow exactly, so that the tree may differ from an unbounded
    /// parse (a misnested end tag or start tag that reaches for an element far below, formatting
    /// elements to reconstruct across the window; `docs/robustness.md` lists the cases). A page
    /// merely nested deeper than the bound keeps the standard tree and reports `false`.
    pub fn depth_limit_hit(&self) -> bool {
        self.depth_limit_hit
    }

    /// Whether the parse, or a walk over the document, stopped at [`ParseOptions::deadline`]:
    /// the document, or what was read from it, is partial.
    pub fn interrupted(&self) -> bool {
        self.parse_interrupted || self.root.tree.stopped()
    }

    /// Whether the document was parsed with scripting enabled.
    pub fn scripting(&self) -> bool {
        self.scripting
    }

    /// The first element in tree order whose `id` is `id` (DOM `getElementById`). The index
    /// is built once, on first use.
    pub fn element_by_id(&self, id: &str) -> Option<Element> {
        let ids = self.ids.get_or_init(|| {
            let mut ids = HashMap::new();
            for element in self.elements() {
                if let Some(value) = element.id() {
                    if !value.is_empty() && !ids.contains_key(value) {
                        ids.insert(value.to_string(), element.clone());
                    }
                }
            }
            ids
        });
        ids.get(id).cloned()
    }

    /// The same path as [`Element::path`] (`html>body>div:nth-child(2)>span`), for naming many
    /// elements of one page: the first question about a child of some parent names all that
    /// parent's element children in one pass and remembers them, so the paths of n elements
    /// cost O(n + total path length) instead of O(n × siblings).
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse("<p>a</p><p>b</p><div><span>c</span></div>");
    /// let paths: Vec<String> = doc.elements().map(|e| doc.element_path(&e)).collect();
    /// assert_eq!(paths[4], "html>body>p:nth-child(2)");
    /// assert_eq!(paths[6], "html>body>div>span");
    /// assert!(doc.elements().all(|e| doc.element_path(&e) == e.path()));
    /// ```
    pub fn element_path(&self, element: &Element) -> String {
        // The lock is held for one path; nothing in it can panic, and a poisoned lock is used
        // as it is.
        self.paths.lock().unwrap_or_else(PoisonError::into_inner).path(element)
    }

    /// The path of [`Document::element_path`] as a [`crate::SharedPath`]: each element of the
    /// page gets one, made from its parent's, so naming n elements costs O(n) however deep
    /// they sit, and a path named many times is held once.
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse("<div><p>a</p></div>");
    /// let p = doc.elements().find(|e| e.is("p")).unwrap();
    /// assert_eq!(doc.shared_path(&p).to_string(), "html>body>div>p");
    /// assert_eq!(doc.shared_path(&p), doc.element_path(&p));
    /// ```
    pub fn shared_path(&self, element: &Element) -> crate::SharedPath {
        self.paths.lock().unwrap_or_else(PoisonError::into_inner).shared(element)
    }

    /// `document.title`: the first `title` element's text with ASCII whitespace stripped and
    /// collapsed; `None` without a `title` element.
    pub fn title(&self) -> Option<String> {
        let title = self
            .elements()
            .find(|e| e.is("title") || (e.local_name() == "title" && e.namespace() == Namespace::Svg))?;
        let text = title.text_content();
        Some(crate::tokens::split_ascii_whitespace(&text).collect::<Vec<_>>().join(" "))
    }

    /// Text of a node per `options` (DOM `textContent`, or the microformats variant).
    ///
    /// ```
    /// use harvest_dom::{Document, TextOptions};
    /// let doc = Document::parse("<p> Hi <img alt=there><script>x()</script> </p>");
    /// let p = doc.elements().find(|e| e.is("p")).unwrap().as_node();
    /// assert_eq!(doc.text(&p, &TextOptions::TEXT_CONTENT), " Hi x() ");
    /// assert_eq!(doc.text(&p, &TextOptions::MICROFORMATS), "Hi there");
    /// ```
    pub fn text(&self, node: &Node, options: &TextOptions) -> String {
        text::extract(node, options, self.base_url.as_ref())
    }

    /// The HTML fragment serialization of a node's children (`innerHTML`).
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse("<div><br/><a title='\"x\"'>&amp;&nbsp;&lt;</a></div>");
    /// let div = doc.elements().find(|e| e.is("div")).unwrap();
    /// assert_eq!(doc.inner_html(&div.as_node()), r#"<br><a title="&quot;x&quot;">&amp;&nbsp;&lt;</a>"#);
    /// ```
    pub fn inner_html(&self, node: &Node) -> String {
        self.inner_html_with(node, &SerializeOptions::default())
    }

    /// `innerHTML` with nodes left out or attribute values rewritten (see
    /// [`SerializeOptions`]).
    pub fn inner_html_with(&self, node: &Node, options: &SerializeOptions<'_>) -> String {
        let mut out = String::new();
        crate::serialize::serialize_children(&mut out, node, self.scripting, options, None);
        out
    }

    /// `innerHTML` of `node`, plus where the inner HTML of each descendant element that
    /// `wanted` accepts lies in it: nested fragments are slices of one serialization instead
    /// of being serialized again for every level.
    ///
    /// ```
    /// use harvest_dom::{Document, SerializeOptions};
    /// let doc = Document::parse("<div id=d><p class=x>a<b class=x>b</b></p></div>");
    /// let div = doc.element_by_id("d").unwrap().as_node();
    /// let (html, ranges) = doc.inner_html_indexed(&div, &SerializeOptions::default(), &|e| e.has_class("x"));
    /// let inner: Vec<&str> = ranges.iter().map(|(_, range)| &html[range.clone()]).collect();
    /// assert_eq!(inner, ["b", "a<b class=\"x\">b</b>"]);
    /// ```
    pub fn inner_html_indexed(
        &self,
        node: &Node,
        options: &SerializeOptions<'_>,
        wanted: &dyn Fn(&Element) -> bool,
    ) -> (String, Vec<(Element, std::ops::Range<usize>)>) {
        let mut out = String::new();
        let mut recorder = crate::serialize::RangeRecorder { wanted, ranges: Vec::new() };
        crate::serialize::serialize_children(&mut out, node, self.scripting, options, Some(&mut recorder));
        (out, recorder.ranges)
    }

    /// The serialization of a node itself (`outerHTML`).
    pub fn outer_html(&self, node: &Node) -> String {
        self.outer_html_with(node, &SerializeOptions::default())
    }

    /// `outerHTML` with nodes left out or attribute values rewritten (see
    /// [`SerializeOptions`]).
    pub fn outer_html_with(&self, node: &Node, options: &SerializeOptions<'_>) -> String {
        let mut out = String::new();
        crate::serialize::serialize_node(&mut out, node, self.scripting, options);
        out
    }
}

/// HTML § "document base URL" and "set the frozen base URL".
/// The `href` of the first `base` element in tree order that has one (HTML § "document base
/// URL"), as written.
fn first_base_href(root: &Node) -> Option<String> {
    let mut walk = root.element_walk();
    while let Some((element, _)) = walk.next() {
        if element.is("base") {
            if let Some(href) = element.attr("href") {
                return Some(href.to_owned());
            }
        }
    }
    None
}
