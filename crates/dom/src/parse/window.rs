//! The windowed tree builder: html5ever's tree builder over the top of the stack of open
//! elements only, so that its per-token stack walks stay bounded on any page.
//!
//! Below the bound nothing changes: the tree builder html5ever made for the document parses it
//! alone. When an element lands deeper than the bound (counted from the *floor*, see
//! [`ArenaSink::depth_of`]), the real stack of open elements is read back from the tree builder
//! (its handles, [`TreeBuilder::trace_handles`], split at the current node) and a new tree
//! builder is made for the top `window_size` elements: a fragment-parsing tree builder (HTML
//! § 13.4 "Parsing HTML fragments") whose root `html` element stands for the element just below
//! the window (the floor) and whose context element is the element the reset of the insertion
//! mode (HTML § 13.2.4.1) would stop at below the window, into which the window's start tags are
//! replayed. During the replay the sink hands out the existing nodes instead of creating
//! elements and leaves the tree as it is, so the new tree builder's stack of open elements, its
//! list of active formatting elements, template insertion modes and form element pointer are
//! those the window's elements give, on the very nodes of the tree. The stored tree keeps its
//! full depth; only the tree builder's view is windowed. When the current node comes down near
//! the floor, the window is rebuilt lower, so end tags keep closing the right elements.
//!
//! What the window does not hold is summarised (the names of the elements below it, and the
//! nearest element that sets the insertion mode); a token whose handling may depend on more
//! than that sets [`ArenaSink::limit_hit`], as does a replay that does not give back the same
//! stack. `docs/robustness.md` lists the cases.

mod element_names;

use super::{holds_no_elements, ArenaSink, Handle, ParsedTree};
use crate::deadline::{Deadline, Watch};
use crate::name_key::NameKey;
use crate::page_names::PageNames;
use crate::tree::NodeId;
use element_names::{
    is_formatting, is_scope_boundary, is_scope_boundary_name, is_table_part, sets_mode, sought_by_start_tag,
    TABLE_PARTS,
};
use html5ever::interface::Tracer;
use html5ever::tokenizer::{Tag, TagKind, Token, TokenSink, TokenSinkResult};
use html5ever::tree_builder::{TreeBuilder, TreeBuilderOpts};
use html5ever::{local_name, ns, Attribute, LocalName, QualName};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;

/// The tokenizer's sink: the current tree builder, and what lies below its window.
pub(in crate::parse) struct WindowedBuilder {
    builder: RefCell<Option<TreeBuilder<Handle, ArenaSink>>>,
    options: TreeBuilderOpts,
    /// How many open elements a new window holds.
    window_size: usize,
    /// For a fragment parse, the fragment's context element.
    fragment_context: Option<Handle>,
    /// Whether the tree builder is a windowed one (set at the first window, never cleared).
    windowed: Cell<bool>,
    /// Tag tokens to let pass before the next window may be built.
    cooldown: Cell<usize>,
    below: RefCell<Below>,
    /// The deadline, looked at once per token.
    watch: Watch,
    /// Whether the tokenizer is being fed (not ending), so that it may be paused.
    feeding: Cell<bool>,
    /// Whether the tokenizer was paused at the deadline.
    paused: Cell<bool>,
    /// The page's long names, which its tokens name by placeholders; the tree keeps them.
    names: RefCell<PageNames>,
}

/// The real stack of open elements below the window, with the summary the risk checks read.
#[derive(Default)]
struct Below {
    elements: Vec<Handle>,
    /// How many elements at the bottom always stay below (`html` and `body` of a document, the
    /// root of a fragment) and are left out of `names`.
    base: usize,
    /// How many elements of each local name lie below the window, above `base`.
    names: FxHashMap<NameKey, u32>,
    /// Indices of the elements that end the reset of the insertion mode (see [`sets_mode`]).
    mode_setters: Vec<usize>,
    /// The context element of the current window's tree builder.
    context: Option<Handle>,
    /// After an end tag `body` or `html` that the real stack's `body` was in scope for.
    after_body: AfterBody,
}

/// HTML § 13.2.6.4.19 "after body" and § 13.2.6.4.22 "after after body", as far as the tree
/// builder over the window cannot follow them: where comments go.
#[derive(Default, Clone, Copy, PartialEq, Eq)]
enum AfterBody {
    #[default]
    No,
    /// A comment is appended to the `html` element.
    Body,
    /// A comment is appended to the document.
    Html,
}

