//! The `up` and `index` keywords read together (HTML 5.0 §4.12.4.17).

use crate::link::{links, Link};
use harvest_dom::Document;
use harvest_dom::ElementPaths;
use serde::Serialize;

/// One link of a hierarchy: an element with `up` and/or `index` creating a hyperlink.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct HierarchyLink {
    /// The element's path.
    pub path: String,
    /// The `href` as written.
    pub href: String,
    /// The resolved URL, when it resolved.
    pub url: Option<String>,
    /// The number of `up` keywords: how many levels above the current document the target
    /// is (1 = parent). 0 for an `index` link without `up`.
    pub distance: usize,
    /// Whether the link also has `index` (or a synonym): it leads to the top of the hierarchy.
    pub index: bool,
}

/// The hierarchy links of one scope: a paragraph, or the document (§4.12.4.17.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct HierarchyScope {
    /// The path of the `p` element the links are in; `None` for the document scope.
    pub paragraph: Option<String>,
    /// The depth of the current document below the top of the hierarchy: the greatest number
    /// of `up` keywords among this scope's links that have both `up` and `index`; `None` when
    /// no link has both.
    pub depth: Option<usize>,
    /// The links of the scope, in tree order.
    pub links: Vec<HierarchyLink>,
}

/// The hierarchies a document declares (§4.12.4.17.2), one per scope in order of first
/// appearance. A link's scope is its nearest `p` ancestor, or the document when it has none
/// (see docs/links.md for this reading of "paragraph").
///
/// ```
/// use harvest_dom::Document;
/// use harvest_links::hierarchy;
/// let doc = Document::parse(
///     "<p><a href=/ rel='index up up'>Main</a> <a href=/p/ rel=up>Products</a></p>",
/// );
/// let scopes = hierarchy(&doc);
/// assert_eq!(scopes[0].depth, Some(2));
/// assert_eq!(scopes[0].links[1].distance, 1);
/// ```
pub fn hierarchy(document: &Document) -> Vec<HierarchyScope> {
    hierarchy_of(&links(document))
}

/// [`hierarchy`] over links already read with [`links`].
// Elements hash and compare by node identity, so their interior mutability cannot change a key.
#[allow(clippy::mutable_key_type)]
pub fn hierarchy_of(links: &[Link]) -> Vec<HierarchyScope> {
    let mut paths = ElementPaths::new();
    let mut scopes: Vec<HierarchyScope> = Vec::new();
    let mut scope_index: std::collections::HashMap<Option<harvest_dom::Element>, usize> =
        std::collections::HashMap::new();
    for link in links {
        // Only hyperlinks created for up/index count (they are hyperlinks on every element).
        let Some(created) = link.created.iter().find(|c| c.types.contains(&"up") || c.types.contains(&"index")) else {
            continue;
        };
        let index = created.types.contains(&"index");
        let distance = if created.types.contains(&"up") { link.up_count } else { 0 };
        // The scope walk is bounded by the document depth (the DOM bounds nesting).
        let paragraph = link.element.ancestors().find(|e| e.is("p"));
        let slot = match scope_index.get(&paragraph) {
            Some(slot) => *slot,
            None => {
                scopes.push(HierarchyScope {
                    paragraph: paragraph.as_ref().map(|p| paths.path(p)),
                    depth: None,
                    links: Vec::new(),
                });
                scope_index.insert(paragraph, scopes.len() - 1);
                scopes.len() - 1
            }
        };
        let Some(scope) = scopes.get_mut(slot) else { continue };
        // "the link with the greater number of up keywords must be taken as giving the depth"
        if index && distance > 0 {
            scope.depth = Some(scope.depth.map_or(distance, |d| d.max(distance)));
        }
        scope.links.push(HierarchyLink {
            path: link.path.clone(),
            href: link.href.clone(),
            url: link.url_str().map(str::to_owned),
            distance,
            index,
        });
    }
    scopes
}
