//! Element paths while visiting every element.
//!
//! [`Element::path`] walks every sibling of every ancestor, so calling it for each of n links
//! under one parent costs O(n²). [`PathWalk`] visits every element in tree order and builds the
//! path of an element on request in one buffer (each parent's children scanned once, only
//! where a path passes), giving the same strings as [`Element::path`] (scattered elements are
//! named by [`harvest_dom::ElementPaths`]).

use harvest_dom::{Document, Element, Node};
use std::collections::HashSet;
use std::fmt::Write as _;

/// One level of the walk: a parent whose element children are being visited, the child last
/// visited and its position, and, once a path needed them, which names repeat among the
/// children and where this level's step ends in the path buffer.
struct Level {
    /// The next child node to look at.
    next: Option<Node>,
    /// The element child last visited and its 1-based position among the element children.
    current: Option<(Element, usize)>,
    /// The parent, for the sibling scan.
    parent: Node,
    /// Names that more than one element child has (computed on first need).
    repeated: Option<Repeated>,
    /// Length of the path buffer once this level's step is written, while it is current.
    path_len: Option<usize>,
}

impl Level {
    fn of(parent: Node) -> Level {
        Level { next: parent.first_child(), current: None, parent, repeated: None, path_len: None }
    }

    /// Whether `name` is shared by several element children. The children are scanned once per
    /// level, on the first path through it.
    fn is_repeated(&mut self, name: &str) -> bool {
        self.repeated.get_or_insert_with(|| Repeated::among_children_of(&self.parent)).contains(name)
    }
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
/// whose path is never asked for cost only the step.
pub(crate) struct PathWalk {
    stack: Vec<Level>,
    /// The level of the element last visited.
    depth: usize,
    path: String,
}

impl PathWalk {
    pub(crate) fn new(document: &Document) -> PathWalk {
        PathWalk { stack: vec![Level::of(document.root().clone())], depth: 0, path: String::new() }
    }

    /// The next element in tree order.
    pub(crate) fn next_element(&mut self) -> Option<Element> {
        loop {
            let depth = self.stack.len().checked_sub(1)?;
            let level = self.stack.last_mut()?;
            let Some(node) = level.next.take() else {
                self.stack.pop();
                continue;
            };
            level.next = node.next_sibling();
            let Some(element) = node.as_element() else { continue };
            let position = level.current.as_ref().map_or(0, |(_, position)| *position) + 1;
            level.current = Some((element.clone(), position));
            level.path_len = None;
            self.depth = depth;
            self.stack.push(Level::of(node));
            return Some(element);
        }
    }

    /// The path of the element last returned by [`Self::next_element`] (the same string as
    /// [`Element::path`]).
    pub(crate) fn path(&mut self) -> &str {
        let last = self.depth;
        // The deepest level whose step is still written.
        let mut from = 0;
        let mut written = 0;
        for (index, level) in self.stack.iter().enumerate().take(last + 1).rev() {
            if let Some(length) = level.path_len {
                from = index + 1;
                written = length;
                break;
            }
        }
        self.path.truncate(written);
        for index in from..=last {
            let Some(level) = self.stack.get_mut(index) else { break };
            let Some((element, position)) = level.current.clone() else { break };
            let name = element.local_name();
            if !self.path.is_empty() {
                self.path.push('>');
            }
            self.path.push_str(name);
            if level.is_repeated(name) {
                let _ = write!(self.path, ":nth-child({position})");
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
        while let Some(element) = walk.next_element() {
            assert_eq!(walk.path(), element.path());
            seen.push(element);
        }
        assert_eq!(seen, doc.elements().collect::<Vec<_>>());
        // Paths asked for only now and then (the rest skipped) are the same.
        for stride in [2, 3, 5] {
            let mut walk = PathWalk::new(&doc);
            let mut index = 0;
            while let Some(element) = walk.next_element() {
                if index % stride == 0 {
                    assert_eq!(walk.path(), element.path(), "stride {stride}, element {index}");
                }
                index += 1;
            }
        }
    }
}
