//! The opt-in options: framework classes, part of a page, srcset, JF2. Each is off by default,
//! and the default output is the parsing specification's (the suite checks that).

use harvest_mf2::{parse_html, Mf2Error, Options, Root};
use serde_json::{json, Value};

const BASE: &str = "https://example.com/blog/";

fn mf2(page: &str, options: &Options) -> Value {
    parse_html(page, BASE, options).unwrap().to_value()
}

#[test]
fn tailwind_height_utilities_are_no_roots_with_filter_roots() {
    let page = "<div class='h-screen flex'><div class='h-full'><article class='h-entry'>\
                <h1 class='p-name'>Post</h1></article></div></div>";
    let plain = mf2(page, &Options::new());
    assert_eq!(plain["items"][0]["type"], json!(["h-screen"]));
    let filtered = mf2(page, &Options::new().filter_roots(true));
    assert_eq!(filtered["items"], json!([{"type": ["h-entry"], "properties": {"name": ["Post"]}}]));
}

#[test]
fn bootstrap_h_auto_is_no_root_and_its_numeric_utilities_never_were() {
    let page = "<div class='h-auto p-3 h-50'><p class='h-card p-2'><span class=p-name>Ada</span></p></div>";
    assert_eq!(mf2(page, &Options::new())["items"][0]["type"], json!(["h-auto"]));
    let filtered = mf2(page, &Options::new().filter_roots(true));
    assert_eq!(filtered["items"], json!([{"type": ["h-card"], "properties": {"name": ["Ada"]}}]));
}

#[test]
fn tailwind_padding_is_no_property_with_filter_roots() {
    let page = "<div class='h-card'><span class='p-name p-px'>Ada</span></div>";
    assert_eq!(mf2(page, &Options::new())["items"][0]["properties"]["px"], json!(["Ada"]));
    let filtered = mf2(page, &Options::new().filter_roots(true));
    assert_eq!(filtered["items"][0]["properties"], json!({"name": ["Ada"]}));
}

#[test]
fn a_root_element_is_parsed_with_its_descendants_and_itself() {
    let page = "<p class=h-card>Outside</p><a rel=me href=/out>o</a>\
                <main id=post class=h-entry><b class=p-name>Inside</b><a rel=tag href=/t>t</a></main>";
    let by_id = mf2(page, &Options::new().root(Root::Id("post".into())));
    assert_eq!(
        by_id["items"],
        json!([{"type": ["h-entry"], "id": "post", "properties": {"name": ["Inside"], "url": ["https://example.com/t"]}}])
    );
    assert_eq!(by_id["rels"], json!({"tag": ["https://example.com/t"]}), "rels come from the same part");
    let by_selector = mf2(page, &Options::new().root(Root::selector("main").unwrap()));
    assert_eq!(by_selector, by_id);
    let missing = parse_html(page, BASE, &Options::new().root(Root::Id("nope".into())));
    assert_eq!(missing, Err(Mf2Error::RootNotFound("#nope".into())));
    // A selector is checked when it is made, and when it is read from serde.
    assert!(matches!(Root::selector("main >"), Err(Mf2Error::InvalidRootSelector { .. })));
    assert!(serde_json::from_value::<Root>(json!({"selector": "main >"})).is_err());
    let read: Root = serde_json::from_value(json!({"selector": "main"})).unwrap();
    assert_eq!(read, Root::selector("main").unwrap());
    assert_eq!(serde_json::to_value(&read).unwrap(), json!({"selector": "main"}));
}

