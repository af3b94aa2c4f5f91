//! The HTML parser driver: html5ever's tokenizer and tree builder building a kuchikiki tree, with
//! a bound on the depth of the tree.
//!
//! # Why a depth bound
//!
//! html5ever's tree builder walks its stack of open elements for every block-level start tag
//! (the "has a `p` element in button scope" check of the HTML tree construction rules), so a page
//! of *n* nested `div`s costs O(n²). Browsers stay linear by bounding the depth of the tree.
//! We do the same, in two small parts that never change a page below the bound:
//!
//! * [`DepthSink`] wraps kuchikiki's tree sink and notes every element inserted deeper than the
//!   limit;
//! * [`DepthGuard`] sits between the tokenizer and the tree builder. After a start tag whose
//!   element landed past the limit, it immediately closes that element with a synthetic end tag,
//!   so the open-element stack never grows past the limit and everything the element would have
//!   contained goes to its parent instead: past the limit, nesting becomes a sequence of
//!   siblings. The real end tag of a closed element arrives later and is swallowed.
//!
//! Raw-text elements (`script`, `style`, `textarea`, ...) and void elements hold no elements, so
//! they are never closed early. The document records that the limit was hit.

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts};
use html5ever::tree_builder::{ElementFlags, NodeOrText, QuirksMode, TreeBuilder, TreeBuilderOpts, TreeSink};
use html5ever::{local_name, Attribute, ExpandedName, LocalName, QualName, TokenizerResult};
use kuchikiki::NodeRef;
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::cell::{Cell, RefCell};

/// The default bound on the depth of element nesting (the depth Blink uses).
pub const DEFAULT_MAX_DEPTH: usize = 512;

/// How many closed-early elements an end tag is compared with, from the most recent one.
/// Bounds the work per end tag when the markup past the limit is misnested.
const SWALLOW_LOOKBACK: usize = 16;

/// The result of a parse: the document node and what the depth guard did.
pub(crate) struct ParsedTree {
    pub document: NodeRef,
    pub depth_limit_hit: bool,
    /// Whether the parser created a `base` element (if not, no walk looks for one).
    pub created_base: bool,
}

