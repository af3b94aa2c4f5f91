//! microformats2 § "parse a hyperlink element for rel microformats": `rels` and `rel-urls`,
//! and the legacy `alternates` array.

use crate::model::{Alternate, Document, RelUrl};
use crate::values::Urls;
use harvest_dom::Element;
use indexmap::IndexMap;
use std::collections::HashSet;

pub(crate) struct Rels {
    alternates_option: bool,
    rels: IndexMap<String, Vec<String>>,
    rel_urls: IndexMap<String, RelUrl>,
    alternates: Vec<Alternate>,
    /// `(rel, url)` pairs and `(url, rel)` pairs already recorded, for linear de-duplication.
    seen_rel_url: HashSet<(String, String)>,
    seen_url_rel: HashSet<(String, String)>,
}

fn attr(element: &Element, name: &str) -> Option<String> {
    element.attr(name).map(|v| v.to_string())
}

impl Rels {
    pub(crate) fn new(alternates_option: bool) -> Rels {
        Rels {
            alternates_option,
            rels: IndexMap::new(),
            rel_urls: IndexMap::new(),
            alternates: Vec::new(),
            seen_rel_url: HashSet::new(),
            seen_url_rel: HashSet::new(),
        }
    }

    /// Adds an `a`, `area` or `link` element with a `rel` attribute.
    pub(crate) fn add(&mut self, element: &Element, urls: &Urls) {
        let Some(href) = element.attr("href").map(|h| h.to_string()) else { return };
        let rel = attr(element, "rel").unwrap_or_default();
        let values = crate::names::class_list(&rel);
        if values.is_empty() {
            return;
        }
        let url = urls.resolve(&href);
        let text = element.text_content();
        if self.alternates_option && values.contains(&"alternate") {
            let others: Vec<&str> = values.iter().copied().filter(|v| *v != "alternate").collect();
            self.alternates.push(Alternate {
                url: url.clone(),
                rel: (!others.is_empty()).then(|| others.join(" ")),
                media: attr(element, "media"),
                hreflang: attr(element, "hreflang"),
                type_: attr(element, "type"),
                text: (!text.is_empty()).then(|| text.clone()),
            });
        } else {
            for value in &values {
                if self.seen_rel_url.insert(((*value).to_owned(), url.clone())) {
                    self.rels.entry((*value).to_owned()).or_default().push(url.clone());
                }
            }
        }
        let entry = self.rel_urls.entry(url.clone()).or_insert_with(|| RelUrl {
            rels: Vec::new(),
            text: (!text.is_empty()).then_some(text),
            title: attr(element, "title"),
            media: attr(element, "media"),
            hreflang: attr(element, "hreflang"),
            type_: attr(element, "type"),
        });
        for value in values {
            if self.seen_url_rel.insert((url.clone(), value.to_owned())) {
                entry.rels.push(value.to_owned());
            }
        }
    }

    pub(crate) fn finish(mut self, document: &mut Document) {
        // The suite lists each URL's rels sorted.
        for rel_url in self.rel_urls.values_mut() {
            rel_url.rels.sort();
        }
        document.rels = self.rels;
        document.rel_urls = self.rel_urls;
        if self.alternates_option {
            document.alternates = Some(self.alternates);
        }
    }
}
