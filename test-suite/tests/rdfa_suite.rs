//! The RDFa test suite's html5 cases through harvest-rdfa: every case passes but those listed,
//! with their reason, in `expectations/rdfa.txt`.

use harvest_test_suite::{rdfa, require, Expectations, Suite};
use std::path::Path;

#[test]
fn rdfa_suite_is_clean() {
    let Some(folder) = require(Suite::Rdfa) else { return };
    let cases = rdfa::discover(&folder).unwrap();
    let count = |prefix: &str| cases.iter().filter(|case| case.name.starts_with(prefix)).count();
    assert_eq!(count("rdfa1.1/"), 170, "rdfa1.1/html5 cases");
    assert_eq!(count("rdfa1.1-lite/"), 54, "rdfa1.1-lite/html5 cases");
    assert_eq!(count("rdfa1.1-proc/"), 4, "rdfa1.1-proc/html5 cases");
    assert_eq!(count("rdfa1.1-role/"), 3, "rdfa1.1-role/html5 cases");
    assert!(cases.iter().filter(|case| !case.expected).count() >= 4, "negative cases are run");
    let expectations =
        Expectations::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations/rdfa.txt")).unwrap();
    let report = rdfa::run(&cases, &expectations);
    assert!(report.unexpected_failures.is_empty(), "failed: {:?}", report.unexpected_failures);
    assert!(report.unexpected_passes.is_empty(), "listed but passed: {:?}", report.unexpected_passes);
    assert_eq!(report.passed(), 228);
}
