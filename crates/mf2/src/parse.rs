//! microformats2 § "parse a document for microformats": one walk over the elements with an
//! explicit stack, finding items, their properties and the rels.

use crate::backcompat::{self, Vocabulary};
use crate::classic::{classic_properties, include_targets, roots_of, tag_category};
use crate::model::{Document, Html, Item, ItemValue, Limit, PropertyValue, SourcePath, SourcePaths};
use crate::names::{class_list, property_class, Kind};
use crate::rels::Rels;
use crate::values::{self, attr_of, is_one_of, text_of, Page};
use crate::Options;
use harvest_datetime::microformats;
use harvest_dom::{split_ascii_whitespace, Element};
use std::collections::HashSet;
use std::rc::Rc;

/// How deeply items may nest, at most ([`crate::Options::max_item_depth`] can lower it).
/// Serialising and dropping an [`Item`] recurse once per nesting level, so deeper roots are
/// parsed as plain elements. The DOM already flattens nesting deeper than 512 elements, so only
/// documents parsed with a larger depth bound can reach this.
pub const MAX_ITEM_DEPTH: usize = 512;

/// Default of [`crate::Options::max_copied_values`]: how much item content may be copied over a
/// whole document, counted in types, property values and items copied. An element that is a root
/// and several properties gives each property its own copy of the item (the JSON has no sharing),
/// so roots nested that way would double the output at every level.
pub const DEFAULT_MAX_COPIED_VALUES: usize = 4_000_000;

/// Default of [`crate::Options::max_includes`]: how many elements the include pattern may pull
/// in over a whole document. Includes can repeat content, so they are bounded to keep the work
/// linear.
pub const DEFAULT_MAX_INCLUDES: usize = 10_000;

/// An item being parsed: its root element is open in the walk.
struct Open {
    element: Element,
    item: Item,
    /// The classic vocabularies, for a classic root; empty for a microformats2 root.
    classic: Vec<&'static Vocabulary>,
    /// The properties of the enclosing item this item is a value of.
    as_properties: Vec<(Kind, String)>,
    /// Whether a microformat was found inside.
    nested: bool,
    /// Whether an explicit `p-*` or `e-*` property was found (blocks an implied name).
    has_p_or_e: bool,
    /// Whether an explicit `u-*` property was found (blocks an implied photo and url).
    has_u: bool,
    /// The first `p-name` value: the item's `value` as a `p-*` property.
    p_name: Option<String>,
    /// The first `u-url` value: the item's `value` as a `u-*` property.
    u_url: Option<ItemValue>,
    /// Elements already included into this item (include pattern), so each is included once.
    included: HashSet<Element>,
    /// The same, in the order included.
    included_order: Vec<Element>,
    /// The root element's language (with the `lang` option).
    lang: Option<Rc<str>>,
    /// How big the item is: its types, property values and nested items, counted.
    weight: usize,
    /// The value budget spent when the item opened: what was spent since is the item's text
    /// and HTML, which a copy of the item copies again.
    spent_at_open: usize,
}

impl Open {
    /// Records the explicit properties an element gives this item.
    fn note_kinds(&mut self, properties: &[(Kind, String)]) {
        for (kind, _) in properties {
            match kind {
                Kind::P | Kind::Tag | Kind::E => self.has_p_or_e = true,
                Kind::U => self.has_u = true,
                Kind::Dt => {}
            }
        }
    }

    /// Remembers the first `p-name` and `u-url` values.
    fn note_value(&mut self, kind: Kind, name: &str, value: &PropertyValue) {
        match (kind, name) {
            (Kind::P, "name") if self.p_name.is_none() => self.p_name = value.as_text().map(str::to_owned),
            (Kind::U, "url") if self.u_url.is_none() => {
                self.u_url = match value {
                    PropertyValue::Url(url) => Some(ItemValue::Url(url.clone())),
                    other => other.as_text().map(|t| ItemValue::Text(t.to_owned())),
                }
            }
            _ => {}
        }
    }
}

/// A step of the walk. `Enter` carries the language the element inherits (only tracked with
/// the `lang` option).
enum Step {
    Enter(Element, Option<Rc<str>>),
    Exit,
}

