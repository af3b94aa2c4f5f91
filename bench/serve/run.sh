#!/usr/bin/env bash
# Load test of `harvest serve` on loopback, with `harvest all --jobs 2` over the same pages as
# the baseline, measured in the same run (docs/benchmarks.md). Not part of CI.
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

rss() { awk '/^VmRSS:/ {print $2}' "/proc/$server/status"; }
"$harvest" serve --listen 127.0.0.1:0 2> "$work/log" &
server=$!
for _ in $(seq 50); do grep -q listening "$work/log" 2>/dev/null && break; sleep 0.1; done
url="$(sed -n 's/.*listening on \(http:[^ ]*\)\/ .*/\1/p' "$work/log" | head -1)"
echo "server: $url, RSS at start $(rss) KiB"
# Warm-up, then the measured run.
wrk -t"$threads" -c"$connections" -d5s -s bench/serve/post_pages.lua "$url" -- "$work/pages" > /dev/null
echo "RSS after a 5 s warm-up: $(rss) KiB"
wrk -t"$threads" -c"$connections" -d"$duration" --latency -s bench/serve/post_pages.lua "$url" -- "$work/pages" \
  | tee "$work/wrk"
echo "RSS at the end: $(rss) KiB"
rate="$(sed -n 's/^requests\/s \(.*\)$/\1/p' "$work/wrk")"
printf 'server / command: %.2f\n' "$(echo "$rate / $baseline" | bc -l)"
echo "access-log lines: $(grep -c '"POST /v1/all" 200' "$work/log"), non-200: $(grep '"POST /v1/all"' "$work/log" | grep -vc '" 200 ' || true)"
