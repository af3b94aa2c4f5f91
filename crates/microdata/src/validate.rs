//! The authoring rules of the microdata chapter that can be checked without knowing the
//! vocabularies a page means to use (beyond the ones the chapter itself defines).

use crate::model::{is_url_property_element, Inner, Microdata, NONE};
use crate::rules::{spec_url, Rule};
use harvest_dom::{split_ascii_whitespace, ElementPaths, Url};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::fmt;

/// One authoring error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Diagnostic {
    /// The rule broken.
    pub rule: Rule,
    /// The spec and section stating it (as [`Rule::section`], or the vocabulary's own section).
    pub section: String,
    /// The URL of that section's text ([`spec_url`] of `section`).
    #[serde(default)]
    pub url: String,
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

/// Properties the vocabularies of HTML §5.3 define as absolute URLs, by item type.
const URL_PROPERTIES: &[(&str, &[&str])] = &[
    ("http://microformats.org/profile/hcard", &["photo", "impp", "logo", "member", "sound", "url"]),
    ("http://microformats.org/profile/hcalendar#vevent", &["attach", "url"]),
    ("http://n.whatwg.org/work", &["work", "license"]),
];
const HCARD: &str = "http://microformats.org/profile/hcard";

struct Report<'a> {
    inner: &'a Inner,
    paths: ElementPaths,
    /// Rule, element, message, and the section when it is more precise than the rule's.
    found: Vec<(Rule, usize, String, Option<&'static str>)>,
}

