//! The crate's properties algorithm against a literal transcription of HTML §5.2.5, on random
//! documents full of itemscope, itemprop, itemref and IDs.
// `Element` hashes by node identity, which its interior mutability never changes.
#![allow(clippy::mutable_key_type)]

use harvest_dom::{split_ascii_whitespace, unique_tokens, Document, Element};
use harvest_microdata::Microdata;
use std::collections::HashMap;

/// HTML §5.2.5, step by step: (results in tree order, number of microdata errors).
fn literal_properties(doc: &Document, order: &HashMap<Element, usize>, root: &Element) -> (Vec<Element>, usize) {
    let is_item = |e: &Element| e.is_html() && e.has_attr("itemscope");
    let has_names = |e: &Element| e.is_html() && e.attr("itemprop").is_some_and(|v| !unique_tokens(v).is_empty());
    // 1.
    let mut results: Vec<Element> = Vec::new();
    let mut memory: Vec<Element> = Vec::new();
    let mut pending: Vec<Element> = Vec::new();
    let mut errors = 0;
    // 2.
    memory.push(root.clone());
    // 3.
    pending.extend(root.element_children());
    // 4.
    if let Some(itemref) = root.attr("itemref") {
        for id in split_ascii_whitespace(itemref) {
            if let Some(element) = doc.element_by_id(id) {
                pending.push(element);
            }
        }
    }
    // 5–11.
    while let Some(current) = pending.pop() {
        if memory.contains(&current) {
            errors += 1;
            continue;
        }
        memory.push(current.clone());
        if !is_item(&current) {
            pending.extend(current.element_children());
        }
        if has_names(&current) {
            results.push(current);
        }
    }
    // 12.
    results.sort_by_key(|e| order[e]);
    (results, errors)
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_page(rng: &mut Rng) -> String {
    let mut html = String::new();
    let mut open = Vec::new();
    for _ in 0..(5 + rng.below(40)) {
        if !open.is_empty() && rng.below(3) == 0 {
            let name = open.pop().unwrap();
            html.push_str(&format!("</{name}>"));
            continue;
        }
        let name = ["div", "span", "p", "svg", "meta", "a"][rng.below(6) as usize];
        html.push('<');
        html.push_str(name);
        if rng.below(3) == 0 {
            html.push_str(" itemscope");
        }
        if rng.below(2) == 0 {
            let names = ["a", "b", "a b", "", " b  a a"][rng.below(5) as usize];
            html.push_str(&format!(" itemprop='{names}'"));
        }
        if rng.below(3) == 0 {
            html.push_str(&format!(" id=i{}", rng.below(6)));
        }
        if rng.below(3) == 0 {
            let refs: Vec<String> = (0..1 + rng.below(3)).map(|_| format!("i{}", rng.below(7))).collect();
            html.push_str(&format!(" itemref='{}'", refs.join(" ")));
        }
        if name == "a" {
            html.push_str(" href=x");
        }
        html.push('>');
        html.push('t');
        if name != "meta" {
            open.push(name);
        }
    }
    html
}

#[test]
fn matches_the_spec_steps_on_random_pages() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut compared = 0;
    let mut with_errors = 0;
    for _ in 0..1500 {
        let html = random_page(&mut rng);
        let doc = Document::parse(&html);
        let order: HashMap<Element, usize> = doc.elements().enumerate().map(|(i, e)| (e, i)).collect();
        let microdata = Microdata::new(&doc);
        for item in microdata.all_items() {
            let (expected, errors) = literal_properties(&doc, &order, &item.element());
            let actual: Vec<Element> = item.properties().iter().map(|p| p.element()).collect();
            assert_eq!(actual, expected, "{html}");
            assert_eq!(item.microdata_errors().len(), errors, "{html}");
            compared += 1;
            if errors > 0 {
                with_errors += 1;
            }
        }
    }
    // The generator must exercise both kinds of item.
    assert!(compared > 1000, "{compared}");
    assert!(with_errors > 50, "{with_errors}");
}

/// The validator's graph rules against the same rules computed naively from each item's
/// properties.
#[test]
fn validator_graph_rules_match_a_naive_computation() {
    use harvest_microdata::{validate, PropertyValue, Rule};
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut cycles_seen = 0;
    for _ in 0..1500 {
        let html = random_page(&mut rng);
        let doc = Document::parse(&html);
        let microdata = Microdata::new(&doc);
        let items = microdata.all_items();
        let index: HashMap<Element, usize> = items.iter().enumerate().map(|(i, item)| (item.element(), i)).collect();
        let edges: Vec<Vec<usize>> = items
            .iter()
            .map(|item| {
                item.properties()
                    .iter()
                    .filter_map(|p| match p.value() {
                        PropertyValue::Item(value) => Some(index[&value.element()]),
                        PropertyValue::Text(_) => None,
                    })
                    .collect()
            })
            .collect();
        // Unowned: elements with property names that no item lists.
        let owned: Vec<Element> = items.iter().flat_map(|item| item.properties().iter().map(|p| p.element())).collect();
        let mut unowned: Vec<String> = doc
            .elements()
            .filter(|e| {
                e.is_html() && e.attr("itemprop").is_some_and(|v| !unique_tokens(v).is_empty()) && !owned.contains(e)
            })
            .map(|e| e.path())
            .collect();
        // Reachability between items (the pages are small).
        let n = items.len();
        let mut reach = vec![vec![false; n]; n];
        for (from, row) in reach.iter_mut().enumerate() {
            let mut pending = edges[from].clone();
            while let Some(next) = pending.pop() {
                if !row[next] {
                    row[next] = true;
                    pending.extend(edges[next].iter().copied());
                }
            }
        }
        // Items on cycles, grouped: one report per group of mutually reachable items.
        let mut groups = 0;
        for (a, row) in reach.iter().enumerate() {
            let mates: Vec<usize> = (0..n).filter(|&b| b != a && row[b] && reach[b][a]).collect();
            if !mates.is_empty() && mates.iter().all(|&b| b > a) {
                groups += 1;
            }
        }
        let top: Vec<usize> = (0..n).filter(|&i| items[i].is_top_level()).collect();
        let mut unused: Vec<String> = (0..n)
            .filter(|&i| !items[i].is_top_level() && !top.iter().any(|&t| reach[t][i]))
            .map(|i| items[i].element().path())
            .collect();
        let found = validate(&doc);
        let of = |rule: Rule| -> Vec<String> {
            let mut paths: Vec<String> = found.iter().filter(|d| d.rule == rule).map(|d| d.path.clone()).collect();
            paths.sort();
            paths
        };
        unowned.sort();
        unused.sort();
        assert_eq!(of(Rule::UnownedProperty), unowned, "{html}");
        assert_eq!(of(Rule::UnusedItem), unused, "{html}");
        assert_eq!(of(Rule::ItemCycle).len(), groups, "{html}");
        cycles_seen += groups;
    }
    assert!(cycles_seen > 20, "{cycles_seen}");
}
