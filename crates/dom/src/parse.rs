//! The HTML parser driver: html5gum's tokenizer ([`tokenize`]) and html5ever's tree builder
//! building the arena tree ([`crate::tree`]), with a bound on the depth of the tree builder's
//! stack of open elements.
//!
//! # Why a depth bound
//!
//! html5ever's tree builder walks its stack of open elements for every block-level start tag
//! (the "has a `p` element in button scope" check of the HTML tree construction rules), so a page
//! of *n* nested `div`s costs O(n²). We keep the stack that html5ever sees bounded while the
//! stored tree keeps every element where the HTML algorithm puts it:
//!
//! * [`ArenaSink`], the tree sink, builds the tree and notes elements inserted deeper than the
//!   bound below its *floor* (the document, or the element under the current window);
//! * [`window::WindowedBuilder`] sits between the tokenizer and the tree builder. Past the bound
//!   it replaces the tree builder by one that holds only the top of the real stack (a window)
//!   over the existing nodes, rebuilt by replaying the window's start tags, so that the tree
//!   builder's insertion-mode decisions (tables, foreign content, templates, forms, formatting
//!   elements, auto-closing) see the same open elements as an unbounded parse. What the window
//!   cannot see is summarised for the decisions that look below it; where a token may depend on
//!   more than that, the document reports [`crate::Document::depth_limit_hit`].
//!
//! The design and its limits are written down in `docs/robustness.md`.

mod tokenize;
mod window;

use crate::deadline::Deadline;
use crate::tree::{ElementData, NodeData, NodeId, Tree};
use html5ever::tendril::StrTendril;
use html5ever::tree_builder::{ElementFlags, NodeOrText, QuirksMode, TreeBuilder, TreeBuilderOpts, TreeSink};
use html5ever::{local_name, Attribute, ExpandedName, LocalName, QualName};
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;

/// The default bound on the depth of element nesting the tree builder sees at once (the depth
/// Blink uses for its tree).
pub const DEFAULT_MAX_DEPTH: usize = 512;

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
    let sink = ArenaSink::new(max_depth, expected_nodes(html));
    let options = TreeBuilderOpts { scripting_enabled: scripting, ..Default::default() };
    let tree_builder = TreeBuilder::new(sink, options);
    let driver = window::WindowedBuilder::new(tree_builder, options, max_depth, None, deadline);
    run(html, driver, None)
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
    let sink = ArenaSink::new(max_depth, expected_nodes(html));
    let context_element = sink.create_element(context, Vec::new(), ElementFlags::default());
    let options = TreeBuilderOpts { scripting_enabled: scripting, ..Default::default() };
    let tree_builder = TreeBuilder::new_for_fragment(sink, context_element.clone(), None, options);
    // Step 4 of the algorithm: the tokenizer's state follows the context element's name.
    let state = tokenize::state_from_html5ever(tree_builder.tokenizer_state_for_context_elem(scripting));
    let driver = window::WindowedBuilder::new(tree_builder, options, max_depth, Some(context_element), deadline);
    run(html, driver, Some(state))
}

/// Room for the nodes a document of this size has, so that the arena is allocated once for
/// most pages instead of growing (and copying itself) a dozen times. Real pages have one node
/// per 22 to 100 bytes of HTML (the corpus's and the Spark benchmark's pages: 99% above 22);
/// a page with more nodes grows the arena from there. The room reserved is address space: the
/// memory is touched only as nodes fill it.
fn expected_nodes(html: &str) -> usize {
    const BYTES_PER_NODE: usize = 22;
    const MAX_RESERVED_NODES: usize = 1 << 20;
    (html.len() / BYTES_PER_NODE + 8).min(MAX_RESERVED_NODES)
}

