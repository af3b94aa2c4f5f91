//! The opt-in `content` attribute on any element (schema.org's and Google's examples, extruct's
//! reading), and the validator's note about it.

use harvest_dom::{Document, ParseOptions, Url};
use harvest_microdata::{validate, JsonOptions, Microdata, MicrodataOptions, Rule};

const PAGE: &str = r#"<div itemscope itemtype="https://schema.org/Product">
  <span itemprop="name">Widget</span>
  <span itemprop="price" content="1000.00">$1,000.00</span>
  <span itemprop="priceCurrency" content="USD">$</span>
  <div itemprop="description" content="">Empty content: the text</div>
  <a itemprop="url" href="/w" content="ignored">link</a>
  <meta itemprop="sku" content="W-1">
</div>"#;

fn doc() -> Document {
    Document::parse_with(PAGE, &ParseOptions::new().url(Url::parse("https://shop.example/").unwrap()))
}

#[test]
fn content_is_read_only_with_the_option() {
    let doc = doc();
    let standard = Microdata::new(&doc).to_json(&JsonOptions::new());
    assert!(standard.contains(r#""price":["$1,000.00"],"priceCurrency":["$"]"#), "{standard}");
    let read =
        Microdata::with_options(&doc, &MicrodataOptions::new().content_attribute(true)).to_json(&JsonOptions::new());
    assert_eq!(
        read,
        r#"{"items":[{"type":["https://schema.org/Product"],"properties":{"name":["Widget"],"price":["1000.00"],"priceCurrency":["USD"],"description":["Empty content: the text"],"url":["https://shop.example/w"],"sku":["W-1"]}}]}"#
    );
}

#[test]
fn the_validator_reports_content_outside_meta() {
    let found: Vec<String> =
        validate(&doc()).into_iter().filter(|d| d.rule == Rule::ContentAttribute).map(|d| d.path).collect();
    assert_eq!(
        found,
        ["html>body>div>span:nth-child(2)", "html>body>div>span:nth-child(3)", "html>body>div>div", "html>body>div>a"]
    );
}

/// extruct's text: trimmed, white space collapsed, for text values only; `meta` content, URLs,
/// `data` values and `content` read by the option stay as written.
#[test]
fn collapsed_white_space_is_opt_in_and_for_text_values_only() {
    let page = concat!(
        "<div itemscope><span itemprop=name>  Widget\n  </span><p itemprop=d>\u{a0}Red\t\tand\n blue </p>",
        "<meta itemprop=m content=' a  b '><data itemprop=v value=' 1 '>x</data>",
        "<span itemprop=price content=' 13.00 '>$13.00</span></div>"
    );
    let doc = Document::parse(page);
    let standard = Microdata::new(&doc).to_json(&JsonOptions::new());
    assert!(standard.contains(r#""name":["  Widget\n  "]"#), "{standard}");
    let options = MicrodataOptions::new().collapse_white_space(true);
    let collapsed = Microdata::with_options(&doc, &options).to_json(&JsonOptions::new());
    assert_eq!(
        collapsed,
        r#"{"items":[{"properties":{"name":["Widget"],"d":["Red and blue"],"m":[" a  b "],"v":[" 1 "],"price":["$13.00"]}}]}"#
    );
    let both = Microdata::with_options(&doc, &options.content_attribute(true)).to_json(&JsonOptions::new());
    assert!(both.contains(r#""price":[" 13.00 "]"#), "{both}");
}