/// Parses a whole document from text.
pub(crate) fn parse_document(html: &str, max_depth: usize, scripting: bool) -> ParsedTree {
    let sink = DepthSink::new(max_depth);
    let tree_builder = TreeBuilder::new(sink, TreeBuilderOpts { scripting_enabled: scripting, ..Default::default() });
    let guard = DepthGuard { inner: tree_builder, swallow: RefCell::new(Vec::new()) };
    let tokenizer = Tokenizer::new(guard, TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    while let TokenizerResult::Script(_) = tokenizer.feed(&input) {}
    tokenizer.end();
    let sink = &tokenizer.sink.inner.sink;
    ParsedTree {
        document: sink.inner.document_node.clone(),
        depth_limit_hit: sink.limit_hit.get(),
        created_base: sink.created_base.get(),
    }
}

/// Elements that never contain elements: closing them early would change nothing but the text.
/// Void elements, and the raw-text and RCDATA elements whose contents are only text.
fn holds_no_elements(name: &LocalName) -> bool {
    crate::serialize::is_void_like(name)
        || matches!(
            *name,
            local_name!("script")
                | local_name!("style")
                | local_name!("textarea")
                | local_name!("title")
                | local_name!("xmp")
                | local_name!("iframe")
                | local_name!("noembed")
                | local_name!("noframes")
                | local_name!("noscript")
                | local_name!("plaintext")
        )
}

// Names reported for non-element handles; the tree builder only asks about elements.
static NO_NAMESPACE: html5ever::Namespace = html5ever::ns!();
static NO_NAME: LocalName = local_name!("");

/// Sits between the tokenizer and the tree builder and keeps the open-element stack bounded.
struct DepthGuard {
    inner: TreeBuilder<NodeRef, DepthSink>,
    /// Names of elements closed early whose real end tag has not arrived yet.
    swallow: RefCell<Vec<LocalName>>,
}

impl DepthGuard {
    fn close_overflowing_elements(&self, line_number: u64) {
        let overflowed = std::mem::take(&mut *self.inner.sink.overflowed.borrow_mut());
        for name in overflowed.into_iter().rev() {
            if holds_no_elements(&name) {
                continue;
            }
            let end = Tag { kind: TagKind::EndTag, name: name.clone(), self_closing: false, attrs: Vec::new() };
            let _ = self.inner.process_token(Token::TagToken(end), line_number);
            self.swallow.borrow_mut().push(name);
        }
    }

    /// Whether a real end tag belongs to an element that was closed early; if so, forget it.
    fn swallows(&self, name: &LocalName) -> bool {
        let mut swallow = self.swallow.borrow_mut();
        let lookback = swallow.len().saturating_sub(SWALLOW_LOOKBACK);
        match swallow[lookback..].iter().rposition(|pending| pending == name) {
            Some(offset) => {
                swallow.truncate(lookback + offset);
                true
            }
            None => false,
        }
    }
}

impl TokenSink for DepthGuard {
    type Handle = NodeRef;

    fn process_token(&self, token: Token, line_number: u64) -> TokenSinkResult<NodeRef> {
        let is_start_tag = matches!(&token, Token::TagToken(tag) if tag.kind == TagKind::StartTag);
        if let Token::TagToken(tag) = &token {
            if tag.kind == TagKind::EndTag && !self.swallow.borrow().is_empty() && self.swallows(&tag.name) {
                return TokenSinkResult::Continue;
            }
        }
        let result = self.inner.process_token(token, line_number);
        if is_start_tag {
            if !self.inner.sink.overflowed.borrow().is_empty() {
                self.close_overflowing_elements(line_number);
            }
        } else {
            self.inner.sink.overflowed.borrow_mut().clear();
        }
        result
    }

    fn end(&self) {
        self.inner.end()
    }

    fn adjusted_current_node_present_but_not_in_html_namespace(&self) -> bool {
        self.inner.adjusted_current_node_present_but_not_in_html_namespace()
    }
}

/// kuchikiki's tree sink, plus the depth of inserted elements.
struct DepthSink {
    inner: kuchikiki::Sink,
    max_depth: usize,
    /// Depth of elements by node address. Cleared whenever the parser moves nodes, since a move
    /// changes the depth of a whole subtree; missing entries are recomputed from the parents.
    /// Addresses are hashed with Fx: the keys come from the allocator, not from the page.
    depths: RefCell<FxHashMap<usize, usize>>,
    /// The last `(address, depth)` looked up: consecutive elements mostly share a parent, so
    /// most lookups end here without touching the map. Cleared with the map.
    last_depth: Cell<Option<(usize, usize)>>,
    /// Template contents fragments by address, with the template element that owns them.
    template_hosts: RefCell<FxHashMap<usize, NodeRef>>,
    /// Names of elements inserted past `max_depth` by the token being processed.
    overflowed: RefCell<Vec<LocalName>>,
    limit_hit: Cell<bool>,
    created_base: Cell<bool>,
}

fn address(node: &NodeRef) -> usize {
    std::rc::Rc::as_ptr(&node.0) as usize
}

impl DepthSink {
    fn new(max_depth: usize) -> Self {
        DepthSink {
            inner: kuchikiki::Sink::default(),
            max_depth: max_depth.max(1),
            depths: RefCell::new(FxHashMap::default()),
            last_depth: Cell::new(None),
            template_hosts: RefCell::new(FxHashMap::default()),
            overflowed: RefCell::new(Vec::new()),
            limit_hit: Cell::new(false),
            created_base: Cell::new(false),
        }
    }

    /// Depth of `node` in the tree (the document node is 0); template contents count as
    /// children of their template. Stops counting past the limit.
    fn depth_of(&self, node: &NodeRef) -> usize {
        let target = address(node);
        if let Some((last, depth)) = self.last_depth.get() {
            if last == target {
                return depth;
            }
        }
        let depth = self.depth_from_map(node);
        self.last_depth.set(Some((target, depth)));
        depth
    }

    /// [`Self::depth_of`] through the map, filling it along the parent chain.
    fn depth_from_map(&self, node: &NodeRef) -> usize {
        let mut chain = Vec::new();
        let mut current = node.clone();
        let mut base = 0;
        loop {
            if let Some(&known) = self.depths.borrow().get(&address(&current)) {
                base = known;
                break;
            }
            if chain.len() > self.max_depth + 1 {
                base = self.max_depth + 1;
                break;
            }
            let next = match current.parent() {
                Some(parent) => parent,
                None => match self.template_hosts.borrow().get(&address(&current)) {
                    Some(host) => host.clone(),
                    None => break,
                },
            };
            chain.push(current);
            current = next;
        }
        let mut depths = self.depths.borrow_mut();
        let mut depth = base;
        for node in chain.iter().rev() {
            depth += 1;
            depths.insert(address(node), depth);
        }
        depth
    }

    fn note_insertion(&self, parent: &NodeRef, child: &NodeOrText<NodeRef>) {
        if let NodeOrText::AppendNode(node) = child {
            if let Some(element) = node.as_element() {
                if self.depth_of(parent) >= self.max_depth {
                    self.limit_hit.set(true);
                    self.overflowed.borrow_mut().push(element.name.local.clone());
                }
            }
        }
    }

    fn forget_depths(&self) {
        self.depths.borrow_mut().clear();
        self.last_depth.set(None);
    }
}

impl TreeSink for DepthSink {
    type Handle = NodeRef;
    type Output = Self;
    type ElemName<'a> = ExpandedName<'a>;

    fn finish(self) -> Self {
        self
    }

    fn parse_error(&self, _message: Cow<'static, str>) {}

    fn get_document(&self) -> NodeRef {
        self.inner.get_document()
    }

    fn elem_name<'a>(&self, target: &'a NodeRef) -> ExpandedName<'a> {
        match target.as_element() {
            Some(element) => element.name.expanded(),
            None => ExpandedName { ns: &NO_NAMESPACE, local: &NO_NAME },
        }
    }

    fn create_element(&self, name: QualName, attrs: Vec<Attribute>, flags: ElementFlags) -> NodeRef {
        if name.local == local_name!("base") {
            self.created_base.set(true);
        }
        self.inner.create_element(name, attrs, flags)
    }

    fn create_comment(&self, text: StrTendril) -> NodeRef {
        self.inner.create_comment(text)
    }

    fn create_pi(&self, target: StrTendril, data: StrTendril) -> NodeRef {
        self.inner.create_pi(target, data)
    }

    fn append(&self, parent: &NodeRef, child: NodeOrText<NodeRef>) {
        self.note_insertion(parent, &child);
        self.inner.append(parent, child)
    }

    fn append_based_on_parent_node(&self, element: &NodeRef, prev_element: &NodeRef, child: NodeOrText<NodeRef>) {
        match element.parent() {
            Some(_) => self.append_before_sibling(element, child),
            None => self.append(prev_element, child),
        }
    }

    fn append_doctype_to_document(&self, name: StrTendril, public_id: StrTendril, system_id: StrTendril) {
        self.inner.append_doctype_to_document(name, public_id, system_id)
    }

    fn get_template_contents(&self, target: &NodeRef) -> NodeRef {
        let contents = self.inner.get_template_contents(target);
        self.template_hosts.borrow_mut().entry(address(&contents)).or_insert_with(|| target.clone());
        contents
    }

    fn same_node(&self, x: &NodeRef, y: &NodeRef) -> bool {
        self.inner.same_node(x, y)
    }

    fn set_quirks_mode(&self, mode: QuirksMode) {
        self.inner.set_quirks_mode(mode)
    }

    fn append_before_sibling(&self, sibling: &NodeRef, new_node: NodeOrText<NodeRef>) {
        if let Some(parent) = sibling.parent() {
            self.note_insertion(&parent, &new_node);
        }
        self.inner.append_before_sibling(sibling, new_node)
    }

    fn add_attrs_if_missing(&self, target: &NodeRef, attrs: Vec<Attribute>) {
        self.inner.add_attrs_if_missing(target, attrs)
    }

    fn remove_from_parent(&self, target: &NodeRef) {
        self.forget_depths();
        self.inner.remove_from_parent(target)
    }

    fn reparent_children(&self, node: &NodeRef, new_parent: &NodeRef) {
        self.forget_depths();
        self.inner.reparent_children(node, new_parent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn max_element_depth(document: &NodeRef) -> usize {
        let mut deepest = 0;
        for node in document.descendants() {
            if node.as_element().is_some() {
                deepest = deepest.max(node.ancestors().count());
            }
        }
        deepest
    }

    #[test]
    fn pages_below_the_limit_parse_as_usual() {
        let html = "<div><div><p>a<b>b</b></p></div></div>";
        let parsed = parse_document(html, 8, true);
        assert!(!parsed.depth_limit_hit);
        let body = parsed.document.select_first("body").ok().map(|b| b.as_node().clone());
        let mut out = Vec::new();
        if let Some(body) = body {
            for child in body.children() {
                let _ = child.serialize(&mut out);
            }
        }
        assert_eq!(String::from_utf8_lossy(&out), html);
    }

    #[test]
    fn nesting_past_the_limit_becomes_siblings() {
        let html = format!("{}x{}<p>after</p>", "<div>".repeat(20), "</div>".repeat(20));
        let parsed = parse_document(&html, 10, true);
        assert!(parsed.depth_limit_hit);
        // document > html > body > div × 8 reaches depth 10; deeper divs are siblings there.
        assert!(max_element_depth(&parsed.document) <= 11);
        let text = parsed.document.text_contents();
        assert_eq!(text, "xafter");
        // The `p` after the nest is a child of body, as without the limit.
        let p = parsed.document.select_first("p").ok();
        let parent_name =
            p.and_then(|p| p.as_node().parent()).and_then(|n| n.as_element().map(|e| e.name.local.clone()));
        assert_eq!(parent_name, Some(local_name!("body")));
    }

    #[test]
    fn raw_text_elements_past_the_limit_keep_their_text() {
        let html = format!("{}<script>if (a<b) {{}}</script><textarea><b>t</b></textarea>", "<div>".repeat(12));
        let parsed = parse_document(&html, 6, true);
        let scripts: Vec<String> =
            parsed.document.select("script").into_iter().flatten().map(|s| s.text_contents()).collect();
        assert_eq!(scripts, vec!["if (a<b) {}".to_string()]);
        let areas: Vec<String> =
            parsed.document.select("textarea").into_iter().flatten().map(|s| s.text_contents()).collect();
        assert_eq!(areas, vec!["<b>t</b>".to_string()]);
    }

    #[test]
    fn nested_templates_and_svg_are_bounded() {
        for (open, close) in [
            ("<template>", "</template>"),
            ("<svg><g>", "</g></svg>"),
            ("<b>", "</b>"),
            ("<table><tr><td>", "</td></tr></table>"),
        ] {
            let html = format!("{}x{}", open.repeat(3000), close.repeat(3000));
            let parsed = parse_document(&html, 64, true);
            assert!(parsed.depth_limit_hit, "{open}");
        }
    }
}
