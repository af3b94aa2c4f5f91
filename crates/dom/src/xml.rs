//! The children of a node as XML, in the form of Exclusive XML Canonicalization 1.0 (W3C
//! Recommendation, 2002), the serialization RDFa Core 1.1 §7.5 step 11 gives XML literals.
//!
//! The HTML fragment serialization ([`crate::Document::inner_html`]) is not XML: void elements
//! have no end tag (`<br>`), and nothing says which namespace an element is in. Here, as
//! Exclusive C14N writes a document subset:
//!
//! * every element has a start and an end tag (`<br></br>`);
//! * an element declares its namespace (`xmlns="http://www.w3.org/1999/xhtml"`) where the
//!   output does not already have it in scope (§3 "visibly utilized": on the top elements, and
//!   where SVG or MathML starts), and an attribute in a namespace (`xlink:href`) has its prefix
//!   declared the same way; `xml:` is never declared;
//! * namespace declarations come first (the default one, then by prefix), then the attributes
//!   sorted by namespace URI and local name (C14N §2.2 "document order");
//! * text escapes `&`, `<`, `>` and carriage return; attribute values `&`, `<`, `"`, tab, line
//!   feed and carriage return (C14N §2.3);
//! * comments are left out (the "without comments" form), as are the attributes HTML calls
//!   `xmlns` or `xmlns:*`, which XML reads as namespace declarations of their own.
//!
//! Not every HTML tree is XML: a name that is not an XML name (`<a:b:c>`, `@click`) or a
//! character XML 1.0 cannot hold (most C0 controls) gives an [`XmlError`], not an ill-formed
//! string. The walk uses an explicit stack, so any depth serializes without recursion.

use crate::node::Node;
use crate::page_names::PageNames;
use crate::serialize::children_holder;
use crate::tree::{NodeData, NodeId, Tree};
use html5ever::{ns, QualName};
use thiserror::Error;

/// Why a node's children cannot be written as XML.
///
/// ```
/// let doc = harvest_dom::Document::parse("<p><a:b:c>x</a:b:c></p>");
/// let p = doc.elements().find(|e| e.is("p")).unwrap();
/// assert!(matches!(p.as_node().inner_xml(), Err(harvest_dom::XmlError::NotAName { .. })));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum XmlError {
    /// An element or attribute name that XML cannot have (Namespaces in XML 1.0 `NCName`).
    #[error("{name:?} is not an XML name")]
    NotAName {
        /// The name.
        name: String,
    },
    /// A character XML 1.0 cannot hold, even as a character reference (§2.2 `Char`).
    #[error("U+{code:04X} cannot be written in XML 1.0")]
    NotAnXmlCharacter {
        /// The code point.
        code: u32,
    },
    /// The work stopped at the document's deadline before the end.
    #[error("the serialization was stopped at the deadline")]
    Interrupted,
}

impl Node {
    /// The node's children as XML, in Exclusive XML Canonicalization's form (see the
    /// [module documentation](crate::xml)).
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse("<p>a<br>b &amp; <svg><circle r=1 /></svg></p>");
    /// let p = doc.elements().find(|e| e.is("p")).unwrap();
    /// assert_eq!(
    ///     p.as_node().inner_xml().unwrap(),
    ///     "a<br xmlns=\"http://www.w3.org/1999/xhtml\"></br>b &amp; \
    ///      <svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"1\"></circle></svg>",
    /// );
    /// ```
    pub fn inner_xml(&self) -> Result<String, XmlError> {
        let tree = &*self.tree;
        let mut out = String::new();
        // Each open element with the default namespace and the prefixes it put in scope.
        let mut scopes: Vec<Scope> = Vec::new();
        let mut stack: Vec<Step> = Vec::new();
        push_children(&mut stack, tree, children_holder(tree, self.id));
        while let Some(step) = stack.pop() {
            if !tree.keep_going() {
                return Err(XmlError::Interrupted);
            }
            let id = match step {
                Step::End(name) => {
                    out.push_str("</");
                    out.push_str(&name);
                    out.push('>');
                    scopes.pop();
                    continue;
                }
                Step::Node(id) => id,
            };
            match tree.data(id) {
                NodeData::Text(text) => escape(&mut out, text, Mode::Text)?,
                NodeData::Element(element) => {
                    let name = element_name(&element.name, tree.names())?;
                    let scope =
                        start_tag(&mut out, &name, &element.name, &element.attributes, tree.names(), scopes.last())?;
                    scopes.push(scope);
                    stack.push(Step::End(name));
                    push_children(&mut stack, tree, children_holder(tree, id));
                }
                // Comments are left out; the parser gives an element's children no doctype,
                // document or processing instruction.
                _ => {}
            }
        }
        Ok(out)
    }
}

