"""Times a Python peer over every .html page below a directory (see ../run.sh).

    python peers.py PEER DIR [--rounds N]

PEER is one of:
  mf2py              mf2py.parse(doc=text, url=...) with its default HTML parser, then json.dumps
  extruct-microdata  extruct.extract(raw bytes, syntaxes=['microdata']), then json.dumps
  extruct-all        extruct.extract(raw bytes) with its default syntaxes, then json.dumps

Every page is read into memory first (raw bytes, and the text decoded as UTF-8); only the
loop over the pages is timed. The base URL of a page is https://bench.example/<relative path>,
as harvest-bench uses. A page that raises counts as a failure and the loop goes on. Prints the
fastest of --rounds rounds (default 3).
"""

import argparse
import importlib.metadata
import json
import os
import sys
import time
import warnings


def load(directory):
    files = []
    for root, dirs, names in os.walk(directory, followlinks=True):
        for name in names:
            if name.endswith((".html", ".htm")):
                files.append(os.path.join(root, name))
    files.sort()
    pages = []
    for path in files:
        with open(path, "rb") as handle:
            raw = handle.read()
        relative = os.path.relpath(path, directory).replace(os.sep, "/")
        pages.append(("https://bench.example/" + relative, raw, raw.decode("utf-8", "replace")))
    return pages


def mf2py_peer():
    import mf2py

    def run(url, raw, text):
        return json.dumps(mf2py.parse(doc=text, url=url))

    return "mf2py", run


def extruct_peer(syntaxes):
    import extruct

    def run(url, raw, text):
        if syntaxes is None:
            data = extruct.extract(raw, base_url=url)
        else:
            data = extruct.extract(raw, base_url=url, syntaxes=syntaxes)
        return json.dumps(data, default=str)

    return "extruct", run


PEERS = {
    "mf2py": mf2py_peer,
    "extruct-microdata": lambda: extruct_peer(["microdata"]),
    "extruct-all": lambda: extruct_peer(None),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("peer", choices=sorted(PEERS))
    parser.add_argument("dir")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    pages = load(args.dir)
    if not pages:
        sys.exit("peers.py: no .html pages below " + args.dir)
    total = sum(len(raw) for _, raw, _ in pages)
    distribution, run = PEERS[args.peer]()
    version = importlib.metadata.version(distribution)
    # Peers warn about things on real pages; the warnings would only flood the output.
    warnings.simplefilter("ignore")

    best = float("inf")
    failures = 0
    json_bytes = 0
    errors = {}
    for _ in range(max(args.rounds, 1)):
        failures = 0
        json_bytes = 0
        started = time.perf_counter()
        for url, raw, text in pages:
            try:
                json_bytes += len(run(url, raw, text))
            except Exception as error:  # a failing page is counted, not fatal
                failures += 1
                errors.setdefault(type(error).__name__, url)
        best = min(best, time.perf_counter() - started)

    mbps = total / 1e6 / best
    print(
        f"{args.peer} ({distribution} {version}): {len(pages)} pages, {total} bytes, fastest of "
        f"{args.rounds} rounds {best:.3f} s, {mbps:.2f} MB/s, {failures} failures, {json_bytes} bytes of JSON"
    )
    for name, url in errors.items():
        print(f"  failure {name}, first on {url}")
    print(f"RESULT pages={len(pages)} bytes={total} seconds={best:.6f} mbps={mbps:.4f} failures={failures}")


if __name__ == "__main__":
    main()
