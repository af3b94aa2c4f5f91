//! Runs harvest-microdata over the bundled fixtures (test-suite/microdata: every microdata
//! example of the spec files, with the JSON of 001 §5.4.1 written by hand) and requires a clean
//! report.

use harvest_test_suite::{discover, parser, run, summary, Expectations};

#[test]
fn microdata_fixtures_are_clean() {
    let microdata = parser("microdata").expect("the microdata parser is registered");
    let suite = microdata.bundled_suite.clone().expect("the microdata fixtures are bundled");
    let cases = discover(&suite).expect("readable fixtures");
    assert!(cases.len() >= 40, "only {} cases in {}", cases.len(), suite.display());
    let expectations = Expectations::load(&microdata.expectations).expect("valid expectations file");
    let report = run(&cases, &microdata, None, &expectations);
    let text = summary(&report, &expectations);
    println!("{text}");
    assert!(report.is_clean(), "{text}");
    assert_eq!(report.failed(), 0, "{text}");
}
