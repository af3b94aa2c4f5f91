//! Runs harvest-mf2 over the official microformats test suite and requires a clean report
//! (every case passes or is listed, with its reason, in expectations/mf2.txt).
//!
//! The suite comes from HARVEST_MF2_SUITE, else ../shared/mf2-tests/tests next to the
//! workspace. Without either the test says how to get it and passes.

use harvest_test_suite::{discover, parser, run, summary, Expectations};
use std::path::PathBuf;

#[test]
fn mf2_suite_is_clean() {
    let mf2 = parser("mf2").expect("the mf2 parser is registered");
    let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let suite = std::env::var_os("HARVEST_MF2_SUITE")
        .map(PathBuf::from)
        .or_else(|| Some(workspace.join("../shared/mf2-tests/tests")).filter(|p| p.is_dir()));
    let Some(suite) = suite else {
        println!(
            "microformats suite not found: clone https://github.com/microformats/tests and set \
             HARVEST_MF2_SUITE to its `tests` folder"
        );
        return;
    };
    let cases = discover(&suite).expect("readable suite");
    assert!(!cases.is_empty(), "no cases in {}", suite.display());
    let expectations = Expectations::load(&mf2.expectations).expect("valid expectations file");
    let report = run(&cases, &mf2, None, &expectations);
    let text = summary(&report, &expectations);
    println!("{text}");
    assert!(report.is_clean(), "{text}");
}
