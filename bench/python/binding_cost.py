"""The Python package's own cost, as whole processes: a Python process that reads every page
of a folder and calls harvest_html.extract on it, against `harvest all DIR --jobs 1` (which
reads, extracts and writes JSON Lines to /dev/null), alternating, N runs each; medians.

    python binding_cost.py PAGES_DIR HARVEST_BINARY [--runs N]
"""

import argparse
import statistics
import subprocess
import sys
import time

PYTHON_LOOP = """
import os, sys, harvest_html
root = sys.argv[1]
for folder, _, names in os.walk(root):
    for name in sorted(names):
        if name.endswith(".html"):
            path = os.path.join(folder, name)
            with open(path, "rb") as handle:
                harvest_html.extract(handle.read(), "https://bench.example/" + os.path.relpath(path, root))
"""


def timed(command):
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("pages")
    parser.add_argument("harvest")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    python, rust = [], []
    for _ in range(args.runs):
        python.append(timed([sys.executable, "-c", PYTHON_LOOP, args.pages]))
        rust.append(timed([args.harvest, "all", args.pages, "--jobs", "1", "-o", "/dev/null"]))
    p, r = statistics.median(python), statistics.median(rust)
    print(f"python extract loop: median {p:.2f} s {sorted(round(x, 2) for x in python)}")
    print(f"harvest all --jobs 1: median {r:.2f} s {sorted(round(x, 2) for x in rust)}")
    print(f"python / harvest: {p / r:.3f}")


if __name__ == "__main__":
    main()
