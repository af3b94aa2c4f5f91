#!/usr/bin/env python3
"""Peak memory against CPU time: `harvest all` under mimalloc's settings, against the parse floor.

Each round runs, in an order that rotates from round to round, the floor and `harvest all
--jobs 1` once per mode (the same binary, mimalloc's options set in the environment) over
each data set, output thrown away. For each mode it prints the medians over rounds of the
speed as a ratio to the floor (floor time / harvest time, per round) in user time and in user
+ system time, and the peak resident memory as a ratio to the floor's.

    bench/process/memory_modes.py [--harvest target/release/harvest]
        [--floor target/release/harvest-floor] [--corpus ../shared/corpus] [--rounds 5]

The modes: `default` (huge pages as mimalloc advises them, freed memory kept 10 s);
`no-huge-pages` (MIMALLOC_ALLOW_THP=0); `purge-at-once` (MIMALLOC_PURGE_DELAY=0); and both.
Peaks are read by GNU time (`/usr/bin/time -f %M`), as in run.py: a child of this script would
otherwise start with the script's own high-water mark.

Build first: cargo build --release -p harvest-cli -p harvest-bench
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GNU_TIME = Path("/usr/bin/time")
MODES = {
    "default": {},
    "no-huge-pages": {"MIMALLOC_ALLOW_THP": "0"},
    "purge-at-once": {"MIMALLOC_PURGE_DELAY": "0"},
    "both": {"MIMALLOC_ALLOW_THP": "0", "MIMALLOC_PURGE_DELAY": "0"},
}


def measure(argv, env):
    """User seconds, user + system seconds and peak KiB of one process, as GNU time reads them."""
    with tempfile.NamedTemporaryFile("r") as report:
        command = [str(GNU_TIME), "-o", report.name, "-f", "%U %S %M", *map(str, argv)]
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        if done.returncode != 0:
            raise SystemExit(f"failed: {argv}")
        user, system, peak = report.read().split()[-3:]
    return float(user), float(user) + float(system), int(peak)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--harvest", default=str(ROOT / "target/release/harvest"))
    parser.add_argument("--floor", default=str(ROOT / "target/release/harvest-floor"))
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared/corpus")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if not GNU_TIME.exists():
        sys.exit("GNU time is needed for the peaks (/usr/bin/time; Debian: apt-get install time)")
    sets = {
        "synthetic": args.corpus / "synthetic/pages",
        "real": args.corpus / "real",
        "10 MB page": args.corpus / "synthetic/huge/huge-archive.html",
    }
    base = {key: value for key, value in os.environ.items() if not key.startswith("MIMALLOC_")}
    runs = {"floor": ([args.floor], base)}
    for mode, settings in MODES.items():
        runs[mode] = ([args.harvest, "all", "--jobs", "1"], {**base, **settings})
    names = list(runs)
    print(f"{args.rounds} rounds, load average {os.getloadavg()[0]:.2f} at the start")
    print("| set | mode | speed / floor, user | speed / floor, user + system | peak MB | peak / floor |")
    print("|---|---|---|---|---|---|")
    for set_name, path in sets.items():
        results = {name: [] for name in names}
        for round_number in range(args.rounds):
            shift = round_number % len(names)
            for name in names[shift:] + names[:shift]:
                argv, env = runs[name]
                results[name].append(measure([*argv, path], env))
        floor = results["floor"]
        floor_peak = statistics.median(r[2] for r in floor)
        for name in names[1:]:
            rounds = results[name]
            by_user = statistics.median(f[0] / max(r[0], 1e-9) for f, r in zip(floor, rounds))
            by_total = statistics.median(f[1] / max(r[1], 1e-9) for f, r in zip(floor, rounds))
            peak = statistics.median(r[2] for r in rounds)
            print(
                f"| {set_name} | {name} | {by_user:.2f} | {by_total:.2f} | {peak / 1024:.1f} | {peak / floor_peak:.2f} |"
            )
        print(f"| {set_name} | (floor) | | | {floor_peak / 1024:.1f} | 1.00 |")


if __name__ == "__main__":
    main()
