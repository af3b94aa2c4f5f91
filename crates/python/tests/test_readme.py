"""The README's Python examples run as shown: every `$ python -c '...'` line of a console
block gives the output printed under it."""

import shlex
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def examples():
    """(code, expected output) of each `$ python -c` line in the README's console blocks."""
    found, block, current = [], False, None
    for line in (REPO / "README.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            block = line.strip() == "```console"
            current = None
            continue
        if not block:
            continue
        if line.startswith("$ "):
            current = None
            if line.startswith("$ python -c "):
                words = shlex.split(line[2:])
                current = [words[2], []]
                found.append(current)
        elif current is not None:
            current[1].append(line)
    return found


def test_the_readme_python_examples_print_what_it_shows():
    cases = examples()
    assert cases, "no `$ python -c` example found in README.md"
    for code, expected in cases:
        run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, f"{code}\n{run.stderr}"
        assert run.stdout.splitlines() == expected, code
