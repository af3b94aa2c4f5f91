//! The text of elements, computed once per document, by the parsing specification's
//! textContent or by the "thorough" plain-text algorithm ([`crate::Text`]).
//!
//! microformats2 "textContent parsing" of an element is a contiguous run of the document's text
//! read in tree order (with `script`, `style` and `template` contents dropped and each `img`
//! replaced by its `alt` or its resolved `src`). One walk writes that text once and records
//! where each element's run starts and ends, so the text of nested properties and items is a
//! slice, not a fresh walk per nesting level.

use crate::values::{is_one_of, Urls};
use crate::Text;
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
    mode: Text,
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
fn push_image(out: &mut String, image: &Element, urls: &Urls, mode: Text) {
    match mode {
        Text::Classic => {
            if let Some(alt) = image.attr("alt") {
                out.push_str(alt);
            } else if let Some(src) = image.attr("src") {
                out.push(' ');
                out.push_str(&urls.resolve(src));
                out.push(' ');
            }
        }
        // textcontent-parsing, "Element to string", IMG: the alt, else the src resolved, each
        // stripped of ASCII white space, with one space on each side; nothing without either.
        Text::Thorough => {
            let value = match (image.attr("alt"), image.attr("src")) {
                (Some(alt), _) => harvest_dom::trim_ascii_whitespace(alt).to_owned(),
                (None, Some(src)) => urls.resolve(harvest_dom::trim_ascii_whitespace(src)),
                (None, None) => return,
            };
            out.push(' ');
            out.push_str(&value);
            out.push(' ');
        }
    }
}

/// Appends a text node's data: as written (classic), or with each TAB, LF and CR replaced by
/// a space ("Element to string", Text node).
fn push_text(out: &mut String, text: &str, mode: Text) {
    match mode {
        Text::Classic => out.push_str(text),
        Text::Thorough => out.extend(text.chars().map(|c| if matches!(c, '\t' | '\n' | '\r') { ' ' } else { c })),
    }
}

/// What an element itself contributes before its children under the thorough algorithm: `BR`
/// a line feed (and no children), `P` a line feed before its text. Returns whether to go into
/// the children.
fn push_element_start(out: &mut String, element: &Element, mode: Text) -> bool {
    if mode == Text::Thorough {
        if element.is("br") {
            out.push('\n');
            return false;
        }
        if element.is("p") {
            out.push('\n');
        }
    }
    true
}

/// textcontent-parsing, "Plain text of element", steps 2-4: the spaces directly before and
/// after each line feed removed, ASCII white space at either end stripped, runs of spaces
/// made one.
pub(crate) fn thorough_plain_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_spaces = 0usize;
    for c in text.chars() {
        match c {
            ' ' => pending_spaces += 1,
            '\n' => {
                // Spaces before a line feed are dropped, and so are those after it (below).
                pending_spaces = 0;
                out.push('\n');
            }
            other => {
                if pending_spaces > 0 && !out.is_empty() && !out.ends_with('\n') {
                    out.push(' ');
                }
                pending_spaces = 0;
                out.push(other);
            }
        }
    }
    harvest_dom::trim_ascii_whitespace(&out).to_owned()
}

/// The elements whose text the index keeps: those with a `class` or `id` attribute (the only
/// ones whose text the parser asks for, apart from rare cases computed directly).
fn is_indexed(element: &Element) -> bool {
    element.has_attr("class") || element.has_attr("id")
}

impl Built {
    /// Appends the text of the subtree at `start` and records the range of every indexed
    /// element in it (`start` itself included). Iterative.
    fn index(&mut self, start: &Node, urls: &Urls, mode: Text) {
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
                push_text(&mut self.text, text, mode);
                continue;
            }
            if let Some(element) = node.as_element() {
                if is_one_of(&element, &["script", "style", "template"]) {
                    continue;
                }
                if element.is("img") {
                    push_image(&mut self.text, &element, urls, mode);
                    continue;
                }
                if !push_element_start(&mut self.text, &element, mode) {
                    continue;
                }
                // The range starts after the element's own line feed: the text of a `P` is
                // the text of its children ("Element to string" on it).
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
    pub(crate) fn new(root: &Node, mode: Text) -> TextIndex {
        TextIndex { root: root.clone(), mode, built: RefCell::new(Built::default()) }
    }

    /// Which text algorithm the index follows.
    pub(crate) fn mode(&self) -> Text {
        self.mode
    }

    /// The finished text of an untrimmed run: trimmed (classic), or the thorough algorithm's
    /// plain text.
    pub(crate) fn finish(&self, raw: &str) -> String {
        match self.mode {
            Text::Classic => raw.trim().to_owned(),
            Text::Thorough => thorough_plain_text(raw),
        }
    }

    /// Indexes the subtree of a top-level item's root, unless the whole document already is.
    pub(crate) fn index_subtree(&self, element: &Element, urls: &Urls) {
        let mut built = self.built.borrow_mut();
        if !built.whole_document && !built.ranges.contains_key(element) {
            built.index(&element.as_node(), urls, self.mode);
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
                    built.index(&self.root, urls, self.mode);
                }
                if let Some(text) = built.slice(&element) {
                    return read(text);
                }
            }
        }
        read(&walk_text(node, urls, self.mode))
    }

    /// The untrimmed text of a node.
    pub(crate) fn raw_text(&self, node: &Node, urls: &Urls) -> String {
        self.with_text(node, urls, str::to_owned)
    }

    /// The text of a node: white space at either end (NBSP included) removed (classic), or the
    /// thorough algorithm's plain text.
    pub(crate) fn text(&self, node: &Node, urls: &Urls) -> String {
        self.with_text(node, urls, |text| self.finish(text))
    }
}

/// The text of a node's children by a walk (for nodes the index does not hold). Iterative.
fn walk_text(node: &Node, urls: &Urls, mode: Text) -> String {
    let mut out = String::new();
    let mut stack: Vec<Node> = node.children().collect();
    stack.reverse();
    while let Some(current) = stack.pop() {
        if let Some(text) = current.as_text() {
            push_text(&mut out, text, mode);
            continue;
        }
        let Some(element) = current.as_element() else { continue };
        if is_one_of(&element, &["script", "style", "template"]) {
            continue;
        }
        if element.is("img") {
            push_image(&mut out, &element, urls, mode);
            continue;
        }
        if !push_element_start(&mut out, &element, mode) {
            continue;
        }
        let first = stack.len();
        stack.extend(current.children());
        stack[first..].reverse();
    }
    out
}
