//! The vocabulary registry of the W3C note "Microdata to RDF" (§ Vocabulary Registry).
//!
//! A registry maps URI prefixes (vocabularies) to rules; the note's JSON form is
//!
//! ```json
//! { "http://schema.org/": { "properties": {
//!     "additionalType": { "subPropertyOf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#type" } } } }
//! ```
//!
//! The rules this edition of the note defines are the per-property `subPropertyOf` and
//! `equivalentProperty` keys (an IRI or an array of IRIs), which add a triple with that
//! predicate beside the property's own (§ Vocabulary Expansion). Other keys (the 2014
//! edition's `propertyURI` and `multipleValues`, which this edition removed) are read and
//! ignored, so registries written for either edition load.
//!
//! [`Registry::default`] is the default registry the note publishes at
//! `http://www.w3.org/ns/md` (schema.org over `http` and `https` with `additionalType` a
//! sub-property of `rdf:type`, and the hCard profile); [`Registry::from_json`] reads another.
//!
//! ```
//! use harvest_export::rdf::registry::Registry;
//! let registry = Registry::from_json(r#"{"http://expansion/": {"properties": {
//!     "sub": {"subPropertyOf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"}}}}"#).unwrap();
//! let vocabulary = registry.vocabulary("http://expansion/Type").unwrap();
//! assert_eq!(vocabulary.prefix(), "http://expansion/");
//! assert_eq!(vocabulary.expansions("sub"), ["http://www.w3.org/1999/02/22-rdf-syntax-ns#type"]);
//! assert!(Registry::default().vocabulary("https://schema.org/Person").is_some());
//! ```

use serde_json::Value;
use std::collections::HashMap;

/// Why a registry could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegistryError {
    /// The text is not JSON.
    #[error("the registry is not JSON: {0}")]
    NotJson(String),
    /// The JSON does not have the registry's shape.
    #[error("the registry's {at} is not {expected}")]
    Shape {
        /// Where (`"http://schema.org/".properties.name`...).
        at: String,
        /// What it should be.
        expected: &'static str,
    },
}

/// The rules of one vocabulary: its URI prefix and per-property expansions.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Vocabulary {
    prefix: String,
    /// Property name → the IRIs of its `subPropertyOf` and `equivalentProperty` keys.
    expansions: HashMap<String, Vec<String>>,
}

impl Vocabulary {
    /// The URI prefix.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// The `subPropertyOf` and `equivalentProperty` IRIs of property `name`, in that order.
    pub fn expansions(&self, name: &str) -> &[String] {
        self.expansions.get(name).map_or(&[], Vec::as_slice)
    }
}

/// A vocabulary registry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registry {
    vocabularies: Vec<Vocabulary>,
}

/// The default registry (`http://www.w3.org/ns/md`), as published with the note.
const DEFAULT: &str = r#"{
  "http://schema.org/": {
    "properties": {"additionalType": {"subPropertyOf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"}}
  },
  "https://schema.org/": {
    "properties": {"additionalType": {"subPropertyOf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"}}
  },
  "http://microformats.org/profile/hcard": {}
}"#;

impl Default for Registry {
    fn default() -> Registry {
        // The built-in text is valid; an empty registry is the fallback all the same.
        Registry::from_json(DEFAULT).unwrap_or(Registry { vocabularies: Vec::new() })
    }
}

/// The strings of a JSON string or array of strings.
fn iris(value: &Value, at: &str) -> Result<Vec<String>, RegistryError> {
    let shape = || RegistryError::Shape { at: at.to_owned(), expected: "an IRI or an array of IRIs" };
    match value {
        Value::String(iri) => Ok(vec![iri.clone()]),
        Value::Array(values) => {
            values.iter().map(|value| value.as_str().map(str::to_owned).ok_or_else(shape)).collect()
        }
        _ => Err(shape()),
    }
}

impl Registry {
    /// A registry with no vocabulary: every item's vocabulary comes from its type.
    pub fn empty() -> Registry {
        Registry { vocabularies: Vec::new() }
    }

    /// Reads a registry in the note's JSON form. Keys starting with `@` (comments) are skipped.
    pub fn from_json(text: &str) -> Result<Registry, RegistryError> {
        let root: Value = serde_json::from_str(text).map_err(|e| RegistryError::NotJson(e.to_string()))?;
        let Value::Object(entries) = root else {
            return Err(RegistryError::Shape { at: "top level".to_owned(), expected: "an object" });
        };
        let mut vocabularies = Vec::new();
        for (prefix, rules) in entries.iter().filter(|(key, _)| !key.starts_with('@')) {
            let Value::Object(rules) = rules else {
                return Err(RegistryError::Shape { at: format!("{prefix:?}"), expected: "an object" });
            };
            let mut vocabulary = Vocabulary { prefix: prefix.clone(), expansions: HashMap::new() };
            if let Some(properties) = rules.get("properties") {
                let Value::Object(properties) = properties else {
                    return Err(RegistryError::Shape { at: format!("{prefix:?}.properties"), expected: "an object" });
                };
                for (name, property) in properties {
                    let at = format!("{prefix:?}.properties.{name}");
                    let Value::Object(property) = property else {
                        return Err(RegistryError::Shape { at, expected: "an object" });
                    };
                    let mut expansions = Vec::new();
                    for key in ["subPropertyOf", "equivalentProperty"] {
                        if let Some(value) = property.get(key) {
                            expansions.extend(iris(value, &format!("{at}.{key}"))?);
                        }
                    }
                    if !expansions.is_empty() {
                        vocabulary.expansions.insert(name.clone(), expansions);
                    }
                }
            }
            vocabularies.push(vocabulary);
        }
        Ok(Registry { vocabularies })
    }

    /// The vocabulary whose URI prefix `vocabulary_identifier` starts with, character for
    /// character (the longest such prefix when several match).
    pub fn vocabulary(&self, vocabulary_identifier: &str) -> Option<&Vocabulary> {
        self.vocabularies
            .iter()
            .filter(|vocabulary| vocabulary_identifier.starts_with(vocabulary.prefix.as_str()))
            .max_by_key(|vocabulary| vocabulary.prefix.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays_both_keys_comments_and_bad_shapes() {
        let registry = Registry::from_json(
            r#"{"@comment": "x", "http://a/": {"propertyURI": "vocabulary", "properties": {
                "p": {"subPropertyOf": ["http://b/1", "http://b/2"], "equivalentProperty": "http://b/3"}}}}"#,
        )
        .unwrap();
        assert_eq!(
            registry.vocabulary("http://a/T").unwrap().expansions("p"),
            ["http://b/1", "http://b/2", "http://b/3"]
        );
        assert!(registry.vocabulary("http://c/T").is_none());
        assert!(matches!(Registry::from_json("[]"), Err(RegistryError::Shape { .. })));
        assert!(matches!(Registry::from_json("{"), Err(RegistryError::NotJson(_))));
        let bad = Registry::from_json(r#"{"http://a/": {"properties": {"p": {"subPropertyOf": 3}}}}"#);
        assert!(matches!(bad, Err(RegistryError::Shape { .. })));
    }

    #[test]
    fn the_longest_prefix_wins() {
        let registry = Registry::from_json(r#"{"http://a/": {}, "http://a/b/": {}}"#).unwrap();
        assert_eq!(registry.vocabulary("http://a/b/T").unwrap().prefix(), "http://a/b/");
        assert_eq!(registry.vocabulary("http://a/T").unwrap().prefix(), "http://a/");
    }
}
