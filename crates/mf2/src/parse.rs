//! microformats2 § "parse a document for microformats": one walk over the elements with an
//! explicit stack, finding items, their properties and the rels.

use crate::backcompat::{self, Vocabulary};
use crate::model::{Document, Html, Item, PropertyValue, UrlWithAlt};
use crate::names::{class_list, is_root_class, property_class, Kind};
use crate::rels::Rels;
use crate::values::{self, attr_of, is_one_of, text_of, Urls};
use crate::Options;
use harvest_dom::{split_ascii_whitespace, Element};

/// How deeply items may nest. Serialising and dropping an [`Item`] recurses once per nesting
/// level, so deeper roots are parsed as plain elements. The DOM already flattens nesting deeper
/// than 512 elements, so only documents parsed with a larger depth bound can reach this.
pub const MAX_ITEM_DEPTH: usize = 512;

/// An item being parsed: its root element is open in the walk.
struct Open {
    element: Element,
    item: Item,
    /// The classic vocabulary, for a classic root; `None` for a microformats2 root.
    vocabulary: Option<&'static Vocabulary>,
    /// The properties of the enclosing item this item is a value of.
    as_properties: Vec<(Kind, String)>,
    /// Whether a microformat was found inside.
    nested: bool,
    /// Whether an explicit `p-*` or `e-*` property was found (blocks an implied name).
    has_p_or_e: bool,
    /// Whether an explicit `u-*` property was found (blocks an implied photo and url).
    has_u: bool,
}

enum Step {
    Enter(Element),
    Exit,
}

pub(crate) struct Parser<'a> {
    pub doc: &'a harvest_dom::Document,
    pub urls: Urls,
    pub options: &'a Options,
}

