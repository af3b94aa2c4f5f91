//! The HTML fragment serialization algorithm (HTML § "Serializing HTML fragments"), written
//! with an explicit stack so any depth serializes without recursion.

use crate::node::{Element, Node};
use crate::page_names::PageNames;
use crate::tree::{NodeData, NodeId, Tree};
use html5ever::{local_name, ns};
use std::sync::Arc;

/// HTML: an element "serializes as void" if it is a void element or basefont, bgsound, frame,
/// keygen or param.
fn serializes_as_void(name: &html5ever::QualName) -> bool {
    name.ns == ns!(html) && is_void_like(&name.local)
}

/// The local names of HTML elements that serialize as void (and that the parser never gives
/// children).
pub(crate) fn is_void_like(local: &html5ever::LocalName) -> bool {
    matches!(
        *local,
        local_name!("area")
            | local_name!("base")
            | local_name!("br")
            | local_name!("col")
            | local_name!("embed")
            | local_name!("hr")
            | local_name!("img")
            | local_name!("input")
            | local_name!("link")
            | local_name!("meta")
            | local_name!("source")
            | local_name!("track")
            | local_name!("wbr")
            | local_name!("basefont")
            | local_name!("bgsound")
            | local_name!("frame")
            | local_name!("keygen")
            | local_name!("param")
    )
}

/// Whether text inside `parent` is written literally rather than escaped.
fn holds_literal_text(tree: &Tree, parent: Option<NodeId>, scripting: bool) -> bool {
    let Some(parent) = parent else { return false };
    let NodeData::Element(element) = tree.data(parent) else { return false };
    element.name.ns == ns!(html)
        && match element.name.local {
            local_name!("style")
            | local_name!("script")
            | local_name!("xmp")
            | local_name!("iframe")
            | local_name!("noembed")
            | local_name!("noframes")
            | local_name!("plaintext") => true,
            local_name!("noscript") => scripting,
            _ => false,
        }
}

/// HTML § "escaping a string": `&`, NBSP, and in attribute mode `"`, `<`, `>`; in text mode
/// `<` and `>`. (Attribute mode escapes `<` and `>` since the 2025 revision of the standard.)
fn escape_into(out: &mut String, text: &str, attribute_mode: bool) {
    let mut last = 0;
    for (index, c) in text.char_indices() {
        let replacement = match c {
            '&' => "&amp;",
            '\u{A0}' => "&nbsp;",
            '"' if attribute_mode => "&quot;",
            '<' => "&lt;",
            '>' => "&gt;",
            _ => continue,
        };
        out.push_str(&text[last..index]);
        out.push_str(replacement);
        last = index + c.len_utf8();
    }
    out.push_str(&text[last..]);
}

/// HTML: "the attribute's serialized name".
pub(crate) fn attribute_name(name: &html5ever::QualName, names: &PageNames) -> String {
    let local = names.text(&name.local);
    match name.ns {
        ns!() => local.to_owned(),
        ns!(xml) => format!("xml:{local}"),
        ns!(xmlns) if name.local == local_name!("xmlns") => "xmlns".to_owned(),
        ns!(xmlns) => format!("xmlns:{local}"),
        ns!(xlink) => format!("xlink:{local}"),
        _ => match &name.prefix {
            Some(prefix) => format!("{prefix}:{local}"),
            None => local.to_owned(),
        },
    }
}

fn tag_name(name: &html5ever::QualName, names: &PageNames) -> String {
    let local = names.text(&name.local);
    match name.ns {
        ns!(html) | ns!(svg) | ns!(mathml) => local.to_owned(),
        _ => match &name.prefix {
            Some(prefix) => format!("{prefix}:{local}"),
            None => local.to_owned(),
        },
    }
}

enum Step {
    Node(NodeId),
    /// An end tag; for an element whose inner range is wanted, that element and where its
    /// contents started.
    EndTag(String, Option<(Element, usize)>),
}

/// Where the inner HTML of chosen elements lies in a serialization (see
/// [`crate::Document::inner_html_indexed`]).
pub(crate) struct RangeRecorder<'a> {
    pub wanted: &'a dyn Fn(&Element) -> bool,
    pub ranges: Vec<(Element, std::ops::Range<usize>)>,
}

/// The node whose children are serialized for `id`: a template's contents, else itself.
pub(crate) fn children_holder(tree: &Tree, id: NodeId) -> NodeId {
    match tree.data(id) {
        NodeData::Element(element) => element.template_contents.unwrap_or(id),
        _ => id,
    }
}

/// Pushes the children of `parent` so that the first is popped first.
fn push_children(stack: &mut Vec<Step>, tree: &Tree, parent: NodeId) {
    let start = stack.len();
    let mut next = tree.first_child(parent);
    while let Some(child) = next.filter(|_| tree.keep_going()) {
        stack.push(Step::Node(child));
        next = tree.next_sibling(child);
    }
    stack[start..].reverse();
}

