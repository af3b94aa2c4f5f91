//! The microdata model of one document: items, their types and global identifiers, the
//! properties of an item (HTML §5.2.5) and property values (HTML §5.2.4).
//!
//! # How the document is read
//!
//! [`Microdata::new`] walks the document once, in tree order, into a flat table of the
//! elements it reads (those with a microdata attribute or an `id`). Each entry knows its
//! nearest ancestor in the table and where its subtree ends in tree order, so "the elements of
//! a subtree" is a range of the table and "skip this subtree" is a jump. Nothing
//! here recurses: the walk, the crawl of an item's properties and the JSON writer all use
//! loops and explicit stacks.
//!
//! # The properties algorithm
//!
//! HTML §5.2.5 crawls from the children of the item's element and from each `itemref` target,
//! keeping a *memory* list so that no element is crawled twice, and calls every element met a
//! second time a *microdata error*. Memory only removes repeats, so the results are the union
//! of what each starting point reaches on its own, without the item's element. What a target
//! reaches does not depend on the item, so it is computed once per target and shared by every
//! item that names it: a thousand items naming one large footer cost one walk of the footer.
//! A target's walk stops at the other targets inside it and links to their walks instead, so
//! nested targets cost one walk of the page between them.
//! The errors are counted from the structure: only the item's element and the targets can be
//! met twice, since any other element is only reached from its parent, which is crawled at
//! most once. The tests compare this with a literal transcription of the spec's steps on
//! random documents.

use harvest_dom::{split_ascii_whitespace, Document, Element, Url, UrlJoiner};
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

/// No index (the parent of the root element, the item of a non-item element).
pub(crate) const NONE: usize = usize::MAX;

/// One element of the table, in tree order.
pub(crate) struct Node {
    pub element: Element,
    /// Index of the nearest ancestor in the table, or [`NONE`].
    pub parent: usize,
    /// One past the index of the last table entry of this element's subtree.
    pub end: usize,
    /// An HTML element with an `itemscope` attribute (HTML §5.2.2, §5.2.6).
    pub itemscope: bool,
    /// An HTML element with an `itemprop` attribute, whatever its value.
    pub itemprop_attr: bool,
    /// The property names (HTML §5.2.3): `itemprop` split on ASCII whitespace, first
    /// occurrences kept. Empty for elements that are not HTML elements.
    pub names: Box<[String]>,
    /// Index into the item table when this element creates an item, else [`NONE`].
    pub item: usize,
}

/// What the properties algorithm found for one item.
pub(crate) struct Crawl {
    /// Elements with one or more property names, in tree order.
    pub properties: Arc<[usize]>,
    /// Elements met while already in memory (microdata errors), one entry per extra meeting.
    pub errors: Vec<usize>,
}

pub(crate) struct ItemData {
    pub node: usize,
    pub types: Vec<String>,
    pub id: Option<Url>,
    crawl: OnceLock<Crawl>,
}

pub(crate) struct Inner {
    /// The elements the model reads, in tree order ([`is_in_table`]).
    pub nodes: Vec<Node>,
    /// How many elements the document has.
    pub elements: usize,
    pub items: Vec<ItemData>,
    /// `id` → the first element in tree order with that ID, built when an `itemref` is first
    /// resolved (most pages have none).
    ids: OnceLock<HashMap<String, usize>>,
    pub base_url: Option<Url>,
    /// URL property values joined to the base URL, when it can be a base.
    urls: Option<UrlJoiner>,
    /// [`crate::MicrodataOptions::content_attribute`].
    pub content_attribute: bool,
    /// [`crate::MicrodataOptions::collapse_white_space`].
    pub collapse_white_space: bool,
    /// Element → index, built on first use by the lookups that start from an element.
    element_index: OnceLock<HashMap<Element, usize>>,
    /// Every element some item names in its itemref (built on first use).
    all_targets: OnceLock<HashSet<usize>>,
    /// What a crawl reaches from an itemref target on its own, by target (see
    /// [`Inner::segment`]).
    segments: Mutex<HashMap<usize, Arc<Segment>>>,
}

/// What a crawl reaches from an itemref target, up to the other targets inside its reach:
/// those are kept as links, so nested targets share their segments instead of copying them.
pub(crate) struct Segment {
    /// Elements with property names reached, not counting those in nested targets' segments.
    pub found: Vec<usize>,
    /// Targets reached (their segments belong to this one's reach too).
    pub nested: Vec<usize>,
}