#[test]
fn srcset_candidates_on_u_properties_and_implied_photos() {
    let page = "<div class=h-card><img class=u-photo alt=Ada src=a.jpg \
                srcset='a.jpg 1x, a-2x.jpg 2x, /big.jpg 1200w, a,b.jpg 3x, broken 2x 3x'></div>\
                <div class=h-card><img src=b.jpg srcset='b-640.jpg 640w'></div>";
    let plain = mf2(page, &Options::new());
    assert_eq!(
        plain["items"][0]["properties"]["photo"],
        json!([{"value": "https://example.com/blog/a.jpg", "alt": "Ada"}])
    );
    assert_eq!(plain["items"][1]["properties"]["photo"], json!(["https://example.com/blog/b.jpg"]));
    let with = mf2(page, &Options::new().srcset(true));
    assert_eq!(
        with["items"][0]["properties"]["photo"],
        json!([{"value": "https://example.com/blog/a.jpg", "alt": "Ada", "srcset": {
            "1x": "https://example.com/blog/a.jpg",
            "2x": "https://example.com/blog/a-2x.jpg",
            "1200w": "https://example.com/big.jpg",
            "3x": "https://example.com/blog/a,b.jpg"
        }}])
    );
    // An implied photo without alt gets the object form only for its srcset.
    assert_eq!(
        with["items"][1]["properties"]["photo"],
        json!([{"value": "https://example.com/blog/b.jpg", "srcset": {"640w": "https://example.com/blog/b-640.jpg"}}])
    );
}

#[test]
fn jf2_collections_children_lang_and_values() {
    let page = "<div class=h-feed lang=en><p class=p-name>Feed</p>\
                <article class=h-entry><p class=p-name>One</p></article>\
                <article class=h-entry><p class=p-name>Two</p><img class=u-photo src=p.jpg alt=P></article></div>";
    let doc = parse_html(page, BASE, &Options::new().lang(true)).unwrap();
    assert_eq!(
        doc.to_jf2(),
        json!({"type": "feed", "lang": "en", "name": "Feed", "children": [
            {"type": "entry", "lang": "en", "name": "One"},
            {"type": "entry", "lang": "en", "name": "Two", "photo": {"value": "https://example.com/blog/p.jpg", "alt": "P"}}
        ]})
    );
    // Several top-level items: an implicit collection; none: an empty one.
    let two = parse_html("<p class=h-card>A</p><p class=h-card>B</p>", BASE, &Options::new()).unwrap();
    assert_eq!(two.to_jf2(), json!({"children": [{"type": "card", "name": "A"}, {"type": "card", "name": "B"}]}));
    let none = parse_html("<p>nothing</p>", BASE, &Options::new()).unwrap();
    assert_eq!(none.to_jf2(), json!({"children": []}));
}

#[test]
fn thorough_text_follows_the_wiki_algorithm_step_by_step() {
    let thorough = Options::new().text(harvest_mf2::Text::Thorough);
    let value =
        |page: &str, options: &Options, name: &str| mf2(page, options)["items"][0]["properties"][name][0].clone();
    // Text nodes: TAB, LF and CR become spaces, runs of spaces one.
    let page = "<div class=h-entry><p class=p-summary>  One\t\ttwo\r\n   three  </p></div>";
    // (The HTML parser has already made CR LF one LF.)
    assert_eq!(value(page, &Options::new(), "summary"), "One\t\ttwo\n   three");
    assert_eq!(value(page, &thorough, "summary"), "One two three");
    // BR is a line feed; P starts with one; spaces around line feeds go; the ends are stripped.
    let page = "<div class=h-entry><div class=p-content>Intro <br> line<p> Para one </p><p>Two</p></div></div>";
    assert_eq!(value(page, &thorough, "content"), "Intro\nline\nPara one\nTwo");
    // IMG: alt, else src resolved, stripped, with a space on each side; script and style dropped.
    let page = "<div class=h-entry><p class=p-name>A<img alt=' smile '>B<img src=' x.png '>C\
                <script>no</script><style>no</style><img>D</p></div>";
    assert_eq!(value(page, &thorough, "name"), "A smile B https://example.com/blog/x.png CD");
    // The implied name, e-* value and rel-urls text follow the option too.
    let page =
        "<div class=h-card>Ada<br>Lovelace</div><div class=h-entry><div class=e-content><p>A</p><p>B</p></div></div>\
                <a rel=me href=/me>Me<br>again</a>";
    let parsed = mf2(page, &thorough);
    assert_eq!(parsed["items"][0]["properties"]["name"][0], "Ada\nLovelace");
    assert_eq!(parsed["items"][1]["properties"]["content"][0]["value"], "A\nB");
    assert_eq!(parsed["rel-urls"]["https://example.com/me"]["text"], "Me\nagain");
    let classic = mf2(page, &Options::new());
    assert_eq!(classic["items"][0]["properties"]["name"][0], "AdaLovelace");
    assert_eq!(classic["rel-urls"]["https://example.com/me"]["text"], "Meagain");
}

