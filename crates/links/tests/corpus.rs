//! Every benchmark page of the shared corpus (`../shared/corpus` beside the checkout, or
//! `HARVEST_CORPUS`): nothing panics, paths agree with the DOM, every HTML `link`/`a`/`area`
//! with `href` is listed, and reading the links costs about as much as a parse or less.

use harvest_dom::{Document, ParseOptions, Url};
use std::time::{Duration, Instant};

#[test]
fn every_corpus_page() {
    let Some(pages) = harvest_test_support::corpus_pages() else { return };
    let (mut parse_time, mut links_time) = (Duration::ZERO, Duration::ZERO);
    let mut total = 0;
    for page in &pages {
        let bytes = std::fs::read(page).unwrap();
        let options = ParseOptions::new().url(Url::parse("http://example.com/page").unwrap());
        let start = Instant::now();
        let doc = Document::parse_bytes(&bytes, &options);
        parse_time += start.elapsed();
        let start = Instant::now();
        let all = harvest_links::links(&doc);
        let diagnostics = harvest_links::check_links(&all);
        let scopes = harvest_links::hierarchy_of(&all);
        links_time += start.elapsed();
        let expected =
            doc.elements().filter(|e| (e.is("a") || e.is("area") || e.is("link")) && e.has_attr("href")).count();
        assert_eq!(all.len(), expected, "{}", page.display());
        for link in all.iter().take(50) {
            assert_eq!(link.path, link.element.path(), "{}", page.display());
        }
        for diagnostic in &diagnostics {
            assert!(all.iter().any(|l| l.path == diagnostic.path));
        }
        assert!(scopes.iter().all(|s| !s.links.is_empty()));
        serde_json::to_string(&all).unwrap();
        // The streamed compact form is the compact form of each full link.
        let compact: Vec<String> = all.iter().map(|link| serde_json::to_string(&link.compact()).unwrap()).collect();
        let streamed = serde_json::to_string(&harvest_links::compact_links(&doc)).unwrap();
        assert_eq!(streamed, format!("[{}]", compact.join(",")), "{}", page.display());
        total += all.len();
    }
    eprintln!("{} pages, {total} links; parse {parse_time:?}, links+check+hierarchy {links_time:?}", pages.len());
    assert!(total > 0);
    assert!(links_time < parse_time * 3, "links {links_time:?} vs parse {parse_time:?}");
}
