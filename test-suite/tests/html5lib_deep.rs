//! The depth bound keeps the tree: every html5lib tree-construction case, wrapped in 600 `div`s
//! (past harvest-dom's bound of 512 open elements), gives the same tree as the same wrapped
//! markup parsed without a bound in effect, unless the parse reports that its bound may have
//! changed the tree (`Document::depth_limit_hit`); and such reports stay rare.
//!
//! The suite is found as for `html5lib_suite.rs` (`HARVEST_HTML5LIB_TESTS`, or the submodule).

use harvest_dom::{ParseOptions, DEFAULT_MAX_DEPTH};
use harvest_test_suite::html5lib::{discover, harvest_parse, TreeCase};
use harvest_test_suite::{require, Suite};

const WRAPPERS: usize = 600;

#[test]
fn html5lib_cases_wrapped_past_the_depth_bound_keep_their_tree() {
    let Some(folder) = require(Suite::Html5lib) else { return };
    let cases = discover(&folder).expect("readable suite");
    assert!(cases.len() > 1500, "only {} cases in {}", cases.len(), folder.display());
    let mut compared = 0;
    let mut reported = Vec::new();
    let mut changed = Vec::new();
    for case in &cases {
        let wrapped = TreeCase { data: format!("{}{}", "<div>".repeat(WRAPPERS), case.data), ..case.clone() };
        for scripting in [false, true] {
            if case.scripting.is_some_and(|wanted| wanted != scripting) {
                continue;
            }
            let bounded = ParseOptions::new().scripting(scripting).max_depth(DEFAULT_MAX_DEPTH);
            let unbounded = ParseOptions::new().scripting(scripting).max_depth(1 << 30);
            let (tree, limit_hit) = harvest_parse(&wrapped, &bounded);
            let (expected, unbounded_hit) = harvest_parse(&wrapped, &unbounded);
            assert!(!unbounded_hit, "{}", case.name);
            compared += 1;
            if limit_hit {
                let kind = if case.fragment_context.is_some() { "fragment" } else { "document" };
                reported.push(format!("{kind} {} {:?}", case.name, case.data));
            } else if tree != expected {
                changed.push(format!(
                    "{} (scripting {scripting}) {:?}: {}",
                    case.name,
                    case.data,
                    first_difference(&tree, &expected)
                ));
            }
        }
    }
    println!("{compared} parses, {} reported a possibly different tree:\n{}", reported.len(), reported.join("\n"));
    assert!(changed.is_empty(), "{} trees changed silently:\n{}", changed.len(), changed.join("\n\n"));
    // Reports are for markup that reaches below the window: a `frameset` (which would replace
    // the body if nothing had set the frameset-ok flag), and in fragments, a table or select
    // insertion mode that comes from the context element below the 600 `div`s. Any other
    // document case reported is a regression.
    let unexpected: Vec<&String> = reported
        .iter()
        .filter(|report| report.starts_with("document") && !report.to_ascii_lowercase().contains("frameset"))
        .collect();
    assert!(unexpected.is_empty(), "reported without cause: {unexpected:#?}");
}

/// The lines around the first difference of two trees, without the wrappers' indentation.
fn first_difference(got: &str, expected: &str) -> String {
    let got: Vec<&str> = got.lines().collect();
    let expected: Vec<&str> = expected.lines().collect();
    let at = got.iter().zip(&expected).position(|(a, b)| a != b).unwrap_or(got.len().min(expected.len()));
    let show = |lines: &[&str]| -> String {
        let end = lines.len().min(at + 4);
        lines[at.saturating_sub(2).min(end)..end]
            .iter()
            .map(|line| line.trim_start_matches(['|', ' ']))
            .collect::<Vec<_>>()
            .join(" / ")
    };
    format!("got [{}] expected [{}]", show(&got), show(&expected))
}