impl Parser<'_> {
    pub(crate) fn run(&self, root: &harvest_dom::Node) -> Document {
        let mut items: Vec<Item> = Vec::new();
        let mut open: Vec<Open> = Vec::new();
        let mut rels = Rels::new(self.options.alternates);
        let mut stack: Vec<Step> = root.element_children().map(Step::Enter).collect();
        stack.reverse();
        while let Some(step) = stack.pop() {
            let element = match step {
                Step::Enter(element) => element,
                Step::Exit => {
                    if let Some(done) = open.pop() {
                        self.finish(done, &mut open, &mut items);
                    }
                    continue;
                }
            };
            if is_one_of(&element, &["a", "area", "link"]) && element.has_attr("rel") {
                rels.add(&element, &self.urls);
            }
            if is_one_of(&element, &["template", "script", "style"]) {
                continue;
            }
            let class_attr = element.attr("class").map(|c| c.to_string());
            let classes = class_attr.as_deref().map(class_list).unwrap_or_default();
            let context = open.last().map(|o| o.vocabulary);
            let (roots, vocabulary) = self.roots(&classes, context);
            let mut properties = match context {
                None => Vec::new(),
                Some(None) => classes
                    .iter()
                    .filter_map(|c| property_class(c))
                    .map(|(kind, name)| (kind, name.to_owned()))
                    .collect(),
                Some(Some(vocab)) => classic_properties(vocab, &classes, &element),
            };
            dedupe_properties(&mut properties);
            let (mut roots, mut vocabulary) = (roots, vocabulary);
            if roots.is_empty() {
                // A classic property that implies a root of its own (hReview `item`).
                if let Some(Some(vocab)) = context {
                    if let Some(implied) = classes.iter().filter_map(|c| vocab.property(c)).find_map(|p| p.implied_root)
                    {
                        roots = vec![implied.type_.to_owned()];
                        vocabulary = Some(implied);
                    }
                }
            }
            let before = stack.len();
            if !roots.is_empty() && open.len() < MAX_ITEM_DEPTH {
                let id = element.id().map(|v| v.to_string()).filter(|v| !v.is_empty());
                let lang = if self.options.lang { lang_of(&element) } else { None };
                if let Some(parent) = open.last_mut() {
                    parent.nested = true;
                    note_kinds(parent, &properties);
                }
                open.push(Open {
                    element: element.clone(),
                    item: Item { type_: roots, id, lang, ..Item::default() },
                    vocabulary,
                    as_properties: properties,
                    nested: false,
                    has_p_or_e: false,
                    has_u: false,
                });
                stack.push(Step::Exit);
            } else if let Some(current) = open.last_mut() {
                note_kinds(current, &properties);
                for (kind, name) in properties {
                    let value = self.property_value(kind, &name, &element, current);
                    current.item.properties.entry(name).or_default().push(value);
                }
            }
            let children = stack.len();
            stack.extend(element.element_children().map(Step::Enter));
            stack[children..].reverse();
            debug_assert!(stack.len() >= before);
        }
        let mut document = Document { items, ..Document::default() };
        rels.finish(&mut document);
        document
    }

    /// The root types of an element: its valid `h-*` classes, sorted and de-duplicated; only
    /// when it has none, its classic root classes mapped to their `h-*` types.
    fn roots(
        &self,
        classes: &[&str],
        _context: Option<Option<&'static Vocabulary>>,
    ) -> (Vec<String>, Option<&'static Vocabulary>) {
        let mut roots: Vec<String> = classes.iter().filter(|c| is_root_class(c)).map(|c| (*c).to_owned()).collect();
        if !roots.is_empty() {
            roots.sort();
            roots.dedup();
            return (roots, None);
        }
        let mut vocabulary = None;
        for class in classes {
            if let Some(vocab) = backcompat::root(class) {
                roots.push(vocab.type_.to_owned());
                vocabulary.get_or_insert(vocab);
            }
        }
        roots.sort();
        roots.dedup();
        (roots, vocabulary)
    }

    /// The value of a property on an element that is not itself a root.
    fn property_value(&self, kind: Kind, name: &str, element: &Element, current: &Open) -> PropertyValue {
        let classic = current.vocabulary.is_some();
        match kind {
            Kind::P => PropertyValue::Text(self.p_value(element)),
            Kind::U => self.u_value(element, classic),
            Kind::Dt => PropertyValue::Text(self.dt_value(element, name, &current.item)),
            Kind::E => PropertyValue::Html(self.e_value(element)),
        }
    }

    /// microformats2 § "parsing a p- property".
    fn p_value(&self, element: &Element) -> String {
        if let Some(value) = values::value_class_text(element, &self.urls) {
            return value;
        }
        if let Some(title) = attr_of(element, &["abbr", "link"], "title") {
            return title;
        }
        if let Some(value) = attr_of(element, &["data", "input"], "value") {
            return value;
        }
        if let Some(alt) = attr_of(element, &["img", "area"], "alt") {
            return alt;
        }
        if is_one_of(element, &["img", "area", "link", "input"]) {
            return String::new();
        }
        text_of(&element.as_node(), &self.urls)
    }

    /// microformats2 § "parsing a u- property". An `img` with `alt` gives `{value, alt}` in
    /// microformats2 items and the plain URL in classic ones.
    fn u_value(&self, element: &Element, classic: bool) -> PropertyValue {
        let url = if let Some(href) = attr_of(element, &["a", "area", "link"], "href") {
            Some(href)
        } else if let Some(src) = attr_of(element, &["img", "audio", "video", "source", "iframe"], "src") {
            if element.is("img") && !classic {
                if let Some(alt) = element.attr("alt") {
                    return PropertyValue::Url(UrlWithAlt { value: self.urls.resolve(&src), alt: alt.to_string() });
                }
            }
            Some(src)
        } else if let Some(poster) = attr_of(element, &["video"], "poster") {
            Some(poster)
        } else {
            attr_of(element, &["object"], "data")
        };
        if let Some(url) = url {
            return PropertyValue::Text(self.urls.resolve(&url));
        }
        let value = values::value_class_text(element, &self.urls)
            .or_else(|| attr_of(element, &["abbr"], "title"))
            .or_else(|| attr_of(element, &["data", "input"], "value"))
            .unwrap_or_else(|| text_of(&element.as_node(), &self.urls));
        PropertyValue::Text(self.urls.resolve(&value))
    }

    /// microformats2 § "parsing a dt- property", with the value-class-pattern's date and time
    /// assembly; a `dt-end` with only a time takes its date from the item's `dt-start`.
    fn dt_value(&self, element: &Element, name: &str, item: &Item) -> String {
        if let Some(mut parts) = values::value_class_datetime(element, &self.urls) {
            if name == "end" && parts.has_time() && !parts.has_date() {
                let start_date = item.get("start").iter().filter_map(PropertyValue::as_text).find_map(values::date_of);
                if let Some(date) = start_date {
                    parts.imply_date(date);
                }
            }
            if let Some(value) = parts.assemble() {
                return value;
            }
        }
        if let Some(datetime) = attr_of(element, &["time", "ins", "del"], "datetime") {
            return datetime;
        }
        if let Some(title) = attr_of(element, &["abbr"], "title") {
            return title;
        }
        if let Some(value) = attr_of(element, &["data", "input"], "value") {
            return value;
        }
        text_of(&element.as_node(), &self.urls)
    }

    /// microformats2 § "parsing an e- property".
    fn e_value(&self, element: &Element) -> Html {
        let node = element.as_node();
        Html {
            html: self.doc.inner_html(&node),
            value: text_of(&node, &self.urls),
            lang: if self.options.lang { lang_of(element) } else { None },
        }
    }

    /// Completes an item when the walk leaves its root: implied properties, then it becomes a
    /// property value or a child of the enclosing item, or a top-level item.
    fn finish(&self, mut done: Open, open: &mut [Open], items: &mut Vec<Item>) {
        if done.vocabulary.is_none() {
            crate::implied::imply(&mut done.item, &done.element, done.nested, done.has_p_or_e, done.has_u, &self.urls);
        }
        let Some(parent) = open.last_mut() else {
            items.push(done.item);
            return;
        };
        if done.as_properties.is_empty() {
            parent.item.children.push(done.item);
            return;
        }
        let classic = parent.vocabulary.is_some();
        let properties = std::mem::take(&mut done.as_properties);
        for (kind, name) in properties {
            let mut item = done.item.clone();
            match kind {
                Kind::P => {
                    let name_value = item.get("name").first().and_then(PropertyValue::as_text).map(str::to_owned);
                    item.value = Some(name_value.unwrap_or_else(|| self.p_value(&done.element)));
                }
                Kind::U => {
                    let url_value = item.get("url").first().and_then(PropertyValue::as_text).map(str::to_owned);
                    item.value = Some(url_value.unwrap_or_else(|| match self.u_value(&done.element, classic) {
                        PropertyValue::Url(url) => url.value,
                        other => other.as_text().unwrap_or_default().to_owned(),
                    }));
                }
                Kind::Dt => item.value = Some(self.dt_value(&done.element, &name, &parent.item)),
                Kind::E => {
                    let html = self.e_value(&done.element);
                    item.html = Some(html.html);
                    item.value = Some(html.value);
                }
            }
            parent.item.properties.entry(name).or_default().push(PropertyValue::Item(Box::new(item)));
        }
    }
}