/// The microdata of one document: every item, ready to be listed, queried and converted.
///
/// Cheap to clone (a reference count); the [`Item`]s it hands out keep it alive, so they can
/// outlive the `Microdata` value itself (though they borrow nothing from the [`Document`], the
/// elements they name belong to its tree).
///
/// ```
/// use harvest_dom::Document;
/// use harvest_microdata::{Microdata, PropertyValue};
/// let doc = Document::parse(r#"<div itemscope itemtype="https://example.org/Cat">
///     <h1 itemprop="name">Hedral</h1></div>"#);
/// let microdata = Microdata::new(&doc);
/// let cats = microdata.get_items("https://example.org/Cat");
/// assert_eq!(cats.len(), 1);
/// let names = cats[0].properties().named("name").values();
/// assert_eq!(names, vec![PropertyValue::Text("Hedral".into())]);
/// ```
#[derive(Clone)]
pub struct Microdata {
    pub(crate) inner: Arc<Inner>,
}

impl fmt::Debug for Microdata {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Microdata").field("items", &self.inner.items.len()).finish_non_exhaustive()
    }
}

impl Microdata {
    /// Reads the microdata of a document (one walk over its elements; the properties of each
    /// item are found when first asked for).
    pub fn new(doc: &Document) -> Microdata {
        Microdata::with_options(doc, &crate::MicrodataOptions::new())
    }

    /// [`Microdata::new`] with readings beyond the HTML standard's model, where `options` asks
    /// for them.
    pub fn with_options(doc: &Document, options: &crate::MicrodataOptions) -> Microdata {
        let mut nodes: Vec<Node> = Vec::new();
        let mut items = Vec::new();
        let mut elements = 0usize;
        // The table's entries among the ancestors of the element being visited, outermost
        // first, with their depths.
        let mut open: Vec<(usize, usize)> = Vec::new();
        let mut walk = doc.element_walk();
        while let Some((element, depth)) = walk.next() {
            elements += 1;
            // Every element closes the entries it is not inside, in the table or not.
            while open.last().is_some_and(|&(_, open_depth)| open_depth >= depth) {
                let Some((top, _)) = open.pop() else { break };
                nodes[top].end = nodes.len();
            }
            if !is_in_table(element) {
                continue;
            }
            let index = nodes.len();
            let html = element.is_html();
            let itemscope = html && element.has_attr("itemscope");
            let (itemprop_attr, names) = match element.attr("itemprop").filter(|_| html) {
                Some(value) => (true, property_names(value)),
                None => (false, Box::default()),
            };
            let item = if itemscope {
                items.push(ItemData {
                    node: index,
                    types: element
                        .attr("itemtype")
                        .map(|value| split_ascii_whitespace(value).map(str::to_owned).collect())
                        .unwrap_or_default(),
                    // HTML §5.2.2: the itemid value parsed relative to the node document.
                    id: element.attr("itemid").and_then(|value| doc.resolve_url(value).ok()),
                    crawl: OnceLock::new(),
                });
                items.len() - 1
            } else {
                NONE
            };
            nodes.push(Node {
                element: element.clone(),
                parent: open.last().map_or(NONE, |&(parent, _)| parent),
                end: index + 1,
                itemscope,
                itemprop_attr,
                names,
                item,
            });
            open.push((index, depth));
        }
        let total = nodes.len();
        for (index, _) in open {
            nodes[index].end = total;
        }
        Microdata {
            inner: Arc::new(Inner {
                nodes,
                elements,
                items,
                ids: OnceLock::new(),
                base_url: doc.base_url().cloned(),
                urls: doc.base_url().filter(|base| !base.cannot_be_a_base()).cloned().map(UrlJoiner::new),
                content_attribute: options.content_attribute,
                collapse_white_space: options.collapse_white_space,
                element_index: OnceLock::new(),
                all_targets: OnceLock::new(),
                segments: Mutex::new(HashMap::new()),
            }),
        }
    }

    /// The top-level microdata items (items whose element has no `itemprop` attribute), in
    /// tree order: `document.getItems()`.
    pub fn items(&self) -> Vec<Item> {
        self.all_items().into_iter().filter(Item::is_top_level).collect()
    }