impl Report<'_> {
    fn add(&mut self, rule: Rule, node: usize, message: String) {
        self.found.push((rule, node, message, None));
    }

    fn path(&mut self, node: usize) -> String {
        let inner = self.inner;
        inner.nodes.get(node).map(|n| self.paths.path(&n.element)).unwrap_or_default()
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
        let mut report = Report { inner, paths: ElementPaths::new(), found: Vec::new() };
        self.check_attributes(&mut report);
        self.check_items(&mut report);
        for (rule, node, message, section) in crate::vocabulary::check(inner) {
            report.found.push((rule, node, message, Some(section)));
        }
        let mut found = std::mem::take(&mut report.found);
        found.sort_by_key(|(rule, node, _, _)| (*node, Rule::ALL.iter().position(|r| r == rule)));
        // Items sharing properties through itemref can each find the same vocabulary fault in
        // them: it is reported once.
        found.dedup_by(|a, b| a.3.is_some() && a.0 == b.0 && a.1 == b.1 && a.2 == b.2);
        found
            .into_iter()
            .map(|(rule, node, message, section)| Diagnostic {
                rule,
                section: section.unwrap_or(rule.section()).to_owned(),
                url: spec_url(section.unwrap_or(rule.section())).to_owned(),
                message,
                path: report.path(node),
            })
            .collect()
    }

    /// The diagnostics about `itemref` references that the JSON and RDF conversions leave out
    /// without a trace in their output: IDs no element has ([`Rule::ItemrefUnknownId`]),
    /// elements reached twice ([`Rule::MicrodataError`]) and item cycles ([`Rule::ItemCycle`],
    /// which only `itemref` can make). A page without `itemref` costs one look at each element.
    ///
    /// ```
    /// let doc = harvest_dom::Document::parse("<div itemscope itemref='nowhere'><b itemprop=a>1</b></div>");
    /// let notes = harvest_microdata::Microdata::new(&doc).itemref_diagnostics();
    /// assert_eq!(notes.len(), 1);
    /// assert_eq!(notes[0].rule, harvest_microdata::Rule::ItemrefUnknownId);
    /// ```
    pub fn itemref_diagnostics(&self) -> Vec<Diagnostic> {
        if !self.inner.nodes.iter().any(|node| node.element.is_html() && node.element.has_attr("itemref")) {
            return Vec::new();
        }
        let mut found = self.validate();
        found.retain(|d| matches!(d.rule, Rule::ItemrefUnknownId | Rule::MicrodataError | Rule::ItemCycle));
        found
    }

    /// The rules about single elements and their attributes.
    fn check_attributes(&self, report: &mut Report<'_>) {
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
                    for token in duplicates(value) {
                        report.add(Rule::DuplicateToken, index, format!("itemprop repeats the token {token:?}"));
                    }
                }
                if !node.itemscope && element.local_name() != "meta" && element.has_attr("content") {
                    report.add(
                        Rule::ContentAttribute,
                        index,
                        format!(
                            "the content attribute of a {} element is not microdata (only meta has one); it is \
                             read only with the content-attribute option",
                            element.local_name()
                        ),
                    );
                }
                for name in &node.names {
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
                if Url::options().base_url(inner.base_url.as_ref()).parse(value).is_err() {
                    report.add(Rule::InvalidItemid, index, format!("itemid {value:?} is not a valid URL"));
                }
            }
            if !node.itemscope {
                continue;
            }
            if let Some(value) = element.attr("itemtype") {
                if split_ascii_whitespace(value).next().is_none() {
                    report.add(Rule::EmptyItemtype, index, "the itemtype attribute has no tokens".into());
                }
                for token in split_ascii_whitespace(value) {
                    if !is_absolute_url(token) {
                        report.add(
                            Rule::ItemtypeNotAbsoluteUrl,
                            index,
                            format!("item type {token:?} is not an absolute URL"),
                        );
                    }
                }
                for token in duplicates(value) {
                    report.add(Rule::DuplicateToken, index, format!("itemtype repeats the token {token:?}"));
                }
            }
            if let Some(value) = element.attr("itemref") {
                for token in duplicates(value) {
                    report.add(Rule::DuplicateToken, index, format!("itemref repeats the token {token:?}"));
                }
                for token in split_ascii_whitespace(value) {
                    let Some(&target) = inner.ids().get(token) else {
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

    /// The rules about items and their properties. They work from the parts each item's
    /// properties come from — its own subtree and its distinct itemref targets, whose reach is
    /// shared — rather than from per-item lists, which grow with items × shared targets.
    fn check_items(&self, report: &mut Report<'_>) {
        let inner = &*self.inner;
        let mut parts = Parts { own: Vec::new(), targets: Vec::new(), region_node: HashMap::new() };
        // For each target, up to two distinct items naming it.
        let mut referrers: HashMap<usize, Vec<usize>> = HashMap::new();
        for data in &inner.items {
            let root = data.node;
            let tokens = inner.targets(root);
            for node in inner.microdata_errors(root, &tokens) {
                let message = if node == root {
                    "finding this item's properties reaches the item's own element again (through itemref)".to_owned()
                } else {
                    format!("finding this item's properties reaches {} twice", report.path(node))
                };
                report.add(Rule::MicrodataError, root, message);
            }
            let mut distinct = Vec::new();
            let mut seen = HashSet::new();
            for target in tokens {
                if seen.insert(target) {
                    distinct.push(target);
                    let items = referrers.entry(target).or_default();
                    if items.len() < 2 && !items.contains(&root) {
                        items.push(root);
                    }
                    let next = inner.items.len() + parts.region_node.len();
                    parts.region_node.entry(target).or_insert(next);
                }
            }
            parts.own.push(inner.own_region(root));
            parts.targets.push(distinct);
        }
        // A target's reach belongs to every item naming it, except that an item is never its
        // own property. An element is in the reach of the targets among itself and its
        // ancestors up to the nearest one with itemscope (exclusive), so one pass in tree order
        // carries, for every element, up to two distinct items whose targets reach it.
        let mut owned = vec![false; inner.nodes.len()];
        for list in &parts.own {
            for &node in list {
                owned[node] = true;
            }
        }
        let mut reached_by: Vec<[usize; 2]> = vec![[NONE; 2]; inner.nodes.len()];
        for (index, node) in inner.nodes.iter().enumerate() {
            let mut by = [NONE; 2];
            let mut add = |item: usize| {
                if by[0] == NONE {
                    by[0] = item;
                } else if by[0] != item && by[1] == NONE {
                    by[1] = item;
                }
            };
            if node.parent != NONE && !inner.nodes[node.parent].itemscope {
                for item in reached_by[node.parent] {
                    if item != NONE {
                        add(item);
                    }
                }
            }
            if let Some(items) = referrers.get(&index) {
                for &item in items {
                    add(item);
                }
            }
            reached_by[index] = by;
            if !node.names.is_empty() && by.iter().any(|&item| item != NONE && item != index) {
                owned[index] = true;
            }
        }
        for (index, node) in inner.nodes.iter().enumerate() {
            if !node.names.is_empty() && !owned[index] {
                report.add(Rule::UnownedProperty, index, "this itemprop element is not a property of any item".into());
            }
        }
        self.check_graph(report, &parts);
        self.check_url_properties(report, &parts);
    }

    /// Cycles among items, and items no top-level item leads to, on a graph of items and
    /// target reaches: an item leads to the items among its own properties and to the reach of
    /// each target it names; a reach leads to the items in it. Two items lie on a cycle of the
    /// item graph exactly when they share a strongly connected component here (the only other
    /// closed walk, an item through a target back to itself, is not an edge of the item graph:
    /// an item is never its own property).
    fn check_graph(&self, report: &mut Report<'_>, parts: &Parts) {
        let inner = &*self.inner;
        let items = inner.items.len();
        let mut regions: Vec<usize> = vec![NONE; parts.region_node.len()];
        for (&target, &node) in &parts.region_node {
            regions[node - items] = target;
        }
        let total = items + regions.len();
        let item_values = |list: &[usize]| -> Vec<usize> {
            list.iter().filter(|&&n| inner.nodes[n].itemscope).map(|&n| inner.nodes[n].item).collect()
        };
        let successors = |node: usize| -> Vec<usize> {
            if node < items {
                let mut next = item_values(&parts.own[node]);
                next.extend(parts.targets[node].iter().filter_map(|t| parts.region_node.get(t).copied()));
                next
            } else {
                let segment = inner.segment(regions[node - items]);
                let mut next = item_values(&segment.found);
                next.extend(segment.nested.iter().filter_map(|t| parts.region_node.get(t).copied()));
                next
            }
        };
        // Tarjan's strongly connected components, with explicit stacks.
        let mut order = vec![NONE; total];
        let mut low = vec![0; total];
        let mut on_stack = vec![false; total];
        let mut component: Vec<usize> = Vec::new();
        let mut counter = 0;
        for start in 0..total {
            if order[start] != NONE {
                continue;
            }
            let mut calls: Vec<(usize, Vec<usize>, usize)> = Vec::new();
            order[start] = counter;
            low[start] = counter;
            counter += 1;
            component.push(start);
            on_stack[start] = true;
            calls.push((start, successors(start), 0));
            while let Some((node, next, position)) = calls.last_mut() {
                let node = *node;
                if let Some(&child) = next.get(*position) {
                    *position += 1;
                    if order[child] == NONE {
                        order[child] = counter;
                        low[child] = counter;
                        counter += 1;
                        component.push(child);
                        on_stack[child] = true;
                        calls.push((child, successors(child), 0));
                    } else if on_stack[child] {
                        low[node] = low[node].min(order[child]);
                    }
                    continue;
                }
                calls.pop();
                if let Some((parent, _, _)) = calls.last() {
                    low[*parent] = low[*parent].min(low[node]);
                }
                if low[node] == order[node] {
                    let mut members = Vec::new();
                    while let Some(member) = component.pop() {
                        on_stack[member] = false;
                        if member < items {
                            members.push(member);
                        }
                        if member == node {
                            break;
                        }
                    }
                    if members.len() > 1 {
                        members.sort_unstable();
                        let first = inner.items[members[0]].node;
                        let second = report.path(inner.items[members[1]].node);
                        let message = format!(
                            "this item is on a cycle of {} items that are each other's property values (with {second})",
                            members.len()
                        );
                        report.add(Rule::ItemCycle, first, message);
                    }
                }
            }
        }
        // Used items: those the top-level items lead to.
        let mut used = vec![false; total];
        let mut pending: Vec<usize> = (0..items).filter(|&i| !inner.nodes[inner.items[i].node].itemprop_attr).collect();
        for &item in &pending {
            used[item] = true;
        }
        while let Some(node) = pending.pop() {
            for next in successors(node) {
                if !used[next] {
                    used[next] = true;
                    pending.push(next);
                }
            }
        }
        for item in (0..items).filter(|&i| !used[i]) {
            report.add(
                Rule::UnusedItem,
                inner.items[item].node,
                "this item has itemprop but is not a property of any item a top-level item leads to".into(),
            );
        }
    }

    fn check_url_properties(&self, report: &mut Report<'_>, parts: &Parts) {
        let inner = &*self.inner;
        // Each (element, name) is reported once, and each target's reach checked once per
        // vocabulary.
        let mut reported: HashSet<(usize, &str)> = HashSet::new();
        let mut checked: HashSet<(usize, usize)> = HashSet::new();
        let mut related: Vec<usize> = Vec::new();
        let mut related_seen: HashSet<usize> = HashSet::new();
        let mut check = |report: &mut Report<'_>,
                         list: &[usize],
                         names: &[&str],
                         vocabulary: &str,
                         related: &mut Vec<usize>| {
            for &node in list {
                let entry = &inner.nodes[node];
                if entry.itemscope {
                    // The url of a related item (a property of a vCard item) is a URL too.
                    if vocabulary == HCARD
                        && entry.names.iter().any(|n| n == "related")
                        && !inner.items[entry.item].types.iter().any(|t| t == HCARD)
                        && related_seen.insert(entry.item)
                    {
                        related.push(entry.item);
                    }
                    continue;
                }
                if is_url_property_element(&entry.element) {
                    continue;
                }
                for name in entry.names.iter().filter(|name| names.contains(&name.as_str())) {
                    if reported.insert((node, name.as_str())) {
                        report.add(
                            Rule::UrlPropertyElement,
                            node,
                            format!("{name} of a {vocabulary} item is an absolute URL and must be given on a URL property element"),
                        );
                    }
                }
            }
        };
        for (item, data) in inner.items.iter().enumerate() {
            for (vocabulary_index, (vocabulary, names)) in URL_PROPERTIES.iter().enumerate() {
                if !data.types.iter().any(|t| t == vocabulary) {
                    continue;
                }
                check(report, &parts.own[item], names, vocabulary, &mut related);
                let mut pending = parts.targets[item].clone();
                while let Some(target) = pending.pop() {
                    if checked.insert((target, vocabulary_index)) {
                        let segment = inner.segment(target);
                        check(report, &segment.found, names, vocabulary, &mut related);
                        pending.extend_from_slice(&segment.nested);
                    }
                }
            }
        }
        let related_index = URL_PROPERTIES.len();
        let mut done = 0;
        while let Some(&item) = related.get(done) {
            done += 1;
            let mut found = Vec::new();
            check(report, &parts.own[item], &["url"], "vCard related", &mut found);
            let mut pending = parts.targets[item].clone();
            while let Some(target) = pending.pop() {
                if checked.insert((target, related_index)) {
                    let segment = inner.segment(target);
                    check(report, &segment.found, &["url"], "vCard related", &mut found);
                    pending.extend_from_slice(&segment.nested);
                }
            }
        }
    }
}

/// Where each item's properties come from: its own subtree's property elements, and its
/// distinct itemref targets (each with a node number in the item graph).
struct Parts {
    own: Vec<Vec<usize>>,
    targets: Vec<Vec<usize>>,
    region_node: HashMap<usize, usize>,
}
