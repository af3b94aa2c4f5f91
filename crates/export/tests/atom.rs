//! Atom from documents (HTML 5.0 §5.5.3): every feed written here is read back by an
//! independent Atom parser (`atom_syndication`), its dates by chrono's RFC 3339 parser, and its
//! element names checked against the Atom namespace.
#![cfg(feature = "atom")]

use atom_syndication::{Feed, TextType};
use harvest_dom::{Document, ParseOptions, Url};
use harvest_export::atom::{self, AtomError, AtomOptions, ATOM_NAMESPACE};
use quick_xml::events::Event;
use quick_xml::name::ResolveResult;
use quick_xml::NsReader;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// 2023-11-14T22:13:20Z
fn now() -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(1_700_000_000)
}

fn doc(html: &str, url: &str) -> Document {
    Document::parse_with(html, &ParseOptions::new().url(Url::parse(url).unwrap()))
}

/// Writes the feed and checks it with independent readers: every element in the Atom
/// namespace (or XHTML-free: this exporter writes no foreign elements), every date an RFC 3339
/// date-time, and the whole read by `atom_syndication`.
fn feed(document: &Document, options: &AtomOptions) -> (String, Feed) {
    let xml = atom::from_document(document, options).unwrap();
    check_namespaces(&xml);
    let parsed: Feed = xml.parse().unwrap_or_else(|e| panic!("not a feed: {e}\n{xml}"));
    for date in dates(&xml) {
        chrono::DateTime::parse_from_rfc3339(&date).unwrap_or_else(|e| panic!("{date:?} is not RFC 3339: {e}"));
    }
    (xml, parsed)
}

fn check_namespaces(xml: &str) {
    let mut reader = NsReader::from_str(xml);
    reader.config_mut().check_end_names = true;
    loop {
        match reader.read_resolved_event() {
            Ok((ResolveResult::Bound(ns), Event::Start(_) | Event::Empty(_))) => {
                assert_eq!(ns.as_ref(), ATOM_NAMESPACE.as_bytes());
            }
            Ok((_, Event::Start(e) | Event::Empty(e))) => {
                panic!("element {:?} outside the Atom namespace", String::from_utf8_lossy(e.name().as_ref()))
            }
            Ok((_, Event::Eof)) => break,
            Ok(_) => {}
            Err(e) => panic!("not well-formed: {e}\n{xml}"),
        }
    }
}

