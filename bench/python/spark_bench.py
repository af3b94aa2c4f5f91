"""The Spark job's throughput in local mode, on at least a gigabyte of HTML.

    python spark_bench.py CORPUS_DIR WORK_DIR [--gigabytes 1.0] [--archives 8] [--runs 2]

Archives are generated in WORK_DIR (never in the repository): every page of the corpus, over
and over with a new URL each round, until the HTML reaches --gigabytes, spread over --archives
gzipped WARC archives (warcio writes them; they are reused when they are there). The job
(examples/spark/extract_warc.py) then runs with local[1] and local[2], alternating, --runs
times each. Each run's summary gives:

- the CPU time of the tasks that ran: the JVM threads of the tasks (Spark's executorCpuTime,
  which holds reading the Arrow batches and encoding and writing Parquet) and the Python
  workers (all of it; the extraction in harvest_html, which builds the Arrow batches, and the
  job's fitting of them to its columns apart);
- GB of HTML per CPU-hour of those tasks, and the wall-clock seconds of the job.

The machine's load average is printed before each run: on a shared machine, CPU time is the
figure to trust, and the wall-clock ratio of local[2] over local[1] only on a quiet machine.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from io import BytesIO
from pathlib import Path

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

JOB = Path(__file__).resolve().parents[2] / "examples" / "spark" / "extract_warc.py"


def build(corpus, work, gigabytes, archives):
    existing = sorted(work.glob("corpus-*.warc.gz"))
    marker = work / "corpus.json"
    if existing and marker.exists() and json.loads(marker.read_text()) == {"gigabytes": gigabytes, "archives": archives}:
        return [str(p) for p in existing]
    for old in existing:
        old.unlink()
    pages = [(page.relative_to(corpus), page.read_bytes()) for page in sorted(Path(corpus).rglob("*.html"))]
    handles = [open(work / f"corpus-{index}.warc.gz", "wb") for index in range(archives)]
    writers = [WARCWriter(handle, gzip=True) for handle in handles]
    total, n, round_ = 0, 0, 0
    while total < gigabytes * 1e9:
        for name, html in pages:
            headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
            url = f"https://bench.example/{round_}/{name}"
            writer = writers[n % archives]
            writer.write_record(writer.create_warc_record(url, "response", payload=BytesIO(html), http_headers=headers))
            total += len(html)
            n += 1
        round_ += 1
    for handle in handles:
        handle.close()
    marker.write_text(json.dumps({"gigabytes": gigabytes, "archives": archives}))
    print(f"generated {n} pages, {total / 1e9:.2f} GB of HTML in {archives} archives", flush=True)
    return sorted(str(p) for p in work.glob("corpus-*.warc.gz"))


def run(archives, work, master):
    out = work / f"out-{master.strip('local[]')}"
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable)
    subprocess.run([sys.executable, str(JOB), *archives, "--output", str(out), "--master", master],
                   check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return json.loads((out / "summary.json").read_text())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("work")
    parser.add_argument("--gigabytes", type=float, default=1.0)
    parser.add_argument("--archives", type=int, default=8)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    archives = build(Path(args.corpus), work, args.gigabytes, args.archives)
    results = {"local[1]": [], "local[2]": []}
    for _ in range(args.runs):
        for master in results:
            load = os.getloadavg()
            started = time.perf_counter()
            summary = run(archives, work, master)
            summary["process_seconds"] = time.perf_counter() - started
            summary["load"] = load
            results[master].append(summary)
            cpu = summary["cpu_seconds"]
            jvm = "unknown" if cpu["jvm_tasks"] is None else f"{cpu['jvm_tasks']:.1f}"
            print(f"{master}: load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; {summary['pages']} pages, "
                  f"{summary['bytes'] / 1e9:.2f} GB; job {summary['seconds']:.1f} s (process {summary['process_seconds']:.1f} s); "
                  f"task CPU: JVM {jvm} s + Python {cpu['python_workers']:.1f} s "
                  f"(extraction {cpu['extraction']:.1f} s, fitting batches {cpu['arrow_batches']:.1f} s); "
                  f"{summary['gb_html_per_cpu_hour']:.1f} GB of HTML per CPU-hour", flush=True)
    print()
    for master, summaries in results.items():
        rate = statistics.median(s["gb_html_per_cpu_hour"] for s in summaries)
        seconds = statistics.median(s["seconds"] for s in summaries)
        gb = summaries[0]["bytes"] / 1e9
        print(f"{master}: median {rate:.1f} GB of HTML per task CPU-hour; median job {seconds:.1f} s, "
              f"{gb / seconds * 3600:.0f} GB of HTML per wall-clock hour")
    one = statistics.median(s["seconds"] for s in results["local[1]"])
    two = statistics.median(s["seconds"] for s in results["local[2]"])
    print(f"local[2] over local[1] (wall clock): {one / two:.2f}x")


if __name__ == "__main__":
    main()
