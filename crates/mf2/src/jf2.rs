//! JF2 (W3C Social Web WG note "JF2 Post Serialization Format"): the simplified JSON that
//! IndieWeb readers, Micropub clients and webmention services consume.
//!
//! The conversion from the microformats2 JSON, as the note's "Syntax" and "Deriving the Syntax"
//! sections give it:
//!
//! 1. an item becomes an object whose `type` is its first type without the `h-` prefix
//!    (`h-entry` → `"entry"`; a single string, §Reserved Properties);
//! 2. each property becomes a key of the object; "arrays that have only a single item SHOULD be
//!    condensed into only the single containing item", so one value is the value itself and
//!    several stay an array;
//! 3. a nested item (a property value) becomes its own JF2 object, inline;
//! 4. an `e-*` value becomes `{"html": ..., "text": ...}` (§HTML Content);
//! 5. `children` (items that are no property's value) stay an array even with one item;
//! 6. the item's language (with [`crate::Options::lang`]) becomes `lang`;
//! 7. a page with one top-level item is that item; with several (or none), "the parser creates
//!    an implicit top-level collection with no properties": `{"children": [...]}`.
//!
//! What JF2 has no place for is left out: the root element's HTML `id`, an item value's plain
//! `value` (its JF2 object carries the same properties), and the page's `rels`. An image value
//! with `alt` (or `srcset`) keeps its object form (`{"value", "alt"}`), which JF2 leaves open.
//!
//! ```
//! use harvest_mf2::{parse_html, Options};
//! let page = "<article class=h-entry><a class='p-author h-card' href=/ada>Ada</a>\
//!             <p class=p-name>Hello</p><div class=e-content><b>Hi</b></div>\
//!             <a class=p-category>a</a><a class=p-category>b</a></article>";
//! let doc = parse_html(page, "https://example.com/", &Options::new()).unwrap();
//! assert_eq!(doc.to_jf2(), serde_json::json!({
//!     "type": "entry",
//!     "author": {"type": "card", "name": "Ada", "url": "https://example.com/ada"},
//!     "name": "Hello",
//!     "content": {"html": "<b>Hi</b>", "text": "Hi"},
//!     "category": ["a", "b"]
//! }));
//! ```

use crate::model::{Document, Item, PropertyValue};
use serde_json::{json, Map, Value};

impl Document {
    /// The document as JF2 (see the [module documentation](crate::jf2)).
    pub fn to_jf2(&self) -> Value {
        match self.items.as_slice() {
            [item] => item_to_jf2(item),
            items => json!({ "children": items.iter().map(item_to_jf2).collect::<Vec<_>>() }),
        }
    }
}

/// One item as a JF2 object. It recurses once per level of item nesting, which the parser
/// bounds ([`crate::MAX_ITEM_DEPTH`]), as serializing the microformats2 JSON does.
fn item_to_jf2(item: &Item) -> Value {
    let mut object = Map::new();
    if let Some(first) = item.type_.first() {
        object.insert("type".to_owned(), Value::String(first.strip_prefix("h-").unwrap_or(first).to_owned()));
    }
    if let Some(lang) = &item.lang {
        object.insert("lang".to_owned(), Value::String(lang.clone()));
    }
    for (name, values) in &item.properties {
        let mut converted: Vec<Value> = values.iter().map(value_to_jf2).collect();
        let value = if converted.len() == 1 { converted.remove(0) } else { Value::Array(converted) };
        object.insert(name.clone(), value);
    }
    if !item.children.is_empty() {
        object.insert("children".to_owned(), Value::Array(item.children.iter().map(item_to_jf2).collect()));
    }
    Value::Object(object)
}

fn value_to_jf2(value: &PropertyValue) -> Value {
    match value {
        PropertyValue::Text(text) => Value::String(text.clone()),
        PropertyValue::Item(item) => item_to_jf2(item),
        PropertyValue::Html(html) => json!({ "html": html.html, "text": html.value }),
        PropertyValue::Url(url) => serde_json::to_value(url).unwrap_or(Value::Null),
    }
}
