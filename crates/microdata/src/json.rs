//! HTML §5.4.1: converting microdata to JSON, and serde types for reading that JSON back.
//!
//! The writer walks items with an explicit stack and writes as it goes, so item nesting of any
//! depth (an `itemref` chain of any length) is written without recursion. The spec's memory
//! list is the path from the top-level item being written down to the current item: an item
//! already on that path is written as the string `"ERROR"`.
//!
//! # Output limits
//!
//! The same item can appear in the output many times: every item that reaches it through
//! `itemref` gets its own copy, and a web of `itemref`s doubles the output at every level, so a
//! small page can ask for an output of exponential size. [`JsonOptions::max_values`] and
//! [`JsonOptions::max_bytes`] bound it. When a limit is reached, [`crate::to_json`] stops adding
//! values, closes what is open and adds `"truncated": true` beside `"items"`;
//! [`crate::try_to_json`] returns [`LimitExceeded`] instead.

use crate::model::{property_text, Inner, Microdata};
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::HashMap;
use std::fmt;
use thiserror::Error;

/// Default of [`JsonOptions::max_values`].
pub const DEFAULT_MAX_VALUES: usize = 1_000_000;
/// Default of [`JsonOptions::max_bytes`] (256 MiB).
pub const DEFAULT_MAX_BYTES: usize = 256 << 20;

/// How to write the JSON.
///
/// ```
/// let options = harvest_microdata::JsonOptions::new().pretty(true).max_values(10_000);
/// assert!(options.is_pretty());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JsonOptions {
    pretty: bool,
    max_values: usize,
    max_bytes: usize,
}

impl Default for JsonOptions {
    fn default() -> Self {
        JsonOptions { pretty: false, max_values: DEFAULT_MAX_VALUES, max_bytes: DEFAULT_MAX_BYTES }
    }
}

impl JsonOptions {
    /// Compact output (the spec's shortest serialization) with the default limits.
    pub fn new() -> Self {
        Self::default()
    }

    /// Indent with two spaces, one member or array entry per line.
    pub fn pretty(mut self, pretty: bool) -> Self {
        self.pretty = pretty;
        self
    }

    /// The most property values (strings, item objects and `"ERROR"` strings, counting each
    /// time one is written) the output may hold; default [`DEFAULT_MAX_VALUES`].
    pub fn max_values(mut self, max_values: usize) -> Self {
        self.max_values = max_values;
        self
    }

    /// The most bytes the output may hold, not counting the closing brackets and the
    /// `"truncated"` member written after a limit is reached (a value that would pass it is
    /// not written); default [`DEFAULT_MAX_BYTES`].
    pub fn max_bytes(mut self, max_bytes: usize) -> Self {
        self.max_bytes = max_bytes;
        self
    }

    /// Whether the output is indented.
    pub fn is_pretty(&self) -> bool {
        self.pretty
    }
}

/// Which output limit was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LimitExceeded {
    /// More than [`JsonOptions::max_values`] values.
    #[error("the microdata JSON would hold more than {0} values")]
    Values(usize),
    /// More than [`JsonOptions::max_bytes`] bytes.
    #[error("the microdata JSON would be longer than {0} bytes")]
    Bytes(usize),
}

/// A JSON writer with separators and optional indentation; containers are tracked with a
/// stack of "no entry yet" flags.
struct Writer {
    out: String,
    pretty: bool,
    empty: Vec<bool>,
    after_key: bool,
}

impl Writer {
    fn new(pretty: bool) -> Self {
        Writer { out: String::new(), pretty, empty: Vec::new(), after_key: false }
    }

    fn newline(&mut self) {
        if self.pretty {
            self.out.push('\n');
            for _ in 0..self.empty.len() {
                self.out.push_str("  ");
            }
        }
    }

    /// What goes before a value or a key: nothing after a key, else a comma unless it is the
    /// container's first entry, and the indentation.
    fn entry(&mut self) {
        if std::mem::take(&mut self.after_key) {
            return;
        }
        if let Some(empty) = self.empty.last_mut() {
            let first = std::mem::replace(empty, false);
            if !first {
                self.out.push(',');
            }
            self.newline();
        }
    }

