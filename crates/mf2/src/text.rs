//! The text of elements, computed once per document, by the parsing specification's
//! textContent or by the "thorough" plain-text algorithm ([`crate::Text`]).
//!
//! microformats2 "textContent parsing" of an element is a contiguous run of the document's text
//! read in tree order (with `script`, `style` and `template` contents dropped and each `img`
//! replaced by its `alt` or its resolved `src`). One walk writes that text once and records
//! where each element's run starts and ends, so the text of nested properties and items is a
//! slice, not a fresh walk per nesting level.

use crate::budget::ValueBudget;
use crate::urls::{is_one_of, Urls};
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
    /// The ranges of `text` an `img` without `alt` wrote from its `src`, in order: the implied
    /// name leaves them out.
    image_sources: Vec<(usize, usize)>,
    /// The ranges of `text` written inside an outermost `pre` element (thorough text only), in
    /// order: their white space is kept as written.
    preformatted: Vec<(usize, usize)>,
    /// How many `pre` elements the indexing walk is inside.
    pre_depth: usize,
    whole_document: bool,
}

/// A run of text and the preformatted ranges in it (relative to the run).
struct Run<'a> {
    text: std::borrow::Cow<'a, str>,
    preformatted: Vec<(usize, usize)>,
}

/// What a nested `img` contributes to text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Images {
    /// Its `alt`, else its resolved `src` (p-* values, e-* `value`).
    AltOrSrc,
    /// Its `alt` only: microformats2 § "parsing for implied properties", name: "replacing any
    /// nested `<img>` elements with their alt attribute, if present" (since the resolution of
    /// microformats2-parsing issue 35, the `src` is no part of a name).
    AltOnly,
}

enum Step {
    Enter(Node),
    Exit(Element, usize),
    /// The end of a `pre` element that started at this offset.
    PreEnd(usize),
}

/// Appends what an `img` contributes to text; returns the range written from its `src` (empty
/// when it gave its `alt` or nothing).
fn push_image(out: &mut String, image: &Element, urls: &Urls, mode: Text) -> (usize, usize) {
    let start = out.len();
    match mode {
        Text::Classic => {
            if let Some(alt) = image.attr("alt") {
                out.push_str(alt);
            } else if let Some(src) = image.attr("src") {
                out.push(' ');
                out.push_str(&urls.resolve(src));
                out.push(' ');
                return (start, out.len());
            }
        }
        // textcontent-parsing, "Element to string", IMG: the alt, else the src resolved, each
        // stripped of ASCII white space, with one space on each side; nothing without either.
        Text::Thorough => {
            let (value, from_src) = match (image.attr("alt"), image.attr("src")) {
                (Some(alt), _) => (harvest_dom::trim_ascii_whitespace(alt).to_owned(), false),
                (None, Some(src)) => (urls.resolve(harvest_dom::trim_ascii_whitespace(src)), true),
                (None, None) => return (start, start),
            };
            out.push(' ');
            let value_start = out.len();
            out.push_str(&value);
            let value_end = out.len();
            out.push(' ');
            if from_src {
                return (value_start, value_end);
            }
        }
    }
    (start, start)
}

