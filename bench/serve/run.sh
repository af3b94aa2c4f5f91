#!/usr/bin/env bash
# Load test of `harvest serve` on loopback, with `harvest all` over the same pages as the
# baseline, measured in the same run (docs/benchmarks.md). Not part of CI. Prints the rates
# (`harvest all --jobs 2` against the server) and the CPU time per page (`harvest all --jobs 1`,
# the whole process, against the server process over the measured run).
#
#   bench/serve/run.sh [PAGES_DIR]      (default ../shared/corpus/real)
#
# Needs wrk (Debian package wrk). CONNECTIONS (64), DURATION (30s) and WRK_THREADS (1) can be
# set in the environment; the server gets the cores wrk leaves.
set -euo pipefail
cd "$(dirname "$0")/../.."
corpus="${1:-../shared/corpus/real}"
connections="${CONNECTIONS:-64}"
duration="${DURATION:-30s}"
threads="${WRK_THREADS:-1}"
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 2; }
cargo build -q --release -p harvest-cli --features serve
harvest="$PWD/target/release/harvest"
work="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
find "$corpus" -name '*.html' | sort > "$work/pages"
count="$(wc -l < "$work/pages")"
bytes="$(xargs cat < "$work/pages" | wc -c)"
echo "pages: $count ($bytes bytes) from $corpus"

# The baseline: the command over the same pages ten times, as one batch on 2 cores; best of 5.
for _ in $(seq 10); do cat "$work/pages"; done > "$work/pages10"
best=""
for _ in 1 2 3 4 5; do
  start="$(date +%s.%N)"
  xargs "$harvest" all --jobs 2 -o /dev/null < "$work/pages10" 2>/dev/null
  elapsed="$(echo "$(date +%s.%N) - $start" | bc -l)"
  if [ -z "$best" ] || [ "$(echo "$elapsed < $best" | bc -l)" = 1 ]; then best="$elapsed"; fi
done
baseline="$(echo "10 * $count / $best" | bc -l)"
printf 'harvest all --jobs 2: %.3f s for the pages ten times, %.1f pages/s\n' "$best" "$baseline"

# CPU per page of the command: `harvest all --jobs 1` over the pages ten times, the whole
# process's user + system time (its rusage, as its parent waits for it), best of 3.
command_cpu="$(python3 - "$harvest" "$work/pages10" <<'EOF'
import resource, subprocess, sys
binary, pages = sys.argv[1], open(sys.argv[2]).read().split()
best = None
for _ in range(3):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([binary, "all", "--jobs", "1", "-o", "/dev/null", *pages], stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    best = cpu if best is None else min(best, cpu)
print(f"{best * 1000 / len(pages):.4f}")
EOF
)"
printf 'harvest all --jobs 1: %.3f ms of CPU per page (user + system, best of 3)\n' "$command_cpu"

rss() { awk '/^VmRSS:/ {print $2}' "/proc/$server/status"; }
"$harvest" serve --listen 127.0.0.1:0 2> "$work/log" &
server=$!
for _ in $(seq 50); do grep -q listening "$work/log" 2>/dev/null && break; sleep 0.1; done
url="$(sed -n 's/.*listening on \(http:[^ ]*\)\/ .*/\1/p' "$work/log" | head -1)"
echo "server: $url, RSS at start $(rss) KiB"
# Warm-up, then the measured run.
wrk -t"$threads" -c"$connections" -d5s -s bench/serve/post_pages.lua "$url" -- "$work/pages" > /dev/null
echo "RSS after a 5 s warm-up: $(rss) KiB"
# The server's CPU time (utime + stime of all its threads, /proc/PID/stat) and the requests it
# answered (its access log) around the measured run.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
answered() { grep -c '"POST /v1/all" 200' "$work/log" || true; }
ticks_before="$(cpu_ticks)"; answered_before="$(answered)"
wrk -t"$threads" -c"$connections" -d"$duration" --latency -s bench/serve/post_pages.lua "$url" -- "$work/pages" \
  | tee "$work/wrk"
ticks_after="$(cpu_ticks)"; answered_after="$(answered)"
echo "RSS at the end: $(rss) KiB"
rate="$(sed -n 's/^requests\/s \(.*\)$/\1/p' "$work/wrk")"
printf 'server / command: %.2f\n' "$(echo "$rate / $baseline" | bc -l)"
echo "access-log lines: $(grep -c '"POST /v1/all" 200' "$work/log"), non-200: $(grep '"POST /v1/all"' "$work/log" | grep -vc '" 200 ' || true)"
server_cpu="$(echo "($ticks_after - $ticks_before) * 1000 / $(getconf CLK_TCK) / ($answered_after - $answered_before)" | bc -l)"
printf 'server: %.3f ms of CPU per page (%d requests answered in the measured run)\n' \
  "$server_cpu" "$((answered_after - answered_before))"
printf 'CPU per page, server / command: %.3f\n' "$(echo "$server_cpu / $command_cpu" | bc -l)"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
