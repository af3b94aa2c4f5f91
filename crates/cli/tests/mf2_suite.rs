//! The official microformats suite through the `harvest` binary: `harvest mf2 - --base-url URL`
//! for every case, compared with the expected JSON and the same expectations file as the
//! library's own run (test-suite/expectations/mf2.txt), so the command and the library agree.
//!
//! The suite is found as the conformance runner finds it (submodule, then HARVEST_MF2_SUITE);
//! missing, the test fails unless HARVEST_SKIP_SUITES lists `mf2`.

use harvest_test_suite::{discover, parser, require, run, summary, Expectations, Parser, Suite};
use std::io::Write;
use std::process::{Command, Stdio};

/// The page through the binary, with the page URL given as `--base-url`.
fn harvest_mf2(html: &[u8], page_url: &str) -> Result<serde_json::Value, String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_harvest"))
        .args(["mf2", "-", "--base-url", page_url])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    child.stdin.take().ok_or("no stdin")?.write_all(html).map_err(|e| e.to_string())?;
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    serde_json::from_slice(&output.stdout).map_err(|e| e.to_string())
}

#[test]
fn mf2_suite_through_the_binary_matches_the_library() {
    let library = parser("mf2").expect("the mf2 parser is registered");
    let Some(suite) = require(Suite::Mf2) else { return };
    let cli = Parser { name: "harvest mf2", run: harvest_mf2, ..library.clone() };
    let cases = discover(&suite).expect("readable suite");
    assert!(!cases.is_empty(), "no cases in {}", suite.display());
    let expectations = Expectations::load(&library.expectations).expect("valid expectations file");
    let report = run(&cases, &cli, None, &expectations);
    let text = summary(&report, &expectations);
    println!("{text}");
    assert!(report.is_clean(), "{text}");
}
