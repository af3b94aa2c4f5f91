//! schema.org's own examples name no term the bundled vocabulary does not define, but those
//! listed, with the upstream mistake, in `expectations/schemaorg-examples.txt`.

use harvest_test_suite::{require, schemaorg_examples, Expectations, Suite};
use std::path::Path;

#[test]
fn schemaorg_examples_name_known_terms() {
    let Some(folder) = require(Suite::SchemaOrgExamples) else { return };
    let cases = schemaorg_examples::discover(&folder).unwrap();
    let count = |syntax: &str| cases.iter().filter(|case| case.name.starts_with(syntax)).count();
    // Release 30.0's examples with markup in each syntax.
    let counts = (count("microdata/"), count("rdfa/"), count("json/"));
    assert!(counts.0 >= 200 && counts.1 >= 180 && counts.2 >= 450, "too few cases: {counts:?}");
    let expectations =
        Expectations::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations/schemaorg-examples.txt")).unwrap();
    let report = schemaorg_examples::run(&cases, &expectations);
    let failures: Vec<String> = report
        .results
        .iter()
        .filter(|(name, _)| report.unexpected_failures.contains(name))
        .map(|(name, outcome)| format!("{name}: {outcome:?}"))
        .collect();
    assert!(failures.is_empty(), "failed:\n{}", failures.join("\n"));
    assert!(report.unexpected_passes.is_empty(), "listed but passed: {:?}", report.unexpected_passes);
}

#[test]
fn sections_are_read_as_cases() {
    let text = "TYPES: #eg-0001 Person\n\nPRE-MARKUP:\n\n<p>Ada</p>\n\nMICRODATA:\n\n<p itemscope>Ada</p>\n\n\
                RDFA:\n\nTODO.\n\nJSON:\n\n<script type=\"application/ld+json\">{}</script>\n\n\
                TYPES: #eg-0002 Thing, name\n\nMICRODATA:\n\n<div itemscope></div>\n";
    let names: Vec<String> = schemaorg_examples::parse(text).into_iter().map(|case| case.name).collect();
    assert_eq!(names, ["microdata/eg-0001", "json/eg-0001", "microdata/eg-0002"]);
}
