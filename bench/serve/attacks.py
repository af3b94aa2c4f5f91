#!/usr/bin/env python3
"""Issue 26's and issue 43's attacks on `harvest serve` while a well-behaved client works, on
loopback. Not part of CI.

    bench/serve/attacks.py [HARVEST_BINARY] [SECONDS] [SERVER FLAGS...]
                                          (default target/release/harvest, 30)

The well-behaved client (127.0.0.1) POSTs a real page to /v1/mf2 in a loop, first alone (the
quiet p99), then while attackers on other loopback addresses (127.0.0.2-127.0.0.9, so that
per-client bounds tell them apart) run, all at once for SECONDS:

* the selector crash: GET /v1/mf2?url=…&root_selector=:not( x 900 …;
* nested h-cards (a 4.9 MB page) with ?pretty, four at a time;
* <div> x 2,000,000 (10 MB), two at a time, past --timeout;
* 260 sockets trickling a body, one byte every 4 s;
* 4,096 idle sockets from one address, reopened as they are closed;

and issue 43's (not in the default set; name them in ATTACKS):

* sourcepaths: `<div class=h-entry>` + `<div class="p-x u-z h-card">` x 3,000 (84 KB) to
  /v1/mf2?source_paths, four at a time;
* fetchmem: 64 fetches at once (?url=) of a 9.9 MB page this script serves on 127.0.0.1
  (the server is then started with --allow-address 127.0.0.1/32 and that port);
* forms: 10 MB of `html=x&a&a...` as a form, two at a time;
* idle17: 1,100 idle sockets from 17 addresses (127.0.0.20-36, 65 each), reopened as they
  are closed (run with the public instance's --max-connections 1024
  --max-connections-per-client 64 to see them fill the bound).

ATTACKS=selector,hcards,divs,trickle,idle (the default: issue 26's) runs only the attacks
named, to find which one costs the well-behaved client what.

The attackers run in a process of their own, as clients elsewhere on the network would: as
threads of the well-behaved client's own interpreter (as this script first ran them), they
took its GIL, and the client's p99 measured Python's thread switching (5 ms at a time) as much
as the server.

Prints the well-behaved client's p50/p99 and errors in both phases, whether the server
survived, and its peak resident memory (sampled every 100 ms). The well-behaved client's
requests carry ids (X-Request-Id), and the server's JSON access log says how long each took
inside the server: the difference from the client's own measure is time spent outside the
server (on a machine with few cores, mostly the attackers' own processes taking the CPU).
"""

import glob
import json
import multiprocessing
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

PAGE_PORT = 0  # fetchmem's page server
BINARY = sys.argv[1] if len(sys.argv) > 1 else "target/release/harvest"
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 30.0
FLAGS = ["--timeout", "5", "--workers", "3", "--access-log", "json"] + sys.argv[3:]
ATTACKS = os.environ.get("ATTACKS", "selector,hcards,divs,trickle,idle").split(",")
# The 9.9 MB page of the fetchmem attack, served by this script on 127.0.0.1.
FLAT_PAGE = b"<a href=/x>x</a>" * 620_000
HERE = os.path.dirname(os.path.abspath(__file__))
# The benchmark corpus: HARVEST_CORPUS, else shared/corpus beside the checkout (as the tests).
CORPUS = os.environ.get("HARVEST_CORPUS", os.path.join(HERE, "../../../shared/corpus"))
PAGE = open(sorted(glob.glob(os.path.join(CORPUS, "real/*.html")))[0], "rb").read()
stop = threading.Event()
server_ms = {}  # request id -> milliseconds inside the server, from the access log


def page_server():
    """Serves FLAT_PAGE to every GET on a free port of 127.0.0.1; returns the port."""
    import http.server

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(FLAT_PAGE)))
            self.end_headers()
            self.wfile.write(FLAT_PAGE)

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd.server_address[1]


