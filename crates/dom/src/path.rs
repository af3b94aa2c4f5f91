//! Element paths: the CSS-like names of elements in messages and outputs
//! (`html>body>div:nth-child(2)>span`). A step is the element's local name, with
//! `:nth-child(n)` (its 1-based position among its parent's element children) when a sibling
//! has the same name. Every path harvest writes (mf2 `source-paths`, the validator's and the
//! JSON-LD blocks' locations, the links' `path`) is built here.

use crate::node::{Element, Node};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// Builds the paths of many elements of one tree, each parent's children scanned once and each
/// ancestor's path built once, so naming any set of elements costs time linear in the tree
/// plus the paths written.
///
/// ```
/// use harvest_dom::{Document, ElementPaths};
/// let doc = Document::parse("<p>a</p><p>b <span>c</span></p><div><span>d</span></div>");
/// let mut paths = ElementPaths::new();
/// let spans: Vec<_> = doc.elements().filter(|e| e.is("span")).collect();
/// assert_eq!(&*paths.path(&spans[0]), "html>body>p:nth-child(2)>span");
/// assert_eq!(&*paths.path(&spans[1]), "html>body>div>span");
/// ```
#[derive(Debug, Default)]
pub struct ElementPaths {
    paths: HashMap<Element, Arc<str>>,
    steps: HashMap<Element, String>,
    scanned: HashSet<Node>,
}

impl ElementPaths {
    /// An empty cache.
    pub fn new() -> ElementPaths {
        ElementPaths::default()
    }

    /// The path of `element` (see the [module documentation](self)).
    pub fn path(&mut self, element: &Element) -> Arc<str> {
        if let Some(path) = self.paths.get(element) {
            return Arc::clone(path);
        }
        // Climb to the nearest ancestor with a known path (iteratively), then build down.
        let mut chain = vec![element.clone()];
        let mut known: Option<Arc<str>> = None;
        let mut current = element.parent_element();
        while let Some(ancestor) = current {
            if let Some(path) = self.paths.get(&ancestor) {
                known = Some(Arc::clone(path));
                break;
            }
            current = ancestor.parent_element();
            chain.push(ancestor);
        }
        let mut prefix = known;
        while let Some(next) = chain.pop() {
            let step = self.step(&next);
            let path: Arc<str> = match &prefix {
                Some(prefix) => format!("{prefix}>{step}").into(),
                None => step.into(),
            };
            self.paths.insert(next, Arc::clone(&path));
            prefix = Some(path);
        }
        prefix.unwrap_or_else(|| Arc::from(""))
    }

    /// The last step of `element`'s path; its siblings' steps are named at the same time.
    fn step(&mut self, element: &Element) -> String {
        if let Some(step) = self.steps.get(element) {
            return step.clone();
        }
        let Some(parent) = element.as_node().parent() else {
            return element.local_name().to_owned();
        };
        if self.scanned.insert(parent.clone()) {
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
        self.steps.get(element).cloned().unwrap_or_else(|| element.local_name().to_owned())
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
        ElementPaths::new().path(self).to_string()
    }
}
