//! Differential check over the benchmark corpus (../shared/corpus, next to the workspace): for
//! every page, the JSON output is written once (to `harvest-microdata-corpus` in the system temp
//! directory, kept for inspection) and checked
//! against the DOM-style API and the serde types:
//!
//! * the JSON parses, and serde's `JsonDocument` writes it back byte for byte;
//! * every property value is a string or an item object with `properties`;
//! * every value given by a URL property element is an absolute URL or empty;
//! * the top-level items and their property names agree with the API;
//! * the validator runs.
//!
//! A second test builds every page's typed document directly
//! (`Microdata::to_json_document`) and checks it is the JSON text read back, with the default
//! limits and with tight ones, so that both are cut at the same value.
//!
//! Every page is read; none is skipped or sampled (the corpus is about 44 MB). Without the
//! corpus the test says so and passes.

use harvest_dom::{Document, ParseOptions, Url};
use harvest_microdata::{JsonDocument, JsonOptions, Microdata, PropertyValue};
use serde_json::Value;
use std::fs;

/// Checks a JSON item object; returns the nested item objects to check next.
fn check_item<'a>(item: &'a Value, page: &str, nested: &mut Vec<&'a Value>) {
    let object = item.as_object().unwrap_or_else(|| panic!("{page}: item is not an object: {item}"));
    for key in object.keys() {
        assert!(["type", "id", "properties"].contains(&key.as_str()), "{page}: unexpected member {key}");
    }
    if let Some(types) = object.get("type") {
        let types = types.as_array().unwrap_or_else(|| panic!("{page}: type is not an array"));
        assert!(!types.is_empty() && types.iter().all(Value::is_string), "{page}: bad type {types:?}");
    }
    if let Some(id) = object.get("id") {
        let id = id.as_str().unwrap_or_else(|| panic!("{page}: id is not a string"));
        assert!(Url::parse(id).is_ok(), "{page}: id {id} is not an absolute URL");
    }
    let properties = object["properties"].as_object().unwrap_or_else(|| panic!("{page}: no properties object"));
    for (name, values) in properties {
        assert!(!name.is_empty(), "{page}: empty property name");
        let values = values.as_array().unwrap_or_else(|| panic!("{page}: {name} is not an array"));
        assert!(!values.is_empty(), "{page}: {name} has no values");
        for value in values {
            match value {
                Value::String(_) => {}
                Value::Object(_) => nested.push(value),
                other => panic!("{page}: {name} has a value that is neither a string nor an item: {other}"),
            }
        }
    }
}

#[test]
fn corpus_outputs_keep_the_invariants() {
    let Some(corpus) = harvest_test_support::required_corpus() else { return };
    // Kept after the run (and overwritten by the next), to be looked at.
    let out_dir = std::env::temp_dir().join("harvest-microdata-corpus");
    fs::create_dir_all(&out_dir).expect("temp dir");
    let pages = harvest_test_support::html_files(&corpus);
    assert!(!pages.is_empty(), "no pages in {}", corpus.display());
    let (mut items_seen, mut values_seen, mut url_values) = (0usize, 0usize, 0usize);
    for path in &pages {
        let relative = path.strip_prefix(&corpus).unwrap_or(path).to_string_lossy().replace('\\', "/");
        let url = Url::parse(&format!("https://corpus.example/{relative}")).expect("page URL");
        let bytes = fs::read(path).expect("readable page");
        let doc = Document::parse_bytes(&bytes, &ParseOptions::new().url(url));
        let microdata = Microdata::new(&doc);
        let json = microdata.try_to_json(&JsonOptions::new()).unwrap_or_else(|e| panic!("{relative}: {e}"));
        let out = out_dir.join(relative.replace('/', "__")).with_extension("json");
        fs::write(&out, &json).expect("write output");

        // The JSON, read back.
        let value: Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{relative}: {e}"));
        let top = value["items"].as_array().unwrap_or_else(|| panic!("{relative}: no items array"));
        let mut pending: Vec<&Value> = top.iter().collect();
        while let Some(item) = pending.pop() {
            check_item(item, &relative, &mut pending);
        }
        let typed: JsonDocument = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{relative}: {e}"));
        assert_eq!(serde_json::to_string(&typed).unwrap(), json, "{relative}: serde writes it differently");

        // The API agrees with the JSON and keeps the value invariants.
        let items = microdata.items();
        assert_eq!(items.len(), top.len(), "{relative}");
        for (item, object) in items.iter().zip(top) {
            let names: Vec<&str> =
                object["properties"].as_object().map(|p| p.keys().map(String::as_str).collect()).unwrap_or_default();
            assert_eq!(item.properties().names(), names, "{relative}");
        }
        for item in microdata.all_items() {
            items_seen += 1;
            for property in &item.properties() {
                values_seen += 1;
                match property.value() {
                    PropertyValue::Item(nested) => assert_eq!(nested.element(), property.element()),
                    PropertyValue::Text(text) if property.is_url_property_element() => {
                        url_values += 1;
                        assert!(text.is_empty() || Url::parse(&text).is_ok(), "{relative}: URL value {text:?}");
                    }
                    PropertyValue::Text(_) => {}
                }
            }
        }
        let _ = microdata.validate();
    }
    println!(
        "{} pages, {items_seen} items, {values_seen} property values ({url_values} from URL property elements); \
         outputs in {}",
        pages.len(),
        out_dir.display()
    );
    assert!(items_seen > 0 && url_values > 0, "the corpus exercised nothing");
}

#[test]
fn the_built_document_is_the_text_read_back() {
    let Some(corpus) = harvest_test_support::required_corpus() else { return };
    let pages = harvest_test_support::html_files(&corpus);
    assert!(!pages.is_empty(), "no pages in {}", corpus.display());
    let (mut compared, mut truncated) = (0usize, 0usize);
    for path in &pages {
        let relative = path.strip_prefix(&corpus).unwrap_or(path).to_string_lossy().replace('\\', "/");
        let url = Url::parse(&format!("https://corpus.example/{relative}")).expect("page URL");
        let doc = Document::parse_bytes(&fs::read(path).expect("readable page"), &ParseOptions::new().url(url));
        let microdata = Microdata::new(&doc);
        for pretty in [false, true] {
            let defaults = JsonOptions::new().pretty(pretty);
            let length = microdata.to_json(&defaults).len();
            // The defaults, then limits that cut the page's output: before the first item,
            // inside it, in its middle, just short of its end; a few values or half of them.
            let mut limits = vec![defaults];
            limits.extend([0, 11, 40, length / 7, length / 2, length - 1].map(|n| defaults.max_bytes(n)));
            limits.extend([0, 1, 3, length / 40].map(|n| defaults.max_values(n)));
            for options in limits {
                let json = microdata.to_json(&options);
                let read = JsonDocument::from_json(&json).unwrap_or_else(|e| panic!("{relative}: {e}"));
                let built = microdata.to_json_document(&options);
                assert!(built == read, "{relative}: the built document differs from the text read back ({options:?})");
                compared += 1;
                truncated += usize::from(built.truncated);
            }
        }
    }
    println!("{} pages, {compared} documents compared, {truncated} of them truncated", pages.len());
    assert!(truncated > 0, "no limit was reached");
}
