//! Hostile input: deep nesting, huge class lists, huge text. No stack overflow, no panic, and
//! time linear in the input (doubling the input must not triple the time).

use harvest_mf2::{parse_html, Options, Text};

const BASE: &str = "http://example.test/";

/// The tests of this file run one at a time: timings taken while another test parses a
/// million elements on the same cores would measure the other test.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn parse(html: &str) -> harvest_mf2::Document {
    parse_html(html, BASE, &Options::new()).expect("valid base URL")
}

/// Asserts that parsing the page built for 2n costs less than three times the page built for n
/// (the shared doubling check, which lets a cache cliff pass and a quadratic step fail).
#[track_caller]
fn assert_linear(n: usize, build: impl Fn(usize) -> String) {
    harvest_test_support::assert_linear("mf2 parse", n, build, |html| drop(std::hint::black_box(parse(html))));
}

/// [`assert_linear`] with parsing options.
#[track_caller]
fn assert_linear_with(options: &Options, n: usize, build: impl Fn(usize) -> String) {
    harvest_test_support::assert_linear("mf2 parse", n, build, |html| {
        drop(std::hint::black_box(parse_html(html, BASE, options).expect("valid base URL")))
    });
}

fn nested(open: &str, close: &str, n: usize) -> String {
    let mut html = String::with_capacity(n * (open.len() + close.len()));
    for _ in 0..n {
        html.push_str(open);
    }
    html.push('x');
    for _ in 0..n {
        html.push_str(close);
    }
    html
}

#[test]
fn a_million_nested_elements_inside_an_h_entry() {
    let _serial = serial();
    let html = format!("<div class=h-entry><p class=p-summary>s</p>{}</div>", nested("<div>", "</div>", 1_000_000));
    let doc = parse(&html);
    assert_eq!(doc.items.len(), 1);
    assert_eq!(doc.items[0].get("summary")[0].as_text(), Some("s"));
}

#[test]
fn a_million_nested_elements_inside_an_e_property() {
    let _serial = serial();
    let html = format!("<div class=h-entry><div class=e-content>{}</div></div>", nested("<b>", "</b>", 1_000_000));
    let doc = parse(&html);
    let content = doc.items[0].get("content")[0].clone();
    let harvest_mf2::PropertyValue::Html(html) = content else { panic!("e- value") };
    assert_eq!(html.value, "x");
    assert!(html.html.starts_with("<b><b>"));
    // The serialised document must not overflow either.
    assert!(doc.to_json().len() > 1_000_000);
}

#[test]
fn nested_roots_and_properties() {
    let _serial = serial();
    // Roots nested as properties, as children, and property chains: the DOM flattens past 512,
    // items nest at most MAX_ITEM_DEPTH deep; serialising and dropping must not overflow.
    for (open, close) in [
        ("<div class='h-x p-x'>", "</div>"),
        // Each of three properties holds the item: without the copy budget, 2^depth copies.
        ("<div class='h-x p-x u-y e-z'>", "</div>"),
        ("<div class=h-x>", "</div>"),
        ("<div class='p-x e-y u-z dt-w'>", "</div>"),
        ("<div class='vcard fn'>", "</div>"),
    ] {
        let html = format!("<div class=h-entry>{}</div>", nested(open, close, 20_000));
        let doc = parse(&html);
        assert_eq!(doc.items.len(), 1);
        let json = doc.to_json();
        let again: harvest_mf2::Document = serde_json::from_str(&json).unwrap_or_default();
        // serde_json refuses nesting past 128 levels: either it round-trips or it errors.
        assert!(again == doc || again.items.is_empty());
    }
}

