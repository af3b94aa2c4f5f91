#!/usr/bin/env python3
"""Whole-process benchmark: `harvest SUBCOMMAND` against the parse floor, in one run.

Each round runs, one after the other, the floor (`harvest-floor`: read, decode and parse every
page with html5ever + kuchikiki, on one thread) and every `harvest` subcommand asked for, on
one thread (`--jobs 1`), writing its output to a file: reading, parsing, extracting,
serialising and writing, what a user runs. The order of the commands rotates from round to
round so that no command always runs first or last.

For every data set and command it prints the time of its fastest round, its speed as a ratio
to the floor (floor time / command time, per round, then the median over rounds: 1.0 is the
cost of parsing alone, higher is faster), its peak resident memory and that peak as a ratio to
the floor's, and the size of its output.

The peak is the process's own: each command runs under GNU time (`/usr/bin/time -f %M`), which
reads it for a process it started itself. A process started straight from this script would
report at least this script's own size: Linux keeps the high-water mark of resident memory
across exec, and a child forked from a 13-15 MB Python process starts with that much counted
(peaks measured that way before 2026-11-29 read 15 MB for the floor, whose own peak is 11-12).

    bench/process/run.py [--rounds N] [--corpus DIR] [--commands all,mf2,...] [--sets NAMES]

The command `tokenizer` is not harvest's: it is the floor stopped after html5ever's tokenizer
(`harvest-floor --tokenize-only`), the share of the floor its tokenizer takes (harvest's own
parse tokenizes with html5gum instead, and builds with html5ever's tree builder).

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
# Not a `harvest` command: the floor binary stopped after html5ever's tokenizer, the part of
# every html5ever-based parse that no tree builder or extractor can take away.
TOKENIZER = "tokenizer"


def data_sets(corpus):
    """Name and path of each data set: the synthetic pages, the real pages, the 10 MB page."""
    return {
        "synthetic": corpus / "synthetic" / "pages",
        "real": corpus / "real",
        "huge": corpus / "synthetic" / "huge" / "huge-archive.html",
    }


GNU_TIME = Path("/usr/bin/time")


def run(argv, output):
    """Runs a process with stdout to `output`; returns (CPU seconds, wall seconds, peak KiB).

    The CPU time is the whole process's (with GNU time's own, a millisecond, around it), the
    peak the one GNU time reads for it (see the module's documentation)."""
    peak_file = Path(output).with_suffix(".peak")
    started = time.perf_counter()
    with open(output, "wb") as out:
        process = subprocess.Popen(
            [str(GNU_TIME), "-f", "%M", "-o", str(peak_file), *argv], stdout=out, stderr=subprocess.DEVNULL
        )
        _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"failed with exit code {code}: {shlex.join(argv)}")
    # GNU time writes "Command exited with non-zero status 1" first for exit code 1.
    peak = int(peak_file.read_text().split()[-1])
    return usage.ru_utime + usage.ru_stime, wall, peak


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--commands", default="all,mf2,microdata,links,all-full-links")
    parser.add_argument("--sets", default="synthetic,real,huge")
    parser.add_argument("--harvest", type=Path, default=ROOT / "target" / "release" / "harvest")
    parser.add_argument("--floor", type=Path, default=ROOT / "target" / "release" / "harvest-floor")
    args = parser.parse_args()

    if not GNU_TIME.exists():
        sys.exit("GNU time is needed for the peaks (/usr/bin/time; Debian: apt-get install time)")
    commands = [name for name in args.commands.split(",") if name]
    for name in commands:
        if name not in COMMANDS and name != TOKENIZER:
            sys.exit(f"unknown command {name}; known: {', '.join([*COMMANDS, TOKENIZER])}")
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
                if name == TOKENIZER:
                    argvs[name] = [str(args.floor), "--tokenize-only", str(path)]
                else:
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
