//! Linear time and no stack exhaustion: doubling the input must not much more than double the
//! time (min of 5 runs, ratio < 3), and a million nested elements must work.

use harvest_dom::{Document, ParseOptions, Url};

fn parse(html: &str) -> Document {
    Document::parse_with(html, &ParseOptions::new().url(Url::parse("http://example.com/").unwrap()))
}

/// Everything the crate offers, over one document.
fn run_all(doc: &Document) -> usize {
    let all = harvest_links::links(doc);
    let diagnostics = harvest_links::check_links(&all);
    let scopes = harvest_links::hierarchy_of(&all);
    let rdf: usize = all.iter().map(|l| l.types.rdf_tokens().len()).sum();
    let feeds = harvest_links::feeds(doc).len();
    let json = serde_json::to_string(&all).unwrap().len();
    all.len() + diagnostics.len() + scopes.len() + rdf + feeds + json
}

/// Reading the links of `page(n)` grows linearly (the page is parsed outside the timing).
fn assert_linear(name: &str, page: impl Fn(usize) -> String, n: usize) {
    harvest_test_support::assert_linear(
        name,
        n,
        |n| parse(&page(n)),
        |doc| {
            std::hint::black_box(run_all(doc));
        },
    );
}

#[test]
fn wide_paragraph_of_links() {
    let page = |n: usize| {
        let mut html = String::from("<p>");
        for i in 0..n {
            html.push_str(&format!(
                "<a href=/p{i} rel='up up index nofollow copyright next next x:y alternate' type=application/rss+xml>{i}</a>"
            ));
        }
        html
    };
    assert_linear("wide", page, 10_000);
}

#[test]
fn many_head_links() {
    let page = |n: usize| {
        let mut html = String::from("<head>");
        for i in 0..n {
            html.push_str(&format!("<link rel='icon stylesheet alternate' href=/i{i} sizes='16x16 32X32 any any'>"));
        }
        html
    };
    assert_linear("head", page, 10_000);
}

#[test]
fn deep_nesting_with_links_at_every_level() {
    let page = |n: usize| {
        let mut html = String::new();
        for i in 0..n {
            html.push_str(&format!("<div class=d><a href=/d{i} rel='up index'>{i}</a>"));
        }
        html
    };
    // Every link's path names all its ancestors, so while the nesting is real the output
    // itself grows with n × depth; past the parser's depth bound (512 ancestors with
    // attributes) elements with attributes are stored flat and the work is linear. Measure
    // there.
    assert_linear("deep", page, 5_000);
}

#[test]
fn a_million_nested_elements() {
    let depth = 1_000_000;
    let mut html = String::with_capacity(depth * 6 + 100);
    for _ in 0..depth {
        html.push_str("<span>");
    }
    html.push_str("<p><a href=/bottom rel='index up up'>bottom</a></p>");
    let doc = parse(&html);
    let all = harvest_links::links(&doc);
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].url_str(), Some("http://example.com/bottom"));
    assert_eq!(harvest_links::hierarchy_of(&all)[0].depth, Some(2));
    assert!(harvest_links::check_links(&all).is_empty());
}
