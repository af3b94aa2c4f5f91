//! Nodes and elements of a parsed document.
//!
//! [`Node`] and [`Element`] are cheap handles onto the tree (a reference count on the document's
//! tree and a position in it). Equality and hashing are by identity: two handles are equal when
//! they point at the same node, which is what the microdata and microformats algorithms mean by
//! "the same element".

use crate::tree::{ElementData, NodeData, NodeId, Tree};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The namespace of an element.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Namespace {
    /// `http://www.w3.org/1999/xhtml`
    Html,
    /// `http://www.w3.org/2000/svg`
    Svg,
    /// `http://www.w3.org/1998/Math/MathML`
    MathMl,
    /// Any other namespace (not produced by the HTML parser).
    Other,
}

/// What kind of node a [`Node`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// The document itself.
    Document,
    /// A `<!DOCTYPE>`.
    Doctype,
    /// An element.
    Element,
    /// A run of text.
    Text,
    /// A comment.
    Comment,
    /// A processing instruction (only from foreign content).
    ProcessingInstruction,
    /// A document fragment (the contents of a `template`).
    DocumentFragment,
}

/// Any node of the tree.
#[derive(Clone)]
pub struct Node {
    pub(crate) tree: Arc<Tree>,
    pub(crate) id: NodeId,
}

/// An element of the tree.
#[derive(Clone)]
pub struct Element {
    pub(crate) tree: Arc<Tree>,
    /// Always the id of an element node.
    pub(crate) id: NodeId,
}

impl PartialEq for Node {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id && Arc::ptr_eq(&self.tree, &other.tree)
    }
}
impl Eq for Node {}
impl Hash for Node {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.id.hash(state)
    }
}
impl PartialEq for Element {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id && Arc::ptr_eq(&self.tree, &other.tree)
    }
}
impl Eq for Element {}
impl Hash for Element {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.id.hash(state)
    }
}

impl fmt::Debug for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_element() {
            Some(element) => element.fmt(f),
            None => write!(f, "Node({:?})", self.kind()),
        }
    }
}

impl fmt::Debug for Element {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<{}", self.local_name())?;
        for (name, value) in self.attributes() {
            write!(f, " {name}={value:?}")?;
        }
        write!(f, ">")
    }
}

/// Nodes of one tree from a walk over ids.
pub(crate) fn nodes(tree: &Arc<Tree>, ids: impl Iterator<Item = NodeId>) -> impl Iterator<Item = Node> {
    let tree = Arc::clone(tree);
    ids.map(move |id| Node { tree: Arc::clone(&tree), id })
}

/// The elements among a walk over ids.
pub(crate) fn elements(tree: &Arc<Tree>, ids: impl Iterator<Item = NodeId>) -> impl Iterator<Item = Element> {
    let tree = Arc::clone(tree);
    ids.filter_map(move |id| match tree.is_element(id) {
        true => Some(Element { tree: Arc::clone(&tree), id }),
        false => None,
    })
}

/// The ids of `id`'s children, in order.
pub(crate) fn child_ids(tree: &Arc<Tree>, id: NodeId) -> impl Iterator<Item = NodeId> {
    let tree = Arc::clone(tree);
    std::iter::successors(tree.first_child(id), move |&child| {
        tree.keep_going().then(|| tree.next_sibling(child)).flatten()
    })
}

/// The ids of the nodes inside `root`, in tree order (not `root` itself).
pub(crate) fn descendant_ids(tree: &Arc<Tree>, root: NodeId) -> impl Iterator<Item = NodeId> {
    let tree = Arc::clone(tree);
    std::iter::successors(tree.first_child(root), move |&id| tree.next_in(root, id))
}

/// The ids of `id`'s ancestors, nearest first.
fn ancestor_ids(tree: &Arc<Tree>, id: NodeId) -> impl Iterator<Item = NodeId> {
    let tree = Arc::clone(tree);
    std::iter::successors(tree.parent(id), move |&ancestor| tree.keep_going().then(|| tree.parent(ancestor)).flatten())
}

