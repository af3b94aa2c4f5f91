//! microformats2 parsing (with classic microformats, rels, and, by input length, the `lang`,
//! metaformats, filter-roots, srcset, thorough-text, source-paths and root options), and JF2.
//!
//! Invariants: the JSON re-parses with serde_json and re-writes to the same text; it reads back
//! as `harvest_mf2::Document` and writes the same text; every `rels` and `rel-urls` URL is
//! absolute, except a value the URL parser rejects even against the base URL, which the parser
//! keeps as written (its documented reading, docs/mf2.md; docs/robustness.md). For a seventh of
//! inputs the limits are tiny, so truncation is exercised: with `strict_limits` the parse fails
//! exactly when the document lists a limit in `truncated`, naming the first one.
#![no_main]

use harvest_dom::Url;
use harvest_fuzz::{assert_absolute, check_json_text, check_serde_round_trip, document, page_url};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let doc = document(data);
    let flags = data.len() % 4;
    let mut options = harvest_mf2::Options::new()
        .lang(flags & 1 != 0)
        .metaformats(flags & 2 != 0)
        .filter_roots(data.len().is_multiple_of(3))
        .srcset(data.len() % 5 < 2)
        .source_paths(data.len() % 3 == 1)
        .text(if data.len().is_multiple_of(2) { harvest_mf2::Text::Thorough } else { harvest_mf2::Text::Classic });
    if data.len().is_multiple_of(7) {
        options = options.max_item_depth(3).max_copied_values(5).max_includes(2);
    }
    if data.len().is_multiple_of(11) {
        // Part of the page: an element that is there, or the error that says it is not.
        let Ok(root) = harvest_mf2::Root::selector("body > *") else { panic!("a valid selector") };
        options = options.root(root);
        if let Err(error) = harvest_mf2::parse(&doc, &options) {
            assert!(matches!(error, harvest_mf2::Mf2Error::RootNotFound(_)), "{error}");
            return;
        }
    }
    let parsed = harvest_mf2::parse(&doc, &options).expect("the page URL is a valid base");
    let jf2 = parsed.to_jf2();
    assert!(jf2.is_object(), "JF2 is an object");
    assert!(serde_json::to_string(&jf2).is_ok());
    match harvest_mf2::parse(&doc, &options.clone().strict_limits(true)) {
        Ok(strict) => assert!(parsed.truncated.is_empty() && strict == parsed, "strict parse differs"),
        Err(harvest_mf2::Mf2Error::LimitExceeded(limit)) => {
            assert_eq!(parsed.truncated.first(), Some(&limit), "strict limit is not the first one listed")
        }
        Err(other) => panic!("strict parse failed with {other}"),
    }
    let base = doc.base_url().cloned().unwrap_or_else(page_url);
    // Absolute, or unresolvable (kept as written).
    let check = |what: &str, url: &str| {
        if Url::parse(url).is_err() && base.join(url).is_ok() {
            assert_absolute(what, url);
        }
    };
    for (rel, urls) in &parsed.rels {
        for url in urls {
            check(&format!("rels[{rel:?}]"), url);
        }
    }
    for url in parsed.rel_urls.keys() {
        check("a rel-urls key", url);
    }
    let json = parsed.to_json();
    if check_json_text(&json) {
        check_serde_round_trip::<harvest_mf2::Document>(&json);
    }
});
