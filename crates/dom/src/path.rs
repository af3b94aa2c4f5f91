//! Element paths: the CSS-like names of elements in messages and outputs
//! (`html>body>div:nth-child(2)>span`). A step is the element's local name, with
//! `:nth-child(n)` (its 1-based position among its parent's element children) when a sibling
//! has the same name. Every path harvest writes (mf2 `source-paths`, the validator's and the
//! JSON-LD blocks' locations, the links' `path`) is built here.

use crate::node::{Element, Node};
use std::collections::{HashMap, HashSet};

/// Builds the paths of many elements of one tree: each parent's children are scanned once
/// (when a path first passes through them) and their steps remembered, so a path costs its
/// depth, never a scan of siblings again. Only steps are kept, not whole paths: a chain of n
/// nested elements holds n steps, not n paths of up to n steps.
///
/// ```
/// use harvest_dom::{Document, ElementPaths};
/// let doc = Document::parse("<p>a</p><p>b <span>c</span></p><div><span>d</span></div>");
/// let mut paths = ElementPaths::new();
/// let spans: Vec<_> = doc.elements().filter(|e| e.is("span")).collect();
/// assert_eq!(paths.path(&spans[0]), "html>body>p:nth-child(2)>span");
/// assert_eq!(paths.path(&spans[1]), "html>body>div>span");
/// ```
#[derive(Debug, Default)]
pub struct ElementPaths {
    steps: HashMap<Element, String>,
    scanned: HashSet<Node>,
}

impl ElementPaths {
    /// An empty cache.
    pub fn new() -> ElementPaths {
        ElementPaths::default()
    }

    /// The path of `element` (see the [module documentation](self)).
    pub fn path(&mut self, element: &Element) -> String {
        let mut chain = vec![element.clone()];
        let mut current = element.parent_element();
        while let Some(ancestor) = current {
            current = ancestor.parent_element();
            chain.push(ancestor);
        }
        let mut path = String::new();
        while let Some(next) = chain.pop() {
            if !path.is_empty() {
                path.push('>');
            }
            self.name_siblings(&next);
            match self.steps.get(&next) {
                Some(step) => path.push_str(step),
                None => path.push_str(next.local_name()),
            }
        }
        path
    }

    /// Names the steps of `element` and its siblings, once per parent; an element without a
    /// parent has no step recorded (its step is its name).
    fn name_siblings(&mut self, element: &Element) {
        if self.steps.contains_key(element) {
            return;
        }
        let Some(parent) = element.as_node().parent() else { return };
        if !self.scanned.insert(parent.clone()) {
            return;
        }
        let children: Vec<Element> = parent.element_children().collect();
        let mut counts: HashMap<&str, usize> = HashMap::new();
        for child in &children {
            *counts.entry(child.local_name()).or_default() += 1;
        }
        for (index, child) in children.iter().enumerate() {
            let name = child.local_name();
            let step = if counts.get(name).copied().unwrap_or(0) > 1 {
                format!("{name}:nth-child({})", index + 1)
            } else {
                name.to_owned()
            };
            self.steps.insert(child.clone(), step);
        }
    }
}

impl Element {
    /// This element's path (see [`ElementPaths`]). Each call scans the siblings of every
    /// ancestor; to name many elements of one page use [`crate::Document::element_path`] or an
    /// [`ElementPaths`], which remember what they have seen.
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse("<p>a</p><p>b</p>");
    /// let second = doc.elements().filter(|e| e.is("p")).nth(1).unwrap();
    /// assert_eq!(second.path(), "html>body>p:nth-child(2)");
    /// ```
    pub fn path(&self) -> String {
        ElementPaths::new().path(self)
    }
}
