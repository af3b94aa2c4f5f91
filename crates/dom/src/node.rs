//! Nodes and elements of a parsed document.
//!
//! [`Node`] and [`Element`] are cheap handles (a reference count) onto the tree. Equality and
//! hashing are by identity: two handles are equal when they point at the same node, which is
//! what the microdata and microformats algorithms mean by "the same element".

use crate::select::Selector;
use kuchikiki::iter::NodeIterator;
use kuchikiki::{ElementData, NodeData, NodeDataRef, NodeRef};
use std::cell::Ref;
use std::fmt;
use std::hash::{Hash, Hasher};

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
pub struct Node(pub(crate) NodeRef);

/// An element of the tree.
#[derive(Clone)]
pub struct Element(pub(crate) NodeDataRef<ElementData>);

impl PartialEq for Node {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}
impl Eq for Node {}
impl Hash for Node {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::ptr::hash(&*self.0 .0, state)
    }
}
impl PartialEq for Element {
    fn eq(&self, other: &Self) -> bool {
        self.0.as_node() == other.0.as_node()
    }
}
impl Eq for Element {}
impl Hash for Element {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::ptr::hash(&*self.0.as_node().0, state)
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

impl Node {
    pub(crate) fn from_ref(node: NodeRef) -> Node {
        Node(node)
    }

    /// What kind of node this is.
    pub fn kind(&self) -> NodeKind {
        match self.0.data() {
            NodeData::Element(_) => NodeKind::Element,
            NodeData::Text(_) => NodeKind::Text,
            NodeData::Comment(_) => NodeKind::Comment,
            NodeData::ProcessingInstruction(_) => NodeKind::ProcessingInstruction,
            NodeData::Doctype(_) => NodeKind::Doctype,
            NodeData::Document(_) => NodeKind::Document,
            NodeData::DocumentFragment => NodeKind::DocumentFragment,
        }
    }

    /// This node as an element, if it is one.
    pub fn as_element(&self) -> Option<Element> {
        self.0.clone().into_element_ref().map(Element)
    }

    /// The character data of a text node.
    pub fn as_text(&self) -> Option<Ref<'_, str>> {
        self.0.as_text().map(|text| Ref::map(text.borrow(), String::as_str))
    }

    /// The character data of a comment node.
    pub fn as_comment(&self) -> Option<Ref<'_, str>> {
        self.0.as_comment().map(|text| Ref::map(text.borrow(), String::as_str))
    }

    /// The parent node (an element, the document, or a template's contents fragment).
    pub fn parent(&self) -> Option<Node> {
        self.0.parent().map(Node)
    }

    /// The nearest ancestor that is an element.
    pub fn parent_element(&self) -> Option<Element> {
        self.0.parent().and_then(NodeRef::into_element_ref).map(Element)
    }

    /// The first child node.
    pub fn first_child(&self) -> Option<Node> {
        self.0.first_child().map(Node)
    }

    /// The last child node.
    pub fn last_child(&self) -> Option<Node> {
        self.0.last_child().map(Node)
    }

    /// The next sibling node.
    pub fn next_sibling(&self) -> Option<Node> {
        self.0.next_sibling().map(Node)
    }

    /// The previous sibling node.
    pub fn previous_sibling(&self) -> Option<Node> {
        self.0.previous_sibling().map(Node)
    }

    /// The child nodes, in order.
    pub fn children(&self) -> impl Iterator<Item = Node> {
        self.0.children().map(Node)
    }

    /// The child elements, in order.
    pub fn element_children(&self) -> impl Iterator<Item = Element> {
        self.0.children().elements().map(Element)
    }

    /// All descendant nodes in tree order (not this node itself). Iterative: safe at any depth.
    pub fn descendants(&self) -> impl Iterator<Item = Node> {
        self.0.descendants().map(Node)
    }

    /// All descendant elements in tree order (not this node itself).
    pub fn descendant_elements(&self) -> impl Iterator<Item = Element> {
        self.0.descendants().elements().map(Element)
    }

    /// The ancestor elements, nearest first.
    pub fn ancestor_elements(&self) -> impl Iterator<Item = Element> {
        self.0.ancestors().elements().map(Element)
    }

    /// DOM `textContent`: the data of every descendant text node, in tree order.
    pub fn text_content(&self) -> String {
        match self.0.as_text() {
            Some(text) => text.borrow().clone(),
            None => self.0.text_contents(),
        }
    }

    /// The descendant elements matching `selector`, in tree order.
    pub fn select<'a>(&self, selector: &'a Selector) -> impl Iterator<Item = Element> + 'a {
        let candidates = self.0.descendants().elements();
        candidates.filter(move |element| selector.matches_ref(element)).map(Element)
    }
}

/// Attribute lists at most this long are searched by comparing names in order; longer ones
/// through the map's hash index.
const ATTRIBUTE_SCAN_LIMIT: usize = 16;

/// The value of the attribute `name` in no namespace. Most elements have a handful of
/// attributes: comparing their names costs less than interning `name` and hashing it, which is
/// what a map lookup does.
fn find_attribute<'a>(attributes: &'a kuchikiki::Attributes, name: &str) -> Option<&'a str> {
    if attributes.map.len() > ATTRIBUTE_SCAN_LIMIT {
        return attributes.get(name);
    }
    attributes
        .map
        .iter()
        .find(|(key, _)| key.ns == html5ever::ns!() && &*key.local == name)
        .map(|(_, attribute)| attribute.value.as_str())
}