/// The open elements of a tree builder: its stack, and the other handles it holds.
struct Snapshot {
    stack: Vec<Handle>,
    /// Active formatting elements (without markers), then the form element pointer, if set.
    rest: Vec<Handle>,
}

impl WindowedBuilder {
    pub(in crate::parse) fn new(
        builder: TreeBuilder<Handle, ArenaSink>,
        options: TreeBuilderOpts,
        max_depth: usize,
        fragment_context: Option<Handle>,
        deadline: &Deadline,
    ) -> Self {
        let base = if fragment_context.is_some() { 1 } else { 2 };
        WindowedBuilder {
            builder: RefCell::new(Some(builder)),
            options,
            window_size: (max_depth.max(1) / 2).max(1),
            fragment_context,
            windowed: Cell::new(false),
            cooldown: Cell::new(0),
            below: RefCell::new(Below { base, ..Below::default() }),
            watch: Watch::new(deadline.clone()),
            feeding: Cell::new(true),
            paused: Cell::new(false),
            names: RefCell::new(PageNames::default()),
        }
    }

    /// The atom for a tag or attribute name of the page (see [`PageNames`]).
    pub(in crate::parse) fn page_name(&self, text: &str) -> LocalName {
        self.names.borrow_mut().name(text)
    }

    /// Tells the sink the source line `token` starts on (the tokenizer gives it with the
    /// token), which becomes the line of the nodes it creates.
    fn note_line(&self, line_number: u64) {
        if let Some(builder) = self.builder.borrow().as_ref() {
            builder.sink.set_line(u32::try_from(line_number).unwrap_or(u32::MAX));
        }
    }

    /// Counts a step of the tokenizer's own within a token; false once the deadline has passed.
    /// The token it is part of is then not built (see `process_token`).
    pub(in crate::parse) fn keep_going(&self) -> bool {
        self.watch.keep_going()
    }

    /// Whether the tokenizer was paused at the deadline.
    pub(in crate::parse) fn paused(&self) -> bool {
        self.paused.get()
    }

    /// Called before the tokenizer's `end`, which may emit tokens and must not be paused.
    pub(in crate::parse) fn stop_feeding(&self) {
        self.feeding.set(false);
    }

    /// The tree built, once the tokenizer has ended.
    pub(in crate::parse) fn finish(&self) -> ParsedTree {
        let sink = self.builder.borrow_mut().take().map(|builder| builder.sink);
        match sink {
            Some(sink) => ParsedTree {
                tree: {
                    let mut tree = sink.tree.into_inner();
                    tree.set_names(self.names.take());
                    tree
                },
                depth_limit_hit: sink.limit_hit.get(),
                interrupted: self.watch.stopped(),
                created_base: sink.created_base.get(),
            },
            None => ParsedTree {
                tree: crate::tree::Tree::new(),
                depth_limit_hit: true,
                interrupted: self.watch.stopped(),
                created_base: false,
            },
        }
    }

    /// A token for the windowed tree builder, with the checks around it.
    fn process_windowed(&self, token: Token, line_number: u64) -> TokenSinkResult<Handle> {
        let guard = self.builder.borrow();
        let Some(builder) = guard.as_ref() else { return TokenSinkResult::Continue };
        let sink = &builder.sink;
        let tag = match &token {
            Token::TagToken(tag) => Some((tag.kind, tag.name.clone())),
            _ => None,
        };
        if self.comment_after_body(sink, &token) {
            return TokenSinkResult::Continue;
        }
        let mut body_attributes = None;
        if let Token::TagToken(tag) = &token {
            if tag.kind == TagKind::StartTag && self.handle_root_start_tag(builder, tag) {
                return TokenSinkResult::Continue;
            }
            if tag.kind == TagKind::StartTag && tag.name == local_name!("body") && !tag.attrs.is_empty() {
                body_attributes = Some(tag.attrs.clone());
            }
        }
        let risky = self.may_depend_on_below(builder, tag.as_ref());
        sink.reached_floor.set(false);
        let result = builder.process_token(token, line_number);
        if sink.reached_floor.get() && risky {
            sink.limit_hit.set(true);
        }
        let Some((kind, name)) = tag else { return result };
        if kind == TagKind::EndTag && matches!(name, local_name!("body") | local_name!("html")) {
            self.end_body(builder, &name);
        }
        if let Some(attributes) = body_attributes {
            self.merge_body_attributes(builder, attributes);
        }
        let at_floor = self.at_floor(builder);
        let wants_window = at_floor.is_some() || sink.too_deep.get();
        drop(guard);
        match at_floor {
            // Down to the floor, the window must move now: the next end tag may close an element
            // below it.
            Some(true) => self.rebuild(),
            _ if wants_window => self.rebuild_if_due(),
            _ => {}
        }
        result
    }

