//! The W3C JSON-LD 1.1 API test suite (w3c/json-ld-api, `tests/`): the `toRdf`, `expand` and
//! `html` manifests through harvest-jsonld.
//!
//! The tests address their files as `https://w3c.github.io/json-ld-api/tests/PATH`: a document
//! or context the processor asks for at such an address is the suite's own file (no network).
//!
//! - `toRdf`: the dataset harvest-jsonld gives for the input and the expected N-Quads are
//!   compared as datasets (oxrdf's canonicalization: blank nodes up to renaming).
//! - `expand`: harvest-jsonld does not write expanded JSON-LD (oxjsonld expands as it goes);
//!   the dataset of the input and the dataset of the expected expanded document are compared.
//! - `html`: the JSON-LD of an HTML page (a fragment identifier chooses one `script` element;
//!   without `extractAllScripts` the first block only); its dataset and the dataset of the
//!   expected output (N-Quads, or a JSON-LD document: expanded, compacted or flattened) are
//!   compared.
//!
//! A negative test passes when the processor raises the expected JSON-LD error code; a
//! positive syntax test when it raises none. Tests for JSON-LD 1.0 only (`specVersion`
//! `json-ld-1.0`) do not apply to a JSON-LD 1.1 processor and fail as "not run", like the
//! options harvest-jsonld does not offer: the expectations file lists them with the reason.

use crate::{Expectations, Outcome, Report};
use harvest_dom::{Document, ParseOptions, Url};
use harvest_jsonld::{DiagnosticKind, DocumentLoader, Options, ProcessingMode};
use harvest_rdf::{BlankNodes, Dataset, GraphName, Iri, Literal, Subject, Term};
use oxrdf::dataset::CanonicalizationAlgorithm;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Where the suite is published.
pub const BASE: &str = "https://w3c.github.io/json-ld-api/tests/";

/// The manifests run.
pub const MANIFESTS: [&str; 3] = ["toRdf", "expand", "html"];

/// One test.
#[derive(Debug, Clone, PartialEq)]
pub struct JsonLdCase {
    /// `toRdf/t0001` (the manifest and the test's id without `#`).
    pub name: String,
    /// The input, relative to the suite (with a fragment identifier in some `html` tests).
    pub input: String,
    /// The expected output, relative to the suite; `None` for negative and syntax tests.
    pub expect: Option<String>,
    /// The expected error code of a negative test.
    pub error: Option<String>,
    /// The test's `option` object.
    pub options: Value,
}

/// The tests of the manifests in [`MANIFESTS`], in manifest order.
pub fn discover(folder: &Path) -> Result<Vec<JsonLdCase>, String> {
    let mut cases = Vec::new();
    for manifest in MANIFESTS {
        let path = folder.join(format!("{manifest}-manifest.jsonld"));
        let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let value: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let entries = value
            .get("sequence")
            .and_then(Value::as_array)
            .ok_or_else(|| format!("{}: no sequence", path.display()))?;
        for entry in entries {
            let field = |key: &str| entry.get(key).and_then(Value::as_str).map(str::to_owned);
            let (Some(id), Some(input)) = (field("@id"), field("input")) else {
                return Err(format!("{}: a test without @id or input", path.display()));
            };
            cases.push(JsonLdCase {
                name: format!("{manifest}/{}", id.trim_start_matches('#')),
                input,
                expect: field("expect"),
                error: field("expectErrorCode"),
                options: entry.get("option").cloned().unwrap_or(Value::Null),
            });
        }
    }
    Ok(cases)
}

/// The suite's files at their published addresses.
struct SuiteFiles(PathBuf);

impl DocumentLoader for SuiteFiles {
    fn load(&self, url: &str) -> Option<Vec<u8>> {
        let path = url.strip_prefix(BASE)?;
        let path = path.split(['#', '?']).next()?;
        if path.split('/').any(|part| part == "..") {
            return None;
        }
        std::fs::read(self.0.join(path)).ok()
    }
}

/// What the processor gave: a dataset, or the JSON-LD error code it raised.
type Produced = Result<Dataset, String>;

