//! The HTML parser driver: html5ever's tokenizer and tree builder building the arena tree
//! ([`crate::tree`]), with a bound on the depth of the tree.
//!
//! # Why a depth bound
//!
//! html5ever's tree builder walks its stack of open elements for every block-level start tag
//! (the "has a `p` element in button scope" check of the HTML tree construction rules), so a page
//! of *n* nested `div`s costs O(n²). Browsers stay linear by bounding the depth of the tree.
//! We do the same, in two small parts that never change a page below the bound:
//!
//! * [`ArenaSink`], the tree sink, notes every element inserted deeper than the limit;
//! * [`DepthGuard`] sits between the tokenizer and the tree builder. After a start tag whose
//!   element landed past the limit, it immediately closes that element with a synthetic end tag,
//!   so the open-element stack never grows past the limit and everything the element would have
//!   contained goes to its parent instead: past the limit, nesting becomes a sequence of
//!   siblings. The real end tag of a closed element arrives later and is swallowed.
//!
//! Raw-text elements (`script`, `style`, `textarea`, ...) and void elements hold no elements, so
//! they are never closed early. The document records that the limit was hit.

use crate::deadline::{Deadline, Watch};
use crate::tree::{ElementData, NodeData, NodeId, Tree};
use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts};
use html5ever::tree_builder::{ElementFlags, NodeOrText, QuirksMode, TreeBuilder, TreeBuilderOpts, TreeSink};
use html5ever::{local_name, Attribute, ExpandedName, LocalName, QualName, TokenizerResult};
use std::borrow::Cow;
use std::cell::{Cell, RefCell};

/// The default bound on the depth of element nesting (the depth Blink uses).
pub const DEFAULT_MAX_DEPTH: usize = 512;

/// How many closed-early elements an end tag is compared with, from the most recent one.
/// Bounds the work per end tag when the markup past the limit is misnested.
const SWALLOW_LOOKBACK: usize = 16;

/// The result of a parse: the tree and what the depth guard did.
pub(crate) struct ParsedTree {
    pub tree: Tree,
    pub depth_limit_hit: bool,
    /// Whether the parse stopped at its deadline, the rest of the input unread.
    pub interrupted: bool,
    /// Whether the parser created a `base` element (if not, no walk looks for one).
    pub created_base: bool,
}

/// Parses a whole document from text.
pub(crate) fn parse_document(html: &str, max_depth: usize, scripting: bool, deadline: &Deadline) -> ParsedTree {
    let sink = ArenaSink::new(max_depth);
    let tree_builder = TreeBuilder::new(sink, TreeBuilderOpts { scripting_enabled: scripting, ..Default::default() });
    run(html, tree_builder, TokenizerOpts::default(), deadline)
}

/// Parses a fragment of HTML with `context` as its context element: HTML § 13.4 "Parsing HTML
/// fragments". html5ever's fragment tree builder follows the algorithm's steps (a document with
/// a root `html` element, the insertion mode reset for the context, the tokenizer's state from
/// the context's name); the context element itself is created in the tree but never attached.
/// The fragment's nodes end up as the children of that root `html` element.
pub(crate) fn parse_fragment(
    html: &str,
    context: QualName,
    max_depth: usize,
    scripting: bool,
    deadline: &Deadline,
) -> ParsedTree {
    let sink = ArenaSink::new(max_depth);
    let context_element = sink.create_element(context, Vec::new(), ElementFlags::default());
    let tree_builder = TreeBuilder::new_for_fragment(
        sink,
        context_element,
        None,
        TreeBuilderOpts { scripting_enabled: scripting, ..Default::default() },
    );
    // Step 4 of the algorithm: the tokenizer's state follows the context element's name.
    let tokenizer_options = TokenizerOpts {
        initial_state: Some(tree_builder.tokenizer_state_for_context_elem(scripting)),
        ..Default::default()
    };
    run(html, tree_builder, tokenizer_options, deadline)
}

