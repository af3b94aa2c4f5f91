"""Every option of a `harvest` subcommand is a keyword of the Python function of the same
syntax, under the same name (`--filter-roots` is `filter_roots`): an option added to the
command cannot be forgotten here. `harvest serve` takes its parameters from the same
definitions, and a Rust test checks the flags against the options structs."""

import inspect
import re

import pytest

import harvest_html
from conftest import run_cli

# What the command has and a call does not: the inputs and the batch (files, parallelism),
# the output's indentation (Python gets objects), the page URL (the positional `base_url`).
NOT_KEYWORDS = {"base-url", "pretty", "output", "jobs", "glob", "help"}
# `check` gives Python the record's dict: no text form (`format`), no batch report (`summary`),
# no exit status (`deny`).
NOT_KEYWORDS_OF = {"check": {"format", "summary", "deny"}}
# Flags named otherwise in Python: `from` is a Python keyword.
RENAMED = {"from": "source"}
FUNCTIONS = {
    "mf2": harvest_html.mf2,
    "microdata": harvest_html.microdata,
    "links": harvest_html.links,
    "vcard": harvest_html.vcard,
    "ical": harvest_html.ical,
    "atom": harvest_html.atom,
    "rdf": harvest_html.rdf,
    "rdfa": harvest_html.rdfa,
    "graph": harvest_html.graph,
    "check": harvest_html.check,
    "all": harvest_html.extract,
}


def long_flags(binary, subcommand):
    code, out = run_cli(binary, subcommand, "--help")
    assert code == 0
    return set(re.findall(r"^\s+(?:-\w, )?--([a-z0-9-]+)", out.decode("utf-8"), re.M))


@pytest.mark.parametrize("subcommand", sorted(FUNCTIONS))
def test_every_flag_is_a_keyword(harvest_bin, subcommand):
    flags = long_flags(harvest_bin, subcommand) - NOT_KEYWORDS - NOT_KEYWORDS_OF.get(subcommand, set())
    assert flags, subcommand
    keywords = set(inspect.signature(FUNCTIONS[subcommand]).parameters)
    missing = {flag for flag in flags if RENAMED.get(flag, flag.replace("-", "_")) not in keywords}
    assert not missing, f"harvest {subcommand} has --{', --'.join(sorted(missing))}; the Python function does not"


def test_the_stub_names_the_same_keywords():
    # Type checkers and editors read the stub: its signatures are the functions'.
    import pathlib

    stub = (pathlib.Path(harvest_html.__file__).parent / "__init__.pyi").read_text()
    for name, function in FUNCTIONS.items():
        declared = re.search(r"def " + function.__name__ + r"\((.*?)\)\s*->", stub, re.S)
        assert declared, name
        # A parameter is a name after a line start or a comma (not `http:` in a default).
        stub_keywords = set(re.findall(r"(?:^|,)\s*(\w+)\s*:", declared.group(1), re.M))
        assert stub_keywords == set(inspect.signature(function).parameters), name
