//! Open Graph: `meta property="PREFIX:NAME" content="..."` (ogp.me), with RDFa prefix mappings
//! (RDFa Core 1.1 §7.5).

use harvest_dom::{split_ascii_whitespace, Document, Element};
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

/// The vocabularies ogp.me defines, with the namespace IRIs it publishes for them: `og`
/// (ogp.me "Basic Metadata"), the object types' own (ogp.me "Object Types": `article`, `book`,
/// `profile`, `music`, `video`, `website`), the global types published under ogp.me/ns
/// (`books`, `business`, `product`) and Facebook's `fb`. Pages use them without declaring
/// them, and consumers (extruct among them) accept that.
pub const OPEN_GRAPH_PREFIXES: [(&str, &str); 11] = [
    ("og", "http://ogp.me/ns#"),
    ("article", "http://ogp.me/ns/article#"),
    ("book", "http://ogp.me/ns/book#"),
    ("books", "http://ogp.me/ns/books#"),
    ("business", "http://ogp.me/ns/business#"),
    ("product", "http://ogp.me/ns/product#"),
    ("profile", "http://ogp.me/ns/profile#"),
    ("music", "http://ogp.me/ns/music#"),
    ("video", "http://ogp.me/ns/video#"),
    ("website", "http://ogp.me/ns/website#"),
    ("fb", "http://ogp.me/ns/fb#"),
];

/// The Open Graph object of a page.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct OpenGraph {
    /// The prefix mappings: every one the page declares on `html` or `head`, and each of
    /// [`OPEN_GRAPH_PREFIXES`] a property uses.
    pub namespace: IndexMap<String, String>,
    /// `(property, content)` pairs in document order; repeated properties are arrays, and a
    /// structured property (`og:image:width`) belongs to the element before it.
    pub properties: Vec<(String, String)>,
}

/// RDFa Core 1.1 §7.5: a `prefix` attribute is a whitespace-separated list of `NCName ":"`
/// followed by an IRI. Pairs that do not have that shape are skipped, as the spec says.
fn prefix_mappings(value: &str, into: &mut IndexMap<String, String>) {
    let mut tokens = split_ascii_whitespace(value);
    while let Some(token) = tokens.next() {
        let Some(prefix) = token.strip_suffix(':') else { continue };
        let Some(iri) = tokens.next() else { break };
        if !prefix.is_empty() && !prefix.contains(':') {
            into.insert(prefix.to_ascii_lowercase(), iri.to_owned());
        }
    }
}

/// The mappings an element declares: `prefix` (RDFa 1.1) and `xmlns:PREFIX` (RDFa 1.0 and the
/// XHTML pages written for it).
fn declared_on(element: &Element, into: &mut IndexMap<String, String>) {
    if let Some(value) = element.attr("prefix") {
        prefix_mappings(value, into);
    }
    for (name, value) in element.attributes() {
        if let Some(prefix) = name.strip_prefix("xmlns:") {
            if !prefix.is_empty() {
                into.insert(prefix.to_ascii_lowercase(), value);
            }
        }
    }
}

/// The page's Open Graph object: empty when the page has no Open Graph property, else one
/// object (ogp.me: a page is one rich object).
///
/// ```
/// let doc = harvest_dom::Document::parse(concat!(
///     r#"<html prefix="og: https://ogp.me/ns#"><head><title>The Rock</title>"#,
///     r#"<meta property="og:title" content="The Rock"><meta property="og:type" content="video.movie">"#,
///     r#"<meta property="og:image" content="https://example.com/rock.jpg">"#,
///     r#"<meta property="og:image:width" content="400">"#,
/// ));
/// let og = harvest_meta::opengraph(&doc);
/// assert_eq!(og[0].namespace["og"], "https://ogp.me/ns#");
/// assert_eq!(og[0].properties[3], ("og:image:width".to_owned(), "400".to_owned()));
/// ```
pub fn opengraph(doc: &Document) -> Vec<OpenGraph> {
    let mut declared = IndexMap::new();
    if let Some(html) = doc.document_element() {
        declared_on(&html, &mut declared);
    }
    if let Some(head) = doc.head() {
        declared_on(&head, &mut declared);
    }
    let mut object = OpenGraph { namespace: declared, properties: Vec::new() };
    for meta in doc.elements_named(&["meta"]) {
        let (Some(property), Some(content)) = (meta.attr("property"), meta.attr("content")) else { continue };
        // RDFa: `property` holds one or more terms or CURIEs.
        for curie in split_ascii_whitespace(property) {
            let Some((prefix, _)) = curie.split_once(':') else { continue };
            let prefix = prefix.to_ascii_lowercase();
            if !object.namespace.contains_key(&prefix) {
                match OPEN_GRAPH_PREFIXES.iter().find(|(known, _)| *known == prefix) {
                    Some((known, iri)) => {
                        object.namespace.insert((*known).to_owned(), (*iri).to_owned());
                    }
                    None => continue,
                }
            }
            object.properties.push((curie.to_owned(), content.to_owned()));
        }
    }
    if object.properties.is_empty() {
        Vec::new()
    } else {
        vec![object]
    }
}