/// Feeds `html` through the depth guard into `tree_builder` and takes the tree it built.
///
/// Past the deadline the guard passes no more tokens on and pauses the tokenizer at the next
/// tag (the pause html5ever has for scripts), and the rest of the input is not read; the tree
/// builder then ends as at the end of the input.
fn run(
    html: &str,
    tree_builder: TreeBuilder<Handle, ArenaSink>,
    tokenizer_options: TokenizerOpts,
    deadline: &Deadline,
) -> ParsedTree {
    let guard = DepthGuard {
        inner: tree_builder,
        swallow: RefCell::new(Vec::new()),
        watch: Watch::new(deadline.clone()),
        feeding: Cell::new(true),
        paused: Cell::new(false),
    };
    let tokenizer = Tokenizer::new(guard, tokenizer_options);
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    while let TokenizerResult::Script(_) = tokenizer.feed(&input) {
        if tokenizer.sink.paused.get() {
            break;
        }
    }
    // `end` may emit tokens, and must not be paused.
    tokenizer.sink.feeding.set(false);
    tokenizer.end();
    let sink = &tokenizer.sink.inner.sink;
    ParsedTree {
        tree: sink.tree.replace(Tree::new()),
        depth_limit_hit: sink.limit_hit.get(),
        interrupted: tokenizer.sink.watch.stopped(),
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

/// Sits between the tokenizer and the tree builder and keeps the open-element stack bounded.
struct DepthGuard {
    inner: TreeBuilder<Handle, ArenaSink>,
    /// Names of elements closed early whose real end tag has not arrived yet.
    swallow: RefCell<Vec<LocalName>>,
    /// The deadline, looked at once per token.
    watch: Watch,
    /// Whether the tokenizer is being fed (not ending), so that it may be paused.
    feeding: Cell<bool>,
    /// Whether the tokenizer was paused at the deadline.
    paused: Cell<bool>,
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
    type Handle = Handle;

    fn process_token(&self, token: Token, line_number: u64) -> TokenSinkResult<Handle> {
        if !self.watch.keep_going() {
            // Only a tag may pause html5ever's tokenizer (its script pause), and only once.
            if self.feeding.get() && matches!(token, Token::TagToken(_)) && !self.paused.replace(true) {
                return TokenSinkResult::Script(Handle::unnamed(NodeId::DOCUMENT));
            }
            return TokenSinkResult::Continue;
        }
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

/// A handle the tree builder holds on a node: its id, and for an element its name, which the
/// tree builder asks for constantly and borrows from the handle (`TreeSink::elem_name`).
#[derive(Clone)]
pub(crate) struct Handle {
    id: NodeId,
    name: QualName,
}

impl Handle {
    fn unnamed(id: NodeId) -> Handle {
        Handle { id, name: QualName::new(None, html5ever::ns!(), local_name!("")) }
    }
}

/// Builds the arena [`Tree`] for html5ever's tree builder, and notes the depth of inserted
/// elements for the guard.
struct ArenaSink {
    tree: RefCell<Tree>,
    max_depth: usize,
    /// Per node, `(generation, depth)`: the depth is current while its generation is. Any move
    /// of nodes by the parser changes the depth of a whole subtree, so a move starts a new
    /// generation instead of updating them; stale depths are recomputed from the parents.
    depths: RefCell<Vec<(u32, u32)>>,
    generation: Cell<u32>,
    /// Names of elements inserted past `max_depth` by the token being processed.
    overflowed: RefCell<Vec<LocalName>>,
    limit_hit: Cell<bool>,
    created_base: Cell<bool>,
}

impl ArenaSink {
    fn new(max_depth: usize) -> Self {
        ArenaSink {
            tree: RefCell::new(Tree::new()),
            max_depth: max_depth.max(1),
            depths: RefCell::new(Vec::new()),
            generation: Cell::new(1),
            overflowed: RefCell::new(Vec::new()),
            limit_hit: Cell::new(false),
            created_base: Cell::new(false),
        }
    }

    /// Depth of `id` in the tree (a node without a parent is 0); template contents count as
    /// children of their template. Stops counting past the limit.
    fn depth_of(&self, id: NodeId) -> usize {
        let tree = self.tree.borrow();
        let mut depths = self.depths.borrow_mut();
        if depths.len() < tree.len() {
            depths.resize(tree.len(), (0, 0));
        }
        let generation = self.generation.get();
        let mut chain = Vec::new();
        let mut current = id;
        let mut base = 0;
        loop {
            if let Some(&(known_generation, depth)) = depths.get(current.index()) {
                if known_generation == generation {
                    base = depth as usize;
                    break;
                }
            }
            if chain.len() > self.max_depth + 1 {
                base = self.max_depth + 1;
                break;
            }
            let next = tree.parent(current).or(match tree.data(current) {
                NodeData::Fragment { host } => *host,
                _ => None,
            });
            let Some(next) = next else { break };
            chain.push(current);
            current = next;
        }
        let mut depth = base;
        for node in chain.iter().rev() {
            depth += 1;
            stamp_depth(&mut depths, *node, generation, depth);
        }
        depth
    }

    fn note_insertion(&self, parent: NodeId, child: &NodeOrText<Handle>) {
        if let NodeOrText::AppendNode(node) = child {
            if !self.tree.borrow().is_element(node.id) {
                return;
            }
            let parent_depth = self.depth_of(parent);
            // The child's depth once inserted: remembered now, so that its own children find it
            // without walking up (a move of the child later starts a new generation anyway).
            // `depth_of` has sized the table for every node created so far, the child included.
            stamp_depth(&mut self.depths.borrow_mut(), node.id, self.generation.get(), parent_depth + 1);
            if parent_depth >= self.max_depth {
                self.limit_hit.set(true);
                self.overflowed.borrow_mut().push(node.name.local.clone());
            }
        }
    }

    /// The parser moved nodes: every remembered depth may be stale.
    fn forget_depths(&self) {
        let next = self.generation.get().wrapping_add(1);
        if next == 0 {
            self.depths.borrow_mut().clear();
            self.generation.set(1);
        } else {
            self.generation.set(next);
        }
    }

    fn push(&self, data: NodeData) -> NodeId {
        self.tree.borrow_mut().push(data)
    }
}

impl TreeSink for ArenaSink {
    type Handle = Handle;
    type Output = Self;
    type ElemName<'a> = ExpandedName<'a>;

    fn finish(self) -> Self {
        self
    }

    fn parse_error(&self, _message: Cow<'static, str>) {}

    fn get_document(&self) -> Handle {
        Handle::unnamed(NodeId::DOCUMENT)
    }

    fn elem_name<'a>(&'a self, target: &'a Handle) -> ExpandedName<'a> {
        target.name.expanded()
    }

    fn create_element(&self, name: QualName, attrs: Vec<Attribute>, flags: ElementFlags) -> Handle {
        if name.local == local_name!("base") {
            self.created_base.set(true);
        }
        let element = ElementData {
            name: name.clone(),
            attributes: attrs.into_iter().map(Into::into).collect(),
            template_contents: None,
            mathml_annotation_xml_integration_point: flags.mathml_annotation_xml_integration_point,
        };
        let id = self.push(NodeData::Element(element));
        if flags.template {
            let mut tree = self.tree.borrow_mut();
            let contents = tree.push(NodeData::Fragment { host: Some(id) });
            if let NodeData::Element(element) = tree.data_mut(id) {
                element.template_contents = Some(contents);
            }
        }
        Handle { id, name }
    }

    fn create_comment(&self, text: StrTendril) -> Handle {
        Handle::unnamed(self.push(NodeData::Comment(Box::from(&*text))))
    }

    fn create_pi(&self, target: StrTendril, data: StrTendril) -> Handle {
        let (target, data) = (Box::from(&*target), Box::from(&*data));
        Handle::unnamed(self.push(NodeData::ProcessingInstruction { target, data }))
    }

    // HTML § "insert a character": text next to text joins it.
    fn append(&self, parent: &Handle, child: NodeOrText<Handle>) {
        self.note_insertion(parent.id, &child);
        let mut tree = self.tree.borrow_mut();
        match child {
            NodeOrText::AppendNode(node) => tree.append(parent.id, node.id),
            NodeOrText::AppendText(text) => match tree.last_child_text(parent.id) {
                Some(last) => push_text(&mut tree, last, &text),
                None => {
                    let id = tree.push(NodeData::Text(compact_str::CompactString::from(&*text)));
                    tree.append(parent.id, id);
                }
            },
        }
    }

    fn append_based_on_parent_node(&self, element: &Handle, prev_element: &Handle, child: NodeOrText<Handle>) {
        let has_parent = self.tree.borrow().parent(element.id).is_some();
        if has_parent {
            self.append_before_sibling(element, child)
        } else {
            self.append(prev_element, child)
        }
    }

    fn append_doctype_to_document(&self, name: StrTendril, public_id: StrTendril, system_id: StrTendril) {
        let mut tree = self.tree.borrow_mut();
        let (name, public_id, system_id) = (Box::from(&*name), Box::from(&*public_id), Box::from(&*system_id));
        let id = tree.push(NodeData::Doctype { name, public_id, system_id });
        tree.append(NodeId::DOCUMENT, id);
    }

    fn get_template_contents(&self, target: &Handle) -> Handle {
        let contents = self.tree.borrow().element(target.id).template_contents;
        // The tree builder asks only about template elements, which all have contents.
        Handle::unnamed(contents.unwrap_or(target.id))
    }

    fn same_node(&self, x: &Handle, y: &Handle) -> bool {
        x.id == y.id
    }

    fn set_quirks_mode(&self, _mode: QuirksMode) {}

    fn append_before_sibling(&self, sibling: &Handle, new_node: NodeOrText<Handle>) {
        let parent = self.tree.borrow().parent(sibling.id);
        if let Some(parent) = parent {
            self.note_insertion(parent, &new_node);
        }
        let mut tree = self.tree.borrow_mut();
        match new_node {
            NodeOrText::AppendNode(node) => tree.insert_before(sibling.id, node.id),
            NodeOrText::AppendText(text) => match tree.previous_sibling_text(sibling.id) {
                Some(previous) => push_text(&mut tree, previous, &text),
                None => {
                    let id = tree.push(NodeData::Text(compact_str::CompactString::from(&*text)));
                    tree.insert_before(sibling.id, id);
                }
            },
        }
    }

    fn add_attrs_if_missing(&self, target: &Handle, attrs: Vec<Attribute>) {
        let mut tree = self.tree.borrow_mut();
        if let NodeData::Element(element) = tree.data_mut(target.id) {
            for attribute in attrs {
                let present =
                    element.attributes.iter().any(|existing| existing.name.expanded() == attribute.name.expanded());
                if !present {
                    element.attributes.push(attribute.into());
                }
            }
        }
    }

    fn remove_from_parent(&self, target: &Handle) {
        self.forget_depths();
        self.tree.borrow_mut().detach(target.id)
    }

    fn reparent_children(&self, node: &Handle, new_parent: &Handle) {
        self.forget_depths();
        self.tree.borrow_mut().reparent_children(node.id, new_parent.id)
    }

    fn is_mathml_annotation_xml_integration_point(&self, handle: &Handle) -> bool {
        self.tree.borrow().element(handle.id).mathml_annotation_xml_integration_point
    }
}

/// Records `depth` as the depth of `id` in `generation` (a node outside the table is left to be
/// computed from its parents).
fn stamp_depth(depths: &mut [(u32, u32)], id: NodeId, generation: u32, depth: usize) {
    if let Some(entry) = depths.get_mut(id.index()) {
        *entry = (generation, u32::try_from(depth).unwrap_or(u32::MAX));
    }
}

/// Appends `text` to the text node `id`.
fn push_text(tree: &mut Tree, id: NodeId, text: &StrTendril) {
    if let NodeData::Text(existing) = tree.data_mut(id) {
        existing.push_str(text);
    }
}

#[cfg(test)]
mod tests {
    use crate::{Document, ParseOptions};

    fn parse(html: &str, max_depth: usize) -> Document {
        Document::parse_with(html, &ParseOptions::new().max_depth(max_depth).scripting(true))
    }

    fn max_element_depth(document: &Document) -> usize {
        document.elements().map(|element| element.ancestors().count() + 1).max().unwrap_or(0)
    }

    #[test]
    fn pages_below_the_limit_parse_as_usual() {
        let html = "<div><div><p>a<b>b</b></p></div></div>";
        let doc = parse(html, 8);
        assert!(!doc.depth_limit_hit());
        let body = doc.body().map(|body| doc.inner_html(&body.as_node()));
        assert_eq!(body.as_deref(), Some(html));
    }

    #[test]
    fn nesting_past_the_limit_becomes_siblings() {
        let html = format!("{}x{}<p>after</p>", "<div>".repeat(20), "</div>".repeat(20));
        let doc = parse(&html, 10);
        assert!(doc.depth_limit_hit());
        // document > html > body > div × 8 reaches depth 10; deeper divs are siblings there.
        assert!(max_element_depth(&doc) <= 11);
        assert_eq!(doc.root().text_content(), "xafter");
        // The `p` after the nest is a child of body, as without the limit.
        let p = doc.elements().find(|e| e.is("p"));
        let parent_name = p.and_then(|p| p.parent_element()).map(|e| e.local_name().to_owned());
        assert_eq!(parent_name.as_deref(), Some("body"));
    }

    #[test]
    fn raw_text_elements_past_the_limit_keep_their_text() {
        let html = format!("{}<script>if (a<b) {{}}</script><textarea><b>t</b></textarea>", "<div>".repeat(12));
        let doc = parse(&html, 6);
        let text_of =
            |name: &str| -> Vec<String> { doc.elements().filter(|e| e.is(name)).map(|e| e.text_content()).collect() };
        assert_eq!(text_of("script"), vec!["if (a<b) {}".to_string()]);
        assert_eq!(text_of("textarea"), vec!["<b>t</b>".to_string()]);
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
            assert!(parse(&html, 64).depth_limit_hit(), "{open}");
        }
    }

    #[test]
    fn misnested_formatting_and_foster_parenting_build_the_standard_tree() {
        // The adoption agency algorithm (reparenting) and foster parenting (insert before a
        // table), with text joined across the moves.
        let doc = parse("<p>1<b>2<i>3</b>4</i>5</p><table>a<tr><td>c</td></tr>b</table>", 512);
        let body = doc.body().map(|body| doc.inner_html(&body.as_node()));
        assert_eq!(
            body.as_deref(),
            Some("<p>1<b>2<i>3</i></b><i>4</i>5</p>ab<table><tbody><tr><td>c</td></tr></tbody></table>")
        );
    }
}
