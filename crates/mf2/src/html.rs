//! `e-*` HTML: the DOM's HTML fragment serialisation, optionally with the URL attributes of
//! elements rewritten to absolute URLs ([`crate::Options::resolve_html_urls`]), each subtree
//! serialised once.

use crate::budget::ValueBudget;
use crate::values::Urls;
use harvest_dom::{Document, Element, SerializeOptions};

/// Attributes holding one URL.
const URL_ATTRIBUTES: &[&str] = &["href", "src", "poster", "cite", "action", "formaction", "longdesc", "background"];

/// An attribute value with its URLs resolved, when it is a URL attribute of this element.
fn resolved_attribute(element: &Element, name: &str, value: &str, urls: &Urls) -> Option<String> {
    if URL_ATTRIBUTES.contains(&name) || (name == "data" && element.is("object")) {
        return Some(urls.resolve(value));
    }
    if name == "srcset" {
        // Image candidates as HTML splits them (a URL may hold commas), each URL resolved and
        // its descriptors kept as written, valid or not.
        let candidates: Vec<String> = harvest_dom::srcset::split_srcset(value)
            .into_iter()
            .map(|(url, descriptors)| {
                let mut candidate = urls.resolve(&url);
                for descriptor in descriptors {
                    candidate.push(' ');
                    candidate.push_str(&descriptor);
                }
                candidate
            })
            .collect();
        return Some(candidates.join(", "));
    }
    None
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
    /// The inner HTML of `element`, with URL attributes resolved when `urls` is given, charged
    /// to `budget`: when it does not fit, the empty string (the budget counted the refusal).
    pub(crate) fn inner_html(
        &mut self,
        doc: &Document,
        element: &Element,
        urls: Option<&Urls>,
        budget: &ValueBudget,
    ) -> String {
        if let Some(&(start, end)) = self.ranges.get(element) {
            if !budget.take(end.saturating_sub(start)) {
                return String::new();
            }
            return self.buffer.get(start..end).unwrap_or_default().to_owned();
        }
        let rewrite = |element: &Element, name: &str, value: &str| {
            urls.and_then(|urls| resolved_attribute(element, name, value, urls))
        };
        let options = SerializeOptions { skip: None, attribute_value: Some(&rewrite) };
        let (html, ranges) = doc.inner_html_indexed(&element.as_node(), &options, &|e| e.has_attr("class"));
        let offset = self.buffer.len();
        self.buffer.push_str(&html);
        for (descendant, range) in ranges {
            self.ranges.insert(descendant, (offset + range.start, offset + range.end));
        }
        self.ranges.insert(element.clone(), (offset, self.buffer.len()));
        if !budget.take(html.len()) {
            return String::new();
        }
        html
    }
}
