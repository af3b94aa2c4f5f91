//! The microdata validator (authoring rules of the microdata chapter).
//!
//! Invariants: diagnostics come in tree order of their elements (by path position), their JSON
//! re-parses and reads back as `Vec<Diagnostic>` unchanged.
#![no_main]

use harvest_fuzz::{check_json_text, check_serde_round_trip, document};
use harvest_microdata::Diagnostic;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let doc = document(data);
    let diagnostics = harvest_microdata::validate(&doc);
    let json = serde_json::to_string(&diagnostics).expect("diagnostics serialize");
    if check_json_text(&json) {
        check_serde_round_trip::<Vec<Diagnostic>>(&json);
    }
    let back: Vec<Diagnostic> = serde_json::from_str(&json).expect("diagnostics read back");
    assert_eq!(back, diagnostics);
});
