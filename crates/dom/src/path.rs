//! Element paths: the CSS-like names of elements in messages and outputs
//! (`html>body>div:nth-child(2)>span`). A step is the element's local name, with
//! `:nth-child(n)` (its 1-based position among its parent's element children) when a sibling
//! has the same name. Every path harvest writes (mf2 `source-paths`, the validator's and the
//! JSON-LD blocks' locations, the links' `path`) is built here.

use crate::name_key::NameKey;
use crate::node::{Element, Node};
use crate::shared_path::SharedPath;
use crate::tree::{NodeId, Tree};
use html5ever::LocalName;
use rustc_hash::FxHashSet;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

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
    /// The shared paths made so far ([`ElementPaths::shared`]).
    shared: HashMap<Element, SharedPath>,
}

impl ElementPaths {
    /// An empty cache.
    pub fn new() -> ElementPaths {
        ElementPaths::default()
    }

    /// The path of `element` (its form: [`ElementPaths`]).
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

    /// The path of `element` as a [`SharedPath`]: made once per element, from its parent's
    /// (made first when needed), so the shared paths of n elements cost O(n) steps however
    /// deep they sit, and every later call for the element gives the same path.
    ///
    /// ```
    /// use harvest_dom::{Document, ElementPaths};
    /// let doc = Document::parse("<div><p>a</p><p>b <span>c</span></p></div>");
    /// let mut paths = ElementPaths::new();
    /// let span = doc.elements().find(|e| e.is("span")).unwrap();
    /// assert_eq!(paths.shared(&span).to_string(), "html>body>div>p:nth-child(2)>span");
    /// assert_eq!(paths.shared(&span), paths.path(&span));
    /// ```
    pub fn shared(&mut self, element: &Element) -> SharedPath {
        if let Some(path) = self.shared.get(element) {
            return path.clone();
        }
        // The element and its ancestors up to the nearest one with a shared path already.
        let mut chain = vec![element.clone()];
        let mut current = element.parent_element();
        let mut path = SharedPath::default();
        while let Some(ancestor) = current {
            if let Some(known) = self.shared.get(&ancestor) {
                path = known.clone();
                break;
            }
            current = ancestor.parent_element();
            chain.push(ancestor);
        }
        while let Some(next) = chain.pop() {
            self.name_siblings(&next);
            path = match self.steps.get(&next) {
                Some(step) => SharedPath::child(&path, step),
                None => SharedPath::child(&path, next.local_name()),
            };
            self.shared.insert(next, path.clone());
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
        let repeated = RepeatedNames::among_children_of(&parent.tree, Some(parent.id));
        for (index, child) in parent.element_children().enumerate() {
            let name = &child.data().name.local;
            let text = parent.tree.name_text(name);
            let step =
                if repeated.contains(name) { format!("{text}:nth-child({})", index + 1) } else { text.to_owned() };
            self.steps.insert(child, step);
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

/// The paths of the elements of an [`ElementWalk`](crate::ElementWalk), built as the walk goes:
/// the path of the element last visited is written on request, reusing the part of the previous
/// path that still applies, and a parent's children are scanned for repeated names only when a
/// path first passes through it. Asking for the paths of all elements costs time linear in the
/// total length of the paths written; an element whose path is never asked for costs a step.
/// The strings are those of [`Element::path`].
///
/// ```
/// use harvest_dom::{Document, WalkPaths};
/// let doc = Document::parse("<p>a</p><p>b <a href=x>c</a></p>");
/// let (mut walk, mut paths) = (doc.element_walk(), WalkPaths::new());
/// let mut found = Vec::new();
/// while let Some((element, depth)) = walk.next() {
///     paths.enter(depth);
///     if element.is("a") {
///         found.push(paths.path(element).to_owned());
///     }
/// }
/// assert_eq!(found, ["html>body>p:nth-child(2)>a"]);
/// ```
#[derive(Debug, Default)]
pub struct WalkPaths {
    levels: Vec<Level>,
    path: String,
}

/// One depth of the walk: the position of the element visited there among its parent's element
/// children and, once a path needed them, the names repeated among those children and where
/// the step of this depth ends in the path buffer.
#[derive(Debug, Default)]
struct Level {
    position: usize,
    repeated: Option<RepeatedNames>,
    path_len: Option<usize>,
}

impl WalkPaths {
    /// Paths for a new walk.
    pub fn new() -> WalkPaths {
        WalkPaths::default()
    }

    /// Follows the walk to its next element, at `depth` (as [`crate::ElementWalk::next`] gives
    /// it; the walk must start at the document).
    pub fn enter(&mut self, depth: usize) {
        if self.levels.len() >= depth {
            // A later sibling of the element last visited at this depth.
            self.levels.truncate(depth);
            if let Some(level) = self.levels.last_mut() {
                level.position += 1;
                level.path_len = None;
            }
        } else {
            // The first element child of the element last visited.
            self.levels.push(Level { position: 1, ..Level::default() });
        }
    }

    /// The path of `element`, the element last entered.
    pub fn path(&mut self, element: &Element) -> &str {
        let Some(last) = self.levels.len().checked_sub(1) else { return "" };
        let tree: &Tree = &element.tree;
        // The deepest depth whose step is still written.
        let (from, written) = match self.levels.iter().rposition(|level| level.path_len.is_some()) {
            Some(index) => (index + 1, self.levels[index].path_len.unwrap_or(0)),
            None => (0, 0),
        };
        self.path.truncate(written);
        // The elements of the steps still to write: `element` and its nearest ancestors.
        let mut unwritten = vec![element.id];
        for _ in from..last {
            let Some(parent) = unwritten.last().and_then(|&id| tree.parent(id)) else { break };
            unwritten.push(parent);
        }
        for (level, id) in self.levels[from..].iter_mut().zip(unwritten.into_iter().rev()) {
            let name = &tree.element(id).name.local;
            if !self.path.is_empty() {
                self.path.push('>');
            }
            self.path.push_str(tree.name_text(name));
            let parent = tree.parent(id);
            let repeated = level.repeated.get_or_insert_with(|| RepeatedNames::among_children_of(tree, parent));
            if repeated.contains(name) {
                let _ = write!(self.path, ":nth-child({})", level.position);
            }
            level.path_len = Some(self.path.len());
        }
        &self.path
    }
}

/// The local names that more than one element child of a parent has: for a few children a
/// list found by comparing the names (atoms: one integer comparison each), past
/// [`SHORT_SIBLING_LIST`] a set (keyed by [`NameKey`]: a page cannot make its names collide).
#[derive(Debug)]
enum RepeatedNames {
    Few(Vec<LocalName>),
    Many(FxHashSet<NameKey>),
}

/// Sibling lists up to this long are compared directly for repeated names.
const SHORT_SIBLING_LIST: usize = 16;

impl RepeatedNames {
    fn among_children_of(tree: &Tree, parent: Option<NodeId>) -> RepeatedNames {
        let mut children: Vec<&LocalName> = Vec::new();
        let mut child = parent.and_then(|parent| tree.first_child(parent));
        while let Some(id) = child {
            if tree.is_element(id) {
                children.push(&tree.element(id).name.local);
            }
            child = tree.next_sibling(id);
        }
        if children.len() <= SHORT_SIBLING_LIST {
            let mut repeated: Vec<LocalName> = Vec::new();
            for (index, &name) in children.iter().enumerate() {
                if children[..index].contains(&name) && !repeated.contains(name) {
                    repeated.push(name.clone());
                }
            }
            return RepeatedNames::Few(repeated);
        }
        let mut seen: FxHashSet<NameKey> = FxHashSet::default();
        let mut repeated = FxHashSet::default();
        for name in children {
            if !seen.insert(NameKey::new(name)) {
                repeated.insert(NameKey::new(name));
            }
        }
        RepeatedNames::Many(repeated)
    }

    fn contains(&self, name: &LocalName) -> bool {
        match self {
            RepeatedNames::Few(names) => names.contains(name),
            RepeatedNames::Many(names) => names.contains(&NameKey::new(name)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Document;

    #[test]
    fn walk_paths_are_element_paths() {
        // Short sibling lists, and one past SHORT_SIBLING_LIST (20 `li`, one `p`).
        let long_list = format!("<ul>{}<p><a>y</a></p></ul>", "<li><a>x</a><a>z</a></li>".repeat(20));
        let doc = Document::parse(&format!(
            "<p><a>1</a><b><a>2</a></b><a>3</a><i>x</i></p><p><svg><a/></svg></p><table><td>t</table><div><a>only</a></div>{long_list}"
        ));
        // Every path, and paths asked for only now and then (the rest skipped).
        for stride in [1, 2, 3, 5] {
            let (mut walk, mut paths) = (doc.element_walk(), WalkPaths::new());
            let mut index = 0;
            while let Some((element, depth)) = walk.next() {
                paths.enter(depth);
                if index % stride == 0 {
                    assert_eq!(paths.path(element), element.path(), "stride {stride}, element {index}");
                }
                index += 1;
            }
            assert_eq!(index, doc.elements().count());
        }
    }
}
