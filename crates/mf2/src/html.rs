//! `e-*` HTML: the HTML fragment serialisation algorithm (as `harvest_dom::Document::inner_html`
//! runs it), optionally with the URL attributes of elements rewritten to absolute URLs
//! ([`crate::Options::resolve_html_urls`]), each subtree serialised once. Iterative.

use crate::values::Urls;
use harvest_dom::{Element, Namespace, Node, NodeKind};

/// HTML elements that serialise as void.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "basefont",
    "bgsound", "frame", "keygen", "param",
];

/// Attributes holding one URL.
const URL_ATTRIBUTES: &[&str] = &["href", "src", "poster", "cite", "action", "formaction", "longdesc", "background"];

/// HTML § "escaping a string".
fn escape_into(out: &mut String, text: &str, attribute_mode: bool) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '\u{A0}' => out.push_str("&nbsp;"),
            '"' if attribute_mode => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
}

/// Whether text inside `parent` is written as is.
fn holds_literal_text(parent: Option<Element>, scripting: bool) -> bool {
    let Some(parent) = parent else { return false };
    parent.is_html()
        && match parent.local_name() {
            "style" | "script" | "xmp" | "iframe" | "noembed" | "noframes" | "plaintext" => true,
            "noscript" => scripting,
            _ => false,
        }
}

/// An attribute value with its URLs resolved, when it is a URL attribute of this element.
fn resolved_attribute(element: &Element, name: &str, value: &str, urls: &Urls) -> Option<String> {
    if URL_ATTRIBUTES.contains(&name) || (name == "data" && element.is("object")) {
        return Some(urls.resolve(value));
    }
    if name == "srcset" {
        // Image candidates: a URL, then optional descriptors, separated by commas.
        let candidates: Vec<String> = value
            .split(',')
            .map(|candidate| {
                let candidate = candidate.trim();
                match candidate.split_once(char::is_whitespace) {
                    Some((url, descriptors)) => format!("{} {}", urls.resolve(url), descriptors.trim()),
                    None => urls.resolve(candidate),
                }
            })
            .collect();
        return Some(candidates.join(", "));
    }
    None
}

enum Step {
    Node(Node),
    /// An end tag; for an indexed element, also where its contents started.
    End(String, Option<(Element, usize)>),
}

/// The children of `node` to serialise: a template's contents, else its own children.
fn children_of(node: &Node) -> Vec<Node> {
    let holder = node.as_element().and_then(|e| e.template_contents()).unwrap_or_else(|| node.clone());
    holder.children().collect()
}

/// The inner HTML of elements, each subtree serialised once: asking for an element serialises
/// its contents and records the range of every descendant element with a `class` (the only ones
/// that can be `e-*` properties or roots), so an `e-*` element nested in another is a slice.
#[derive(Debug, Default)]
pub(crate) struct HtmlIndex {
    buffer: String,
    ranges: std::collections::HashMap<Element, (usize, usize)>,
}

impl HtmlIndex {
    /// The inner HTML of `element`, with URL attributes resolved when `urls` is given.
    pub(crate) fn inner_html(&mut self, element: &Element, urls: Option<&Urls>, scripting: bool) -> String {
        if let Some(&(start, end)) = self.ranges.get(element) {
            return self.buffer.get(start..end).unwrap_or_default().to_owned();
        }
        let start = self.buffer.len();
        serialize_children(&mut self.buffer, &mut self.ranges, &element.as_node(), urls, scripting);
        let end = self.buffer.len();
        self.ranges.insert(element.clone(), (start, end));
        self.buffer.get(start..end).unwrap_or_default().to_owned()
    }
}

/// Appends the serialisation of `node`'s children (its inner HTML) to `out`, recording the
/// inner range of each descendant element with a `class` attribute.
fn serialize_children(
    out: &mut String,
    ranges: &mut std::collections::HashMap<Element, (usize, usize)>,
    node: &Node,
    urls: Option<&Urls>,
    scripting: bool,
) {
    let mut stack: Vec<Step> = children_of(node).into_iter().rev().map(Step::Node).collect();
    while let Some(step) = stack.pop() {
        let node = match step {
            Step::End(name, indexed) => {
                if let Some((element, start)) = indexed {
                    ranges.insert(element, (start, out.len()));
                }
                out.push_str("</");
                out.push_str(&name);
                out.push('>');
                continue;
            }
            Step::Node(node) => node,
        };
        match node.kind() {
            NodeKind::Element => {
                let Some(element) = node.as_element() else { continue };
                let name = element.local_name().to_owned();
                out.push('<');
                out.push_str(&name);
                for (attribute, value) in element.attributes() {
                    out.push(' ');
                    out.push_str(&attribute);
                    out.push_str("=\"");
                    match urls.and_then(|urls| resolved_attribute(&element, &attribute, &value, urls)) {
                        Some(resolved) => escape_into(out, &resolved, true),
                        None => escape_into(out, &value, true),
                    }
                    out.push('"');
                }
                out.push('>');
                if element.namespace() == Namespace::Html && VOID.contains(&element.local_name()) {
                    continue;
                }
                let indexed = element.has_attr("class").then(|| (element.clone(), out.len()));
                stack.push(Step::End(name, indexed));
                stack.extend(children_of(&node).into_iter().rev().map(Step::Node));
            }
            NodeKind::Text => {
                if let Some(text) = node.as_text() {
                    if holds_literal_text(node.parent_element(), scripting) {
                        out.push_str(&text);
                    } else {
                        escape_into(out, &text, false);
                    }
                }
            }
            NodeKind::Comment => {
                if let Some(text) = node.as_comment() {
                    out.push_str("<!--");
                    out.push_str(&text);
                    out.push_str("-->");
                }
            }
            NodeKind::Document | NodeKind::DocumentFragment => {
                stack.extend(node.children().collect::<Vec<_>>().into_iter().rev().map(Step::Node));
            }
            // The HTML parser puts neither inside an element's contents.
            NodeKind::Doctype | NodeKind::ProcessingInstruction => {}
        }
    }
}