/// Feeds `html` through the windowed tree builder and takes the tree it built.
///
/// Past the deadline the builder passes no more tokens on and pauses the tokenizer at the next
/// tag, and the rest of the input is not read; the tree builder then ends as at the end of the
/// input.
fn run(html: &str, driver: window::WindowedBuilder, initial_state: Option<html5gum::State>) -> ParsedTree {
    tokenize::tokenize(html, &driver, initial_state);
    driver.finish()
}

/// Elements that never contain elements: the tree builder is never rebuilt while one of them is
/// the current node (its text is being read in a tokenizer state of its own).
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

/// Builds the arena [`Tree`] for html5ever's tree builder, notes the depth of inserted elements
/// for the windowed builder, and stands in existing nodes for the elements a rebuilt tree builder
/// creates while its window is replayed.
struct ArenaSink {
    tree: RefCell<Tree>,
    max_depth: usize,
    /// Per node, `(generation, depth)`: the depth below the floor is current while its
    /// generation is. Any move of nodes by the parser changes the depth of a whole subtree, and a
    /// new window moves the floor, so both start a new generation instead of updating depths;
    /// stale depths are recomputed from the parents.
    depths: RefCell<Vec<(u32, u32)>>,
    generation: Cell<u32>,
    /// The node depths count from: the element just below the tree builder's window (the node
    /// its root `html` element stands for), or none (the document) before any window.
    floor: Cell<Option<NodeId>>,
    /// Whether the tree builder looked at its root since this was last cleared: a decision that
    /// an unbounded parse might have made with the elements below the window.
    reached_floor: Cell<bool>,
    /// The element whose name the tree builder asked for last (how the windowed builder learns
    /// the current node).
    last_named: Cell<Option<NodeId>>,
    /// Set when an element is inserted deeper than `max_depth` below the floor.
    too_deep: Cell<bool>,
    /// While a window is replayed: the existing nodes the created elements stand for, in order.
    replay: RefCell<Option<VecDeque<Handle>>>,
    /// A replay created something else than the next expected element, or changed the tree.
    replay_diverged: Cell<bool>,
    quirks_mode: Cell<QuirksMode>,
    /// Per node, how many of its ancestors (and itself) have attributes: the nesting that
    /// extractors turn into nested output (items, properties, `lang`), bounded by `max_depth`.
    attributed_depths: RefCell<Vec<u32>>,
    /// Elements with attributes inserted past that bound, with the node that holds their
    /// children instead of them (the node they were inserted into): such nesting is stored
    /// flat, so that output that repeats a subtree per level stays linear.
    flattened: RefCell<FxHashMap<NodeId, NodeId>>,
    /// For a node stored in place of a flattened element, that element: the parent the tree
    /// builder knows, which the depth of its stack of open elements counts.
    logical_parents: RefCell<FxHashMap<NodeId, NodeId>>,
    limit_hit: Cell<bool>,
    created_base: Cell<bool>,
    /// The source line the token being processed starts on (set by the windowed builder before
    /// each token): the line of the nodes created now.
    line: Cell<u32>,
}

impl ArenaSink {
    fn new(max_depth: usize, expected_nodes: usize) -> Self {
        ArenaSink {
            tree: RefCell::new(Tree::with_capacity(expected_nodes)),
            max_depth: max_depth.max(1),
            depths: RefCell::new(Vec::new()),
            generation: Cell::new(1),
            floor: Cell::new(None),
            reached_floor: Cell::new(false),
            last_named: Cell::new(None),
            too_deep: Cell::new(false),
            replay: RefCell::new(None),
            replay_diverged: Cell::new(false),
            quirks_mode: Cell::new(QuirksMode::NoQuirks),
            attributed_depths: RefCell::new(Vec::new()),
            flattened: RefCell::new(FxHashMap::default()),
            logical_parents: RefCell::new(FxHashMap::default()),
            limit_hit: Cell::new(false),
            created_base: Cell::new(false),
            line: Cell::new(1),
        }
    }

