//! Google Search's structured-data features as data (`data/google-features.txt`): for each, the
//! schema.org types it applies to, its required and recommended properties and its value
//! forms, read once per process. The format is described at the top of the file.

use std::sync::OnceLock;

/// The bundled table of Google Search features.
const BUNDLED: &str = include_str!("../data/google-features.txt");

/// The longest property path a rule may name: what bounds the walk from an item.
pub(crate) const MAX_PATH: usize = 4;

/// How much a rule of a feature weighs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Level {
    /// Without it the item is not eligible.
    Required,
    /// Required of an item that is no other item's value (a review on its own names what it
    /// reviews; nested in a product, the product is what it reviews).
    Standalone,
    /// Worth adding; the item is eligible without it.
    Recommended,
}

/// A requirement: on every value the scope reaches from the item (the item itself when the
/// scope is empty), one of the alternatives has a value.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct Requirement {
    /// How much it weighs.
    pub level: Level,
    /// The property path to the values it is checked on (`offers`), empty for the item.
    pub scope: Vec<Box<str>>,
    /// Property paths, one of which must have a value (`price`, `priceSpecification.price`).
    pub alternatives: Vec<Vec<Box<str>>>,
    /// As reports name it: each alternative's full path, `|` between them
    /// (`offers.price|offers.priceSpecification.price`).
    pub text: String,
}

/// The form a literal must have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum ValueKind {
    /// An ISO 8601 date or date-time (schema.org Date or DateTime).
    Date,
    /// An ISO 8601 date-time.
    DateTime,
    /// An ISO 8601 duration (`PT1H30M`).
    Duration,
    /// A number.
    Number,
    /// A number above 0.
    Positive,
    /// An integer.
    Integer,
    /// An absolute URL.
    Url,
    /// A well-formed BCP 47 language tag.
    Language,
}

impl ValueKind {
    fn parse(text: &str) -> Option<ValueKind> {
        Some(match text {
            "date" => ValueKind::Date,
            "datetime" => ValueKind::DateTime,
            "duration" => ValueKind::Duration,
            "number" => ValueKind::Number,
            "positive" => ValueKind::Positive,
            "integer" => ValueKind::Integer,
            "url" => ValueKind::Url,
            "language" => ValueKind::Language,
            _ => return None,
        })
    }

    /// What a value of this kind is, in words.
    pub fn describe(self) -> &'static str {
        match self {
            ValueKind::Date => "an ISO 8601 date or date-time",
            ValueKind::DateTime => "an ISO 8601 date-time",
            ValueKind::Duration => "an ISO 8601 duration",
            ValueKind::Number => "a number",
            ValueKind::Positive => "a number above 0",
            ValueKind::Integer => "an integer",
            ValueKind::Url => "an absolute URL",
            ValueKind::Language => "a BCP 47 language tag",
        }
    }
}

/// A value rule: every literal at the end of `path` has the form `kind`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct ValueRule {
    /// The form.
    pub kind: ValueKind,
    /// The property path from the item (`offers.price`).
    pub path: Vec<Box<str>>,
}

/// A Google Search feature: which items it applies to and what it asks of them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct Feature {
    /// Its stable id (`product-snippet`).
    pub id: &'static str,
    /// Its name (`Product snippet`).
    pub name: &'static str,
    /// Its Search Central page, which each of its rules cites.
    pub url: &'static str,
    /// The schema.org types it applies to; their subclasses too.
    pub types: Vec<&'static str>,
    /// Whether it applies only to items that are no other item's value.
    pub top_level: bool,
    /// Its requirements, in the order of the table.
    pub requirements: Vec<Requirement>,
    /// Its value rules.
    pub values: Vec<ValueRule>,
}

/// Why a line of the features table does not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TableError {
    pub(crate) line: usize,
    pub(crate) why: &'static str,
}

fn path(text: &str) -> Option<Vec<Box<str>>> {
    let segments: Vec<Box<str>> = text.split('.').map(Box::from).collect();
    let fine = !segments.is_empty() && segments.len() <= MAX_PATH && segments.iter().all(|s| !s.is_empty());
    fine.then_some(segments)
}

fn requirement(level: Level, text: &str) -> Option<Requirement> {
    let (scope, alternatives) = match text.split_once(':') {
        Some((scope, rest)) => (path(scope.trim())?, rest.trim()),
        None => (Vec::new(), text.trim()),
    };
    let alternatives: Vec<Vec<Box<str>>> = alternatives.split('|').map(path).collect::<Option<_>>()?;
    if alternatives.iter().any(|a| scope.len() + a.len() > MAX_PATH) {
        return None;
    }
    let text = alternatives
        .iter()
        .map(|alternative| scope.iter().chain(alternative).map(|s| &**s).collect::<Vec<_>>().join("."))
        .collect::<Vec<_>>()
        .join("|");
    Some(Requirement { level, scope, alternatives, text })
}

