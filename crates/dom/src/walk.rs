//! A walk over elements that lends each one instead of handing out a new handle.
//!
//! [`Element`] handles share the document (each holds a reference count on it), so an iterator
//! such as [`Node::descendant_elements`] counts a reference up and down for every element it
//! yields: on a page of thousands of elements that an extractor only glances at, the counting
//! costs more than the glance. [`ElementWalk`] keeps one handle and moves it from element to
//! element; the caller borrows it until the next step and clones it only to keep it. It also
//! says how deep each element is, which is what a walk that keeps state per ancestor (a path,
//! an inherited context) needs to pop its own stack, and can skip an element's descendants.

use crate::node::{Element, Node};
use crate::tree::NodeId;

/// The elements inside a node in tree order, each lent until the next step. Made by [`Node::element_walk`] or
/// [`crate::Document::element_walk`].
///
/// ```
/// let doc = harvest_dom::Document::parse("<ul><li>a<b>b</b></li><li>c</li></ul>");
/// let mut walk = doc.element_walk();
/// let mut seen = Vec::new();
/// while let Some((element, depth)) = walk.next() {
///     seen.push(format!("{}{}", "-".repeat(depth), element.local_name()));
///     if element.is("head") {
///         walk.skip_children();
///     }
/// }
/// assert_eq!(seen, ["-html", "--head", "--body", "---ul", "----li", "-----b", "----li"]);
/// ```
#[derive(Debug)]
pub struct ElementWalk {
    /// The root of the walk; it is not visited itself.
    root: NodeId,
    /// The element last lent (the root before the first step).
    current: Element,
    /// Whether `current` has been lent (the root never is).
    started: bool,
    /// Whether the next step leaves out the descendants of `current`.
    skip: bool,
    /// The depth of `current`: 1 for a child of the root.
    depth: usize,
    /// Whether the walk has ended.
    done: bool,
}

impl ElementWalk {
    pub(crate) fn new(root: &Node) -> ElementWalk {
        let current = Element { tree: root.tree.clone(), id: root.id };
        ElementWalk { root: root.id, current, started: false, skip: false, depth: 0, done: false }
    }

    /// The next element in tree order, lent until the next call, and its depth below the root
    /// of the walk (1 for a child of the root); `None` at the end (or once the document's
    /// deadline has passed, as every walk).
    #[allow(clippy::should_implement_trait)] // a lending walk cannot be an Iterator
    pub fn next(&mut self) -> Option<(&Element, usize)> {
        if self.done {
            return None;
        }
        let tree = &self.current.tree;
        let mut id = self.current.id;
        let mut depth = self.depth;
        let mut descend = !self.started || !std::mem::take(&mut self.skip);
        loop {
            if !tree.keep_going() {
                self.done = true;
                return None;
            }
            // Tree order: the first child, else the next sibling of the node or of its nearest
            // ancestor that has one, up to the root.
            let child = if descend { tree.first_child(id) } else { None };
            let next = match child {
                Some(child) => {
                    depth += 1;
                    child
                }
                None => loop {
                    if id == self.root {
                        self.done = true;
                        return None;
                    }
                    if let Some(sibling) = tree.next_sibling(id) {
                        break sibling;
                    }
                    let Some(parent) = tree.parent(id) else {
                        self.done = true;
                        return None;
                    };
                    id = parent;
                    depth -= 1;
                },
            };
            id = next;
            if tree.is_element(id) {
                break;
            }
            // Text, comments and the like have no children: go on to their next sibling.
            descend = false;
        }
        self.started = true;
        self.current.id = id;
        self.depth = depth;
        Some((&self.current, depth))
    }

    /// Leaves out the descendants of the element last lent: the next step goes on after them.
    pub fn skip_children(&mut self) {
        self.skip = true;
    }
}

impl Node {
    /// A walk over the elements inside this node in tree order, lending each (see
    /// [`ElementWalk`]): the elements of [`Node::descendant_elements`], without a new handle
    /// for each.
    pub fn element_walk(&self) -> ElementWalk {
        ElementWalk::new(self)
    }
}

#[cfg(test)]
mod tests {
    use crate::Document;

    #[test]
    fn walk_gives_the_descendant_elements_with_their_depths() {
        let doc = Document::parse(
            "<!-- c --><p>a<b>b<i>i</i></b>c<!-- d --></p><template><s>t</s></template><table><td>x</table><svg><g/></svg>",
        );
        let mut walk = doc.element_walk();
        let mut walked = Vec::new();
        while let Some((element, depth)) = walk.next() {
            walked.push((element.clone(), depth));
        }
        let expected: Vec<_> = doc
            .elements()
            .map(|element| {
                let depth = element.as_node().ancestor_elements().count() + 1;
                (element, depth)
            })
            .collect();
        assert_eq!(walked, expected);
        assert!(walk.next().is_none(), "the walk stays at its end");
        // From an element: its descendants only.
        let p = doc.elements().find(|e| e.is("p")).unwrap();
        let mut walk = p.as_node().element_walk();
        let mut names = Vec::new();
        while let Some((element, _)) = walk.next() {
            names.push(element.local_name().to_owned());
        }
        assert_eq!(names, ["b", "i"]);
        // An empty element: nothing.
        let i = doc.elements().find(|e| e.is("i")).unwrap();
        assert!(i.as_node().element_walk().next().is_none());
    }

    #[test]
    fn skipped_children_are_left_out() {
        let doc = Document::parse("<div><p><a>x</a></p><p><a>y</a></p></div><a>z</a>");
        let mut walk = doc.element_walk();
        let mut names = Vec::new();
        while let Some((element, _)) = walk.next() {
            names.push(element.local_name().to_owned());
            if element.is("p") {
                walk.skip_children();
            }
        }
        assert_eq!(names, ["html", "head", "body", "div", "p", "p", "a"]);
    }
}
