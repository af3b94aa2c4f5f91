//! What a conversion says about the blocks it could not convert whole.

use serde::Serialize;

/// What went wrong with a block.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum DiagnosticKind {
    /// The block is not JSON (RFC 8259); it gave nothing.
    NotJson,
    /// The block is JSON but not valid JSON-LD; it gave nothing. `code` is the JSON-LD 1.1
    /// API error code (§9.4.1 `JsonLdErrorCode`, e.g. `"invalid @id value"`).
    InvalidJsonLd {
        /// The JSON-LD error code.
        code: String,
    },
    /// The block names a remote context that is neither bundled nor supplied; nothing is
    /// fetched, and the block gave nothing.
    RemoteContext {
        /// The context's URL.
        url: String,
    },
    /// A statement held an IRI that is not an absolute RFC 3987 IRI; the statement was dropped.
    InvalidIri {
        /// The IRI as the processor produced it.
        value: String,
    },
    /// A statement held a language tag that is not well-formed BCP 47; it was dropped.
    InvalidLanguageTag {
        /// The tag.
        value: String,
    },
    /// The block nests arrays and objects deeper than [`crate::Options::max_depth`]; it gave
    /// nothing.
    TooDeep {
        /// The bound.
        limit: usize,
    },
    /// The dataset reached its limits ([`harvest_rdf::Limits`]); this statement and every
    /// later one were not added.
    LimitReached {
        /// `"quads"` or `"bytes"`.
        what: String,
        /// The limit.
        limit: usize,
    },
}

/// One problem, naming the `script` element it was found in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Diagnostic {
    /// The `script` element's path ([`harvest_dom::Document::element_path`]); `None` for a
    /// document converted on its own ([`crate::document_to_rdf`]).
    pub element: Option<String>,
    /// What went wrong.
    #[serde(flatten)]
    pub kind: DiagnosticKind,
    /// A sentence for people.
    pub message: String,
}

/// What a conversion did.
///
/// ```
/// let doc = harvest_dom::Document::parse(
///     r#"<script type="application/ld+json">{"@id": "http://example.com/", "http://example.com/p": 1}</script>
///        <script type="application/ld+json">{ oops</script>"#,
/// );
/// let mut dataset = harvest_rdf::Dataset::new();
/// let report = harvest_jsonld::to_rdf(&doc, &harvest_jsonld::Options::new(), &mut harvest_rdf::BlankNodes::new(), &mut dataset);
/// assert_eq!((report.blocks, report.quads), (2, 1));
/// assert_eq!(report.diagnostics[0].element.as_deref(), Some("html>head>script:nth-child(2)"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Report {
    /// The JSON-LD blocks read.
    pub blocks: usize,
    /// The quads added to the dataset (a quad already there is not counted).
    pub quads: usize,
    /// Every problem, in document order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Report {
    /// Whether every block converted whole.
    pub fn is_clean(&self) -> bool {
        self.diagnostics.is_empty()
    }
}