impl Node {
    pub(crate) fn new(tree: &Arc<Tree>, id: NodeId) -> Node {
        Node { tree: Arc::clone(tree), id }
    }

    fn data(&self) -> &NodeData {
        self.tree.data(self.id)
    }

    fn at(&self, id: Option<NodeId>) -> Option<Node> {
        id.map(|id| Node::new(&self.tree, id))
    }

    /// The source line this node starts on, from 1: for an element the line of its start tag's
    /// `<`, for text the line of its first character (a line feed belongs to the line it
    /// ends). Line breaks are counted after HTML's input preprocessing, so CR LF and a lone CR
    /// are one line break each, as LF is. An element the parser adds without a tag of its own
    /// (`html`, `head`, `body`, `tbody`...) has the line of the token that made the parser add
    /// it; a template's contents have the template's line. `None` for the document node and
    /// nodes not made by the HTML parser.
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse("<p>one</p>\r\n<div\n  id=two>two</div>");
    /// let div = doc.element_by_id("two").unwrap();
    /// assert_eq!(div.line(), Some(2));
    /// assert_eq!(div.as_node().first_child().unwrap().line(), Some(3));
    /// assert_eq!(doc.root().line(), None);
    /// ```
    pub fn line(&self) -> Option<u32> {
        self.tree.line(self.id)
    }

    /// What kind of node this is.
    pub fn kind(&self) -> NodeKind {
        match self.data() {
            NodeData::Element(_) => NodeKind::Element,
            NodeData::Text(_) => NodeKind::Text,
            NodeData::Comment(_) => NodeKind::Comment,
            NodeData::ProcessingInstruction { .. } => NodeKind::ProcessingInstruction,
            NodeData::Doctype { .. } => NodeKind::Doctype,
            NodeData::Document => NodeKind::Document,
            NodeData::Fragment { .. } => NodeKind::DocumentFragment,
        }
    }

    /// This node as an element, if it is one.
    pub fn as_element(&self) -> Option<Element> {
        self.tree.is_element(self.id).then(|| Element { tree: Arc::clone(&self.tree), id: self.id })
    }

    /// The character data of a text node.
    pub fn as_text(&self) -> Option<&str> {
        match self.data() {
            NodeData::Text(text) => Some(text),
            _ => None,
        }
    }

    /// The character data of a comment node.
    pub fn as_comment(&self) -> Option<&str> {
        match self.data() {
            NodeData::Comment(text) => Some(text),
            _ => None,
        }
    }

