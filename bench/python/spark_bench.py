"""The Spark job's throughput in local mode: archives built from the corpus (every page,
REPEAT times over, spread over ARCHIVES gzipped archives), extracted with local[1] and
local[2], alternating, RUNS times each; the job's own summary gives seconds and GB of HTML per
CPU-hour (JVM start-up excluded: timing starts once the Spark session is up).

    python spark_bench.py CORPUS_DIR WORK_DIR [--repeat 8] [--archives 8] [--runs 2]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
from io import BytesIO
from pathlib import Path

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

JOB = Path(__file__).resolve().parents[2] / "examples" / "spark" / "extract_warc.py"


def build(corpus, work, repeat, archives):
    pages = sorted(Path(corpus).rglob("*.html"))
    writers = []
    for index in range(archives):
        handle = open(work / f"corpus-{index}.warc.gz", "wb")
        writers.append((handle, WARCWriter(handle, gzip=True)))
    n = 0
    for round_ in range(repeat):
        for page in pages:
            _, writer = writers[n % archives]
            headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
            url = f"https://bench.example/{round_}/{page.relative_to(corpus)}"
            writer.write_record(writer.create_warc_record(url, "response", payload=BytesIO(page.read_bytes()), http_headers=headers))
            n += 1
    for handle, _ in writers:
        handle.close()
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
    parser.add_argument("--repeat", type=int, default=8)
    parser.add_argument("--archives", type=int, default=8)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    archives = build(Path(args.corpus), work, args.repeat, args.archives)
    results = {"local[1]": [], "local[2]": []}
    for _ in range(args.runs):
        for master in results:
            results[master].append(run(archives, work, master))
    for master, summaries in results.items():
        seconds = statistics.median(s["seconds"] for s in summaries)
        rate = statistics.median(s["gb_html_per_cpu_hour"] for s in summaries)
        print(f"{master}: {summaries[0]['pages']} pages, {summaries[0]['bytes'] / 1e6:.0f} MB of HTML, "
              f"median {seconds:.1f} s, {rate:.1f} GB of HTML per CPU-hour ({[s['seconds'] for s in summaries]})")
    one = statistics.median(s["seconds"] for s in results["local[1]"])
    two = statistics.median(s["seconds"] for s in results["local[2]"])
    print(f"local[2] over local[1]: {one / two:.2f}x")


if __name__ == "__main__":
    main()