    /// Whether the token about to be processed, if it makes the tree builder look at its root,
    /// might be handled otherwise with the elements below the window in sight: an element it may
    /// look for lies below the window and none of that name is in the window.
    fn may_depend_on_below(
        &self,
        builder: &TreeBuilder<Handle, ArenaSink>,
        tag: Option<&(TagKind, LocalName)>,
    ) -> bool {
        let below = self.below.borrow();
        let floor_is_html = below.elements.last().is_none_or(|floor| floor.name.ns == ns!(html));
        // In a table or select insertion mode decided below the window, the stack is cleared
        // back to a table, row or select that the window does not hold, and foster parenting
        // inserts before a table below it.
        let mode_from_below = below.context.as_ref().is_some_and(|context| {
            context.name.ns == ns!(html)
                && context.name.local != local_name!("template")
                && (is_table_part(&context.name.local) || context.name.local == local_name!("select"))
        });
        if !floor_is_html || mode_from_below {
            return true;
        }
        let mut sought: Vec<LocalName> = match tag {
            Some((TagKind::EndTag, name)) if matches!(*name, local_name!("body") | local_name!("html")) => Vec::new(),
            Some((TagKind::EndTag, name)) if is_table_part(name) => TABLE_PARTS.to_vec(),
            Some((TagKind::EndTag, name)) => vec![name.clone()],
            Some((TagKind::StartTag, name)) => sought_by_start_tag(name),
            None => vec![local_name!("table"), local_name!("template")],
        };
        sought.retain(|name| below.names.contains_key(&NameKey::new(name)));
        if sought.is_empty() {
            return false;
        }
        let context = below.context.as_ref().map(|context| context.id);
        drop(below);
        let Some(snapshot) = snapshot(builder, context) else { return true };
        builder.sink.reached_floor.set(false);
        sought
            .iter()
            .any(|name| !snapshot.stack.iter().any(|open| open.name.ns == ns!(html) && open.name.local == *name))
    }