/// The text of every `published` and `updated` element.
fn dates(xml: &str) -> Vec<String> {
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut out = Vec::new();
    let mut inside = false;
    loop {
        match reader.read_event().unwrap() {
            Event::Start(e) => inside = matches!(e.name().as_ref(), b"published" | b"updated"),
            Event::Text(t) if inside => out.push(t.decode().unwrap().into_owned()),
            Event::End(_) => inside = false,
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

fn rfc3339(value: &str) -> chrono::DateTime<chrono::FixedOffset> {
    chrono::DateTime::parse_from_rfc3339(value).unwrap()
}

const BLOG: &str = r#"<!DOCTYPE html>
<html lang=en><head>
<title>Ignored &amp; title</title>
<meta name=author content="Ada Lovelace">
<meta name=AUTHOR content="Charles Babbage">
<meta name=author>
<link rel=stylesheet href=style.css>
<link rel=icon href="http://[bad">
<link rel="shortcut icon" href="/favicon.ico">
<link rel=icon href="/second.ico">
</head><body>
<header><h1>The <em>Engine</em> blog</h1></header>
<section><h1>Not the page heading</h1></section>
<article id=one>
 <header><h2>Header heading</h2><p>by Ada</p></header>
 <h1>Post <b>one</b></h1>
 <nav><a href=/prev>previous</a></nav>
 <p>First <ins datetime="2010-08-05T10:00:00+02:00">added</ins> and
 <del datetime="2010-08-05T09:00Z">removed</del> and <ins datetime="2011-01-01">date only</ins>.</p>
 <section><header>kept: not the article's own header</header><h1>kept heading</h1></section>
 <article><h1>Comment</h1><ins datetime="2020-01-01T00:00Z">newer, but nested</ins></article>
 <p><time pubdate datetime="2010-08-04">Aug 4</time> <a rel="bookmark nofollow" href="/posts/1">permalink</a></p>
 <footer>footer goes</footer>
</article>
<article id="two words">
 <hgroup><h2>Sub</h2><h1>Main <i>two</i></h1><h1>Second main</h1></hgroup>
 <p><time pubdate>  2010-09-01T08:30:00-05:00 </time></p>
 <script>if (a < b) {}</script>
</article>
<div><article><p>No heading, no id: <del datetime="2009-01-01T00:00Z">old</del></p></article></div>
</body></html>"#;

#[test]
fn the_spec_algorithm_on_a_blog_page() {
    let document = doc(BLOG, "http://example.com/blog/?page=1#top");
    let options = AtomOptions::new().now(now()).self_address(Url::parse("http://example.com/feed.atom").unwrap());
    let (xml, parsed) = feed(&document, &options);

    // Steps 4-8.
    let authors: Vec<&str> = parsed.authors().iter().map(|p| p.name()).collect();
    assert_eq!(authors, ["Ada Lovelace", "Charles Babbage"]);
    assert_eq!(parsed.icon(), Some("http://example.com/favicon.ico"));
    assert_eq!(parsed.id(), "http://example.com/blog/?page=1#top");
    let links: Vec<(&str, Option<&str>, &str)> =
        parsed.links().iter().map(|l| (l.rel(), l.mime_type(), l.href())).collect();
    assert_eq!(
        links,
        [
            ("self", None, "http://example.com/feed.atom"),
            ("alternate", Some("text/html"), "http://example.com/blog/?page=1#top")
        ]
    );
    // Steps 10-13: the first heading of the body section, serialized as HTML.
    assert_eq!(parsed.title().value, "The <em>Engine</em> blog");
    assert_eq!(parsed.title().r#type, TextType::Html);
    assert!(parsed.subtitle().is_none());
    // Steps 16.16-18: the newest entry update (2010-09-01T13:30Z), before the first entry.
    assert_eq!(*parsed.updated(), rfc3339("2010-09-01T08:30:00-05:00"));
    assert!(xml.find("<updated>").unwrap() < xml.find("<entry").unwrap());

    let entries = parsed.entries();
    assert_eq!(entries.len(), 3, "top-level articles only");

    let one = &entries[0];
    // The first heading content of the article is the one in its header.
    assert_eq!(one.title().value, "Header heading");
    assert_eq!(one.id(), "http://example.com/posts/1");
    let one_links: Vec<(&str, &str)> = one.links().iter().map(|l| (l.rel(), l.href())).collect();
    assert_eq!(one_links, [("alternate", "http://example.com/posts/1")]);
    let content = one.content().and_then(|c| c.value()).unwrap();
    assert_eq!(one.content().and_then(|c| c.content_type()), Some("html"));
    for gone in ["Header heading", "by Ada", "previous", "Comment", "footer goes"] {
        assert!(!content.contains(gone), "{gone:?} should be removed: {content}");
    }
    for kept in
        ["<h1>Post <b>one</b></h1>", "kept: not the article's own header", "kept heading", "date only", "permalink"]
    {
        assert!(content.contains(kept), "{kept:?} should stay: {content}");
    }
    // The newest ins/del with a global date and time: 10:00+02:00 is 08:00Z, so the del at
    // 09:00Z is newest; the date-only ins and the nested article's ins do not count.
    assert_eq!(one.updated().to_rfc3339(), "2010-08-05T09:00:00+00:00");
    assert!(xml.contains("<updated>2010-08-05T09:00:00Z</updated>"));
    assert!(xml.contains("<published>2010-08-04T00:00:00Z</published>"));

    let two = &entries[1];
    assert_eq!(two.title().value, "Main <i>two</i>", "highest rank first, tree order among equals");
    assert_eq!(two.id(), "http://example.com/blog/?page=1#two%20words");
    assert!(two.links().is_empty(), "no alternate without a bookmark");
    assert_eq!(two.published().map(|d| d.to_rfc3339()).as_deref(), Some("2010-09-01T08:30:00-05:00"));
    assert_eq!(two.updated(), two.published().unwrap());
    let script = two.content().and_then(|c| c.value()).unwrap();
    assert!(script.contains("<script>if (a < b) {}</script>"), "{script}");
    assert!(!script.contains("hgroup"), "the first heading content (the hgroup) goes");

    let three = &entries[2];
    assert_eq!(three.title().value, "");
    assert!(three.id().starts_with("urn:uuid:"), "{}", three.id());
    assert_eq!(three.updated().to_rfc3339(), "2009-01-01T00:00:00+00:00");
    assert_eq!(three.published(), Some(three.updated()));
    // The id is stable from run to run and distinct between articles.
    let (again, _) = feed(&document, &options);
    assert_eq!(xml, again);
}

#[test]
fn exact_output() {
    let document = doc(
        "<title>T</title><article id=a><h1>A &amp; B</h1><p>x\r\n<time pubdate datetime='2012-03-04T05:06+01:00'></time></article>",
        "http://example.com/",
    );
    let xml = atom::from_document(&document, &AtomOptions::new().now(now())).unwrap();
    let expected = r#"<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>http://example.com/</id>
  <link rel="alternate" type="text/html" href="http://example.com/"/>
  <title type="html">T</title>
  <updated>2012-03-04T05:06:00+01:00</updated>
  <entry xml:base="http://example.com/">
    <title type="html">A &amp;amp; B</title>
    <content type="html">&lt;p&gt;x
&lt;time pubdate="" datetime="2012-03-04T05:06+01:00"&gt;&lt;/time&gt;&lt;/p&gt;</content>
    <id>http://example.com/#a</id>
    <published>2012-03-04T05:06:00+01:00</published>
    <updated>2012-03-04T05:06:00+01:00</updated>
  </entry>
</feed>
"#;
    assert_eq!(xml, expected);
    feed(&document, &AtomOptions::new().now(now()));
}

#[test]
fn no_article_is_nothing_found() {
    let document = doc("<title>x</title><section><h1>No articles</h1></section>", "http://example.com/");
    assert!(matches!(atom::from_document(&document, &AtomOptions::new()), Err(AtomError::NothingFound)));
    // An article inside a template is inert: still nothing.
    let document = doc("<template><article>x</article></template>", "http://example.com/");
    assert!(matches!(atom::from_document(&document, &AtomOptions::new()), Err(AtomError::NothingFound)));
}

#[test]
fn hgroup_gives_title_and_subtitle() {
    let document = doc(
        "<title>fallback</title><hgroup><h3>third</h3><h2>sub <b>one</b></h2><p>no</p><h2>sub two</h2></hgroup><article>x</article>",
        "http://example.com/",
    );
    let (_, parsed) = feed(&document, &AtomOptions::new().now(now()));
    assert_eq!(parsed.title().value, "sub <b>one</b>");
    assert_eq!(parsed.subtitle().map(|s| s.value.as_str()), Some("sub two"));

    // An hgroup without child headings gives an empty title, not the title element.
    let document = doc("<title>fallback</title><hgroup><p>x</p></hgroup><article>x</article>", "http://example.com/");
    let (xml, parsed) = feed(&document, &AtomOptions::new().now(now()));
    assert_eq!(parsed.title().value, "");
    assert!(xml.contains(r#"<title type="html"/>"#));
}

#[test]
fn headings_in_sections_fall_back_to_the_title_element() {
    let document = doc(
        "<title>Fish &lt;&amp;&gt; chips</title><aside><h1>aside</h1></aside><article><h1>In article</h1></article>",
        "http://example.com/",
    );
    let (_, parsed) = feed(&document, &AtomOptions::new().now(now()));
    assert_eq!(parsed.title().value, "Fish &lt;&amp;&gt; chips");
    assert_eq!(parsed.entries()[0].title().value, "In article");
}

#[test]
fn dates_come_from_the_clock_when_the_page_has_none() {
    let document =
        doc("<article><p>undated</p></article><article><time pubdate>soon</time></article>", "http://e.com/");
    let modified = UNIX_EPOCH + Duration::from_secs(86_400 * 365);
    let options = AtomOptions::new().now(now()).last_modified(modified);
    let (xml, parsed) = feed(&document, &options);
    // Entries: "now"; the feed: the source's last modification.
    assert_eq!(*parsed.updated(), rfc3339("1971-01-01T00:00:00Z"));
    for entry in parsed.entries() {
        assert_eq!(*entry.updated(), rfc3339("2023-11-14T22:13:20Z"));
        assert_eq!(entry.published(), Some(&rfc3339("2023-11-14T22:13:20Z")));
    }
    assert!(xml.contains("<updated>1971-01-01T00:00:00Z</updated>"));
    // Without a modification time the feed is dated now too.
    let (_, parsed) = feed(&document, &AtomOptions::new().now(now()));
    assert_eq!(*parsed.updated(), rfc3339("2023-11-14T22:13:20Z"));
    // Before 1970.
    let (xml, _) = feed(&document, &AtomOptions::new().now(UNIX_EPOCH - Duration::from_millis(1500)));
    assert!(xml.contains("<updated>1969-12-31T23:59:58Z</updated>"), "{xml}");
}

#[test]
fn pubdate_rules() {
    // The first time[pubdate] whose nearest article is this one decides, even when unknown.
    let document = doc(
        "<article><article><time pubdate datetime=2001-01-01>nested</time></article>\
         <time pubdate datetime='not a date'>x</time><time pubdate datetime=2002-02-02>y</time>\
         <del datetime='2003-03-03T03:03:03.5Z'>z</del></article>",
        "http://e.com/",
    );
    let (xml, parsed) = feed(&document, &AtomOptions::new().now(now()));
    let entry = &parsed.entries()[0];
    assert_eq!(entry.published(), Some(entry.updated()), "publication date taken from the update date");
    assert!(xml.contains("<published>2003-03-03T03:03:03.5Z</published>"), "{xml}");
    // A time in the article's own header still gives the publication date.
    let document = doc("<article><header><time pubdate>2004-04-04T04:04Z</time></header></article>", "http://e.com/");
    let (xml, _) = feed(&document, &AtomOptions::new().now(now()));
    assert!(xml.contains("<published>2004-04-04T04:04:00Z</published>"), "{xml}");
    // A time-only value has no date: the clock.
    let document = doc("<article><time pubdate datetime=04:04>x</time></article>", "http://e.com/");
    let (xml, _) = feed(&document, &AtomOptions::new().now(now()));
    assert!(xml.contains("<published>2023-11-14T22:13:20Z</published>"), "{xml}");
}

#[test]
fn ins_and_del_need_valid_global_dates() {
    let document = doc(
        "<article><ins datetime='2010-01-01T00:00:00.1234Z'>too many digits</ins>\
         <ins datetime='2010-01-01T00:00'>local</ins><del datetime='2008-02-02T02:02-01:00'>ok</del>\
         <del datetime='2008-02-02T03:01+00:00'>older instant, later clock face? no: 03:01Z vs 03:02Z</del></article>",
        "http://e.com/",
    );
    let (xml, _) = feed(&document, &AtomOptions::new().now(now()));
    assert!(xml.contains("<updated>2008-02-02T02:02:00-01:00</updated>"), "{xml}");
}

#[test]
fn ids_and_bases() {
    // A base element changes URL resolution and the entries' xml:base, not the feed id.
    let document = doc(
        "<base href='http://cdn.example.net/posts/'><article><a rel=Bookmark href=p1>1</a>\
         <area rel=bookmark href=ignored></article><article id=x>no bookmark <a rel=bookmark>no href</a></article>",
        "http://example.com/page",
    );
    let (xml, parsed) = feed(&document, &AtomOptions::new().now(now()));
    assert_eq!(parsed.id(), "http://example.com/page");
    assert_eq!(parsed.entries()[0].id(), "http://cdn.example.net/posts/p1");
    assert_eq!(parsed.entries()[1].id(), "http://example.com/page#x");
    assert_eq!(xml.matches(r#"<entry xml:base="http://cdn.example.net/posts/">"#).count(), 2);

    // Without any address the document is about:blank.
    let document = Document::parse("<article id=x>1</article><article>2</article><article>2</article>");
    let (xml, parsed) = feed(&document, &AtomOptions::new().now(now()));
    assert_eq!(parsed.id(), "about:blank");
    assert_eq!(parsed.entries()[0].id(), "about:blank#x");
    assert!(!xml.contains("xml:base"));
    let generated: Vec<&str> = parsed.entries()[1..].iter().map(|e| e.id()).collect();
    assert_ne!(generated[0], generated[1], "same content, different articles");
    for id in generated {
        let uuid = id.strip_prefix("urn:uuid:").unwrap();
        assert_eq!(uuid.len(), 36);
        assert_eq!(uuid.as_bytes()[14], b'8', "version 8: {uuid}");
    }

    // An option overrides the address.
    let options = AtomOptions::new().now(now()).address(Url::parse("https://other.example/").unwrap());
    let (_, parsed) = feed(&document, &options);
    assert_eq!(parsed.entries()[0].id(), "https://other.example/#x");
}

#[test]
fn characters_xml_forbids_are_replaced() {
    let document = doc(
        "<title>a\u{1}b</title><meta name=author content='C\u{7}D \"q\" <x>\r\n\t'>\
         <article id='i\u{B}d'><h1>e\u{FFFF}f</h1><p title='\u{2}'>g\u{C}h \u{10FFFF} \r</p></article>",
        "http://example.com/",
    );
    let (xml, parsed) = feed(&document, &AtomOptions::new().now(now()));
    for c in ['\u{1}', '\u{2}', '\u{7}', '\u{B}', '\u{C}', '\u{FFFF}'] {
        assert!(!xml.contains(c), "{c:?} written");
    }
    assert_eq!(parsed.title().value, "a\u{FFFD}b");
    // (The HTML parser has already turned CR LF into LF.)
    assert_eq!(parsed.authors()[0].name(), "C\u{FFFD}D \"q\" <x>\n\t");
    assert_eq!(parsed.entries()[0].title().value, "e\u{FFFD}f");
    let content = parsed.entries()[0].content().and_then(|c| c.value()).unwrap();
    assert_eq!(content, "<p title=\"\u{FFFD}\">g\u{FFFD}h \u{10FFFF} \n</p>");
}

/// The page parsed with room for its depth, and its length.
fn deep_document(html: &str) -> (Document, usize) {
    (Document::parse_with(html, &ParseOptions::new().max_depth(1_000_000)), html.len())
}

/// Writes the feed of a parsed page (the timed part of the doubling checks).
fn write_feed((document, html_len): &(Document, usize)) {
    let xml = atom::from_document(document, &AtomOptions::new().now(now())).unwrap();
    assert!(xml.len() > html_len / 4);
}

/// Deep: `n` nested spans around an article holding `n` nested spans with dates, so every
/// walk of the exporter goes `2n` levels down. (Inline elements: the HTML parser's own scope
/// checks make deep block nesting quadratic to parse.)
fn deep(n: usize) -> String {
    let mut html = "<span>".repeat(n);
    html.push_str("<article id=a><header><h2>t</h2></header><h1>kept</h1>");
    html.push_str(&"<span><ins datetime='2010-01-01T00:00Z'>i</ins>".repeat(n));
    html
}

/// Wide: `n` top-level articles with headers, dates and bookmarks.
fn wide(n: usize) -> String {
    "<article><header><h1>t</h1></header><p><ins datetime='2010-01-01T00:00Z'>i</ins><a rel=bookmark href=/p>p</a></p></article>"
        .repeat(n)
}

#[test]
fn deep_pages_do_not_overflow() {
    let html = deep(100_000);
    let document = Document::parse_with(&html, &ParseOptions::new().max_depth(1_000_000));
    assert!(!document.depth_limit_hit());
    let xml = atom::from_document(&document, &AtomOptions::new().now(now())).unwrap();
    let parsed: Feed = xml.parse().unwrap();
    assert_eq!(parsed.entries().len(), 1);
    assert_eq!(parsed.entries()[0].title().value, "t");
    assert_eq!(*parsed.updated(), rfc3339("2010-01-01T00:00:00Z"));
    // A million nested elements with the default depth bound.
    let html = format!("<article>{}", "<div><span>x".repeat(500_000));
    let document = Document::parse(&html);
    let (_, parsed) = feed(&document, &AtomOptions::new().now(now()));
    assert_eq!(parsed.entries().len(), 1);
}

#[test]
fn deep_and_wide_pages_are_linear() {
    for (name, make, n) in [("deep", deep as fn(usize) -> String, 10_000), ("wide", wide, 10_000)] {
        harvest_test_support::assert_linear(name, n, |n| deep_document(&make(n)), write_feed);
    }
}

// ---------------------------------------------------------------------------------------------
// Atom from microformats2.

fn mf2(html: &str, url: &str) -> harvest_mf2::Document {
    harvest_mf2::parse_html(html, url, &harvest_mf2::Options::new()).unwrap()
}

fn mf2_feed(page: &harvest_mf2::Document, options: &AtomOptions) -> (String, Feed) {
    let xml = atom::from_mf2(page, options).unwrap();
    check_namespaces(&xml);
    let parsed: Feed = xml.parse().unwrap_or_else(|e| panic!("not a feed: {e}\n{xml}"));
    for date in dates(&xml) {
        chrono::DateTime::parse_from_rfc3339(&date).unwrap_or_else(|e| panic!("{date:?} is not RFC 3339: {e}"));
    }
    (xml, parsed)
}

const H_FEED: &str = r#"<body><div class="h-card">site owner</div>
<main class="h-feed">
  <h1 class="p-name">Field <notes></h1>
  <p class="p-summary">Short notes</p>
  <a class="u-url" href="/notes/">all notes</a>
  <a class="p-author h-card" href="https://ada.example/">Ada Lovelace</a>
  <article class="h-entry">
    <h2 class="p-name">First &amp; best</h2>
    <a class="u-url" href="/notes/1">#</a> <a class="u-url" href="https://mirror.example/1">mirror</a>
    <data class="u-uid" value="tag:example.com,2024:1">uid (not a URL? it is: tag:)</data>
    <time class="dt-published" datetime="2024-05-01 10:00:00-0700">May 1</time>
    <time class="dt-updated" datetime="2024-05-02T08:00:00Z">May 2</time>
    <div class="p-author h-card"><span class="p-name">Charles</span> <a class="u-url" href="/charles">home</a></div>
    <p class="p-summary">A summary</p>
    <div class="e-content"><p>Hello <b>world</b> &lt;3</p></div>
    <a class="p-category" href="/t/rust">rust</a>
    <a class="u-category h-card" href="https://friend.example/">Friend</a>
  </article>
  <article class="h-entry">
    <span class="p-name">Second</span><span class="p-content">plain <text></span>
    <time class="dt-published" datetime="2024-04-01">April 1</time>
  </article>
  <article class="h-entry"><p class="p-name">Undated, no URL</p></article>
  <div class="h-event"><span class="p-name">not an entry</span></div>
</main></body>"#;

#[test]
fn an_h_feed_becomes_a_feed() {
    let page = mf2(H_FEED, "https://example.com/notes/");
    let options = AtomOptions::new().now(now()).self_address(Url::parse("https://example.com/notes.atom").unwrap());
    let (xml, parsed) = mf2_feed(&page, &options);
    assert_eq!(parsed.title().value, "Field");
    assert_eq!(parsed.title().r#type, TextType::Text);
    assert_eq!(parsed.subtitle().map(|s| s.value.as_str()), Some("Short notes"));
    assert_eq!(parsed.id(), "https://example.com/notes/");
    let authors: Vec<(&str, Option<&str>)> = parsed.authors().iter().map(|a| (a.name(), a.uri())).collect();
    assert_eq!(authors, [("Ada Lovelace", Some("https://ada.example/"))]);
    let links: Vec<(&str, &str)> = parsed.links().iter().map(|l| (l.rel(), l.href())).collect();
    assert_eq!(links, [("self", "https://example.com/notes.atom"), ("alternate", "https://example.com/notes/")]);
    // The newest entry date.
    assert_eq!(*parsed.updated(), rfc3339("2024-05-02T08:00:00Z"));

    let entries = parsed.entries();
    assert_eq!(entries.len(), 3, "h-entry children only");
    let first = &entries[0];
    assert_eq!(first.title().value, "First & best");
    assert_eq!(first.id(), "tag:example.com,2024:1");
    let links: Vec<&str> = first.links().iter().map(|l| l.href()).collect();
    assert_eq!(links, ["https://example.com/notes/1", "https://mirror.example/1"]);
    assert_eq!(first.published().map(|d| d.to_rfc3339()).as_deref(), Some("2024-05-01T10:00:00-07:00"));
    assert_eq!(*first.updated(), rfc3339("2024-05-02T08:00:00Z"));
    let authors: Vec<(&str, Option<&str>)> = first.authors().iter().map(|a| (a.name(), a.uri())).collect();
    assert_eq!(authors, [("Charles", Some("https://example.com/charles"))]);
    assert_eq!(first.summary().map(|s| s.value.as_str()), Some("A summary"));
    let content = first.content().unwrap();
    assert_eq!(content.content_type(), Some("html"));
    assert_eq!(content.value(), Some("<p>Hello <b>world</b> &lt;3</p>"));
    let terms: Vec<&str> = first.categories().iter().map(|c| c.term()).collect();
    assert_eq!(terms, ["rust", "Friend"]);

    let second = &entries[1];
    assert_eq!(second.id(), second.id().trim());
    assert!(second.id().starts_with("urn:uuid:"));
    assert_eq!(second.content().and_then(|c| c.content_type()), Some("text"));
    assert_eq!(second.content().and_then(|c| c.value()), Some("plain"));
    assert_eq!(*second.updated(), rfc3339("2024-04-01T00:00:00Z"));
    assert_eq!(second.published(), Some(second.updated()));

    let third = &entries[2];
    assert_eq!(*third.updated(), rfc3339("2023-11-14T22:13:20Z"), "undated: now");
    assert_ne!(third.id(), second.id());
    // Stable.
    let (again, _) = mf2_feed(&page, &options);
    assert_eq!(xml, again);
}

#[test]
fn top_level_entries_without_an_h_feed() {
    let page = mf2(
        r#"<article class="h-entry"><a class="u-url p-name" href="/a">A</a>
           <time class="dt-updated">2020-02-02 12:00</time></article>
           <div class="h-card">not an entry</div>
           <article class="h-entry"><span class="p-name">B</span><time class="dt-published">garbage</time></article>"#,
        "https://example.com/",
    );
    let modified = UNIX_EPOCH + Duration::from_secs(1_000_000_000);
    let options = AtomOptions::new().now(now()).address(Url::parse("https://example.com/page").unwrap());
    let (xml, parsed) = mf2_feed(&page, &options.clone().last_modified(modified));
    assert_eq!(parsed.id(), "https://example.com/page");
    assert_eq!(parsed.title().value, "");
    assert_eq!(parsed.entries().len(), 2);
    assert_eq!(parsed.entries()[0].id(), "https://example.com/a");
    // A local date and time is read as UTC.
    assert!(xml.contains("<updated>2020-02-02T12:00:00Z</updated>"), "{xml}");
    assert_eq!(*parsed.updated(), rfc3339("2020-02-02T12:00:00Z"));
    assert_eq!(*parsed.entries()[1].updated(), rfc3339("2023-11-14T22:13:20Z"));

    // No dates at all: the feed takes the last modification.
    let page = mf2(r#"<p class="h-entry">x</p>"#, "https://example.com/");
    let (_, parsed) = mf2_feed(&page, &options.clone().last_modified(modified));
    assert_eq!(*parsed.updated(), rfc3339("2001-09-09T01:46:40Z"));
    let (_, parsed) = mf2_feed(&page, &options);
    assert_eq!(*parsed.updated(), rfc3339("2023-11-14T22:13:20Z"));
}

#[test]
fn mf2_pages_without_entries() {
    let page = mf2(r#"<div class="h-card">Ada</div>"#, "https://example.com/");
    assert!(matches!(atom::from_mf2(&page, &AtomOptions::new()), Err(AtomError::NothingFound)));
    // An empty h-feed (nested in another item's children) is still a feed.
    let page = mf2(
        r#"<div class="h-card"><span class="p-name">Ada</span><div class="h-feed"><span class="p-name">Empty</span></div></div>"#,
        "https://example.com/",
    );
    let (_, parsed) = mf2_feed(&page, &AtomOptions::new().now(now()));
    assert_eq!(parsed.title().value, "Empty");
    assert!(parsed.entries().is_empty());
}

#[test]
fn mf2_text_is_escaped_and_cleaned() {
    let page = mf2(
        "<div class=h-entry><span class=p-name>a\u{1}&lt;b&gt; ]]&gt; &amp;</span><div class=e-content>x\u{B}<i title='\"'>y</i></div></div>",
        "https://example.com/",
    );
    let (xml, parsed) = mf2_feed(&page, &AtomOptions::new().now(now()));
    assert!(!xml.contains('\u{1}') && !xml.contains('\u{B}'));
    assert_eq!(parsed.entries()[0].title().value, "a\u{FFFD}<b> ]]> &");
    assert_eq!(parsed.entries()[0].content().and_then(|c| c.value()), Some("x\u{FFFD}<i title=\"&quot;\">y</i>"));
}

/// Issue 43: a `javascript:` (or `vbscript:`, `data:`) URL is never written where a feed reader
/// makes a link of it: entries' and feeds' links, authors' `uri`, the icon.
#[test]
fn script_urls_are_not_links() {
    let options = AtomOptions::new().now(now());
    let page = mf2(
        "<div class=h-feed><a class=u-url href='javascript:alert(1)'>feed</a>\
         <article class=h-entry><h1 class=p-name>Hi</h1><a class=u-url href='JavaScript:alert(2)'>x</a>\
         <a class=u-url href=/ok>ok</a><a class=u-url href='data:text/html,<script>alert(3)</script>'>d</a>\
         <p class='p-author h-card'><a class='p-name u-url' href=' vbscript:msgbox(4)'>Eve</a></p></article></div>",
        "https://example.com/notes/",
    );
    let (xml, parsed) = mf2_feed(&page, &options);
    let lower = xml.to_ascii_lowercase();
    for scheme in ["javascript:", "vbscript:", "data:"] {
        assert!(!lower.contains(scheme), "{scheme} in\n{xml}");
    }
    let entry = &parsed.entries()[0];
    let links: Vec<&str> = entry.links().iter().map(|link| link.href()).collect();
    assert_eq!(links, ["https://example.com/ok"]);
    assert_eq!(entry.authors()[0].name(), "Eve");
    assert!(entry.authors()[0].uri().is_none());
    // The HTML algorithm: a bookmark and an icon with script URLs are left out too.
    let html = doc(
        "<link rel=icon href='javascript:alert(5)'><article><h1>Hi</h1>\
         <a rel=bookmark href='javascript:alert(6)'>x</a></article>",
        "https://example.com/post",
    );
    // (The entry's content keeps the page's HTML, escaped, as the content of every page
    // does: a reader sanitizes content it renders.)
    let (xml, parsed) = feed(&html, &AtomOptions::new().now(now()));
    let mut linking = xml.lines().filter(|line| line.contains("<link") || line.contains("<icon"));
    assert!(linking.all(|line| !line.contains("javascript:")), "{xml}");
    assert!(parsed.icon().is_none());
    assert!(parsed.entries()[0].links().is_empty());
}

/// Atom reads mf2 values as vCard and iCalendar do (one reader, `harvest_export`'s mf2
/// module): a blank first value gives way to the next, and `dt-*` values in the lenient forms
/// microformats2 allows (`t`/`z` in lower case, an offset of hours only) are dates, where
/// Atom used to write an empty title and the clock's time.
#[test]
fn mf2_values_are_read_as_the_other_exporters_read_them() {
    let page = mf2(
        r#"<article class="h-entry"><h2 class="p-name"> </h2><span class="p-name">Second name</span>
           <time class="dt-published" datetime="2024-05-01t10:00:00z">May 1</time>
           <time class="dt-updated" datetime="2024-05-02 08:00-07">May 2</time></article>"#,
        "https://example.com/",
    );
    let (xml, parsed) = mf2_feed(&page, &AtomOptions::new().now(now()));
    let entry = &parsed.entries()[0];
    assert_eq!(entry.title().value, "Second name", "{xml}");
    assert_eq!(entry.published().map(|d| d.to_rfc3339()).as_deref(), Some("2024-05-01T10:00:00+00:00"), "{xml}");
    assert_eq!(entry.updated().to_rfc3339(), "2024-05-02T08:00:00-07:00", "{xml}");
    assert!(xml.contains("<updated>2024-05-02T08:00:00-07:00</updated>"), "{xml}");
}
