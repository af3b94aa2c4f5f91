//! Reading the JSON of HTML §5.4.1 back into [`JsonDocument`] without recursion.
//!
//! serde's derived readers recurse once per level of item nesting, and serde_json stops at 128
//! levels of JSON nesting (about 40 levels of items), while the writer nests items as deep as
//! the page does. This reader follows the document's one shape with an explicit stack of the
//! items being read, so any nesting the writer produces reads back.

use crate::json_document::{JsonDocument, JsonItem, JsonProperties, JsonValue};
use json_event_parser::{JsonEvent, SliceJsonParser};
use thiserror::Error;

/// Why a text is not a microdata JSON document.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum JsonReadError {
    /// The text is not JSON.
    #[error("not JSON: {0}")]
    Syntax(String),
    /// The text is JSON of another shape.
    #[error("not a microdata JSON document: {0}")]
    Shape(&'static str),
}

/// Where the reader is inside an item object.
#[derive(Clone, Copy)]
enum Within {
    /// Between the item's members.
    Item,
    /// Inside the `type` array.
    Types,
    /// After the `id` key.
    Id,
    /// Between the names of the `properties` object.
    Properties,
    /// Inside the array of the last property name read.
    Values,
}

impl JsonDocument {
    /// Reads the JSON that [`crate::to_json`] writes (compact or pretty), however deep its
    /// items nest.
    ///
    /// ```
    /// use harvest_microdata::{JsonDocument, JsonOptions, JsonValue};
    /// // 300 items, each the `a` of the one around it: past what serde_json reads (128 levels).
    /// let nested = "<div itemscope>".to_owned() + &"<div itemprop=a itemscope>".repeat(300);
    /// let json = harvest_microdata::to_json(&harvest_dom::Document::parse(&nested), &JsonOptions::new());
    /// let document = JsonDocument::from_json(&json)?;
    /// let Some([JsonValue::Item(inner)]) = document.items[0].properties.get("a") else { panic!() };
    /// assert_eq!(inner.properties.names().collect::<Vec<_>>(), ["a"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_json(text: &str) -> Result<JsonDocument, JsonReadError> {
        let mut parser = SliceJsonParser::new(text.as_bytes());
        let mut next = || read_event(&mut parser);
        let shape = JsonReadError::Shape;
        if next()? != JsonEvent::StartObject {
            return Err(shape("the document is not an object"));
        }
        let mut document = JsonDocument::default();
        // The items being read, outermost first, each with where the reader is inside it.
        let mut open: Vec<(JsonItem, Within)> = Vec::new();
        loop {
            let event = next()?;
            let Some((item, within)) = open.last_mut() else {
                // The document object's members.
                match event {
                    JsonEvent::ObjectKey(key) if key == "items" => {
                        if next()? != JsonEvent::StartArray {
                            return Err(shape("items is not an array"));
                        }
                        match next()? {
                            JsonEvent::StartObject => open.push((JsonItem::default(), Within::Item)),
                            JsonEvent::EndArray => {}
                            _ => return Err(shape("an item is not an object")),
                        }
                    }
                    JsonEvent::ObjectKey(key) if key == "truncated" => {
                        document.truncated = next()? == JsonEvent::Boolean(true);
                    }
                    JsonEvent::EndObject => break,
                    _ => return Err(shape("unexpected member of the document")),
                }
                continue;
            };
            match (*within, event) {
                (Within::Item, JsonEvent::ObjectKey(key)) => {
                    let (expected, then) = match &*key {
                        "type" => (JsonEvent::StartArray, Within::Types),
                        "id" => {
                            *within = Within::Id;
                            continue;
                        }
                        "properties" => (JsonEvent::StartObject, Within::Properties),
                        _ => return Err(shape("unexpected member of an item")),
                    };
                    if next()? != expected {
                        return Err(shape("an item member of the wrong type"));
                    }
                    *within = then;
                }
                (Within::Types, JsonEvent::String(value)) => item.types.push(value.into_owned()),
                (Within::Types, JsonEvent::EndArray) => *within = Within::Item,
                (Within::Id, JsonEvent::String(value)) => {
                    item.id = Some(value.into_owned());
                    *within = Within::Item;
                }
                (Within::Properties, JsonEvent::ObjectKey(name)) => {
                    if next()? != JsonEvent::StartArray {
                        return Err(shape("a property's values are not an array"));
                    }
                    item.properties.0.push((name.into_owned(), Vec::new()));
                    *within = Within::Values;
                }
                (Within::Properties, JsonEvent::EndObject) => *within = Within::Item,
                (Within::Values, JsonEvent::String(value)) => {
                    push_value(&mut item.properties, JsonValue::Text(value.into_owned()))
                }
                (Within::Values, JsonEvent::StartObject) => open.push((JsonItem::default(), Within::Item)),
                (Within::Values, JsonEvent::EndArray) => *within = Within::Properties,
                (Within::Item, JsonEvent::EndObject) => {
                    let Some((done, _)) = open.pop() else { break };
                    match open.last_mut() {
                        Some((parent, _)) => push_value(&mut parent.properties, JsonValue::Item(done)),
                        None => {
                            document.items.push(done);
                            match next()? {
                                JsonEvent::StartObject => open.push((JsonItem::default(), Within::Item)),
                                JsonEvent::EndArray => {}
                                _ => return Err(shape("an item is not an object")),
                            }
                        }
                    }
                }
                _ => return Err(shape("unexpected value in an item")),
            }
        }
        if next()? != JsonEvent::Eof {
            return Err(shape("text after the document"));
        }
        Ok(document)
    }
}

