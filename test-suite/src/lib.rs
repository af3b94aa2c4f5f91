//! The conformance runner: runs a parser over a directory of `NAME.html` + `NAME.json` cases
//! and compares the JSON it gives with the expected JSON *as values* (object members in any
//! order, array items in order).
//!
//! Known failures live in an expectations file, one case per line with the reason:
//!
//! ```text
//! # comments and blank lines are ignored
//! microformats-v2/h-card/impliedname: the suite contradicts itself here, see docs/conformance.md
//! ```
//!
//! A run is clean when every failing case is listed and every listed case fails, so the list
//! never goes stale.

use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

pub mod html5lib;
pub mod jsonld;
pub mod microdata_rdf;
pub mod outputs;
mod parsers;
pub mod rdfa;
pub mod schemaorg_examples;
mod suites;
pub use parsers::{parser, parser_names, registry, Parser};
pub use suites::{locate, require, Located, Suite};

/// One test case: an HTML page and the JSON a parser must give for it.
#[derive(Debug, Clone)]
pub struct Case {
    /// The case's path relative to the suite directory, without extension
    /// (`microformats-v2/h-card/impliedname`).
    pub name: String,
    /// The HTML file.
    pub html: PathBuf,
    /// The expected JSON file.
    pub json: PathBuf,
}

/// Finds every `NAME.html` with a sibling `NAME.json` below `dir`, sorted by name.
pub fn discover(dir: &Path) -> std::io::Result<Vec<Case>> {
    let mut cases = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        for entry in fs::read_dir(&current)? {
            let path = entry?.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "html") {
                let json = path.with_extension("json");
                if json.is_file() {
                    let relative = path.strip_prefix(dir).unwrap_or(&path).with_extension("");
                    let name =
                        relative.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
                    cases.push(Case { name, html: path, json });
                }
            }
        }
    }
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(cases)
}

/// Known failures: case name → reason.
#[derive(Debug, Clone, Default)]
pub struct Expectations {
    known_failures: BTreeMap<String, String>,
}

impl Expectations {
    /// Parses an expectations file (`case: reason` lines, `#` comments).
    pub fn parse(text: &str) -> Result<Expectations, String> {
        let mut known_failures = BTreeMap::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((case, reason)) = line.split_once(':') else {
                return Err(format!("line {}: expected `case: reason`, found {line:?}", number + 1));
            };
            let (case, reason) = (case.trim(), reason.trim());
            if reason.is_empty() {
                return Err(format!("line {}: {case} is listed without a reason", number + 1));
            }
            known_failures.insert(case.to_owned(), reason.to_owned());
        }
        Ok(Expectations { known_failures })
    }

    /// Reads an expectations file; a missing file means no known failures.
    pub fn load(path: &Path) -> Result<Expectations, String> {
        match fs::read_to_string(path) {
            Ok(text) => Self::parse(&text).map_err(|e| format!("{}: {e}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Expectations::default()),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// The reason a case is expected to fail, if it is.
    pub fn reason(&self, case: &str) -> Option<&str> {
        self.known_failures.get(case).map(String::as_str)
    }
}

/// What happened to one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The output matched.
    Passed,
    /// The output differed (or the parser or files failed); the text says how.
    Failed(String),
}

/// The result of running a suite.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Every case with its outcome, in name order.
    pub results: Vec<(String, Outcome)>,
    /// Cases that failed without being listed.
    pub unexpected_failures: Vec<String>,
    /// Cases listed as known failures that passed.
    pub unexpected_passes: Vec<String>,
    /// Cases listed as known failures that failed, as listed.
    pub known_failures: Vec<String>,
}

impl Report {
    /// Number of cases that passed.
    pub fn passed(&self) -> usize {
        self.results.iter().filter(|(_, o)| *o == Outcome::Passed).count()
    }

    /// Number of cases that failed (listed or not).
    pub fn failed(&self) -> usize {
        self.results.len() - self.passed()
    }

    /// Whether the run matches the expectations exactly.
    pub fn is_clean(&self) -> bool {
        self.unexpected_failures.is_empty() && self.unexpected_passes.is_empty()
    }

    /// Adds a case's outcome, sorted against the expectations.
    pub fn record(&mut self, name: &str, outcome: Outcome, expectations: &Expectations) {
        let listed = expectations.reason(name).is_some();
        match (&outcome, listed) {
            (Outcome::Passed, true) => self.unexpected_passes.push(name.to_owned()),
            (Outcome::Failed(_), true) => self.known_failures.push(name.to_owned()),
            (Outcome::Failed(_), false) => self.unexpected_failures.push(name.to_owned()),
            (Outcome::Passed, false) => {}
        }
        self.results.push((name.to_owned(), outcome));
    }

    /// Passed and total counts per top-level folder of the suite (per file for html5lib's
    /// `FILE#N` cases).
    pub fn per_folder(&self) -> BTreeMap<String, (usize, usize)> {
        let mut folders: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        for (name, outcome) in &self.results {
            let folder = name.split(['/', '#']).next().unwrap_or(name).to_owned();
            let entry = folders.entry(folder).or_default();
            entry.1 += 1;
            if *outcome == Outcome::Passed {
                entry.0 += 1;
            }
        }
        folders
    }
}

/// Runs `parser` over `cases`. Each page's URL is `base_url` when given, else the one the
/// parser gives for the case's folder ([`Parser::base_url_for`]).
pub fn run(cases: &[Case], parser: &Parser, base_url: Option<&str>, expectations: &Expectations) -> Report {
    let mut report = Report::default();
    for case in cases {
        let outcome = run_case(case, parser, base_url.unwrap_or_else(|| parser.base_url_for(&case.name)));
        report.record(&case.name, outcome, expectations);
    }
    report
}

fn run_case(case: &Case, parser: &Parser, base_url: &str) -> Outcome {
    let html = match fs::read(&case.html) {
        Ok(bytes) => bytes,
        Err(e) => return Outcome::Failed(format!("cannot read {}: {e}", case.html.display())),
    };
    let expected: Value = match fs::read_to_string(&case.json)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()))
    {
        Ok(value) => value,
        Err(e) => return Outcome::Failed(format!("cannot read {}: {e}", case.json.display())),
    };
    match (parser.run)(&html, base_url) {
        Err(e) => Outcome::Failed(format!("parser error: {e}")),
        Ok(actual) => {
            let differences = diff(&expected, &actual);
            if differences.is_empty() {
                Outcome::Passed
            } else {
                Outcome::Failed(differences.join("\n"))
            }
        }
    }
}

