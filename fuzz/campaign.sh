#!/usr/bin/env bash
# Long fuzz runs: each target in turn for SECONDS (default 600), from its corpus under
# fuzz/corpus/TARGET/ (seeded by seed.sh), with the dictionary. Logs go to LOG_DIR (default
# fuzz/logs/, git-ignored) as TARGET.log; at the end a Markdown table gives, per target, the
# executions, the seconds, libFuzzer's coverage (`cov`: edges, `ft`: features) after the seeds
# and at the end, the corpus size, the peak RSS and whether the run failed.
#
# Usage: fuzz/campaign.sh [SECONDS [TARGET...]]   (default: every target)
# MAX_LEN (default 131072) bounds an input: large enough for most real seed pages.
# A crash or broken invariant leaves its input in fuzz/artifacts/TARGET/ and marks the row.
set -uo pipefail
cd "$(dirname "$0")"

seconds="${1:-600}"
shift || true
log_dir="${LOG_DIR:-logs}"
mkdir -p "$log_dir"

if cargo +nightly --version >/dev/null 2>&1; then
  fuzz=(cargo +nightly fuzz)
else
  export RUSTC_BOOTSTRAP=1
  fuzz=(cargo fuzz)
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <("${fuzz[@]}" list)
fi

./seed.sh "${targets[@]}" >/dev/null

for target in "${targets[@]}"; do
  log="$log_dir/$target.log"
  echo "== $target: ${seconds}s (log: $log)"
  "${fuzz[@]}" run -O "$target" "corpus/$target" -- -dict=html.dict -max_total_time="$seconds" \
    -max_len="${MAX_LEN:-131072}" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1
  echo "exit status $?" >>"$log"
done

# One row per log: executions, seconds, cov/ft after the seeds and at the end, corpus, RSS.
row() { # TARGET LOG
  local log="$2" inited done_ runs secs rss status
  inited=$(grep -m1 'INITED' "$log" | grep -o 'cov: [0-9]* ft: [0-9]*' | sed 's/cov: //; s/ ft: /\//')
  done_=$(grep 'DONE' "$log" | grep -o 'cov: [0-9]* ft: [0-9]* corp: [0-9]*' | sed 's/cov: //; s/ ft: /\//; s/ corp: / | /')
  runs=$(grep -o '^stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  secs=$(grep -o '^Done [0-9]* runs in [0-9]* second' "$log" | grep -o 'in [0-9]*' | grep -o '[0-9]*')
  rss=$(grep -o '^stat::peak_rss_mb: *[0-9]*' "$log" | grep -o '[0-9]*$')
  if grep -q '^exit status 0$' "$log"; then status=ok; else status="FAILED (see $log)"; fi
  echo "| \`$1\` | ${runs:-?} | ${secs:-?} | ${inited:-?} | ${done_:-? | ?} | ${rss:-?} | $status |"
}
echo
echo "| target | executions | seconds | cov/ft after seeds | cov/ft at end | corpus | peak RSS MB | result |"
echo "|---|---:|---:|---|---|---:|---:|---|"
for target in "${targets[@]}"; do
  row "$target" "$log_dir/$target.log"
done
