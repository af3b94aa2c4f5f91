//! The authoring rules of the microdata chapter that can be checked without knowing the
//! vocabularies a page means to use (beyond the ones the chapter itself defines).

use crate::model::{is_url_property_element, Inner, Microdata, NONE};
use harvest_dom::{split_ascii_whitespace, Url};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::fmt;

/// An authoring rule the validator checks. Each names the spec section that states it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// 001 §5.2.5: "A document must not contain any items for which the algorithm to find the
    /// properties of an item finds any microdata errors" — an element reached twice (an
    /// `itemref` target that is also reached another way, or the item's own element reached
    /// again through `itemref`).
    MicrodataError,
    /// 001 §5.2.5: the graph of items and their item-valued properties must have no cycles.
    ItemCycle,
    /// 001 §5.2.5: every element with `itemprop` must be a property of some item.
    UnownedProperty,
    /// 003 §5.2.5: every item must be a used microdata item (top-level, or the property of a
    /// used item).
    UnusedItem,
    /// 001 §5.2.3: the `itemprop` value must have at least one token.
    EmptyItemprop,
    /// 001 §5.2.2, §5.2.3: `itemtype`, `itemprop` and `itemref` are sets of *unique* tokens.
    DuplicateToken,
    /// 001 §5.2.2: `itemtype`, `itemid` and `itemref` must not be specified on elements
    /// without `itemscope`.
    AttributeWithoutItemscope,
    /// 001 §5.2.2: `itemid` must not be specified on elements without both `itemscope` and
    /// `itemtype`.
    ItemidWithoutItemtype,
    /// 001 §5.2.2: `itemid` must be a valid URL potentially surrounded by spaces (checked
    /// here as: it parses against the document base URL).
    InvalidItemid,
    /// 001 §5.2.2: the `itemtype` value must have at least one token.
    EmptyItemtype,
    /// 001 §5.2.2: each `itemtype` token must be a valid absolute URL.
    ItemtypeNotAbsoluteUrl,
    /// 001 §5.2.2: `itemref` tokens are IDs of elements in the same tree.
    ItemrefUnknownId,
    /// 000 (the `itemref` attribute): a referenced element's nearest ancestor with `itemscope`
    /// must not be the element with the `itemref` attribute.
    ItemrefTargetInScope,
    /// 001 §5.2.3: a property name is an absolute URL, or contains no `.` and no `:`.
    PropertyNameSyntax,
    /// 001 §5.2.4: a property whose value is defined to be an absolute URL must be given on a
    /// URL property element (checked for the vocabularies of 001 §5.3: vCard, vEvent and
    /// licensing works).
    UrlPropertyElement,
}

impl Rule {
    /// Every rule, in the order diagnostics about one element are reported.
    pub const ALL: [Rule; 15] = [
        Rule::MicrodataError,
        Rule::ItemCycle,
        Rule::UnownedProperty,
        Rule::UnusedItem,
        Rule::EmptyItemprop,
        Rule::DuplicateToken,
        Rule::AttributeWithoutItemscope,
        Rule::ItemidWithoutItemtype,
        Rule::InvalidItemid,
        Rule::EmptyItemtype,
        Rule::ItemtypeNotAbsoluteUrl,
        Rule::ItemrefUnknownId,
        Rule::ItemrefTargetInScope,
        Rule::PropertyNameSyntax,
        Rule::UrlPropertyElement,
    ];