/// Changes to the serialization, for callers that publish a page's markup somewhere else (an
/// `e-*` property, an Atom entry): nodes left out, attribute values rewritten. Everything
/// else is the HTML algorithm unchanged.
///
/// ```
/// use harvest_dom::{Document, SerializeOptions};
/// let doc = Document::parse("<div id=d><a href=/x>x</a><nav>menu</nav></div>");
/// let div = doc.element_by_id("d").unwrap().as_node();
/// let skip_nav = |node: &harvest_dom::Node| node.as_element().is_some_and(|e| e.is("nav"));
/// let absolute = |_: &harvest_dom::Element, name: &str, value: &str| {
///     (name == "href").then(|| format!("https://example.com{value}"))
/// };
/// let options = SerializeOptions { skip: Some(&skip_nav), attribute_value: Some(&absolute) };
/// assert_eq!(doc.inner_html_with(&div, &options), r#"<a href="https://example.com/x">x</a>"#);
/// ```
#[derive(Default, Clone, Copy)]
pub struct SerializeOptions<'a> {
    /// Nodes to leave out, with everything inside them.
    pub skip: Option<&'a (dyn Fn(&Node) -> bool + 'a)>,
    /// A replacement attribute value: called with the element, the attribute's serialized
    /// name and its value; `Some` replaces the value.
    pub attribute_value: Option<&'a AttributeRewrite<'a>>,
}

/// The signature of [`SerializeOptions::attribute_value`]: element, attribute name, value.
pub type AttributeRewrite<'a> = dyn Fn(&Element, &str, &str) -> Option<String> + 'a;

impl std::fmt::Debug for SerializeOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SerializeOptions")
            .field("skip", &self.skip.is_some())
            .field("attribute_value", &self.attribute_value.is_some())
            .finish()
    }
}

/// Appends the serialization of `node`'s children (its "inner HTML") to `out`.
pub(crate) fn serialize_children(
    out: &mut String,
    node: &Node,
    scripting: bool,
    options: &SerializeOptions<'_>,
    recorder: Option<&mut RangeRecorder<'_>>,
) {
    let mut stack = Vec::new();
    push_children(&mut stack, &node.tree, children_holder(&node.tree, node.id));
    run(out, &node.tree, &mut stack, scripting, options, recorder);
}

/// Appends the serialization of `node` itself (its "outer HTML") to `out`.
pub(crate) fn serialize_node(out: &mut String, node: &Node, scripting: bool, options: &SerializeOptions<'_>) {
    let mut stack = vec![Step::Node(node.id)];
    run(out, &node.tree, &mut stack, scripting, options, None);
}

fn run(
    out: &mut String,
    tree: &Arc<Tree>,
    stack: &mut Vec<Step>,
    scripting: bool,
    options: &SerializeOptions<'_>,
    mut recorder: Option<&mut RangeRecorder<'_>>,
) {
    while let Some(step) = stack.pop() {
        let id = match step {
            Step::EndTag(name, recorded) => {
                if let (Some((element, start)), Some(recorder)) = (recorded, recorder.as_deref_mut()) {
                    recorder.ranges.push((element, start..out.len()));
                }
                out.push_str("</");
                out.push_str(&name);
                out.push('>');
                continue;
            }
            Step::Node(id) => id,
        };
        if let Some(skip) = options.skip {
            if skip(&Node::new(tree, id)) {
                continue;
            }
        }
        match tree.data(id) {
            NodeData::Element(element) => {
                let name = tag_name(&element.name, tree.names());
                out.push('<');
                out.push_str(&name);
                let handle = options.attribute_value.map(|_| Element { tree: Arc::clone(tree), id });
                for attribute in &element.attributes {
                    let serialized_name = attribute_name(&attribute.name, tree.names());
                    let replaced = match (options.attribute_value, &handle) {
                        (Some(rewrite), Some(handle)) => rewrite(handle, &serialized_name, &attribute.value),
                        _ => None,
                    };
                    out.push(' ');
                    out.push_str(&serialized_name);
                    out.push_str("=\"");
                    escape_into(out, replaced.as_deref().unwrap_or(&attribute.value), true);
                    out.push('"');
                }
                out.push('>');
                if serializes_as_void(&element.name) {
                    continue;
                }
                let recorded = recorder.as_deref().and_then(|recorder| {
                    let handle = Element { tree: Arc::clone(tree), id };
                    (recorder.wanted)(&handle).then_some((handle, out.len()))
                });
                stack.push(Step::EndTag(name, recorded));
                push_children(stack, tree, children_holder(tree, id));
            }
            NodeData::Text(text) => {
                if holds_literal_text(tree, tree.parent(id), scripting) {
                    out.push_str(text);
                } else {
                    escape_into(out, text, false);
                }
            }
            NodeData::Comment(text) => {
                out.push_str("<!--");
                out.push_str(text);
                out.push_str("-->");
            }
            NodeData::ProcessingInstruction { target, data } => {
                out.push_str("<?");
                out.push_str(target);
                out.push(' ');
                out.push_str(data);
                out.push('>');
            }
            NodeData::Doctype { name, .. } => {
                out.push_str("<!DOCTYPE ");
                out.push_str(name);
                out.push('>');
            }
            NodeData::Document | NodeData::Fragment { .. } => push_children(stack, tree, id),
        }
    }
}

/// Attributes under their serialized names.
impl Element {
    /// Every attribute as `(serialized name, value)`, in source order.
    pub fn attributes(&self) -> Vec<(String, String)> {
        self.data()
            .attributes
            .iter()
            .map(|attribute| (attribute_name(&attribute.name, self.tree.names()), attribute.value.to_string()))
            .collect()
    }
}