enum Step {
    Node(NodeId),
    End(String),
}

/// The namespaces in scope in the output at an element.
#[derive(Clone, Default)]
struct Scope {
    default: String,
    prefixes: Vec<(String, String)>,
}

impl Scope {
    fn has_prefix(&self, prefix: &str, uri: &str) -> bool {
        self.prefixes.iter().any(|(p, u)| p == prefix && u == uri)
    }
}

/// Pushes the children of `parent` so that the first is popped first.
fn push_children(stack: &mut Vec<Step>, tree: &Tree, parent: NodeId) {
    let start = stack.len();
    let mut next = tree.first_child(parent);
    while let Some(child) = next {
        stack.push(Step::Node(child));
        next = tree.next_sibling(child);
    }
    stack[start..].reverse();
}

/// An element's tag name: its local name, in its namespace as the default one.
fn element_name(name: &QualName, names: &PageNames) -> Result<String, XmlError> {
    let local = names.text(&name.local);
    check_name(local)?;
    Ok(local.to_owned())
}

/// Writes a start tag with the namespace declarations the element needs and its attributes in
/// C14N order; gives the scope of its children.
fn start_tag(
    out: &mut String,
    name: &str,
    qualified: &QualName,
    attributes: &[crate::tree::Attribute],
    names: &PageNames,
    parent: Option<&Scope>,
) -> Result<Scope, XmlError> {
    let mut scope = parent.cloned().unwrap_or_default();
    let mut declarations: Vec<(String, String)> = Vec::new();
    if scope.default != *qualified.ns {
        scope.default = qualified.ns.to_string();
        declarations.push((String::new(), scope.default.clone()));
    }
    let mut written: Vec<(&str, String, &str)> = Vec::new();
    for attribute in attributes {
        let local = names.text(&attribute.name.local);
        let uri = &*attribute.name.ns;
        if attribute.name.ns == ns!(xmlns) || (uri.is_empty() && (local == "xmlns" || local.starts_with("xmlns:"))) {
            continue;
        }
        check_name(local)?;
        let qualified_name = if uri.is_empty() {
            local.to_owned()
        } else if attribute.name.ns == ns!(xml) {
            format!("xml:{local}")
        } else {
            let prefix = attribute_prefix(&attribute.name)?;
            if !scope.has_prefix(&prefix, uri) {
                scope.prefixes.retain(|(p, _)| *p != prefix);
                scope.prefixes.push((prefix.clone(), uri.to_owned()));
                declarations.push((prefix.clone(), uri.to_owned()));
            }
            format!("{prefix}:{local}")
        };
        written.push((uri, qualified_name, &attribute.value));
    }
    // C14N §2.2: namespace declarations by prefix (the default first), then attributes by
    // namespace URI (none first) and local name.
    declarations.sort();
    declarations.dedup();
    written.sort_by(|a, b| (a.0, local_part(&a.1)).cmp(&(b.0, local_part(&b.1))));
    out.push('<');
    out.push_str(name);
    for (prefix, uri) in &declarations {
        out.push_str(if prefix.is_empty() { " xmlns" } else { " xmlns:" });
        out.push_str(prefix);
        out.push_str("=\"");
        escape(out, uri, Mode::Attribute)?;
        out.push('"');
    }
    for (_, qualified_name, value) in &written {
        out.push(' ');
        out.push_str(qualified_name);
        out.push_str("=\"");
        escape(out, value, Mode::Attribute)?;
        out.push('"');
    }
    out.push('>');
    Ok(scope)
}

fn local_part(qualified: &str) -> &str {
    qualified.rsplit(':').next().unwrap_or(qualified)
}

/// The prefix of a namespaced attribute: the one it was written with (`xlink`), else `ns`.
fn attribute_prefix(name: &QualName) -> Result<String, XmlError> {
    let prefix = match (&name.prefix, &name.ns) {
        (Some(prefix), _) => prefix.to_string(),
        (None, ns) if *ns == ns!(xlink) => "xlink".to_owned(),
        _ => "ns".to_owned(),
    };
    check_name(&prefix)?;
    Ok(prefix)
}

/// Namespaces in XML 1.0 `NCName`: an XML `Name` without a colon.
fn check_name(name: &str) -> Result<(), XmlError> {
    let mut chars = name.chars();
    let valid = chars.next().is_some_and(is_name_start) && chars.all(is_name_char);
    if valid {
        Ok(())
    } else {
        Err(XmlError::NotAName { name: name.to_owned() })
    }
}