/// Reads the table (the format at the top of `data/google-features.txt`).
pub(crate) fn parse(text: &'static str) -> Result<Vec<Feature>, TableError> {
    let mut features: Vec<Feature> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let error = |why| TableError { line: number + 1, why };
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        if key == "feature" {
            features.push(Feature {
                id: rest,
                name: "",
                url: "",
                types: Vec::new(),
                top_level: false,
                requirements: Vec::new(),
                values: Vec::new(),
            });
            continue;
        }
        let Some(feature) = features.last_mut() else { return Err(error("a rule before any feature")) };
        match key {
            "name" => feature.name = rest,
            "url" => feature.url = rest,
            "types" => feature.types = rest.split_whitespace().collect(),
            "top-level" => feature.top_level = true,
            "required" | "standalone" | "recommended" => {
                let level = match key {
                    "required" => Level::Required,
                    "standalone" => Level::Standalone,
                    _ => Level::Recommended,
                };
                feature.requirements.push(requirement(level, rest).ok_or(error("not a rule"))?);
            }
            "value" => {
                let (kind, at) = rest.split_once(' ').ok_or(error("a value rule needs a kind and a path"))?;
                let kind = ValueKind::parse(kind).ok_or(error("unknown value kind"))?;
                feature.values.push(ValueRule { kind, path: path(at.trim()).ok_or(error("not a path"))? });
            }
            _ => return Err(error("unknown key")),
        }
    }
    match features.iter().position(|f| f.id.is_empty() || f.name.is_empty() || f.url.is_empty() || f.types.is_empty()) {
        Some(_) => Err(TableError { line: 0, why: "a feature without id, name, url or types" }),
        None => Ok(features),
    }
}

/// Google Search's structured-data features (the bundled table, read once per process).
///
/// ```
/// let product = harvest_check::features().iter().find(|f| f.id == "product-snippet").unwrap();
/// assert_eq!(product.types, ["Product"]);
/// assert!(product.requirements.iter().any(|r| r.text == "review|aggregateRating|offers"));
/// ```
pub fn features() -> &'static [Feature] {
    static FEATURES: OnceLock<Vec<Feature>> = OnceLock::new();
    // The bundled table is checked by this module's tests, so it always reads.
    FEATURES.get_or_init(|| parse(BUNDLED).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Vocabulary;

    #[test]
    fn the_bundled_table_reads_and_names_only_known_terms() {
        let features = parse(BUNDLED).unwrap();
        assert!(features.len() >= 25);
        let schema = Vocabulary::bundled();
        let mut ids: Vec<&str> = features.iter().map(|f| f.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), features.len(), "feature ids are unique");
        for feature in &features {
            assert!(feature.url.starts_with("https://developers.google.com/search/docs/"), "{}", feature.id);
            for name in &feature.types {
                assert!(schema.has_type(name), "{}: type {name}", feature.id);
            }
            let paths = feature
                .requirements
                .iter()
                .flat_map(|r| r.alternatives.iter().map(move |a| r.scope.iter().chain(a)))
                .map(|p| p.collect::<Vec<_>>())
                .chain(feature.values.iter().map(|v| v.path.iter().collect()));
            for p in paths {
                for segment in p {
                    let name = segment.strip_suffix("-input").unwrap_or(segment);
                    assert!(schema.has_property(name), "{}: property {segment}", feature.id);
                }
            }
        }
    }

    #[test]
    fn bad_tables_are_refused_with_their_line() {
        assert_eq!(parse("required name").unwrap_err().line, 1);
        assert_eq!(parse("feature a\nname A\nfrobnicate x").unwrap_err().line, 3);
        assert_eq!(parse("feature a\nname A\nvalue often name").unwrap_err().why, "unknown value kind");
        assert!(parse("feature a\nname A\nrequired a.b.c.d.e").is_err());
        assert!(parse("feature a\nname A\nrequired a.b: c.d.e").is_err());
        assert!(parse("feature a\nname A").is_err());
        let ok =
            parse("feature a\nname A\nurl u\ntypes Thing\nrequired offers: price|priceSpecification.price").unwrap();
        assert_eq!(ok[0].requirements[0].text, "offers.price|offers.priceSpecification.price");
    }
}
