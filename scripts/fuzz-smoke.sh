#!/usr/bin/env bash
# Fuzz smoke run (CI): builds every cargo-fuzz target of fuzz/ once, then runs each on every
# seed and a thousand executions in all, starting from the seed pages (fuzz/seed.sh: the
# official microformats suite's HTML when present, the microdata fixtures, the committed
# regression inputs), so the targets and their invariants never rot. A crash, a broken invariant, a timeout or a leak
# fails the script. Long runs: see fuzz/README.md.
#
# Environment: FUZZ_RUNS (executions per target, seeds included, default 1000), FUZZ_MAX_SECONDS
# (cap per target in seconds, default 15).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

runs="${FUZZ_RUNS:-1000}"
max_seconds="${FUZZ_MAX_SECONDS:-15}"

if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi

# libFuzzer needs nightly compiler flags: a nightly toolchain when there is one, else the
# stable compiler with RUSTC_BOOTSTRAP=1.
if cargo +nightly --version >/dev/null 2>&1; then
  fuzz=(cargo +nightly fuzz)
else
  export RUSTC_BOOTSTRAP=1
  fuzz=(cargo fuzz)
fi

mapfile -t targets < <("${fuzz[@]}" list)
echo "== fuzz targets: ${targets[*]}"

echo "== building"
"${fuzz[@]}" build -O

./seed.sh "${targets[@]}"

log_dir="$(mktemp -d)"
trap 'rm -rf "$log_dir"' EXIT
for target in "${targets[@]}"; do
  echo "== $target: $runs runs"
  log="$log_dir/$target.log"
  inputs=("corpus/$target")
  if [ -d "regressions/$target" ] && [ -n "$(ls -A "regressions/$target")" ]; then
    # Each committed crashing input, once, before the run.
    if ! "${fuzz[@]}" run -O "$target" regressions/"$target"/* -- -timeout=20 -rss_limit_mb=2048 >"$log" 2>&1; then
      tail -n 60 "$log" >&2
      echo "fuzz target $target fails on a committed regression input (fuzz/regressions/$target/)" >&2
      exit 1
    fi
  fi
  if ! "${fuzz[@]}" run -O "$target" "${inputs[@]}" -- \
    -dict=html.dict -runs="$runs" -max_total_time="$max_seconds" -max_len=16384 \
    -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1; then
    tail -n 60 "$log" >&2
    echo "fuzz target $target failed; the input is under fuzz/artifacts/$target/" >&2
    exit 1
  fi
  grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::number_of_executed_units' "$log" | cut -c1-100
done
echo "== fuzz smoke run passed (${#targets[@]} targets)"
