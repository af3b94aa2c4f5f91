//! The W3C Microdata-to-RDF test suite (w3c/microdata-rdf, `tests/`): every entry of its
//! `manifest.jsonld` run through harvest-export's W3C conversion.
//!
//! A `rdft:TestMicrodataEval` entry converts `action` (an HTML page) and compares the graph with
//! `result` (Turtle) as graphs: both are parsed with oxttl and canonicalized by oxrdf, so blank
//! nodes are compared up to renaming. A `rdft:TestMicrodataNegativeSyntax` entry passes when the
//! conversion reports the page's error (an `itemref` cycle). The page's URL, and the base of the
//! Turtle's relative IRIs, are the suite's published addresses
//! (`http://w3c.github.io/microdata-rdf/tests/NAME`).
//!
//! Entries whose `registry` is `http://www.w3.org/ns/md` use the note's default registry; the
//! others use the suite's own `test-registry.json`, which defines the artificial vocabularies
//! of the expansion tests.

use crate::{Expectations, Outcome, Report};
use harvest_dom::{Document, ParseOptions, Url};
use harvest_export::rdf::registry::Registry;
use harvest_export::rdf::w3c::{self, W3cOptions};
use oxrdf::graph::CanonicalizationAlgorithm;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Where the suite is published: the base of its pages and expected results.
pub const BASE: &str = "http://w3c.github.io/microdata-rdf/tests/";

/// The address of the default registry in the manifest.
const DEFAULT_REGISTRY: &str = "http://www.w3.org/ns/md";

/// One manifest entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RdfCase {
    /// The entry's id without `#` (`test0001`, `sdo_eg_md_1`).
    pub name: String,
    /// The HTML page.
    pub action: PathBuf,
    /// The expected Turtle; `None` for a negative syntax test.
    pub result: Option<PathBuf>,
    /// Whether the entry names the default registry.
    pub default_registry: bool,
}

/// The suite's entries, in manifest order.
pub fn discover(folder: &Path) -> Result<Vec<RdfCase>, String> {
    let path = folder.join("manifest.jsonld");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let manifest: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let entries = manifest
        .get("@graph")
        .and_then(|graph| graph.get(0))
        .and_then(|manifest| manifest.get("entries"))
        .and_then(Value::as_array)
        .ok_or_else(|| format!("{}: no @graph[0].entries", path.display()))?;
    let mut cases = Vec::new();
    for entry in entries {
        let field = |key: &str| entry.get(key).and_then(Value::as_str);
        let (Some(id), Some(action)) = (field("@id"), field("action")) else {
            return Err(format!("{}: an entry without @id or action", path.display()));
        };
        let negative = entry
            .get("@type")
            .and_then(Value::as_array)
            .is_some_and(|types| types.iter().any(|t| t.as_str() == Some("rdft:TestMicrodataNegativeSyntax")));
        let result = match (field("result"), negative) {
            (Some(result), _) => Some(folder.join(result)),
            (None, true) => None,
            (None, false) => return Err(format!("{}: {id} has no result", path.display())),
        };
        cases.push(RdfCase {
            name: id.trim_start_matches('#').to_owned(),
            action: folder.join(action),
            result,
            default_registry: field("registry") == Some(DEFAULT_REGISTRY),
        });
    }
    Ok(cases)
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// Parses Turtle (or N-Triples) into a canonical graph (the RDFa suite compares with it too).
pub(crate) fn graph(text: &str, base: &str) -> Result<oxrdf::Graph, String> {
    let parser = oxttl::TurtleParser::new().with_base_iri(base).map_err(|e| e.to_string())?;
    let mut graph = oxrdf::Graph::new();
    for triple in parser.for_slice(text.as_bytes()) {
        graph.insert(&triple.map_err(|e| e.to_string())?);
    }
    graph.canonicalize(CanonicalizationAlgorithm::Unstable);
    Ok(graph)
}

/// Runs one case.
pub fn run_case(case: &RdfCase, test_registry: &Registry) -> Outcome {
    let html = match std::fs::read(&case.action) {
        Ok(html) => html,
        Err(e) => return Outcome::Failed(format!("cannot read {}: {e}", case.action.display())),
    };
    let Ok(url) = Url::parse(&format!("{BASE}{}", file_name(&case.action))) else {
        return Outcome::Failed("bad page URL".to_owned());
    };
    let doc = Document::parse_bytes(&html, &ParseOptions::new().url(url));
    let registry = if case.default_registry { Registry::default() } else { test_registry.clone() };
    let conversion = match w3c::from_microdata(&doc, &W3cOptions::new().registry(registry)) {
        Ok(conversion) => conversion,
        Err(e) => return Outcome::Failed(format!("conversion failed: {e}")),
    };
    let Some(result) = &case.result else {
        return if conversion.cycles.is_empty() {
            Outcome::Failed("the itemref cycle was not reported".to_owned())
        } else {
            Outcome::Passed
        };
    };
    let expected_text = match std::fs::read_to_string(result) {
        Ok(text) => text,
        Err(e) => return Outcome::Failed(format!("cannot read {}: {e}", result.display())),
    };
    let ntriples = conversion.graph.to_ntriples();
    let expected = match graph(&expected_text, &format!("{BASE}{}", file_name(result))) {
        Ok(graph) => graph,
        Err(e) => return Outcome::Failed(format!("the expected Turtle does not parse: {e}")),
    };
    let actual = match graph(&ntriples, BASE) {
        Ok(graph) => graph,
        Err(e) => return Outcome::Failed(format!("harvest's N-Triples do not parse: {e}\n{ntriples}")),
    };
    if actual == expected {
        Outcome::Passed
    } else {
        Outcome::Failed(format!("graphs differ\nharvest:\n{actual}\nexpected:\n{expected}"))
    }
}

/// Runs every case, the suite's `test-registry.json` read from `folder`.
pub fn run(folder: &Path, cases: &[RdfCase], expectations: &Expectations) -> Result<Report, String> {
    let path = folder.join("test-registry.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let test_registry = Registry::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut report = Report::default();
    for case in cases {
        report.record(&case.name, run_case(case, &test_registry), expectations);
    }
    Ok(report)
}