/// Records which kinds of explicit properties an item has.
fn note_kinds(open: &mut Open, properties: &[(Kind, String)]) {
    for (kind, _) in properties {
        match kind {
            Kind::P | Kind::E => open.has_p_or_e = true,
            Kind::U => open.has_u = true,
            Kind::Dt => {}
        }
    }
}

/// One value per property name and kind, even when classes repeat it.
fn dedupe_properties(properties: &mut Vec<(Kind, String)>) {
    let mut seen = std::collections::HashSet::new();
    properties.retain(|p| seen.insert(p.clone()));
}

/// The classic properties of an element inside a classic root: its property classes, and the
/// rel values the vocabulary maps (`rel=tag`, `rel=bookmark`).
fn classic_properties(vocab: &'static Vocabulary, classes: &[&str], element: &Element) -> Vec<(Kind, String)> {
    let mut properties: Vec<(Kind, String)> =
        classes.iter().filter_map(|c| vocab.property(c)).map(|p| (p.kind, p.name.to_owned())).collect();
    if !vocab.rels.is_empty() && is_one_of(element, &["a", "area", "link"]) {
        if let Some(rel) = element.attr("rel") {
            for token in split_ascii_whitespace(&rel) {
                for (rel_value, kind, name) in vocab.rels {
                    if token.eq_ignore_ascii_case(rel_value) {
                        properties.push((*kind, (*name).to_owned()));
                    }
                }
            }
        }
    }
    properties
}

/// The language of an element: the nearest `lang` attribute on it or an ancestor.
fn lang_of(element: &Element) -> Option<String> {
    std::iter::once(element.clone())
        .chain(element.ancestors())
        .find_map(|e| e.attr("lang").map(|l| l.to_string()))
        .filter(|l| !l.is_empty())
}
