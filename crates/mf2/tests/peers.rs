//! Behaviours the other parsers (mf2py, php-mf2, the Ruby and JS parsers) and the current
//! parsing specification agree on, beyond the official suite: each test holds the page that
//! showed the difference.

use harvest_mf2::{parse_html, Options, Text};
use serde_json::{json, Value};

const BASE: &str = "http://example.com/";

fn mf2(page: &str, options: &Options) -> Value {
    parse_html(page, BASE, options).unwrap().to_value()
}

#[test]
fn implied_name_takes_img_alt_but_never_src() {
    let page = r#"<p class="h-card">My Name <img src="http://xyz/a.jpg"></p>"#;
    for text in [Text::Classic, Text::Thorough] {
        let parsed = mf2(page, &Options::new().text(text));
        assert_eq!(parsed["items"][0]["properties"]["name"], json!(["My Name"]), "{text:?}");
    }
    // An `alt` is still part of the name, and p-* text keeps the src.
    let with_alt = mf2(r#"<p class="h-card"><b>My Name</b> <img src="a.jpg" alt="(me)"></p>"#, &Options::new());
    assert_eq!(with_alt["items"][0]["properties"]["name"], json!(["My Name (me)"]));
    let p_name = mf2(r#"<p class="h-card"><span class="p-name">My Name <img src="a.jpg"></span></p>"#, &Options::new());
    assert_eq!(p_name["items"][0]["properties"]["name"], json!(["My Name  http://example.com/a.jpg"]));
}

#[test]
fn implied_name_drops_image_sources_of_a_nested_element_read_on_its_own() {
    // The source ranges of an earlier item must not leak into a later one.
    let page = r#"<div><p class="h-card">A <img src="x.jpg"> B</p><p class="h-card">C <img src="y.jpg"><img alt="D"></p></div>"#;
    let parsed = mf2(page, &Options::new());
    assert_eq!(parsed["items"][0]["properties"]["name"], json!(["A  B"]));
    assert_eq!(parsed["items"][1]["properties"]["name"], json!(["C D"]));
}

#[test]
fn rel_urls_of_a_repeated_link_fill_what_the_first_left_unset() {
    let page = r#"<link rel="me" href="http://example.com/"><a rel="me" href="http://example.com/" type="text/html">My name</a>"#;
    let parsed = mf2(page, &Options::new());
    assert_eq!(
        parsed["rel-urls"]["http://example.com/"],
        json!({"rels": ["me"], "text": "My name", "type": "text/html"})
    );
    // A member already set keeps its first value.
    let page =
        r#"<a rel="me" href="/a" type="text/html">One</a><a rel="me" href="/a" type="text/plain" title="T">Two</a>"#;
    let parsed = mf2(page, &Options::new());
    assert_eq!(
        parsed["rel-urls"]["http://example.com/a"],
        json!({"rels": ["me"], "text": "One", "type": "text/html", "title": "T"})
    );
}

#[test]
fn a_time_only_dt_end_takes_the_start_date_outside_the_value_class_pattern() {
    let page = r#"<div class="h-event"><time class="dt-start">2014-06-05T18:31</time> until <span class="dt-end">19:31</span></div>"#;
    let parsed = mf2(page, &Options::new());
    assert_eq!(parsed["items"][0]["properties"]["end"], json!(["2014-06-05 19:31"]));
    // 12-hour times are normalised as in the value-class pattern; without a start, or for
    // other dt-* properties, the time stays as written.
    let page = r#"<div class="h-event"><time class="dt-start" datetime="2014-06-05">June 5</time><span class="dt-end">7pm</span><span class="dt-updated">19:31</span></div>"#;
    let parsed = mf2(page, &Options::new());
    assert_eq!(parsed["items"][0]["properties"]["end"], json!(["2014-06-05 19:00"]));
    assert_eq!(parsed["items"][0]["properties"]["updated"], json!(["19:31"]));
    let alone = mf2(r#"<div class="h-event"><span class="dt-end">19:31</span></div>"#, &Options::new());
    assert_eq!(alone["items"][0]["properties"]["end"], json!(["19:31"]));
}

#[test]
fn fragment_only_references_in_e_html_resolve_like_every_other_relative_url() {
    // php-mf2 (`resolveChildUrls`, RFC 3986 resolution) and mf2py (`urljoin`) both resolve a
    // fragment-only reference against the page URL; harvest does the same by default, and
    // `resolve_html_urls(false)` keeps every reference as written.
    let page = r##"<div class="h-entry"><div class="e-content">See<a href="#fn:1">1</a></div></div>"##;
    let parsed = parse_html(page, "http://example.com/post", &Options::new()).unwrap().to_value();
    assert_eq!(
        parsed["items"][0]["properties"]["content"][0]["html"],
        json!(r#"See<a href="http://example.com/post#fn:1">1</a>"#)
    );
    let as_written =
        parse_html(page, "http://example.com/post", &Options::new().resolve_html_urls(false)).unwrap().to_value();
    assert_eq!(as_written["items"][0]["properties"]["content"][0]["html"], json!(r##"See<a href="#fn:1">1</a>"##));
}

#[test]
fn classic_rel_tag_gives_the_last_path_segment_as_category() {
    let page = r#"<div class="hentry"><span class="entry-title">Post</span> <a rel="tag" href="http://example.com/tag/web-dev/">Web development</a> <a rel="tag" href="/tags/caf%C3%A9">Coffee</a></div>"#;
    let parsed = mf2(page, &Options::new());
    assert_eq!(parsed["items"][0]["properties"]["category"], json!(["web-dev", "café"]));
    for root in ["hreview", "hrecipe", "hproduct", "hfeed"] {
        let page = format!(r#"<div class="{root}"><a rel="tag" href="http://example.com/tag/web-dev/">Web</a></div>"#);
        assert_eq!(mf2(&page, &Options::new())["items"][0]["properties"]["category"], json!(["web-dev"]), "{root}");
    }
    // A `category` class wins over the rel: its text is the value (the suite's hproduct cases).
    let page = r#"<div class="hproduct"><a rel="tag" class="category" href="http://en.wikipedia.org/wiki/computer">Computer</a></div>"#;
    assert_eq!(mf2(page, &Options::new())["items"][0]["properties"]["category"], json!(["Computer"]));
}

#[test]
fn classic_rel_tag_without_an_href_names_no_category() {
    let page = r#"<div class="hentry"><a rel="tag">none</a><a rel="tag" href="">empty</a><a rel="tag" href=" ">blank</a><a rel="tag" href="/tags/x">x</a></div>"#;
    assert_eq!(mf2(page, &Options::new())["items"][0]["properties"]["category"], json!(["x"]));
    // Nothing at all when it is the only one.
    let page = r#"<div class="hentry"><a rel="tag" href="">t</a></div>"#;
    assert_eq!(mf2(page, &Options::new())["items"][0]["properties"].get("category"), None);
}

#[test]
fn an_hreview_url_is_a_self_bookmark_link_and_an_hentry_url_any_bookmark() {
    let links = r#"<a rel="bookmark" href="/other">o</a><a rel="Self bookmark" href="/review">r</a>"#;
    let review = mf2(&format!(r#"<div class="hreview">{links}</div>"#), &Options::new());
    assert_eq!(review["items"][0]["properties"]["url"], json!(["http://example.com/review"]));
    let entry = mf2(&format!(r#"<div class="hentry">{links}</div>"#), &Options::new());
    assert_eq!(
        entry["items"][0]["properties"]["url"],
        json!(["http://example.com/other", "http://example.com/review"])
    );
}

#[test]
fn a_root_in_two_vocabularies_maps_each_rel_tag_once() {
    let page =
        r#"<div class="hentry hreview"><a rel="tag" href="/tags/x">x</a><a rel="tag" href="/tags/y">y</a></div>"#;
    let parsed = mf2(page, &Options::new());
    assert_eq!(parsed["items"][0]["type"], json!(["h-entry", "h-review"]));
    assert_eq!(parsed["items"][0]["properties"]["category"], json!(["x", "y"]));
}

#[test]
fn classic_roots_keep_their_id_with_the_option() {
    let page = r#"<div class="hentry" id="post-1"><span class="entry-title">Post</span></div>"#;
    assert_eq!(mf2(page, &Options::new())["items"][0].get("id"), None);
    let with_ids = mf2(page, &Options::new().classic_root_ids(true));
    assert_eq!(with_ids["items"][0]["id"], json!("post-1"));
}

#[test]
fn metaformats_give_the_page_language_with_lang_on() {
    let page = r#"<html lang="fr"><head><title>Bonjour</title><meta property="og:description" content="Un billet"></head><body></body></html>"#;
    let with_lang = mf2(page, &Options::new().metaformats(true).lang(true));
    assert_eq!(with_lang["items"][0]["lang"], json!("fr"));
    assert_eq!(with_lang["items"][0]["properties"]["name"], json!(["Bonjour"]));
    let without = mf2(page, &Options::new().metaformats(true));
    assert_eq!(without["items"][0].get("lang"), None);
    // No `lang` attribute: the content-language pragma.
    let pragma = r#"<html><head><meta http-equiv="content-language" content="de"><title>Hallo</title></head></html>"#;
    assert_eq!(mf2(pragma, &Options::new().metaformats(true).lang(true))["items"][0]["lang"], json!("de"));
}

#[test]
fn a_page_without_url_keeps_empty_and_fragment_references_as_written() {
    let page = r##"<div class="h-entry"><a class="u-url" href="">here</a><a class="u-syndication" href="#x">x</a><a class="u-in-reply-to" href="/a">a</a><div class="e-content"><a href="#fn:1">1</a></div></div><a rel="me" href="#me">me</a>"##;
    // `about:blank` is the URL of a document created without one (harvest-pipeline's default).
    let parsed = parse_html(page, "about:blank", &Options::new()).unwrap().to_value();
    let properties = &parsed["items"][0]["properties"];
    assert_eq!(properties["url"], json!([""]));
    assert_eq!(properties["syndication"], json!(["#x"]));
    assert_eq!(properties["in-reply-to"], json!(["/a"]));
    assert_eq!(properties["content"][0]["html"], json!(r##"<a href="#fn:1">1</a>"##));
    assert_eq!(parsed["rels"]["me"], json!(["#me"]));
    // With a URL nothing changes.
    let with_url = mf2(page, &Options::new());
    assert_eq!(with_url["items"][0]["properties"]["url"], json!(["http://example.com/"]));
    assert_eq!(with_url["items"][0]["properties"]["syndication"], json!(["http://example.com/#x"]));
}

#[test]
fn thorough_text_keeps_the_white_space_of_pre() {
    let page = "<div class=h-entry><div class=p-content><p>Code:</p>\n<pre>fn main() {\n    run();\n}</pre><p>Done   now</p></div></div>";
    let thorough = mf2(page, &Options::new().text(Text::Thorough));
    assert_eq!(thorough["items"][0]["properties"]["content"], json!(["Code: fn main() {\n    run();\n}\nDone now"]));
    // The implied name and an e-* value read the same text.
    let page = "<pre class=h-card>Ada\n  Lovelace <img src=a.png></pre>";
    let thorough = mf2(page, &Options::new().text(Text::Thorough));
    assert_eq!(thorough["items"][0]["properties"]["name"], json!(["Ada\n  Lovelace"]));
    // Classic text keeps all white space as written anyway.
    let classic = mf2(page, &Options::new());
    assert_eq!(classic["items"][0]["properties"]["name"], json!(["Ada\n  Lovelace"]));
}
