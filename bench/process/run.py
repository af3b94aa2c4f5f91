#!/usr/bin/env python3
"""Whole-process benchmark: `harvest SUBCOMMAND` against the parse floor, in one run.

Each round runs, one after the other, the floor (`harvest-floor`: read, decode and parse every
page with html5ever + kuchikiki, on one thread) and every `harvest` subcommand asked for, on
one thread (`--jobs 1`), writing its output to a file: reading, parsing, extracting,
serialising and writing, what a user runs. The order of the commands rotates from round to
round so that no command always runs first or last.

For every data set and command it prints the time of its fastest round, its speed as a ratio
to the floor (floor time / command time, per round, then the median over rounds: 1.0 is the
cost of parsing alone, higher is faster), its peak resident memory (the kernel's ru_maxrss of
the process) and that peak as a ratio to the floor's, and the size of its output.

    bench/process/run.py [--rounds N] [--corpus DIR] [--commands all,mf2,...] [--sets NAMES]

Build first: cargo build --release -p harvest-cli -p harvest-bench.
"""

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = {
    "all": ["all"],
    "all-full-links": ["all", "--links", "full"],
    "mf2": ["mf2"],
    "microdata": ["microdata"],
    "links": ["links"],
    "rdfa": ["rdfa"],
    "graph": ["graph"],
    "check": ["check", "--format", "json"],
}


def data_sets(corpus):
    """Name and path of each data set: the synthetic pages, the real pages, the 10 MB page."""
    return {
        "synthetic": corpus / "synthetic" / "pages",
        "real": corpus / "real",
        "huge": corpus / "synthetic" / "huge" / "huge-archive.html",
    }


def run(argv, output):
    """Runs a process with stdout to `output`; returns (CPU seconds, wall seconds, peak KiB)."""
    started = time.perf_counter()
    with open(output, "wb") as out:
        process = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"failed with exit code {code}: {shlex.join(argv)}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--commands", default="all,mf2,microdata,links,all-full-links")
    parser.add_argument("--sets", default="synthetic,real,huge")
    parser.add_argument("--harvest", type=Path, default=ROOT / "target" / "release" / "harvest")
    parser.add_argument("--floor", type=Path, default=ROOT / "target" / "release" / "harvest-floor")
    args = parser.parse_args()

    commands = [name for name in args.commands.split(",") if name]
    for name in commands:
        if name not in COMMANDS:
            sys.exit(f"unknown command {name}; known: {', '.join(COMMANDS)}")
    sets = data_sets(args.corpus)
    load = os.getloadavg()[0]
    print(f"{args.rounds} rounds, one thread per process, load average {load:.2f} at the start\n")
    with tempfile.TemporaryDirectory() as scratch:
        output = Path(scratch) / "out"
        for set_name in args.sets.split(","):
            path = sets[set_name]
            size = sum(p.stat().st_size for p in ([path] if path.is_file() else path.rglob("*.htm*")))
            argvs = {"floor": [str(args.floor), str(path)]}
            for name in commands:
                argvs[name] = [str(args.harvest), *COMMANDS[name], "--jobs", "1", str(path)]
            results = {name: [] for name in argvs}
            outputs = {}
            names = list(argvs)
            for round_number in range(args.rounds):
                shift = round_number % len(names)
                for name in names[shift:] + names[:shift]:
                    results[name].append(run(argvs[name], output))
                    outputs[name] = output.stat().st_size
            floor = results["floor"]
            print(f"### {set_name}: {path} ({size / 1e6:.1f} MB of HTML)\n")
            print("| command | fastest CPU s | speed / floor | peak MB | peak / floor | output MB |")
            print("|---|---|---|---|---|---|")
            for name in names:
                rounds = results[name]
                ratio = statistics.median(f[0] / max(r[0], 1e-9) for f, r in zip(floor, rounds))
                peak = max(r[2] for r in rounds) / 1024
                floor_peak = max(f[2] for f in floor) / 1024
                fastest = min(r[0] for r in rounds)
                shown = "—" if name == "floor" else f"{outputs[name] / 1e6:.1f}"
                print(
                    f"| {name} | {fastest:.3f} | {ratio:.2f} | {peak:.0f} | {peak / floor_peak:.2f} | {shown} |"
                )
            print()


if __name__ == "__main__":
    main()
