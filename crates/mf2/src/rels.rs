//! microformats2 § "parse a hyperlink element for rel microformats": `rels` and `rel-urls`,
//! and the legacy `alternates` array.

use crate::model::{Alternate, Document, RelUrl};
use crate::values::Page;
use harvest_dom::Element;
use indexmap::IndexMap;
use rustc_hash::FxHashSet;
use std::collections::HashMap;

pub(crate) struct Rels {
    alternates_option: bool,
    rels: IndexMap<String, Vec<String>>,
    rel_urls: IndexMap<String, RelUrl>,
    alternates: Vec<Alternate>,
    /// Every rel value met, numbered: `seen` pairs refer to values and URLs by number. The
    /// values come from the page, so this map keeps the standard (keyed) hasher; the pairs of
    /// numbers below cannot be chosen by a page and use Fx.
    rel_values: HashMap<String, usize>,
    /// `(rel value, index in rel_urls)` pairs already in `rels` and in `rel-urls`, so each
    /// de-duplication is one lookup (linear over the page).
    seen_in_rels: FxHashSet<(usize, usize)>,
    seen_in_rel_urls: FxHashSet<(usize, usize)>,
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
            rel_values: HashMap::new(),
            seen_in_rels: FxHashSet::default(),
            seen_in_rel_urls: FxHashSet::default(),
        }
    }

    fn rel_number(&mut self, value: &str) -> usize {
        let next = self.rel_values.len();
        match self.rel_values.get(value) {
            Some(&number) => number,
            None => {
                self.rel_values.insert(value.to_owned(), next);
                next
            }
        }
    }

    /// Adds an `a`, `area` or `link` element with a `rel` attribute.
    pub(crate) fn add(&mut self, element: &Element, page: &Page) {
        let urls = &page.urls;
        let Some(href) = element.attr("href") else { return };
        let rel = element.attr("rel");
        let values = crate::names::class_list(rel.unwrap_or_default());
        if values.is_empty() {
            return;
        }
        let url = urls.resolve(href);
        // The link text, computed only when an output asks for it.
        let mut text: Option<String> = None;
        // The parsing specification's textContent, or the thorough algorithm's plain text.
        let mut text_of = |element: &Element| {
            text.get_or_insert_with(|| match page.text.mode() {
                crate::Text::Classic => element.text_content(),
                crate::Text::Thorough => page.text.text(&element.as_node(), &page.urls, &page.budget),
            })
            .clone()
        };
        let url_number = match self.rel_urls.get_index_of(&url) {
            // microformats2 § "parse a hyperlink element for rel microformats": for a URL
            // already in rel-urls, each of `text`, `title`, `media`, `hreflang` and `type` is
            // set from this link when the earlier ones did not set it.
            Some(number) => {
                if let Some((_, entry)) = self.rel_urls.get_index_mut(number) {
                    if entry.text.is_none() {
                        let text = text_of(element);
                        entry.text = (!text.is_empty()).then_some(text);
                    }
                    for (member, name) in [
                        (&mut entry.title, "title"),
                        (&mut entry.media, "media"),
                        (&mut entry.hreflang, "hreflang"),
                        (&mut entry.type_, "type"),
                    ] {
                        if member.is_none() {
                            *member = attr(element, name);
                        }
                    }
                }
                number
            }
            None => {
                let text = text_of(element);
                let entry = RelUrl {
                    rels: Vec::new(),
                    text: (!text.is_empty()).then_some(text),
                    title: attr(element, "title"),
                    media: attr(element, "media"),
                    hreflang: attr(element, "hreflang"),
                    type_: attr(element, "type"),
                };
                self.rel_urls.insert_full(url.clone(), entry).0
            }
        };
        // With the `alternates` option, `rel=alternate` links go to `alternates`, not `rels`
        // (microformats2 parsing, 2014 snapshot, "parse a hyperlink element for rel
        // microformats"); link types are ASCII case-insensitive (HTML §4.6.7), so
        // `rel=Alternate` is one too.
        let is_alternate = |value: &&str| value.eq_ignore_ascii_case("alternate");
        let alternate = self.alternates_option && values.iter().any(is_alternate);
        if alternate {
            let others: Vec<&str> = values.iter().copied().filter(|v| !is_alternate(v)).collect();
            let text = text_of(element);
            self.alternates.push(Alternate {
                url: url.clone(),
                rel: (!others.is_empty()).then(|| others.join(" ")),
                media: attr(element, "media"),
                hreflang: attr(element, "hreflang"),
                type_: attr(element, "type"),
                text: (!text.is_empty()).then_some(text),
            });
        }
        let numbers: Vec<usize> = values.iter().map(|value| self.rel_number(value)).collect();
        if !alternate {
            for (value, &number) in values.iter().zip(&numbers) {
                if self.seen_in_rels.insert((number, url_number)) {
                    match self.rels.get_mut(*value) {
                        Some(urls) => urls.push(url.clone()),
                        None => {
                            self.rels.insert((*value).to_owned(), vec![url.clone()]);
                        }
                    }
                }
            }
        }
        for (value, number) in values.into_iter().zip(numbers) {
            if self.seen_in_rel_urls.insert((number, url_number)) {
                if let Some(entry) = self.rel_urls.get_index_mut(url_number) {
                    entry.1.rels.push(value.to_owned());
                }
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
