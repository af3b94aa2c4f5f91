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
    let mf2 = harvest_mf2::parse(&document, &harvest_mf2::Options::new()).map(|doc| doc.to_json());
    let microdata = harvest_microdata::to_json(&document, &harvest_microdata::JsonOptions::new());
    let rdfa = harvest_rdfa::parse(&document, &harvest_rdfa::RdfaOptions::new().processor_graph(true))
        .map(|rdfa| (rdfa.to_ntriples(), format!("{:?}", rdfa.diagnostics)));
    let links: Vec<String> = harvest_links::links(&document)
        .iter()
        .map(|link| {
            let mut compact = link.compact();
            compact.path = "";
            serde_json::to_string(&compact).unwrap_or_default()
        })
        .collect();
    Some(vec![
        format!("{mf2:?}"),
        microdata,
        format!("{rdfa:?}"),
        format!("{links:?}"),
        serde_json::to_string(&harvest_meta::opengraph(&document)).unwrap_or_default(),
        serde_json::to_string(&harvest_meta::dublin_core(&document)).unwrap_or_default(),
    ])
}

fuzz_target!(|data: &[u8]| {
    let (text, _) = encoding::decode(data, None);
    let Some(deep) = extract(&text, 600) else { return };
    let Some(shallow) = extract(&text, 2) else { return };
    for (shallow, deep) in shallow.iter().zip(&deep) {
        assert_eq!(shallow, deep, "extraction differs past the depth bound for {text:?}");
    }
});
