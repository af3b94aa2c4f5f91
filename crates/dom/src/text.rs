//! Text extraction: DOM `textContent` and the microformats "textContent parsing" variant.

use crate::node::Node;
use crate::tokens::is_ascii_whitespace;
use crate::tree::{NodeData, NodeId, Tree};
use html5ever::{local_name, ns};
use url::Url;

/// What an `img` element contributes to extracted text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ImageText {
    /// Nothing (DOM `textContent`).
    #[default]
    Nothing,
    /// Its `alt` attribute, if present.
    Alt,
    /// Its `alt` attribute if present, otherwise its `src` resolved against the base URL with a
    /// space on each side (microformats2 parsing, "textContent parsing").
    AltOrSrc,
}

/// Which leading and trailing characters extracted text loses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Trim {
    /// Keep the text as it is.
    #[default]
    Nothing,
    /// Strip HTML's ASCII whitespace (tab, LF, FF, CR, space).
    AsciiWhitespace,
    /// Strip every Unicode `White_Space` character, NBSP included.
    Whitespace,
}

/// Options for [`crate::Document::text`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TextOptions {
    /// Leave out the contents of `script` and `style` elements.
    pub drop_script_and_style: bool,
    /// What `img` elements contribute.
    pub images: ImageText,
    /// Trimming applied to the result.
    pub trim: Trim,
}

impl TextOptions {
    /// DOM `textContent`: every descendant text node, nothing dropped, nothing trimmed.
    pub const TEXT_CONTENT: TextOptions =
        TextOptions { drop_script_and_style: false, images: ImageText::Nothing, trim: Trim::Nothing };

    /// The microformats2 "textContent parsing": `script` and `style` dropped, `img` replaced by
    /// its `alt` or else its resolved `src`, leading and trailing whitespace removed.
    pub const MICROFORMATS: TextOptions =
        TextOptions { drop_script_and_style: true, images: ImageText::AltOrSrc, trim: Trim::Whitespace };
}

/// DOM `textContent` of `id`: its own data for a text node, else the data of every
/// descendant text node in tree order.
pub(crate) fn text_content(tree: &Tree, id: NodeId) -> String {
    let mut out = String::new();
    if let NodeData::Text(text) = tree.data(id) {
        out.push_str(text);
    }
    let mut next = tree.first_child(id);
    while let Some(current) = next {
        if let NodeData::Text(text) = tree.data(current) {
            out.push_str(text);
        }
        next = tree.next_in(id, current);
    }
    out
}

/// Collects the text of `node` per `options`; `base` resolves image `src` values.
pub(crate) fn extract(node: &Node, options: &TextOptions, base: Option<&Url>) -> String {
    let tree = &*node.tree;
    let root = node.id;
    let mut out = String::new();
    if let NodeData::Text(text) = tree.data(root) {
        out.push_str(text);
    }
    let mut next = tree.first_child(root);
    while let Some(current) = next {
        next = tree.next_in(root, current);
        let NodeData::Element(element) = tree.data(current) else {
            if let NodeData::Text(text) = tree.data(current) {
                out.push_str(text);
            }
            continue;
        };
        let html = element.name.ns == ns!(html);
        let local = &element.name.local;
        if html && options.drop_script_and_style && matches!(*local, local_name!("script") | local_name!("style")) {
            next = tree.next_skipping_children(root, current);
            continue;
        }
        if html && *local == local_name!("img") && options.images != ImageText::Nothing {
            next = tree.next_skipping_children(root, current);
            if let Some(alt) = element.attr("alt", tree.names()) {
                out.push_str(alt);
            } else if let (ImageText::AltOrSrc, Some(src)) = (options.images, element.attr("src", tree.names())) {
                out.push(' ');
                match crate::url::resolve(base, src) {
                    Ok(url) => out.push_str(url.as_str()),
                    Err(_) => out.push_str(src),
                }
                out.push(' ');
            }
        }
    }
    match options.trim {
        Trim::Nothing => out,
        Trim::AsciiWhitespace => out.trim_matches(is_ascii_whitespace).to_owned(),
        Trim::Whitespace => out.trim().to_owned(),
    }
}

/// DOM `textContent` of nodes and elements.
impl Node {
    /// DOM `textContent`: the data of every descendant text node, in tree order.
    pub fn text_content(&self) -> String {
        text_content(&self.tree, self.id)
    }
}

impl crate::node::Element {
    /// DOM `textContent` of the element.
    pub fn text_content(&self) -> String {
        text_content(&self.tree, self.id)
    }
}