    /// The name, public identifier and system identifier of a `<!DOCTYPE>` node, as the
    /// tokenizer read them (HTML § 13.2.5.1 DOCTYPE token: missing identifiers are empty here).
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse(r#"<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN"><p>"#);
    /// let doctype = doc.root().first_child().unwrap();
    /// assert_eq!(doctype.as_doctype(), Some(("html", "-//W3C//DTD HTML 4.01//EN", "")));
    /// ```
    pub fn as_doctype(&self) -> Option<(&str, &str, &str)> {
        match self.data() {
            NodeData::Doctype { name, public_id, system_id } => Some((name, public_id, system_id)),
            _ => None,
        }
    }

    /// The target and data of a processing instruction node.
    pub fn as_processing_instruction(&self) -> Option<(&str, &str)> {
        match self.data() {
            NodeData::ProcessingInstruction { target, data } => Some((target, data)),
            _ => None,
        }
    }

    /// The parent node (an element, the document, or a template's contents fragment).
    pub fn parent(&self) -> Option<Node> {
        self.at(self.tree.parent(self.id))
    }

    /// The nearest ancestor that is an element.
    pub fn parent_element(&self) -> Option<Element> {
        self.parent().and_then(|parent| parent.as_element())
    }

    /// The first child node.
    pub fn first_child(&self) -> Option<Node> {
        self.at(self.tree.first_child(self.id))
    }

    /// The last child node.
    pub fn last_child(&self) -> Option<Node> {
        self.at(self.tree.last_child(self.id))
    }

    /// The next sibling node.
    pub fn next_sibling(&self) -> Option<Node> {
        self.at(self.tree.next_sibling(self.id))
    }

    /// The previous sibling node.
    pub fn previous_sibling(&self) -> Option<Node> {
        self.at(self.tree.previous_sibling(self.id))
    }

    /// The child nodes, in order.
    pub fn children(&self) -> impl Iterator<Item = Node> {
        nodes(&self.tree, child_ids(&self.tree, self.id))
    }

    /// The child elements, in order.
    pub fn element_children(&self) -> impl Iterator<Item = Element> {
        elements(&self.tree, child_ids(&self.tree, self.id))
    }

    /// All descendant nodes in tree order (not this node itself). Iterative: safe at any depth.
    pub fn descendants(&self) -> impl Iterator<Item = Node> {
        nodes(&self.tree, descendant_ids(&self.tree, self.id))
    }

    /// All descendant elements in tree order (not this node itself).
    pub fn descendant_elements(&self) -> impl Iterator<Item = Element> {
        elements(&self.tree, descendant_ids(&self.tree, self.id))
    }

    /// The ancestor elements, nearest first.
    pub fn ancestor_elements(&self) -> impl Iterator<Item = Element> {
        elements(&self.tree, ancestor_ids(&self.tree, self.id))
    }
}

impl Element {
    pub(crate) fn data(&self) -> &ElementData {
        self.tree.element(self.id)
    }

    /// The source line the element's start tag starts on, from 1 ([`Node::line`]).
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse("<html>\n<body>\n<p itemprop=name>Ada</p>");
    /// let p = doc.elements().find(|element| element.is("p")).unwrap();
    /// assert_eq!(p.line(), Some(3));
    /// ```
    pub fn line(&self) -> Option<u32> {
        self.tree.line(self.id)
    }

    /// This element as a [`Node`].
    pub fn as_node(&self) -> Node {
        Node::new(&self.tree, self.id)
    }

    /// The local name (`div`, `svg`, `foreignObject`...). The HTML parser lowercases HTML names.
    pub fn local_name(&self) -> &str {
        self.tree.name_text(&self.data().name.local)
    }

    /// The element's namespace.
    pub fn namespace(&self) -> Namespace {
        match self.data().name.ns {
            html5ever::ns!(html) => Namespace::Html,
            html5ever::ns!(svg) => Namespace::Svg,
            html5ever::ns!(mathml) => Namespace::MathMl,
            _ => Namespace::Other,
        }
    }

    /// Whether this is an element of the HTML namespace.
    pub fn is_html(&self) -> bool {
        self.data().name.ns == html5ever::ns!(html)
    }

    /// Whether this is the HTML element with the given (lowercase) local name.
    pub fn is(&self, local_name: &str) -> bool {
        self.is_html() && self.local_name() == local_name
    }

    /// The value of the attribute with this name (in no namespace), if present.
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse("<a href='/x' class='u-url'>x</a>");
    /// let a = doc.elements().find(|e| e.is("a")).unwrap();
    /// assert_eq!(a.attr("href"), Some("/x"));
    /// assert!(a.attr("title").is_none());
    /// ```
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.data().attr(name, self.tree.names())
    }

    /// Whether the element has the attribute (in no namespace).
    pub fn has_attr(&self, name: &str) -> bool {
        self.attr(name).is_some()
    }

    /// The value of an attribute in the XML namespace (`xml:lang`), if present.
    pub fn xml_attr(&self, local_name: &str) -> Option<String> {
        self.data()
            .attributes
            .iter()
            .find(|attribute| {
                attribute.name.ns == html5ever::ns!(xml) && self.tree.name_text(&attribute.name.local) == local_name
            })
            .map(|attribute| attribute.value.to_string())
    }

