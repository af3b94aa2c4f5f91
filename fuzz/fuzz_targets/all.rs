//! The `all` record (harvest-html), as `harvest all` writes it, and `--pretty`.
//!
//! The first byte chooses the links' form (compact or full) and whether the page has a URL.
//! Invariants: writing never fails on a page; the record is one line of JSON that reads back
//! (when serde_json's reader can nest that deep) with `url` and every syntax's key; the
//! compact links are as many as the full ones; the value `Extraction::run` gives is the
//! written text read back; the pretty-printed text is the compact text with whitespace added
//! only outside strings.
#![no_main]

use harvest_fuzz::page_url;
use harvest_html::output::{AllOptions, Extraction, Output};
use harvest_html::Page;
use harvest_html::{LinksDetail, Syntax};
use libfuzzer_sys::fuzz_target;

/// The text without whitespace outside strings.
fn squeeze(text: &[u8]) -> Vec<u8> {
    let (mut out, mut in_string, mut escaped) = (Vec::with_capacity(text.len()), false, false);
    for &byte in text {
        if in_string {
            match (escaped, byte) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
        } else if byte == b'"' {
            in_string = true;
        } else if matches!(byte, b' ' | b'\n') {
            continue;
        }
        out.push(byte);
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let Some((&choice, html)) = data.split_first() else { return };
    let links = if choice & 1 == 0 { LinksDetail::Compact } else { LinksDetail::Full };
    let url = (choice & 2 == 0).then(|| page_url().to_string());
    let page = Page::new("fuzz", html.to_vec(), url.as_deref());
    let extraction = Extraction::All(AllOptions::new().links(links));
    let mut written = Vec::new();
    extraction.write(&page, &mut written).expect("all never fails on a page");
    assert!(!written.contains(&b'\n'), "a record is one line");
    let mut pretty = Vec::new();
    harvest_html::output::pretty::write(&written, &mut pretty).expect("writing to a Vec");
    assert_eq!(squeeze(&pretty), written, "pretty printing only adds whitespace");
    // serde_json reads 128 levels deep; deeper records are checked by the comparison above.
    let Ok(record) = serde_json::from_slice::<serde_json::Value>(&written) else { return };
    for syntax in Syntax::ALL {
        assert!(record.get(syntax.name()).is_some(), "{} is missing", syntax.name());
    }
    assert_eq!(record["url"].as_str(), url.as_deref());
    if let Ok(Output::Json(value)) = extraction.run(&page) {
        assert_eq!(value, record, "run gives the written record");
    }
    if links == LinksDetail::Compact {
        let full = Extraction::All(AllOptions::new().links(LinksDetail::Full));
        let mut text = Vec::new();
        full.write(&page, &mut text).expect("all never fails on a page");
        if let Ok(full) = serde_json::from_slice::<serde_json::Value>(&text) {
            assert_eq!(full["links"].as_array().map(Vec::len), record["links"].as_array().map(Vec::len));
        }
    }
});
