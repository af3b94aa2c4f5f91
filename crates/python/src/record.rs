//! The `all` record of `extract` and `iter_warc`: the front door's record
//! ([`harvest_html::Extractor`]'s options) of every syntax but JSON-LD as JSON values, and the
//! JSON-LD blocks kept as checked JSON text ([`harvest_html::jsonld_blocks::block_texts`]) so
//! that Python gets their numbers exact, read strictly or leniently as the caller asks.
//!
//! The JSON values come from the record's streamed serialization
//! ([`harvest_html::output::Extraction::All`] with the extractor's options), not from the typed
//! [`harvest_html::Record`]: the same values, 2-4% faster over the benchmark corpus (measured
//! in one process, interleaved), as the typed record reads the microdata JSON into its model
//! before it becomes values.

use crate::convert::{from_json_text, to_python};
use harvest_html::jsonld_blocks::{block_texts, Reading};
use harvest_html::output::{ExtractError, Extraction, Output};
use harvest_html::{Extractor, Limits, Page, Syntax};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// How `jsonld=` names a [`Reading`].
pub fn reading(name: &str) -> PyResult<Reading> {
    match name {
        "strict" => Ok(Reading::Strict),
        "lenient" => Ok(Reading::Lenient),
        other => Err(PyValueError::new_err(format!("jsonld must be \"strict\" or \"lenient\", not {other:?}"))),
    }
}

/// A page's `all` record, computed without the GIL: the other syntaxes as JSON, the JSON-LD
/// blocks as text.
pub struct Record {
    pub members: Map<String, Value>,
    pub jsonld: Option<Vec<Box<RawValue>>>,
}

impl Record {
    /// Parses the page once and extracts what `extractor` names, within `limits`.
    pub fn extract(
        page: &Page,
        extractor: &Extractor,
        reading: Reading,
        limits: &Limits,
    ) -> Result<Record, ExtractError> {
        let syntaxes = &extractor.all_options().syntaxes;
        let wants_jsonld = syntaxes.contains(&Syntax::JsonLd);
        let others = extractor
            .clone()
            .syntaxes(syntaxes.iter().copied().filter(|s| *s != Syntax::JsonLd))
            .limits(limits.clone());
        let doc = others.parse(page);
        let members = match Extraction::All(others.all_options().clone()).run_on_limited(&doc, limits)? {
            Output::Json(Value::Object(members)) => members,
            _ => return Err(ExtractError::Failed("the all record is not a JSON object".to_owned())),
        };
        let mut record = Record { members, jsonld: None };
        if wants_jsonld {
            let (texts, errors) = block_texts(&doc, reading);
            record.jsonld = Some(texts);
            if !errors.is_empty() {
                record.members.insert("errors".to_owned(), Value::Array(errors));
            }
        }
        Ok(record)
    }

    /// The keys in record order: `url`, the syntaxes in `Syntax::ALL` order, `errors`.
    fn keys(&self) -> Vec<&str> {
        let mut keys = vec!["url"];
        for syntax in Syntax::ALL {
            if syntax == Syntax::JsonLd && self.jsonld.is_some() || self.members.contains_key(syntax.name()) {
                keys.push(syntax.name());
            }
        }
        if self.members.contains_key("errors") {
            keys.push("errors");
        }
        keys
    }

    /// The JSON-LD blocks as one JSON array text.
    fn jsonld_text(&self) -> String {
        let texts: Vec<&str> = self.jsonld.iter().flatten().map(|raw| raw.get()).collect();
        format!("[{}]", texts.join(","))
    }

    /// The record as a dict of Python objects.
    pub fn to_python<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for key in self.keys() {
            if key == Syntax::JsonLd.name() {
                let blocks = PyList::empty(py);
                for raw in self.jsonld.iter().flatten() {
                    blocks.append(from_json_text(py, raw.get())?)?;
                }
                dict.set_item(key, blocks)?;
            } else if let Some(value) = self.members.get(key) {
                dict.set_item(key, to_python(py, value)?)?;
            }
        }
        Ok(dict)
    }

    /// Each member as JSON text (`iter_warc(as_json=True)`), written without the GIL.
    pub fn to_texts(&self) -> Vec<(String, String)> {
        self.keys()
            .into_iter()
            .filter_map(|key| match key == Syntax::JsonLd.name() {
                true => Some((key.to_owned(), self.jsonld_text())),
                false => self.members.get(key).map(|value| (key.to_owned(), value.to_string())),
            })
            .collect()
    }

    /// How much each syntax found.
    pub fn counts(&self) -> Vec<(&'static str, usize)> {
        Syntax::ALL
            .iter()
            .filter_map(|syntax| match *syntax {
                Syntax::JsonLd => self.jsonld.as_ref().map(|blocks| (syntax.name(), blocks.len())),
                _ => self.members.get(syntax.name()).map(|value| (syntax.name(), syntax.count(value))),
            })
            .collect()
    }
}
