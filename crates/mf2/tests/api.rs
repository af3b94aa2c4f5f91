//! The public API: serde round trips, options and errors.

use harvest_mf2::{parse, parse_html, Document, Html, Item, ItemValue, Mf2Error, Options, PropertyValue, UrlWithAlt};
use serde_json::{json, Value};
use std::path::PathBuf;

const BASE: &str = "http://example.test/";

fn parse_with(html: &str, options: &Options) -> Document {
    parse_html(html, BASE, options).expect("valid options")
}

/// Every `.json` file of the official suite (when present) deserialises into a [`Document`]
/// and serialises back to the same JSON value.
#[test]
fn suite_json_round_trips_through_the_types() {
    let suite = std::env::var_os("HARVEST_MF2_SUITE")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/mf2-tests/tests"));
    if !suite.is_dir() {
        // A missing suite fails, unless HARVEST_SKIP_SUITES names it (then the test says so).
        assert!(
            harvest_test_support::skipped("mf2") || harvest_test_support::skipped("all"),
            "the microformats suite is missing at {}: set HARVEST_MF2_SUITE to its tests folder, \
             or HARVEST_SKIP_SUITES=mf2 to skip it",
            suite.display()
        );
        println!("SKIPPED: the microformats suite (HARVEST_SKIP_SUITES names mf2)");
        return;
    }
    let mut pending = vec![suite];
    let mut checked = 0;
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                let expected: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
                let document: Document =
                    serde_json::from_value(expected.clone()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                assert_eq!(document.to_value(), expected, "{}", path.display());
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} files");
}

#[test]
fn output_round_trips() {
    let html = r#"<base href="/b/">
      <div class="h-entry" id="e1"><a class="p-author h-card" href="/me"><img src="me.png" alt="Me">Me</a>
        <div class="e-content"><p>Hi <b>there</b></p></div>
        <img class="u-photo" src="p.jpg" alt="A photo">
        <div class="u-like-of h-cite"><img class="u-url" src="/x.png" alt="x"></div>
        <span class="p-child h-card">Child</span>
        <div class="h-card">Kid</div>
      </div>
      <a rel="me author" href="https://elsewhere.example/">me</a>
      <link rel="alternate" href="/feed" type="application/atom+xml" title="Feed">"#;
    let doc = parse_with(html, &Options::new());
    let json = doc.to_json();
    let back: Document = serde_json::from_str(&json).unwrap();
    assert_eq!(back, doc);
    let pretty: Document = serde_json::from_str(&doc.to_json_pretty()).unwrap();
    assert_eq!(pretty, doc);

    let entry = &doc.items[0];
    assert_eq!(entry.id.as_deref(), Some("e1"));
    assert_eq!(entry.children.len(), 1);
    let author = entry.get("author")[0].as_item().unwrap();
    assert_eq!(author.value, Some(ItemValue::Text("Me".into())));
    let PropertyValue::Url(photo) = &author.get("photo")[0] else { panic!("{:?}", author.get("photo")) };
    let photo: &UrlWithAlt = photo;
    assert_eq!(
        (photo.value.as_str(), photo.alt.as_deref(), &photo.srcset),
        ("http://example.test/b/me.png", Some("Me"), &None)
    );
    let PropertyValue::Html(content) = &entry.get("content")[0] else { panic!("{:?}", entry.get("content")) };
    let content: &Html = content;
    assert_eq!(
        (content.html.as_str(), content.value.as_str(), &content.lang),
        ("<p>Hi <b>there</b></p>", "Hi there", &None)
    );
    let like = entry.get("like-of")[0].as_item().unwrap();
    let Some(ItemValue::Url(like_url)) = &like.value else { panic!("{:?}", like.value) };
    assert_eq!(
        (like_url.value.as_str(), like_url.alt.as_deref(), &like_url.srcset),
        ("http://example.test/x.png", Some("x"), &None)
    );
    assert_eq!(doc.rels["author"], ["https://elsewhere.example/"]);
    assert_eq!(doc.rel_urls["http://example.test/feed"].title.as_deref(), Some("Feed"));
    assert!(doc.alternates.is_none());
    assert!(!json.contains("\"children\":[]"));
}

#[test]
fn serialises_to_the_canonical_shape() {
    let doc = parse_with("<p class='h-card'><a class='u-url p-name' href=''>Jo</a></p>", &Options::new());
    assert_eq!(
        doc.to_value(),
        json!({"items": [{"type": ["h-card"], "properties": {"url": ["http://example.test/"], "name": ["Jo"]}}],
               "rels": {}, "rel-urls": {}})
    );
    // The empty URL is the page URL as given.
    let doc = parse_html("<a class='h-card' href=''>Jo</a>", "http://example.test", &Options::new()).unwrap();
    assert_eq!(doc.items[0].get("url")[0].as_text(), Some("http://example.test"));
}

