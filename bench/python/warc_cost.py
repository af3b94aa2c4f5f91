"""The Python path over WARC archives against the command, as whole processes: a Python process
that reads every record of the Spark benchmark's archives through harvest_html, against
`harvest all --jobs 1` over the same archives (JSON Lines to /dev/null), alternating, N runs
each. The figure is CPU time (user + system of the process, from its rusage), which load on a
shared machine disturbs less than wall time; medians and the ratio of the medians.

The Python forms (--forms, default all three):

* `dicts`: `iter_warc(archive)`, each page's record as Python dicts, lists and strings;
* `bytes`: `iter_warc(archive, as_json="bytes")`, each record as its JSON text;
* `arrow`: `iter_warc_arrow(archive)`, Arrow record batches built in Rust, what the Spark
  job's workers read (examples/spark/extract_warc.py).

    python warc_cost.py CORPUS_DIR WORK_DIR HARVEST_BINARY [--gigabytes 0.25] [--archives 2] [--runs 5] [--forms dicts,bytes,arrow]

The archives are those of spark_bench.py (every corpus page over and over, a new URL each
round, spread over --archives gzipped WARC archives), generated in WORK_DIR and reused when
they are there. Both sides inflate the same gzip members and read the same records.
"""

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from spark_bench import build  # noqa: E402  (the Spark benchmark's archives, shared)

PYTHON_LOOPS = {
    "dicts": """
import sys, harvest_html
pages = 0
for archive in sys.argv[1:]:
    for record in harvest_html.iter_warc(archive):
        pages += 1
print(pages)
""",
    "bytes": """
import sys, harvest_html
pages = 0
for archive in sys.argv[1:]:
    for record in harvest_html.iter_warc(archive, as_json="bytes"):
        pages += 1
print(pages)
""",
    # Every row is a page or a failed record, as in the Spark job.
    "arrow": """
import sys, harvest_html
pages = 0
for archive in sys.argv[1:]:
    for batch in harvest_html.iter_warc_arrow(archive):
        pages += batch.num_rows
print(pages)
""",
}


def cpu(argv, said):
    """Runs a process; returns its CPU seconds and what it wrote on `said` (stdout or stderr),
    the other thrown away."""
    streams = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, said: subprocess.PIPE}
    process = subprocess.Popen(argv, **streams)
    output = getattr(process, said).read()
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {argv[:3]}")
    return usage.ru_utime + usage.ru_stime, output


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("work", type=Path)
    parser.add_argument("harvest")
    parser.add_argument("--gigabytes", type=float, default=0.25)
    parser.add_argument("--archives", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--forms", default="dicts,bytes,arrow", help="comma-separated: dicts, bytes, arrow")
    args = parser.parse_args()
    forms = [form.strip() for form in args.forms.split(",") if form.strip()]
    unknown = [form for form in forms if form not in PYTHON_LOOPS]
    if unknown or not forms:
        sys.exit(f"--forms: unknown {unknown}; choose among {', '.join(PYTHON_LOOPS)}")
    args.work.mkdir(parents=True, exist_ok=True)
    archives = build(args.corpus, args.work, args.gigabytes, args.archives)
    print(f"load average {os.getloadavg()[0]:.2f} at the start", flush=True)
    python = {form: [] for form in forms}
    rust = []
    pages = None
    for _ in range(args.runs):
        for form in forms:
            seconds, printed = cpu([sys.executable, "-c", PYTHON_LOOPS[form], *archives], "stdout")
            python[form].append(seconds)
            if pages is not None and int(printed) != pages:
                sys.exit(f"the Python forms read different pages: {pages} against {int(printed)}")
            pages = int(printed)
        seconds, summary = cpu([args.harvest, "all", "--jobs", "1", *archives], "stderr")
        rust.append(seconds)
        # The command's last line: "harvest: N pages, ..."
        read = int(summary.decode().strip().splitlines()[-1].split()[1])
        if read != pages:
            sys.exit(f"the two sides read different pages: {pages} against {read}")
    r = statistics.median(rust)
    print(f"{pages} pages in {len(archives)} archives")
    print(f"harvest all --jobs 1: median {r:.2f} s CPU {sorted(round(x, 2) for x in rust)}")
    for form in forms:
        p = statistics.median(python[form])
        print(f"python {form:5}: median {p:.2f} s CPU {sorted(round(x, 2) for x in python[form])}, {p / r:.3f} of harvest")


if __name__ == "__main__":
    main()
