#!/usr/bin/env python3
"""`harvest serve` under abuse, on loopback (docs/benchmarks.md). Not part of CI.

    bench/serve/abuse.py [HARVEST_BINARY]    (default target/release/harvest)

Starts a server (--max-body 10M, --timeout 30) and measures: a declared 1 GB body, a 1 GB
chunked body, a body sent one byte per second, 1,000 idle connections; meanwhile /healthz's
latency and the server's resident memory.
"""

import re
import socket
import subprocess
import sys
import threading
import time

BINARY = sys.argv[1] if len(sys.argv) > 1 else "target/release/harvest"


def start():
    server = subprocess.Popen([BINARY, "serve", "--listen", "127.0.0.1:0"], stderr=subprocess.PIPE, text=True)
    port = int(re.search(r"127\.0\.0\.1:(\d+)", server.stderr.readline()).group(1))
    threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()
    return server, port


def rss_mib(server):
    with open(f"/proc/{server.pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS:")).split()[1]) / 1024


def health_ms(port):
    start = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := s.recv(4096):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200"), answer
    return (time.perf_counter() - start) * 1000


def health_while(port, busy):
    """Worst /healthz latency while busy() runs in a thread."""
    worst = 0.0
    thread = threading.Thread(target=busy)
    thread.start()
    while thread.is_alive():
        worst = max(worst, health_ms(port))
        time.sleep(0.05)
    thread.join()
    return worst


def declared_gigabyte(port, out):
    start = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(b"POST /v1/all HTTP/1.1\r\nHost: x\r\nContent-Type: text/html\r\nContent-Length: 1073741824\r\n\r\n")
        answer = s.recv(4096)
    out["declared"] = (answer.split(b"\r\n")[0].decode(), (time.perf_counter() - start) * 1000)


def chunked_gigabyte(port, out):
    start = time.perf_counter()
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(b"POST /v1/all HTTP/1.1\r\nHost: x\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n")
    chunk = b"%x\r\n" % 65536 + b"a" * 65536 + b"\r\n"
    answers = []
    reader = threading.Thread(target=lambda: answers.append(s.recv(4096)))
    reader.start()
    sent = 0
    try:
        while sent < 1 << 30:
            s.sendall(chunk)
            sent += 65536
    except OSError:
        pass
    reader.join()
    s.close()
    status = answers[0].split(b"\r\n")[0].decode() if answers and answers[0] else "(closed)"
    out["chunked"] = (status, sent / 2**20, (time.perf_counter() - start) * 1000)


def slow_body(port, out, seconds=40):
    start = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(b"POST /v1/mf2 HTTP/1.1\r\nHost: x\r\nContent-Type: text/html\r\nContent-Length: 1000\r\n\r\n")
        try:
            for _ in range(seconds):
                s.sendall(b"a")
                time.sleep(1)
        except OSError:
            pass
        answer = s.recv(4096)
    out["slow"] = (answer.split(b"\r\n")[0].decode(), time.perf_counter() - start)


def main():
    server, port = start()
    out = {}
    print(f"RSS at start: {rss_mib(server):.1f} MiB; /healthz idle: {min(health_ms(port) for _ in range(20)):.2f} ms")
    worst = health_while(port, lambda: declared_gigabyte(port, out))
    print(f"declared 1 GB body: {out['declared'][0]} after {out['declared'][1]:.1f} ms; /healthz worst {worst:.1f} ms")
    worst = health_while(port, lambda: chunked_gigabyte(port, out))
    status, mib, ms = out["chunked"]
    print(f"chunked 1 GB body: {status}, the client sent {mib:.1f} MiB before being stopped, {ms:.0f} ms; "
          f"/healthz worst {worst:.1f} ms; RSS {rss_mib(server):.1f} MiB")
    worst = health_while(port, lambda: slow_body(port, out))
    print(f"one byte per second: {out['slow'][0]} after {out['slow'][1]:.1f} s (--timeout 30); /healthz worst {worst:.1f} ms")
    before = rss_mib(server)
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(1000)]
    time.sleep(1)
    latencies = sorted(health_ms(port) for _ in range(100))
    print(f"1,000 idle connections: /healthz p50 {latencies[50]:.2f} ms, max {latencies[-1]:.2f} ms; "
          f"RSS {before:.1f} → {rss_mib(server):.1f} MiB")
    time.sleep(11)
    alive = 0
    for s in idle:
        s.setblocking(False)
        try:
            alive += s.recv(1) != b""
        except BlockingIOError:
            alive += 1
        except OSError:
            pass
    print(f"after 11 s (header timeout 10 s): {alive} of 1,000 idle connections still open; RSS {rss_mib(server):.1f} MiB")
    for s in idle:
        s.close()
    server.terminate()
    print(f"SIGTERM: exit status {server.wait(timeout=30)}")


if __name__ == "__main__":
    main()
