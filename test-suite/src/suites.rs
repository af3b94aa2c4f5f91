//! Where the external conformance suites are, and what to do when one is not there.
//!
//! The official suites are git submodules of the repository, pinned to the commits harvest is
//! tested with (`git clone --recursive`, or `git submodule update --init` in a clone):
//!
//! | suite | submodule | variable |
//! |---|---|---|
//! | microformats tests | `test-suite/suites/mf2-tests` (its `tests` folder) | `HARVEST_MF2_SUITE` |
//! | html5lib-tests | `test-suite/suites/html5lib-tests` (its `tree-construction` folder) | `HARVEST_HTML5LIB_TESTS` |
//! | W3C Microdata to RDF | `test-suite/suites/microdata-rdf` (its `tests` folder) | `HARVEST_MICRODATA_RDF_SUITE` |
//! | RDFa test suite | `test-suite/suites/rdfa` (rdfa/rdfa.github.io, its `test-suite` folder) | `HARVEST_RDFA_SUITE` |
//! | W3C JSON-LD 1.1 API tests | `test-suite/suites/json-ld-api` (w3c/json-ld-api, its `tests` folder) | `HARVEST_JSONLD_SUITE` |
//! | schema.org's examples | `test-suite/suites/schemaorg` (schemaorg/schemaorg, its `data/releases/30.0` folder) | `HARVEST_SCHEMAORG` |
//!
//! The submodule is looked at first, then the variable; the RDFa and JSON-LD suites are also
//! looked for in `../shared/rdfa-test-suite` and `../shared/json-ld-api-tests` beside the checkout. A suite found in neither place is a
//! failure that says how to get it; only `HARVEST_SKIP_SUITES` (a comma-separated list of suite
//! names, or `all`) turns that into a skip, which the runner prints as SKIPPED.

use std::path::{Path, PathBuf};

/// An external suite.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Suite {
    /// The official microformats test suite (microformats/tests).
    Mf2,
    /// html5lib-tests' tree-construction cases.
    Html5lib,
    /// The W3C Microdata-to-RDF test suite (w3c/microdata-rdf).
    MicrodataRdf,
    /// The RDFa test suite (rdfa/rdfa.github.io, `test-suite/`).
    Rdfa,
    /// The W3C JSON-LD 1.1 API test suite (w3c/json-ld-api, `tests/`).
    JsonLd,
    /// schema.org's own examples, in its release folder (schemaorg/schemaorg,
    /// `data/releases/30.0/schemaorg-all-examples.txt`).
    SchemaOrgExamples,
}

impl Suite {
    /// The suite's name on the command line and in `HARVEST_SKIP_SUITES`.
    pub fn name(self) -> &'static str {
        match self {
            Suite::Mf2 => "mf2",
            Suite::Html5lib => "html5lib",
            Suite::MicrodataRdf => "microdata-rdf",
            Suite::Rdfa => "rdfa",
            Suite::JsonLd => "jsonld",
            Suite::SchemaOrgExamples => "schemaorg-examples",
        }
    }

    /// The environment variable that names the suite's folder.
    pub fn variable(self) -> &'static str {
        match self {
            Suite::Mf2 => "HARVEST_MF2_SUITE",
            Suite::Html5lib => "HARVEST_HTML5LIB_TESTS",
            Suite::MicrodataRdf => "HARVEST_MICRODATA_RDF_SUITE",
            Suite::Rdfa => "HARVEST_RDFA_SUITE",
            Suite::JsonLd => "HARVEST_JSONLD_SUITE",
            Suite::SchemaOrgExamples => "HARVEST_SCHEMAORG",
        }
    }

    /// The folder of the suite inside its submodule checkout.
    fn submodule_folder(self) -> PathBuf {
        let suites = Path::new(env!("CARGO_MANIFEST_DIR")).join("suites");
        match self {
            Suite::Mf2 => suites.join("mf2-tests").join("tests"),
            Suite::Html5lib => suites.join("html5lib-tests").join("tree-construction"),
            Suite::MicrodataRdf => suites.join("microdata-rdf").join("tests"),
            Suite::Rdfa => suites.join("rdfa").join("test-suite"),
            Suite::JsonLd => suites.join("json-ld-api").join("tests"),
            Suite::SchemaOrgExamples => suites.join("schemaorg").join("data").join("releases").join("30.0"),
        }
    }

    /// A copy beside the checkout (`../shared`), where there is one to look for.
    fn shared_folder(self) -> Option<PathBuf> {
        let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).parent()?;
        match self {
            Suite::Rdfa => Some(checkout.parent()?.join("shared").join("rdfa-test-suite")),
            Suite::JsonLd => Some(checkout.parent()?.join("shared").join("json-ld-api-tests")),
            // The release files beside the checkout, when they include the examples.
            Suite::SchemaOrgExamples => Some(checkout.parent()?.join("shared").join("schemaorg"))
                .filter(|folder| folder.join(crate::schemaorg_examples::FILE).is_file()),
            _ => None,
        }
    }
}

/// Where a suite was found, or why it was not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Located {
    /// The suite's folder.
    Found(PathBuf),
    /// `HARVEST_SKIP_SUITES` names the suite: the caller reports it as skipped.
    Skipped,
    /// Neither the submodule nor the variable gives the suite; the message says how to get it.
    Missing(String),
}

/// Finds a suite: its submodule checkout, else the folder its variable names, else (when
/// `HARVEST_SKIP_SUITES` lists it) a skip, else a failure with instructions.
pub fn locate(suite: Suite) -> Located {
    let submodule = suite.submodule_folder();
    if is_populated(&submodule) {
        return Located::Found(submodule);
    }
    if let Some(folder) = std::env::var_os(suite.variable()).filter(|v| !v.is_empty()).map(PathBuf::from) {
        if folder.is_dir() {
            return Located::Found(folder);
        }
        return Located::Missing(format!("{} names {}, which is not a folder", suite.variable(), folder.display()));
    }
    if let Some(folder) = suite.shared_folder().filter(|folder| is_populated(folder)) {
        return Located::Found(folder);
    }
    let skipped = std::env::var("HARVEST_SKIP_SUITES").unwrap_or_default();
    if skipped.split(',').map(str::trim).any(|name| name == suite.name() || name == "all") {
        return Located::Skipped;
    }
    Located::Missing(format!(
        "the {} suite is missing: run `git submodule update --init` in the repository (or clone it \
         with --recursive), or set {} to the suite's folder; HARVEST_SKIP_SUITES={} skips it",
        suite.name(),
        suite.variable(),
        suite.name()
    ))
}

/// Whether a folder exists and holds anything (an uninitialised submodule is an empty folder).
fn is_populated(folder: &Path) -> bool {
    std::fs::read_dir(folder).is_ok_and(|mut entries| entries.next().is_some())
}

/// For tests: the suite's folder, or `None` after printing `SKIPPED` when `HARVEST_SKIP_SUITES`
/// names it; a missing suite panics with the instructions to get it, so the test fails.
pub fn require(suite: Suite) -> Option<PathBuf> {
    match locate(suite) {
        Located::Found(folder) => Some(folder),
        Located::Skipped => {
            println!("SKIPPED {}: HARVEST_SKIP_SUITES names it", suite.name());
            None
        }
        Located::Missing(message) => panic!("{message}"),
    }
}
