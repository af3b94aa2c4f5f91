//! The language of an element (HTML "the language of a node"): the nearest inclusive ancestor
//! with `xml:lang` (XML namespace) or, on an HTML element, `lang`; else the pragma-set default
//! language (`<meta http-equiv=content-language>`); unknown when that value is empty. Cached per
//! element so each element's ancestors are walked once.

use harvest_dom::{split_ascii_whitespace, Document, Element};
use harvest_rdf::LanguageTag;
use std::collections::HashMap;
use std::rc::Rc;

pub(super) struct Languages {
    known: HashMap<Element, Option<Rc<str>>>,
    default: Option<Rc<str>>,
}

impl Languages {
    pub(super) fn new(document: &Document) -> Languages {
        // HTML "pragma-set default language": each `meta http-equiv=content-language` in
        // turn, whose content has no comma: its first run of non-whitespace characters.
        let mut default = None;
        for element in document.elements_named(&["meta"]) {
            let is_language = element.attr("http-equiv").is_some_and(|v| v.eq_ignore_ascii_case("content-language"));
            let Some(content) = element.attr("content").filter(|_| is_language) else { continue };
            if content.contains(',') {
                continue;
            }
            let candidate = split_ascii_whitespace(content).next().map(Rc::from);
            if candidate.is_some() {
                default = candidate;
            }
        }
        Languages { known: HashMap::new(), default }
    }

    fn own(element: &Element) -> Option<String> {
        match element.xml_attr("lang") {
            Some(value) => Some(value),
            None if element.is_html() => element.attr("lang").map(|v| v.to_string()),
            None => None,
        }
    }

    /// The language tag of `element`, or `None` when unknown or not a well-formed BCP 47 tag
    /// (RDF 1.1 Concepts §3.3: a literal's language tag is well-formed per BCP 47); the literal
    /// is then written without one.
    pub(super) fn of(&mut self, element: &Element) -> Option<LanguageTag> {
        let mut path: Vec<Element> = Vec::new();
        let mut current = Some(element.clone());
        let found: Option<Rc<str>> = loop {
            let Some(node) = current else { break self.default.clone() };
            if let Some(known) = self.known.get(&node) {
                break known.clone();
            }
            if let Some(value) = Self::own(&node) {
                path.push(node);
                break Some(Rc::from(value.as_str()));
            }
            current = node.parent_element();
            path.push(node);
        };
        for node in path {
            self.known.insert(node, found.clone());
        }
        found.filter(|tag| harvest_dom::is_well_formed_language_tag(tag)).and_then(|tag| LanguageTag::parse(&tag).ok())
    }
}
