#!/usr/bin/env python3
"""Two builds of `harvest all` against the parse floor, interleaved: each round runs the floor,
the new build and the old one (in an order that rotates from round to round) over each data set,
one thread, output thrown away. For each build it prints the median over rounds of the speed as
a ratio to the floor (floor time / build time, per round), in user time and in user + system
time apart: on a machine whose page faults cost more from one minute to the next, the system
time moves every process's figure, and user time alone still compares the code.

    bench/process/ab_all.py OLD_HARVEST [--new target/release/harvest]
        [--floor target/release/harvest-floor] [--corpus ../shared/corpus] [--rounds 7]

Build first: cargo build --release -p harvest-cli -p harvest-bench (and keep the old binary).
"""

import argparse
import os
import statistics
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def cpu(argv):
    """User and user + system seconds of a process, its output thrown away."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {argv}")
    return usage.ru_utime, usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old")
    parser.add_argument("--new", default=str(ROOT / "target/release/harvest"))
    parser.add_argument("--floor", default=str(ROOT / "target/release/harvest-floor"))
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared/corpus")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    sets = {
        "synthetic": args.corpus / "synthetic/pages",
        "real": args.corpus / "real",
        "10 MB page": args.corpus / "synthetic/huge/huge-archive.html",
    }
    commands = {
        "floor": [args.floor],
        "new": [args.new, "all", "--jobs", "1"],
        "old": [args.old, "all", "--jobs", "1"],
    }
    names = list(commands)
    print(f"{args.rounds} rounds, load average {os.getloadavg()[0]:.2f} at the start")
    for set_name, path in sets.items():
        user = {name: [] for name in names}
        total = {name: [] for name in names}
        for round_number in range(args.rounds):
            shift = round_number % len(names)
            for name in names[shift:] + names[:shift]:
                u, t = cpu(commands[name] + [str(path)])
                user[name].append(u)
                total[name].append(t)
        for name in ("old", "new"):
            by_user = statistics.median(f / c for f, c in zip(user["floor"], user[name]))
            by_total = statistics.median(f / c for f, c in zip(total["floor"], total[name]))
            print(
                f"{set_name:10} {name}: speed / floor {by_user:.2f} in user time, {by_total:.2f} in user + system; "
                f"median user {statistics.median(user[name]):.3f} s (floor {statistics.median(user['floor']):.3f} s)"
            )


if __name__ == "__main__":
    main()