/// What the walk carries from element to element.
struct State {
    /// The top-level items finished so far.
    items: Vec<Item>,
    /// The items whose root the walk is inside, outermost first.
    open: Vec<Open>,
    rels: Rels,
    include_budget: usize,
    copy_budget: usize,
    truncated: Vec<Limit>,
    /// The elements on the walk's path whose subtree's end has something to do.
    frames: Vec<Frame>,
    /// The language of the element at each depth on the walk's path (index 0: the
    /// document's), with the `lang` option.
    langs: Vec<Option<Rc<str>>>,
}

/// What the end of an element's subtree does: walk what it included, then finish its item.
struct Frame {
    depth: usize,
    finishes_item: bool,
    includes: Vec<Element>,
    lang: Option<Rc<str>>,
}

pub(crate) struct Parser<'a> {
    pub doc: &'a harvest_dom::Document,
    pub page: Page,
    pub options: &'a Options,
    /// `e-*` HTML, each subtree serialised once.
    pub html: std::cell::RefCell<crate::html::HtmlIndex>,
}

impl Parser<'_> {
    /// microformats2 § "parse an element for class microformats", for every element in one
    /// walk, with § "parse a hyperlink element for rel microformats" along the way.
    /// Runs over the whole document, or the element [`crate::Options::root`] names and its
    /// descendants. The walk lends each element ([`harvest_dom::ElementWalk`]); an item is
    /// finished when the walk leaves its root's subtree, after the elements the include
    /// pattern adds to it.
    pub(crate) fn run(&self, root: Option<Element>) -> Document {
        let document_lang: Option<Rc<str>> =
            if self.options.lang { crate::metaformats::document_language(self.doc).map(Rc::from) } else { None };
        let mut state = State {
            items: Vec::new(),
            open: Vec::new(),
            rels: Rels::new(self.options.alternates),
            include_budget: self.options.max_includes,
            copy_budget: self.options.max_copied_values,
            truncated: Vec::new(),
            frames: Vec::new(),
            langs: vec![document_lang],
        };
        match root {
            None => {
                let mut walk = self.doc.element_walk();
                while let Some((element, depth)) = walk.next() {
                    if !self.enter(element, depth, &mut state) {
                        walk.skip_children();
                    }
                }
            }
            Some(root) => {
                if self.enter(&root, 1, &mut state) {
                    let mut walk = root.as_node().element_walk();
                    while let Some((element, depth)) = walk.next() {
                        if !self.enter(element, depth + 1, &mut state) {
                            walk.skip_children();
                        }
                    }
                }
            }
        }
        self.close_frames(0, &mut state);
        let State { items, mut truncated, rels, .. } = state;
        if self.page.budget.refusals() > 0 {
            note_limit(&mut truncated, Limit::ValueBytes);
        }
        let mut document = Document { items, truncated, ..Document::default() };
        rels.finish(&mut document);
        document
    }

    /// An element of the walk at `depth` (1 for the first level): closes what the walk left,
    /// visits the element and keeps what its subtree's end has to do. Returns whether to walk
    /// its children.
    fn enter(&self, element: &Element, depth: usize, state: &mut State) -> bool {
        self.close_frames(depth, state);
        state.langs.truncate(depth);
        let inherited_lang = state.langs.get(depth - 1).cloned().flatten();
        let Some((lang, opened)) = self.visit(element, inherited_lang, state) else { return false };
        let includes = self.includes(element, state);
        if opened || !includes.is_empty() {
            state.frames.push(Frame { depth, finishes_item: opened, includes, lang: lang.clone() });
        }
        state.langs.push(lang);
        true
    }

    /// Ends the subtrees of the frames at `depth` or deeper, innermost first: walks the
    /// elements each one's element included, then finishes its item.
    fn close_frames(&self, depth: usize, state: &mut State) {
        while state.frames.last().is_some_and(|frame| frame.depth >= depth) {
            let Some(frame) = state.frames.pop() else { break };
            self.walk_included(frame.includes, frame.lang, state);
            if frame.finishes_item {
                self.finish_innermost(state);
            }
        }
    }

    /// Finishes the innermost open item.
    fn finish_innermost(&self, state: &mut State) {
        if let Some(done) = state.open.pop() {
            self.finish(done, &mut state.open, &mut state.items, &mut state.copy_budget, &mut state.truncated);
        }
    }

    /// Walks the subtrees of included elements (include pattern), in order, with an explicit
    /// stack: these may sit anywhere in the document, and include others in turn.
    fn walk_included(&self, targets: Vec<Element>, lang: Option<Rc<str>>, state: &mut State) {
        let mut stack: Vec<Step> = targets.into_iter().rev().map(|target| Step::Enter(target, lang.clone())).collect();
        while let Some(step) = stack.pop() {
            let (element, inherited_lang) = match step {
                Step::Enter(element, lang) => (element, lang),
                Step::Exit => {
                    self.finish_innermost(state);
                    continue;
                }
            };
            let Some((lang, opened)) = self.visit(&element, inherited_lang, state) else { continue };
            if opened {
                stack.push(Step::Exit);
            }
            let first = stack.len();
            stack.extend(element.element_children().map(|child| Step::Enter(child, lang.clone())));
            let includes = self.includes(&element, state);
            stack.extend(includes.into_iter().map(|target| Step::Enter(target, lang.clone())));
            stack[first..].reverse();
        }
    }

    /// One element, in the order of microformats2 parsing (microformats.org/wiki/
    /// microformats2-parsing): its rels, then its root class names, its property class names,
    /// and either a new item or its properties added to the innermost open item. Returns
    /// `None` for an element whose subtree is not parsed (`template`, `script`, `style`), else
    /// the element's language and whether it opened an item.
    fn visit(
        &self,
        element: &Element,
        inherited_lang: Option<Rc<str>>,
        state: &mut State,
    ) -> Option<(Option<Rc<str>>, bool)> {
        // "parse all hyperlink (<a> <area> <link>) elements for rel microformats".
        self.parse_rel(element, state);
        if is_one_of(element, &["template", "script", "style"]) {
            return None;
        }
        let lang = self.element_lang(element, inherited_lang);
        let class_attr = element.attr("class");
        let class_attr: &str = class_attr.unwrap_or_default();
        let context = state.open.last().map(|o| o.classic.as_slice());
        if names_nothing(class_attr, context) {
            return Some((lang, false));
        }
        let classes = self.class_names(class_attr);
        // "parse element class for root class name(s) "h-*" and backcompat root classnames".
        let (mut roots, mut classic) = roots_of(&classes);
        // "parse element class for property class name(s) "p-*,u-*,dt-*,e-*"" (and backcompat
        // properties, read against the innermost item's vocabularies).
        let properties = self.property_classes(element, class_attr, &classes, context, roots.is_empty());
        if roots.is_empty() {
            if let Some(implied) = implied_root(context, &classes) {
                roots = vec![implied.type_.to_owned()];
                classic = vec![implied];
            }
        }
        if !roots.is_empty() {
            if state.open.len() < self.options.max_item_depth {
                // "if found, start parsing a new microformat".
                self.start_item(
                    element,
                    NewItem { roots, classic, properties, lang: lang.clone() },
                    classes.len(),
                    state,
                );
                return Some((lang, true));
            }
            note_limit(&mut state.truncated, Limit::ItemDepth);
        }
        if let Some(current) = state.open.last_mut() {
            // "if such class(es) are found, it is a property element; add properties".
            self.add_properties(element, properties, current, lang.as_deref());
        }
        Some((lang, false))
    }

    /// Parsing rel: a hyperlink element (`a`, `area`, `link`) with a `rel` attribute adds its
    /// rel values and URL to the page's rels.
    fn parse_rel(&self, element: &Element, state: &mut State) {
        if is_one_of(element, &["a", "area", "link"]) && element.has_attr("rel") {
            state.rels.add(element, &self.page);
        }
    }

    /// The element's language (the `lang` of parsed items and `e-*` values): its own `lang`
    /// attribute (empty means unknown), else the inherited one.
    fn element_lang(&self, element: &Element, inherited: Option<Rc<str>>) -> Option<Rc<str>> {
        let own_lang = if self.options.lang { element.attr("lang") } else { None };
        match own_lang {
            Some(value) => Some(value.trim()).filter(|v| !v.is_empty()).map(Rc::from),
            None => inherited,
        }
    }

    /// The element's class names, each once, without the CSS frameworks' look-alike roots
    /// when the options filter them.
    fn class_names<'c>(&self, class_attr: &'c str) -> Vec<&'c str> {
        let mut classes = class_list(class_attr);
        if self.options.filter_roots {
            classes.retain(|class| !crate::frameworks::is_framework_root(class));
        }
        classes
    }

    /// The property class names of an element inside an item: `p-*`, `u-*`, `dt-*`, `e-*`
    /// inside a microformats2 item, the backcompat properties of its vocabularies inside a
    /// classic one; none outside any item.
    fn property_classes(
        &self,
        element: &Element,
        class_attr: &str,
        classes: &[&str],
        context: Option<&[&'static Vocabulary]>,
        no_root: bool,
    ) -> Vec<(Kind, String)> {
        // Property classes are read as written: the suite expects a repeated property class
        // to give a repeated value (tentative-names-properties-multi).
        match context {
            None => Vec::new(),
            Some([]) => split_ascii_whitespace(class_attr)
                .filter(|class| !self.options.filter_roots || !crate::frameworks::is_framework_property(class))
                .filter_map(property_class)
                .map(|(kind, name)| (kind, name.to_owned()))
                .collect(),
            Some(vocabularies) => classic_properties(vocabularies, classes, element, no_root),
        }
    }

    /// "start parsing a new microformat": the element's item is opened (and is a property
    /// value of the innermost open item when it has property classes, a nested microformat).
    fn start_item(&self, element: &Element, new: NewItem, class_count: usize, state: &mut State) {
        let NewItem { roots, classic, properties, lang } = new;
        // The suite gives `id` for microformats2 roots only (mixed/id;
        // v1/includes/hcarditemref expects none for `<p id=mozilla-adr class=adr>`);
        // classic roots keep theirs with `classic_root_ids`.
        let id = element
            .id()
            .map(|v| v.to_string())
            .filter(|v| !v.is_empty() && (classic.is_empty() || self.options.classic_root_ids));
        match state.open.last_mut() {
            Some(parent) => {
                parent.nested = true;
                parent.note_kinds(&properties);
            }
            None => self.page.text.index_subtree(element, &self.page.urls),
        }
        // What the item's copies copy again starts here, its own path included.
        let spent_at_open = self.page.budget.spent();
        let source_paths = match self.options.source_paths {
            true => self.source_path(element).map(|item| SourcePaths { item, properties: Default::default() }),
            false => None,
        };
        state.open.push(Open {
            element: element.clone(),
            item: Item { type_: roots, id, lang: lang.as_deref().map(str::to_owned), source_paths, ..Item::default() },
            lang,
            weight: 1 + class_count,
            spent_at_open,
            classic,
            as_properties: unique(properties),
            nested: false,
            has_p_or_e: false,
            has_u: false,
            p_name: None,
            u_url: None,
            included: HashSet::new(),
            included_order: Vec::new(),
        });
    }

    /// "add properties": the element's values, one per property class name, added to the
    /// innermost open item.
    fn add_properties(
        &self,
        element: &Element,
        properties: Vec<(Kind, String)>,
        current: &mut Open,
        lang: Option<&str>,
    ) {
        current.note_kinds(&properties);
        // One value per kind of property (a `dt-end` may differ from other dt-* ones):
        // an element with many property classes is parsed once per kind.
        // A value whose text or HTML the value budget refused is left out (`None`).
        let mut computed: Vec<((Kind, bool), Option<PropertyValue>)> = Vec::new();
        for (kind, name) in properties {
            let key = (kind, kind == Kind::Dt && name == "end");
            let value = match computed.iter().find(|(k, _)| *k == key) {
                Some((_, value)) => value.clone(),
                None => {
                    let refusals = self.page.budget.refusals();
                    let value = self.property_value(kind, &name, element, current, lang);
                    let value = (self.page.budget.refusals() == refusals).then_some(value);
                    computed.push((key, value.clone()));
                    value
                }
            };
            let Some(value) = value else { continue };
            current.note_value(kind, &name, &value);
            current.weight = current.weight.saturating_add(1);
            self.record_source(&mut current.item, &name, element);
            current.item.properties.entry(name).or_default().push(value);
        }
    }

    /// The elements the include pattern adds to the innermost item from `element`, inside a
    /// classic item: each once per item, never an ancestor of `element` (or itself), within
    /// the document's include budget.
    fn includes(&self, element: &Element, state: &mut State) -> Vec<Element> {
        let mut added = Vec::new();
        let Some(current) = state.open.last_mut() else { return added };
        if current.classic.is_empty() {
            return added;
        }
        for target in include_targets(self.doc, element) {
            let cycle = target == *element || element.ancestors().any(|a| a == target);
            if cycle || current.included.contains(&target) {
                continue;
            }
            if state.include_budget == 0 {
                note_limit(&mut state.truncated, Limit::Includes);
                continue;
            }
            state.include_budget -= 1;
            current.included.insert(target.clone());
            current.included_order.push(target.clone());
            added.push(target);
        }
        added
    }

    /// With [`crate::Options::source_paths`]: records that the next value of `name` comes from
    /// `element`. A path the value budget refuses takes the item's `source-paths` away whole
    /// (its values stay; the refusal is reported as [`Limit::ValueBytes`]): a list of paths
    /// that no longer matches the values would name the wrong elements.
    fn record_source(&self, item: &mut Item, name: &str, element: &Element) {
        let Some(paths) = item.source_paths.as_mut() else { return };
        match self.source_path(element) {
            Some(path) => paths.properties.entry(name.to_owned()).or_default().push(path),
            None => item.source_paths = None,
        }
    }

    /// The path of `element`, shared with every other use of it on the page, charged to the
    /// value budget (each use writes the path's text once more in the JSON); `None` when
    /// the budget refuses it.
    fn source_path(&self, element: &Element) -> Option<SourcePath> {
        let path = self.doc.shared_path(element);
        self.page.budget.take(path.len()).then_some(SourcePath(path))
    }

    /// The value of a property on an element that is not itself a root.
    fn property_value(
        &self,
        kind: Kind,
        name: &str,
        element: &Element,
        current: &Open,
        lang: Option<&str>,
    ) -> PropertyValue {
        let classic = !current.classic.is_empty();
        match kind {
            Kind::P => PropertyValue::Text(self.p_value(element)),
            Kind::Tag => PropertyValue::Text(tag_category(element, &self.page)),
            Kind::U => self.u_value(element, classic),
            Kind::Dt => PropertyValue::Text(self.dt_value(element, name, &current.item)),
            Kind::E => PropertyValue::Html(self.e_value(element, lang)),
        }
    }

    /// microformats2 § "parsing a p- property".
    fn p_value(&self, element: &Element) -> String {
        if let Some(value) = values::value_class_text(element, &self.page) {
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
        text_of(&element.as_node(), &self.page)
    }

    /// microformats2 § "parsing a u- property". An `img` with `alt` gives `{value, alt}` in
    /// microformats2 items and the plain URL in classic ones.
    fn u_value(&self, element: &Element, classic: bool) -> PropertyValue {
        let url = if let Some(href) = attr_of(element, &["a", "area", "link"], "href") {
            Some(href)
        } else if let Some(src) = attr_of(element, &["img", "audio", "video", "source", "iframe"], "src") {
            if element.is("img") && !classic {
                return values::image_value(element, &src, &self.page);
            }
            Some(src)
        } else if let Some(poster) = attr_of(element, &["video"], "poster") {
            Some(poster)
        } else {
            attr_of(element, &["object"], "data")
        };
        if let Some(url) = url {
            return PropertyValue::Text(self.page.urls.resolve(&url));
        }
        let value = values::value_class_text(element, &self.page)
            .or_else(|| attr_of(element, &["abbr"], "title"))
            .or_else(|| attr_of(element, &["data", "input"], "value"))
            .unwrap_or_else(|| text_of(&element.as_node(), &self.page));
        PropertyValue::Text(self.page.urls.resolve(&value))
    }

    /// microformats2 § "parsing a dt- property", with the value-class-pattern's date and time
    /// assembly. A `dt-end` with only a time takes its date from the item's first `dt-start`
    /// that has one, with the value-class pattern or without it (microformats wiki,
    /// "value-class-pattern", "Date and time parsing": an end time implies the start's date).
    fn dt_value(&self, element: &Element, name: &str, item: &Item) -> String {
        let start_date =
            || item.get("start").iter().filter_map(PropertyValue::as_text).find_map(microformats::leading_date);
        if let Some(mut parts) = values::value_class_datetime(element, &self.page) {
            if name == "end" && parts.has_time() && !parts.has_date() {
                if let Some(date) = start_date() {
                    parts.imply_date(date);
                }
            }
            if let Some(value) = parts.assemble() {
                return value;
            }
        }
        let value = if let Some(datetime) = attr_of(element, &["time", "ins", "del"], "datetime") {
            datetime
        } else if let Some(title) = attr_of(element, &["abbr"], "title") {
            title
        } else if let Some(value) = attr_of(element, &["data", "input"], "value") {
            value
        } else {
            text_of(&element.as_node(), &self.page)
        };
        if name == "end" {
            if let (Some(time), Some(date)) = (values::time_only(&value), start_date()) {
                return format!("{date} {time}");
            }
        }
        value
    }

    /// microformats2 § "parsing an e- property": the inner HTML (white space at either end
    /// trimmed, as the suite expects) and the text.
    fn e_value(&self, element: &Element, lang: Option<&str>) -> Html {
        let node = element.as_node();
        Html {
            html: self
                .html
                .borrow_mut()
                .inner_html(
                    self.doc,
                    element,
                    self.options.resolve_html_urls.then_some(&self.page.urls),
                    &self.page.budget,
                )
                .trim()
                .to_owned(),
            value: text_of(&node, &self.page),
            lang: lang.map(str::to_owned),
        }
    }

    /// The p-* value of a nested item's root without the value-class-pattern (whose value
    /// elements may sit inside the item's own properties): `title`, `value` or `alt` where the
    /// element has them, else its text with the text of included elements.
    fn plain_p_value(&self, done: &Open) -> Option<ItemValue> {
        let element = &done.element;
        let value = attr_of(element, &["abbr", "link"], "title")
            .or_else(|| attr_of(element, &["data", "input"], "value"))
            .or_else(|| attr_of(element, &["img", "area"], "alt"))
            .unwrap_or_else(|| self.included_text(done));
        Some(ItemValue::Text(value))
    }

    /// The text of an item's root followed by the text of the elements it included.
    fn included_text(&self, done: &Open) -> String {
        let mut text = values::raw_text_of(&done.element.as_node(), &self.page);
        for included in &done.included_order {
            text.push_str(&values::raw_text_of(&included.as_node(), &self.page));
        }
        self.page.text.finish(&text)
    }

    /// Completes an item when the walk leaves its root: implied properties, then it becomes a
    /// property value or a child of the enclosing item, or a top-level item. Notes
    /// [`Limit::CopiedValues`] when the copy budget left out some of its copies (the value
    /// budget's refusals are reported when the walk ends).
    fn finish(
        &self,
        mut done: Open,
        open: &mut [Open],
        items: &mut Vec<Item>,
        copy_budget: &mut usize,
        truncated: &mut Vec<Limit>,
    ) {
        if done.classic.is_empty() {
            let implied = crate::implied::imply(
                &mut done.item,
                &done.element,
                done.nested,
                done.has_p_or_e,
                done.has_u,
                &self.page,
            );
            for (name, source) in &implied.sources {
                self.record_source(&mut done.item, name, source);
            }
            if done.p_name.is_none() {
                done.p_name = implied.name;
            }
            if done.u_url.is_none() {
                done.u_url = implied.url.map(ItemValue::Text);
            }
        }
        let Some(parent) = open.last_mut() else {
            items.push(done.item);
            return;
        };
        if done.as_properties.is_empty() {
            parent.weight = parent.weight.saturating_add(done.weight);
            parent.item.children.push(done.item);
            return;
        }
        let properties = std::mem::take(&mut done.as_properties);
        let count = properties.len();
        // The item's text and HTML, which each copy holds again.
        let item_bytes = self.page.budget.spent().saturating_sub(done.spent_at_open);
        for (index, (kind, name)) in properties.into_iter().enumerate() {
            // The last property takes the item itself; the others take copies while the
            // document's copy budget lasts (see DEFAULT_MAX_COPIED_VALUES) and the value budget
            // has room for the item's text and HTML once more.
            let mut item = if index + 1 == count {
                std::mem::take(&mut done.item)
            } else if *copy_budget < done.weight {
                note_limit(truncated, Limit::CopiedValues);
                continue;
            } else if self.page.budget.take(item_bytes) {
                *copy_budget -= done.weight;
                done.item.clone()
            } else {
                continue;
            };
            parent.weight = parent.weight.saturating_add(done.weight);
            // microformats2 § "parse an element for class microformats": the value of a nested
            // item is its `p-name` for a p-* property, else the element's p-* value without the
            // value-class-pattern; its `u-url` for a u-* property, else the element's u-* value.
            let refusals = self.page.budget.refusals();
            let value = match kind {
                Kind::P | Kind::Tag => done.p_name.clone().map(ItemValue::Text).or_else(|| self.plain_p_value(&done)),
                Kind::U => done.u_url.clone().or_else(|| match self.u_value(&done.element, !done.classic.is_empty()) {
                    PropertyValue::Url(url) => Some(ItemValue::Url(url)),
                    other => other.as_text().map(|t| ItemValue::Text(t.to_owned())),
                }),
                Kind::Dt => Some(ItemValue::Text(self.dt_value(&done.element, &name, &parent.item))),
                Kind::E => {
                    let html = self.e_value(&done.element, done.lang.as_deref());
                    item.html = Some(html.html);
                    Some(ItemValue::Text(html.value))
                }
            };
            let value = value.unwrap_or_else(|| ItemValue::Text(self.included_text(&done)));
            if self.page.budget.refusals() == refusals {
                item.value = Some(value);
            } else {
                // The value budget refused the value's text or HTML: the item has neither.
                item.html = None;
            }
            let value = PropertyValue::Item(Box::new(item));
            parent.note_value(kind, &name, &value);
            self.record_source(&mut parent.item, &name, &done.element);
            parent.item.properties.entry(name).or_default().push(value);
        }
    }
}

/// Whether a `class` attribute certainly gives an element neither a root type nor a property
/// here (`context`: the enclosing item's classic vocabularies, `None` outside every item): no
/// class starts like an `h-*` root or, inside a microformats2 item, like a `p-`, `u-`, `dt-` or
/// `e-` property, and none is a classic root. Inside a classic item the answer is always no:
/// its vocabularies read plain class names and `rel` values.
fn names_nothing(class_attr: &str, context: Option<&[&'static Vocabulary]>) -> bool {
    let inside_item = match context {
        None => false,
        Some([]) => true,
        Some(_) => return false,
    };
    split_ascii_whitespace(class_attr).all(|class| {
        let property = inside_item
            && (class.starts_with("p-")
                || class.starts_with("u-")
                || class.starts_with("dt-")
                || class.starts_with("e-"));
        !property && !class.starts_with("h-") && backcompat::root(class).is_none()
    })
}

/// Records that a limit was reached, once.
fn note_limit(truncated: &mut Vec<Limit>, limit: Limit) {
    if !truncated.contains(&limit) {
        truncated.push(limit);
    }
}

/// Property names without repeats. A nested item is the value of each of its root's property
/// classes once: repeating a class would only repeat a copy of the whole item.
fn unique(mut properties: Vec<(Kind, String)>) -> Vec<(Kind, String)> {
    let mut seen = HashSet::new();
    properties.retain(|p| seen.insert(p.clone()));
    properties
}

/// What a new item starts with: its root types, its classic vocabularies (empty for a
/// microformats2 root), the property classes it is a value of, and its language.
struct NewItem {
    roots: Vec<String>,
    classic: Vec<&'static Vocabulary>,
    properties: Vec<(Kind, String)>,
    lang: Option<Rc<str>>,
}

/// Backcompat: a classic property that implies a root of its own (hReview's `item`), for an
/// element without root class names inside a classic item.
fn implied_root(context: Option<&[&'static Vocabulary]>, classes: &[&str]) -> Option<&'static Vocabulary> {
    context
        .unwrap_or_default()
        .iter()
        .flat_map(|vocab| classes.iter().filter_map(|c| vocab.property(c)))
        .find_map(|p| p.implied_root)
}

#[cfg(test)]
mod tests {
    use super::names_nothing;

    #[test]
    fn class_attributes_that_name_nothing() {
        let classic = [crate::backcompat::root("vcard").unwrap()];
        assert!(names_nothing("", None));
        assert!(names_nothing("card btn-primary p-name", None));
        assert!(!names_nothing("card h-entry", None));
        assert!(!names_nothing("x vcard", None));
        assert!(!names_nothing("x p-name", Some(&[])));
        assert!(!names_nothing("e-content", Some(&[])));
        assert!(names_nothing("card title", Some(&[])));
        assert!(!names_nothing("card title", Some(&classic)));
    }
}
