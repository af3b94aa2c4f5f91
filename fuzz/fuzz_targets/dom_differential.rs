//! Differential: harvest-dom's tree against html5ever's own reference sink
//! (markup5ever_rcdom) on the same text, as documents (scripting off and on by input length)
//! and as fragments in a few contexts.
//!
//! Invariant: below harvest-dom's depth bound the two trees are the same — structure, names,
//! namespaces, attributes, text, comments, doctype — as printed by the html5lib suite's tree
//! format (`harvest_test_suite::html5lib`, the printers the conformance suite uses). Past the
//! bound harvest-dom keeps the tree except where it reports `depth_limit_hit`
//! (docs/robustness.md, "The depth bound"), so such inputs are skipped.
#![no_main]

use harvest_dom::{encoding, Document, ParseOptions};
use harvest_test_suite::html5lib::{harvest_tree, rcdom_tree, TreeCase};
use libfuzzer_sys::fuzz_target;

/// Fragment contexts chosen by input length; `None` parses a document.
const CONTEXTS: [Option<(Option<&str>, &str)>; 6] =
    [None, None, Some((None, "body")), Some((None, "tr")), Some((None, "template")), Some((Some("svg"), "desc"))];

fuzz_target!(|data: &[u8]| {
    let (text, _) = encoding::decode(data, None);
    let scripting = data.len() % 2 == 1;
    let context = CONTEXTS[data.len() % CONTEXTS.len()];
    let document = Document::parse_with(&text, &ParseOptions::new().scripting(scripting));
    if document.depth_limit_hit() {
        return;
    }
    let case = TreeCase {
        name: "fuzz".to_owned(),
        data: text.into_owned(),
        fragment_context: context.map(|(prefix, local)| (prefix.map(str::to_owned), local.to_owned())),
        scripting: Some(scripting),
        expected: String::new(),
    };
    let ours = harvest_tree(&case, scripting);
    // A fragment parse can nest deeper than the document parse of the same text; the bound
    // applies there too, and a tree that reaches it is not comparable.
    if ours.lines().any(|line| line.len() > 2 + 2 * (harvest_dom::DEFAULT_MAX_DEPTH - 2)) {
        return;
    }
    let reference = rcdom_tree(&case, scripting);
    assert_eq!(ours, reference, "harvest-dom and markup5ever_rcdom build different trees");
});
