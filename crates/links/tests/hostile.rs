//! Hostile input for the link extractor (issue 9): 100,000 link types on one element, 50,000
//! sibling links, a `<base>` and URLs that fail to parse, NUL bytes and lone surrogates,
//! invalid UTF-8 and odd encodings, a 10 MB `href`. No panic; the wide cases double their
//! input and compare the best of three timings.

use harvest_dom::{Document, ParseOptions, Url};

fn page_url() -> Url {
    Url::parse("https://example.com/dir/page.html").unwrap()
}

fn parse(html: &str) -> Document {
    Document::parse_with(html, &ParseOptions::new().url(page_url()))
}

/// Every entry point, with the JSON of every result.
fn run_all(doc: &Document) -> usize {
    let links = harvest_links::links(doc);
    let feeds = harvest_links::feeds(doc);
    let default = harvest_links::default_feed(doc);
    let hierarchy = harvest_links::hierarchy_of(&links);
    let diagnostics = harvest_links::check(doc);
    let json = serde_json::to_string(&(&links, &feeds, &default, &hierarchy, &diagnostics)).unwrap();
    serde_json::from_str::<serde_json::Value>(&json).unwrap();
    for link in &links {
        if let Some(url) = link.url_str() {
            assert!(Url::parse(url).is_ok(), "{url}");
        }
    }
    links.len() + json.len()
}

/// Reading every link view of `page(n)` grows linearly (the page is parsed outside the timing).
fn assert_linear(what: &str, page: impl Fn(usize) -> String, n: usize) {
    harvest_test_support::assert_linear(
        what,
        n,
        |n| parse(&page(n)),
        |doc| {
            std::hint::black_box(run_all(doc));
        },
    );
}

#[test]
fn a_hundred_thousand_link_types_on_one_element() {
    let page = |n: usize| -> String {
        let rel: Vec<String> = (0..n).map(|i| format!("x{i} alternate http://e.example/r{i} UP")).collect();
        format!("<link rel='{}' type=application/atom+xml href=feed>", rel.join(" "))
    };
    let doc = parse(&page(25_000));
    let links = harvest_links::links(&doc);
    assert_eq!(links.len(), 1);
    assert!(links[0].types.tokens().len() >= 25_000);
    assert_linear("link types", page, 5_000);
}

#[test]
fn fifty_thousand_sibling_links() {
    let page = |n: usize| -> String {
        (0..n)
            .map(|i| match i % 4 {
                0 => format!("<a rel='up up index' href=../p{i}>x</a>"),
                1 => format!("<link rel=alternate type=application/rss+xml href=/f{i} title=f{i}>"),
                2 => format!("<area rel='license nofollow' href=//h{i}.example/>"),
                _ => format!("<link rel='icon stylesheet' sizes='16x16 any {i}x{i}' href=i{i}>"),
            })
            .collect()
    };
    let doc = parse(&page(50_000));
    assert_eq!(harvest_links::links(&doc).len(), 50_000);
    assert_eq!(harvest_links::feeds(&doc).len(), 12_500);
    assert_linear("sibling links", page, 10_000);
}

#[test]
fn urls_and_base_elements_that_fail_to_parse() {
    for base in ["http://[::1", "http://a b/", "https://exa%mple.com/", "mailto:x@example.com", "\0", "http:"] {
        let page = format!(
            "<base href='{base}'><a href='x' rel=me>a</a><a href='http://%zz/' rel=author>b</a>\
             <link rel=alternate type=application/atom+xml href='//[x'><a href=''>e</a><a href=' \t'>w</a>"
        );
        let doc = parse(&page);
        assert_eq!(harvest_links::links(&doc).len(), 5, "{base}");
        run_all(&doc);
        // Without a document URL at all.
        run_all(&Document::parse(&page));
    }
}

#[test]
fn nul_bytes_surrogates_and_bad_encodings() {
    let page = "<a rel='me\0 up&#xD800; \0' href='/\0&#xDFFF;?q=&#0;'>\0</a><link rel=&#xD800; href=&#x110000;>";
    run_all(&parse(page));
    let bytes: &[u8] = b"<meta charset=shift_jis><a rel='\x82\xa0 \xff\xfe' href='/\x81\x7f\xed\xa0\x80'>x</a>";
    run_all(&Document::parse_bytes(bytes, &ParseOptions::new().url(page_url())));
    for label in ["utf-8", "utf-16be", "iso-2022-jp", "replacement", "x-user-defined"] {
        let doc = Document::parse_bytes(bytes, &ParseOptions::new().url(page_url()).transport_charset(label));
        run_all(&doc);
    }
}

#[test]
fn a_ten_megabyte_href() {
    let path = "a/".repeat(5 * 1024 * 1024);
    let doc =
        parse(&format!("<a rel=next href='{path}'>x</a><link rel=icon sizes='{}' href=i>", "1x1 ".repeat(100_000)));
    let links = harvest_links::links(&doc);
    assert!(links[0].url_str().unwrap().len() > 10 * 1024 * 1024);
    assert_eq!(links[1].sizes.as_ref().map(Vec::len), Some(100_000));
}
