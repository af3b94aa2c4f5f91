//! How blocks are read: the contexts available offline and the bounds.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

/// Default of [`Options::max_depth`]: the bound serde_json puts on nesting. oxjsonld recurses
/// once per level of nested objects (about 1.3 KB of stack each in an optimised build), so the
/// bound keeps a block far from the end of a 2 MB thread stack.
pub const DEFAULT_MAX_DEPTH: usize = 128;

/// Gives the documents (remote contexts) a block names by URL, without any network unless an
/// implementation chooses to: `None` when it has none for the URL, which is reported as
/// [`DiagnosticKind::RemoteContext`](crate::DiagnosticKind::RemoteContext) for the block
/// (JSON-LD 1.1 API §9.4.3 `LoadDocumentCallback`, offline).
///
/// ```
/// use harvest_jsonld::{DocumentLoader, Options};
/// struct Vocabularies;
/// impl DocumentLoader for Vocabularies {
///     fn load(&self, url: &str) -> Option<Vec<u8>> {
///         (url == "https://example.com/context.jsonld")
///             .then(|| br#"{"@context": {"name": "http://xmlns.com/foaf/0.1/name"}}"#.to_vec())
///     }
/// }
/// let options = Options::new().loader(Vocabularies);
/// let mut dataset = harvest_rdf::Dataset::new();
/// let text = r#"{"@context": "https://example.com/context.jsonld", "name": "Ada"}"#;
/// let report = harvest_jsonld::document_to_rdf(text, None, &options, &mut harvest_rdf::BlankNodes::new(), &mut dataset);
/// assert!(report.is_clean());
/// assert_eq!(dataset.len(), 1);
/// ```
pub trait DocumentLoader: Send + Sync {
    /// The document at `url`, or `None`.
    fn load(&self, url: &str) -> Option<Vec<u8>>;
}

/// The JSON-LD processing mode (JSON-LD 1.1 §4.1 "processing mode").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ProcessingMode {
    /// `json-ld-1.1`, the default.
    #[default]
    JsonLd11,
    /// `json-ld-1.0`: the features JSON-LD 1.1 added are errors.
    JsonLd10,
}

/// Options of a conversion, built in steps.
///
/// ```
/// let options = harvest_jsonld::Options::new()
///     .context("https://example.com/ctx", br#"{"@context": {"@vocab": "https://example.com/v#"}}"#.to_vec())
///     .max_depth(64);
/// assert_eq!(options.get_max_depth(), 64);
/// ```
#[derive(Clone)]
pub struct Options {
    pub(crate) contexts: BTreeMap<String, Arc<[u8]>>,
    pub(crate) loader: Option<Arc<dyn DocumentLoader>>,
    pub(crate) schema_org: bool,
    pub(crate) max_depth: usize,
    pub(crate) processing_mode: ProcessingMode,
    pub(crate) positions: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            contexts: BTreeMap::new(),
            loader: None,
            schema_org: true,
            max_depth: DEFAULT_MAX_DEPTH,
            processing_mode: ProcessingMode::default(),
            positions: false,
        }
    }
}

impl fmt::Debug for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Options")
            .field("contexts", &self.contexts.keys().collect::<Vec<_>>())
            .field("loader", &self.loader.is_some())
            .field("schema_org", &self.schema_org)
            .field("max_depth", &self.max_depth)
            .field("processing_mode", &self.processing_mode)
            .field("positions", &self.positions)
            .finish()
    }
}

impl Options {
    /// schema.org's context bundled, no other remote context, [`DEFAULT_MAX_DEPTH`],
    /// JSON-LD 1.1.
    pub fn new() -> Options {
        Options::default()
    }

    /// The document at `url` (a context, as JSON-LD: `{"@context": ...}`) is `document`.
    /// Contexts given here come before the [`Options::loader`] and before the bundled
    /// schema.org context (a newer schema.org context can be given for its addresses).
    pub fn context(mut self, url: impl Into<String>, document: impl Into<Vec<u8>>) -> Options {
        self.contexts.insert(url.into(), Arc::from(document.into()));
        self
    }

    /// Asks `loader` for the remote documents that [`Options::context`] does not give. With a
    /// loader set, a block naming schema.org is handed the whole bundled context rather than
    /// the part the block names (a loaded context could name any of its terms), which costs
    /// some 15 ms a block instead of under 1 ms (docs/jsonld.md); [`Options::context`] keeps
    /// the fast path.
    pub fn loader(mut self, loader: impl DocumentLoader + 'static) -> Options {
        self.loader = Some(Arc::new(loader));
        self
    }

    /// Whether schema.org's addresses (`http(s)://schema.org`, with or without `/`, and
    /// `/docs/jsonldcontext.json(ld)`) give the bundled schema.org 30.0 context (default
    /// `true`).
    pub fn schema_org(mut self, bundled: bool) -> Options {
        self.schema_org = bundled;
        self
    }

    /// How deep a block may nest arrays and objects; a deeper block is reported and skipped
    /// ([`DiagnosticKind::TooDeep`](crate::DiagnosticKind::TooDeep)).
    pub fn max_depth(mut self, depth: usize) -> Options {
        self.max_depth = depth;
        self
    }

    /// The processing mode.
    pub fn processing_mode(mut self, mode: ProcessingMode) -> Options {
        self.processing_mode = mode;
        self
    }

    /// Whether each quad keeps the position of the JSON member that made it
    /// ([`harvest_rdf::Dataset::position`]: the page line and column of the member's key, the
    /// column unknown on a block's first line; `docs/jsonld.md`, "Positions"). Off by default:
    /// it reads each block a second time.
    ///
    /// ```
    /// use harvest_rdf::{BlankNodes, Dataset};
    /// let page = "<script type=application/ld+json>\n{\"@context\": \"https://schema.org\",\n  \"name\": \"Ada\"}</script>";
    /// let doc = harvest_dom::Document::parse(page);
    /// let mut dataset = Dataset::new();
    /// let options = harvest_jsonld::Options::new().positions(true);
    /// harvest_jsonld::to_rdf(&doc, &options, &mut BlankNodes::new(), &mut dataset);
    /// let at = dataset.position(0).unwrap();
    /// assert_eq!((at.line(), at.column()), (3, Some(3)));
    /// ```
    pub fn positions(mut self, on: bool) -> Options {
        self.positions = on;
        self
    }

    /// The bound set with [`Options::max_depth`].
    pub fn get_max_depth(&self) -> usize {
        self.max_depth
    }

    /// The document for `url`, asked while expanding `block`: [`Options::context`], else the
    /// loader, else the bundled schema.org context, restricted to the terms the block and the
    /// supplied contexts name (all of it when a loader could supply more contexts naming its
    /// terms).
    pub(crate) fn document(&self, url: &str, block: &str) -> Option<Vec<u8>> {
        if let Some(document) = self.contexts.get(url) {
            return Some(document.to_vec());
        }
        if let Some(document) = self.loader.as_ref().and_then(|loader| loader.load(url)) {
            return Some(document);
        }
        if self.schema_org && crate::schema_org::is_address(url) {
            if self.loader.is_some() {
                return Some(crate::schema_org::CONTEXT.to_vec());
            }
            let supplied = self.contexts.values().map(|document| std::str::from_utf8(document).unwrap_or_default());
            return Some(crate::schema_org::restricted(std::iter::once(block).chain(supplied)));
        }
        None
    }
}
