//! The document tree: every node of a document in one vector, linked by index.
//!
//! The parser (`crate::parse`) builds a [`Tree`] through html5ever's tree builder; afterwards the
//! tree never changes, so [`crate::Node`] and [`crate::Element`] handles read it without any
//! run-time borrow checks, and one allocation holds the whole document instead of one per node.
//! Text, comment and attribute data are owned strings, copied out of html5ever's tendrils as
//! the parser hands them over: tendrils count their references without atomics and so cannot
//! be shared between threads, and a parsed document is `Send + Sync`. Text and attribute
//! values are `CompactString`s, which keep strings of up to 24 bytes inline: most values are
//! that short, and copying them then costs no allocation.

use crate::page_names::PageNames;
use compact_str::CompactString;
use html5ever::{local_name, ns, LocalName, QualName};
use std::num::NonZeroU32;

/// The position of a node in its [`Tree`]. Stored as position + 1 so that `Option<NodeId>` is as
/// small as the id itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct NodeId(NonZeroU32);

impl NodeId {
    /// The document node, always the first node of a tree.
    pub(crate) const DOCUMENT: NodeId = NodeId(NonZeroU32::MIN);

    fn from_index(index: usize) -> Option<NodeId> {
        let stored = u32::try_from(index).ok()?.checked_add(1)?;
        NonZeroU32::new(stored).map(NodeId)
    }

    pub(crate) fn index(self) -> usize {
        // A u32 always fits in usize on the targets html5ever supports (32 and 64 bits).
        (self.0.get() - 1) as usize
    }
}

/// What a node is, with its data.
pub(crate) enum NodeData {
    Document,
    Doctype {
        name: Box<str>,
        public_id: Box<str>,
        system_id: Box<str>,
    },
    /// A document fragment: the contents of a `template` element, whose id is `host`.
    Fragment {
        host: Option<NodeId>,
    },
    Element(ElementData),
    Text(CompactString),
    Comment(Box<str>),
    ProcessingInstruction {
        target: Box<str>,
        data: Box<str>,
    },
}

/// An attribute of an element: html5ever's, with the value owned.
pub(crate) struct Attribute {
    pub name: QualName,
    pub value: CompactString,
}

impl From<html5ever::Attribute> for Attribute {
    fn from(attribute: html5ever::Attribute) -> Attribute {
        Attribute { name: attribute.name, value: CompactString::from(&*attribute.value) }
    }
}

/// Back to html5ever's form, for start tags the parser replays.
impl From<&Attribute> for html5ever::Attribute {
    fn from(attribute: &Attribute) -> html5ever::Attribute {
        html5ever::Attribute { name: attribute.name.clone(), value: (&*attribute.value).into() }
    }
}

/// An element's name, attributes and template contents.
pub(crate) struct ElementData {
    pub name: QualName,
    /// In source order; the tokenizer has already dropped repeated names.
    pub attributes: Vec<Attribute>,
    /// For a `template` element, the fragment holding its contents.
    pub template_contents: Option<NodeId>,
    /// HTML § "MathML annotation-xml integration point" (set at creation from `encoding`).
    pub mathml_annotation_xml_integration_point: bool,
}

impl ElementData {
    /// The value of the attribute `local` in no namespace, `names` being its tree's. A linear
    /// scan: elements have few attributes, and comparing names costs less than hashing one.
    pub(crate) fn attr(&self, local: &str, names: &PageNames) -> Option<&str> {
        self.attributes
            .iter()
            .find(|attribute| {
                // A placeholder stands only for a name longer than an atom holds.
                attribute.name.ns == ns!()
                    && if local.len() > 7 {
                        names.is_long_name(&attribute.name.local, local)
                    } else {
                        &*attribute.name.local == local
                    }
            })
            .map(|attribute| &*attribute.value)
    }
}