    /// How many top-level items there are: `items().len()`, without building them.
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse("<p itemscope><b itemprop=a itemscope></b></p><p itemscope></p>");
    /// assert_eq!(harvest_microdata::Microdata::new(&doc).top_level_count(), 2);
    /// ```
    pub fn top_level_count(&self) -> usize {
        self.inner.items.iter().filter(|item| !self.inner.nodes[item.node].itemprop_attr).count()
    }

    /// Every item of the document (every HTML element with `itemscope`), in tree order.
    pub fn all_items(&self) -> Vec<Item> {
        (0..self.inner.items.len()).map(|index| Item { md: self.inner.clone(), index }).collect()
    }

    /// `document.getItems(types)`: the top-level items with one of the given item types
    /// (`types` split on ASCII whitespace), in tree order; every top-level item when `types`
    /// has no tokens.
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse(
    ///     "<p itemscope itemtype='https://a.example/x https://a.example/y'></p><p itemscope></p>");
    /// let md = harvest_microdata::Microdata::new(&doc);
    /// assert_eq!(md.get_items("https://a.example/y https://b.example/").len(), 1);
    /// assert_eq!(md.get_items(" ").len(), 2);
    /// ```
    pub fn get_items(&self, types: &str) -> Vec<Item> {
        let wanted: HashSet<&str> = split_ascii_whitespace(types).collect();
        let mut items = self.items();
        if !wanted.is_empty() {
            items.retain(|item| item.types().iter().any(|t| wanted.contains(t.as_str())));
        }
        items
    }

    /// The item an element creates, if it is an HTML element with `itemscope`.
    pub fn item(&self, element: &Element) -> Option<Item> {
        let node = self.inner.index_of(element)?;
        let index = self.inner.nodes[node].item;
        (index != NONE).then(|| Item { md: self.inner.clone(), index })
    }

    /// `element.itemValue`: the property value of an HTML element with an `itemprop`
    /// attribute (HTML §5.2.4), `None` for any other element.
    ///
    /// ```
    /// use harvest_dom::{Document, ParseOptions, Url};
    /// let url = Url::parse("https://example.com/cats/").unwrap();
    /// let doc = Document::parse_with("<div itemscope><img itemprop=img src=hedral.jpeg></div>",
    ///     &ParseOptions::new().url(url));
    /// let img = doc.elements().find(|e| e.is("img")).unwrap();
    /// let value = harvest_microdata::Microdata::new(&doc).item_value(&img).unwrap();
    /// assert_eq!(value.as_text(), Some("https://example.com/cats/hedral.jpeg"));
    /// ```
    pub fn item_value(&self, element: &Element) -> Option<PropertyValue> {
        let node = self.inner.index_of(element)?;
        self.inner.nodes[node].itemprop_attr.then(|| property_value(&self.inner, node))
    }

    /// The property names of an element (HTML §5.2.3); empty for elements without `itemprop`
    /// and for elements outside the HTML namespace.
    pub fn property_names(&self, element: &Element) -> &[String] {
        match self.inner.index_of(element) {
            Some(node) => &self.inner.nodes[node].names,
            None => &[],
        }
    }
}

impl Inner {
    /// `id` → the first element in tree order with that ID (one pass over the table, once).
    pub(crate) fn ids(&self) -> &HashMap<String, usize> {
        self.ids.get_or_init(|| {
            let mut ids = HashMap::new();
            for (index, node) in self.nodes.iter().enumerate() {
                if let Some(id) = node.element.id() {
                    if !id.is_empty() && !ids.contains_key(id) {
                        ids.insert(id.to_string(), index);
                    }
                }
            }
            ids
        })
    }

    // `Element` hashes by node identity, which its interior mutability never changes.
    #[allow(clippy::mutable_key_type)]
    pub(crate) fn index_of(&self, element: &Element) -> Option<usize> {
        let index = self
            .element_index
            .get_or_init(|| self.nodes.iter().enumerate().map(|(index, node)| (node.element.clone(), index)).collect());
        index.get(element).copied()
    }

    pub(crate) fn crawl(&self, item: usize) -> &Crawl {
        self.items[item].crawl.get_or_init(|| self.find_properties(self.items[item].node))
    }