    /// The rule's name (kebab-case, as serialized).
    pub fn name(self) -> &'static str {
        match self {
            Rule::MicrodataError => "microdata-error",
            Rule::ItemCycle => "item-cycle",
            Rule::UnownedProperty => "unowned-property",
            Rule::UnusedItem => "unused-item",
            Rule::EmptyItemprop => "empty-itemprop",
            Rule::DuplicateToken => "duplicate-token",
            Rule::AttributeWithoutItemscope => "attribute-without-itemscope",
            Rule::ItemidWithoutItemtype => "itemid-without-itemtype",
            Rule::InvalidItemid => "invalid-itemid",
            Rule::EmptyItemtype => "empty-itemtype",
            Rule::ItemtypeNotAbsoluteUrl => "itemtype-not-absolute-url",
            Rule::ItemrefUnknownId => "itemref-unknown-id",
            Rule::ItemrefTargetInScope => "itemref-target-in-scope",
            Rule::PropertyNameSyntax => "property-name-syntax",
            Rule::UrlPropertyElement => "url-property-element",
        }
    }

    /// The spec file and section stating the rule.
    pub fn section(self) -> &'static str {
        match self {
            Rule::MicrodataError | Rule::ItemCycle | Rule::UnownedProperty => "001 §5.2.5",
            Rule::UnusedItem => "003 §5.2.5",
            Rule::EmptyItemprop | Rule::PropertyNameSyntax => "001 §5.2.3",
            Rule::DuplicateToken
            | Rule::AttributeWithoutItemscope
            | Rule::ItemidWithoutItemtype
            | Rule::InvalidItemid
            | Rule::EmptyItemtype
            | Rule::ItemtypeNotAbsoluteUrl
            | Rule::ItemrefUnknownId => "001 §5.2.2",
            Rule::ItemrefTargetInScope => "000 (the itemref attribute)",
            Rule::UrlPropertyElement => "001 §5.2.4",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One authoring error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    /// The rule broken.
    pub rule: Rule,
    /// The spec file and section stating it (as [`Rule::section`]).
    pub section: String,
    /// What is wrong, in words.
    pub message: String,
    /// The element, as a CSS-like path from the root element (`html>body>div:nth-child(2)>span`,
    /// as [`harvest_dom::Element::path`] writes it).
    pub path: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} [{}, {}]", self.path, self.message, self.rule, self.section)
    }
}

/// Properties the vocabularies of 001 §5.3 define as absolute URLs, by item type.
const URL_PROPERTIES: &[(&str, &[&str])] = &[
    ("http://microformats.org/profile/hcard", &["photo", "impp", "logo", "member", "sound", "url"]),
    ("http://microformats.org/profile/hcalendar#vevent", &["attach", "url"]),
    ("http://n.whatwg.org/work", &["work", "license"]),
];
const HCARD: &str = "http://microformats.org/profile/hcard";

/// Element paths, computed from the element table in linear time (the DOM's own
/// `Element::path` looks at siblings for every step).
struct Paths {
    position: Vec<usize>,
    same_name_sibling: Vec<bool>,
}

impl Paths {
    fn new(inner: &Inner) -> Paths {
        let count = inner.nodes.len();
        let mut position = vec![0; count];
        let mut same_name_sibling = vec![false; count];
        let mut children: HashMap<usize, usize> = HashMap::new();
        let mut names: HashMap<(usize, &str), usize> = HashMap::new();
        for (index, node) in inner.nodes.iter().enumerate() {
            let seen = children.entry(node.parent).or_insert(0);
            *seen += 1;
            position[index] = *seen;
            *names.entry((node.parent, node.element.local_name())).or_insert(0) += 1;
        }
        for (index, node) in inner.nodes.iter().enumerate() {
            same_name_sibling[index] = names.get(&(node.parent, node.element.local_name())).is_some_and(|&n| n > 1);
        }
        Paths { position, same_name_sibling }
    }

    fn path(&self, inner: &Inner, node: usize) -> String {
        let mut steps = Vec::new();
        let mut current = node;
        while current != NONE {
            let mut step = inner.nodes[current].element.local_name().to_owned();
            if self.same_name_sibling[current] {
                step.push_str(&format!(":nth-child({})", self.position[current]));
            }
            steps.push(step);
            current = inner.nodes[current].parent;
        }
        steps.reverse();
        steps.join(">")
    }
}

struct Report<'a> {
    inner: &'a Inner,
    paths: Option<Paths>,
    found: Vec<(Rule, usize, String)>,
}

impl Report<'_> {
    fn add(&mut self, rule: Rule, node: usize, message: String) {
        self.found.push((rule, node, message));
    }

    fn path(&mut self, node: usize) -> String {
        let inner = self.inner;
        self.paths.get_or_insert_with(|| Paths::new(inner)).path(inner, node)
    }
}

fn duplicates(value: &str) -> Vec<&str> {
    let mut seen = HashSet::new();
    let mut reported = HashSet::new();
    let mut repeated = Vec::new();
    for token in split_ascii_whitespace(value) {
        if !seen.insert(token) && reported.insert(token) {
            repeated.push(token);
        }
    }
    repeated
}

