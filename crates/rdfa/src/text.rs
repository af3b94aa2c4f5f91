//! The text and the serialized content of the elements that carry `@property`, computed for
//! the whole page in one pass: nested property elements take slices of one string instead of
//! walking their subtree each (which a page nesting property elements deeply would make
//! quadratic).

use harvest_dom::{Document, Element, Node, SerializeOptions};
use std::collections::HashMap;
use std::ops::Range;

/// Slices of one string, per element.
pub(crate) struct Index {
    text: String,
    ranges: HashMap<Element, Range<usize>>,
}

impl Index {
    /// DOM `textContent` of every element `wanted` accepts: each one's text is a contiguous run
    /// of the document-order concatenation of all text nodes.
    pub(crate) fn text_content(root: &Element, wanted: &dyn Fn(&Element) -> bool) -> Index {
        enum Step {
            Enter(Node),
            Leave(Element, usize),
        }
        let mut text = String::new();
        let mut ranges = HashMap::new();
        let mut stack = vec![Step::Enter(root.as_node())];
        while let Some(step) = stack.pop() {
            match step {
                Step::Enter(node) => {
                    if let Some(data) = node.as_text() {
                        text.push_str(data);
                        continue;
                    }
                    if let Some(element) = node.as_element().filter(|e| wanted(e)) {
                        stack.push(Step::Leave(element, text.len()));
                    }
                    let children: Vec<Node> = node.children().collect();
                    stack.extend(children.into_iter().rev().map(Step::Enter));
                }
                Step::Leave(element, start) => {
                    ranges.insert(element, start..text.len());
                }
            }
        }
        Index { text, ranges }
    }

    /// The inner HTML of every element `wanted` accepts, as slices of one serialization.
    pub(crate) fn inner_html(document: &Document, wanted: &dyn Fn(&Element) -> bool) -> Index {
        let (text, ranges) = document.inner_html_indexed(document.root(), &SerializeOptions::default(), wanted);
        Index { text, ranges: ranges.into_iter().collect() }
    }

    /// The slice of `element`, if it was wanted.
    pub(crate) fn get(&self, element: &Element) -> Option<&str> {
        self.ranges.get(element).and_then(|range| self.text.get(range.clone()))
    }
}
