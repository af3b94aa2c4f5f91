//! The JSON conversion of HTML §5.4.1.

use harvest_dom::{Document, ParseOptions, Url};
use harvest_microdata::{to_json, try_to_json, JsonDocument, JsonOptions, LimitExceeded};
use serde_json::Value;

fn parse(html: &str, url: &str) -> Document {
    Document::parse_with(html, &ParseOptions::new().url(Url::parse(url).unwrap()))
}

const BLOG: &str = r##"<!DOCTYPE HTML>
<html lang="en">
<title>My Blog</title>
<article itemscope itemtype="http://schema.org/BlogPosting">
 <header>
  <h1 itemprop="headline">Progress report</h1>
  <p><time itemprop="datePublished" datetime="2013-08-29">today</time></p>
  <link itemprop="url" href="?comments=0">
 </header>
 <p>All in all, he's doing well with his swim lessons. The biggest thing was he had trouble
 putting his head in, but we got it down.</p>
 <section>
  <h1>Comments</h1>
  <article itemprop="comment" itemscope itemtype="http://schema.org/UserComments" id="c1">
   <link itemprop="url" href="#c1">
   <footer>
    <p>Posted by: <span itemprop="creator" itemscope itemtype="http://schema.org/Person">
     <span itemprop="name">Greg</span>
    </span></p>
    <p><time itemprop="commentTime" datetime="2013-08-29">15 minutes ago</time></p>
   </footer>
   <p>Ha!</p>
  </article>
  <article itemprop="comment" itemscope itemtype="http://schema.org/UserComments" id="c2">
   <link itemprop="url" href="#c2">
   <footer>
    <p>Posted by: <span itemprop="creator" itemscope itemtype="http://schema.org/Person">
     <span itemprop="name">Charlotte</span>
    </span></p>
    <p><time itemprop="commentTime" datetime="2013-08-29">5 minutes ago</time></p>
   </footer>
   <p>When you say "we got it down"...</p>
  </article>
 </section>
</article>"##;

/// The output printed in HTML §5.4.1, whitespace removed.
const BLOG_JSON: &str = concat!(
    r##"{"items":[{"type":["http://schema.org/BlogPosting"],"properties":{"headline":["Progress report"],"##,
    r##""datePublished":["2013-08-29"],"url":["https://blog.example.com/progress-report?comments=0"],"##,
    r##""comment":[{"type":["http://schema.org/UserComments"],"properties":{"url":["https://blog.example.com/progress-report#c1"],"##,
    r##""creator":[{"type":["http://schema.org/Person"],"properties":{"name":["Greg"]}}],"commentTime":["2013-08-29"]}},"##,
    r##"{"type":["http://schema.org/UserComments"],"properties":{"url":["https://blog.example.com/progress-report#c2"],"##,
    r##""creator":[{"type":["http://schema.org/Person"],"properties":{"name":["Charlotte"]}}],"commentTime":["2013-08-29"]}}]}}]}"##
);

#[test]
fn the_blog_example_gives_the_printed_json_byte_for_byte() {
    let doc = parse(BLOG, "https://blog.example.com/progress-report");
    assert_eq!(to_json(&doc, &JsonOptions::new()), BLOG_JSON);
}

#[test]
fn pretty_output_is_the_same_value_indented() {
    let doc = parse(BLOG, "https://blog.example.com/progress-report");
    let pretty = to_json(&doc, &JsonOptions::new().pretty(true));
    assert!(
        pretty.starts_with(
            "{\n  \"items\": [\n    {\n      \"type\": [\n        \"http://schema.org/BlogPosting\"\n      ],"
        ),
        "{pretty}"
    );
    let a: Value = serde_json::from_str(&pretty).unwrap();
    let b: Value = serde_json::from_str(BLOG_JSON).unwrap();
    assert_eq!(a, b);
    // serde_json's own pretty printer agrees on layout.
    assert_eq!(pretty, serde_json::to_string_pretty(&b).unwrap());
    let empty = to_json(&Document::parse("<p itemscope>"), &JsonOptions::new().pretty(true));
    assert_eq!(empty, serde_json::to_string_pretty(&serde_json::from_str::<Value>(&empty).unwrap()).unwrap());
}

#[test]
fn serde_types_round_trip() {
    let doc = parse(BLOG, "https://blog.example.com/progress-report");
    let json = to_json(&doc, &JsonOptions::new());
    let parsed: JsonDocument = serde_json::from_str(&json).unwrap();
    assert_eq!(parsed.items.len(), 1);
    assert_eq!(parsed.items[0].properties.names().collect::<Vec<_>>(), ["headline", "datePublished", "url", "comment"]);
    assert_eq!(serde_json::to_string(&parsed).unwrap(), json);
    let with_id = to_json(
        &parse(
            "<div itemscope itemtype='https://e.example/b' itemid=' urn:isbn:0-330-34032-8 '></div>",
            "https://e.example/",
        ),
        &JsonOptions::new(),
    );
    assert_eq!(
        with_id,
        r#"{"items":[{"type":["https://e.example/b"],"id":"urn:isbn:0-330-34032-8","properties":{}}]}"#
    );
    let parsed: JsonDocument = serde_json::from_str(&with_id).unwrap();
    assert_eq!(serde_json::to_string(&parsed).unwrap(), with_id);
}

