//! `write_all_members`: the record it writes is `write_all`'s, and the spans it gives are the
//! record's members, in order, over the benchmark corpus.

use harvest_pipeline::extract::{parse, write_all, write_all_members, AllOptions, Limits};
use harvest_pipeline::Page;
use serde_json::value::RawValue;
use std::collections::BTreeMap;

#[test]
fn the_spans_are_the_members_of_the_record() {
    let Some(pages) = harvest_test_support::corpus_pages() else { return };
    let (options, limits) = (AllOptions::default(), Limits::default());
    let mut with_errors = 0;
    for path in &pages {
        let label = path.display().to_string();
        let page = Page::new(&label, std::fs::read(path).unwrap(), Some("https://example.com/page"));
        let doc = parse(&page);
        let mut plain = Vec::new();
        write_all(&doc, &options, &limits, &mut plain).unwrap();
        let mut out = Vec::new();
        let spans = write_all_members(&doc, &options, &limits, &mut out).unwrap();
        assert!(out == plain, "{label}: the record differs from write_all's");
        let record: BTreeMap<String, &RawValue> = serde_json::from_slice(&out).unwrap();
        let keys: Vec<&str> = spans.iter().map(|(key, _)| *key).collect();
        assert_eq!(keys.len(), record.len(), "{label}: {keys:?}");
        for (key, at) in &spans {
            let text = std::str::from_utf8(&out[at.clone()]).unwrap();
            assert_eq!(text, record[*key].get(), "{label}: {key}");
        }
        assert!(spans.windows(2).all(|pair| pair[0].1.end < pair[1].1.start), "{label}: {spans:?}");
        with_errors += usize::from(record.contains_key("errors"));
    }
    assert!(with_errors > 0, "no page of the corpus has JSON-LD errors: the errors member is untested");
}
