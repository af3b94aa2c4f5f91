//! Page metadata (harvest-meta): Open Graph and Dublin Core of the page.
//!
//! Invariants: at most one object of each; every Open Graph property's prefix is in the
//! object's namespace map; every Dublin Core URI is its namespace and name; both serialize to
//! JSON that reads back into the same values.
#![no_main]

use harvest_dom::{Document, ParseOptions};
use harvest_fuzz::page_url;
use harvest_meta::{dublin_core, opengraph, DublinCore, OpenGraph};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let doc = Document::parse_bytes(data, &ParseOptions::new().url(page_url()));
    let og = opengraph(&doc);
    assert!(og.len() <= 1);
    for object in &og {
        for (property, _) in &object.properties {
            let prefix = property.split(':').next().unwrap_or_default().to_ascii_lowercase();
            assert!(object.namespace.contains_key(&prefix), "{property} has no namespace");
        }
    }
    let dc = dublin_core(&doc);
    assert!(dc.len() <= 1);
    for statement in dc.iter().flat_map(|d| d.elements.iter().chain(&d.terms)) {
        assert!(statement.uri.ends_with(&statement.name));
    }
    let og_json = serde_json::to_string(&og).expect("Open Graph serializes");
    assert_eq!(serde_json::from_str::<Vec<OpenGraph>>(&og_json).expect("reads back"), og);
    let dc_json = serde_json::to_string(&dc).expect("Dublin Core serializes");
    assert_eq!(serde_json::from_str::<Vec<DublinCore>>(&dc_json).expect("reads back"), dc);
});