    /// After an end tag `body` or `html`, a comment goes to the `html` element or the document
    /// (HTML § 13.2.6.4.19, § 13.2.6.4.22), not into the current node; whitespace keeps that
    /// insertion mode, anything else goes back to "in body". Returns whether the token was a
    /// comment placed here.
    fn comment_after_body(&self, sink: &ArenaSink, token: &Token) -> bool {
        let mut below = self.below.borrow_mut();
        let parent = match below.after_body {
            AfterBody::No => return false,
            AfterBody::Body => below.elements.first().map(|root| root.id),
            AfterBody::Html => Some(NodeId::DOCUMENT),
        };
        match token {
            Token::CommentToken(text) => {
                if let Some(parent) = parent {
                    sink.append_comment(parent, text.clone());
                }
                return true;
            }
            Token::CharacterTokens(text) if text.chars().all(|c| matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')) => {}
            Token::ParseError(_) | Token::DoctypeToken(_) => {}
            _ => below.after_body = AfterBody::No,
        }
        false
    }

    /// HTML § 13.2.6.4.7 "in body", end tags `body` and `html`: with the real stack's `body` in
    /// scope, the insertion mode becomes "after body" ("after after body" for `html`).
    fn end_body(&self, builder: &TreeBuilder<Handle, ArenaSink>, name: &LocalName) {
        if self.fragment_context.is_some() {
            // Whether the fragment's own `body` is in scope is not followed.
            builder.sink.limit_hit.set(true);
            return;
        }
        let below = self.below.borrow();
        let body_below = below
            .elements
            .get(1)
            .is_some_and(|body| body.name.ns == ns!(html) && body.name.local == local_name!("body"));
        if !body_below || below.names.keys().any(|name| is_scope_boundary_name(&name.0)) {
            return;
        }
        let context = below.context.as_ref().map(|context| context.id);
        drop(below);
        let in_scope = snapshot(builder, context)
            .is_some_and(|snapshot| !snapshot.stack.iter().skip(1).any(|open| is_scope_boundary(&open.name)));
        builder.sink.reached_floor.set(false);
        if in_scope {
            let after = if *name == local_name!("html") { AfterBody::Html } else { AfterBody::Body };
            self.below.borrow_mut().after_body = after;
        }
    }

    /// A start tag `html`, or a start tag of a formatting element the window cannot see all of:
    /// HTML § 13.2.6.4.7 "in body", "A start tag whose tag name is "html"" adds its attributes to
    /// the document's root element, which only this driver knows. Returns whether the token was
    /// handled here.
    fn handle_root_start_tag(&self, builder: &TreeBuilder<Handle, ArenaSink>, tag: &Tag) -> bool {
        let below = self.below.borrow();
        let sink = &builder.sink;
        if tag.name == local_name!("frameset") {
            sink.limit_hit.set(true);
        }
        // Formatting elements below the window take part in the "Noah's Ark" clause and in the
        // `a` and `nobr` checks through the list of active formatting elements.
        if is_formatting(&tag.name) && below.names.contains_key(&NameKey::new(&tag.name)) {
            sink.limit_hit.set(true);
        }
        if tag.name != local_name!("html") || builder.adjusted_current_node_present_but_not_in_html_namespace() {
            return false;
        }
        sink.reached_floor.set(false);
        if !below.names.contains_key(&NameKey(local_name!("template")))
            && !self.window_holds(builder, local_name!("template"))
        {
            if let Some(root) = below.elements.first() {
                sink.add_attrs_to(root.id, tag.attrs.clone());
            }
        }
        true
    }

    /// HTML § 13.2.6.4.7 "in body", "A start tag whose tag name is "body"": when the second
    /// element of the stack is a `body`, no `template` is open (nor a `select`, whose insertion
    /// mode ignores the tag), its attributes go to that `body` element.
    fn merge_body_attributes(&self, builder: &TreeBuilder<Handle, ArenaSink>, attributes: Vec<Attribute>) {
        let below = self.below.borrow();
        if self.fragment_context.is_some() {
            return;
        }
        let Some(body) = below.elements.get(1) else { return };
        if body.name.local != local_name!("body") || body.name.ns != ns!(html) {
            return;
        }
        for blocker in [local_name!("template"), local_name!("select")] {
            if below.names.contains_key(&NameKey::new(&blocker)) || self.window_holds(builder, blocker) {
                return;
            }
        }
        // The tree builder ignored the tag: its stack's second element is not `body`.
        builder.sink.add_attrs_to(body.id, attributes);
    }

    /// Whether an HTML element named `name` is on the window's stack.
    fn window_holds(&self, builder: &TreeBuilder<Handle, ArenaSink>, name: LocalName) -> bool {
        let context = self.below.borrow().context.as_ref().map(|context| context.id);
        let found = snapshot(builder, context).is_none_or(|snapshot| {
            snapshot.stack.iter().any(|open| open.name.ns == ns!(html) && open.name.local == name)
        });
        builder.sink.reached_floor.set(false);
        found
    }

    /// Whether the current node has come down to the bottom quarter of the window while more
    /// of the real stack lies below: `Some(true)` when it is the floor itself, `Some(false)` when
    /// it is just above.
    fn at_floor(&self, builder: &TreeBuilder<Handle, ArenaSink>) -> Option<bool> {
        let below = self.below.borrow();
        if below.elements.len() <= below.base {
            return None;
        }
        let sink = &builder.sink;
        sink.last_named.set(None);
        let _ = builder.adjusted_current_node_present_but_not_in_html_namespace();
        sink.reached_floor.set(false);
        let current = sink.last_named.get()?;
        if below.context.as_ref().is_some_and(|context| context.id == current) {
            return Some(true);
        }
        match sink.depth_of(current) {
            0 => Some(true),
            depth if depth < (self.window_size / 4).max(1) => Some(false),
            _ => None,
        }
    }

    /// Builds a new window unless one was built a moment ago.
    fn rebuild_if_due(&self) {
        let cooldown = self.cooldown.get();
        if cooldown > 0 {
            self.cooldown.set(cooldown - 1);
            return;
        }
        self.rebuild();
    }

    /// Reads the real stack of open elements, and replaces the tree builder by one over its top
    /// `window_size` elements.
    fn rebuild(&self) {
        let mut guard = self.builder.borrow_mut();
        let Some(old) = guard.take() else { return };
        let mut below = self.below.borrow_mut();
        let old_context = if self.windowed.get() {
            below.context.as_ref().map(|context| context.id)
        } else {
            self.fragment_context.as_ref().map(|context| context.id)
        };
        let Some(Snapshot { mut stack, rest }) = snapshot(&old, old_context) else {
            self.cooldown.set(self.window_size / 4);
            *guard = Some(old);
            return;
        };
        // The current node reads only text now (its end tag switches the tokenizer back): the
        // window waits for it to close.
        let current_holds_text =
            stack.last().is_some_and(|current| current.name.ns == ns!(html) && holds_no_elements(&current.name.local));
        if current_holds_text {
            *guard = Some(old);
            return;
        }
        if self.windowed.get() && !stack.is_empty() {
            // The windowed tree builder's root stands for the floor, already below.
            stack.remove(0);
        }
        let total = below.elements.len() + stack.len();
        if total < below.base {
            self.cooldown.set(self.window_size / 4);
            *guard = Some(old);
            return;
        }
        let sink = old.sink;
        // Active formatting elements that are not open would be reconstructed later; a new
        // tree builder's list holds only those of its window.
        let open: FxHashSet<NodeId> = stack.iter().map(|open| open.id).collect();
        let form = rest.last().filter(|last| last.name.local == local_name!("form") && last.name.ns == ns!(html));
        let closed_formatting = rest.iter().any(|entry| is_formatting(&entry.name.local) && !open.contains(&entry.id));
        if closed_formatting {
            sink.limit_hit.set(true);
        }
        let window_length = self.window_size.min(total - below.base);
        let split = total - window_length;
        let window: Vec<Handle> = if split <= below.elements.len() {
            let mut window: Vec<Handle> = below.elements[split..].to_vec();
            while below.elements.len() > split {
                below.pop();
            }
            window.extend(stack);
            window
        } else {
            let moved = split - below.elements.len();
            let mut stack = stack.into_iter();
            for handle in stack.by_ref().take(moved) {
                below.push(handle);
            }
            stack.collect()
        };
        // `split` is at least `base`, at least one element: the floor exists.
        let Some(floor) = below.elements.last().cloned() else {
            sink.limit_hit.set(true);
            *guard = Some(TreeBuilder::new(sink, self.options));
            return;
        };
        let context = below.context_for(&floor, self.fragment_context.as_ref());
        let form_pointer = form.filter(|form| !window.iter().any(|open| open.id == form.id)).cloned();

        sink.floor.set(Some(floor.id));
        sink.forget_depths();
        sink.too_deep.set(false);
        sink.replay_diverged.set(false);
        let root = Handle { id: floor.id, name: QualName::new(None, ns!(html), local_name!("html")) };
        let mut replay = VecDeque::with_capacity(window.len() + 1);
        replay.push_back(root);
        replay.extend(window.iter().cloned());
        *sink.replay.borrow_mut() = Some(replay);
        let options = TreeBuilderOpts { quirks_mode: sink.quirks_mode.get(), ..self.options };
        let builder = TreeBuilder::new_for_fragment(sink, context.clone(), form_pointer, options);
        for open in &window {
            let attrs = builder.sink.tree.borrow().element(open.id).attributes.iter().map(Attribute::from).collect();
            let tag = Tag { kind: TagKind::StartTag, name: open.name.local.clone(), self_closing: false, attrs };
            let _ = builder.process_token(Token::TagToken(tag), 0);
        }
        let leftover = builder.sink.replay.borrow_mut().take().is_some_and(|replay| !replay.is_empty());
        let replayed = snapshot(&builder, Some(context.id));
        let same_stack = replayed.is_some_and(|replayed| {
            replayed.stack.len() == window.len() + 1
                && replayed.stack[1..].iter().zip(&window).all(|(got, want)| got.id == want.id)
        });
        if leftover || builder.sink.replay_diverged.get() || !same_stack {
            builder.sink.limit_hit.set(true);
        }
        builder.sink.reached_floor.set(false);
        below.context = Some(context);
        below.after_body = AfterBody::No;
        self.windowed.set(true);
        self.cooldown.set(self.window_size / 4);
        *guard = Some(builder);
    }
}

impl Below {
    fn push(&mut self, handle: Handle) {
        let index = self.elements.len();
        if index >= self.base {
            *self.names.entry(NameKey::new(&handle.name.local)).or_insert(0) += 1;
        }
        if handle.name.ns == ns!(html) && sets_mode(&handle.name.local) {
            self.mode_setters.push(index);
        }
        self.elements.push(handle);
    }