#[test]
fn strings_use_the_shortest_escapes() {
    let doc = Document::parse("<div itemscope><meta itemprop=s content='q\"b\\s/\u{1}\u{1f}\u{7f}\u{2028}é\t'></div>");
    assert_eq!(
        to_json(&doc, &JsonOptions::new()),
        "{\"items\":[{\"properties\":{\"s\":[\"q\\\"b\\\\s/\\u0001\\u001f\u{7f}\u{2028}é\\t\"]}}]}"
    );
    let doc = Document::parse("<div itemscope><pre itemprop=s>\r\n\u{8}\u{c}</pre></div>");
    // The HTML parser turns CR LF into LF and drops the first newline of a pre.
    assert_eq!(to_json(&doc, &JsonOptions::new()), "{\"items\":[{\"properties\":{\"s\":[\"\\b\\f\"]}}]}");
}

#[test]
fn an_item_already_in_memory_is_error() {
    let doc = Document::parse(
        "<div itemscope id=a itemref=b><p itemprop=n>A</p></div>\
         <div itemscope itemprop=next id=b itemref=a><p itemprop=n>B</p></div>",
    );
    // b's itemref reaches a's element, but a has no itemprop, so it is no property of b.
    assert_eq!(
        to_json(&doc, &JsonOptions::new()),
        r#"{"items":[{"properties":{"n":["A"],"next":[{"properties":{"n":["B"]}}]}}]}"#
    );
    let doc = Document::parse(
        "<div itemscope itemref=a></div>\
         <div itemscope itemprop=x id=a itemref=b><p itemprop=n>A</p></div>\
         <div itemscope itemprop=y id=b itemref=a><p itemprop=n>B</p></div>",
    );
    // With itemprops on both, the top-level item reaches a, a reaches b, b reaches a again.
    assert_eq!(
        to_json(&doc, &JsonOptions::new()),
        r#"{"items":[{"properties":{"x":[{"properties":{"n":["A"],"y":[{"properties":{"x":["ERROR"],"n":["B"]}}]}}]}}]}"#
    );
}

