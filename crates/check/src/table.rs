//! The compact table of a schema.org release: what harvest-check keeps of the vocabulary, read
//! from a release file (`schemaorg-current-https.jsonld`) or from the table's own text.
//!
//! One term a line, tab-separated, sorted by kind then name; `-` stands for an empty field:
//!
//! ```text
//! T  name  status  superseded-by  superclasses…        (a type: rdfs:Class)
//! P  name  status  superseded-by  domain…  range…      (a property: rdf:Property)
//! M  name  status  superseded-by  types…               (an enumeration member: an instance)
//! ```
//!
//! `status` is `stable`, `pending` or `attic` (the term's `schema:isPartOf`, as schema.org's
//! "Hosted sections" page describes them: pending.schema.org and attic.schema.org; the hosted
//! extensions health-lifesci, auto, bib and meta are stable). Lists are space-separated. Only
//! `schema:` terms are kept, and of their relations only the ones naming `schema:` terms.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::Value;

use crate::VocabularyError;

/// Where a term stands in schema.org's sections.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Status {
    /// In the core or a hosted extension other than pending and attic.
    Stable,
    /// In pending.schema.org: proposed, open to change.
    Pending,
    /// In attic.schema.org: retired.
    Attic,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Status::Stable => "stable",
            Status::Pending => "pending",
            Status::Attic => "attic",
        }
    }

    fn parse(text: &str) -> Option<Status> {
        match text {
            "stable" => Some(Status::Stable),
            "pending" => Some(Status::Pending),
            "attic" => Some(Status::Attic),
            _ => None,
        }
    }
}

/// One term of the table, by name (its relations by name too).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct RawTerm {
    pub(crate) status: Option<Status>,
    pub(crate) superseded_by: Option<String>,
    /// Types: superclasses. Members: the types they are instances of.
    pub(crate) parents: Vec<String>,
    /// Properties only.
    pub(crate) domain: Vec<String>,
    /// Properties only.
    pub(crate) range: Vec<String>,
}

impl RawTerm {
    pub(crate) fn status(&self) -> Status {
        self.status.unwrap_or(Status::Stable)
    }
}

/// The table: types, properties and enumeration members, each sorted by name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct RawTable {
    pub(crate) types: BTreeMap<String, RawTerm>,
    pub(crate) properties: BTreeMap<String, RawTerm>,
    pub(crate) members: BTreeMap<String, RawTerm>,
}

const SCHEMA: &str = "schema:";
const HEADER: &str = "# harvest-check: the schema.org vocabulary as a compact table (see data/NOTICE.md; \
regenerate with `cargo run -p harvest-check --example vocabulary-table -- RELEASE.jsonld`)\n";

/// The `@id`s of a member that is one node or a list of nodes.
fn ids(value: Option<&Value>) -> Vec<&str> {
    match value {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|v| match v {
                Value::String(text) => Some(text.as_str()),
                _ => v.get("@id")?.as_str(),
            })
            .collect(),
        Some(Value::Object(object)) => object.get("@id").and_then(Value::as_str).into_iter().collect(),
        Some(Value::String(text)) => vec![text.as_str()],
        _ => Vec::new(),
    }
}

/// The names of the `schema:` terms among `ids`, sorted, without repeats.
fn schema_names(ids: Vec<&str>) -> Vec<String> {
    let mut names: Vec<String> = ids.into_iter().filter_map(|id| id.strip_prefix(SCHEMA)).map(str::to_owned).collect();
    names.sort();
    names.dedup();
    names
}

