//! `harvest-conformance SUITE [SUITE_DIR] [--base-url URL] [--expectations FILE]`
//!
//! Runs a suite and prints a line per unexpected outcome, a per-folder table, and
//! `N passed, N failed`. SUITE is a parser of the `NAME.html` + `NAME.json` suites (`mf2`,
//! `microdata`), `html5lib` (harvest-dom's tree against html5lib-tests' tree-construction
//! cases), `microdata-rdf` (the W3C Microdata-to-RDF suite: harvest's W3C conversion against
//! its expected graphs), `rdfa` (the RDFa test suite's html5 cases: harvest-rdfa against its
//! expected graphs and ASK queries), `jsonld` (the W3C JSON-LD 1.1 API suite's toRdf, expand and html
//! manifests through harvest-jsonld), `schemaorg-examples` (schema.org's own examples through
//! harvest's page graph and harvest-check: no unknown term), or `all` (every suite, one table and one total). Exits non-zero when a case fails
//! without being listed in the expectations file, a listed case passes, or a suite is missing
//! (unless `HARVEST_SKIP_SUITES` names it: see `harvest_test_suite::locate`).

use harvest_test_suite::{
    discover, html5lib, jsonld, locate, microdata_rdf, parser, parser_names, rdfa, run, schemaorg_examples, summary,
    Expectations, Located, Report, Suite,
};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: harvest-conformance SUITE [SUITE_DIR] [--base-url URL] [--expectations FILE]\n\
                     suites: mf2, microdata, html5lib, microdata-rdf, rdfa, jsonld, schemaorg-examples, all";

/// What one suite's run came to.
enum SuiteRun {
    Ran { report: Report, text: String },
    Skipped,
    Missing(String),
}

struct Arguments {
    suite_dir: Option<PathBuf>,
    base_url: Option<String>,
    expectations: Option<PathBuf>,
}

fn html5lib_expectations() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations/html5lib.txt")
}

fn microdata_rdf_expectations() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations/microdata-rdf.txt")
}

fn rdfa_expectations() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations/rdfa.txt")
}

fn jsonld_expectations() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations/jsonld.txt")
}

fn load_expectations(path: &Path) -> Result<Expectations, String> {
    Expectations::load(path)
}

/// Where a suite is: the folder given on the command line, else [`locate`].
fn suite_folder(suite: Suite, given: Option<&PathBuf>) -> Result<PathBuf, SuiteRun> {
    if let Some(folder) = given {
        return Ok(folder.clone());
    }
    match locate(suite) {
        Located::Found(folder) => Ok(folder),
        Located::Skipped => Err(SuiteRun::Skipped),
        Located::Missing(message) => Err(SuiteRun::Missing(message)),
    }
}

fn run_parser_suite(name: &str, arguments: &Arguments) -> SuiteRun {
    let Some(parser) = parser(name) else {
        return SuiteRun::Missing(format!("unknown parser {name:?}; parsers: {}", parser_names().join(", ")));
    };
    let folder = match (&parser.bundled_suite, name) {
        (_, "mf2") => suite_folder(Suite::Mf2, arguments.suite_dir.as_ref()),
        (Some(bundled), _) => Ok(arguments.suite_dir.clone().unwrap_or_else(|| bundled.clone())),
        (None, _) => {
            arguments.suite_dir.clone().ok_or_else(|| SuiteRun::Missing(format!("no suite folder for {name}")))
        }
    };
    let folder = match folder {
        Ok(folder) => folder,
        Err(outcome) => return outcome,
    };
    let expectations = match load_expectations(arguments.expectations.as_ref().unwrap_or(&parser.expectations)) {
        Ok(expectations) => expectations,
        Err(e) => return SuiteRun::Missing(e),
    };
    let cases = match discover(&folder) {
        Ok(cases) if !cases.is_empty() => cases,
        Ok(_) => return SuiteRun::Missing(format!("no cases in {}", folder.display())),
        Err(e) => return SuiteRun::Missing(format!("cannot read suite {}: {e}", folder.display())),
    };
    let report = run(&cases, &parser, arguments.base_url.as_deref(), &expectations);
    let text = summary(&report, &expectations);
    SuiteRun::Ran { report, text }
}

