//! CSS selectors on a page: the input's first line is a selector list, the rest the page.
//!
//! Invariant: `select` from the root finds exactly the elements, in tree order, for which
//! `matches` holds.
#![no_main]

use harvest_dom::{Document, Selector};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (selector, html) = text.split_once('\n').unwrap_or((text, ""));
    let Ok(selector) = Selector::parse(selector) else { return };
    let doc = Document::parse(html);
    let selected: Vec<_> = doc.root().select(&selector).collect();
    let matching: Vec<_> = doc.elements().filter(|e| e.matches(&selector)).collect();
    assert_eq!(selected, matching, "select and matches disagree");
});
