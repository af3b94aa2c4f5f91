//! On the real pages of the benchmark corpus, the RDF of every JSON-LD block equals an
//! independent extraction: rdflib's JSON-LD parser with the same schema.org context
//! (`tests/rdflib_oracle.py`), the datasets compared up to blank node renaming.
//!
//! The oracle runs with the Python `HARVEST_PYTHON` names (`scripts/test.sh` sets it to its
//! virtualenv, where rdflib is installed from `crates/python/requirements-test.txt`): there a
//! missing rdflib fails the test. A plain `cargo test` tries `python3` and says SKIPPED
//! without rdflib.

mod common;

use harvest_rdf::{BlankNodes, Dataset};
use serde_json::{json, Value};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// The oracle's answer for each block, or `None` when it cannot run (and need not).
fn rdflib(blocks: &[Value]) -> Option<Vec<Value>> {
    let named = std::env::var("HARVEST_PYTHON").ok().filter(|python| !python.is_empty());
    let required = named.is_some();
    let python = named.unwrap_or_else(|| "python3".to_owned());
    let probe = Command::new(&python).args(["-c", "import rdflib"]).output();
    if !probe.as_ref().is_ok_and(|out| out.status.success()) {
        assert!(!required, "HARVEST_PYTHON={python} cannot import rdflib (crates/python/requirements-test.txt)");
        eprintln!("SKIPPED: the rdflib oracle (pip install rdflib)");
        return None;
    }
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let request = json!({
        "context": manifest.join("contexts/schemaorg-30.0.jsonld"),
        "blocks": blocks,
    });
    let mut child = Command::new(&python)
        .arg(manifest.join("tests/rdflib_oracle.py"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(request.to_string().as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    Some(serde_json::from_slice(&out.stdout).unwrap())
}

#[test]
fn every_block_of_the_real_pages_is_what_rdflib_reads() {
    let Some(corpus) = harvest_test_support::required_corpus() else { return };
    let pages = harvest_test_support::html_files(&corpus.join("real"));
    assert!(!pages.is_empty(), "no real pages in {}", corpus.display());
    let mut blocks = Vec::new();
    let mut ours = Vec::new();
    for path in &pages {
        let name = path.file_name().unwrap().to_string_lossy();
        let url = harvest_dom::Url::parse(&format!("https://corpus.example/{name}")).unwrap();
        let html = std::fs::read(path).unwrap();
        let doc = harvest_dom::Document::parse_bytes(&html, &harvest_dom::ParseOptions::new().url(url));
        for script in harvest_jsonld::scripts(&doc) {
            let mut dataset = Dataset::new();
            let options = harvest_jsonld::Options::new();
            let report = harvest_jsonld::script_to_rdf(&doc, &script, &options, &mut BlankNodes::new(), &mut dataset);
            if !report.is_clean() {
                eprintln!("{name}: not compared: {:?}", report.diagnostics);
                continue;
            }
            blocks.push(json!({"text": script.text_content(), "base": doc.base_url().map(|url| url.to_string())}));
            ours.push((format!("{name} {}", doc.element_path(&script)), common::nquads(&dataset)));
        }
    }
    assert!(blocks.len() >= 30, "the real pages hold JSON-LD blocks ({})", blocks.len());
    let Some(theirs) = rdflib(&blocks) else { return };
    let mut differences = Vec::new();
    for ((name, ours), theirs) in ours.iter().zip(&theirs) {
        let Some(text) = theirs.get("nquads").and_then(Value::as_str) else {
            differences.push(format!("{name}: rdflib failed: {theirs}"));
            continue;
        };
        let expected = common::canonical(text).unwrap_or_else(|e| panic!("{name}: rdflib's N-Quads: {e}"));
        let actual = common::canonical(ours).unwrap_or_else(|e| panic!("{name}: harvest's N-Quads: {e}\n{ours}"));
        if actual != expected {
            differences.push(format!("{name}:\nharvest:\n{actual}\nrdflib:\n{expected}"));
        }
    }
    assert!(
        differences.is_empty(),
        "{} of {} blocks differ:\n{}",
        differences.len(),
        ours.len(),
        differences.join("\n")
    );
}
