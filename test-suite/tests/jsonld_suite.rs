//! The W3C JSON-LD 1.1 API suite's toRdf, expand and html manifests through harvest-jsonld:
//! every test passes but those listed, with their reason, in `expectations/jsonld.txt`.

use harvest_test_suite::{jsonld, require, Expectations, Suite};
use std::path::Path;

#[test]
fn jsonld_suite_is_clean() {
    let Some(folder) = require(Suite::JsonLd) else { return };
    let cases = jsonld::discover(&folder).unwrap();
    let count = |prefix: &str| cases.iter().filter(|case| case.name.starts_with(prefix)).count();
    assert_eq!(count("toRdf/"), 467, "toRdf tests");
    assert_eq!(count("expand/"), 385, "expand tests");
    assert_eq!(count("html/"), 50, "html tests");
    assert!(cases.iter().filter(|case| case.error.is_some()).count() >= 200, "negative tests are run");
    let expectations =
        Expectations::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations/jsonld.txt")).unwrap();
    let report = jsonld::run(&folder, &cases, &expectations);
    assert!(report.unexpected_failures.is_empty(), "failed: {:?}", report.unexpected_failures);
    assert!(report.unexpected_passes.is_empty(), "listed but passed: {:?}", report.unexpected_passes);
    let passed = |prefix: &str| {
        report
            .results
            .iter()
            .filter(|(name, outcome)| name.starts_with(prefix) && *outcome == harvest_test_suite::Outcome::Passed)
            .count()
    };
    assert_eq!((passed("toRdf/"), passed("expand/"), passed("html/")), (444, 370, 47));
}