fn run_html5lib(arguments: &Arguments) -> SuiteRun {
    let folder = match suite_folder(Suite::Html5lib, arguments.suite_dir.as_ref()) {
        Ok(folder) => folder,
        Err(outcome) => return outcome,
    };
    let expectations = match load_expectations(arguments.expectations.as_ref().unwrap_or(&html5lib_expectations())) {
        Ok(expectations) => expectations,
        Err(e) => return SuiteRun::Missing(e),
    };
    let cases = match html5lib::discover(&folder) {
        Ok(cases) if !cases.is_empty() => cases,
        Ok(_) => return SuiteRun::Missing(format!("no .dat cases in {}", folder.display())),
        Err(e) => return SuiteRun::Missing(format!("cannot read suite {}: {e}", folder.display())),
    };
    let report = html5lib::run(&cases, &expectations);
    let text = summary(&report, &expectations);
    SuiteRun::Ran { report, text }
}

fn run_microdata_rdf(arguments: &Arguments) -> SuiteRun {
    let folder = match suite_folder(Suite::MicrodataRdf, arguments.suite_dir.as_ref()) {
        Ok(folder) => folder,
        Err(outcome) => return outcome,
    };
    let expectations = match load_expectations(arguments.expectations.as_ref().unwrap_or(&microdata_rdf_expectations()))
    {
        Ok(expectations) => expectations,
        Err(e) => return SuiteRun::Missing(e),
    };
    let cases = match microdata_rdf::discover(&folder) {
        Ok(cases) if !cases.is_empty() => cases,
        Ok(_) => return SuiteRun::Missing(format!("no cases in {}", folder.display())),
        Err(e) => return SuiteRun::Missing(e),
    };
    match microdata_rdf::run(&folder, &cases, &expectations) {
        Ok(report) => {
            let text = summary(&report, &expectations);
            SuiteRun::Ran { report, text }
        }
        Err(e) => SuiteRun::Missing(e),
    }
}

fn run_rdfa(arguments: &Arguments) -> SuiteRun {
    let folder = match suite_folder(Suite::Rdfa, arguments.suite_dir.as_ref()) {
        Ok(folder) => folder,
        Err(outcome) => return outcome,
    };
    let expectations = match load_expectations(arguments.expectations.as_ref().unwrap_or(&rdfa_expectations())) {
        Ok(expectations) => expectations,
        Err(e) => return SuiteRun::Missing(e),
    };
    let cases = match rdfa::discover(&folder) {
        Ok(cases) if !cases.is_empty() => cases,
        Ok(_) => return SuiteRun::Missing(format!("no cases in {}", folder.display())),
        Err(e) => return SuiteRun::Missing(e),
    };
    let report = rdfa::run(&cases, &expectations);
    let text = summary(&report, &expectations);
    SuiteRun::Ran { report, text }
}

fn run_jsonld(arguments: &Arguments) -> SuiteRun {
    let folder = match suite_folder(Suite::JsonLd, arguments.suite_dir.as_ref()) {
        Ok(folder) => folder,
        Err(outcome) => return outcome,
    };
    let expectations = match load_expectations(arguments.expectations.as_ref().unwrap_or(&jsonld_expectations())) {
        Ok(expectations) => expectations,
        Err(e) => return SuiteRun::Missing(e),
    };
    let cases = match jsonld::discover(&folder) {
        Ok(cases) if !cases.is_empty() => cases,
        Ok(_) => return SuiteRun::Missing(format!("no tests in {}", folder.display())),
        Err(e) => return SuiteRun::Missing(e),
    };
    let report = jsonld::run(&folder, &cases, &expectations);
    let text = summary(&report, &expectations);
    SuiteRun::Ran { report, text }
}

