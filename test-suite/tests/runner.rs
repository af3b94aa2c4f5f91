//! The runner's own behaviour, on cases this test writes.

use harvest_test_suite::{discover, run, summary, Expectations, Outcome, Parser};
use serde_json::{json, Value};
use std::fs;
use std::path::{Path, PathBuf};

/// A small real parser for the runner to drive: the page's title and its URL.
fn title_parser(html: &[u8], page_url: &str) -> Result<Value, String> {
    let url = harvest_dom::Url::parse(page_url).map_err(|e| e.to_string())?;
    let doc = harvest_dom::Document::parse_bytes(html, &harvest_dom::ParseOptions::new().url(url));
    Ok(json!({ "title": doc.title(), "base": doc.base_url().map(|u| u.as_str()) }))
}

fn parser() -> Parser {
    Parser {
        name: "title",
        run: title_parser,
        default_base_url: "http://example.test/",
        folder_base_urls: &[("b/", "http://other.test/")],
        bundled_suite: None,
        expectations: PathBuf::new(),
    }
}

fn write_case(dir: &Path, name: &str, html: &str, json: &str) {
    let path = dir.join(name);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path.with_extension("html"), html).unwrap();
    fs::write(path.with_extension("json"), json).unwrap();
}

fn suite() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("harvest-runner-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    write_case(&dir, "a/good", "<title>A</title>", r#"{"base": "http://example.test/", "title": "A"}"#);
    write_case(&dir, "a/bad", "<title>B</title>", r#"{"title": "not B", "base": "http://example.test/"}"#);
    write_case(
        &dir,
        "b/based",
        "<base href=/x/><title> C  c </title>",
        r#"{"title": "C c", "base": "http://other.test/x/"}"#,
    );
    fs::write(dir.join("a/orphan.html"), "no json beside me").unwrap();
    dir
}

#[test]
fn discovers_runs_and_reports() {
    let dir = suite();
    let cases = discover(&dir).unwrap();
    let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["a/bad", "a/good", "b/based"]);

    let none = Expectations::default();
    let report = run(&cases, &parser(), None, &none);
    assert_eq!((report.passed(), report.failed()), (2, 1));
    assert!(!report.is_clean());
    assert_eq!(report.unexpected_failures, ["a/bad"]);
    assert!(matches!(&report.results[0].1, Outcome::Failed(why) if why == r#"$.title: expected "not B", got "B""#));
    let text = summary(&report, &none);
    assert!(text.contains("FAIL a/bad\n    $.title"), "{text}");
    assert!(text.contains("a: 1/2\nb: 1/1\n"), "{text}");
    assert!(text.ends_with("2 passed, 1 failed\n"), "{text}");

    let listed = Expectations::parse("# known\na/bad: the title is wrong on purpose\n").unwrap();
    let report = run(&cases, &parser(), None, &listed);
    assert!(report.is_clean());
    assert_eq!(report.known_failures, ["a/bad"]);

    // A listed case that passes makes the run unclean, so the list stays true.
    let stale = Expectations::parse("a/good: used to fail\na/bad: wrong on purpose").unwrap();
    let report = run(&cases, &parser(), None, &stale);
    assert_eq!(report.unexpected_passes, ["a/good"]);
    assert!(!report.is_clean());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn expectations_need_reasons() {
    assert!(Expectations::parse("a/b").is_err());
    assert!(Expectations::parse("a/b:   ").is_err());
    assert_eq!(Expectations::parse("x: y").unwrap().reason("x"), Some("y"));
}