/// One node: its links to its neighbours and its data.
pub(crate) struct NodeSlot {
    pub parent: Option<NodeId>,
    pub previous_sibling: Option<NodeId>,
    pub next_sibling: Option<NodeId>,
    pub first_child: Option<NodeId>,
    pub last_child: Option<NodeId>,
    /// The source line the node starts on, from 1; 0 when unknown (see [`crate::Node::line`]).
    /// It fits in the slot's padding after the five ids, so it costs no memory.
    pub line: u32,
    pub data: NodeData,
}

/// Every node of one document; the document node is [`NodeId::DOCUMENT`].
pub(crate) struct Tree {
    nodes: Vec<NodeSlot>,
    /// The one node that stands in for every node created once ids have run out (past
    /// 4,294,967,294 nodes, which no memory holds in practice): it is never attached anywhere.
    overflow: NodeId,
    /// Stands in for element data wherever an id that is not an element's is read as one,
    /// which the handles' own invariants rule out; it keeps those reads total instead of
    /// panicking.
    no_element: ElementData,
    /// The deadline walks look at ([`crate::Deadline`]); set once the tree is built.
    watch: crate::deadline::Watch,
    /// The texts of the page's long names, which its elements and attributes name by
    /// placeholders ([`PageNames`]).
    names: PageNames,
}

impl Tree {
    pub(crate) fn new() -> Tree {
        Tree::with_capacity(0)
    }

    /// A tree with room for `nodes` nodes before its arena grows.
    pub(crate) fn with_capacity(nodes: usize) -> Tree {
        let no_element = ElementData {
            name: QualName::new(None, ns!(), local_name!("")),
            attributes: Vec::new(),
            template_contents: None,
            mathml_annotation_xml_integration_point: false,
        };
        let mut tree = Tree {
            nodes: Vec::with_capacity(nodes),
            overflow: NodeId::DOCUMENT,
            no_element,
            watch: crate::deadline::Watch::default(),
            names: PageNames::default(),
        };
        tree.nodes.push(NodeSlot::detached(NodeData::Document));
        tree.overflow = tree.push(NodeData::Fragment { host: None });
        tree
    }

    /// The page's long names (set once the tree is built).
    pub(crate) fn set_names(&mut self, names: PageNames) {
        self.names = names;
    }

    /// The page's long names, for names compared or looked up by their text.
    pub(crate) fn names(&self) -> &PageNames {
        &self.names
    }

    /// The text of a name of this tree's elements or attributes.
    #[inline]
    pub(crate) fn name_text<'a>(&'a self, name: &'a LocalName) -> &'a str {
        self.names.text(name)
    }

    /// The node `id`. Ids only come from this tree, so the index is always in bounds.
    pub(crate) fn slot(&self, id: NodeId) -> &NodeSlot {
        &self.nodes[id.index()]
    }

    fn slot_mut(&mut self, id: NodeId) -> &mut NodeSlot {
        &mut self.nodes[id.index()]
    }

    pub(crate) fn data(&self, id: NodeId) -> &NodeData {
        &self.slot(id).data
    }

    pub(crate) fn data_mut(&mut self, id: NodeId) -> &mut NodeData {
        &mut self.slot_mut(id).data
    }

    /// The element data of `id`, or an element with no name and no attributes for any other
    /// node.
    pub(crate) fn element(&self, id: NodeId) -> &ElementData {
        match self.data(id) {
            NodeData::Element(element) => element,
            _ => &self.no_element,
        }
    }

    pub(crate) fn is_element(&self, id: NodeId) -> bool {
        matches!(self.data(id), NodeData::Element(_))
    }