/// Appends a text node's data: as written (classic, or inside `pre`), or with each TAB, LF and
/// CR replaced by a space ("Element to string", Text node).
fn push_text(out: &mut String, text: &str, mode: Text, preformatted: bool) {
    match mode {
        Text::Thorough if !preformatted => {
            out.extend(text.chars().map(|c| if matches!(c, '\t' | '\n' | '\r') { ' ' } else { c }));
        }
        _ => out.push_str(text),
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
/// made one. Text in the `preformatted` ranges (sorted, byte offsets into `text`) is kept as
/// written: the draft leaves `pre` open ("whitespace in pre elements"), noting agreement in
/// microformats2-parsing issue 15 that it should be kept, as mf2py does.
pub(crate) fn thorough_plain_text(text: &str, preformatted: &[(usize, usize)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_spaces = 0usize;
    let mut ranges = preformatted.iter().peekable();
    for (at, c) in text.char_indices() {
        while ranges.peek().is_some_and(|&&(_, end)| end <= at) {
            ranges.next();
        }
        if ranges.peek().is_some_and(|&&(start, _)| start <= at) {
            if pending_spaces > 0 && !out.is_empty() && !out.ends_with('\n') {
                out.push(' ');
            }
            pending_spaces = 0;
            out.push(c);
            continue;
        }
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

/// The ranges of `ranges` (sorted, disjoint) that overlap `start..end`, clipped to it.
fn ranges_within(ranges: &[(usize, usize)], start: usize, end: usize) -> &[(usize, usize)] {
    let first = ranges.partition_point(|&(_, range_end)| range_end <= start);
    let last = ranges.partition_point(|&(range_start, _)| range_start < end);
    ranges.get(first..last.max(first)).unwrap_or_default()
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
                Step::PreEnd(start) => {
                    self.pre_depth = self.pre_depth.saturating_sub(1);
                    if self.pre_depth == 0 && self.text.len() > start {
                        self.preformatted.push((start, self.text.len()));
                    }
                    continue;
                }
                Step::Enter(node) => node,
            };
            if let Some(text) = node.as_text() {
                push_text(&mut self.text, text, mode, self.pre_depth > 0);
                continue;
            }
            if let Some(element) = node.as_element() {
                if is_one_of(&element, &["script", "style", "template"]) {
                    continue;
                }
                if element.is("img") {
                    let (start, end) = push_image(&mut self.text, &element, urls, mode);
                    if end > start {
                        self.image_sources.push((start, end));
                    }
                    continue;
                }
                if !push_element_start(&mut self.text, &element, mode) {
                    continue;
                }
                // The range starts after the element's own line feed: the text of a `P` is
                // the text of its children ("Element to string" on it).
                if is_indexed(&element) {
                    stack.push(Step::Exit(element.clone(), self.text.len()));
                }
                if mode == Text::Thorough && element.is("pre") {
                    self.pre_depth += 1;
                    stack.push(Step::PreEnd(self.text.len()));
                }
            }
            let first = stack.len();
            stack.extend(node.children().map(Step::Enter));
            stack[first..].reverse();
        }
    }

    /// The text between two offsets of the index, with the image sources inside it left out
    /// for [`Images::AltOnly`], and its preformatted ranges.
    fn run_between(&self, start: usize, end: usize, images: Images) -> Run<'_> {
        let cuts = match images {
            Images::AltOrSrc => &[][..],
            Images::AltOnly => ranges_within(&self.image_sources, start, end),
        };
        // Each offset in the run is its offset in `text` less `start` and the lengths of the
        // cuts before it; the offsets asked grow, so one pass over the cuts serves them all.
        let mut cut = cuts.iter().peekable();
        let mut removed = 0usize;
        let mut relative = |at: usize| {
            while let Some(&&(cut_start, cut_end)) = cut.peek() {
                if cut_end > at {
                    break;
                }
                removed += cut_end - cut_start;
                cut.next();
            }
            at.saturating_sub(start).saturating_sub(removed)
        };
        let mut preformatted = Vec::new();
        for &(a, b) in ranges_within(&self.preformatted, start, end) {
            let range_start = relative(a.max(start));
            preformatted.push((range_start, relative(b.min(end))));
        }
        if cuts.is_empty() {
            return Run {
                text: std::borrow::Cow::Borrowed(self.text.get(start..end).unwrap_or_default()),
                preformatted,
            };
        }
        let mut out = String::with_capacity(end.saturating_sub(start));
        let mut at = start;
        for &(cut_start, cut_end) in cuts {
            out.push_str(self.text.get(at..cut_start).unwrap_or_default());
            at = cut_end;
        }
        out.push_str(self.text.get(at..end).unwrap_or_default());
        Run { text: std::borrow::Cow::Owned(out), preformatted }
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
        self.finish_run(raw, &[])
    }

    fn finish_run(&self, raw: &str, preformatted: &[(usize, usize)]) -> String {
        match self.mode {
            Text::Classic => raw.trim().to_owned(),
            Text::Thorough => thorough_plain_text(raw, preformatted),
        }
    }

    /// Indexes the subtree of a top-level item's root, unless the whole document already is.
    pub(crate) fn index_subtree(&self, element: &Element, urls: &Urls) {
        let mut built = self.built.borrow_mut();
        if !built.whole_document && !built.ranges.contains_key(element) {
            built.index(&element.as_node(), urls, self.mode);
        }
    }

    /// Runs `read` on the untrimmed text of a node and its preformatted ranges: a slice of the
    /// index when the node is indexed, else computed by a walk of its subtree.
    ///
    /// The text is charged to `budget` (its untrimmed length, before image sources are cut
    /// out) before it is read; when it does not fit, `read` is not run and the result is the
    /// empty default, the budget having counted the refusal.
    fn with_text<T: Default>(
        &self,
        node: &Node,
        urls: &Urls,
        images: Images,
        budget: &ValueBudget,
        read: impl FnOnce(&str, &[(usize, usize)]) -> T,
    ) -> T {
        if let Some(element) = node.as_element() {
            if is_indexed(&element) && !is_one_of(&element, &["img", "script", "style", "template"]) {
                let mut built = self.built.borrow_mut();
                if !built.ranges.contains_key(&element) && !built.whole_document {
                    built.whole_document = true;
                    built.index(&self.root, urls, self.mode);
                }
                if let Some(&(start, end)) = built.ranges.get(&element) {
                    if !budget.take(end.saturating_sub(start)) {
                        return T::default();
                    }
                    let run = built.run_between(start, end, images);
                    return read(&run.text, &run.preformatted);
                }
            }
        }
        // A walk of the children into a scratch index, read the same way.
        let mut scratch = Built::default();
        for child in node.children() {
            scratch.index(&child, urls, self.mode);
        }
        if !budget.take(scratch.text.len()) {
            return T::default();
        }
        let run = scratch.run_between(0, scratch.text.len(), images);
        read(&run.text, &run.preformatted)
    }

    /// The untrimmed text of a node.
    pub(crate) fn raw_text(&self, node: &Node, urls: &Urls, budget: &ValueBudget) -> String {
        self.with_text(node, urls, Images::AltOrSrc, budget, |text, _| text.to_owned())
    }

    /// The text of a node: white space at either end (NBSP included) removed (classic), or the
    /// thorough algorithm's plain text.
    pub(crate) fn text(&self, node: &Node, urls: &Urls, budget: &ValueBudget) -> String {
        self.with_text(node, urls, Images::AltOrSrc, budget, |text, preformatted| self.finish_run(text, preformatted))
    }

    /// [`TextIndex::text`] with nested images giving their `alt` only (the implied name).
    pub(crate) fn text_without_image_sources(&self, node: &Node, urls: &Urls, budget: &ValueBudget) -> String {
        self.with_text(node, urls, Images::AltOnly, budget, |text, preformatted| self.finish_run(text, preformatted))
    }
}
