#!/usr/bin/env bash
# The Python measurements of docs/benchmarks.md, reproducible:
#
#   bench/python/run.sh [CORPUS_DIR] [--rounds N] [--sample K]
#
# 1. harvest_html against extruct 0.18 and mf2py 2.0 in one process (bench.py);
# 2. the binding's own cost: Python extract over synthetic/pages against `harvest all --jobs 1`,
#    whole processes (binding_cost.py);
# 3. the Spark job in local mode: GB of HTML per CPU-hour, local[2] over local[1]
#    (spark_bench.py, on 1 GB of HTML it generates in $CACHE/spark, never in the repository;
#    needs a Java runtime).
#
# Everything is installed into $HARVEST_PEERS_CACHE/python-bench (default
# ~/.cache/harvest-peers/python-bench): the peers pinned as bench/peers/python/requirements.txt,
# pyspark/warcio/pyarrow as examples/spark/requirements.txt, and a RELEASE wheel of harvest_html
# built with maturin. The harvest binary is built with `cargo build --release -p harvest-cli`.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
CORPUS="$REPO/../shared/corpus"
ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds|--sample) ARGS+=("$1" "$2"); shift 2 ;;
    *) CORPUS="$1"; shift ;;
  esac
done
CORPUS=$(cd "$CORPUS" && pwd)
CACHE="${HARVEST_PEERS_CACHE:-$HOME/.cache/harvest-peers}/python-bench"
mkdir -p "$CACHE"
python3 -m venv "$CACHE/venv"
PY="$CACHE/venv/bin/python"
"$PY" -m pip install -q --disable-pip-version-check -r "$REPO/bench/peers/python/requirements.txt" \
  -r "$REPO/examples/spark/requirements.txt" -r "$REPO/crates/python/requirements-test.txt"
rm -rf "$CACHE/wheels"
"$CACHE/venv/bin/maturin" build -q --release -m "$REPO/crates/python/Cargo.toml" -o "$CACHE/wheels"
"$PY" -m pip install -q --force-reinstall --no-deps "$CACHE"/wheels/*.whl
cargo build -q --release -p harvest-cli --manifest-path "$REPO/Cargo.toml"

echo "== harvest_html against extruct and mf2py (one process)"
"$PY" "$HERE/bench.py" "$CORPUS" "${ARGS[@]}"
echo
echo "== the binding's own cost (whole processes)"
"$PY" "$HERE/binding_cost.py" "$CORPUS/synthetic/pages" "$REPO/target/release/harvest"
echo
echo "== the Spark job in local mode"
"$PY" "$HERE/spark_bench.py" "$CORPUS" "$CACHE/spark"