    pub(crate) fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.slot(id).parent
    }

    pub(crate) fn first_child(&self, id: NodeId) -> Option<NodeId> {
        self.slot(id).first_child
    }

    pub(crate) fn last_child(&self, id: NodeId) -> Option<NodeId> {
        self.slot(id).last_child
    }

    pub(crate) fn next_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.slot(id).next_sibling
    }

    pub(crate) fn previous_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.slot(id).previous_sibling
    }

    /// Walks over the finished tree stop at this deadline.
    pub(crate) fn set_deadline(&mut self, deadline: crate::Deadline) {
        self.watch = crate::deadline::Watch::new(deadline);
    }

    /// Counts one step of a walk; false once the deadline has passed: the walk ends there.
    #[inline]
    pub(crate) fn keep_going(&self) -> bool {
        self.watch.keep_going()
    }

    /// Whether a walk has stopped at the deadline.
    pub(crate) fn stopped(&self) -> bool {
        self.watch.stopped()
    }

    /// The node after `id` in tree order that is inside `root` (pre-order, iterative); none
    /// once the deadline has passed.
    pub(crate) fn next_in(&self, root: NodeId, id: NodeId) -> Option<NodeId> {
        if !self.keep_going() {
            return None;
        }
        if let Some(child) = self.first_child(id) {
            return Some(child);
        }
        self.next_skipping_children(root, id)
    }

    /// The node after `id` and all its descendants in tree order, inside `root`; none once the
    /// deadline has passed.
    pub(crate) fn next_skipping_children(&self, root: NodeId, mut id: NodeId) -> Option<NodeId> {
        if !self.keep_going() {
            return None;
        }
        loop {
            if id == root {
                return None;
            }
            if let Some(sibling) = self.next_sibling(id) {
                return Some(sibling);
            }
            id = self.parent(id)?;
        }
    }

    /// Adds a node with no neighbours and no known line.
    pub(crate) fn push(&mut self, data: NodeData) -> NodeId {
        self.push_at(data, 0)
    }

    /// Adds a node with no neighbours that starts on source line `line` (0: unknown).
    pub(crate) fn push_at(&mut self, data: NodeData, line: u32) -> NodeId {
        match NodeId::from_index(self.nodes.len()) {
            Some(id) => {
                let mut slot = NodeSlot::detached(data);
                slot.line = line;
                self.nodes.push(slot);
                id
            }
            None => self.overflow,
        }
    }

    /// The source line `id` starts on, from 1, when known.
    pub(crate) fn line(&self, id: NodeId) -> Option<u32> {
        Some(self.slot(id).line).filter(|&line| line != 0)
    }

    /// Makes `child` the last child of `parent`, detaching it from where it was first.
    pub(crate) fn append(&mut self, parent: NodeId, child: NodeId) {
        if child == self.overflow || parent == child {
            return;
        }
        self.detach(child);
        let previous = self.slot(parent).last_child;
        {
            let slot = self.slot_mut(child);
            slot.parent = Some(parent);
            slot.previous_sibling = previous;
        }
        match previous {
            Some(previous) => self.slot_mut(previous).next_sibling = Some(child),
            None => self.slot_mut(parent).first_child = Some(child),
        }
        self.slot_mut(parent).last_child = Some(child);
    }

    /// Inserts `child` just before `sibling` under `sibling`'s parent (nothing without one).
    pub(crate) fn insert_before(&mut self, sibling: NodeId, child: NodeId) {
        if child == self.overflow || sibling == child {
            return;
        }
        self.detach(child);
        let Some(parent) = self.parent(sibling) else { return };
        let previous = self.slot(sibling).previous_sibling;
        {
            let slot = self.slot_mut(child);
            slot.parent = Some(parent);
            slot.previous_sibling = previous;
            slot.next_sibling = Some(sibling);
        }
        self.slot_mut(sibling).previous_sibling = Some(child);
        match previous {
            Some(previous) => self.slot_mut(previous).next_sibling = Some(child),
            None => self.slot_mut(parent).first_child = Some(child),
        }
    }

    /// Removes `id` from its parent (its own children stay with it).
    pub(crate) fn detach(&mut self, id: NodeId) {
        let (parent, previous, next) = {
            let slot = self.slot_mut(id);
            (slot.parent.take(), slot.previous_sibling.take(), slot.next_sibling.take())
        };
        let Some(parent) = parent else { return };
        match previous {
            Some(previous) => self.slot_mut(previous).next_sibling = next,
            None => self.slot_mut(parent).first_child = next,
        }
        match next {
            Some(next) => self.slot_mut(next).previous_sibling = previous,
            None => self.slot_mut(parent).last_child = previous,
        }
    }

    /// Moves every child of `from` to the end of `to`'s children, in order (`to` itself stays
    /// where it is if it is one of them: a node never moves into itself).
    pub(crate) fn reparent_children(&mut self, from: NodeId, to: NodeId) {
        let mut next = self.first_child(from);
        while let Some(child) = next {
            next = self.next_sibling(child);
            if child != to {
                self.append(to, child);
            }
        }
    }

    /// Whether `id`'s last child is text; if so, its id.
    pub(crate) fn last_child_text(&self, id: NodeId) -> Option<NodeId> {
        self.last_child(id).filter(|&child| matches!(self.data(child), NodeData::Text(_)))
    }

    /// Whether `id`'s previous sibling is text; if so, its id.
    pub(crate) fn previous_sibling_text(&self, id: NodeId) -> Option<NodeId> {
        self.previous_sibling(id).filter(|&sibling| matches!(self.data(sibling), NodeData::Text(_)))
    }

    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }
}

