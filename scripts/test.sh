#!/usr/bin/env bash
# Runs every test of the workspace: unit, integration and doc tests, and the conformance suites.
# The official suites are git submodules (test-suite/suites/); without them, the suites' copies
# in ../shared beside the checkout are used, or the folders HARVEST_MF2_SUITE,
# HARVEST_HTML5LIB_TESTS, HARVEST_MICRODATA_RDF_SUITE, HARVEST_RDFA_SUITE and HARVEST_JSONLD_SUITE
# name; schema.org's release is the test-suite/suites/schemaorg submodule, else HARVEST_SCHEMAORG,
# else ../shared/schemaorg. A suite found nowhere fails its test
# (HARVEST_SKIP_SUITES=mf2,html5lib,microdata-rdf,rdfa,jsonld,schemaorg,schemaorg-examples skips
# them, and the tests say SKIPPED).
set -euo pipefail
cd "$(dirname "$0")/.."
# A missing Java runtime, Chromium or WebDriver is installed now (as root, or through sudo
# without a password), saying so; where it cannot be, the run stops now with the command that
# installs it, not after the whole Rust run.
./scripts/prerequisites.sh --install
if [ -z "${HARVEST_MF2_SUITE:-}" ] && [ -d ../shared/mf2-tests/tests ]; then
  HARVEST_MF2_SUITE="$(cd ../shared/mf2-tests/tests && pwd)"
  export HARVEST_MF2_SUITE
fi
if [ -z "${HARVEST_HTML5LIB_TESTS:-}" ] && [ -d ../shared/html5lib-tests/tree-construction ]; then
  HARVEST_HTML5LIB_TESTS="$(cd ../shared/html5lib-tests/tree-construction && pwd)"
  export HARVEST_HTML5LIB_TESTS
fi
if [ -z "${HARVEST_MICRODATA_RDF_SUITE:-}" ] && [ -d ../shared/w3c-microdata-rdf/tests ]; then
  HARVEST_MICRODATA_RDF_SUITE="$(cd ../shared/w3c-microdata-rdf/tests && pwd)"
  export HARVEST_MICRODATA_RDF_SUITE
fi
if [ -z "${HARVEST_RDFA_SUITE:-}" ] && [ -d ../shared/rdfa-test-suite ]; then
  HARVEST_RDFA_SUITE="$(cd ../shared/rdfa-test-suite && pwd)"
  export HARVEST_RDFA_SUITE
fi
if [ -z "${HARVEST_JSONLD_SUITE:-}" ] && [ -d ../shared/json-ld-api-tests ]; then
  HARVEST_JSONLD_SUITE="$(cd ../shared/json-ld-api-tests && pwd)"
  export HARVEST_JSONLD_SUITE
fi
# Tests run one at a time: several of them time a page and its doubled copy to show linear
# growth, and tests running beside them would blur those timings. Doc tests run as usual. The
# CLI is built with `serve` (which brings `http`): its web inputs and `harvest serve` are tested
# against servers on 127.0.0.1, in the same build as everything else.
features=(--features harvest-cli/serve)
# The Python tools the tests use (the OpenAPI validator of the serve tests, pytest, rdflib,
# Selenium...) go into a virtualenv first; HARVEST_PYTHON names it to the Rust tests.
python3 -m venv target/py
target/py/bin/pip install -q --disable-pip-version-check -r crates/python/requirements-test.txt \
  -r examples/spark/requirements.txt -r crates/cli/tests/browser/requirements.txt
export HARVEST_PYTHON="$PWD/target/py/bin/python"
cargo test --workspace "${features[@]}" --lib --bins --tests -- --test-threads=1
cargo test --workspace "${features[@]}" --doc
# The Python package, tested from Python: built into a virtualenv (target/py) with maturin, then
# its pytest suite (results equal to the command's, the official mf2 suite, hostile input,
# archives, threads). pytest exits non-zero when a test fails or when it finds none.
VIRTUAL_ENV="$PWD/target/py" target/py/bin/maturin develop -q -m crates/python/Cargo.toml
target/py/bin/python -m pytest -q crates/python/tests
# The playground in headless Chromium, driven through WebDriver (needs Debian's chromium and
# chromium-driver: .ci/run installs them); its screenshot is kept in target/playground/.
cargo build -q --workspace "${features[@]}" --bins
SE_OFFLINE=true HARVEST_BIN="$PWD/target/debug/harvest" target/py/bin/python -m pytest -q crates/cli/tests/browser
# The Spark job over WARC archives, in local mode (needs a Java runtime: .ci/run installs one).
target/py/bin/python -m pytest -q examples/spark/tests