#[test]
fn errors_are_typed() {
    assert!(matches!(parse_html("<p>", "not a url", &Options::new()), Err(Mf2Error::InvalidBaseUrl { .. })));
    let dom = harvest_dom::Document::parse("<p class=h-card>x");
    assert_eq!(parse(&dom, &Options::new()), Err(Mf2Error::MissingBaseUrl));
    assert!(parse(&dom, &Options::new().base_url("http://example.test/")).is_ok());
    for bad in ["card", "h-", "h-Card", "h-1"] {
        assert_eq!(
            parse(&dom, &Options::new().base_url(BASE).filter_types([bad])),
            Err(Mf2Error::InvalidTypeFilter(bad.into()))
        );
    }
}

#[test]
fn type_filter_keeps_matching_items_and_descendants() {
    let html = "<div class=h-feed><div class=h-entry><p class=p-name>A</p></div><div class=h-card>C</div></div>\
                <div class=h-entry><p class=p-name>B</p></div>";
    let doc = parse_with(html, &Options::new().filter_types(["h-entry"]));
    let names: Vec<&str> = doc.items.iter().map(|i| i.get("name")[0].as_text().unwrap()).collect();
    assert_eq!(names, ["A", "B"]);
    assert!(doc.items.iter().all(|i| i.has_type("h-entry")));
}

#[test]
fn lang_option() {
    let html = r#"<html lang="en"><meta http-equiv="content-language" content="de">
        <div class="h-entry"><p class="p-name">Hi</p><div class="e-content" lang="fr">Salut</div>
        <div class="p-author h-card" lang="">Anon</div></div></html>"#;
    let plain = parse_with(html, &Options::new());
    assert_eq!(plain.items[0].lang, None);
    let doc = parse_with(html, &Options::new().lang(true));
    let entry = &doc.items[0];
    assert_eq!(entry.lang.as_deref(), Some("en"));
    let PropertyValue::Html(content) = &entry.get("content")[0] else { panic!("e- value") };
    assert_eq!(content.lang.as_deref(), Some("fr"));
    assert_eq!(entry.get("author")[0].as_item().map(|a| a.lang.clone()), Some(None));
    // Without a lang attribute the page's content-language applies.
    let doc = parse_with(
        r#"<meta http-equiv="Content-Language" content="de"><p class=h-card>Jo"#,
        &Options::new().lang(true),
    );
    assert_eq!(doc.items[0].lang.as_deref(), Some("de"));
}

#[test]
fn metaformats_option() {
    let html = r#"<head><title>Page title</title>
        <meta name="description" content="Plain description">
        <meta property="og:title" content="OG title">
        <meta property="og:image" content="/img.png">
        <meta name="twitter:description" content="Card description">
        <meta property="article:published_time" content="2024-01-02T03:04:05Z">
        <link rel="canonical" href="/post"></head><body><p>No microformats</p>"#;
    assert!(parse_with(html, &Options::new()).items.is_empty());
    let doc = parse_with(html, &Options::new().metaformats(true));
    let entry: &Item = &doc.items[0];
    assert_eq!(entry.type_, ["h-entry"]);
    let text = |name: &str| entry.get(name).first().and_then(PropertyValue::as_text).map(str::to_owned);
    assert_eq!(text("name").as_deref(), Some("OG title"));
    assert_eq!(text("summary").as_deref(), Some("Card description"));
    assert_eq!(text("photo").as_deref(), Some("http://example.test/img.png"));
    assert_eq!(text("url").as_deref(), Some("http://example.test/post"));
    assert_eq!(text("published").as_deref(), Some("2024-01-02T03:04:05Z"));
    let profile = parse_with(
        r#"<meta property="og:type" content="profile"><meta property="og:title" content="Jo">"#,
        &Options::new().metaformats(true),
    );
    assert_eq!(profile.items[0].type_, ["h-card"]);
    // Pages with microformats keep theirs.
    let doc = parse_with(&format!("{html}<p class=h-card>Jo"), &Options::new().metaformats(true));
    assert_eq!(doc.items[0].type_, ["h-card"]);
}