impl NodeSlot {
    fn detached(data: NodeData) -> NodeSlot {
        NodeSlot {
            parent: None,
            previous_sibling: None,
            next_sibling: None,
            first_child: None,
            last_child: None,
            line: 0,
            data,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(tree: &mut Tree, value: &str) -> NodeId {
        tree.push(NodeData::Text(value.into()))
    }

    fn children(tree: &Tree, parent: NodeId) -> Vec<String> {
        let mut out = Vec::new();
        let mut next = tree.first_child(parent);
        while let Some(id) = next {
            if let NodeData::Text(value) = tree.data(id) {
                out.push(value.to_string());
            }
            assert_eq!(tree.parent(id), Some(parent));
            next = tree.next_sibling(id);
        }
        out
    }

    #[test]
    fn append_insert_detach_and_reparent_keep_links_consistent() {
        let mut tree = Tree::new();
        let root = NodeId::DOCUMENT;
        let a = text(&mut tree, "a");
        let b = text(&mut tree, "b");
        let c = text(&mut tree, "c");
        tree.append(root, a);
        tree.append(root, c);
        tree.insert_before(c, b);
        assert_eq!(children(&tree, root), ["a", "b", "c"]);
        tree.detach(b);
        assert_eq!(children(&tree, root), ["a", "c"]);
        assert_eq!(tree.previous_sibling(c), Some(a));
        let other = tree.push(NodeData::Fragment { host: None });
        tree.append(other, b);
        tree.reparent_children(root, other);
        assert_eq!(children(&tree, root), Vec::<String>::new());
        assert_eq!(children(&tree, other), ["b", "a", "c"]);
        assert_eq!(tree.last_child(other), Some(c));
        // Moving a node to the end of its own parent keeps the rest in order.
        tree.append(other, b);
        assert_eq!(children(&tree, other), ["a", "c", "b"]);
    }

    #[test]
    fn tree_order_walk_stays_inside_its_root() {
        let mut tree = Tree::new();
        let outer = tree.push(NodeData::Fragment { host: None });
        let inner = tree.push(NodeData::Fragment { host: None });
        let x = text(&mut tree, "x");
        let y = text(&mut tree, "y");
        tree.append(NodeId::DOCUMENT, outer);
        tree.append(outer, inner);
        tree.append(inner, x);
        tree.append(outer, y);
        let mut order = Vec::new();
        let mut next = tree.next_in(inner, inner);
        while let Some(id) = next {
            order.push(id);
            next = tree.next_in(inner, id);
        }
        assert_eq!(order, [x]);
        assert_eq!(tree.next_skipping_children(outer, inner), Some(y));
    }
}

#[cfg(test)]
mod size {
    #[test]
    fn the_line_fits_in_the_slots_padding() {
        // Five 4-byte ids and the 4-byte line: 24 bytes, as the five ids alone round up to
        // next to the 8-byte-aligned data.
        assert_eq!(size_of::<super::NodeSlot>(), size_of::<super::NodeData>() + 24);
    }
}
