//! Hostile input: deep nesting, itemref loops and chains, itemref webs that explode the output.
//! The linear-time checks double the input and compare the best of three timings.

use harvest_dom::{Document, ParseOptions};
use harvest_microdata::{to_json, try_to_json, validate, JsonDocument, JsonOptions, LimitExceeded, Microdata, Rule};
use std::time::{Duration, Instant};

/// Asserts that `work(2n)` costs less than three times `work(n)` (the shared doubling check;
/// `work` builds its own input, so the timing includes it).
fn assert_linear(what: &str, n: usize, work: impl Fn(usize)) {
    harvest_test_support::assert_linear(what, n, |n| n, |&n| work(n));
}

#[test]
fn a_million_nested_elements_inside_one_item() {
    let depth = 1_000_000;
    let html = format!(
        "<div itemscope itemtype='https://e.example/T'><span itemprop=top>t</span>{}<meta itemprop=deep content=d>{}</div>",
        "<div>".repeat(depth),
        "</div>".repeat(depth)
    );
    let doc = Document::parse(&html);
    let json = to_json(&doc, &JsonOptions::new());
    assert_eq!(json, r#"{"items":[{"type":["https://e.example/T"],"properties":{"top":["t"],"deep":["d"]}}]}"#);
    assert!(validate(&doc).is_empty());
}

#[test]
fn real_depth_is_walked_without_recursion() {
    // The DOM keeps 100,000 levels here, so the table, the crawl and the paths see them all.
    let depth = 100_000;
    let html = format!(
        "<div itemscope>{}<i itemprop=deep itemscope><b itemprop=x>d</b></i><p itemprop=orphan-twin>{}</div>",
        "<span>".repeat(depth),
        "</span>".repeat(depth)
    );
    let doc = Document::parse_with(&html, &ParseOptions::new().max_depth(depth + 10));
    assert!(!doc.depth_limit_hit());
    let microdata = Microdata::new(&doc);
    let items = microdata.items();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].properties().names(), ["deep", "orphan-twin"]);
    assert!(to_json(&doc, &JsonOptions::new()).contains(r#""deep":[{"properties":{"x":["d"]}}]"#));
    assert!(microdata.validate().is_empty());
}

#[test]
fn an_itemref_loop_terminates() {
    let html = "<div itemscope itemref=a></div>\
        <div itemscope itemprop=p id=a itemref=b></div>\
        <div itemscope itemprop=q id=b itemref=a></div>\
        <div itemscope id=self itemref='self self'><i itemprop=n>x</i></div>";
    let doc = Document::parse(html);
    assert_eq!(
        to_json(&doc, &JsonOptions::new()),
        r#"{"items":[{"properties":{"p":[{"properties":{"q":[{"properties":{"p":["ERROR"]}}]}}]}},{"properties":{"n":["x"]}}]}"#
    );
    let rules: Vec<Rule> = validate(&doc).into_iter().map(|d| d.rule).collect();
    assert!(rules.contains(&Rule::ItemCycle), "{rules:?}");
    assert_eq!(rules.iter().filter(|r| **r == Rule::MicrodataError).count(), 2, "{rules:?}");
}

fn chain(n: usize) -> String {
    let mut html = String::from("<div itemscope itemref=i1></div>");
    for k in 1..=n {
        let itemref = if k < n { format!(" itemref=i{}", k + 1) } else { String::new() };
        html.push_str(&format!("<div itemscope itemprop=next id=i{k}{itemref}><i itemprop=n>{k}</i></div>"));
    }
    html
}

#[test]
fn a_chain_of_items_each_referencing_the_next_is_linear() {
    let n = 10_000;
    let doc = Document::parse(&chain(n));
    // As deep as the chain is long: past the default depth bound (see the next test).
    let deep = JsonOptions::new().max_depth(usize::MAX);
    let json = to_json(&doc, &deep);
    assert_eq!(json.matches(r#""next":[{"#).count(), n);
    assert!(json.ends_with(&format!(r#""n":["{n}"]}}}}{}]}}"#, "]}}".repeat(n))), "{}", &json[json.len() - 100..]);
    // The typed document, built by the same walk, nests as deep, and drops without recursion.
    let document = Microdata::new(&doc).to_json_document(&deep);
    assert_eq!(document, JsonDocument::from_json(&json).unwrap());
    drop(document);
    assert!(validate(&doc).is_empty());
    assert_linear("chain", n, |n| {
        let doc = Document::parse(&chain(n));
        let json = to_json(&doc, &deep);
        assert!(json.len() > n);
        assert!(validate(&doc).is_empty());
    });
}

#[test]
fn a_chain_past_the_depth_bound_is_cut_and_says_so() {
    let doc = Document::parse(&chain(100_000));
    let json = to_json(&doc, &JsonOptions::new());
    // The top-level item and 31 nested in it: 32 items deep.
    assert_eq!(json.matches(r#""next":[{"#).count(), harvest_microdata::DEFAULT_MAX_DEPTH - 1);
    assert!(json.ends_with(r#""truncated":true}"#), "{}", &json[json.len() - 100..]);
    // Within what serde_json reads by default (128 levels).
    assert!(serde_json::from_str::<serde_json::Value>(&json).is_ok());
    let limit = LimitExceeded::Depth(harvest_microdata::DEFAULT_MAX_DEPTH);
    assert_eq!(try_to_json(&doc, &JsonOptions::new()), Err(limit));
    let microdata = Microdata::new(&doc);
    assert_eq!(microdata.try_to_json_document(&JsonOptions::new()), Err(limit));
    // The typed document is cut alike, and serializes as shallow.
    let document = microdata.to_json_document(&JsonOptions::new());
    assert!(document.truncated);
    assert_eq!(document, JsonDocument::from_json(&json).unwrap());
    assert_eq!(serde_json::to_string(&document).unwrap(), json);
    // A lower bound, and none at all.
    let two = to_json(&doc, &JsonOptions::new().max_depth(2));
    assert_eq!(two.matches(r#""next":[{"#).count(), 1);
    assert_eq!(to_json(&doc, &JsonOptions::new().max_depth(0)), r#"{"items":[],"truncated":true}"#);
}

/// `levels` levels of two items, each naming both items of the next level with itemref: every
/// level doubles the output.
fn web(levels: usize) -> String {
    let mut html = String::from("<div itemscope itemref='a0 b0'></div>");
    for k in 0..levels {
        for name in ["a", "b"] {
            html.push_str(&format!("<div itemscope itemprop=p id={name}{k} itemref='a{} b{}'></div>", k + 1, k + 1));
        }
    }
    html
}

#[test]
fn an_itemref_web_hits_the_output_limit() {
    let doc = Document::parse(&web(60));
    let start = Instant::now();
    // 60 levels: past the depth bound, which this test is not about.
    let deep = JsonOptions::new().max_depth(usize::MAX);
    let json = to_json(&doc, &deep.max_values(100_000));
    assert!(json.ends_with(r#"],"truncated":true}"#));
    assert_eq!(json.matches("properties").count(), 100_001);
    assert_eq!(try_to_json(&doc, &deep.max_values(100_000)), Err(LimitExceeded::Values(100_000)));
    assert_eq!(try_to_json(&doc, &deep.max_bytes(1 << 20)), Err(LimitExceeded::Bytes(1 << 20)));
    // The typed document stops at the same limits.
    let microdata = Microdata::new(&doc);
    let built = microdata.try_to_json_document(&deep.max_values(100_000));
    assert_eq!(built, Err(LimitExceeded::Values(100_000)));
    let built = microdata.try_to_json_document(&deep.max_bytes(1 << 20));
    assert_eq!(built, Err(LimitExceeded::Bytes(1 << 20)));
    // With the default limits too, the output stops at the limit, quickly.
    let json = to_json(&doc, &deep);
    assert!(json.len() <= harvest_microdata::DEFAULT_MAX_BYTES + 1_000_000);
    assert!(json.ends_with(r#""truncated":true}"#));
    assert!(start.elapsed() < Duration::from_secs(20), "{:?}", start.elapsed());
    // A small web is written whole: 2 + 4 + ... + 2^5 nested items.
    let small = to_json(&Document::parse(&web(5)), &JsonOptions::new());
    assert_eq!(small.matches("properties").count(), 1 + 2 + 4 + 8 + 16 + 32);
}

fn shared_footer(items: usize, footer: usize) -> String {
    let mut html = String::new();
    for _ in 0..items {
        html.push_str("<div itemscope itemref=footer><i itemprop=n>x</i></div>");
    }
    html.push_str("<footer id=footer>");
    for _ in 0..footer {
        html.push_str("<p>no properties here</p>");
    }
    html.push_str("<span itemprop=license>MIT</span></footer>");
    html
}

#[test]
fn many_items_sharing_one_large_itemref_target_stay_linear() {
    let doc = Document::parse(&shared_footer(3, 10));
    assert_eq!(
        to_json(&doc, &JsonOptions::new()),
        r#"{"items":[{"properties":{"n":["x"],"license":["MIT"]}},{"properties":{"n":["x"],"license":["MIT"]}},{"properties":{"n":["x"],"license":["MIT"]}}]}"#
    );
    // Items and footer grow together: a crawl of the footer per item would be quadratic.
    assert_linear("shared footer", 10_000, |n| {
        let doc = Document::parse(&shared_footer(n, n));
        let microdata = Microdata::new(&doc);
        let total: usize = microdata.items().iter().map(|item| item.properties().len()).sum();
        assert_eq!(total, 2 * n);
    });
}

#[test]
fn wide_pages_are_linear() {
    let page = |n: usize| {
        let mut html = String::from("<div itemscope>");
        for k in 0..n {
            html.push_str(&format!("<p itemprop='a{}'>v{k}</p><span itemprop=x.y>z</span>", k % 7));
        }
        html.push_str("</div>");
        for _ in 0..n {
            html.push_str("<p itemprop=orphan>o</p>");
        }
        html
    };
    assert_linear("wide", 10_000, |n| {
        let doc = Document::parse(&page(n));
        let json = to_json(&doc, &JsonOptions::new());
        assert!(json.len() > n);
        assert_eq!(validate(&doc).len(), 2 * n);
    });
}

#[test]
fn long_token_lists_are_linear() {
    // One itemprop with n distinct names, one itemref naming one large target n times, and one
    // itemref naming n different elements.
    let page = |n: usize| {
        let names: Vec<String> = (0..n).map(|k| format!("n{k}")).collect();
        let many_ids: Vec<String> = (0..n).map(|k| format!("e{k}")).collect();
        let mut html = format!(
            "<div itemscope><i itemprop='{}'>v</i></div><div itemscope itemref='{}'></div><div itemscope itemref='{}'></div><div id=big>",
            names.join(" "),
            "big ".repeat(n),
            many_ids.join(" ")
        );
        for k in 0..n {
            html.push_str(&format!("<p id=e{k} itemprop=p>x</p>"));
        }
        html.push_str("</div>");
        html
    };
    let doc = Document::parse(&page(3));
    let items = Microdata::new(&doc).items();
    assert_eq!(items[0].properties().names(), ["n0", "n1", "n2"]);
    assert_eq!(items[1].properties().len(), 3);
    assert_eq!(items[1].microdata_errors().len(), 2);
    assert_eq!(items[2].properties().len(), 3);
    assert_linear("long token lists", 20_000, |n| {
        let doc = Document::parse(&page(n));
        let microdata = Microdata::new(&doc);
        let json = microdata.to_json(&JsonOptions::new());
        assert!(json.len() > 3 * n);
        let items = microdata.items();
        assert_eq!(items[1].microdata_errors().len(), n - 1);
        assert!(!microdata.validate().is_empty());
    });
}

#[test]
fn validating_many_items_that_share_a_large_target_is_linear() {
    // n items × n shared properties: the items' property lists hold n² entries in all, so the
    // validator must not build them.
    let page = |n: usize| {
        let mut html = "<div itemscope itemtype='http://microformats.org/profile/hcard' itemref=f></div>".repeat(n);
        html.push_str("<div id=f>");
        for _ in 0..n {
            html.push_str("<span itemprop=url>https://e.example/</span><b itemprop=fn>x</b>");
        }
        html.push_str("</div><p itemprop=orphan>o</p>");
        html
    };
    let found = validate(&Document::parse(&page(3)));
    let rules: Vec<Rule> = found.iter().map(|d| d.rule).collect();
    // Each vCard item lacks n; the shared target gives each three fn (reported once), and three
    // url values that are not on URL property elements; the orphan belongs to no item.
    assert_eq!(
        rules,
        [
            Rule::VocabularyPropertyCount,
            Rule::VocabularyPropertyCount,
            Rule::VocabularyPropertyCount,
            Rule::UrlPropertyElement,
            Rule::UrlPropertyElement,
            Rule::VocabularyPropertyCount,
            Rule::UrlPropertyElement,
            Rule::UnownedProperty
        ]
    );
    assert_linear("validate shared target", 10_000, |n| {
        let found = validate(&Document::parse(&page(n)));
        let count = |rule: Rule| found.iter().filter(|d| d.rule == rule).count();
        assert_eq!(count(Rule::UrlPropertyElement), n);
        assert_eq!(count(Rule::UnownedProperty), 1);
        // n items × n shared properties: the vocabulary checks stop at their bound, and say so.
        assert_eq!(count(Rule::VocabularyChecksStopped), 1);
    });
}

#[test]
fn nested_itemref_targets_share_their_walks() {
    // 400 nested targets, each named by its own item, over n properties: each item's
    // properties are all n, but finding which elements belong to some item, the cycles and
    // the URL rules must not walk the n properties once per target.
    let levels = 400;
    let page = |n: usize| {
        let mut html = String::new();
        for k in 0..levels {
            html.push_str(&format!("<p itemscope itemtype='http://n.whatwg.org/work' itemref=d{k}></p>"));
        }
        for k in 0..levels {
            html.push_str(&format!("<div id=d{k}>"));
        }
        html.push_str(&"<span itemprop=work>w</span>".repeat(n));
        html.push_str(&"</div>".repeat(levels));
        html
    };
    let doc = Document::parse(&page(5));
    let microdata = Microdata::new(&doc);
    assert!(microdata.items().iter().all(|item| item.properties().len() == 5));
    // Five work values not on URL property elements, and five work properties where the
    // vocabulary allows one (reported once for the 400 items that share them).
    let rules: Vec<Rule> = validate(&doc).iter().map(|d| d.rule).collect();
    assert_eq!(rules.iter().filter(|&&r| r == Rule::UrlPropertyElement).count(), 5);
    assert_eq!(rules.iter().filter(|&&r| r == Rule::VocabularyPropertyCount).count(), 1);
    assert_eq!(rules.len(), 6);
    assert_linear("nested targets", 5_000, |n| {
        let doc = Document::parse(&page(n));
        let found = validate(&doc);
        assert_eq!(found.iter().filter(|d| d.rule == Rule::UrlPropertyElement).count(), n);
        // The first item's properties: one walk of the shared segments.
        assert_eq!(Microdata::new(&doc).items()[0].properties().len(), n);
    });
}

#[test]
fn past_the_depth_bound_items_keep_their_properties() {
    // On a 600-deep page a table inside an item lost `name` (the table was closed early), and
    // SVG `<text itemprop="x">` became an HTML property with an empty value. Past the bound the
    // page must give what the same markup gives 10 deep.
    let item = r#"<div itemscope><table><tr><td itemprop="name">Ada</td></tr></table><svg><text itemprop="x">t</text></svg></div>"#;
    let at = |depth: usize| {
        let html = format!("{}{item}{}", "<div>".repeat(depth), "</div>".repeat(depth));
        let doc = Document::parse(&html);
        assert!(!doc.depth_limit_hit());
        let svg_text = doc.elements().find(|element| element.local_name() == "text");
        assert_eq!(svg_text.map(|text| text.namespace()), Some(harvest_dom::Namespace::Svg));
        to_json(&doc, &JsonOptions::new())
    };
    let shallow = at(10);
    assert!(shallow.contains(r#""name":["Ada"]"#), "{shallow}");
    assert_eq!(at(600), shallow);
    assert_eq!(at(100_000), shallow);
}
