//! `harvest check`: exit statuses, the compiler-style text, the JSON record, batches (a
//! directory, a WARC archive) as JSON Lines with the crawl report on stderr or in `--summary`.

mod archive;

use assert_cmd::Command;
use serde_json::Value;
use std::fs;
use std::path::PathBuf;

fn harvest() -> Command {
    Command::cargo_bin("harvest").unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("harvest-check-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

const TYPO: &str = r#"<div itemscope itemtype="https://schema.org/Prodcut"><b itemprop="name">Anvil</b></div>"#;
const CLEAN: &str = r#"<div itemscope itemtype="https://schema.org/Person"><b itemprop="name">Ada</b></div>"#;
// A superseded property on a type no search feature asks anything of.
const DATED: &str = r#"<div itemscope itemtype="https://schema.org/Episode"><b itemprop="actors">Ada</b></div>"#;

fn check(args: &[&str], stdin: &str) -> std::process::Output {
    harvest().arg("check").args(args).write_stdin(stdin.to_owned()).output().unwrap()
}

/// What the text form says of a diagnostic of the JSON record: `label:line:column: …`.
fn as_text(label: &str, diagnostic: &Value) -> String {
    let place = match (diagnostic["line"].as_u64(), diagnostic["column"].as_u64()) {
        (Some(line), Some(column)) => format!("{label}:{line}:{column}:"),
        (Some(line), None) => format!("{label}:{line}:"),
        _ => format!("{label}:"),
    };
    format!(
        "{place} {}[{}]: {}",
        diagnostic["severity"].as_str().unwrap(),
        diagnostic["rule"].as_str().unwrap(),
        diagnostic["message"].as_str().unwrap()
    )
}

#[test]
fn exit_status_is_0_clean_1_on_errors_and_2_on_usage() {
    assert_eq!(check(&["-"], CLEAN).status.code(), Some(0));
    assert_eq!(check(&["-"], TYPO).status.code(), Some(1));
    // A warning fails only with --deny warnings.
    assert_eq!(check(&["-"], DATED).status.code(), Some(0));
    assert_eq!(check(&["-", "--deny", "warnings"], DATED).status.code(), Some(1));
    assert_eq!(check(&["-", "--deny", "errors"], CLEAN).status.code(), Some(2));
    assert_eq!(check(&["-", "--format", "yaml"], CLEAN).status.code(), Some(2));
    let missing = check(&["-", "--vocabulary", "/nonexistent/schemaorg.jsonld"], CLEAN);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("--vocabulary"));
    assert_eq!(harvest().args(["check", "/nonexistent/page.html"]).output().unwrap().status.code(), Some(3));
}

#[test]
fn text_is_one_compiler_style_line_per_diagnostic_json_is_the_record() {
    let page = format!("<!DOCTYPE html>\n<title>t</title>\n{TYPO}\n{DATED}\n");
    let json = check(&["-", "--format", "json", "--base-url", "https://shop.example/"], &page);
    assert_eq!(json.status.code(), Some(1));
    let record: Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(record["url"], "https://shop.example/");
    let diagnostics = record["diagnostics"].as_array().unwrap();
    let typo = &diagnostics[0];
    assert_eq!((typo["rule"].as_str(), typo["severity"].as_str()), (Some("schema-unknown-type"), Some("error")));
    assert_eq!((typo["type"].as_str(), typo["suggestion"].as_str()), (Some("Prodcut"), Some("Product")));
    assert_eq!(typo["syntax"], "microdata");
    assert!(typo.get("property").is_none(), "members that do not apply are absent: {typo}");
    assert_eq!(record["counts"]["errors"], 1);
    assert_eq!(record["counts"]["warnings"], 1);
    assert!(record["features"].is_array());

    let text = check(&["-", "--format", "text"], &page);
    assert_eq!(text.status.code(), Some(1));
    let lines: Vec<String> = String::from_utf8(text.stdout).unwrap().lines().map(str::to_owned).collect();
    let expected: Vec<String> = diagnostics.iter().map(|d| as_text("-", d)).collect();
    assert_eq!(lines, expected);
    assert!(lines[0].ends_with(r#" error[schema-unknown-type]: unknown type "Prodcut" (did you mean "Product"?)"#));
    // Not a terminal: JSON by default.
    let default: Value =
        serde_json::from_slice(&check(&["-", "--base-url", "https://shop.example/"], &page).stdout).unwrap();
    assert_eq!(default["diagnostics"], record["diagnostics"]);
}

#[test]
fn a_block_that_is_not_json_is_a_syntax_error() {
    let out = check(&["-", "--format", "json"], r#"<script type="application/ld+json">{"@type": "Product",</script>"#);
    assert_eq!(out.status.code(), Some(1));
    let record: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["diagnostics"][0]["rule"], "syntax-error");
    assert_eq!(record["diagnostics"][0]["syntax"], "json-ld");
}

#[test]
fn a_directory_is_json_lines_and_the_crawl_report_goes_to_summary() {
    let dir = scratch("dir");
    fs::write(dir.join("a.html"), TYPO).unwrap();
    fs::write(dir.join("b.html"), CLEAN).unwrap();
    fs::write(dir.join("c.html"), format!("{TYPO}{DATED}")).unwrap();
    let summary = dir.join("report.json");
    let out = harvest().arg("check").arg(&dir).arg("--summary").arg(&summary).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let records: Vec<Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(records.len(), 3);
    assert!(records[0]["input"].as_str().unwrap().ends_with("a.html"));
    assert_eq!(records[1]["counts"]["errors"], 0);
    assert_eq!(records[2]["counts"]["errors"], 1);
    let report: Value = serde_json::from_slice(&fs::read(&summary).unwrap()).unwrap();
    assert_eq!((report["pages"].as_u64(), report["pages_with_errors"].as_u64()), (Some(3), Some(2)));
    assert_eq!((report["errors"].as_u64(), report["warnings"].as_u64()), (Some(2), Some(1)));
    let typo = &report["rules"]["schema-unknown-type"];
    assert_eq!(
        (typo["pages"].as_u64(), typo["items"].as_u64(), typo["severity"].as_str()),
        (Some(2), Some(2), Some("error"))
    );
    assert_eq!(report["rules"]["schema-superseded"]["pages"], 1);

    // Without --summary the report is text on stderr; without errors the status is 0.
    fs::remove_file(dir.join("a.html")).unwrap();
    fs::remove_file(dir.join("c.html")).unwrap();
    fs::remove_file(&summary).unwrap();
    let clean = harvest().arg("check").arg(&dir).output().unwrap();
    assert_eq!(clean.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&clean.stderr).contains("check: 1 pages, 0 with errors"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_warc_archive_gives_a_record_per_page_and_text_names_each_page() {
    let dir = scratch("warc");
    let mut archive = archive::warc_response("https://shop.example/anvil", 1, TYPO);
    archive.extend(archive::warc_response("https://shop.example/about", 2, CLEAN));
    let path = dir.join("crawl.warc");
    fs::write(&path, &archive).unwrap();
    let out = harvest().arg("check").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let records: Vec<Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["url"], "https://shop.example/anvil");
    assert_eq!(records[0]["warc"]["status"], 200);
    assert_eq!(records[0]["diagnostics"][0]["rule"], "schema-unknown-type");
    assert_eq!(records[1]["diagnostics"], Value::Array(Vec::new()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("error[schema-unknown-type]: 1 on 1 items of 1 pages"), "{stderr}");

    let text = harvest().args(["check", "--format", "text", "--deny", "warnings"]).arg(&path).output().unwrap();
    assert_eq!(text.status.code(), Some(1));
    let stdout = String::from_utf8(text.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(stdout.contains(r#" error[schema-unknown-type]: unknown type "Prodcut""#), "{stdout}");
    let _ = fs::remove_dir_all(&dir);
}
