//! The text of elements, computed once per document.
//!
//! microformats2 "textContent parsing" of an element is a contiguous run of the document's text
//! read in tree order (with `script`, `style` and `template` contents dropped and each `img`
//! replaced by its `alt` or its resolved `src`). One walk writes that text once and records
//! where each element's run starts and ends, so the text of nested properties and items is a
//! slice, not a fresh walk per nesting level.

use crate::values::{is_one_of, Urls};
use harvest_dom::{Element, Node};
use std::collections::HashMap;

/// Every element's text as a range of one string.
#[derive(Debug, Default)]
pub(crate) struct TextIndex {
    text: String,
    ranges: HashMap<Element, (usize, usize)>,
}

enum Step {
    Enter(Node),
    Exit(Element, usize),
}

/// Appends what an `img` contributes to text.
fn push_image(out: &mut String, image: &Element, urls: &Urls) {
    if let Some(alt) = image.attr("alt") {
        out.push_str(&alt);
    } else if let Some(src) = image.attr("src") {
        out.push(' ');
        out.push_str(&urls.resolve(&src));
        out.push(' ');
    }
}

impl TextIndex {
    /// Indexes the elements under `root` that have a `class` or `id` attribute (the only ones
    /// whose text the parser asks for, apart from rare cases computed directly).
    pub(crate) fn build(root: &Node, urls: &Urls) -> TextIndex {
        let mut index = TextIndex::default();
        let mut stack = vec![Step::Enter(root.clone())];
        while let Some(step) = stack.pop() {
            let node = match step {
                Step::Exit(element, start) => {
                    index.ranges.insert(element, (start, index.text.len()));
                    continue;
                }
                Step::Enter(node) => node,
            };
            if let Some(text) = node.as_text() {
                index.text.push_str(&text);
                continue;
            }
            if let Some(element) = node.as_element() {
                if is_one_of(&element, &["script", "style", "template"]) {
                    continue;
                }
                if element.is("img") {
                    push_image(&mut index.text, &element, urls);
                    continue;
                }
                if element.has_attr("class") || element.has_attr("id") {
                    stack.push(Step::Exit(element, index.text.len()));
                }
            }
            let first = stack.len();
            stack.extend(node.children().map(Step::Enter));
            stack[first..].reverse();
        }
        index
    }

    /// The untrimmed text of a node: a slice of the index when the node is indexed, else
    /// computed by a walk of its subtree.
    pub(crate) fn raw_text(&self, node: &Node, urls: &Urls) -> String {
        if let Some(element) = node.as_element() {
            if let Some(&(start, end)) = self.ranges.get(&element) {
                return self.text.get(start..end).unwrap_or_default().to_owned();
            }
        }
        walk_text(node, urls)
    }

    /// The text of a node with white space at either end (NBSP included) removed.
    pub(crate) fn text(&self, node: &Node, urls: &Urls) -> String {
        if let Some(element) = node.as_element() {
            if let Some(&(start, end)) = self.ranges.get(&element) {
                return self.text.get(start..end).unwrap_or_default().trim().to_owned();
            }
        }
        walk_text(node, urls).trim().to_owned()
    }
}

/// The text of a node's children by a walk (for nodes the index does not hold). Iterative.
fn walk_text(node: &Node, urls: &Urls) -> String {
    let mut out = String::new();
    let mut stack: Vec<Node> = node.children().collect();
    stack.reverse();
    while let Some(current) = stack.pop() {
        if let Some(text) = current.as_text() {
            out.push_str(&text);
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
