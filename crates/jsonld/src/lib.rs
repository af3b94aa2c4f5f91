#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Library code does not panic on what a page, a request or a file holds: no unwrap or expect
// outside tests (an invariant that needs one says why in an `allow`).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod convert;
mod depth;
mod members;
mod options;
mod report;
mod schema_org;
mod strings;

pub use options::{DocumentLoader, Options, ProcessingMode, DEFAULT_MAX_DEPTH};
pub use report::{Diagnostic, DiagnosticKind, Report};

use convert::Block;
use harvest_dom::{Document, Element};
use harvest_rdf::{BlankNodes, Dataset, Iri};

/// The `<script type="application/ld+json">` elements of a page, in tree order (JSON-LD 1.1
/// §7 "Embedding JSON-LD in HTML Documents"; the MIME type's essence, before any parameter,
/// compared ASCII case-insensitively, as HTML compares a script's `type`).
///
/// ```
/// let doc = harvest_dom::Document::parse(
///     "<script type='Application/LD+JSON; profile=x'>{}</script><script>{}</script>",
/// );
/// assert_eq!(harvest_jsonld::scripts(&doc).count(), 1);
/// ```
pub fn scripts(doc: &Document) -> impl Iterator<Item = Element> + '_ {
    doc.elements_named(&["script"]).filter(|script| {
        script.attr("type").is_some_and(|kind| {
            let essence = kind.split(';').next().unwrap_or_default();
            harvest_dom::trim_ascii_whitespace(essence).eq_ignore_ascii_case("application/ld+json")
        })
    })
}

/// Every JSON-LD block of `doc` to RDF, into `dataset` (JSON-LD 1.1 API §4.1 expansion, then
/// §8.1 "Deserialize JSON-LD to RDF"), each block a JSON-LD document of its own whose base IRI
/// is the document's base URL ([`Document::base_url`]). Blank nodes come from `nodes`, fresh
/// for each block (`_:a` in two blocks is two nodes), in order of first appearance.
///
/// A block that is not JSON, not valid JSON-LD, names a remote context neither bundled nor
/// supplied, or nests too deep gives nothing and is reported; a statement with an IRI that is
/// not an absolute IRI is dropped and reported; the other blocks and statements are kept.
///
/// ```
/// use harvest_rdf::{BlankNodes, Dataset};
/// let page = r#"<script type="application/ld+json">
///   {"@context": "https://schema.org", "@type": "Person", "name": "Ada", "url": "/ada"}
/// </script>"#;
/// let url = harvest_dom::Url::parse("https://example.com/").unwrap();
/// let doc = harvest_dom::Document::parse_with(page, &harvest_dom::ParseOptions::new().url(url));
/// let mut dataset = Dataset::new();
/// let report = harvest_jsonld::to_rdf(&doc, &harvest_jsonld::Options::new(), &mut BlankNodes::new(), &mut dataset);
/// assert!(report.is_clean());
/// let objects: Vec<String> = dataset.iter().map(|quad| format!("{:?}", quad.triple.object)).collect();
/// assert!(objects.contains(&"Iri(<https://example.com/ada>)".to_owned()));
/// assert!(objects.contains(&"Iri(<http://schema.org/Person>)".to_owned()));
/// ```
pub fn to_rdf(doc: &Document, options: &Options, nodes: &mut BlankNodes, dataset: &mut Dataset) -> Report {
    let mut report = Report::default();
    let base = doc.base_url().map(|url| url.as_str().to_owned());
    for script in scripts(doc) {
        report.blocks += 1;
        let text = script.text_content();
        let origin = script_origin(&script, options);
        let block = Block { text: &text, base: base.as_deref(), element: Some((doc, &script)), origin };
        if convert::convert(&block, options, nodes, dataset, &mut report).is_err() {
            break;
        }
    }
    report
}

/// One `script` element's block to RDF, as [`to_rdf`] converts each (for a block chosen by the
/// caller, as a URL's fragment identifier chooses one: JSON-LD 1.1 API §9.4.3). The element
/// is read whatever its `type`.
///
/// ```
/// let doc = harvest_dom::Document::parse(
///     r#"<script type="application/ld+json" id="a">{"@id": "http://example.com/a", "http://example.com/p": 1}</script>
///        <script type="application/ld+json" id="b">{"@id": "http://example.com/b", "http://example.com/p": 2}</script>"#,
/// );
/// let second = doc.element_by_id("b").unwrap();
/// let mut dataset = harvest_rdf::Dataset::new();
/// let options = harvest_jsonld::Options::new();
/// let report = harvest_jsonld::script_to_rdf(&doc, &second, &options, &mut harvest_rdf::BlankNodes::new(), &mut dataset);
/// assert_eq!((report.blocks, report.quads), (1, 1));
/// ```
pub fn script_to_rdf(
    doc: &Document,
    script: &Element,
    options: &Options,
    nodes: &mut BlankNodes,
    dataset: &mut Dataset,
) -> Report {
    let mut report = Report { blocks: 1, ..Report::default() };
    let base = doc.base_url().map(|url| url.as_str().to_owned());
    let text = script.text_content();
    let origin = script_origin(script, options);
    let block = Block { text: &text, base: base.as_deref(), element: Some((doc, script)), origin };
    // A full dataset is reported in the report; there is nothing after this one block.
    let _full = convert::convert(&block, options, nodes, dataset, &mut report);
    report
}

/// One JSON-LD document (the text of a `.jsonld` file or of one block) to RDF, into `dataset`,
/// with `base` as its base IRI; as [`to_rdf`] does for each block.
///
/// ```
/// use harvest_rdf::{BlankNodes, Dataset, Iri};
/// let base = Iri::parse("http://example.com/doc").unwrap();
/// let mut dataset = Dataset::new();
/// let text = r##"{"@id": "#it", "http://xmlns.com/foaf/0.1/name": "Ada"}"##;
/// let report = harvest_jsonld::document_to_rdf(text, Some(&base), &Default::default(), &mut BlankNodes::new(), &mut dataset);
/// assert!(report.is_clean());
/// let quad = dataset.iter().next().unwrap();
/// assert_eq!(format!("{:?}", quad.triple.subject), "Iri(<http://example.com/doc#it>)");
/// ```
pub fn document_to_rdf(
    text: &str,
    base: Option<&Iri>,
    options: &Options,
    nodes: &mut BlankNodes,
    dataset: &mut Dataset,
) -> Report {
    let mut report = Report { blocks: 1, ..Report::default() };
    let origin = options.positions.then_some((1, true));
    let block = Block { text, base: base.map(Iri::as_str), element: None, origin };
    // A full dataset is reported in the report; there is nothing after this one document.
    let _full = convert::convert(&block, options, nodes, dataset, &mut report);
    report
}

/// Where a block's text starts in the page, when positions are asked for: the line of its text
/// (that of the `script` start tag's `>`), its columns unknown on that line.
fn script_origin(script: &Element, options: &Options) -> Option<(u32, bool)> {
    if !options.positions {
        return None;
    }
    let line = script.as_node().first_child().and_then(|text| text.line()).or_else(|| script.line())?;
    Some((line, false))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_api_is_send_and_sync() {
        fn check<T: Send + Sync>() {}
        check::<crate::Options>();
        check::<crate::Report>();
        check::<crate::Diagnostic>();
    }
}
