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


def mf2_suite():
    """The official microformats suite's folder, as the Rust runner finds it; None when
    HARVEST_SKIP_SUITES names mf2 (the test is then reported as skipped)."""
    submodule = REPO / "test-suite" / "suites" / "mf2-tests" / "tests"
    if submodule.is_dir() and any(submodule.iterdir()):
        return submodule
    variable = os.environ.get("HARVEST_MF2_SUITE")
    if variable:
        if not Path(variable).is_dir():
            pytest.fail(f"HARVEST_MF2_SUITE names {variable}, which is not a folder")
        return Path(variable)
    skipped = [s.strip() for s in os.environ.get("HARVEST_SKIP_SUITES", "").split(",")]
    if "mf2" in skipped or "all" in skipped:
        return None
    pytest.fail(
        "the mf2 suite is missing: run `git submodule update --init`, or set HARVEST_MF2_SUITE; "
        "HARVEST_SKIP_SUITES=mf2 skips it"
    )