/// The error code of the first diagnostic that ends a block, if any.
fn error_code(diagnostics: &[harvest_jsonld::Diagnostic], html: bool) -> Option<String> {
    diagnostics.iter().find_map(|diagnostic| match &diagnostic.kind {
        DiagnosticKind::InvalidJsonLd { code } => Some(code.clone()),
        DiagnosticKind::RemoteContext { .. } => Some("loading remote context failed".to_owned()),
        // JSON-LD 1.1 API §9.4.3: a script element whose content is not JSON is an
        // `invalid script element`; a document that is not JSON cannot be loaded.
        DiagnosticKind::NotJson if html => Some("invalid script element".to_owned()),
        DiagnosticKind::NotJson => Some("loading document failed".to_owned()),
        _ => None,
    })
}

fn options_of(case: &JsonLdCase, folder: &Path) -> Options {
    let mode = match case.options.get("processingMode").and_then(Value::as_str) {
        Some("json-ld-1.0") => ProcessingMode::JsonLd10,
        _ => ProcessingMode::JsonLd11,
    };
    Options::new().schema_org(false).processing_mode(mode).loader(SuiteFiles(folder.to_path_buf()))
}

/// The JSON-LD document `path` (relative to the suite) to RDF.
fn document(folder: &Path, path: &str, base: Option<&str>, options: &Options) -> Produced {
    let text = std::fs::read_to_string(folder.join(path)).map_err(|e| format!("cannot read {path}: {e}"))?;
    let base = match base {
        Some(base) => Some(Iri::parse(base).map_err(|e| e.to_string())?),
        None => None,
    };
    let mut dataset = Dataset::new();
    let report = harvest_jsonld::document_to_rdf(&text, base.as_ref(), options, &mut BlankNodes::new(), &mut dataset);
    match error_code(&report.diagnostics, false) {
        Some(code) => Err(code),
        None => Ok(dataset),
    }
}

/// The JSON-LD of the HTML page `input` (a fragment identifier choosing its script element).
fn html_page(case: &JsonLdCase, folder: &Path, base: &str, options: &Options) -> Produced {
    let (path, fragment) = match case.input.split_once('#') {
        Some((path, fragment)) => (path, Some(fragment)),
        None => (case.input.as_str(), None),
    };
    let html = std::fs::read(folder.join(path)).map_err(|e| format!("cannot read {path}: {e}"))?;
    let url = Url::parse(base).map_err(|e| e.to_string())?;
    let doc = Document::parse_bytes(&html, &ParseOptions::new().url(url));
    // JSON-LD 1.1 API §9.1: toRdf() expands with extractAllScripts defaulting to true; the
    // other methods default to false.
    let to_rdf =
        case.expect.as_deref().is_some_and(|expect| expect.ends_with(".nq")) || case.name.starts_with("html/tr");
    let all = case.options.get("extractAllScripts").and_then(Value::as_bool).unwrap_or(to_rdf);
    let scripts: Vec<_> = match fragment {
        // JSON-LD 1.1 API §9.4.3: the element with that id, which must be a JSON-LD script.
        Some(id) => match doc.element_by_id(id) {
            Some(element) if harvest_jsonld::scripts(&doc).any(|script| script == element) => vec![element],
            _ => return Err("loading document failed".to_owned()),
        },
        None if all => harvest_jsonld::scripts(&doc).collect(),
        None => match harvest_jsonld::scripts(&doc).next() {
            Some(first) => vec![first],
            None => return Err("loading document failed".to_owned()),
        },
    };
    let mut dataset = Dataset::new();
    let mut nodes = BlankNodes::new();
    for script in scripts {
        let report = harvest_jsonld::script_to_rdf(&doc, &script, options, &mut nodes, &mut dataset);
        if let Some(code) = error_code(&report.diagnostics, true) {
            return Err(code);
        }
    }
    Ok(dataset)
}

/// Why a test does not apply, or uses an option harvest-jsonld does not offer.
fn not_run(case: &JsonLdCase) -> Option<String> {
    let option = |key: &str| case.options.get(key);
    if option("specVersion").and_then(Value::as_str) == Some("json-ld-1.0") {
        return Some("not run: a JSON-LD 1.0 test (specVersion json-ld-1.0)".to_owned());
    }
    if option("produceGeneralizedRdf").and_then(Value::as_bool) == Some(true) {
        return Some("not run: produceGeneralizedRdf (harvest writes RDF, not generalized RDF)".to_owned());
    }
    if let Some(direction) = option("rdfDirection").and_then(Value::as_str) {
        return Some(format!("not run: rdfDirection {direction} (an optional mode harvest-jsonld does not offer)"));
    }
    if option("expandContext").is_some() {
        return Some("not run: expandContext (an API option harvest-jsonld does not offer)".to_owned());
    }
    None
}

