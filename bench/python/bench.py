"""Times harvest_html against extruct and mf2py in one Python process, on the same pages.

    python bench.py CORPUS_DIR [--rounds N] [--sample K] [--clock wall|cpu] [--pairs shared,extract,mf2,microdata]

Pages: every .html below CORPUS_DIR/real and CORPUS_DIR/synthetic except the biggest file
(the 10 MB page, timed by harvest's own benchmarks); --sample K keeps every K-th synthetic page
(default 1: all), so that the slow peers finish in minutes. Every page is read into memory
first; each tool's loop over the pages is timed, tools alternating within a round, and the
fastest of N rounds (default 3) is kept. --clock cpu times the process's CPU time instead of
the wall clock (every tool runs on the calling thread): the figure to use on a busy machine.
--pairs runs only the pairs named. Only the call is timed: each tool returns Python
objects (dicts and lists), which is what a caller gets.

Pairs (harvest_html first, its peer second):
  shared     harvest_html.extract(raw, url, SHARED)        extruct.extract(raw, base_url=url, syntaxes=SHARED)
  extract    harvest_html.extract(raw, url)                extruct.extract(raw, base_url=url)
  mf2        harvest_html.mf2(text, url)                   mf2py.parse(doc=text, url=url)
  microdata  harvest_html.microdata(raw, url)              extruct.extract(raw, base_url=url, syntaxes=['microdata'])
SHARED is every syntax both extract: microdata, json-ld, opengraph, microformat, dublincore,
rdfa (extruct's six defaults). `extract` is each tool's default: harvest's seven syntaxes
(SHARED and the links), extruct's six.
Prints a Markdown table with MB/s and the speed ratio of each pair.
"""

import argparse
import importlib.metadata
import os
import sys
import time
import warnings


def load(corpus, sample):
    files = []
    for root, _, names in os.walk(corpus, followlinks=True):
        files += [os.path.join(root, n) for n in names if n.endswith((".html", ".htm"))]
    files.sort()
    biggest = max(files, key=os.path.getsize)
    files = [f for f in files if f != biggest]
    synthetic = [f for f in files if "/synthetic/" in f][::sample]
    real = [f for f in files if "/synthetic/" not in f]
    pages = []
    for path in real + synthetic:
        with open(path, "rb") as handle:
            raw = handle.read()
        url = "https://bench.example/" + os.path.relpath(path, corpus).replace(os.sep, "/")
        pages.append((url, raw, raw.decode("utf-8", "replace")))
    return pages


def tools():
    import extruct
    import harvest_html
    import mf2py

    shared = ["microdata", "json-ld", "opengraph", "microformat", "dublincore", "rdfa"]
    return {
        "harvest_html.extract (shared syntaxes)": lambda url, raw, text: harvest_html.extract(raw, url, shared),
        "extruct.extract (shared syntaxes)": lambda url, raw, text: extruct.extract(raw, base_url=url, syntaxes=shared),
        "harvest_html.extract": lambda url, raw, text: harvest_html.extract(raw, url),
        "extruct.extract (all syntaxes)": lambda url, raw, text: extruct.extract(raw, base_url=url),
        "harvest_html.mf2": lambda url, raw, text: harvest_html.mf2(text, url),
        "mf2py.parse": lambda url, raw, text: mf2py.parse(doc=text, url=url),
        "harvest_html.microdata": lambda url, raw, text: harvest_html.microdata(raw, url),
        "extruct.extract (microdata)": lambda url, raw, text: extruct.extract(raw, base_url=url, syntaxes=["microdata"]),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sample", type=int, default=1)
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall")
    parser.add_argument("--pairs", default="shared,extract,mf2,microdata")
    args = parser.parse_args()
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    warnings.simplefilter("ignore")
    pages = load(args.corpus, args.sample)
    megabytes = sum(len(raw) for _, raw, _ in pages) / 1e6
    everything = tools()
    names = list(everything)
    pairs = dict(zip(["shared", "extract", "mf2", "microdata"], zip(names[::2], names[1::2])))
    timed = {name: everything[name] for pair in args.pairs.split(",") for name in pairs[pair.strip()]}
    best = {name: float("inf") for name in timed}
    failures = {name: 0 for name in timed}
    for _ in range(args.rounds):
        for name, run in timed.items():
            failures[name] = 0
            started = clock()
            for url, raw, text in pages:
                try:
                    run(url, raw, text)
                except Exception:
                    failures[name] += 1
            best[name] = min(best[name], clock() - started)
    versions = {p: importlib.metadata.version(p) for p in ("harvest-html", "extruct", "mf2py")}
    print(f"{len(pages)} pages, {megabytes:.1f} MB, fastest of {args.rounds} rounds ({args.clock} clock); {versions}; Python {sys.version.split()[0]}")
    print()
    print("| tool | seconds | MB/s | failed pages |")
    print("|---|---:|---:|---:|")
    for name in timed:
        print(f"| {name} | {best[name]:.2f} | {megabytes / best[name]:.2f} | {failures[name]} |")
    print()
    names = list(timed)
    for ours, peer in zip(names[::2], names[1::2]):
        print(f"- {ours} is {best[peer] / best[ours]:.1f}x {peer}")


if __name__ == "__main__":
    main()
