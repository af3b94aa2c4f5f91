//! The link examples of HTML 5.0 §4.12 as fixtures: `fixtures/NAME.html` with the expected
//! output in `fixtures/NAME.json`.
//!
//! The expected file gives the page URL (`base`) and any of `links`, `feeds`, `default_feed`,
//! `hierarchy`, `check`, `by_type` and `rdf_tokens`. Objects are compared by the keys the
//! expected side lists (a `null` also matches an absent key); arrays must have the same length
//! and match element by element; everything else must be equal.

use harvest_dom::{Document, ParseOptions, Url};
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut pages: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "html"))
        .collect();
    pages.sort();
    pages
}

fn compare(expected: &Value, actual: &Value, at: &str, errors: &mut Vec<String>) {
    match (expected, actual) {
        (Value::Object(want), Value::Object(got)) => {
            for (key, value) in want {
                let here = format!("{at}.{key}");
                match got.get(key) {
                    Some(found) => compare(value, found, &here, errors),
                    None if value.is_null() => {}
                    None => errors.push(format!("{here}: missing, expected {value}")),
                }
            }
        }
        (Value::Array(want), Value::Array(got)) => {
            if want.len() != got.len() {
                errors.push(format!("{at}: expected {} items, got {}: {actual}", want.len(), got.len()));
                return;
            }
            for (index, (w, g)) in want.iter().zip(got).enumerate() {
                compare(w, g, &format!("{at}[{index}]"), errors);
            }
        }
        _ if expected == actual => {}
        _ => errors.push(format!("{at}: expected {expected}, got {actual}")),
    }
}

fn urls(links: &[harvest_links::Link]) -> Value {
    links.iter().map(|l| json!(l.url_str())).collect()
}

fn actual_for(doc: &Document, expected: &Map<String, Value>) -> Value {
    let links = harvest_links::links(doc);
    let mut out = Map::new();
    out.insert("links".into(), serde_json::to_value(&links).unwrap());
    out.insert("feeds".into(), urls(&harvest_links::feeds(doc)));
    out.insert(
        "default_feed".into(),
        json!(harvest_links::default_feed(doc).and_then(|l| l.url_str().map(str::to_owned))),
    );
    out.insert("hierarchy".into(), serde_json::to_value(harvest_links::hierarchy(doc)).unwrap());
    out.insert("check".into(), serde_json::to_value(harvest_links::check(doc)).unwrap());
    let rdf: Vec<Value> = links.iter().map(|l| serde_json::to_value(l.types.rdf_tokens()).unwrap()).collect();
    out.insert("rdf_tokens".into(), Value::Array(rdf));
    let mut by_type = Map::new();
    if let Some(Value::Object(wanted)) = expected.get("by_type") {
        for keyword in wanted.keys() {
            let found: Vec<harvest_links::Link> =
                harvest_links::by_type(&links, keyword).into_iter().cloned().collect();
            by_type.insert(keyword.clone(), urls(&found));
        }
    }
    out.insert("by_type".into(), Value::Object(by_type));
    Value::Object(out)
}

#[test]
fn spec_examples() {
    let pages = fixtures();
    assert!(pages.len() >= 8, "fixtures missing: {pages:?}");
    let mut failures = Vec::new();
    for page in &pages {
        let html = std::fs::read_to_string(page).unwrap();
        let expected: Value = serde_json::from_str(&std::fs::read_to_string(page.with_extension("json")).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", page.display()));
        let Value::Object(mut expected) = expected else { panic!("{}: not an object", page.display()) };
        let base = expected.remove("base").and_then(|b| b.as_str().map(str::to_owned)).expect("base");
        expected.remove("source");
        let doc = Document::parse_with(&html, &ParseOptions::new().url(Url::parse(&base).unwrap()));
        let actual = actual_for(&doc, &expected);
        let mut errors = Vec::new();
        compare(&Value::Object(expected), &actual, "", &mut errors);
        if !errors.is_empty() {
            failures.push(format!("{}:\n  {}", page.file_name().unwrap().to_string_lossy(), errors.join("\n  ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn comparison_detects_differences() {
    let mut errors = Vec::new();
    compare(&json!({"a": [1, {"b": 2}], "c": null}), &json!({"a": [1, {"b": 3, "d": 4}]}), "", &mut errors);
    assert_eq!(errors, vec![".a[1].b: expected 2, got 3"]);
    errors.clear();
    compare(&json!({"a": [1]}), &json!({"a": [1, 2]}), "", &mut errors);
    assert_eq!(errors.len(), 1);
    errors.clear();
    compare(&json!({"x": 1}), &json!({}), "", &mut errors);
    assert_eq!(errors.len(), 1);
}

/// The streamed compact form gives each full link's compact form: on every fixture and on the
/// edge cases of the fast path (no `rel` at all, an empty or blank `rel`, `rev` alone, `rel`
/// with only unknown or URL tokens, `link` without `rel`, an `href` that does not resolve).
#[test]
fn streamed_compact_links_match_the_full_links() {
    let edge_cases = concat!(
        "<a href=a>a</a><a href=b rel>b</a><a href=c rel='  '>c</a><area href=d rev=made>",
        "<link href=e><link href=f rel=''><link href=g rel='foo http://x.example/r'>",
        "<a href='http://[bad' rel=NoFollow>h</a><link href=i rel='stylesheet ICON' rev=made>",
    );
    let mut pages: Vec<(String, String)> = fixtures()
        .iter()
        .map(|page| {
            let expected: Value =
                serde_json::from_str(&std::fs::read_to_string(page.with_extension("json")).unwrap()).unwrap();
            (std::fs::read_to_string(page).unwrap(), expected["base"].as_str().unwrap().to_owned())
        })
        .collect();
    pages.push((edge_cases.to_owned(), "http://example.com/dir/".to_owned()));
    for (html, base) in &pages {
        for options in [ParseOptions::new().url(Url::parse(base).unwrap()), ParseOptions::new()] {
            let doc = Document::parse_with(html, &options);
            let compact: Vec<Value> =
                harvest_links::links(&doc).iter().map(|link| serde_json::to_value(link.compact()).unwrap()).collect();
            let streamed = serde_json::to_value(harvest_links::compact_links(&doc)).unwrap();
            assert_eq!(streamed, Value::Array(compact), "{html}");
        }
    }
}