#[test]
fn limits_are_reported_never_silent() {
    let _serial = serial();
    use harvest_mf2::{Limit, Mf2Error};
    let deep = |n| format!("<div class=h-entry>{}</div>", nested("<div class='h-x p-x'>", "</div>", n));
    // Past the DOM's 512 levels of elements with attributes, they are stored flat, and items
    // nested that deep pass MAX_ITEM_DEPTH too.
    let doc = parse(&deep(20_000));
    assert_eq!(doc.truncated, [Limit::DomDepth, Limit::ItemDepth]);
    let shallow = Options::new().max_item_depth(50);
    let doc = parse_html(&deep(20_000), BASE, &shallow).expect("valid options");
    assert_eq!(doc.truncated, [Limit::DomDepth, Limit::ItemDepth]);
    assert!(doc.to_json().ends_with(r#""truncated":["dom-depth","item-depth"]}"#));
    // Below the bounds nothing is reported and the JSON has no marker.
    let doc = parse(&deep(100));
    assert!(doc.truncated.is_empty());
    assert!(!doc.to_json().contains("truncated"));
    // Items copied into three properties at every level: 3^depth copies without the budget.
    let copies = format!("<div class=h-entry>{}</div>", nested("<div class='h-x p-x u-y e-z'>", "</div>", 40));
    let doc = parse(&copies);
    assert_eq!(doc.truncated, [Limit::CopiedValues]);
    let small = Options::new().max_copied_values(1_000_000_000);
    let five = format!("<div class=h-entry>{}</div>", nested("<div class='h-x p-x u-y e-z'>", "</div>", 5));
    assert!(parse_html(&five, BASE, &small).expect("valid options").truncated.is_empty());
    // Includes: every cell names every header.
    let ids: Vec<String> = (0..200).map(|i| format!("h{i}")).collect();
    let headers: String = ids.iter().map(|id| format!("<th id={id}>{id}</th>")).collect();
    let cells: String = (0..200).map(|_| format!("<td class=vcard headers='{}'>x</td>", ids.join(" "))).collect();
    let table = format!("<table><tr>{headers}</tr><tr>{cells}</tr></table>");
    let doc = parse(&table);
    assert_eq!(doc.truncated, [Limit::Includes]);
    assert_eq!(doc.items.len(), 200);
    let strict = Options::new().strict_limits(true);
    assert_eq!(parse_html(&table, BASE, &strict), Err(Mf2Error::LimitExceeded(Limit::Includes)));
    let roomy = Options::new().max_includes(40_000);
    assert!(parse_html(&table, BASE, &roomy).expect("valid options").truncated.is_empty());
}

#[test]
fn nested_property_values_stop_at_the_value_budget() {
    let _serial = serial();
    use harvest_mf2::{Limit, Mf2Error, DEFAULT_MAX_VALUE_BYTES};
    // Every e-* and p-* value holds everything below it: 500 levels of 60 bytes (below the
    // DOM's bound of 512 elements with attributes) ask for 500 × 500 / 2 × 60 = 7.5 MB of HTML
    // and text; the budget keeps it to 1 MB.
    let page = |n| format!("<div class=h-entry>{}</div>", nested("<div class='e-x p-y'><a href=/l>l</a>", "</div>", n));
    let budget = 1024 * 1024;
    let options = Options::new().max_value_bytes(budget);
    let doc = parse_html(&page(500), BASE, &options).expect("valid options");
    assert_eq!(doc.truncated, [Limit::ValueBytes]);
    let json = doc.to_json();
    assert!(json.len() < 2 * budget + page(500).len(), "{} bytes", json.len());
    // Values that do not fit are left out, never cut: those kept are whole.
    let x = doc.items[0].get("x");
    assert!(!x.is_empty() && x.len() < 500 && doc.items[0].get("y").len() < 500);
    for value in x {
        let harvest_mf2::PropertyValue::Html(value) = value else { panic!("e- value") };
        assert!(value.html.starts_with(r#"<a href="http://example.test/l">l</a>"#));
        assert_eq!(value.html.matches("<div").count(), value.html.matches("</div>").count());
        // Each level's link text, and the `x` at the bottom.
        assert_eq!(value.value.len(), 2 + value.html.matches("<div").count());
    }
    let strict = options.clone().strict_limits(true);
    assert_eq!(parse_html(&page(500), BASE, &strict), Err(Mf2Error::LimitExceeded(Limit::ValueBytes)));
    // A page within the budget has every value and no report.
    let small = parse_html(&page(50), BASE, &options).expect("valid options");
    assert!(small.truncated.is_empty());
    assert_eq!(small.items[0].get("x").len(), 50);
    // Past the budget the work stops growing with the output: doubling the page doubles the time.
    assert_linear_with(&options, 2_000, page);
    // With the default budget, the 20,000-deep page (its first 512 levels hold the rest of the
    // page each: 600 MB of values) is bounded too.
    let doc = parse(&page(20_000));
    assert!(doc.truncated.contains(&Limit::ValueBytes));
    assert!(doc.to_json().len() < 2 * DEFAULT_MAX_VALUE_BYTES + page(20_000).len());
}

#[test]
fn every_option_on_deep_and_wide_pages() {
    let _serial = serial();
    let options = Options::new().lang(true).resolve_html_urls(true).metaformats(true).alternates(true);
    let deep = format!(
        "<div class=h-entry lang=en><div class=e-content>{}</div>{}</div>",
        nested("<span lang=fr class='e-x p-y'><a href=x>x</a>", "</span>", 20_000),
        "<a rel='alternate me' href=/f>f</a>".repeat(20_000)
    );
    let doc = parse_html(&deep, BASE, &options).expect("valid options");
    assert_eq!(doc.items[0].lang.as_deref(), Some("en"));
    assert_eq!(doc.alternates.as_ref().map(Vec::len), Some(20_000));
    // With the legacy output, links with rel=alternate go to `alternates` only.
    assert!(!doc.rels.contains_key("me"));
    assert_eq!(doc.rel_urls["http://example.test/f"].rels, ["alternate", "me"]);
}

#[test]
fn deep_nesting_is_linear() {
    let _serial = serial();
    assert_linear(10_000, |n| format!("<div class=h-entry>{}</div>", nested("<div>", "</div>", n)));
    assert_linear(10_000, |n| format!("<div class=h-entry>{}</div>", nested("<div class=p-x>", "</div>", n)));
    assert_linear(10_000, |n| nested("<div class='h-x p-y'>", "</div>", n));
    // Nested e-* elements: each subtree's HTML is serialised once, not once per level.
    assert_linear(10_000, |n| format!("<div class=h-entry>{}</div>", nested("<div class=e-x>", "</div>", n)));
}

#[test]
fn siblings_are_linear() {
    let _serial = serial();
    let siblings = |item: &'static str| move |n: usize| item.repeat(n);
    assert_linear(5_000, siblings("<div class=h-card><a class=u-url href=/a>A <img src=b.png></a></div>"));
    assert_linear(5_000, siblings("<a rel='me tag' href=/x>x</a><a rel=me href=/y>y</a>"));
    assert_linear(5_000, |n| format!("<div class=h-entry>{}</div>", "<span class=p-name>n</span>".repeat(n)));
    assert_linear(5_000, |n| {
        format!("<div class=vevent>{}</div>", "<span class=dtstart><b class=value>2020-01-01</b></span>".repeat(n))
    });
}

#[test]
fn image_sources_and_preformatted_text_are_linear() {
    let _serial = serial();
    // One implied name leaving out many image sources, and many names each leaving out one.
    assert_linear(5_000, |n| format!("<div class=h-card>{}</div>", "a <img src=x.png> ".repeat(n)));
    assert_linear(5_000, |n| "<p class=h-card>A <img src=x.png> B</p>".repeat(n));
    let thorough = Options::new().text(Text::Thorough);
    // One text with many preformatted ranges, and many texts each inside or around one.
    assert_linear_with(&thorough, 5_000, |n| {
        format!("<div class=h-entry><div class=p-content>{}</div></div>", "<pre>a\n  b</pre> c  d ".repeat(n))
    });
    assert_linear_with(&thorough, 5_000, |n| {
        format!(
            "<div class=h-entry>{}</div>",
            "<pre class=p-code>a\n  <b class=p-x>b <img src=y.png></b></pre>".repeat(n)
        )
    });
    assert_linear_with(&thorough, 5_000, |n| format!("<pre class=h-card>{}</pre>", "a\n  <img src=x.png> ".repeat(n)));
}

#[test]
fn a_hundred_thousand_classes_on_one_element() {
    let _serial = serial();
    let letters = ["a", "b", "c", "d", "e", "f", "g"];
    let classes: Vec<String> = (0..100_000).map(|i| format!("c{i} p-x{}", letters[i % 7])).collect();
    let html = format!("<div class=h-entry><span class='{}'>v</span></div>", classes.join(" "));
    let doc = parse(&html);
    // Repeated property classes give repeated values, as the suite expects.
    assert_eq!(doc.items[0].get("xa").len(), 100_000 / 7 + 1);
    // A nested root with many types and repeated property classes (one value per distinct
    // property).
    assert_linear(50_000, |n| {
        let classes: Vec<String> = (0..n).map(|i| format!("h-{i}-a c{i} u-b{}", letters[i % 7])).collect();
        format!("<div class=h-entry><span class='{}'>v</span></div>", classes.join(" "))
    });
}

#[test]
fn ten_megabytes_of_text() {
    let _serial = serial();
    let text = "lorem ipsum ".repeat(10 * 1024 * 1024 / 12);
    let html = format!("<div class=h-entry><p class=p-content>{text}</p>{text}</div>");
    let doc = parse(&html);
    assert_eq!(doc.items[0].get("content")[0].as_text().map(str::len), Some(text.trim().len()));
    // The doubling runs at 1 MB -> 2 MB: between 5 MB and 10 MB pages fall out of the CPU cache
    // and every memory copy (the DOM's and ours) slows down several times at once.
    assert_linear(200_000, |n| format!("<div class=h-card><p class=p-name>{}</p></div>", "word ".repeat(n)));
}

#[test]
fn garbage_does_not_panic() {
    let _serial = serial();
    for html in [
        "<a class=h-card href='http://[::1'>x</a>",
        "<div class='h-entry'><time class=dt-start datetime=''>x</time><span class=dt-end><b class=value>25:99pm</b></span></div>",
        "<div class=vcard itemref='a a a'><p id=a class='include'><a class=include href=#a>loop</a></p></div>",
        "<table><tr><th id=h headers=h class=vcard><td class=vcard headers='h h'>x</table>",
        "<base href='::'><a class=h-card href=''>x</a><a rel=me href=''>",
        "<div class='h-x dt-y'><span class=value>12am</span><span class=value>+99:99</span></div>",
        "<img class=h-card src='\u{0}'><object class=h-card data></object>",
    ] {
        let doc = parse(html);
        let _ = doc.to_json();
    }
}

/// Random pages built from microformats markup fragments: no panic, and the JSON round-trips.
#[test]
fn random_pages_do_not_panic() {
    let _serial = serial();
    const TAGS: &[&str] =
        &["div", "span", "a", "img", "abbr", "data", "time", "ins", "object", "area", "link", "td", "template", "p"];
    const CLASSES: &[&str] = &[
        "h-card",
        "h-entry",
        "h-x-y",
        "p-name",
        "u-url",
        "u-photo",
        "dt-start",
        "dt-end",
        "e-content",
        "value",
        "value-title",
        "vcard",
        "fn",
        "url",
        "vevent",
        "dtstart",
        "dtend",
        "hreview",
        "item",
        "include",
        "adr",
        "p-",
        "h-",
        "summary",
        "entry-content",
        "hentry",
        "author",
        "geo",
        "latitude",
    ];
    const ATTRIBUTES: &[&str] = &[
        "href=/x",
        "href=''",
        "src=i.png",
        "alt=A",
        "title='2020-01-01'",
        "value=7pm",
        "datetime='12:00-08:00'",
        "data=#a",
        "id=a",
        "id=b",
        "itemref='a b'",
        "headers=a",
        "rel='me tag'",
        "rel=bookmark",
        "lang=fr",
        "href='#b'",
    ];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = |limit: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % limit as u64) as usize
    };
    let options = Options::new().lang(true).resolve_html_urls(true).metaformats(true).alternates(true);
    for _ in 0..5000 {
        let mut html = String::new();
        let mut open: Vec<&str> = Vec::new();
        for _ in 0..next(60) {
            match next(4) {
                0 | 1 => {
                    let tag = TAGS[next(TAGS.len())];
                    let classes: Vec<&str> = (0..next(4)).map(|_| CLASSES[next(CLASSES.len())]).collect();
                    let attributes: Vec<&str> = (0..next(3)).map(|_| ATTRIBUTES[next(ATTRIBUTES.len())]).collect();
                    html.push_str(&format!("<{tag} class='{}' {}>", classes.join(" "), attributes.join(" ")));
                    open.push(tag);
                }
                2 => {
                    if let Some(tag) = open.pop() {
                        html.push_str(&format!("</{tag}>"));
                    }
                }
                _ => html.push_str(["x ", "2021-02-03", " 10:30pm", "+01:00", "&nbsp;", "<br>"][next(6)]),
            }
        }
        let doc = parse_html(&html, BASE, &options).expect("valid options");
        // serde_json stops at 128 levels of JSON nesting (about 40 nested items) with an error.
        match serde_json::from_str::<harvest_mf2::Document>(&doc.to_json()) {
            Ok(back) => assert_eq!(back, doc, "{html}"),
            Err(e) => assert!(e.to_string().contains("recursion limit"), "{e}: {html}"),
        }
    }
}