def start():
    flags = list(FLAGS)
    if "fetchmem" in ATTACKS:
        global PAGE_PORT
        PAGE_PORT = page_server()
        flags += ["--allow-address", "127.0.0.1/32", "--fetch-port", str(PAGE_PORT), "--fetch-cache", "0"]
    server = subprocess.Popen([BINARY, "serve", "--listen", "127.0.0.1:0", *flags], stderr=subprocess.PIPE, text=True)
    port = int(re.search(r"127\.0\.0\.1:(\d+)", server.stderr.readline()).group(1))

    def drain():
        for line in server.stderr:
            if line.startswith("{") and '"good-' in line:
                entry = json.loads(line)
                server_ms[entry["request_id"]] = entry["ms"]

    threading.Thread(target=drain, daemon=True).start()
    return server, port


def rss_mib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            return int(next(line for line in status if line.startswith("VmRSS:")).split()[1]) / 1024
    except OSError:
        return 0.0


def connect(port, source="127.0.0.1", timeout=60):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    return s


def exchange(port, head, body=b"", source="127.0.0.1", timeout=60):
    """Sends a request, reads the answer to its end; the status (0: no answer). Only the
    answer's first bytes are kept: an attacker reading 64 MB answers spends no CPU on them
    beyond the reading (collecting them whole took the benchmark's client more CPU than the
    server)."""
    try:
        with connect(port, source, timeout) as s:
            s.sendall(head + body)
            first = b""
            while chunk := s.recv(1 << 16):
                if len(first) < 16:
                    first += chunk[:16]
        return int(first.split(b" ", 2)[1]) if first.startswith(b"HTTP/1.1 ") else 0
    except OSError:
        return 0


def post(path, body, host="127.0.0.1", extra=""):
    return (f"POST {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Type: text/html\r\n"
            f"{extra}Content-Length: {len(body)}\r\n\r\n").encode()


def well_behaved(port, seconds, phase):
    latencies, errors, ids = [], 0, []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.perf_counter()
        ids.append(f"good-{phase}-{len(ids)}")
        status = exchange(port, post("/v1/mf2", PAGE, extra=f"X-Request-Id: {ids[-1]}\r\n"), PAGE)
        latencies.append((time.perf_counter() - started) * 1000)
        errors += status != 200
    latencies.sort()
    time.sleep(0.5)  # the last access-log lines
    inside = sorted(server_ms[i] for i in ids if i in server_ms)
    return latencies, errors, inside


def percentile(values, q):
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def summary(latencies, errors, inside):
    p = lambda q: percentile(latencies, q)
    s = lambda q: percentile(inside, q)
    return (f"{len(latencies)} requests, p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, {errors} errors; "
            f"inside the server p50 {s(0.5):.1f} ms, p99 {s(0.99):.1f} ms")


def closed(s):
    """Whether the server closed an idle socket (it reads as the end of the stream)."""
    try:
        s.setblocking(False)
        return s.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        if s.fileno() != -1:
            s.setblocking(True)


def repeat(work):
    def loop():
        while not stop.is_set():
            work()
    return loop