#[test]
fn limits_truncate_with_a_marker_or_fail() {
    let doc = Document::parse("<div itemscope><i itemprop=a>1</i><i itemprop=a>2</i><i itemprop=b>3</i></div><p itemscope><i itemprop=c>4</i></p>");
    let full = to_json(&doc, &JsonOptions::new());
    assert_eq!(full, r#"{"items":[{"properties":{"a":["1","2"],"b":["3"]}},{"properties":{"c":["4"]}}]}"#);
    assert_eq!(try_to_json(&doc, &JsonOptions::new().max_values(4)).unwrap(), full);
    let cut = to_json(&doc, &JsonOptions::new().max_values(2));
    // The cut falls on b's first value: b is left out, never written without values.
    assert_eq!(cut, r#"{"items":[{"properties":{"a":["1","2"]}}],"truncated":true}"#);
    let parsed: JsonDocument = serde_json::from_str(&cut).unwrap();
    assert!(parsed.truncated);
    assert_eq!(try_to_json(&doc, &JsonOptions::new().max_values(3)), Err(LimitExceeded::Values(3)));
    let bytes = to_json(&doc, &JsonOptions::new().max_bytes(36));
    assert_eq!(bytes, r#"{"items":[{"properties":{"a":["1"]}}],"truncated":true}"#);
    assert_eq!(try_to_json(&doc, &JsonOptions::new().max_bytes(36)), Err(LimitExceeded::Bytes(36)));
    // A byte limit on a property's first value leaves the property out too.
    let first = to_json(&doc, &JsonOptions::new().max_bytes(44));
    assert_eq!(first, r#"{"items":[{"properties":{"a":["1","2"]}}],"truncated":true}"#);
    // And the typed document, built by the same walk, is cut alike.
    let microdata = harvest_microdata::Microdata::new(&doc);
    for options in [JsonOptions::new().max_values(2), JsonOptions::new().max_bytes(44)] {
        let built = microdata.to_json_document(&options);
        assert_eq!(built, serde_json::from_str::<JsonDocument>(&to_json(&doc, &options)).unwrap());
        assert!(built.items[0].properties.get("b").is_none());
    }
}

#[test]
fn values_per_element_kind() {
    let html = r#"<base href="https://base.example/dir/">
    <div itemscope>
      <meta itemprop=meta content=m><meta itemprop=meta-empty>
      <audio itemprop=u src=a.ogg></audio><embed itemprop=u src=e><iframe itemprop=u src=i></iframe>
      <img itemprop=u src=im.png><video itemprop=u src=v><source itemprop=u src=s><track itemprop=u src=t></video>
      <a itemprop=u href=../up>x</a><map><area itemprop=u href=ar></map><link itemprop=u href=l>
      <object itemprop=u data=o></object>
      <img itemprop=missing><a itemprop=bad href="http://[::1">x</a>
      <data itemprop=data value=7>seven</data><data itemprop=data>no value</data>
      <meter itemprop=meter value=0.5>half</meter><meter itemprop=meter>none</meter>
      <time itemprop=time datetime=2009-05-10>May</time><time itemprop=time>2010-<b>x</b>01<!--c-->-02</time>
      <span itemprop=text>a<b>b</b><script>c</script></span>
      <svg><a itemprop=svg href=x>not a property</a></svg>
    </div>"#;
    let doc = parse(html, "https://page.example/");
    let value: Value = serde_json::from_str(&to_json(&doc, &JsonOptions::new())).unwrap();
    let expected = serde_json::json!({"items": [{"properties": {
        "meta": ["m"], "meta-empty": [""],
        "u": ["https://base.example/dir/a.ogg", "https://base.example/dir/e", "https://base.example/dir/i",
              "https://base.example/dir/im.png", "https://base.example/dir/v", "https://base.example/dir/s",
              "https://base.example/dir/t", "https://base.example/up", "https://base.example/dir/ar",
              "https://base.example/dir/l", "https://base.example/dir/o"],
        "missing": [""], "bad": [""],
        "data": ["7", ""], "meter": ["0.5", ""],
        "time": ["2009-05-10", "2010-01-02"],
        "text": ["abc"]
    }}]});
    assert_eq!(value, expected);
}

#[test]
fn deep_serde_values_drop_and_fail_safely() {
    use harvest_microdata::{JsonItem, JsonProperties, JsonValue};
    // A chain of 200,000 nested items is dropped without recursion.
    let mut item = JsonItem::default();
    for _ in 0..200_000 {
        let mut outer = JsonItem::default();
        outer.properties = JsonProperties(vec![("next".to_owned(), vec![JsonValue::Item(item)])]);
        item = outer;
    }
    drop(item);
    // serde_json reads 40 levels of items and stops at 100 with an error, not a crash (past
    // the writer's default depth bound, which keeps its output within serde_json's reach).
    let chain = |n: usize| {
        let mut html = String::from("<div itemscope itemref=i1></div>");
        for k in 1..=n {
            html.push_str(&format!("<div itemscope itemprop=next id=i{k} itemref=i{}></div>", k + 1));
        }
        to_json(&Document::parse(&html), &JsonOptions::new().max_depth(1_000))
    };
    assert!(serde_json::from_str::<JsonDocument>(&chain(40)).is_ok());
    assert!(serde_json::from_str::<JsonDocument>(&chain(100)).is_err());
}

/// Properties keep the order their names were first met, with few names and with many (past
/// the short list the writer compares names with, it looks them up in a map).
#[test]
fn property_names_keep_their_first_order_few_or_many() {
    for count in [3, 16, 17, 40] {
        let mut html = String::from("<div itemscope>");
        for round in 0..2 {
            for index in (0..count).rev() {
                html.push_str(&format!("<b itemprop='n{index} shared'>{round}</b>"));
            }
        }
        html.push_str("</div>");
        let json: Value =
            serde_json::from_str(&to_json(&parse(&html, "http://example.com/"), &JsonOptions::new())).unwrap();
        let properties = json["items"][0]["properties"].as_object().unwrap();
        let names: Vec<&str> = properties.keys().map(String::as_str).collect();
        let mut expected = vec![format!("n{}", count - 1), "shared".to_owned()];
        expected.extend((0..count - 1).rev().map(|index| format!("n{index}")));
        assert_eq!(names, expected, "{count} names");
        assert_eq!(properties["shared"].as_array().unwrap().len(), 2 * count);
        assert_eq!(properties["n0"], serde_json::json!(["0", "1"]));
    }
}

/// A page with no base URL (none given, or `about:blank`) keeps relative URLs as written instead
/// of `""`; absolute ones are serialized as ever, an unparsable one against a real base is `""`.
#[test]
fn relative_urls_without_a_base_url_stay_as_written() {
    let html = concat!(
        r##"<div itemscope><a itemprop="u" href=" x.html ">x</a><img itemprop="i" src="#top">"##,
        r#"<link itemprop="a" href="HTTP://Example.com"><a itemprop="e" href="">e</a></div>"#
    );
    let expected = r##"{"items":[{"properties":{"u":["x.html"],"i":["#top"],"a":["http://example.com/"],"e":[""]}}]}"##;
    assert_eq!(to_json(&Document::parse(html), &JsonOptions::new()), expected);
    assert_eq!(to_json(&parse(html, "about:blank"), &JsonOptions::new()), expected);
    let based = to_json(&parse(html, "https://example.com/d/"), &JsonOptions::new());
    assert!(based.contains(r#""u":["https://example.com/d/x.html"]"#), "{based}");
    let broken = to_json(
        &parse(r#"<div itemscope><a itemprop=u href="http://[x">x</a></div>"#, "https://example.com/"),
        &JsonOptions::new(),
    );
    assert!(broken.contains(r#""u":[""]"#), "{broken}");
}
