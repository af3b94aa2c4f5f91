//! Classic microformats in the walk (microformats2 parsing, "parsing for backcompat" on the
//! microformats wiki): an element's root types from its classic root classes, the classic
//! properties of an element inside a classic root (its property classes and the `rel` values
//! the vocabularies map), the category of a `rel=tag` link, and the include pattern.

use crate::backcompat::{self, Vocabulary};
use crate::names::{is_root_class, Kind};
use crate::values::{attr_of, is_one_of, text_of, Page};
use harvest_dom::{split_ascii_whitespace, Element};

/// The root types of an element: its valid `h-*` classes, sorted and de-duplicated; only when
/// it has none, its classic root classes mapped to their `h-*` types.
pub(crate) fn roots_of(classes: &[&str]) -> (Vec<String>, Vec<&'static Vocabulary>) {
    let mut roots: Vec<String> = classes.iter().filter(|c| is_root_class(c)).map(|c| (*c).to_owned()).collect();
    let mut classic = Vec::new();
    if roots.is_empty() {
        for class in classes {
            if let Some(vocab) = backcompat::root(class) {
                roots.push(vocab.type_.to_owned());
                classic.push(vocab);
            }
        }
    }
    roots.sort();
    roots.dedup();
    (roots, classic)
}

/// The classic properties of an element inside a classic root: its property classes, and the
/// rel values the vocabularies map (`rel=tag`, `rel=bookmark`). On an element that is no root
/// and has no `category` class, `rel=tag` is the [`Kind::Tag`] `category` (the link's last
/// path segment) rather than its text.
pub(crate) fn classic_properties(
    vocabularies: &[&'static Vocabulary],
    classes: &[&str],
    element: &Element,
    plain_element: bool,
) -> Vec<(Kind, String)> {
    let mut properties: Vec<(Kind, String)> = Vec::new();
    let push = |properties: &mut Vec<(Kind, String)>, kind: Kind, name: &str| {
        if !properties.iter().any(|(k, n)| *k == kind && n == name) {
            properties.push((kind, name.to_owned()));
        }
    };
    for class in classes {
        for vocab in vocabularies {
            if let Some(property) = vocab.property(class) {
                push(&mut properties, property.kind, property.name);
            }
        }
    }
    if is_one_of(element, &["a", "area", "link"]) {
        if let Some(rel) = element.attr("rel") {
            let tokens: Vec<&str> = split_ascii_whitespace(rel).collect();
            let holds = |wanted: &str| {
                split_ascii_whitespace(wanted).all(|want| tokens.iter().any(|token| token.eq_ignore_ascii_case(want)))
            };
            // Names given by a property class, read before any `rel` adds one, so that an
            // element in two vocabularies that both map `rel=tag` gets one `category`.
            let by_class: Vec<String> = properties.iter().map(|(_, name)| name.clone()).collect();
            // A `rel=tag` link with no `href`, or an empty one, names no tag (mf2py adds
            // nothing for it either).
            let no_href = element.attr("href").is_none_or(|href| href.trim_matches(|c: char| c <= ' ').is_empty());
            for vocab in vocabularies {
                for (rel_value, kind, name) in vocab.rels {
                    if !holds(rel_value) {
                        continue;
                    }
                    let by_class = by_class.iter().any(|n| n == name);
                    if *rel_value == "tag" && plain_element && !by_class {
                        if !no_href {
                            push(&mut properties, Kind::Tag, name);
                        }
                    } else {
                        push(&mut properties, *kind, name);
                    }
                }
            }
        }
    }
    properties
}

/// The category a classic `rel=tag` link gives: the last non-empty segment of its URL's path,
/// percent-decoded (microformats wiki, "h-entry", backcompat parsing: `rel=tag` is a
/// `p-category` whose value is the last path segment of the tag URL; mf2py reads it the same
/// way), else its text.
pub(crate) fn tag_category(element: &Element, page: &Page) -> String {
    let href = attr_of(element, &["a", "area", "link"], "href").unwrap_or_default();
    let url = harvest_dom::Url::parse(&page.urls.resolve(&href));
    let segment = url.ok().and_then(|url| {
        url.path_segments().and_then(|mut segments| segments.rfind(|segment| !segment.is_empty()).map(str::to_owned))
    });
    match segment {
        Some(segment) => percent_encoding::percent_decode_str(&segment).decode_utf8_lossy().into_owned(),
        None => text_of(&element.as_node(), page),
    }
}

/// The include pattern of classic microformats: `itemref` ids, a table cell's `headers` ids, and
/// `a.include[href=#id]` / `object.include[data=#id]`.
pub(crate) fn include_targets(doc: &harvest_dom::Document, element: &Element) -> Vec<Element> {
    let mut ids: Vec<String> = Vec::new();
    if let Some(itemref) = element.attr("itemref") {
        ids.extend(split_ascii_whitespace(itemref).map(str::to_owned));
    }
    if is_one_of(element, &["td", "th"]) {
        if let Some(headers) = element.attr("headers") {
            ids.extend(split_ascii_whitespace(headers).map(str::to_owned));
        }
    }
    if element.has_class("include") {
        let reference = attr_of(element, &["a"], "href").or_else(|| attr_of(element, &["object"], "data"));
        if let Some(id) = reference.as_deref().and_then(|r| r.trim().strip_prefix('#')) {
            ids.push(id.to_owned());
        }
    }
    ids.iter().filter_map(|id| doc.element_by_id(id)).collect()
}