    fn pop(&mut self) {
        let Some(handle) = self.elements.pop() else { return };
        let index = self.elements.len();
        if index >= self.base {
            let key = NameKey::new(&handle.name.local);
            if let Some(count) = self.names.get_mut(&key) {
                *count -= 1;
                if *count == 0 {
                    self.names.remove(&key);
                }
            }
        }
        if self.mode_setters.last() == Some(&index) {
            self.mode_setters.pop();
        }
    }

    /// The context element for a window over `floor`: the floor itself when it is a foreign
    /// element (the adjusted current node decides how tokens are read), otherwise the element
    /// the reset of the insertion mode stops at below the window (HTML § 13.2.4.1).
    fn context_for(&self, floor: &Handle, fragment_context: Option<&Handle>) -> Handle {
        if floor.name.ns != ns!(html) {
            return floor.clone();
        }
        // A fragment's own root is no mode setter: its fragment context is.
        let lowest = usize::from(fragment_context.is_some());
        match self.mode_setters.last().filter(|&&index| index >= lowest) {
            Some(&index) => self.elements[index].clone(),
            None => fragment_context.cloned().unwrap_or_else(|| floor.clone()),
        }
    }
}

/// The tree builder's stack of open elements and its other handles, read through
/// [`TreeBuilder::trace_handles`] (the document, the stack from the bottom, the active formatting
/// elements, the head and form element pointers, the context element). The stack ends at the
/// current node, which the sink learns by asking for the adjusted current node; a stack of the
/// root alone shows the context element there instead.
fn snapshot(builder: &TreeBuilder<Handle, ArenaSink>, context: Option<NodeId>) -> Option<Snapshot> {
    let sink = &builder.sink;
    sink.last_named.set(None);
    let _ = builder.adjusted_current_node_present_but_not_in_html_namespace();
    let current = sink.last_named.get();
    let collector = Collect(RefCell::new(Vec::new()));
    builder.trace_handles(&collector);
    let mut handles = collector.0.into_inner();
    if handles.is_empty() {
        return None;
    }
    handles.remove(0);
    if context.is_some() {
        // The context element is traced last.
        handles.pop();
    }
    let end = match current {
        None => 0,
        Some(current) if Some(current) == context && handles.first().is_some_and(|root| root.id != current) => 1,
        Some(current) => handles.iter().position(|handle| handle.id == current)? + 1,
    };
    let rest = handles.split_off(end);
    Some(Snapshot { stack: handles, rest })
}

/// Collects the handles a tree builder traces.
struct Collect(RefCell<Vec<Handle>>);

impl Tracer for Collect {
    type Handle = Handle;