    /// Step 4: the `itemref` tokens of `root`, each resolved to the first element in tree
    /// order with that ID (tokens matching nothing left out, repeats kept).
    pub(crate) fn targets(&self, root: usize) -> Vec<usize> {
        match self.nodes[root].element.attr("itemref") {
            Some(value) => split_ascii_whitespace(value).filter_map(|token| self.ids().get(token).copied()).collect(),
            None => Vec::new(),
        }
    }

    /// Steps 3 and 9–10 from the children of `root`: the elements with property names in its
    /// subtree, not entering nested items, in tree order.
    pub(crate) fn own_region(&self, root: usize) -> Vec<usize> {
        let mut found = Vec::new();
        scan_region(&self.nodes, root + 1, self.nodes[root].end, &mut found);
        found
    }

    /// HTML §5.2.5 "the properties of an item" for the item defined by `root`.
    fn find_properties(&self, root: usize) -> Crawl {
        let targets = self.targets(root);
        // Steps 3, 5–11: what the crawl reaches from the children of root, then from each
        // target. Memory only removes repeats, and root (in memory from step 2) is never
        // entered: it has itemscope, so its subtree is closed to the other starting points.
        let mut results = self.own_region(root);
        let mut distinct = HashSet::new();
        for &target in &targets {
            if distinct.insert(target) {
                self.reach(target, &mut results);
            }
        }
        // Step 12.
        results.sort_unstable();
        results.dedup();
        results.retain(|&node| node != root);
        Crawl { properties: results.into(), errors: self.microdata_errors(root, &targets) }
    }

    /// Every element named by some item's itemref.
    pub(crate) fn all_targets(&self) -> &HashSet<usize> {
        self.all_targets.get_or_init(|| self.items.iter().flat_map(|item| self.targets(item.node)).collect())
    }

    /// The segments known so far. Each lock is held for one lookup or one insertion, so no
    /// panic can happen while it is held; a poisoned lock is used as it is.
    fn segments(&self) -> MutexGuard<'_, HashMap<usize, Arc<Segment>>> {
        self.segments.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// What the crawl reaches from the target `start` on its own (steps 9 and 10): `start`
    /// and, through elements without itemscope, its descendants — stopping at other targets,
    /// which are listed instead. The same for every item, so computed once per target.
    pub(crate) fn segment(&self, start: usize) -> Arc<Segment> {
        if let Some(known) = self.segments().get(&start).cloned() {
            return known;
        }
        let targets = self.all_targets();
        let nodes = &self.nodes;
        let mut segment = Segment { found: Vec::new(), nested: Vec::new() };
        let mut current = start;
        let stop = nodes[start].end;
        while current < stop {
            let node = &nodes[current];
            if current != start && targets.contains(&current) {
                segment.nested.push(current);
                current = node.end;
                continue;
            }
            if !node.names.is_empty() {
                segment.found.push(current);
            }
            current = if node.itemscope { node.end } else { current + 1 };
        }
        let segment = Arc::new(segment);
        self.segments().insert(start, segment.clone());
        segment
    }

    /// Everything the crawl reaches from the target `start`: its segment and those of the
    /// targets nested in it, in no particular order.
    pub(crate) fn reach(&self, start: usize, found: &mut Vec<usize>) {
        let mut pending = vec![start];
        while let Some(target) = pending.pop() {
            let segment = self.segment(target);
            found.extend_from_slice(&segment.found);
            pending.extend_from_slice(&segment.nested);
        }
    }