/// The next event of the text.
fn read_event<'a>(parser: &mut SliceJsonParser<'a>) -> Result<JsonEvent<'a>, JsonReadError> {
    parser.parse_next().map_err(|error| JsonReadError::Syntax(error.to_string()))
}

/// Adds a value to the property whose array is open (the last one).
fn push_value(properties: &mut JsonProperties, value: JsonValue) {
    if let Some((_, values)) = properties.0.last_mut() {
        values.push(value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::JsonOptions;

    /// Pages of every shape the writer has: types, ids, text and item values, `ERROR`, an
    /// item repeated through `itemref`, several top-level items, none.
    const PAGES: &[&str] = &[
        "",
        "<p>no items",
        r#"<div itemscope itemtype="https://schema.org/Person https://schema.org/Thing" itemid="urn:x:1">
             <span itemprop="name">Ada &quot;A&quot;</span><a itemprop="url sameAs" href="/a">a</a>
             <div itemprop="knows" itemscope><b itemprop="name">B</b></div></div>
           <p itemscope itemref="r"><i itemprop=q>1</i></p><p id=r itemprop=q>2</p>"#,
        "<div itemscope id=x itemref=x><b itemprop=self itemscope itemref=x></b></div>",
        // Escapes and characters of two, three and four bytes, in names, types and values.
        "<p itemscope itemtype='https://e.example/\u{e9}'><b itemprop='n\u{e9}'>\"q\" \\ \u{1}\t\u{20ac}\u{1f600}</b><b itemprop=e></b></p>\
         <div itemscope><div itemprop=a itemscope><b itemprop=b>1</b><b itemprop=b>2</b></div><b itemprop=c>3</b></div>",
    ];

    /// The document built by the writer's walk is the text read back, whatever the limits: at
    /// every `max_values` and `max_bytes` up to past the whole output, compact and pretty, it
    /// is cut at the same value, and the `try_` forms fail alike.
    #[test]
    fn the_built_document_is_the_text_read_back_at_every_limit() {
        for page in PAGES {
            let microdata = crate::Microdata::new(&harvest_dom::Document::parse(page));
            for pretty in [false, true] {
                let full = microdata.to_json(&JsonOptions::new().pretty(pretty));
                let limits = (0..=full.len() + 1).flat_map(|n| {
                    let options = JsonOptions::new().pretty(pretty);
                    [options.max_bytes(n), options.max_values(n)]
                });
                for options in limits {
                    let json = microdata.to_json(&options);
                    let built = microdata.to_json_document(&options);
                    assert_eq!(built, JsonDocument::from_json(&json).unwrap(), "{page} {options:?}");
                    let tried = microdata.try_to_json_document(&options);
                    assert_eq!(tried.as_ref().err(), microdata.try_to_json(&options).as_ref().err(), "{page}");
                    assert_eq!(tried.is_err(), built.truncated, "{page} {options:?}");
                }
            }
        }
    }

    #[test]
    fn reads_what_the_writer_writes_as_serde_does() {
        for page in PAGES {
            for pretty in [false, true] {
                let json = crate::to_json(&harvest_dom::Document::parse(page), &JsonOptions::new().pretty(pretty));
                let read = JsonDocument::from_json(&json).unwrap();
                assert_eq!(read, serde_json::from_str::<JsonDocument>(&json).unwrap(), "{page}");
            }
        }
        let truncated = crate::to_json(&harvest_dom::Document::parse(PAGES[2]), &JsonOptions::new().max_values(2));
        assert!(JsonDocument::from_json(&truncated).unwrap().truncated);
    }

    #[test]
    fn reads_nesting_past_serde_json_s_limit() {
        let page = "<div itemscope>".to_owned() + &"<div itemprop=a itemscope>".repeat(2_000);
        let deep = JsonOptions::new().max_depth(1_000);
        let json = crate::to_json(&harvest_dom::Document::parse(&page), &deep);
        assert!(serde_json::from_str::<JsonDocument>(&json).is_err());
        let mut depth = 0;
        let document = JsonDocument::from_json(&json).unwrap();
        let mut item = &document.items[0];
        while let Some([JsonValue::Item(inner)]) = item.properties.get("a") {
            item = inner;
            depth += 1;
        }
        // As deep as the parser's depth bound lets the page nest.
        assert!(depth > 400, "{depth}");
    }

    #[test]
    fn says_what_is_wrong() {
        for text in ["", "[]", "{\"items\":[1]}", "{\"items\":[{\"properties\":{\"a\":[true]}}]}", "{\"x\":1}"] {
            assert!(JsonDocument::from_json(text).is_err(), "{text}");
        }
    }
}
