//! `harvest-conformance PARSER [SUITE_DIR] [--base-url URL] [--expectations FILE]`
//!
//! Runs a parser over a suite of `NAME.html` + `NAME.json` cases and prints a line per
//! unexpected outcome, a per-folder table, and `N passed, N failed`. Exits non-zero when a case
//! fails without being listed in the expectations file, or a listed case passes.

use harvest_test_suite::{discover, parser, parser_names, run, summary, Expectations};
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: harvest-conformance PARSER [SUITE_DIR] [--base-url URL] [--expectations FILE]";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut positional = Vec::new();
    let mut base_url = None;
    let mut expectations_path = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--base-url" => base_url = args.next(),
            "--expectations" => expectations_path = args.next().map(PathBuf::from),
            "-h" | "--help" => {
                println!("{USAGE}\nparsers: {}", parser_names().join(", "));
                return ExitCode::SUCCESS;
            }
            _ => positional.push(arg),
        }
    }
    let Some(name) = positional.first() else {
        eprintln!("{USAGE}\nparsers: {}", parser_names().join(", "));
        return ExitCode::from(2);
    };
    let Some(parser) = parser(name) else {
        eprintln!("unknown parser {name:?}; parsers: {}", parser_names().join(", "));
        return ExitCode::from(2);
    };
    let suite = positional
        .get(1)
        .map(PathBuf::from)
        .or_else(|| parser.suite_env.and_then(std::env::var_os).map(PathBuf::from))
        .or_else(|| parser.bundled_suite.clone());
    let Some(suite) = suite else {
        eprintln!(
            "no suite directory for {name}: pass one, or set {}; the official microformats suite is \
             at https://github.com/microformats/tests (its `tests` folder)",
            parser.suite_env.unwrap_or("the suite variable")
        );
        return ExitCode::from(2);
    };
    let expectations = match Expectations::load(&expectations_path.unwrap_or_else(|| parser.expectations.clone())) {
        Ok(expectations) => expectations,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let cases = match discover(&suite) {
        Ok(cases) => cases,
        Err(e) => {
            eprintln!("cannot read suite {}: {e}", suite.display());
            return ExitCode::from(2);
        }
    };
    let report = run(&cases, &parser, base_url.as_deref(), &expectations);
    print!("{}", summary(&report, &expectations));
    if report.is_clean() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
