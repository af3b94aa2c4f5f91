//! Element paths for many elements at once.
//!
//! [`Element::path`] walks every sibling of every ancestor, so calling it for each of n links
//! under one parent costs O(n²). [`PathCache`] gives the same strings with each parent's
//! children scanned once and each ancestor's path built once.

use harvest_dom::{Element, Node};
use std::collections::HashMap;
use std::rc::Rc;

#[derive(Default)]
pub(crate) struct PathCache {
    paths: HashMap<Element, Rc<str>>,
    steps: HashMap<Element, String>,
    scanned: std::collections::HashSet<Node>,
}

impl PathCache {
    /// The same string as [`Element::path`].
    pub(crate) fn path(&mut self, element: &Element) -> Rc<str> {
        if let Some(path) = self.paths.get(element) {
            return path.clone();
        }
        // Climb to the nearest ancestor with a known path (iteratively), then build down.
        let mut chain = vec![element.clone()];
        let mut known: Option<Rc<str>> = None;
        let mut current = element.parent_element();
        while let Some(ancestor) = current {
            if let Some(path) = self.paths.get(&ancestor) {
                known = Some(path.clone());
                break;
            }
            current = ancestor.parent_element();
            chain.push(ancestor);
        }
        let mut prefix = known;
        while let Some(next) = chain.pop() {
            let step = self.step(&next);
            let path: Rc<str> = match &prefix {
                Some(prefix) => format!("{prefix}>{step}").into(),
                None => step.into(),
            };
            self.paths.insert(next, path.clone());
            prefix = Some(path);
        }
        prefix.unwrap_or_else(|| Rc::from(""))
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use harvest_dom::Document;

    #[test]
    fn same_as_element_path() {
        let doc = Document::parse(
            "<p><a>1</a><b><a>2</a></b><a>3</a><i>x</i></p><p><svg><a/></svg></p><table><td>t</table><div><a>only</a></div>",
        );
        let mut cache = PathCache::default();
        for element in doc.elements().collect::<Vec<_>>().into_iter().rev() {
            assert_eq!(&*cache.path(&element), element.path());
        }
    }
}