    fn open(&mut self, bracket: char) {
        self.entry();
        self.out.push(bracket);
        self.empty.push(true);
    }

    fn close(&mut self, bracket: char) {
        let empty = self.empty.pop().unwrap_or(true);
        if !empty {
            self.newline();
        }
        self.out.push(bracket);
    }

    /// The state to go back to with [`Writer::rollback`].
    fn checkpoint(&self) -> (usize, Option<bool>, usize) {
        (self.out.len(), self.empty.last().copied(), self.empty.len())
    }

    fn rollback(&mut self, (length, empty, depth): (usize, Option<bool>, usize)) {
        self.out.truncate(length);
        self.empty.truncate(depth);
        if let (Some(flag), Some(empty)) = (self.empty.last_mut(), empty) {
            *flag = empty;
        }
        self.after_key = false;
    }

    fn key(&mut self, key: &str) {
        self.entry();
        write_string(&mut self.out, key);
        self.out.push(':');
        if self.pretty {
            self.out.push(' ');
        }
        self.after_key = true;
    }

    fn string(&mut self, value: &str) {
        self.entry();
        write_string(&mut self.out, value);
    }
}

/// A JSON string, escaped the shortest way (HTML §5.4.1 step 5): the two-character escapes for
/// `"`, `\`, backspace, form feed, line feed, carriage return and tab, `\u00XX` for the other
/// control characters, everything else as it is.
pub(crate) fn write_string(out: &mut String, value: &str) {
    out.push('"');
    let mut rest = value;
    // The characters to escape are ASCII, and no byte of another character's UTF-8 is one.
    while let Some(position) = rest.bytes().position(|b| b < b' ' || b == b'"' || b == b'\\') {
        out.push_str(&rest[..position]);
        let c = rest[position..].chars().next().unwrap_or(' ');
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            other => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let code = other as usize;
                out.push_str("\\u00");
                out.push(char::from(HEX[(code >> 4) & 0xf]));
                out.push(char::from(HEX[code & 0xf]));
            }
        }
        rest = &rest[position + c.len_utf8()..];
    }
    out.push_str(rest);
    out.push('"');
}

/// One item object being written: its properties grouped by name, and how far the writing got.
struct Frame<'a> {
    item: usize,
    /// (name, property elements with that name), names in the order first met.
    groups: Vec<(&'a str, Vec<usize>)>,
    group: usize,
    /// Next element of the current group; 0 means the group's array is not open yet.
    position: usize,
}

/// HTML §5.4.1 for the top-level items among `nodes` (element indices in tree order).
pub(crate) fn write_json(inner: &Inner, top: &[usize], options: &JsonOptions) -> (String, Option<LimitExceeded>) {
    let mut w = Writer::new(options.pretty);
    let mut values = 0usize;
    let mut limit = None;
    // The memory list of "get the object": the items on the path being written.
    let mut on_path = vec![false; inner.items.len()];
    let mut stack: Vec<Frame<'_>> = Vec::new();
    w.open('{');
    w.key("items");
    w.open('[');
    'items: for &item in top {
        let checkpoint = w.checkpoint();
        open_item(inner, &mut w, &mut stack, &mut on_path, item);
        if w.out.len() > options.max_bytes {
            w.rollback(checkpoint);
            stack.clear();
            on_path[item] = false;
            limit = Some(LimitExceeded::Bytes(options.max_bytes));
            break;
        }
        while let Some(frame) = stack.last_mut() {
            let Some((_, elements)) = frame.groups.get(frame.group) else {
                // Step 8: the properties object is complete.
                w.close('}');
                w.close('}');
                on_path[frame.item] = false;
                stack.pop();
                continue;
            };
            if frame.position == 0 {
                let name = frame.groups[frame.group].0;
                w.key(name);
                w.open('[');
            }
            let Some(&node) = elements.get(frame.position) else {
                w.close(']');
                frame.group += 1;
                frame.position = 0;
                continue;
            };
            frame.position += 1;
            if values >= options.max_values {
                limit = Some(LimitExceeded::Values(options.max_values));
                break 'items;
            }
            values += 1;
            let entry = &inner.nodes[node];
            let checkpoint = w.checkpoint();
            let depth = stack.len();
            // Step 7.2: an item value is written as an object, or "ERROR" if in memory.
            if entry.itemscope {
                if on_path[entry.item] {
                    w.string("ERROR");
                } else {
                    open_item(inner, &mut w, &mut stack, &mut on_path, entry.item);
                }
            } else {
                w.string(&property_text(inner, node));
            }
            if w.out.len() > options.max_bytes {
                // Take the value back out, so the output stays within the limit.
                w.rollback(checkpoint);
                if stack.len() > depth {
                    if let Some(frame) = stack.pop() {
                        on_path[frame.item] = false;
                    }
                }
                limit = Some(LimitExceeded::Bytes(options.max_bytes));
                break 'items;
            }
        }
    }
    if limit.is_some() {
        // Close what is open: the current group's array, then every item object.
        while let Some(frame) = stack.pop() {
            if frame.position > 0 {
                w.close(']');
            }
            w.close('}');
            w.close('}');
        }
    }
    w.close(']');
    if limit.is_some() {
        w.key("truncated");
        w.entry();
        w.out.push_str("true");
    }
    w.close('}');
    (w.out, limit)
}