impl Element {
    /// This element as a [`Node`].
    pub fn as_node(&self) -> Node {
        Node(self.0.as_node().clone())
    }

    /// The local name (`div`, `svg`, `foreignObject`...). The HTML parser lowercases HTML names.
    pub fn local_name(&self) -> &str {
        &self.0.name.local
    }

    /// The element's namespace.
    pub fn namespace(&self) -> Namespace {
        match self.0.name.ns {
            html5ever::ns!(html) => Namespace::Html,
            html5ever::ns!(svg) => Namespace::Svg,
            html5ever::ns!(mathml) => Namespace::MathMl,
            _ => Namespace::Other,
        }
    }

    /// Whether this is an element of the HTML namespace.
    pub fn is_html(&self) -> bool {
        self.namespace() == Namespace::Html
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
    /// assert_eq!(a.attr("href").as_deref(), Some("/x"));
    /// assert!(a.attr("title").is_none());
    /// ```
    pub fn attr(&self, name: &str) -> Option<Ref<'_, str>> {
        let attributes = self.0.attributes.borrow();
        Ref::filter_map(attributes, |attributes| find_attribute(attributes, name)).ok()
    }

    /// Whether the element has the attribute (in no namespace).
    pub fn has_attr(&self, name: &str) -> bool {
        find_attribute(&self.0.attributes.borrow(), name).is_some()
    }

    /// The value of an attribute in the XML namespace (`xml:lang`), if present.
    pub fn xml_attr(&self, local_name: &str) -> Option<String> {
        let name = kuchikiki::ExpandedName::new(html5ever::ns!(xml), local_name);
        self.0.attributes.borrow().map.get(&name).map(|attribute| attribute.value.clone())
    }

    /// Every attribute as `(serialized name, value)`, in source order.
    pub fn attributes(&self) -> Vec<(String, String)> {
        let attributes = self.0.attributes.borrow();
        attributes
            .map
            .iter()
            .map(|(name, attribute)| (crate::serialize::attribute_name(name, attribute), attribute.value.clone()))
            .collect()
    }

    /// The `id` attribute.
    pub fn id(&self) -> Option<Ref<'_, str>> {
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
            Some(value) => crate::tokens::unique_tokens(&value).into_iter().map(str::to_owned).collect(),
            None => Vec::new(),
        }
    }

    /// Whether `class_name` is one of the class names.
    pub fn has_class(&self, class_name: &str) -> bool {
        self.attr("class").is_some_and(|value| crate::tokens::split_ascii_whitespace(&value).any(|c| c == class_name))
    }

    /// The parent element, if the parent is an element.
    pub fn parent_element(&self) -> Option<Element> {
        self.0.as_node().parent().and_then(NodeRef::into_element_ref).map(Element)
    }

    /// The ancestor elements, nearest first.
    pub fn ancestors(&self) -> impl Iterator<Item = Element> {
        self.0.as_node().ancestors().elements().map(Element)
    }

    /// The child nodes, in order.
    pub fn children(&self) -> impl Iterator<Item = Node> {
        self.0.as_node().children().map(Node)
    }

    /// The child elements, in order.
    pub fn element_children(&self) -> impl Iterator<Item = Element> {
        self.0.as_node().children().elements().map(Element)
    }

    /// The descendant elements in tree order (not this element). Iterative: safe at any depth.
    pub fn descendants(&self) -> impl Iterator<Item = Element> {
        self.0.as_node().descendants().elements().map(Element)
    }

    /// The next sibling that is an element.
    pub fn next_element_sibling(&self) -> Option<Element> {
        self.0.as_node().following_siblings().elements().next().map(Element)
    }

    /// The previous sibling that is an element.
    pub fn previous_element_sibling(&self) -> Option<Element> {
        self.0.as_node().preceding_siblings().elements().next().map(Element)
    }

    /// For a `template` element, its template contents (a document fragment).
    pub fn template_contents(&self) -> Option<Node> {
        self.0.template_contents.clone().map(Node)
    }

    /// DOM `textContent` of the element.
    pub fn text_content(&self) -> String {
        self.0.as_node().text_contents()
    }

    /// Whether the element matches `selector`.
    pub fn matches(&self, selector: &Selector) -> bool {
        selector.matches_ref(&self.0)
    }

    /// The descendant elements matching `selector`, in tree order.
    pub fn select<'a>(&self, selector: &'a Selector) -> impl Iterator<Item = Element> + 'a {
        self.as_node().select(selector)
    }

    /// A CSS-like path from the root element that names this element, for messages:
    /// `html>body>div:nth-child(2)>span`. A step gets `:nth-child(n)` (its position among
    /// its parent's element children) when a sibling has the same name.
    ///
    /// Each step looks at all the element's siblings; to name many elements of one page use
    /// [`crate::Document::element_path`], which remembers what it has seen.
    pub fn path(&self) -> String {
        let mut steps = Vec::new();
        let mut current = Some(self.clone());
        while let Some(element) = current {
            let name = element.local_name();
            let mut step = name.to_owned();
            let node = element.0.as_node();
            let before: Vec<Element> = node.preceding_siblings().elements().map(Element).collect();
            let same_name_sibling = before.iter().any(|e| e.local_name() == name)
                || node.following_siblings().elements().any(|e| &*e.name.local == name);
            if same_name_sibling {
                step.push_str(&format!(":nth-child({})", before.len() + 1));
            }
            steps.push(step);
            current = element.parent_element();
        }
        steps.reverse();
        steps.join(">")
    }
}