    /// Every attribute with its namespace, as `(namespace, local name, value)` in source order.
    /// The HTML parser puts attributes in a namespace only on foreign elements (`xlink:href`,
    /// `xml:lang`, `xmlns:xlink`: HTML § 13.2.6.1 "adjust foreign attributes"); the namespace is
    /// `None` for every other attribute.
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse(r#"<svg><a xlink:href="/x" id=y /></svg>"#);
    /// let a = doc.elements().find(|e| e.local_name() == "a").unwrap();
    /// let attributes: Vec<_> = a.namespaced_attributes().collect();
    /// assert_eq!(attributes, vec![(Some("http://www.w3.org/1999/xlink"), "href", "/x"), (None, "id", "y")]);
    /// ```
    pub fn namespaced_attributes(&self) -> impl Iterator<Item = (Option<&str>, &str, &str)> {
        self.data().attributes.iter().map(|attribute| {
            let namespace = (attribute.name.ns != html5ever::ns!()).then_some(&*attribute.name.ns);
            (namespace, self.tree.name_text(&attribute.name.local), &*attribute.value)
        })
    }

    /// The `id` attribute.
    pub fn id(&self) -> Option<&str> {
        self.attr("id")
    }

    /// The class names: the `class` attribute split on ASCII whitespace, duplicates removed,
    /// first occurrence kept.
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse("<p class=' h-card\tp-name h-card '>x</p>");
    /// let p = doc.elements().find(|e| e.is("p")).unwrap();
    /// assert_eq!(p.class_names(), vec!["h-card", "p-name"]);
    /// ```
    pub fn class_names(&self) -> Vec<String> {
        match self.attr("class") {
            Some(value) => crate::tokens::unique_tokens(value).into_iter().map(str::to_owned).collect(),
            None => Vec::new(),
        }
    }

    /// Whether `class_name` is one of the class names.
    pub fn has_class(&self, class_name: &str) -> bool {
        self.attr("class").is_some_and(|value| crate::tokens::split_ascii_whitespace(value).any(|c| c == class_name))
    }

    /// The parent element, if the parent is an element.
    pub fn parent_element(&self) -> Option<Element> {
        elements(&self.tree, self.tree.parent(self.id).into_iter()).next()
    }

    /// The ancestor elements, nearest first.
    pub fn ancestors(&self) -> impl Iterator<Item = Element> {
        elements(&self.tree, ancestor_ids(&self.tree, self.id))
    }

    /// The child nodes, in order.
    pub fn children(&self) -> impl Iterator<Item = Node> {
        nodes(&self.tree, child_ids(&self.tree, self.id))
    }

    /// The child elements, in order.
    pub fn element_children(&self) -> impl Iterator<Item = Element> {
        elements(&self.tree, child_ids(&self.tree, self.id))
    }

    /// The descendant elements in tree order (not this element). Iterative: safe at any depth.
    pub fn descendants(&self) -> impl Iterator<Item = Element> {
        elements(&self.tree, descendant_ids(&self.tree, self.id))
    }

    /// The next sibling that is an element.
    pub fn next_element_sibling(&self) -> Option<Element> {
        let tree = &self.tree;
        elements(tree, std::iter::successors(tree.next_sibling(self.id), |&id| tree.next_sibling(id))).next()
    }

    /// The previous sibling that is an element.
    pub fn previous_element_sibling(&self) -> Option<Element> {
        let tree = &self.tree;
        elements(tree, std::iter::successors(tree.previous_sibling(self.id), |&id| tree.previous_sibling(id))).next()
    }

    /// For a `template` element, its template contents (a document fragment).
    pub fn template_contents(&self) -> Option<Node> {
        self.data().template_contents.map(|id| Node::new(&self.tree, id))
    }
}