/// Items with up to this many property names find a name's group by comparing names.
const FEW_GROUPS: usize = 16;

/// Steps 1–6 of "get the object for an item": opens the item object and its properties.
fn open_item<'a>(inner: &'a Inner, w: &mut Writer, stack: &mut Vec<Frame<'a>>, on_path: &mut [bool], item: usize) {
    on_path[item] = true;
    let data = &inner.items[item];
    w.open('{');
    if !data.types.is_empty() {
        w.key("type");
        w.open('[');
        for item_type in &data.types {
            w.string(item_type);
        }
        w.close(']');
    }
    if let Some(id) = &data.id {
        w.key("id");
        w.string(id.as_str());
    }
    w.key("properties");
    w.open('{');
    let mut groups: Vec<(&str, Vec<usize>)> = Vec::new();
    // Names → groups, once there are too many groups to compare a name with each.
    let mut group_of: HashMap<&str, usize> = HashMap::new();
    for &node in inner.crawl(item).properties.iter() {
        for name in &inner.nodes[node].names {
            let name = name.as_str();
            let known = if groups.len() <= FEW_GROUPS {
                groups.iter().position(|(group, _)| *group == name)
            } else {
                if group_of.is_empty() {
                    group_of.extend(groups.iter().enumerate().map(|(index, (group, _))| (*group, index)));
                }
                group_of.get(name).copied()
            };
            let index = known.unwrap_or_else(|| {
                groups.push((name, Vec::new()));
                if !group_of.is_empty() {
                    group_of.insert(name, groups.len() - 1);
                }
                groups.len() - 1
            });
            if let Some(group) = groups.get_mut(index) {
                group.1.push(node);
            }
        }
    }
    stack.push(Frame { item, groups, group: 0, position: 0 });
}

impl Microdata {
    /// The JSON of HTML §5.4.1 for every top-level item of the document; see
    /// [`crate::to_json`].
    pub fn to_json(&self, options: &JsonOptions) -> String {
        self.write(options).0
    }

    /// Like [`Microdata::to_json`], but an output limit gives an error instead of a truncated
    /// output.
    pub fn try_to_json(&self, options: &JsonOptions) -> Result<String, LimitExceeded> {
        match self.write(options) {
            (out, None) => Ok(out),
            (_, Some(limit)) => Err(limit),
        }
    }

    fn write(&self, options: &JsonOptions) -> (String, Option<LimitExceeded>) {
        let top: Vec<usize> = self
            .inner
            .items
            .iter()
            .enumerate()
            .filter(|(_, item)| !self.inner.nodes[item.node].itemprop_attr)
            .map(|(i, _)| i)
            .collect();
        write_json(&self.inner, &top, options)
    }
}

/// The JSON document of HTML §5.4.1, for reading the output back with serde.
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
/// reading at 128 levels of JSON nesting (about 40 levels of items) with an error; the writer
/// behind [`crate::to_json`] has no such bound, and [`JsonDocument::from_json`] reads what it
/// writes however deep, without recursion.
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