/// XML 1.0 §2.3 `NameStartChar`, without `:`.
fn is_name_start(c: char) -> bool {
    matches!(c,
        'A'..='Z' | '_' | 'a'..='z' | '\u{C0}'..='\u{D6}' | '\u{D8}'..='\u{F6}' | '\u{F8}'..='\u{2FF}'
        | '\u{370}'..='\u{37D}' | '\u{37F}'..='\u{1FFF}' | '\u{200C}'..='\u{200D}' | '\u{2070}'..='\u{218F}'
        | '\u{2C00}'..='\u{2FEF}' | '\u{3001}'..='\u{D7FF}' | '\u{F900}'..='\u{FDCF}' | '\u{FDF0}'..='\u{FFFD}'
        | '\u{10000}'..='\u{EFFFF}')
}

/// XML 1.0 §2.3 `NameChar`, without `:`.
fn is_name_char(c: char) -> bool {
    is_name_start(c) || matches!(c, '-' | '.' | '0'..='9' | '\u{B7}' | '\u{300}'..='\u{36F}' | '\u{203F}'..='\u{2040}')
}

/// XML 1.0 §2.2 `Char`.
fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}')
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Text,
    Attribute,
}

/// C14N §2.3: the replacements in text and in attribute values.
fn escape(out: &mut String, text: &str, mode: Mode) -> Result<(), XmlError> {
    let mut last = 0;
    for (index, c) in text.char_indices() {
        let replacement = match (c, mode) {
            ('&', _) => "&amp;",
            ('<', _) => "&lt;",
            ('>', Mode::Text) => "&gt;",
            ('"', Mode::Attribute) => "&quot;",
            ('\t', Mode::Attribute) => "&#x9;",
            ('\n', Mode::Attribute) => "&#xA;",
            ('\r', _) => "&#xD;",
            (c, _) if !is_xml_char(c) => return Err(XmlError::NotAnXmlCharacter { code: c as u32 }),
            _ => continue,
        };
        out.push_str(&text[last..index]);
        out.push_str(replacement);
        last = index + c.len_utf8();
    }
    out.push_str(&text[last..]);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::Document;

    fn xml(html: &str) -> Result<String, super::XmlError> {
        let doc = Document::parse(html);
        let p = doc.elements().find(|e| e.is("p")).unwrap();
        p.as_node().inner_xml()
    }

    #[test]
    fn namespaces_attributes_and_escapes() {
        assert_eq!(xml("<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>").unwrap(), "1 &lt; 2 &amp;&amp; 3 &gt; 2");
        assert_eq!(
            xml("<p><b title='a\"b\tc' class=x id=y>t</b><i>u</i></p>").unwrap(),
            "<b xmlns=\"http://www.w3.org/1999/xhtml\" class=\"x\" id=\"y\" title=\"a&quot;b&#x9;c\">t</b>\
             <i xmlns=\"http://www.w3.org/1999/xhtml\">u</i>"
        );
        assert_eq!(
            xml("<p><svg><a xlink:href=/x><text>t</text></a></svg><span>s</span></p>").unwrap(),
            "<svg xmlns=\"http://www.w3.org/2000/svg\"><a xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
             xlink:href=\"/x\"><text>t</text></a></svg><span xmlns=\"http://www.w3.org/1999/xhtml\">s</span>"
        );
        // Comments are left out; HTML's xmlns attributes are not declarations of ours.
        assert_eq!(
            xml("<p>a<!-- c -->b<em xmlns='urn:x' xmlns:q='urn:q'>e</em></p>").unwrap(),
            "ab<em xmlns=\"http://www.w3.org/1999/xhtml\">e</em>"
        );
    }

    #[test]
    fn what_xml_cannot_hold_is_an_error() {
        assert!(xml("<p><span @click=go>x</span></p>").is_err());
        assert!(xml("<p>bell \u{7}</p>").is_err());
        assert!(xml("<p><x-y z-w=1>ok</x-y></p>").is_ok());
    }

    #[test]
    fn deep_nesting_without_recursion() {
        let html = format!("<p>{}x{}</p>", "<b>".repeat(100_000), "</b>".repeat(100_000));
        let doc = Document::parse_with(&html, &crate::ParseOptions::new().max_depth(200_000));
        let p = doc.elements().find(|e| e.is("p")).unwrap();
        let out = p.as_node().inner_xml().unwrap();
        assert!(out.ends_with("</b>"));
    }
}