def attacks(port):
    selector = urllib.parse.quote(":not(" * 900 + "a" + ")" * 900, safe="")
    crash = f"GET /v1/mf2?url=http://example.invalid/&root_selector={selector} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode()
    unit = "<div class=h-card><p class=p-name>Ada</p><a class=u-url href=/a>a</a>" * 400 + "</div>" * 400
    hcards = (unit * 163).encode()  # 4.9 MB
    divs = b"<div>" * 2_000_000
    workers = {}
    workers["selector"] = [repeat(lambda: exchange(port, crash, source="127.0.0.2"))]
    workers["hcards"] = [repeat(lambda: exchange(port, post("/v1/mf2?pretty", hcards), hcards, source="127.0.0.3"))] * 4
    workers["divs"] = [repeat(lambda: exchange(port, post("/v1/all", divs), divs, source="127.0.0.4"))] * 2

    def trickle(source):
        while not stop.is_set():
            try:
                with connect(port, source, timeout=60) as s:
                    s.sendall(b"POST /v1/mf2 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/html\r\nContent-Length: 100000\r\n\r\n")
                    while not stop.is_set():
                        s.sendall(b"a")
                        time.sleep(4)
            except OSError:
                pass

    workers["trickle"] = [lambda i=i: trickle(f"127.0.0.{5 + i % 2}") for i in range(260)]

    def idle():
        held = []
        while not stop.is_set():
            held = [s for s in held if s.fileno() != -1]
            while len(held) < 4096 and not stop.is_set():
                try:
                    held.append(connect(port, "127.0.0.7", timeout=5))
                except OSError:
                    break
            time.sleep(1)
        for s in held:
            s.close()

    workers["idle"] = [idle]

    # Issue 43.
    cards = b"<div class=h-entry>" + b'<div class="p-x u-z h-card">' * 3000
    workers["sourcepaths"] = [
        repeat(lambda: exchange(port, post("/v1/mf2?source_paths", cards), cards, source="127.0.0.8"))
    ] * 4
    fetch_url = urllib.parse.quote(f"http://127.0.0.1:{PAGE_PORT}/flat", safe="")
    fetch = f"GET /v1/mf2?url={fetch_url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode()
    workers["fetchmem"] = [repeat(lambda: exchange(port, fetch, source="127.0.0.9"))] * 64
    flood = b"html=x" + b"&a" * 5_000_000
    form_head = (f"POST /v1/mf2 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                 f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(flood)}\r\n\r\n").encode()
    workers["forms"] = [repeat(lambda: exchange(port, form_head, flood, source="127.0.0.10"))] * 2

    def idle_from(source, count):
        held = []
        while not stop.is_set():
            held = [s for s in held if s.fileno() != -1 and not closed(s)]
            while len(held) < count and not stop.is_set():
                try:
                    held.append(connect(port, source, timeout=5))
                except OSError:
                    break
            time.sleep(1)
        for s in held:
            s.close()

    workers["idle17"] = [lambda i=i: idle_from(f"127.0.0.{20 + i}", 65) for i in range(17)]
    return [threading.Thread(target=work, daemon=True) for name in ATTACKS for work in workers[name]]


def attacker(port, page_port, done):
    """The attackers' process: runs every attack until `done` is set."""
    global PAGE_PORT
    PAGE_PORT = page_port
    for thread in attacks(port):
        thread.start()
    done.wait()
    stop.set()
    time.sleep(1)  # the idle sockets closed


def main():
    server, port = start()
    peak = [0.0]

    body_memory = [0]

    def sample():
        while server.poll() is None and not stop.is_set():
            peak[0] = max(peak[0], rss_mib(server.pid))
            time.sleep(0.1)

    def readiness():
        # What /readyz says the bodies and fetched pages hold (every 250 ms).
        while server.poll() is None and not stop.is_set():
            try:
                with connect(port, timeout=5) as s:
                    s.sendall(b"GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    answer = b""
                    while chunk := s.recv(1 << 16):
                        answer += chunk
                used = json.loads(answer.split(b"\r\n\r\n", 1)[1]).get("body_memory_used", 0)
                body_memory[0] = max(body_memory[0], used)
            except (OSError, ValueError, IndexError):
                pass
            time.sleep(0.25)

    threading.Thread(target=readiness, daemon=True).start()

    threading.Thread(target=sample, daemon=True).start()
    print(f"server {' '.join(FLAGS)}; page {len(PAGE)} bytes; RSS at start {rss_mib(server.pid):.1f} MiB")
    print(f"attacks: {','.join(ATTACKS)}; load average {' '.join(open('/proc/loadavg').read().split()[:3])}")
    print(f"quiet:  {summary(*well_behaved(port, 10, 'quiet'))}")
    context = multiprocessing.get_context("spawn")
    done = context.Event()
    attackers = context.Process(target=attacker, args=(port, PAGE_PORT, done), daemon=True)
    attackers.start()
    time.sleep(2)
    under = well_behaved(port, SECONDS, "attack")
    print(f"attack: {summary(*under)}")
    print(f"load average {' '.join(open('/proc/loadavg').read().split()[:3])}")
    done.set()
    attackers.join(timeout=10)
    if attackers.is_alive():
        attackers.terminate()
    stop.set()
    alive = server.poll() is None
    print(f"server alive after the attacks: {alive}; peak RSS {peak[0]:.1f} MiB; "
          f"/readyz body_memory_used at most {body_memory[0] / 2**20:.1f} MiB")
    server.terminate()
    server.wait(timeout=30)


if __name__ == "__main__":
    main()
