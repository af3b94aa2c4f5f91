#![doc = include_str!("../README.md")]
//!
//! WHATWG microdata: the modern model of the HTML 5.1 microdata chapter (the HTML Standard, §5.2),
//! its JSON conversion (§5.4.1), a DOM-style API after the microdata DOM API (`getItems`,
//! `properties`, `itemValue`) and a validator for the authoring rules.
//!
//! * [`items`] / [`get_items`]: the top-level items of a document as [`Item`]s; each has its
//!   [`Item::element`], [`Item::types`], [`Item::id`] (global identifier) and
//!   [`Item::properties`] — the property elements in tree order, each with its names, its
//!   element and its [`PropertyValue`] (a nested [`Item`] or a string). This is what the
//!   vCard, iCalendar, RDF and Atom conversions are written on.
//! * [`to_json`]: the JSON of §5.4.1, compact (the spec's shortest serialization) or pretty,
//!   with output limits ([`JsonOptions`]). [`Microdata::to_json_document`] gives the same
//!   document typed ([`JsonDocument`]), built by the same walk without writing the text;
//!   [`JsonDocument::from_json`] (or serde) reads the text.
//! * [`validate`]: every authoring error of the chapter that can be checked offline, as
//!   [`Diagnostic`]s naming the rule, the spec section and the element.
//!
//! Nothing recurses per tree level or per item nesting level, cycles made with `itemref`
//! terminate, and the JSON output, which `itemref` can make exponentially larger than the page,
//! is bounded by [`JsonOptions::max_values`] and [`JsonOptions::max_bytes`]. For many questions
//! about one document, build one [`Microdata`] and ask it.
//!
//! ```
//! use harvest_dom::{Document, ParseOptions, Url};
//! use harvest_microdata::{to_json, JsonOptions, PropertyValue};
//! let url = Url::parse("https://blog.example.com/progress-report").unwrap();
//! let doc = Document::parse_with(
//!     r#"<article itemscope itemtype="http://schema.org/BlogPosting">
//!          <h1 itemprop="headline">Progress report</h1>
//!          <link itemprop="url" href="?comments=0">
//!        </article>"#,
//!     &ParseOptions::new().url(url),
//! );
//! assert_eq!(
//!     to_json(&doc, &JsonOptions::new()),
//!     r#"{"items":[{"type":["http://schema.org/BlogPosting"],"properties":{"headline":["Progress report"],"url":["https://blog.example.com/progress-report?comments=0"]}}]}"#
//! );
//! let items = harvest_microdata::items(&doc);
//! let properties = items[0].properties();
//! let (name, property) = properties.entries().nth(1).unwrap();
//! assert_eq!(name, "url");
//! assert!(property.is_url_property_element());
//! assert_eq!(property.value(), PropertyValue::Text("https://blog.example.com/progress-report?comments=0".into()));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Library code does not panic on what a page, a request or a file holds: no unwrap or expect
// outside tests (an invariant that needs one says why in an `allow`).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod json;
mod json_document;
mod json_read;
mod model;
mod options;
mod rules;
mod validate;
mod vocabulary;

pub use crate::json::{JsonOptions, LimitExceeded, DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, DEFAULT_MAX_VALUES};
pub use crate::json_document::{JsonDocument, JsonItem, JsonProperties, JsonValue};
pub use crate::json_read::JsonReadError;
pub use crate::model::{Item, Microdata, Properties, PropertiesIter, Property, PropertyList, PropertyValue};
pub use crate::options::MicrodataOptions;
pub use crate::rules::{spec_url, Rule};
pub use crate::validate::Diagnostic;

use harvest_dom::{Document, Element};

/// The top-level microdata items of a document, in tree order (`document.getItems()`).
pub fn items(doc: &Document) -> Vec<Item> {
    Microdata::new(doc).items()
}

/// `document.getItems(types)`: the top-level items having one of the item types in `types`
/// (split on ASCII whitespace), or every top-level item when `types` has no tokens.
pub fn get_items(doc: &Document, types: &str) -> Vec<Item> {
    Microdata::new(doc).get_items(types)
}

/// `element.itemValue`: the property value of an element with an `itemprop` attribute (HTML
/// §5.2.4), `None` for other elements. URLs resolve against `doc`'s base URL, hence the
/// document argument. To ask about many elements, build one [`Microdata`] and use
/// [`Microdata::item_value`].
pub fn item_value(doc: &Document, element: &Element) -> Option<PropertyValue> {
    Microdata::new(doc).item_value(element)
}

/// The JSON of HTML §5.4.1 for the whole document: `{"items": [...]}` with one object per
/// top-level item. When an output limit of `options` is reached the output stops there and
/// gets a `"truncated": true` member beside `"items"` (see [`try_to_json`] for an error
/// instead); a property whose first value is past the limit is left out, never written
/// without values.
///
/// ```
/// let doc = harvest_dom::Document::parse("<div itemscope><span itemprop='a b'>x</span></div>");
/// let options = harvest_microdata::JsonOptions::new();
/// assert_eq!(harvest_microdata::to_json(&doc, &options), r#"{"items":[{"properties":{"a":["x"],"b":["x"]}}]}"#);
/// let cut = harvest_microdata::to_json(&doc, &options.max_values(1));
/// assert_eq!(cut, r#"{"items":[{"properties":{"a":["x"]}}],"truncated":true}"#);
/// ```
pub fn to_json(doc: &Document, options: &JsonOptions) -> String {
    Microdata::new(doc).to_json(options)
}

/// Like [`to_json`], but reaching an output limit is an error.
pub fn try_to_json(doc: &Document, options: &JsonOptions) -> Result<String, LimitExceeded> {
    Microdata::new(doc).try_to_json(options)
}

/// Checks the document against the authoring rules of the microdata chapter; see [`Rule`] for
/// the list. Diagnostics come in the tree order of their elements, and by rule (in
/// [`Rule::ALL`] order) for one element.
///
/// ```
/// let doc = harvest_dom::Document::parse("<div itemtype='https://e.example/T'><p itemprop=x>y</p></div>");
/// let found: Vec<_> = harvest_microdata::validate(&doc).into_iter().map(|d| (d.rule, d.path)).collect();
/// use harvest_microdata::Rule;
/// assert_eq!(found, vec![
///     (Rule::AttributeWithoutItemscope, "html>body>div".to_string()),
///     (Rule::UnownedProperty, "html>body>div>p".to_string()),
/// ]);
/// ```
pub fn validate(doc: &Document) -> Vec<Diagnostic> {
    Microdata::new(doc).validate()
}