/// Runs one test.
pub fn run_case(case: &JsonLdCase, folder: &Path) -> Outcome {
    if let Some(reason) = not_run(case) {
        return Outcome::Failed(reason);
    }
    let options = options_of(case, folder);
    let input_path = case.input.split('#').next().unwrap_or_default();
    let base =
        case.options.get("base").and_then(Value::as_str).map_or_else(|| format!("{BASE}{input_path}"), str::to_owned);
    let html = case.name.starts_with("html/");
    let produced = if html {
        html_page(case, folder, &base, &options)
    } else {
        document(folder, &case.input, Some(&base), &options)
    };
    if let Some(expected) = &case.error {
        return match produced {
            Err(code) if code == *expected => Outcome::Passed,
            Err(code) => Outcome::Failed(format!("raised {code:?}, expected {expected:?}")),
            Ok(dataset) => Outcome::Failed(format!("no error, expected {expected:?}; gave:\n{}", canonical(&dataset))),
        };
    }
    let actual = match produced {
        Ok(dataset) => canonical(&dataset),
        Err(code) => return Outcome::Failed(format!("raised {code:?}")),
    };
    let Some(expect) = &case.expect else {
        return Outcome::Passed; // A positive syntax test: no error.
    };
    let expected = if expect.ends_with(".nq") {
        match expected_nquads(folder, expect) {
            Ok(dataset) => dataset,
            Err(e) => return Outcome::Failed(e),
        }
    } else {
        // The expected output is a JSON-LD document: its dataset, with no base (its IRIs are
        // as the processor left them).
        match document(folder, expect, None, &Options::new().schema_org(false).loader(SuiteFiles(folder.to_path_buf())))
        {
            Ok(dataset) => canonical(&dataset),
            Err(code) => return Outcome::Failed(format!("the expected output raised {code:?}")),
        }
    };
    if actual == expected {
        Outcome::Passed
    } else {
        Outcome::Failed(format!("datasets differ\nharvest:\n{actual}\nexpected:\n{expected}"))
    }
}

fn expected_nquads(folder: &Path, path: &str) -> Result<oxrdf::Dataset, String> {
    let text = std::fs::read(folder.join(path)).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut dataset = oxrdf::Dataset::new();
    for quad in oxttl::NQuadsParser::new().for_slice(&text) {
        dataset.insert(&quad.map_err(|e| format!("{path}: {e}"))?);
    }
    dataset.canonicalize(CanonicalizationAlgorithm::Unstable);
    Ok(dataset)
}

/// harvest's dataset as an oxrdf dataset, canonicalized (blank nodes up to renaming).
pub fn canonical(dataset: &Dataset) -> oxrdf::Dataset {
    let blank = |id: u64| oxrdf::BlankNode::new_unchecked(format!("b{id}"));
    let named = |iri: &Iri| oxrdf::NamedNode::new_unchecked(iri.as_str());
    let mut out = oxrdf::Dataset::new();
    for quad in dataset {
        let subject: oxrdf::Subject = match &quad.triple.subject {
            Subject::Iri(iri) => named(iri).into(),
            Subject::Blank(node) => blank(node.id()).into(),
        };
        let object: oxrdf::Term = match &quad.triple.object {
            Term::Iri(iri) => named(iri).into(),
            Term::Blank(node) => blank(node.id()).into(),
            Term::Literal(Literal::Simple { value }) => oxrdf::Literal::new_simple_literal(value).into(),
            Term::Literal(Literal::LanguageTagged { value, language }) => {
                oxrdf::Literal::new_language_tagged_literal_unchecked(value, language.as_str().to_ascii_lowercase())
                    .into()
            }
            Term::Literal(Literal::Typed { value, datatype }) => {
                oxrdf::Literal::new_typed_literal(value, named(datatype)).into()
            }
        };
        let graph: oxrdf::GraphName = match &quad.graph {
            GraphName::Iri(iri) => named(iri).into(),
            GraphName::Blank(node) => blank(node.id()).into(),
            _ => oxrdf::GraphName::DefaultGraph,
        };
        out.insert(&oxrdf::Quad::new(subject, named(&quad.triple.predicate), object, graph));
    }
    out.canonicalize(CanonicalizationAlgorithm::Unstable);
    out
}

/// Runs every test.
pub fn run(folder: &Path, cases: &[JsonLdCase], expectations: &Expectations) -> Report {
    let mut report = Report::default();
    for case in cases {
        report.record(&case.name, run_case(case, folder), expectations);
    }
    report
}