#[test]
fn thorough_text_of_nested_properties() {
    // A chain of nested p-* elements: each value is a slice of the item's one text walk, made
    // plain text on its own.
    let mut page = String::from("<div class=h-entry>");
    for k in 0..26u8 {
        page.push_str(&format!("<div class=p-l{}><br>{}", char::from(b'a' + k), char::from(b'a' + k)));
    }
    page.push_str(&"</div>".repeat(27));
    let doc = parse_html(&page, BASE, &Options::new().text(harvest_mf2::Text::Thorough)).unwrap();
    let item = &doc.items[0];
    assert_eq!(item.get("lz")[0].as_text(), Some("z"));
    assert_eq!(item.get("ly")[0].as_text(), Some("y\nz"));
    let letters: Vec<String> = (0..26u8).map(|k| char::from(b'a' + k).to_string()).collect();
    assert_eq!(item.get("la")[0].as_text(), Some(letters.join("\n").as_str()));
}

#[test]
fn source_paths_name_the_item_each_value_and_each_implied_value() {
    let page = "<main><article class=h-entry><h1 class=p-name>Hi</h1>\
                <p class='p-author h-card'><img src=me.png alt=Me></p>\
                <span class=p-category>a</span><span class=p-category>b</span></article></main>";
    let doc = parse_html(page, BASE, &Options::new().source_paths(true)).unwrap();
    let entry = &doc.items[0];
    let paths = entry.source_paths.as_ref().unwrap();
    assert_eq!(paths.item, "html>body>main>article");
    assert_eq!(paths.properties["name"], ["html>body>main>article>h1"]);
    assert_eq!(paths.properties["author"], ["html>body>main>article>p"]);
    assert_eq!(
        paths.properties["category"],
        ["html>body>main>article>span:nth-child(3)", "html>body>main>article>span:nth-child(4)"]
    );
    // Every property has one path per value.
    for (name, values) in &entry.properties {
        assert_eq!(paths.properties[name].len(), values.len(), "{name}");
    }
    // The nested card's implied name and photo come from its img.
    let card = entry.get("author")[0].as_item().unwrap();
    let card_paths = card.source_paths.as_ref().unwrap();
    assert_eq!(card_paths.properties["name"], ["html>body>main>article>p>img"]);
    assert_eq!(card_paths.properties["photo"], ["html>body>main>article>p>img"]);
    let json = doc.to_value();
    assert_eq!(json["items"][0]["source-paths"]["item"], "html>body>main>article");
    // Off by default; JF2 leaves them out.
    assert!(parse_html(page, BASE, &Options::new()).unwrap().to_value()["items"][0].get("source-paths").is_none());
    assert!(doc.to_jf2().get("source-paths").is_none());
}

#[test]
fn e_html_srcset_urls_are_resolved_as_html_splits_them() {
    // (resolve_html_urls, on by default.) A URL with a comma stays one URL; an invalid
    // candidate keeps its descriptors as written.
    let page = "<div class=h-entry><div class=e-content><img srcset='a,b.jpg 1x, c.jpg 2x 3x,d.jpg'></div></div>";
    let html = mf2(page, &Options::new())["items"][0]["properties"]["content"][0]["html"].clone();
    assert_eq!(
        html,
        "<img srcset=\"https://example.com/blog/a,b.jpg 1x, https://example.com/blog/c.jpg 2x 3x, https://example.com/blog/d.jpg\">"
    );
}
