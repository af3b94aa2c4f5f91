//! Runs harvest-mf2 over the official microformats test suite and requires a clean report
//! (every case passes or is listed, with its reason, in expectations/mf2.txt).
//!
//! The suite is the `test-suite/suites/mf2-tests` submodule, else the folder HARVEST_MF2_SUITE
//! names. Missing, the test fails and says how to get it, unless HARVEST_SKIP_SUITES lists
//! `mf2`.

use harvest_test_suite::{discover, parser, require, run, summary, Expectations, Suite};

#[test]
fn mf2_suite_is_clean() {
    let mf2 = parser("mf2").expect("the mf2 parser is registered");
    let Some(suite) = require(Suite::Mf2) else { return };
    let cases = discover(&suite).expect("readable suite");
    assert!(!cases.is_empty(), "no cases in {}", suite.display());
    let expectations = Expectations::load(&mf2.expectations).expect("valid expectations file");
    let report = run(&cases, &mf2, None, &expectations);
    let text = summary(&report, &expectations);
    println!("{text}");
    assert!(report.is_clean(), "{text}");
}
