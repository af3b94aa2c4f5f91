//! The text of elements, computed once per document.
//!
//! microformats2 "textContent parsing" of an element is a contiguous run of the document's text
//! read in tree order (with `script`, `style` and `template` contents dropped and each `img`
//! replaced by its `alt` or its resolved `src`). One walk writes that text once and records
//! where each element's run starts and ends, so the text of nested properties and items is a
//! slice, not a fresh walk per nesting level.

use crate::values::{is_one_of, Urls};
use harvest_dom::{Element, Node};
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// Element texts as ranges of one string, filled as the parser reaches items.
///
/// The parser asks for text only inside items and for include targets, so the index starts
/// empty: each top-level item's subtree is indexed when the walk enters it
/// ([`TextIndex::index_subtree`]), and the first question about an indexable element outside
/// every indexed subtree indexes the whole document once. A page without microformats costs
/// nothing here, and no element is indexed more than twice.
#[derive(Debug)]
pub(crate) struct TextIndex {
    root: Node,
    built: RefCell<Built>,
}

#[derive(Debug, Default)]
struct Built {
    text: String,
    ranges: FxHashMap<Element, (usize, usize)>,
    whole_document: bool,
}

enum Step {
    Enter(Node),
    Exit(Element, usize),
}

/// Appends what an `img` contributes to text.
fn push_image(out: &mut String, image: &Element, urls: &Urls) {
    if let Some(alt) = image.attr("alt") {
        out.push_str(alt);
    } else if let Some(src) = image.attr("src") {
        out.push(' ');
        out.push_str(&urls.resolve(src));
        out.push(' ');
    }
}

/// The elements whose text the index keeps: those with a `class` or `id` attribute (the only
/// ones whose text the parser asks for, apart from rare cases computed directly).
fn is_indexed(element: &Element) -> bool {
    element.has_attr("class") || element.has_attr("id")
}

impl Built {
    /// Appends the text of the subtree at `start` and records the range of every indexed
    /// element in it (`start` itself included). Iterative.
    fn index(&mut self, start: &Node, urls: &Urls) {
        let mut stack = vec![Step::Enter(start.clone())];
        while let Some(step) = stack.pop() {
            let node = match step {
                Step::Exit(element, start) => {
                    self.ranges.insert(element, (start, self.text.len()));
                    continue;
                }
                Step::Enter(node) => node,
            };
            if let Some(text) = node.as_text() {
                self.text.push_str(text);
                continue;
            }
            if let Some(element) = node.as_element() {
                if is_one_of(&element, &["script", "style", "template"]) {
                    continue;
                }
                if element.is("img") {
                    push_image(&mut self.text, &element, urls);
                    continue;
                }
                if is_indexed(&element) {
                    stack.push(Step::Exit(element, self.text.len()));
                }
            }
            let first = stack.len();
            stack.extend(node.children().map(Step::Enter));
            stack[first..].reverse();
        }
    }

    fn slice(&self, element: &Element) -> Option<&str> {
        let &(start, end) = self.ranges.get(element)?;
        Some(self.text.get(start..end).unwrap_or_default())
    }
}

impl TextIndex {
    /// An empty index over the document at `root`.
    pub(crate) fn new(root: &Node) -> TextIndex {
        TextIndex { root: root.clone(), built: RefCell::new(Built::default()) }
    }

    /// Indexes the subtree of a top-level item's root, unless the whole document already is.
    pub(crate) fn index_subtree(&self, element: &Element, urls: &Urls) {
        let mut built = self.built.borrow_mut();
        if !built.whole_document && !built.ranges.contains_key(element) {
            built.index(&element.as_node(), urls);
        }
    }

    /// Runs `read` on the untrimmed text of a node: a slice of the index when the node is
    /// indexed, else computed by a walk of its subtree.
    fn with_text<T>(&self, node: &Node, urls: &Urls, read: impl FnOnce(&str) -> T) -> T {
        if let Some(element) = node.as_element() {
            if is_indexed(&element) && !is_one_of(&element, &["img", "script", "style", "template"]) {
                let mut built = self.built.borrow_mut();
                if !built.ranges.contains_key(&element) && !built.whole_document {
                    built.whole_document = true;
                    built.index(&self.root, urls);
                }
                if let Some(text) = built.slice(&element) {
                    return read(text);
                }
            }
        }
        read(&walk_text(node, urls))
    }

    /// The untrimmed text of a node.
    pub(crate) fn raw_text(&self, node: &Node, urls: &Urls) -> String {
        self.with_text(node, urls, str::to_owned)
    }

    /// The text of a node with white space at either end (NBSP included) removed.
    pub(crate) fn text(&self, node: &Node, urls: &Urls) -> String {
        self.with_text(node, urls, |text| text.trim().to_owned())
    }
}

/// The text of a node's children by a walk (for nodes the index does not hold). Iterative.
fn walk_text(node: &Node, urls: &Urls) -> String {
    let mut out = String::new();
    let mut stack: Vec<Node> = node.children().collect();
    stack.reverse();
    while let Some(current) = stack.pop() {
        if let Some(text) = current.as_text() {
            out.push_str(text);
            continue;
        }
        let Some(element) = current.as_element() else { continue };
        if is_one_of(&element, &["script", "style", "template"]) {
            continue;
        }
        if element.is("img") {
            push_image(&mut out, &element, urls);
            continue;
        }
        let first = stack.len();
        stack.extend(current.children());
        stack[first..].reverse();
    }
    out
}
