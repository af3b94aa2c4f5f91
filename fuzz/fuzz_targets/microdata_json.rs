//! Microdata extraction and its JSON (001 §5.4.1), with output limits chosen by input length.
//!
//! Invariants: the JSON re-parses with serde_json and re-writes to the same text; it reads back
//! as `JsonDocument` and writes the same text; `try_to_json` agrees with `to_json` (an error
//! exactly when the output is truncated); the `JsonDocument` built directly by
//! `to_json_document` is the one `JsonDocument::from_json` reads from the text, compact and
//! pretty (the same limits cut both at the same value), and `try_to_json_document` fails
//! exactly as `try_to_json` does; pretty and compact output agree when neither is truncated;
//! the values of URL property elements are absolute or empty.
#![no_main]

use harvest_fuzz::{assert_absolute, check_json_text, check_serde_round_trip, document};
use harvest_microdata::{JsonDocument, JsonOptions, Microdata, PropertyValue};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let doc = document(data);
    let microdata = Microdata::new(&doc);
    let options = match data.len() % 4 {
        // Not the defaults (1,000,000 values, 256 MiB): a 6 KB itemref web reaches them
        // legitimately, and re-reading that much JSON four times under AddressSanitizer took
        // 70 s, a libFuzzer timeout (kept in regressions/). The limit logic is the same at any size.
        0 => JsonOptions::new().max_values(20_000).max_bytes(4 << 20),
        1 => JsonOptions::new().max_values(7),
        2 => JsonOptions::new().max_bytes(300),
        _ => JsonOptions::new().max_values(20_000).max_depth(3),
    };
    let json = microdata.to_json(&options);
    let tried = microdata.try_to_json(&options);
    match &tried {
        Ok(same) => assert_eq!(same, &json, "try_to_json and to_json disagree"),
        Err(_) => assert!(json.ends_with(",\"truncated\":true}"), "an error, but no truncation marker"),
    }
    if check_json_text(&json) {
        check_serde_round_trip::<JsonDocument>(&json);
    }
    let pretty = microdata.to_json(&options.pretty(true));
    for (text, options) in [(&json, options), (&pretty, options.pretty(true))] {
        let read = JsonDocument::from_json(text).expect("the JSON reads back as JsonDocument");
        let built = microdata.to_json_document(&options);
        assert!(built == read, "the built JsonDocument differs from the text read back");
    }
    let tried_document = microdata.try_to_json_document(&options);
    assert_eq!(tried_document.err(), tried.err(), "try_to_json_document and try_to_json disagree");
    let compact: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
    // A byte limit counts the indentation too, so only untruncated outputs must agree.
    if let Ok(pretty) = serde_json::from_str::<serde_json::Value>(&pretty) {
        if pretty.get("truncated").is_none() && compact.get("truncated").is_none() {
            assert_eq!(pretty, compact, "pretty and compact JSON differ");
        }
    }

    for item in microdata.all_items() {
        for property in item.properties().iter() {
            if property.is_url_property_element() {
                if let PropertyValue::Text(value) = property.value() {
                    if !value.is_empty() {
                        assert_absolute("a URL property value", &value);
                    }
                }
            }
        }
    }
});