fn is_absolute_url(token: &str) -> bool {
    Url::parse(token).is_ok()
}

impl Microdata {
    /// Checks the document against the authoring rules; see [`crate::validate`].
    pub fn validate(&self) -> Vec<Diagnostic> {
        let inner = &*self.inner;
        let mut report = Report { inner, paths: None, found: Vec::new() };
        self.check_attributes(&mut report);
        self.check_items(&mut report);
        let mut found = std::mem::take(&mut report.found);
        found.sort_by_key(|(rule, node, _)| (*node, Rule::ALL.iter().position(|r| r == rule)));
        found
            .into_iter()
            .map(|(rule, node, message)| Diagnostic {
                rule,
                section: rule.section().to_owned(),
                message,
                path: report.path(node),
            })
            .collect()
    }

    /// The rules about single elements and their attributes.
    fn check_attributes(&self, report: &mut Report) {
        let inner = &*self.inner;
        for (index, node) in inner.nodes.iter().enumerate() {
            let element = &node.element;
            if !element.is_html() {
                continue;
            }
            if node.itemprop_attr {
                if node.names.is_empty() {
                    report.add(Rule::EmptyItemprop, index, "the itemprop attribute has no tokens".into());
                }
                if let Some(value) = element.attr("itemprop") {
                    for token in duplicates(&value) {
                        report.add(Rule::DuplicateToken, index, format!("itemprop repeats the token {token:?}"));
                    }
                }
                for name in node.names.iter() {
                    if name.contains(['.', ':']) && !is_absolute_url(name) {
                        report.add(
                            Rule::PropertyNameSyntax,
                            index,
                            format!("property name {name:?} contains '.' or ':' but is not an absolute URL"),
                        );
                    }
                }
            }
            for attribute in ["itemtype", "itemid", "itemref"] {
                if !node.itemscope && element.has_attr(attribute) {
                    report.add(
                        Rule::AttributeWithoutItemscope,
                        index,
                        format!("{attribute} is specified on an element without itemscope"),
                    );
                }
            }
            if let Some(value) = element.attr("itemid") {
                if node.itemscope && !element.has_attr("itemtype") {
                    report.add(Rule::ItemidWithoutItemtype, index, "itemid is specified without itemtype".into());
                }
                if Url::options().base_url(inner.base_url.as_ref()).parse(&value).is_err() {
                    report.add(Rule::InvalidItemid, index, format!("itemid {:?} is not a valid URL", &*value));
                }
            }
            if !node.itemscope {
                continue;
            }
            if let Some(value) = element.attr("itemtype") {
                if split_ascii_whitespace(&value).next().is_none() {
                    report.add(Rule::EmptyItemtype, index, "the itemtype attribute has no tokens".into());
                }
                for token in split_ascii_whitespace(&value) {
                    if !is_absolute_url(token) {
                        report.add(
                            Rule::ItemtypeNotAbsoluteUrl,
                            index,
                            format!("item type {token:?} is not an absolute URL"),
                        );
                    }
                }
                for token in duplicates(&value) {
                    report.add(Rule::DuplicateToken, index, format!("itemtype repeats the token {token:?}"));
                }
            }
            if let Some(value) = element.attr("itemref") {
                for token in duplicates(&value) {
                    report.add(Rule::DuplicateToken, index, format!("itemref repeats the token {token:?}"));
                }
                for token in split_ascii_whitespace(&value) {
                    let Some(&target) = inner.ids.get(token) else {
                        report.add(
                            Rule::ItemrefUnknownId,
                            index,
                            format!("itemref names {token:?}, which no element has as its ID"),
                        );
                        continue;
                    };
                    let mut ancestor = inner.nodes[target].parent;
                    while ancestor != NONE && !inner.nodes[ancestor].itemscope {
                        ancestor = inner.nodes[ancestor].parent;
                    }
                    if ancestor == index {
                        report.add(
                            Rule::ItemrefTargetInScope,
                            index,
                            format!("itemref names {token:?}, an element inside this item already"),
                        );
                    }
                }
            }
        }
    }

