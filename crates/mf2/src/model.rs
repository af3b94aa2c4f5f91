//! The parsed document: the JSON shape of microformats2 parsing as serde types.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

/// The result of parsing a page: its items, its rels and rel-urls.
///
/// Serialises to exactly the canonical microformats2 JSON (`items`, `rels`, `rel-urls`, and
/// `alternates` only when the legacy option asked for it), and deserialises back.
///
/// ```
/// let doc = harvest_mf2::parse_html(
///     "<a class=h-card href=/me>Me</a><a rel=me href=https://x.example/me>x</a>",
///     "http://example.test",
///     &harvest_mf2::Options::new(),
/// )
/// .unwrap();
/// assert_eq!(doc.items[0].properties["url"][0].as_text(), Some("http://example.test/me"));
/// assert_eq!(doc.rels["me"], ["https://x.example/me"]);
/// let again: harvest_mf2::Document = serde_json::from_str(&doc.to_json()).unwrap();
/// assert_eq!(again, doc);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Document {
    /// The top-level microformats, in document order.
    pub items: Vec<Item>,
    /// Each rel value with the URLs of the links that carry it, de-duplicated, in document order.
    pub rels: IndexMap<String, Vec<String>>,
    /// Each linked URL with the rels and attributes of its links.
    #[serde(rename = "rel-urls", default)]
    pub rel_urls: IndexMap<String, RelUrl>,
    /// The legacy `alternates` array ([`crate::Options::alternates`]): links with
    /// `rel=alternate`, which are then left out of `rels`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alternates: Option<Vec<Alternate>>,
    /// The limits this page reached, each once, in the order first reached: the output is
    /// then not the whole of what the page says (see [`Limit`]). Empty, and absent from the
    /// JSON, for every ordinary page. With [`crate::Options::strict_limits`] a limit is an error
    /// instead.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub truncated: Vec<Limit>,
}

/// A bound on the work a page can ask for, reached while parsing it. Serialised as its
/// kebab-case name (`"item-depth"`, ...).
///
/// ```
/// use harvest_mf2::{parse_html, Limit, Options};
/// let page = "<div class=h-entry><div class=h-card><div class=h-card>Deep</div></div></div>";
/// let doc = parse_html(page, "https://example.com/", &Options::new().max_item_depth(2)).unwrap();
/// assert_eq!(doc.truncated, [Limit::ItemDepth]);
/// assert!(doc.to_json().ends_with(r#""truncated":["item-depth"]}"#));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Limit {
    /// A root nested deeper than [`crate::Options::max_item_depth`] items was read as a plain
    /// element: its properties went to the enclosing item.
    ItemDepth,
    /// An item that is the value of several properties at once is copied into each; past
    /// [`crate::Options::max_copied_values`] such an item is the value of its last property
    /// only.
    CopiedValues,
    /// The include pattern stopped pulling elements in after
    /// [`crate::Options::max_includes`].
    Includes,
    /// The page nests elements deeper than the DOM's depth bound
    /// ([`harvest_dom::ParseOptions::max_depth`]) in a way the DOM could not keep exactly
    /// ([`harvest_dom::Document::depth_limit_hit`]): elements with attributes nested past that
    /// many such ancestors are stored flat, or misnested markup reached below the parser's
    /// window, so items and properties there may attach to a different parent.
    DomDepth,
    /// Values the page asked for would pass [`crate::Options::max_value_bytes`] bytes of text
    /// and HTML: those were left out.
    ValueBytes,
}

impl Limit {
    /// The name used in JSON, e.g. `"item-depth"`.
    pub fn name(self) -> &'static str {
        match self {
            Limit::ItemDepth => "item-depth",
            Limit::CopiedValues => "copied-values",
            Limit::Includes => "includes",
            Limit::DomDepth => "dom-depth",
            Limit::ValueBytes => "value-bytes",
        }
    }
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Document {
    /// Compact JSON.
    pub fn to_json(&self) -> String {
        // Serialising these types cannot fail: every map key is a string.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Indented JSON.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The document as a [`serde_json::Value`].
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// One microformat: an `h-*` root (or a classic root mapped to its `h-*` type).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Item {
    /// The types (`h-card`, ...), sorted and de-duplicated.
    #[serde(rename = "type")]
    pub type_: Vec<String>,
    /// The root element's `id`, when it has a non-empty one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The language of the root element (only with [`crate::Options::lang`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
    /// When the item is a property value: the plain value of that property.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<ItemValue>,
    /// When the item is the value of an `e-*` property: the root element's inner HTML.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub html: Option<String>,
    /// Property name (without prefix) to values, names in the order first found.
    pub properties: IndexMap<String, Vec<PropertyValue>>,
    /// Nested microformats that are not property values, in document order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<Item>,
    /// Where the item and each property value came from (only with
    /// [`crate::Options::source_paths`]).
    #[serde(rename = "source-paths", default, skip_serializing_if = "Option::is_none")]
    pub source_paths: Option<SourcePaths>,
}

/// The element paths of an item's root and of the element each property value came from
/// (`html>body>article:nth-child(2)>h1`, as `harvest_dom::Element::path` writes them), so that
/// a reader can see why a value appeared.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct SourcePaths {
    /// The item's root element.
    pub item: SourcePath,
    /// For each property, one path per value, in the order of the values: the property
    /// element, the nested item's root, or the element an implied value was read from.
    pub properties: IndexMap<String, Vec<SourcePath>>,
}

