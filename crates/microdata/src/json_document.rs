//! The typed document of HTML §5.4.1's JSON: [`JsonDocument`], its items, values and
//! properties, with serde implementations that write and read the writer's JSON.

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::HashMap;
use std::fmt;

/// The JSON document of HTML §5.4.1, typed: built directly by
/// [`crate::Microdata::to_json_document`], read from the text by [`JsonDocument::from_json`] or with
/// serde.
///
/// ```
/// use harvest_microdata::{JsonDocument, JsonValue, JsonOptions};
/// let doc = harvest_dom::Document::parse("<p itemscope itemtype='https://e.example/T'><b itemprop=n>x</b></p>");
/// let json = harvest_microdata::to_json(&doc, &JsonOptions::new());
/// let parsed: JsonDocument = serde_json::from_str(&json).unwrap();
/// assert_eq!(parsed.items[0].types, ["https://e.example/T"]);
/// assert_eq!(parsed.items[0].properties.get("n"), Some(&[JsonValue::Text("x".into())][..]));
/// assert_eq!(serde_json::to_string(&parsed).unwrap(), json);
/// ```
///
/// The serde implementations recurse once per level of item nesting, and `serde_json` stops
/// reading at 128 levels of JSON nesting (about 40 levels of items) with an error. The
/// writer's default depth bound ([`crate::JsonOptions::max_depth`], 32 items, 98 levels of
/// JSON) stays within it; [`JsonDocument::from_json`] reads any depth without recursion.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct JsonDocument {
    /// The top-level items.
    pub items: Vec<JsonItem>,
    /// Present (and `true`) when an output limit cut the output short.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
}

/// An item object: `type`, `id`, `properties`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct JsonItem {
    /// The item types (the `type` member, left out when empty).
    #[serde(rename = "type", default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<String>,
    /// The global identifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The properties, by name, in the order the names were first met.
    pub properties: JsonProperties,
}

impl Drop for JsonItem {
    // Dropping nested items one at a time keeps deep item chains off the call stack.
    fn drop(&mut self) {
        let mut pending: Vec<JsonItem> = Vec::new();
        take_nested(&mut self.properties, &mut pending);
        while let Some(mut item) = pending.pop() {
            take_nested(&mut item.properties, &mut pending);
        }
    }
}

fn take_nested(properties: &mut JsonProperties, pending: &mut Vec<JsonItem>) {
    for (_, values) in std::mem::take(&mut properties.0) {
        for value in values {
            if let JsonValue::Item(item) = value {
                pending.push(item);
            }
        }
    }
}

/// A property value: a string (`"ERROR"` for an item already being written) or an item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum JsonValue {
    /// A string value.
    Text(String),
    /// A nested item.
    Item(JsonItem),
}

/// The `properties` object: names with their values, in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct JsonProperties(pub Vec<(String, Vec<JsonValue>)>);

impl JsonProperties {
    /// The values of a name.
    pub fn get(&self, name: &str) -> Option<&[JsonValue]> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, values)| values.as_slice())
    }

    /// The names, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(name, _)| name.as_str())
    }
}

impl Serialize for JsonProperties {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, values) in &self.0 {
            map.serialize_entry(name, values)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for JsonProperties {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PropertiesVisitor;
        impl<'de> Visitor<'de> for PropertiesVisitor {
            type Value = JsonProperties;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of property names to arrays of values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<JsonProperties, A::Error> {
                let mut entries: Vec<(String, Vec<JsonValue>)> = Vec::new();
                let mut index: HashMap<String, usize> = HashMap::new();
                while let Some((name, values)) = map.next_entry::<String, Vec<JsonValue>>()? {
                    // A repeated name (never written by the writer) adds to the first one.
                    match index.get(&name).and_then(|&i| entries.get_mut(i)) {
                        Some((_, existing)) => existing.extend(values),
                        None => {
                            index.insert(name.clone(), entries.len());
                            entries.push((name, values));
                        }
                    }
                }
                Ok(JsonProperties(entries))
            }
        }
        deserializer.deserialize_map(PropertiesVisitor)
    }
}