fn run_schemaorg_examples(arguments: &Arguments) -> SuiteRun {
    let folder = match suite_folder(Suite::SchemaOrgExamples, arguments.suite_dir.as_ref()) {
        Ok(folder) => folder,
        Err(outcome) => return outcome,
    };
    let default = Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations/schemaorg-examples.txt");
    let expectations = match load_expectations(arguments.expectations.as_ref().unwrap_or(&default)) {
        Ok(expectations) => expectations,
        Err(e) => return SuiteRun::Missing(e),
    };
    let cases = match schemaorg_examples::discover(&folder) {
        Ok(cases) if !cases.is_empty() => cases,
        Ok(_) => return SuiteRun::Missing(format!("no examples in {}", folder.display())),
        Err(e) => return SuiteRun::Missing(e),
    };
    let report = schemaorg_examples::run(&cases, &expectations);
    let text = summary(&report, &expectations);
    SuiteRun::Ran { report, text }
}

fn run_suite(name: &str, arguments: &Arguments) -> SuiteRun {
    match name {
        "schemaorg-examples" => run_schemaorg_examples(arguments),
        "rdfa" => run_rdfa(arguments),
        "html5lib" => run_html5lib(arguments),
        "microdata-rdf" => run_microdata_rdf(arguments),
        "jsonld" => run_jsonld(arguments),
        _ => run_parser_suite(name, arguments),
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut positional = Vec::new();
    let mut arguments = Arguments { suite_dir: None, base_url: None, expectations: None };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--base-url" => arguments.base_url = args.next(),
            "--expectations" => arguments.expectations = args.next().map(PathBuf::from),
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ => positional.push(arg),
        }
    }
    let Some(name) = positional.first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    arguments.suite_dir = positional.get(1).map(PathBuf::from);
    let names: Vec<&str> = if name == "all" {
        if arguments.suite_dir.is_some() || arguments.expectations.is_some() || arguments.base_url.is_some() {
            eprintln!("`all` runs every suite from its usual place and takes no other argument");
            return ExitCode::from(2);
        }
        vec!["mf2", "microdata", "html5lib", "microdata-rdf", "rdfa", "jsonld", "schemaorg-examples"]
    } else if name == "html5lib"
        || name == "microdata-rdf"
        || name == "rdfa"
        || name == "jsonld"
        || name == "schemaorg-examples"
        || parser(name).is_some()
    {
        vec![name.as_str()]
    } else {
        eprintln!("unknown suite {name:?}\n{USAGE}");
        return ExitCode::from(2);
    };
    let single = names.len() == 1;
    let (mut passed, mut failed, mut clean) = (0, 0, true);
    let mut table = Vec::new();
    for suite in names {
        match run_suite(suite, &arguments) {
            SuiteRun::Ran { report, text } => {
                if single {
                    print!("{text}");
                    return if report.is_clean() { ExitCode::SUCCESS } else { ExitCode::FAILURE };
                }
                // Only what needs attention: unexpected outcomes and known failures.
                for line in text.lines().filter(|line| !line.contains(": ") || line.starts_with("FAIL")) {
                    if line.starts_with("FAIL") || line.starts_with("UNEXPECTED") || line.starts_with("    ") {
                        println!("{suite}: {line}");
                    }
                }
                let status = if report.is_clean() { "clean" } else { "UNEXPECTED OUTCOMES" };
                clean &= report.is_clean();
                passed += report.passed();
                failed += report.failed();
                table.push(format!(
                    "{suite:<18} {:>6} {:>6} {:>6}  {status}",
                    report.passed(),
                    report.failed(),
                    report.known_failures.len()
                ));
            }
            SuiteRun::Skipped => {
                println!("SKIPPED {suite} (HARVEST_SKIP_SUITES)");
                table.push(format!("{suite:<18} {:>6} {:>6} {:>6}  SKIPPED", "-", "-", "-"));
            }
            SuiteRun::Missing(message) => {
                eprintln!("{suite}: {message}");
                clean = false;
                table.push(format!("{suite:<18} {:>6} {:>6} {:>6}  MISSING", "-", "-", "-"));
            }
        }
    }
    println!("{:<18} {:>6} {:>6} {:>6}  status", "suite", "passed", "failed", "known");
    for row in table {
        println!("{row}");
    }
    println!("{passed} passed, {failed} failed");
    if clean {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
