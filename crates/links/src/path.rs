//! Element paths for many elements at once.
//!
//! [`Element::path`] walks every sibling of every ancestor, so calling it for each of n links
//! under one parent costs O(n²). [`PathWalk`] visits every element in tree order with its path
//! kept in one buffer (each parent's children scanned once); [`PathCache`] gives the path of
//! scattered elements with each ancestor's path built once. Both give the same strings as
//! [`Element::path`].

use harvest_dom::{Document, Element, Node};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::rc::Rc;

/// One level of the walk: a parent's element children, which of them share their name with a
/// sibling, the next to visit, and the path length before this level's step.
struct Level {
    children: Vec<Element>,
    same_name: Vec<bool>,
    next: usize,
    path_len: usize,
}

impl Level {
    fn of(parent: &Node, path_len: usize) -> Level {
        let children: Vec<Element> = parent.element_children().collect();
        let names: Vec<&str> = children.iter().map(Element::local_name).collect();
        // Few children (the common case): compare pairwise; many: count with a map.
        let same_name: Vec<bool> = if names.len() <= 16 {
            names.iter().enumerate().map(|(i, a)| names.iter().enumerate().any(|(j, b)| i != j && a == b)).collect()
        } else {
            let mut counts: HashMap<&str, usize> = HashMap::with_capacity(names.len());
            for name in &names {
                *counts.entry(name).or_default() += 1;
            }
            names.iter().map(|name| counts.get(name).copied().unwrap_or(0) > 1).collect()
        };
        drop(names);
        Level { children, same_name, next: 0, path_len }
    }
}

/// Every element of a document in tree order with its path, without recursion.
pub(crate) struct PathWalk {
    stack: Vec<Level>,
    path: String,
}

impl PathWalk {
    pub(crate) fn new(document: &Document) -> PathWalk {
        PathWalk { stack: vec![Level::of(document.root(), 0)], path: String::new() }
    }

    /// The next element and its path (valid until the next call).
    pub(crate) fn next_element(&mut self) -> Option<(Element, &str)> {
        loop {
            let level = self.stack.last_mut()?;
            let index = level.next;
            let Some(element) = level.children.get(index).cloned() else {
                self.stack.pop();
                continue;
            };
            level.next += 1;
            let same_name = level.same_name.get(index).copied().unwrap_or(false);
            self.path.truncate(level.path_len);
            if !self.path.is_empty() {
                self.path.push('>');
            }
            self.path.push_str(element.local_name());
            if same_name {
                let _ = write!(self.path, ":nth-child({})", index + 1);
            }
            let path_len = self.path.len();
            let below = Level::of(&element.as_node(), path_len);
            if !below.children.is_empty() {
                self.stack.push(below);
            }
            return Some((element, &self.path));
        }
    }
}

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
    fn walk_gives_every_element_with_its_path() {
        let doc = Document::parse(
            "<p><a>1</a><b><a>2</a></b><a>3</a><i>x</i></p><p><svg><a/></svg></p><table><td>t</table><div><a>only</a></div>",
        );
        let mut walk = PathWalk::new(&doc);
        let mut seen = Vec::new();
        while let Some((element, path)) = walk.next_element() {
            assert_eq!(path, element.path());
            seen.push(element);
        }
        assert_eq!(seen, doc.elements().collect::<Vec<_>>());
    }

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
