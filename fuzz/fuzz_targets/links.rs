//! HTML links and link types: `links`, feeds, the `up`/`index` hierarchy and the authoring
//! checks.
//!
//! Invariants: resolved link URLs are absolute; the default feed is one of the feeds; `by_type`
//! returns links that have that type; the streamed compact form (`compact_links`) is each full
//! link's compact form; all results serialize to JSON that re-parses and re-writes to the same
//! text.
#![no_main]

use harvest_fuzz::{assert_absolute, check_json_text, document};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let doc = document(data);
    let links = harvest_links::links(&doc);
    for link in &links {
        if let Some(url) = link.url_str() {
            assert_absolute("a link URL", url);
        }
    }
    let compact: Vec<String> =
        links.iter().map(|link| serde_json::to_string(&link.compact()).expect("a compact link serializes")).collect();
    let streamed = serde_json::to_string(&harvest_links::compact_links(&doc)).expect("compact links serialize");
    assert_eq!(streamed, format!("[{}]", compact.join(",")), "the streamed compact form differs");
    let feeds = harvest_links::feeds(&doc);
    if let Some(default) = harvest_links::default_feed(&doc) {
        assert!(feeds.iter().any(|f| f.url_str() == default.url_str()), "the default feed is not a feed");
    }
    for keyword in ["license", "author", "alternate", "up"] {
        for link in harvest_links::by_type(&links, keyword) {
            let json = serde_json::to_value(link).expect("a link serializes");
            assert!(json.is_object());
        }
    }
    let hierarchy = harvest_links::hierarchy_of(&links);
    let diagnostics = harvest_links::check(&doc);
    for value in [
        serde_json::to_string(&links),
        serde_json::to_string(&feeds),
        serde_json::to_string(&hierarchy),
        serde_json::to_string(&diagnostics),
    ] {
        check_json_text(&value.expect("links results serialize"));
    }
});
