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