#[test]
fn alternates_option() {
    let html =
        r#"<a rel="alternate home" href="/fr" media="handheld" hreflang="fr">French</a><a rel=me href=/me>me</a>"#;
    let doc = parse_with(html, &Options::new());
    assert_eq!(doc.rels["alternate"], ["http://example.test/fr"]);
    assert!(doc.alternates.is_none());
    let doc = parse_with(html, &Options::new().alternates(true));
    assert!(!doc.rels.contains_key("alternate") && !doc.rels.contains_key("home"));
    let alternates = doc.alternates.as_ref().unwrap();
    assert_eq!(alternates[0].url, "http://example.test/fr");
    assert_eq!(alternates[0].rel.as_deref(), Some("home"));
    assert_eq!(alternates[0].hreflang.as_deref(), Some("fr"));
    assert_eq!(doc.to_value()["alternates"][0]["media"], "handheld");
    let back: Document = serde_json::from_str(&doc.to_json()).unwrap();
    assert_eq!(back, doc);
    // Link types are case-insensitive: `rel="Alternate feed"` is an alternate too, and each of
    // its values leaves `rels`, while `rel-urls` still lists the link.
    let doc = parse_with(
        r#"<link rel="Alternate feed" href="/feed"><a rel=me href=/me>me</a>"#,
        &Options::new().alternates(true),
    );
    assert_eq!(doc.rels.keys().collect::<Vec<_>>(), ["me"]);
    let alternates = doc.alternates.as_ref().unwrap();
    assert_eq!((alternates[0].url.as_str(), alternates[0].rel.as_deref()), ("http://example.test/feed", Some("feed")));
    assert!(doc.rel_urls.contains_key("http://example.test/feed"));
}

#[test]
fn classic_and_mf2_properties_do_not_mix() {
    let html = r#"<div class="h-entry"><span class="entry-title p-name">T</span><span class="author">A</span>
        <div class="vcard"><span class="fn">V</span><span class="p-nickname">ignored</span></div></div>"#;
    let doc = parse_with(html, &Options::new());
    let entry = &doc.items[0];
    assert!(entry.get("author").is_empty());
    let card = &entry.children[0];
    assert_eq!(card.type_, ["h-card"]);
    assert_eq!(card.get("name")[0].as_text(), Some("V"));
    assert!(card.get("nickname").is_empty());
}

#[test]
fn value_class_pattern_dates() {
    let html = r#"<div class="h-event"><span class="dt-start"><span class="value">2024-03-01</span>
        <span class="value">7pm</span><span class="value">-05:00</span></span>
        <span class="dt-end"><span class="value">21:30</span></span></div>"#;
    let doc = parse_with(html, &Options::new());
    assert_eq!(doc.items[0].get("start")[0].as_text(), Some("2024-03-01 19:00-0500"));
    assert_eq!(doc.items[0].get("end")[0].as_text(), Some("2024-03-01 21:30"));
}

#[test]
fn html_matches_the_dom_serialisation_apart_from_resolved_urls() {
    let content = r#"<p title='a "q" &amp; b'>x&nbsp;&lt;y&gt; &amp; z</p><!-- note --><br/><img src="http://a.example/i.png" alt=""><script>if (a < b) {}</script><style>p > b {}</style><svg viewBox="0 0 1 1"><circle r="1"/></svg><template><i>t</i></template><textarea>&lt;</textarea><table><tr><td>c</td></tr></table>"#;
    let html = format!("<div class=h-entry><div class=e-content>{content}</div></div>");
    let html_of = |options: &Options| match &parse_with(&html, options).items[0].get("content")[0] {
        PropertyValue::Html(value) => value.html.clone(),
        other => panic!("not an e- value: {other:?}"),
    };
    assert_eq!(html_of(&Options::new().resolve_html_urls(true)), html_of(&Options::new()));
    // Byte for byte the DOM's own fragment serialisation.
    let dom = harvest_dom::Document::parse(&html);
    let element = dom.elements().find(|e| e.has_class("e-content")).unwrap();
    assert_eq!(html_of(&Options::new()), dom.inner_html(&element.as_node()).trim());
    // Nested e-* elements are slices of the outer serialisation, and equal to their own.
    let nested = format!("<div class=h-entry><div class=e-outer><div class=e-inner>{content}</div></div></div>");
    let doc = parse_with(&nested, &Options::new());
    let PropertyValue::Html(inner) = &doc.items[0].get("inner")[0] else { panic!("e- value") };
    assert_eq!(inner.html, html_of(&Options::new()));

    let relative = "<div class=h-entry><div class=e-content><a href='../a'>a</a> <img srcset='x.png 1x, /y.png 2x' src=''> <object data=o.swf></object></div></div>";
    let doc = parse_html(relative, "http://example.test/d/p", &Options::new().resolve_html_urls(true)).unwrap();
    let PropertyValue::Html(value) = &doc.items[0].get("content")[0] else { panic!("e- value") };
    assert_eq!(
        value.html,
        r#"<a href="http://example.test/a">a</a> <img srcset="http://example.test/d/x.png 1x, http://example.test/y.png 2x" src="http://example.test/d/p"> <object data="http://example.test/d/o.swf"></object>"#
    );
}
