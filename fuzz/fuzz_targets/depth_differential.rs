//! Differential: extraction at shallow depth against the same page wrapped past harvest-dom's
//! depth bound (600 `div` start tags, the bound being 512 open elements).
//!
//! Invariant: unless the deep parse reports that its tree may differ
//! (`Document::depth_limit_hit`), mf2, microdata, RDFa (its graph and processor graph), links
//! (without element paths, which name the wrappers) and Open Graph / Dublin Core give the same
//! output as the page wrapped in 2 `div`s (docs/robustness.md, "The depth bound").
#![no_main]

use harvest_dom::{encoding, Document, ParseOptions};
use harvest_fuzz::page_url;
use libfuzzer_sys::fuzz_target;

fn extract(text: &str, depth: usize) -> Option<Vec<String>> {
    // Start tags only: the end of the input closes them. End tags after the page would be text
    // of an element the page leaves open that holds raw text (`<title>`, `<textarea>`,
    // `<plaintext>`...) or of an unclosed comment, and differ with the depth.
    let wrapped = format!("{}{text}", "<div>".repeat(depth));
    let document = Document::parse_with(&wrapped, &ParseOptions::new().url(page_url()));
    if document.depth_limit_hit() {
        return None;
    }
    Some(harvest_test_suite::outputs::every_extractor(&document))
}

fuzz_target!(|data: &[u8]| {
    let (text, _) = encoding::decode(data, None);
    let Some(deep) = extract(&text, 600) else { return };
    let Some(shallow) = extract(&text, 2) else { return };
    for (shallow, deep) in shallow.iter().zip(&deep) {
        assert_eq!(shallow, deep, "extraction differs past the depth bound for {text:?}");
    }
});