fn short(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 200 {
        format!("{}…", text.chars().take(200).collect::<String>())
    } else {
        text
    }
}

/// The differences between two JSON values, one line each, with the JSON path where they
/// differ. Objects compare regardless of member order; arrays item by item.
///
/// ```
/// use serde_json::json;
/// let lines = harvest_test_suite::diff(&json!({"a": [1, 2], "b": 1}), &json!({"b": 1, "a": [1, 3], "c": 0}));
/// assert_eq!(lines, vec!["$.c: unexpected, got 0", "$.a[1]: expected 2, got 3"]);
/// ```
pub fn diff(expected: &Value, actual: &Value) -> Vec<String> {
    let mut lines = Vec::new();
    let mut pending = vec![("$".to_owned(), expected, actual)];
    while let Some((path, expected, actual)) = pending.pop() {
        match (expected, actual) {
            (Value::Object(e), Value::Object(a)) => {
                let mut children = Vec::new();
                for (key, value) in e {
                    match a.get(key) {
                        Some(other) => children.push((format!("{path}.{key}"), value, other)),
                        None => lines.push(format!("{path}.{key}: missing, expected {}", short(value))),
                    }
                }
                for (key, value) in a {
                    if !e.contains_key(key) {
                        lines.push(format!("{path}.{key}: unexpected, got {}", short(value)));
                    }
                }
                pending.extend(children.into_iter().rev());
            }
            (Value::Array(e), Value::Array(a)) => {
                if e.len() != a.len() {
                    lines.push(format!("{path}: expected {} items, got {}: {}", e.len(), a.len(), short(actual)));
                } else {
                    pending.extend(e.iter().zip(a).enumerate().rev().map(|(i, (x, y))| (format!("{path}[{i}]"), x, y)));
                }
            }
            _ if expected != actual => {
                lines.push(format!("{path}: expected {}, got {}", short(expected), short(actual)))
            }
            _ => {}
        }
    }
    lines
}

/// A human summary of a report: a line per unexpected outcome with its diff, the per-folder
/// table, and last the `N passed, N failed` line.
pub fn summary(report: &Report, expectations: &Expectations) -> String {
    let mut out = String::new();
    for (name, outcome) in &report.results {
        if let Outcome::Failed(reason) = outcome {
            match expectations.reason(name) {
                Some(known) => {
                    let _ = writeln!(out, "KNOWN FAILURE {name} ({known})");
                }
                None => {
                    let _ = writeln!(out, "FAIL {name}");
                    for line in reason.lines() {
                        let _ = writeln!(out, "    {line}");
                    }
                }
            }
        }
    }
    for name in &report.unexpected_passes {
        let _ = writeln!(out, "UNEXPECTED PASS {name}: remove it from the expectations file");
    }
    for (folder, (passed, total)) in report.per_folder() {
        let _ = writeln!(out, "{folder}: {passed}/{total}");
    }
    let _ = writeln!(out, "{} passed, {} failed", report.passed(), report.failed());
    out
}