    fn trace_handle(&self, node: &Handle) {
        self.0.borrow_mut().push(node.clone());
    }
}

impl TokenSink for WindowedBuilder {
    type Handle = Handle;

    fn process_token(&self, token: Token, line_number: u64) -> TokenSinkResult<Handle> {
        if !self.watch.keep_going() {
            // Only a tag may pause the tokenizer (html5ever's script pause), and only once.
            if self.feeding.get() && matches!(token, Token::TagToken(_)) && !self.paused.replace(true) {
                return TokenSinkResult::Script(Handle::unnamed(NodeId::DOCUMENT));
            }
            return TokenSinkResult::Continue;
        }
        self.note_line(line_number);
        if self.windowed.get() {
            return self.process_windowed(token, line_number);
        }
        let is_tag = matches!(token, Token::TagToken(_));
        let guard = self.builder.borrow();
        let Some(builder) = guard.as_ref() else { return TokenSinkResult::Continue };
        let result = builder.process_token(token, line_number);
        if is_tag && builder.sink.too_deep.get() {
            drop(guard);
            self.rebuild_if_due();
        }
        result
    }

    fn end(&self) {
        if let Some(builder) = self.builder.borrow().as_ref() {
            builder.end();
        }
    }

    fn adjusted_current_node_present_but_not_in_html_namespace(&self) -> bool {
        let guard = self.builder.borrow();
        guard.as_ref().is_some_and(|builder| builder.adjusted_current_node_present_but_not_in_html_namespace())
    }
}
