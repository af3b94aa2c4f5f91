//! The record serializes to exactly what `harvest all` prints (`Extraction::All`, the code
//! behind it), byte for byte, on every page of the benchmark corpus, the microdata fixtures and
//! the official microformats suite; with a page URL and without one.

use harvest_html::output::{AllOptions, Extraction};
use harvest_html::Page;
use harvest_html::{Extractor, LinksDetail, Mf2Options, Mf2Text, MicrodataOptions, Syntax};
use std::path::{Path, PathBuf};

/// `harvest all`'s JSON and the record's, for one page; the extractor's own streamed JSON
/// (`Extractor::write_page`) is checked against `harvest all`'s on the way.
fn both(bytes: &[u8], url: Option<&str>, options: &AllOptions) -> (String, String) {
    let extractor = Extractor::new()
        .syntaxes(options.syntaxes.iter().copied())
        .links(options.links)
        .mf2(options.mf2.clone())
        .microdata(options.microdata);
    assert_eq!(extractor.all_options(), options);
    let page = Page::new("page", bytes.to_vec(), url);
    let mut all = Vec::new();
    Extraction::All(options.clone()).write(&page, &mut all).expect("harvest all");
    let mut streamed = Vec::new();
    extractor.write_page(&page, &mut streamed).expect("the streamed record");
    assert!(streamed == all, "Extractor::write_page differs from harvest all on {url:?}");
    let record = extractor.extract(bytes, url).expect("the record");
    (String::from_utf8(all).expect("UTF-8"), serde_json::to_string(&record).expect("serializes"))
}

fn assert_same_on(pages: &[PathBuf], url: impl Fn(&Path) -> String) {
    let options = AllOptions::default();
    for path in pages {
        let bytes = std::fs::read(path).expect("readable page");
        for url in [Some(url(path)), None] {
            let (all, record) = both(&bytes, url.as_deref(), &options);
            assert!(all == record, "{} (URL {url:?}):\n harvest all: {all}\n record:      {record}", path.display());
        }
    }
}

#[test]
fn the_corpus_pages() {
    let Some(pages) = harvest_test_support::corpus_pages() else { return };
    assert_same_on(&pages, |path| format!("https://corpus.example/{}", path.file_name().unwrap().to_string_lossy()));
}

#[test]
fn the_microdata_fixtures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test-suite/microdata");
    let pages = harvest_test_support::html_files(&dir);
    assert!(pages.len() > 50, "the microdata fixtures are missing from {}", dir.display());
    assert_same_on(&pages, |_| "https://blog.example.com/progress-report?comments=0".to_owned());
}

/// The official microformats suite: its submodule, else `HARVEST_MF2_SUITE` (as the
/// conformance runner finds it); `HARVEST_SKIP_SUITES=mf2` skips it.
#[test]
fn the_mf2_suite() {
    let submodule = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test-suite/suites/mf2-tests/tests");
    let dir = match std::env::var_os("HARVEST_MF2_SUITE") {
        _ if submodule.is_dir() => submodule,
        Some(dir) => PathBuf::from(dir),
        None if harvest_test_support::skipped("mf2") => return println!("SKIPPED mf2: HARVEST_SKIP_SUITES names it"),
        None => {
            panic!("the mf2 suite is missing: set HARVEST_MF2_SUITE to its tests folder, or HARVEST_SKIP_SUITES=mf2")
        }
    };
    let pages = harvest_test_support::html_files(&dir);
    assert!(pages.len() > 100, "the mf2 suite at {} holds {} pages", dir.display(), pages.len());
    assert_same_on(&pages, |_| "http://example.com/".to_owned());
}

#[test]
fn some_syntaxes_and_full_links() {
    let page = concat!(
        "<link rel=alternate type=application/atom+xml href=/feed>",
        "<script type=application/ld+json>{\"@type\": \"Person\"}</script>",
        "<script type=application/ld+json>{</script>",
        "<meta property=og:title content=Hi><meta name=DC.title content=Hi>",
        "<p itemscope><b itemprop=a>1</b></p><p class=h-card><a href=/me class=u-url>Me</a></p>",
    );
    let syntax_sets: [&[Syntax]; 4] =
        [&Syntax::ALL, &[Syntax::Mf2, Syntax::JsonLd], &[Syntax::Links, Syntax::OpenGraph, Syntax::DublinCore], &[]];
    for syntaxes in syntax_sets {
        for links in [LinksDetail::Compact, LinksDetail::Full] {
            let options = AllOptions::new().syntaxes(syntaxes.to_vec()).links(links);
            let (all, record) = both(page.as_bytes(), Some("https://example.com/a/"), &options);
            assert_eq!(all, record, "{syntaxes:?} {links:?}");
        }
    }
    let (all, _) = both(page.as_bytes(), None, &AllOptions::default());
    assert!(all.contains("\"errors\":[{\"element\""), "the page has an invalid block: {all}");
}

#[test]
fn the_syntaxes_options() {
    let page = concat!(
        "<div itemscope><span itemprop=name content=Ada>A. L.</span></div>",
        "<div class=h-card><p class=p-name>Ada<br>Lovelace</p><a class=u-url href=''>me</a></div>",
    );
    let options = AllOptions::new()
        .mf2(Mf2Options::new().text(Mf2Text::Thorough).source_paths(true))
        .microdata(MicrodataOptions::new().content_attribute(true));
    let (all, record) = both(page.as_bytes(), Some("https://example.com"), &options);
    assert_eq!(all, record);
    assert!(all.contains(r#""name":["Ada"]"#), "content= is read: {all}");
    assert!(all.contains(r#""name":["Ada\nLovelace"]"#), "thorough text: {all}");
    assert!(all.contains("source-paths"), "{all}");
}