    /// Depth of `id` below the floor (the floor, and a node without a parent, are 0); template
    /// contents count as children of their template. Stops counting past the limit.
    fn depth_of(&self, id: NodeId) -> usize {
        let tree = self.tree.borrow();
        let mut depths = self.depths.borrow_mut();
        if depths.len() < tree.len() {
            depths.resize(tree.len(), (0, 0));
        }
        let generation = self.generation.get();
        let floor = self.floor.get();
        let logical_parents = self.logical_parents.borrow();
        let mut chain = Vec::new();
        let mut current = id;
        let mut base = 0;
        loop {
            if Some(current) == floor {
                break;
            }
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
            let logical = if logical_parents.is_empty() { None } else { logical_parents.get(&current).copied() };
            let next = logical.or(tree.parent(current)).or(match tree.data(current) {
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

    /// Notes an element inserted into `parent` (stored into `stored_parent`, which differs when
    /// `parent` was flattened): its depth for the tree builder's stack, and its attributed depth,
    /// flattening it past the bound.
    fn note_insertion(&self, parent: NodeId, stored_parent: NodeId, child: &NodeOrText<Handle>) {
        if let NodeOrText::AppendNode(node) = child {
            if !self.tree.borrow().is_element(node.id) {
                return;
            }
            if parent != stored_parent {
                self.logical_parents.borrow_mut().insert(node.id, parent);
            }
            self.note_attributed_depth(stored_parent, node.id);
            let parent_depth = self.depth_of(parent);
            // The child's depth once inserted: remembered now, so that its own children find it
            // without walking up (a move of the child later starts a new generation anyway).
            // `depth_of` has sized the table for every node created so far, the child included.
            stamp_depth(&mut self.depths.borrow_mut(), node.id, self.generation.get(), parent_depth + 1);
            if parent_depth >= self.max_depth {
                self.too_deep.set(true);
            }
        }
    }

    /// Records the attributed depth of `child`, inserted into `parent`; flattens it when it has
    /// attributes and `parent` is at the bound.
    fn note_attributed_depth(&self, parent: NodeId, child: NodeId) {
        let tree = self.tree.borrow();
        let mut depths = self.attributed_depths.borrow_mut();
        if depths.len() < tree.len() {
            depths.resize(tree.len(), 0);
        }
        let parent_depth = depths.get(parent.index()).copied().unwrap_or(0);
        let element = tree.element(child);
        let mut depth = parent_depth;
        if !element.attributes.is_empty() {
            if parent_depth as usize >= self.max_depth {
                self.flattened.borrow_mut().insert(child, parent);
                self.limit_hit.set(true);
            } else {
                depth += 1;
            }
        }
        for id in [Some(child), element.template_contents].into_iter().flatten() {
            if let Some(slot) = depths.get_mut(id.index()) {
                *slot = depth;
            }
        }
    }

    /// The node that holds the children of `id`: itself, or for a flattened element the node it
    /// was inserted into.
    fn holder(&self, id: NodeId) -> NodeId {
        let flattened = self.flattened.borrow();
        if flattened.is_empty() {
            return id;
        }
        flattened.get(&id).copied().unwrap_or(id)
    }

    /// The parser moved nodes, or the floor moved: every remembered depth may be stale.
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
        self.tree.borrow_mut().push_at(data, self.line.get())
    }

    /// The nodes created from now on start on source line `line`.
    fn set_line(&self, line: u32) {
        self.line.set(line);
    }

    /// Adds the attributes `element` lacks (HTML § 13.2.6.4.7, the start tags `html` and `body`
    /// in body), for the windowed builder, which alone knows those elements past the bound.
    fn add_attrs_to(&self, element: NodeId, attrs: Vec<Attribute>) {
        let handle = Handle::unnamed(element);
        self.add_attrs_if_missing(&handle, attrs);
    }

    /// Appends a comment to `parent` (for the windowed builder's "after body" comments).
    fn append_comment(&self, parent: NodeId, text: StrTendril) {
        let comment = self.create_comment(text);
        self.append(&Handle::unnamed(parent), NodeOrText::AppendNode(comment));
    }

    /// Whether a window is being replayed: the tree builder only rebuilds its state, and the
    /// tree must not change.
    fn replaying(&self) -> bool {
        self.replay.borrow().is_some()
    }

    /// During a replay, any change to the tree is a divergence (and is not made).
    fn blocks_change(&self) -> bool {
        if self.replaying() {
            self.replay_diverged.set(true);
            return true;
        }
        false
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
        self.last_named.set(Some(target.id));
        if Some(target.id) == self.floor.get() {
            self.reached_floor.set(true);
        }
        target.name.expanded()
    }

    fn create_element(&self, name: QualName, attrs: Vec<Attribute>, flags: ElementFlags) -> Handle {
        if let Some(replay) = self.replay.borrow_mut().as_mut() {
            match replay.pop_front() {
                Some(existing) if existing.name == name => return existing,
                _ => self.replay_diverged.set(true),
            }
        }
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
            let contents = tree.push_at(NodeData::Fragment { host: Some(id) }, self.line.get());
            if let NodeData::Element(element) = tree.data_mut(id) {
                element.template_contents = Some(contents);
            }
        }
        Handle { id, name }
    }

    fn create_comment(&self, text: StrTendril) -> Handle {
        self.blocks_change();
        Handle::unnamed(self.push(NodeData::Comment(Box::from(&*text))))
    }

    fn create_pi(&self, target: StrTendril, data: StrTendril) -> Handle {
        let (target, data) = (Box::from(&*target), Box::from(&*data));
        Handle::unnamed(self.push(NodeData::ProcessingInstruction { target, data }))
    }

    // HTML § "insert a character": text next to text joins it.
    fn append(&self, parent: &Handle, child: NodeOrText<Handle>) {
        if self.replaying() {
            // Inserting a replayed element where it already is: nothing to do.
            if !matches!(child, NodeOrText::AppendNode(_)) {
                self.replay_diverged.set(true);
            }
            return;
        }
        let holder = self.holder(parent.id);
        self.note_insertion(parent.id, holder, &child);
        let mut tree = self.tree.borrow_mut();
        match child {
            NodeOrText::AppendNode(node) => tree.append(holder, node.id),
            NodeOrText::AppendText(text) => match tree.last_child_text(holder) {
                Some(last) => push_text(&mut tree, last, &text),
                None => {
                    let id = tree.push_at(NodeData::Text(compact_str::CompactString::from(&*text)), self.line.get());
                    tree.append(holder, id);
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
        if self.blocks_change() {
            return;
        }
        let mut tree = self.tree.borrow_mut();
        let (name, public_id, system_id) = (Box::from(&*name), Box::from(&*public_id), Box::from(&*system_id));
        let id = tree.push_at(NodeData::Doctype { name, public_id, system_id }, self.line.get());
        tree.append(NodeId::DOCUMENT, id);
    }

    fn get_template_contents(&self, target: &Handle) -> Handle {
        // A flattened template inside template contents keeps its contents in those.
        let holder = self.holder(target.id);
        if holder != target.id && matches!(self.tree.borrow().data(holder), NodeData::Fragment { .. }) {
            return Handle::unnamed(holder);
        }
        let contents = self.tree.borrow().element(target.id).template_contents;
        // The tree builder asks only about template elements, which all have contents.
        Handle::unnamed(contents.unwrap_or(target.id))
    }

    fn same_node(&self, x: &Handle, y: &Handle) -> bool {
        x.id == y.id
    }

    fn set_quirks_mode(&self, mode: QuirksMode) {
        self.quirks_mode.set(mode);
    }

    fn append_before_sibling(&self, sibling: &Handle, new_node: NodeOrText<Handle>) {
        if self.replaying() {
            if !matches!(new_node, NodeOrText::AppendNode(_)) {
                self.replay_diverged.set(true);
            }
            return;
        }
        let parent = self.tree.borrow().parent(sibling.id);
        if let Some(parent) = parent {
            self.note_insertion(parent, parent, &new_node);
        }
        let mut tree = self.tree.borrow_mut();
        match new_node {
            NodeOrText::AppendNode(node) => tree.insert_before(sibling.id, node.id),
            NodeOrText::AppendText(text) => match tree.previous_sibling_text(sibling.id) {
                Some(previous) => push_text(&mut tree, previous, &text),
                None => {
                    let id = tree.push_at(NodeData::Text(compact_str::CompactString::from(&*text)), self.line.get());
                    tree.insert_before(sibling.id, id);
                }
            },
        }
    }

    fn add_attrs_if_missing(&self, target: &Handle, attrs: Vec<Attribute>) {
        if self.blocks_change() {
            return;
        }
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
        if self.blocks_change() {
            return;
        }
        self.forget_depths();
        self.tree.borrow_mut().detach(target.id)
    }

    fn reparent_children(&self, node: &Handle, new_parent: &Handle) {
        if self.blocks_change() {
            return;
        }
        self.forget_depths();
        // The children of a flattened element are mixed with its siblings': they stay.
        if self.holder(node.id) != node.id {
            return;
        }
        let new_parent = self.holder(new_parent.id);
        self.tree.borrow_mut().reparent_children(node.id, new_parent)
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

    fn body_html(document: &Document) -> String {
        document.body().map(|body| document.inner_html(&body.as_node())).unwrap_or_default()
    }

    /// Parses `html` with a bound of `max_depth` and without a bound in effect, and checks that
    /// both trees are the same and that the bounded parse says so.
    fn assert_same_as_unbounded(html: &str, max_depth: usize) {
        let bounded = parse(html, max_depth);
        let unbounded = parse(html, 1 << 30);
        assert!(!unbounded.depth_limit_hit());
        assert_eq!(body_html(&bounded), body_html(&unbounded), "{html}");
        assert!(!bounded.depth_limit_hit(), "{html}");
    }

    #[test]
    fn nesting_past_the_limit_keeps_the_tree() {
        let html = format!("{}x{}<p>after</p>", "<div>".repeat(20), "</div>".repeat(20));
        assert_same_as_unbounded(&html, 10);
        assert!(max_element_depth(&parse(&html, 10)) > 20);
    }

    #[test]
    fn tables_foreign_content_templates_forms_and_auto_closing_past_the_limit() {
        for inner in [
            "<table><tr><td itemprop=name>Ada</td></tr></table>",
            "<table>a<tr><td>c<td>d</tr>b<caption>e</table>",
            "<svg><text itemprop=x>t</text><foreignObject><p>h</p></foreignObject></svg><math><mi>i</mi></math>",
            "<template><tr><td>t</td></tr></template><template><li>l</template>",
            "<form><form><input></form><p>a<p>b<a href=1>c<a href=2>d</a><li>e<li>f",
            "<p>1<b>2<i>3</b>4</i>5</p><select><option>a<option>b</select>",
        ] {
            for depth in [7, 40] {
                let html = format!("{}{inner}{}<p>after", "<div>".repeat(depth), "</div>".repeat(depth));
                assert_same_as_unbounded(&html, 8);
            }
        }
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
    fn deep_templates_svg_formatting_and_tables_keep_their_tree() {
        for (open, close) in [
            ("<template>", "</template>"),
            ("<svg><g>", "</g></svg>"),
            ("<b>", "</b>"),
            ("<table><tr><td>", "</td></tr></table>"),
            ("<div><span>", "</span></div>"),
        ] {
            let html = format!("{}x{}", open.repeat(300), close.repeat(300));
            let bounded = parse(&html, 64);
            let unbounded = parse(&html, 1 << 30);
            assert_eq!(body_html(&bounded), body_html(&unbounded), "{open}");
            if !bounded.depth_limit_hit() {
                continue;
            }
            // Only nested formatting elements may be reported, never silently changed.
            assert_eq!(open, "<b>");
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
