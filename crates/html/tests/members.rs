//! `Extractor::write_document_members`: the record it writes is `write_document`'s, the members it gives are the
//! record's, in order, and what each says it found is what `Syntax::count_json` reads from
//! its text, over the benchmark corpus and in each form the links and microdata take.

use harvest_html::output::WrittenMember;
use harvest_html::{Extractor, Limits, LinksDetail, Page, Syntax};
use serde_json::value::RawValue;
use std::collections::BTreeMap;

/// Checks one record: the members are the record's, in order, and their counts its texts'.
/// Returns the record's keys.
fn check_members(label: &str, out: &[u8], members: &[WrittenMember]) -> Vec<String> {
    let record: BTreeMap<String, &RawValue> = serde_json::from_slice(out).unwrap();
    let keys: Vec<&str> = members.iter().map(|member| member.key).collect();
    assert_eq!(keys.len(), record.len(), "{label}: {keys:?}");
    for member in members {
        let text = std::str::from_utf8(&out[member.at.clone()]).unwrap();
        assert_eq!(text, record[member.key].get(), "{label}: {}", member.key);
        match Syntax::from_name(member.key) {
            Some(syntax) => {
                assert_eq!(member.found, Some(syntax.count_json(text)), "{label}: {} in {text}", member.key)
            }
            None => assert_eq!(member.found, None, "{label}: {}", member.key),
        }
    }
    assert!(members.windows(2).all(|pair| pair[0].at.end < pair[1].at.start), "{label}: {members:?}");
    record.into_keys().collect()
}

#[test]
fn the_members_are_those_of_the_record() {
    let Some(pages) = harvest_test_support::corpus_pages() else { return };
    let extractor = Extractor::new();
    let mut with_errors = 0;
    let mut found = BTreeMap::new();
    for path in &pages {
        let label = path.display().to_string();
        let page = Page::new(&label, std::fs::read(path).unwrap(), Some("https://example.com/page"));
        let doc = extractor.parse(&page);
        let mut plain = Vec::new();
        extractor.write_document(&doc, &mut plain).unwrap();
        let mut out = Vec::new();
        let members = extractor.write_document_members(&doc, &mut out).unwrap();
        assert!(out == plain, "{label}: the record differs from write_document's");
        let keys = check_members(&label, &out, &members);
        with_errors += usize::from(keys.iter().any(|key| key == "errors"));
        for member in &members {
            *found.entry(member.key).or_insert(0) += member.found.unwrap_or(0);
        }
    }
    assert!(with_errors > 0, "no page of the corpus has JSON-LD errors: the errors member is untested");
    // The corpus has no Dublin Core: the next test's page has.
    for syntax in Syntax::ALL.into_iter().filter(|syntax| *syntax != Syntax::DublinCore) {
        assert!(found[syntax.name()] > 0, "the corpus has no {}: its count is untested ({found:?})", syntax.name());
    }
}

#[test]
fn full_links_cut_microdata_and_dublin_core_are_counted_as_written() {
    let html = br#"<link rel=schema.DC href="http://purl.org/dc/elements/1.1/">
        <meta name=DC.title content=T><meta name=DC.creator content=C>
        <div itemscope><p itemprop=a>1</p><p itemprop=b>2</p><p itemprop=c>3</p></div>
        <div itemscope><p itemprop=d>4</p></div>
        <a href=/x rel=me>x</a><link rel=stylesheet href=/s.css><a href=/y>y</a>"#;
    let page = Page::new("-", html.to_vec(), Some("https://example.com/"));
    let doc = Extractor::new().parse(&page);
    for (links, max_values) in
        [(LinksDetail::Full, None), (LinksDetail::Compact, Some(2)), (LinksDetail::Full, Some(3))]
    {
        let extractor = Extractor::new().links(links).limits(Limits::new().max_values(max_values));
        let mut out = Vec::new();
        let members = extractor.write_document_members(&doc, &mut out).unwrap();
        let label = format!("{links:?}, {max_values:?}");
        check_members(&label, &out, &members);
        let found = |key: &str| members.iter().find(|member| member.key == key).and_then(|member| member.found);
        assert_eq!(found("links"), Some(4), "{label}");
        assert_eq!(found("dublincore"), Some(2), "{label}");
        let microdata = std::str::from_utf8(&out[members.iter().find(|m| m.key == "microdata").unwrap().at.clone()]);
        assert_eq!(microdata.unwrap().contains(r#""truncated":true"#), max_values.is_some(), "{label}");
    }
}
