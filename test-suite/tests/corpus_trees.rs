//! Every page of the benchmark corpus (real pages and the synthetic set) parses to the tree
//! html5ever's own tokenizer and reference sink (markup5ever_rcdom) build from the same text,
//! with scripting off and on, as printed in the html5lib suite's tree format.
//!
//! harvest-dom tokenizes with html5gum and builds with html5ever's tree builder
//! (`crates/dom/src/parse/tokenize.rs`); this is the check, on real markup, that the seam
//! between them changes nothing: same elements, attributes, text, comments and doctype.
//! `fuzz/fuzz_targets/dom_differential.rs` asks the same of arbitrary input.

use harvest_dom::encoding;
use harvest_test_suite::html5lib::{harvest_parse, rcdom_tree, TreeCase};
use harvest_test_support::corpus_pages;

#[test]
fn corpus_pages_parse_as_html5evers_reference_parse() {
    let Some(pages) = corpus_pages() else { return };
    let mut compared = 0;
    for page in &pages {
        let bytes = std::fs::read(page).expect("readable page");
        let (text, _) = encoding::decode(&bytes, None);
        for scripting in [false, true] {
            let case = TreeCase {
                name: page.display().to_string(),
                data: text.clone().into_owned(),
                fragment_context: None,
                scripting: Some(scripting),
                expected: String::new(),
            };
            let (ours, limit_hit) = harvest_parse(&case, &harvest_dom::ParseOptions::new().scripting(scripting));
            if limit_hit {
                continue;
            }
            let reference = rcdom_tree(&case, scripting);
            assert!(
                ours == reference,
                "{}: harvest-dom's tree differs from html5ever's (scripting {scripting})",
                page.display()
            );
            compared += 1;
        }
    }
    assert!(compared >= pages.len(), "only {compared} parses compared for {} pages", pages.len());
}