    /// Step 7's microdata errors: every time the crawl from `root` meets an element already in
    /// memory. Only root and the targets can be met twice — any other element is only reached
    /// from its parent, which is crawled at most once — so each of them is met once per
    /// itemref token naming it, plus once if its parent is crawled (root's children always
    /// are); every meeting after the first is an error, and for root (in memory from the
    /// start) every meeting is.
    pub(crate) fn microdata_errors(&self, root: usize, targets: &[usize]) -> Vec<usize> {
        let nodes = &self.nodes;
        let mut sorted = targets.to_vec();
        sorted.sort_unstable();
        let is_target = |node: usize| sorted.binary_search(&node).is_ok();
        // Whether the crawl adds the children of `node`'s parent to pending. Every ancestor a
        // walk passes shares its answer, so answers are kept: the walks cost at most one visit
        // per element, however many targets share their ancestors.
        let mut known: HashMap<usize, bool> = HashMap::new();
        let mut parent_crawled = |node: usize| {
            let mut passed = Vec::new();
            let mut current = nodes[node].parent;
            let answer = loop {
                if current == NONE {
                    break false;
                }
                if current == root {
                    break true;
                }
                if let Some(&answer) = known.get(&current) {
                    break answer;
                }
                if nodes[current].itemscope {
                    break false;
                }
                if is_target(current) {
                    break true;
                }
                passed.push(current);
                current = nodes[current].parent;
            };
            for node in passed {
                known.insert(node, answer);
            }
            answer
        };
        let mut errors = Vec::new();
        let mut done = HashSet::new();
        for &target in targets {
            if !done.insert(target) {
                continue;
            }
            let tokens = sorted.partition_point(|&n| n <= target) - sorted.partition_point(|&n| n < target);
            let meetings = tokens + usize::from(parent_crawled(target));
            let extra = if target == root { meetings } else { meetings.saturating_sub(1) };
            errors.extend(std::iter::repeat_n(target, extra));
        }
        if !is_target(root) && parent_crawled(root) {
            errors.push(root);
        }
        errors
    }
}

/// Adds the elements with property names that a crawl of the range `start..stop` of the table
/// reaches (steps 9 and 10), jumping over the subtree of every element with itemscope.
fn scan_region(nodes: &[Node], start: usize, stop: usize, found: &mut Vec<usize>) {
    let mut current = start;
    while current < stop {
        let node = &nodes[current];
        if !node.names.is_empty() {
            found.push(current);
        }
        current = if node.itemscope { node.end } else { current + 1 };
    }
}

/// Whether an element has a place in the table: it has one of the attributes microdata reads
/// (`itemscope`, `itemprop`, `itemtype`, `itemid`, `itemref`) or an `id` (an `itemref` may name
/// it). The other elements cannot be items, properties or targets, and the crawl passes
/// through them without stopping, so the table leaves them out: an item's subtree is still a
/// range of the table.
fn is_in_table(element: &Element) -> bool {
    element.namespaced_attributes().any(|(namespace, name, _)| {
        namespace.is_none() && matches!(name, "id" | "itemscope" | "itemprop" | "itemtype" | "itemid" | "itemref")
    })
}

/// HTML §5.2.3: the tokens of an `itemprop` value, first occurrences kept (a few tokens by
/// comparison, more with a set, so a value of many tokens costs linear time).
fn property_names(value: &str) -> Box<[String]> {
    let mut tokens = split_ascii_whitespace(value);
    let mut names: Vec<String> = Vec::new();
    for token in tokens.by_ref() {
        if names.len() == SHORT_NAME_LIST {
            let mut seen: HashSet<&str> = names.iter().map(String::as_str).collect();
            let rest: Vec<&str> = std::iter::once(token).chain(tokens).filter(|token| seen.insert(token)).collect();
            names.extend(rest.into_iter().map(str::to_owned));
            break;
        }
        if !names.iter().any(|name| name == token) {
            names.push(token.to_owned());
        }
    }
    names.into_boxed_slice()
}

/// `itemprop` values of up to this many distinct tokens are de-duplicated by comparison.
const SHORT_NAME_LIST: usize = 16;

/// The URL property elements (HTML §5.2.4).
pub(crate) fn is_url_property_element(element: &Element) -> bool {
    element.is_html()
        && matches!(
            element.local_name(),
            "a" | "area" | "audio" | "embed" | "iframe" | "img" | "link" | "object" | "source" | "track" | "video"
        )
}

/// HTML §5.2.4: the property value of the element at `node`.
pub(crate) fn property_value(inner: &Arc<Inner>, node: usize) -> PropertyValue {
    let entry = &inner.nodes[node];
    if entry.itemscope {
        return PropertyValue::Item(Item { md: inner.clone(), index: entry.item });
    }
    PropertyValue::Text(text_value(inner, node))
}

/// The string value of a property element that is not an item.
pub(crate) fn text_value(inner: &Inner, node: usize) -> String {
    property_text(inner, node).into_owned()
}

/// [`text_value`], borrowed from the element when it is an attribute's value as written.
pub(crate) fn property_text(inner: &Inner, node: usize) -> Cow<'_, str> {
    let element = &inner.nodes[node].element;
    let url = |name: &str| {
        Cow::Owned(element.attr(name).map_or_else(String::new, |value| url_value(inner.urls.as_ref(), value)))
    };
    let attribute = |name: &str| Cow::Borrowed(element.attr(name).unwrap_or_default());
    if !element.is_html() {
        return Cow::Owned(element.text_content());
    }
    match element.local_name() {
        "meta" => attribute("content"),
        "audio" | "embed" | "iframe" | "img" | "source" | "track" | "video" => url("src"),
        "a" | "area" | "link" => url("href"),
        "object" => url("data"),
        "data" | "meter" => attribute("value"),
        // HTML: the datetime value is the datetime attribute, else the child text content
        // (the data of the text node children only).
        "time" => match element.attr("datetime") {
            Some(value) => Cow::Borrowed(value),
            None => Cow::Owned(element.children().filter_map(|child| child.as_text().map(|t| t.to_string())).collect()),
        },
        // Not the standard's: a `content` attribute on other elements, with the option (the
        // reading of extruct, which also takes it only when non-empty).
        _ => match element.attr("content").filter(|value| inner.content_attribute && !value.is_empty()) {
            Some(value) => Cow::Borrowed(value),
            // Not the standard's either, with the option: extruct's text, trimmed and each
            // run of white space one space.
            None if inner.collapse_white_space => {
                let text = element.text_content();
                let mut collapsed = String::with_capacity(text.len());
                for word in text.split_whitespace() {
                    if !collapsed.is_empty() {
                        collapsed.push(' ');
                    }
                    collapsed.push_str(word);
                }
                Cow::Owned(collapsed)
            }
            None => Cow::Owned(element.text_content()),
        },
    }
}