    /// The rules about items and their properties.
    fn check_items(&self, report: &mut Report) {
        let inner = &*self.inner;
        let mut owned = vec![false; inner.nodes.len()];
        for item in 0..inner.items.len() {
            let crawl = inner.crawl(item);
            let root = inner.items[item].node;
            for &node in crawl.properties.iter() {
                owned[node] = true;
            }
            for &node in &crawl.errors {
                let message = if node == root {
                    "finding this item's properties reaches the item's own element again (through itemref)".to_owned()
                } else {
                    format!("finding this item's properties reaches {} twice", report.path(node))
                };
                report.add(Rule::MicrodataError, root, message);
            }
        }
        for (index, node) in inner.nodes.iter().enumerate() {
            if !node.names.is_empty() && !owned[index] {
                report.add(Rule::UnownedProperty, index, "this itemprop element is not a property of any item".into());
            }
        }
        self.check_graph(report);
        self.check_url_properties(report);
    }

    /// Cycles among items, and items no top-level item leads to.
    fn check_graph(&self, report: &mut Report) {
        let inner = &*self.inner;
        let count = inner.items.len();
        let children = |item: usize| -> Vec<usize> {
            inner
                .crawl(item)
                .properties
                .iter()
                .filter(|&&n| inner.nodes[n].itemscope)
                .map(|&n| inner.nodes[n].item)
                .collect()
        };
        // Depth-first search with an explicit stack: 0 = new, 1 = on the stack, 2 = done.
        let mut state = vec![0u8; count];
        let mut reported: HashSet<(usize, usize)> = HashSet::new();
        for start in 0..count {
            if state[start] != 0 {
                continue;
            }
            let mut stack: Vec<(usize, Vec<usize>, usize)> = vec![(start, children(start), 0)];
            state[start] = 1;
            while let Some((item, next, position)) = stack.last_mut() {
                let Some(&child) = next.get(*position) else {
                    state[*item] = 2;
                    stack.pop();
                    continue;
                };
                *position += 1;
                let item = *item;
                match state[child] {
                    0 => {
                        state[child] = 1;
                        stack.push((child, children(child), 0));
                    }
                    1 if reported.insert((item, child)) => {
                        let message = format!(
                            "this item has the item of {} as a property value, which leads back to this item",
                            report.path(inner.items[child].node)
                        );
                        report.add(Rule::ItemCycle, inner.items[item].node, message);
                    }
                    _ => {}
                }
            }
        }
        // Used items: reachable from top-level items.
        let mut used = vec![false; count];
        let mut pending: Vec<usize> = (0..count).filter(|&i| !inner.nodes[inner.items[i].node].itemprop_attr).collect();
        for &item in &pending {
            used[item] = true;
        }
        while let Some(item) = pending.pop() {
            for child in children(item) {
                if !used[child] {
                    used[child] = true;
                    pending.push(child);
                }
            }
        }
        for (item, is_used) in used.iter().enumerate() {
            if !is_used {
                report.add(
                    Rule::UnusedItem,
                    inner.items[item].node,
                    "this item has itemprop but is not a property of any item a top-level item leads to".into(),
                );
            }
        }
    }

    fn check_url_properties(&self, report: &mut Report) {
        let inner = &*self.inner;
        let check = |report: &mut Report, item: usize, names: &[&str], vocabulary: &str| {
            for &node in inner.crawl(item).properties.iter() {
                let entry = &inner.nodes[node];
                if entry.itemscope || is_url_property_element(&entry.element) {
                    continue;
                }
                for name in entry.names.iter().filter(|name| names.contains(&name.as_str())) {
                    report.add(
                        Rule::UrlPropertyElement,
                        node,
                        format!("{name} of a {vocabulary} item is an absolute URL and must be given on a URL property element"),
                    );
                }
            }
        };
        for (item, data) in inner.items.iter().enumerate() {
            for (vocabulary, names) in URL_PROPERTIES {
                if !data.types.iter().any(|t| t == vocabulary) {
                    continue;
                }
                check(report, item, names, vocabulary);
                if *vocabulary == HCARD {
                    // The url of a related item (a property of the vCard item) is a URL too.
                    for &node in inner.crawl(item).properties.iter() {
                        let entry = &inner.nodes[node];
                        if entry.itemscope
                            && entry.names.iter().any(|n| n == "related")
                            && !inner.items[entry.item].types.iter().any(|t| t == HCARD)
                        {
                            check(report, entry.item, &["url"], vocabulary);
                        }
                    }
                }
            }
        }
    }
}
