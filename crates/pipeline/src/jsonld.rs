//! The JSON-LD blocks of a page: `<script type="application/ld+json">` contents, parsed.
//!
//! ```
//! let doc = harvest_dom::Document::parse(r#"<script type=application/ld+json>{"@type": "Person"}</script>"#);
//! let (blocks, errors) = harvest_pipeline::jsonld::blocks(&doc);
//! assert_eq!(blocks[0]["@type"], "Person");
//! assert!(errors.is_empty());
//! ```

use harvest_dom::Document;
use serde_json::{json, Value};

/// Every JSON-LD block in tree order, parsed; blocks that are not JSON are reported as errors
/// naming the element, never fatal.
pub fn blocks(doc: &Document) -> (Vec<Value>, Vec<Value>) {
    let (mut values, mut errors) = (Vec::new(), Vec::new());
    for script in doc.elements().filter(|element| element.is("script")) {
        let is_json_ld = script.attr("type").is_some_and(|kind| {
            let essence = kind.split(';').next().unwrap_or_default();
            harvest_dom::trim_ascii_whitespace(essence).eq_ignore_ascii_case("application/ld+json")
        });
        if !is_json_ld {
            continue;
        }
        let text = script.text_content();
        match serde_json::from_str::<Value>(&text) {
            Ok(value) => values.push(value),
            Err(error) => {
                // Document::element_path remembers each parent's children, so naming many
                // invalid blocks under one parent stays linear (Element::path would not).
                let element = doc.element_path(&script);
                errors.push(json!({ "element": element, "error": format!("invalid JSON-LD block: {error}") }))
            }
        }
    }
    (values, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_and_invalid_blocks() {
        let doc = Document::parse(concat!(
            "<script type='application/ld+json'>{\"@type\": \"Person\"}</script>",
            "<script type=' Application/LD+JSON; charset=utf-8 '>[1,]</script>",
            "<script type=text/javascript>{}</script>",
            "<script type=application/ld+json>[2]</script>"
        ));
        let (values, errors) = blocks(&doc);
        assert_eq!(values, vec![json!({"@type": "Person"}), json!([2])]);
        assert_eq!(errors.len(), 1);
        assert!(errors[0]["error"].as_str().unwrap().starts_with("invalid JSON-LD block"));
        assert_eq!(errors[0]["element"], "html>head>script:nth-child(2)");
    }

    #[test]
    fn many_invalid_blocks_under_one_parent() {
        // Each error names its element; with 20,000 siblings this must not be quadratic.
        let doc = Document::parse(&"<script type=application/ld+json>{</script>".repeat(20_000));
        let (values, errors) = blocks(&doc);
        assert!(values.is_empty());
        assert_eq!(errors.len(), 20_000);
        assert_eq!(errors[19_999]["element"], "html>head>script:nth-child(20000)");
    }
}