impl RawTable {
    /// Reads a release in JSON-LD (schema.org's `schemaorg-current-https.jsonld` or `-http`):
    /// a `@graph` of nodes in the compact form of the release's own context (`schema:`, `rdfs:`
    /// prefixes), as schema.org publishes every release since 3.x.
    pub(crate) fn from_release(json: &str) -> Result<RawTable, VocabularyError> {
        let document: Value = serde_json::from_str(json).map_err(|e| VocabularyError::Json(e.to_string()))?;
        let graph = document.get("@graph").and_then(Value::as_array).ok_or(VocabularyError::NoGraph)?;
        let mut table = RawTable::default();
        for node in graph {
            let Some(name) = node.get("@id").and_then(Value::as_str).and_then(|id| id.strip_prefix(SCHEMA)) else {
                continue;
            };
            let status = ids(node.get("schema:isPartOf")).iter().find_map(|part| {
                let host = part.trim_start_matches("https://").trim_start_matches("http://").trim_end_matches('/');
                match host {
                    "pending.schema.org" => Some(Status::Pending),
                    "attic.schema.org" => Some(Status::Attic),
                    _ => None,
                }
            });
            let superseded_by = schema_names(ids(node.get("schema:supersededBy"))).into_iter().next();
            let term = |parents: Vec<String>, domain: Vec<String>, range: Vec<String>| RawTerm {
                status: Some(status.unwrap_or(Status::Stable)),
                superseded_by: superseded_by.clone(),
                parents,
                domain,
                range,
            };
            let kinds = ids(node.get("@type"));
            for kind in &kinds {
                match *kind {
                    "rdfs:Class" => {
                        let parents = schema_names(ids(node.get("rdfs:subClassOf")));
                        table.types.insert(name.to_owned(), term(parents, Vec::new(), Vec::new()));
                    }
                    "rdf:Property" => {
                        let domain = schema_names(ids(node.get("schema:domainIncludes")));
                        let range = schema_names(ids(node.get("schema:rangeIncludes")));
                        table.properties.insert(name.to_owned(), term(Vec::new(), domain, range));
                    }
                    _ => {}
                }
            }
            // An instance of schema.org types: an enumeration member (`InStock`), a data type
            // (`Text` is a `DataType`) or a `Boolean` value (`True`).
            let classes = schema_names(kinds);
            if !classes.is_empty() {
                table.members.insert(name.to_owned(), term(classes, Vec::new(), Vec::new()));
            }
        }
        if table.types.is_empty() || table.properties.is_empty() {
            return Err(VocabularyError::NoGraph);
        }
        Ok(table)
    }

    /// The table's text (the format of the module documentation).
    pub(crate) fn to_text(&self) -> String {
        fn list(out: &mut String, names: &[String]) {
            out.push('\t');
            if names.is_empty() {
                out.push('-');
            }
            for (i, name) in names.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push_str(name);
            }
        }
        let mut out = String::from(HEADER);
        for (kind, terms) in [("T", &self.types), ("P", &self.properties), ("M", &self.members)] {
            for (name, term) in terms {
                let _ = write!(
                    out,
                    "{kind}\t{name}\t{}\t{}",
                    term.status().as_str(),
                    term.superseded_by.as_deref().unwrap_or("-")
                );
                if kind == "P" {
                    list(&mut out, &term.domain);
                    list(&mut out, &term.range);
                } else {
                    list(&mut out, &term.parents);
                }
                out.push('\n');
            }
        }
        out
    }

    /// Reads the table's text back.
    pub(crate) fn from_text(text: &str) -> Result<RawTable, VocabularyError> {
        let mut table = RawTable::default();
        for (index, line) in text.lines().enumerate() {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || VocabularyError::Table { line: index + 1 };
            let fields: Vec<&str> = line.split('\t').collect();
            let list = |field: &str| -> Vec<String> {
                if field == "-" {
                    Vec::new()
                } else {
                    field.split(' ').map(str::to_owned).collect()
                }
            };
            let (kind, name, status, superseded) = match fields[..] {
                [kind, name, status, superseded, ..] => (kind, name, status, superseded),
                _ => return Err(bad()),
            };
            let mut term = RawTerm {
                status: Some(Status::parse(status).ok_or_else(bad)?),
                superseded_by: (superseded != "-").then(|| superseded.to_owned()),
                ..RawTerm::default()
            };
            let terms = match (kind, &fields[4..]) {
                ("P", [domain, range]) => {
                    term.domain = list(domain);
                    term.range = list(range);
                    &mut table.properties
                }
                ("T", [parents]) => {
                    term.parents = list(parents);
                    &mut table.types
                }
                ("M", [parents]) => {
                    term.parents = list(parents);
                    &mut table.members
                }
                _ => return Err(bad()),
            };
            terms.insert(name.to_owned(), term);
        }
        Ok(table)
    }
}
