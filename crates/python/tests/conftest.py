"""Shared paths and helpers of the harvest_html tests: the repository, the `harvest` binary the
results are compared with, and the official microformats suite."""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def harvest_bin():
    """The `harvest` command of this checkout (built once if it is not there)."""
    binary = REPO / "target" / "debug" / "harvest"
    if not binary.exists():
        subprocess.run(["cargo", "build", "-q", "-p", "harvest-cli"], cwd=REPO, check=True)
    return binary


def run_cli(binary, *args, stdin=None):
    """Runs the command, returning (exit code, stdout bytes)."""
    done = subprocess.run([str(binary), *map(str, args)], input=stdin, capture_output=True)
    return done.returncode, done.stdout


def cli_json(binary, *args):
    code, out = run_cli(binary, *args)
    assert code == 0, f"harvest {' '.join(map(str, args))} exited {code}"
    return json.loads(out)


def fixture_pages():
    """The repository's HTML fixtures: the example page and the microdata spec fixtures."""
    pages = [REPO / "examples" / "blog.html"]
    pages += sorted((REPO / "test-suite" / "microdata").rglob("*.html"))
    return pages


def locate_suite(name, submodule_folder, variable):
    """A suite's folder, as the Rust runner finds it (the submodule, then the variable); None
    when HARVEST_SKIP_SUITES names it (the test is then reported as skipped); a failure
    otherwise."""
    submodule = REPO / "test-suite" / "suites" / submodule_folder
    if submodule.is_dir() and any(submodule.iterdir()):
        return submodule
    value = os.environ.get(variable)
    if value:
        if not Path(value).is_dir():
            pytest.fail(f"{variable} names {value}, which is not a folder")
        return Path(value)
    skipped = [s.strip() for s in os.environ.get("HARVEST_SKIP_SUITES", "").split(",")]
    if name in skipped or "all" in skipped:
        return None
    pytest.fail(
        f"the {name} suite is missing: run `git submodule update --init`, or set {variable}; "
        f"HARVEST_SKIP_SUITES={name} skips it"
    )


def mf2_suite():
    """The official microformats suite's folder (see locate_suite)."""
    return locate_suite("mf2", "mf2-tests/tests", "HARVEST_MF2_SUITE")


def microdata_rdf_suite():
    """The W3C Microdata-to-RDF suite's folder (see locate_suite)."""
    return locate_suite("microdata-rdf", "microdata-rdf/tests", "HARVEST_MICRODATA_RDF_SUITE")


def corpus_pages():
    """The real pages of the benchmark corpus (`HARVEST_CORPUS`, else ../shared/corpus beside the
    checkout), sorted. Missing, it fails the collection, unless HARVEST_SKIP_SUITES names
    `corpus`: then it is empty, and a test parametrized over it is reported SKIPPED."""
    folder = Path(os.environ.get("HARVEST_CORPUS", REPO.parent / "shared" / "corpus")) / "real"
    if not folder.is_dir():
        skipped = [s.strip() for s in os.environ.get("HARVEST_SKIP_SUITES", "").split(",")]
        if "corpus" in skipped or "all" in skipped:
            return []
        pytest.fail(f"the benchmark corpus is missing ({folder}): set HARVEST_CORPUS, or HARVEST_SKIP_SUITES=corpus")
    pages = sorted(folder.glob("*.html"))
    assert pages, f"no page in the benchmark corpus ({folder})"
    return pages
