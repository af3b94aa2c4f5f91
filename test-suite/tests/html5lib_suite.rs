//! Runs harvest-dom over html5lib-tests' tree-construction cases and requires a clean report
//! (every case gives the expected tree, or is listed with its reason in
//! expectations/html5lib.txt), and shows that every listed case is html5ever's: its reference
//! sink (markup5ever_rcdom) builds the very same tree.
//!
//! The suite is the `test-suite/suites/html5lib-tests` submodule, else the folder
//! `HARVEST_HTML5LIB_TESTS` names. Missing, the test fails and says how to get it, unless
//! `HARVEST_SKIP_SUITES` lists `html5lib`.

use harvest_test_suite::html5lib::{discover, harvest_tree, rcdom_tree, run};
use harvest_test_suite::{require, summary, Expectations, Suite};
use std::path::Path;

#[test]
fn html5lib_tree_construction_is_clean() {
    let Some(folder) = require(Suite::Html5lib) else { return };
    let cases = discover(&folder).expect("readable suite");
    assert!(cases.len() > 1500, "only {} cases in {}", cases.len(), folder.display());
    let expectations_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations/html5lib.txt");
    let expectations = Expectations::load(&expectations_path).expect("valid expectations file");
    let report = run(&cases, &expectations);
    let text = summary(&report, &expectations);
    println!("{text}");
    assert!(report.is_clean(), "{text}");

    // Every known failure is html5ever's: the reference sink gives harvest-dom's tree exactly.
    for name in &report.known_failures {
        let case = cases.iter().find(|case| &case.name == name).expect("a listed case exists");
        for scripting in [false, true] {
            assert_eq!(
                harvest_tree(case, scripting),
                rcdom_tree(case, scripting),
                "{name}: harvest-dom and html5ever's reference sink differ (scripting {scripting})"
            );
        }
    }
}
