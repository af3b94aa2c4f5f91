//! microformats2 § "parsing for implied properties": `name`, `photo` and `url` of an item that
//! has no explicit property of that kind and no nested microformats.

use crate::model::{Item, PropertyValue};
use crate::names::is_root_class;
use crate::values::{is_one_of, Page};
use harvest_dom::{split_ascii_whitespace, Element};

/// Whether an element has a root class (`:not([class*=h-])` in the spec's selectors).
fn is_root(element: &Element) -> bool {
    element.attr("class").is_some_and(|c| split_ascii_whitespace(c).any(is_root_class))
}

/// The only element child of `element`, when it has exactly one and it is not a root.
fn only_child(element: &Element) -> Option<Element> {
    let mut children = element.element_children();
    let first = children.next()?;
    if children.next().is_some() || is_root(&first) {
        return None;
    }
    Some(first)
}

/// The only child element named `name` (`>name:only-of-type`), when it is not a root.
fn only_of_type(element: &Element, name: &str) -> Option<Element> {
    let mut found = element.element_children().filter(|e| e.is(name));
    let first = found.next()?;
    if found.next().is_some() || is_root(&first) {
        return None;
    }
    Some(first)
}

/// A non-empty attribute.
fn non_empty(element: &Element, attribute: &str) -> Option<String> {
    element.attr(attribute).map(|v| v.to_string()).filter(|v| !v.is_empty())
}

/// The name an element gives when it is the root or the (grand)child checked.
fn name_from_child(child: &Element) -> Option<String> {
    if is_one_of(child, &["img", "area"]) {
        return non_empty(child, "alt");
    }
    if child.is("abbr") {
        return non_empty(child, "title");
    }
    None
}

/// The implied name and the element it was read from.
fn implied_name(root: &Element, page: &Page) -> (String, Element) {
    let name = if is_one_of(root, &["img", "area"]) {
        root.attr("alt").map(|v| (v.to_string(), root.clone()))
    } else if root.is("abbr") {
        root.attr("title").map(|v| (v.to_string(), root.clone()))
    } else {
        None
    };
    let from = |element: Option<Element>| element.and_then(|e| name_from_child(&e).map(|name| (name, e)));
    let (name, source) = name
        .or_else(|| from(only_child(root)))
        .or_else(|| from(only_child(root).as_ref().and_then(only_child)))
        .unwrap_or_else(|| {
            (page.text.text_without_image_sources(&root.as_node(), &page.urls, &page.budget), root.clone())
        });
    (name.trim().to_owned(), source)
}

/// A photo from an `img[src]` or `object[data]`.
fn photo_of(element: &Element, page: &Page) -> Option<PropertyValue> {
    if element.is("img") {
        let src = element.attr("src")?;
        return Some(crate::values::image_value(element, src, page));
    }
    if element.is("object") {
        return element.attr("data").map(|data| PropertyValue::Text(page.urls.resolve(data)));
    }
    None
}

/// The implied photo and the element it was read from.
fn implied_photo(root: &Element, page: &Page) -> Option<(PropertyValue, Element)> {
    let with = |element: Element| photo_of(&element, page).map(|photo| (photo, element));
    let child_photo = |parent: &Element| {
        only_of_type(parent, "img").and_then(with).or_else(|| only_of_type(parent, "object").and_then(with))
    };
    with(root.clone()).or_else(|| child_photo(root)).or_else(|| only_child(root).and_then(|child| child_photo(&child)))
}

fn url_of(element: &Element, page: &Page) -> Option<String> {
    if is_one_of(element, &["a", "area"]) {
        return element.attr("href").map(|href| page.urls.resolve(href));
    }
    None
}

/// The implied url and the element it was read from.
fn implied_url(root: &Element, page: &Page) -> Option<(String, Element)> {
    let with = |element: Element| url_of(&element, page).map(|url| (url, element));
    let child_url = |parent: &Element| {
        only_of_type(parent, "a").and_then(with).or_else(|| only_of_type(parent, "area").and_then(with))
    };
    with(root.clone()).or_else(|| child_url(root)).or_else(|| only_child(root).and_then(|child| child_url(&child)))
}

/// The implied `name` and `url`, for the item's `value` when it is a property value.
#[derive(Debug, Default)]
pub(crate) struct Implied {
    pub name: Option<String>,
    pub url: Option<String>,
    /// Each implied property with the element its value was read from.
    pub sources: Vec<(&'static str, Element)>,
}

/// Adds the implied properties to an item whose root is `root`.
pub(crate) fn imply(
    item: &mut Item,
    root: &Element,
    nested: bool,
    has_p_or_e: bool,
    has_u: bool,
    page: &Page,
) -> Implied {
    let mut implied = Implied::default();
    if nested {
        return implied;
    }
    if !item.properties.contains_key("name") && !has_p_or_e {
        let refusals = page.budget.refusals();
        let (name, source) = implied_name(root, page);
        // A text the value budget refused is left out, not implied empty (the parser reports
        // the limit).
        if page.budget.refusals() == refusals {
            implied.name = Some(name.clone());
            implied.sources.push(("name", source));
            item.properties.insert("name".to_owned(), vec![PropertyValue::Text(name)]);
        }
    }
    if !item.properties.contains_key("photo") && !has_u {
        if let Some((photo, source)) = implied_photo(root, page) {
            implied.sources.push(("photo", source));
            item.properties.insert("photo".to_owned(), vec![photo]);
        }
    }
    if !item.properties.contains_key("url") && !has_u {
        if let Some((url, source)) = implied_url(root, page) {
            implied.url = Some(url.clone());
            implied.sources.push(("url", source));
            item.properties.insert("url".to_owned(), vec![PropertyValue::Text(url)]);
        }
    }
    implied
}