/// HTML §5.2.4: a URL property element's value is its attribute parsed against the document
/// base URL and serialized, `""` when parsing fails. Not the standard's: a page with no base URL
/// that can resolve (none given, or `about:blank`, which cannot be a base) keeps a relative URL
/// as written, only trimmed as the URL parser trims it, rather than losing it to `""`; an
/// absolute one is still parsed and serialized (`docs/microdata.md`, "Property values").
fn url_value(base: Option<&UrlJoiner>, value: &str) -> String {
    if let Some(base) = base {
        return base.join(value).unwrap_or_default();
    }
    match Url::parse(value) {
        Ok(url) => String::from(url),
        Err(url::ParseError::RelativeUrlWithoutBase) => value.trim_matches(|c: char| c <= ' ').to_owned(),
        Err(_) => String::new(),
    }
}

mod handles;
pub use handles::{Item, Properties, PropertiesIter, Property, PropertyList, PropertyValue};

#[cfg(test)]
mod tests {
    use super::{property_names, Microdata};
    use harvest_dom::Document;

    /// The table leaves out elements without microdata attributes or an id; an entry's subtree
    /// still ends where the element's does, whatever follows it.
    #[test]
    fn subtrees_end_at_elements_outside_the_table() {
        let doc = Document::parse(concat!(
            "<div><p itemscope><b itemprop=a>1</b></p><span><i itemprop=b>2</i></span></div>",
            "<section itemscope><div><em itemprop=c>3</em></div></section><u><s itemprop=d>4</s></u>",
        ));
        let microdata = Microdata::new(&doc);
        let names: Vec<Vec<String>> = microdata
            .items()
            .iter()
            .map(|item| item.properties().iter().map(|property| property.names()[0].clone()).collect())
            .collect();
        assert_eq!(names, [["a"], ["c"]]);
        let unowned = doc.elements().filter(|e| e.is("i") || e.is("s")).collect::<Vec<_>>();
        assert!(unowned.iter().all(|element| microdata.item_value(element).is_some()));
    }

    #[test]
    fn property_names_keep_first_occurrences() {
        assert_eq!(&*property_names(" a b\ta  c b "), ["a", "b", "c"]);
        // Past the short list, the rest goes through a set, in the same order.
        let tokens: Vec<String> = (0..60).map(|i| format!("n{}", (i * 7) % 23)).collect();
        let mut expected: Vec<String> = Vec::new();
        for token in &tokens {
            if !expected.contains(token) {
                expected.push(token.clone());
            }
        }
        assert_eq!(property_names(&tokens.join(" ")).to_vec(), expected);
    }
}