/// One element path of [`SourcePaths`], written in the JSON as its text. The paths of a page
/// are shared ([`harvest_dom::SharedPath`]): the items that name the same element, and the
/// copies of an item that is the value of several properties, hold one path between them.
///
/// ```
/// use harvest_mf2::SourcePath;
/// let path = SourcePath::from("html>body>article");
/// assert_eq!(path, "html>body>article");
/// assert_eq!(serde_json::to_string(&path).unwrap(), r#""html>body>article""#);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SourcePath(pub harvest_dom::SharedPath);

impl SourcePath {
    /// The length of the path's text, in bytes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the path is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::fmt::Display for SourcePath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

impl From<&str> for SourcePath {
    fn from(text: &str) -> SourcePath {
        SourcePath(harvest_dom::SharedPath::from(text))
    }
}

impl PartialEq<str> for SourcePath {
    fn eq(&self, other: &str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<&str> for SourcePath {
    fn eq(&self, other: &&str) -> bool {
        self.0 == **other
    }
}

impl PartialEq<String> for SourcePath {
    fn eq(&self, other: &String) -> bool {
        self.0 == *other
    }
}

impl Serialize for SourcePath {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for SourcePath {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<SourcePath, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
        Ok(SourcePath::from(&*text))
    }
}

impl Item {
    /// The values of a property (empty when the item does not have it).
    pub fn get(&self, name: &str) -> &[PropertyValue] {
        self.properties.get(name).map(Vec::as_slice).unwrap_or_default()
    }

    /// Whether the item has a type.
    pub fn has_type(&self, type_: &str) -> bool {
        self.type_.iter().any(|t| t == type_)
    }
}

/// One value of a property.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum PropertyValue {
    /// Plain text: `p-*`, `dt-*` and most `u-*` values.
    Text(String),
    /// A nested microformat that is the value of the property.
    Item(Box<Item>),
    /// An `e-*` value: the element's inner HTML and text.
    Html(Html),
    /// A `u-*` value from an `img` with `alt`: the URL and the alternative text.
    Url(UrlWithAlt),
}

impl PropertyValue {
    /// The plain text of the value: the text itself, the URL, the `value` of an HTML value or
    /// of a nested item.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            PropertyValue::Text(text) => Some(text),
            PropertyValue::Url(url) => Some(&url.value),
            PropertyValue::Html(html) => Some(&html.value),
            PropertyValue::Item(item) => item.value.as_ref().map(ItemValue::as_text),
        }
    }

    /// The nested item, when the value is one.
    pub fn as_item(&self) -> Option<&Item> {
        match self {
            PropertyValue::Item(item) => Some(item),
            _ => None,
        }
    }
}

/// The `value` of a nested item: text, or a URL with alternative text when the item's `u-url`
/// that provides it has one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum ItemValue {
    /// Plain text or a URL.
    Text(String),
    /// A URL with alternative text.
    Url(UrlWithAlt),
}

impl ItemValue {
    /// The text or URL.
    pub fn as_text(&self) -> &str {
        match self {
            ItemValue::Text(text) => text,
            ItemValue::Url(url) => &url.value,
        }
    }
}

/// An `e-*` property value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Html {
    /// The element's inner HTML (HTML fragment serialisation).
    pub html: String,
    /// The element's text.
    pub value: String,
    /// The element's language (only with [`crate::Options::lang`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
}

/// An image URL with its alternative text (`img` with `alt`) and, with
/// [`crate::Options::srcset`], its `srcset` candidates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct UrlWithAlt {
    /// The absolute URL.
    pub value: String,
    /// The `alt` attribute, as written (absent when the `img` has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alt: Option<String>,
    /// The `srcset` image candidates: descriptor (`1x`, `1.5x`, `640w`) → absolute URL, in
    /// attribute order, the first candidate of a descriptor kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub srcset: Option<IndexMap<String, String>>,
}

/// What the links to one URL say about it (`rel-urls`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct RelUrl {
    /// Every rel value of every link to this URL, de-duplicated, in document order.
    pub rels: Vec<String>,
    /// The text of the first link to the URL, when not empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The first `title` attribute.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The first `media` attribute.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media: Option<String>,
    /// The first `hreflang` attribute.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hreflang: Option<String>,
    /// The first `type` attribute.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub type_: Option<String>,
}

/// An entry of the legacy `alternates` array.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Alternate {
    /// The absolute URL.
    pub url: String,
    /// The other rel values of the link, space-separated (absent when there are none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rel: Option<String>,
    /// The `media` attribute.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media: Option<String>,
    /// The `hreflang` attribute.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hreflang: Option<String>,
    /// The `type` attribute.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub type_: Option<String>,
    /// The link text, when not empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}
