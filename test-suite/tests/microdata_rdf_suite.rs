//! The W3C Microdata-to-RDF suite through harvest-export's W3C conversion: every case passes
//! but those listed, with their reason, in `expectations/microdata-rdf.txt`.

use harvest_test_suite::{microdata_rdf, require, Expectations, Suite};
use std::path::Path;

#[test]
fn microdata_rdf_suite_is_clean() {
    let Some(folder) = require(Suite::MicrodataRdf) else { return };
    let cases = microdata_rdf::discover(&folder).unwrap();
    assert_eq!(cases.len(), 84, "the manifest's entries");
    assert_eq!(cases.iter().filter(|case| case.result.is_none()).count(), 1, "one negative syntax test");
    let expectations =
        Expectations::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations/microdata-rdf.txt")).unwrap();
    let report = microdata_rdf::run(&folder, &cases, &expectations).unwrap();
    assert!(report.unexpected_failures.is_empty(), "failed: {:?}", report.unexpected_failures);
    assert!(report.unexpected_passes.is_empty(), "listed but passed: {:?}", report.unexpected_passes);
    assert_eq!(report.passed(), 82);
}
