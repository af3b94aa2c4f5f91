"""The official microformats suite through the Python API: the same 138 of 140 cases as the
Rust runner, with the same two documented exceptions (test-suite/expectations/mf2.txt)."""

import json

import harvest_html
import pytest
from conftest import REPO, mf2_suite


def expected_failures():
    lines = (REPO / "test-suite" / "expectations" / "mf2.txt").read_text().splitlines()
    return {line.split(":", 1)[0].strip() for line in lines if line.strip() and not line.startswith("#")}


def test_official_suite():
    suite = mf2_suite()
    if suite is None:
        pytest.skip("SKIPPED mf2: HARVEST_SKIP_SUITES names it")
    failed, passed = set(), 0
    cases = sorted(suite.rglob("*.html"))
    for html in cases:
        expected_path = html.with_suffix(".json")
        if not expected_path.exists():
            continue
        name = str(html.relative_to(suite).with_suffix(""))
        # The suite's README: microformats-v2-unit pages live at http://example.test.
        base = "http://example.test" if name.startswith("microformats-v2-unit/") else "http://example.com/"
        got = harvest_html.mf2(html.read_bytes(), base)
        if got == json.loads(expected_path.read_text()):
            passed += 1
        else:
            failed.add(name)
    assert failed == expected_failures()
    assert passed == 138
