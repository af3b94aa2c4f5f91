//! Element paths while visiting every element.
//!
//! [`Element::path`] walks every sibling of every ancestor, so calling it for each of n links
//! under one parent costs O(n²). [`PathWalk`] visits every element in tree order and builds the
//! path of an element on request in one buffer (each parent's children scanned once, only
//! where a path passes), giving the same strings as [`Element::path`] (scattered elements are
//! named by [`harvest_dom::ElementPaths`]).

use harvest_dom::{Document, Element, ElementWalk, Node};
use std::collections::HashSet;
use std::fmt::Write as _;

/// One level of the walk: the position of the element visited at that depth among its
/// parent's element children and, once a path needed them, which names repeat among those
/// children and where this level's step ends in the path buffer.
#[derive(Default)]
struct Level {
    /// The 1-based position of the level's element among the element children of its parent.
    position: usize,
    /// Names that more than one element child of the parent has (computed on first need).
    repeated: Option<Repeated>,
    /// Length of the path buffer once this level's step is written, while it is current.
    path_len: Option<usize>,
}

/// The names that more than one element child of a parent has: for a few children a list
/// found by comparing the names (cheaper than hashing), past [`SHORT_SIBLING_LIST`] a set.
enum Repeated {
    Few(Vec<String>),
    Many(HashSet<String>),
}

/// Sibling lists up to this long are compared directly for repeated names.
const SHORT_SIBLING_LIST: usize = 16;

impl Repeated {
    fn among_children_of(parent: &Node) -> Repeated {
        let children: Vec<Element> = parent.element_children().collect();
        if children.len() <= SHORT_SIBLING_LIST {
            let mut repeated: Vec<String> = Vec::new();
            for (index, child) in children.iter().enumerate() {
                let name = child.local_name();
                let seen_before = children[..index].iter().any(|earlier| earlier.local_name() == name);
                if seen_before && !repeated.iter().any(|known| known == name) {
                    repeated.push(name.to_owned());
                }
            }
            return Repeated::Few(repeated);
        }
        let mut seen: HashSet<&str> = HashSet::new();
        let mut repeated = HashSet::new();
        for child in &children {
            if !seen.insert(child.local_name()) {
                repeated.insert(child.local_name().to_owned());
            }
        }
        Repeated::Many(repeated)
    }

    fn contains(&self, name: &str) -> bool {
        match self {
            Repeated::Few(names) => names.iter().any(|known| known == name),
            Repeated::Many(names) => names.contains(name),
        }
    }
}

/// Every element of a document in tree order; the path of the element last visited is built
/// on request, reusing the part of the previous path that still applies, so asking for the
/// paths of all elements costs time linear in the total path length written, and elements
/// whose path is never asked for cost only the step (the walk lends each element: no handle
/// is made for an element unless a path passes through it).
pub(crate) struct PathWalk {
    walk: ElementWalk,
    paths: Paths,
}

/// The levels of the walk and the path buffer, lent with each element by
/// [`PathWalk::next_element`].
pub(crate) struct Paths {
    levels: Vec<Level>,
    path: String,
}

impl PathWalk {
    pub(crate) fn new(document: &Document) -> PathWalk {
        PathWalk { walk: document.element_walk(), paths: Paths { levels: Vec::new(), path: String::new() } }
    }

    /// The next element in tree order, with the paths that name it.
    pub(crate) fn next_element(&mut self) -> Option<(&Element, &mut Paths)> {
        let (element, depth) = self.walk.next()?;
        let levels = &mut self.paths.levels;
        if levels.len() >= depth {
            // A later sibling of the element last visited at this depth.
            levels.truncate(depth);
            if let Some(level) = levels.last_mut() {
                level.position += 1;
                level.path_len = None;
            }
        } else {
            // The first element child of the element last visited.
            levels.push(Level { position: 1, ..Level::default() });
        }
        Some((element, &mut self.paths))
    }
}

impl Paths {
    /// The path of `element`, the element last returned by [`PathWalk::next_element`] (the
    /// same string as [`Element::path`]).
    pub(crate) fn path(&mut self, element: &Element) -> &str {
        let Some(last) = self.levels.len().checked_sub(1) else { return "" };
        // The deepest level whose step is still written.
        let mut from = 0;
        let mut written = 0;
        for (index, level) in self.levels.iter().enumerate().rev() {
            if let Some(length) = level.path_len {
                from = index + 1;
                written = length;
                break;
            }
        }
        self.path.truncate(written);
        // The elements of the levels still to write: `element` and its nearest ancestors.
        let mut unwritten = vec![element.clone()];
        for _ in from..last {
            let Some(parent) = unwritten.last().and_then(Element::parent_element) else { break };
            unwritten.push(parent);
        }
        for (index, element) in (from..=last).zip(unwritten.iter().rev()) {
            let Some(level) = self.levels.get_mut(index) else { break };
            let name = element.local_name();
            if !self.path.is_empty() {
                self.path.push('>');
            }
            self.path.push_str(name);
            let repeated = level.repeated.get_or_insert_with(|| match element.as_node().parent() {
                Some(parent) => Repeated::among_children_of(&parent),
                None => Repeated::Few(Vec::new()),
            });
            if repeated.contains(name) {
                let _ = write!(self.path, ":nth-child({})", level.position);
            }
            level.path_len = Some(self.path.len());
        }
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use harvest_dom::Document;

    #[test]
    fn walk_gives_every_element_with_its_path() {
        // Short sibling lists, and one past SHORT_SIBLING_LIST (20 `li`, one `p`).
        let long_list = format!("<ul>{}<p><a>y</a></p></ul>", "<li><a>x</a><a>z</a></li>".repeat(20));
        let doc = Document::parse(&format!(
            "<p><a>1</a><b><a>2</a></b><a>3</a><i>x</i></p><p><svg><a/></svg></p><table><td>t</table><div><a>only</a></div>{long_list}"
        ));
        let mut walk = PathWalk::new(&doc);
        let mut seen = Vec::new();
        while let Some((element, paths)) = walk.next_element() {
            assert_eq!(paths.path(element), element.path());
            seen.push(element.clone());
        }
        assert_eq!(seen, doc.elements().collect::<Vec<_>>());
        // Paths asked for only now and then (the rest skipped) are the same.
        for stride in [2, 3, 5] {
            let mut walk = PathWalk::new(&doc);
            let mut index = 0;
            while let Some((element, paths)) = walk.next_element() {
                if index % stride == 0 {
                    assert_eq!(paths.path(element), element.path(), "stride {stride}, element {index}");
                }
                index += 1;
            }
        }
    }
}
