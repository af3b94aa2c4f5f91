//! Metaformats (microformats wiki "metaformats"): an implied item from a page's `<head>`
//! metadata, for pages without microformats; and the page language from
//! `<meta http-equiv=content-language>` for the `lang` option.

use crate::model::{Item, PropertyValue};
use crate::values::Page;
use harvest_dom::Document;
use indexmap::IndexMap;

/// The metadata of a page: `meta` elements by `name` / `property` (lowercased), first wins.
fn meta_map(document: &Document) -> IndexMap<String, String> {
    let mut map = IndexMap::new();
    for element in document.elements().filter(|e| e.is("meta")) {
        let key = element.attr("property").or_else(|| element.attr("name")).map(|k| k.trim().to_ascii_lowercase());
        let content = element.attr("content").map(|c| c.to_string());
        if let (Some(key), Some(content)) = (key, content) {
            map.entry(key).or_insert(content);
        }
    }
    map
}

/// The implied `h-entry`, or `None` when the page gives none of its properties.
///
/// Each property takes the first source present, in this order: Open Graph, Twitter card, then
/// plain HTML (`<title>`, `<meta name=description>`, `<link rel=canonical>`).
///
/// With `lang`, the item gets the page's language as an item found on its root element would:
/// the `html` element's `lang` (empty means unknown), else `<meta http-equiv=content-language>`.
pub(crate) fn imply(document: &Document, page: &Page, lang: bool) -> Option<Item> {
    let meta = meta_map(document);
    let first = |keys: &[&str]| keys.iter().find_map(|k| meta.get(*k).filter(|v| !v.trim().is_empty())).cloned();
    let mut properties: IndexMap<String, Vec<PropertyValue>> = IndexMap::new();
    let mut text = |name: &str, value: Option<String>| {
        if let Some(value) = value {
            properties.insert(name.to_owned(), vec![PropertyValue::Text(value)]);
        }
    };
    text("name", first(&["og:title", "twitter:title"]).or_else(|| document.title().filter(|t| !t.is_empty())));
    text("summary", first(&["og:description", "twitter:description", "description"]));
    text("published", first(&["article:published_time"]));
    text("updated", first(&["article:modified_time"]));
    text("author", first(&["article:author", "author"]));
    let canonical = document
        .elements()
        .find(|e| {
            e.is("link")
                && e.attr("rel").is_some_and(|r| {
                    harvest_dom::split_ascii_whitespace(r).any(|t| t.eq_ignore_ascii_case("canonical"))
                })
        })
        .and_then(|e| e.attr("href").map(|h| h.to_string()));
    let url = |value: Option<String>| value.map(|v| page.urls.resolve(&v));
    text("url", url(first(&["og:url"]).or(canonical)));
    text("photo", url(first(&["og:image", "og:image:url", "twitter:image", "twitter:image:src"])));
    text("video", url(first(&["og:video", "og:video:url"])));
    text("audio", url(first(&["og:audio", "og:audio:url"])));
    if properties.is_empty() {
        return None;
    }
    // `og:type` of `profile` describes a person: an h-card; anything else an h-entry.
    let type_ = match meta.get("og:type").map(|t| t.trim()) {
        Some(t) if t.eq_ignore_ascii_case("profile") => "h-card",
        _ => "h-entry",
    };
    let lang = if lang { page_language(document) } else { None };
    Some(Item { type_: vec![type_.to_owned()], properties, lang, ..Item::default() })
}

/// The language of the page: the root `html` element's `lang` attribute, else the
/// `content-language` pragma.
fn page_language(document: &Document) -> Option<String> {
    let root = document.root().element_children().find(|e| e.is("html"));
    match root.as_ref().and_then(|html| html.attr("lang").map(|l| l.trim().to_owned())) {
        Some(lang) => Some(lang).filter(|l| !l.is_empty()),
        None => document_language(document),
    }
}

/// The page language from `<meta http-equiv="content-language" content="...">`.
pub(crate) fn document_language(document: &Document) -> Option<String> {
    document
        .elements()
        .filter(|e| e.is("meta"))
        .find(|e| e.attr("http-equiv").is_some_and(|v| v.trim().eq_ignore_ascii_case("content-language")))
        .and_then(|e| e.attr("content").map(|c| c.trim().to_owned()))
        .filter(|c| !c.is_empty())
}
