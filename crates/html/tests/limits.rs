//! Within limits, the record fails as `harvest all` does: on every page of the benchmark corpus
//! and under bounds that pages pass in different orders (values, output bytes, both; cut short
//! or, with strict limits, failing), the record's error (its message)
//! is the streamed record's, and a record cut short serializes to the streamed record's bytes.

use harvest_html::output::Extraction;
use harvest_html::{Error, Extractor, Limits, Page};

#[test]
fn the_first_bound_passed_is_the_error() {
    let Some(pages) = harvest_test_support::corpus_pages() else { return };
    let bounds = [(Some(5), None), (None, Some(20_000)), (Some(5), Some(20_000))];
    let mut failures = 0;
    for path in &pages {
        let page = Page::new("page", std::fs::read(path).expect("readable page"), Some("https://corpus.example/"));
        for ((max_values, max_output_bytes), strict) in bounds.into_iter().flat_map(|b| [(b, false), (b, true)]) {
            let limits = Limits::new().max_values(max_values).max_output_bytes(max_output_bytes);
            let extractor = Extractor::new().limits(limits.clone()).strict_limits(strict);
            let record = extractor.extract_page(&page).map_err(|error| error.to_string());
            let mut written = Vec::new();
            let all = match Extraction::All(extractor.all_options().clone()).write_limited(&page, &limits, &mut written)
            {
                Ok(()) => Ok(()),
                Err(Error::Io(error)) => panic!("writing to memory failed: {error}"),
                Err(error) => Err(error.to_string()),
            };
            failures += usize::from(all.is_err());
            let bounds = format!("{max_values:?} values, {max_output_bytes:?} bytes, strict {strict}");
            // The record's microdata, cut short at the same value as the text, serializes to it.
            if let Ok(record) = &record {
                let serialized = serde_json::to_vec(record).expect("the record serializes");
                assert!(serialized == written, "{} with {bounds}: the record differs from the output", path.display());
            }
            assert_eq!(record.map(drop), all, "{} with {bounds}", path.display());
        }
    }
    assert!(failures > 0, "no page reached a bound: the test shows nothing");
}

/// The output bound is exact: a record as long as the bound passes, one byte over fails, for
/// the typed record (which sums its members' sizes) as for the streamed one (which counts what
/// it writes). The corpus pages under 256 KB (the large ones add time, not cases).
#[test]
fn the_output_bound_is_counted_to_the_byte() {
    let Some(pages) = harvest_test_support::corpus_pages() else { return };
    let small = |path: &&std::path::PathBuf| std::fs::metadata(path).is_ok_and(|m| m.len() < 256 << 10);
    for path in pages.iter().filter(small) {
        let page = Page::new("page", std::fs::read(path).expect("readable page"), Some("https://corpus.example/"));
        let mut whole = Vec::new();
        Extractor::new().write_page(&page, &mut whole).expect("an unbounded record");
        let length = whole.len() as u64;
        for (max_bytes, fits) in [(length, true), (length - 1, false)] {
            let limits = Limits::new().max_output_bytes(Some(max_bytes));
            let extractor = Extractor::new().limits(limits);
            let typed = extractor.extract_page(&page);
            let streamed = extractor.write_page(&page, &mut std::io::sink());
            let name = path.display();
            assert_eq!(typed.is_ok(), fits, "{name}: the record against a bound of {max_bytes} bytes");
            assert_eq!(streamed.is_ok(), fits, "{name}: the streamed record against a bound of {max_bytes} bytes");
        }
    }
}

#[test]
fn the_typed_record_holds_microdata_as_deep_as_the_depth_bound_and_says_so() {
    // Far past the 128 levels of JSON nesting serde_json reads (about 40 levels of items).
    let page = "<div itemscope>".to_owned() + &"<div itemprop=a itemscope>".repeat(1_000);
    let record = harvest_html::extract(page.as_bytes(), "https://example.com/").unwrap();
    let microdata = record.microdata.as_ref().unwrap();
    let mut depth = 1;
    let mut item = &microdata.items[0];
    while let Some([harvest_microdata::JsonValue::Item(inner)]) = item.properties.get("a") {
        item = inner;
        depth += 1;
    }
    assert_eq!(depth, harvest_microdata::DEFAULT_MAX_DEPTH);
    assert!(microdata.truncated);
    // The record writes as the command's JSON does, and reads back with serde_json.
    let written = serde_json::to_string(&record).unwrap();
    let mut streamed = Vec::new();
    let input = Page::new("page", page.as_bytes().to_vec(), Some("https://example.com/"));
    Extractor::new().write_page(&input, &mut streamed).unwrap();
    assert_eq!(written.as_bytes(), streamed.as_slice());
    assert!(serde_json::from_str::<serde_json::Value>(&written).is_ok());
}
