#!/usr/bin/env bash
# Installs and times harvest's peers on one corpus, in one go, and prints a Markdown table.
#
#   bench/peers/run.sh [CORPUS_DIR] [--rounds N]
#
# CORPUS_DIR (default: ../shared/corpus beside the repository) holds the subfolders `real` and
# `synthetic`. The pages are timed in four subsets: `synthetic` (every page below synthetic/
# except the biggest file of the corpus), `real` (every page below real/, same exception),
# `huge` (the biggest file alone: the 10 MB page) and `all` (the whole directory).
#
# Peers, each a program that loads every page of a subset into memory first, then times only
# its loop over the pages, in one process, keeping the fastest of N rounds (default 3), and
# catching and counting per-page failures:
#   mf2py               python/peers.py mf2py              (PyPI mf2py: mf2 JSON)
#   microformats-parser node/mf2.cjs                       (npm microformats-parser: mf2 JSON)
#   microformats-rs     microformats-rs/ (its own Cargo project, release build: mf2 JSON)
#   extruct-microdata   python/peers.py extruct-microdata  (extruct, syntaxes=['microdata'])
#   extruct-all         python/peers.py extruct-all        (extruct, its default syntaxes)
# and, in the same run, harvest itself: `harvest-bench DIR --rounds N` (floor, traverse, mf2,
# microdata, links, all; built once with `cargo build --release -p harvest-bench`), so that
# every peer is reported as a ratio to harvest's parse-only floor measured on the same pages in
# the same run.
#
# Versions are pinned (python/requirements.txt, node/package-lock.json,
# microformats-rs/Cargo.lock). Everything installed goes to a cache directory outside the
# repository: $HARVEST_PEERS_CACHE, default ~/.cache/harvest-peers (a Python venv, node_modules
# and the peer crate's target dir). harvest-bench builds into $CARGO_TARGET_DIR when the caller
# sets it, else into the workspace's target/.
#
# Environment:
#   PEERS="mf2py extruct-all ..."   run only these peers (harvest always runs)
#   SUBSETS="synthetic real huge all"  run only these subsets
#   PEER_TIMEOUT=SECONDS            stop one peer's run on one subset after this long
#                                   (default 3600); its row then says "timeout"
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
CORPUS="$REPO/../shared/corpus"
ROUNDS=3
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) ROUNDS="$2"; shift 2 ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        *) CORPUS="$1"; shift ;;
    esac
done
CORPUS=$(cd "$CORPUS" && pwd)
CACHE="${HARVEST_PEERS_CACHE:-$HOME/.cache/harvest-peers}"
PEERS="${PEERS:-mf2py microformats-parser microformats-rs extruct-microdata extruct-all}"
SUBSETS="${SUBSETS:-synthetic real huge all}"
PEER_TIMEOUT="${PEER_TIMEOUT:-3600}"

for tool in python3 node npm cargo; do
    command -v "$tool" >/dev/null || { echo "run.sh: $tool is needed" >&2; exit 1; }
done
mkdir -p "$CACHE"

# ---------------------------------------------------------------- install (pinned versions)
# A stamp holding the lock file's checksum skips a reinstall when nothing changed.
stamp_ok() { [ -f "$1" ] && [ "$(cat "$1")" = "$2" ]; }

echo "== installing peers into $CACHE"
PY_SUM=$(sha256sum "$HERE/python/requirements.txt" | cut -d' ' -f1)
if ! stamp_ok "$CACHE/venv/.stamp" "$PY_SUM"; then
    rm -rf "$CACHE/venv"
    python3 -m venv "$CACHE/venv"
    "$CACHE/venv/bin/pip" install --quiet --disable-pip-version-check -r "$HERE/python/requirements.txt"
    echo "$PY_SUM" > "$CACHE/venv/.stamp"
fi
NODE_SUM=$(cat "$HERE/node/package.json" "$HERE/node/package-lock.json" | sha256sum | cut -d' ' -f1)
if ! stamp_ok "$CACHE/node/.stamp" "$NODE_SUM"; then
    rm -rf "$CACHE/node"
    mkdir -p "$CACHE/node"
    cp "$HERE/node/package.json" "$HERE/node/package-lock.json" "$CACHE/node/"
    (cd "$CACHE/node" && npm ci --no-audit --no-fund --loglevel=error)
    echo "$NODE_SUM" > "$CACHE/node/.stamp"
fi
cargo build --release --locked --quiet --manifest-path "$HERE/microformats-rs/Cargo.toml" \
    --target-dir "$CACHE/cargo-target"
PEER_RS="$CACHE/cargo-target/release/peer-microformats"
# harvest-bench is built once and a copy of the binary is run for every subset, so the whole
# run measures one build even if the working tree or the target dir changes meanwhile (this is
# `cargo run --release -p harvest-bench -- DIR --rounds N` with the build taken out).
(cd "$REPO" && cargo build --release --quiet -p harvest-bench)
TARGET_DIR=$(cd "$REPO" && cargo metadata --no-deps --format-version 1 \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
WORK=$(mktemp -d "${TMPDIR:-/tmp}/harvest-peers.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cp "$TARGET_DIR/release/harvest-bench" "$WORK/harvest-bench"

echo "== versions"
{
    echo "- harvest: $(git -C "$REPO" describe --always --dirty 2>/dev/null || echo "not a git checkout"), $(rustc --version)"
    echo "- $("$CACHE/venv/bin/python" --version): $("$CACHE/venv/bin/pip" freeze --disable-pip-version-check \
        | grep -iE '^(mf2py|extruct|html5lib|beautifulsoup4|lxml)==' | tr '\n' ' ')"
    echo "- node $(node --version): microformats-parser==$(node -p "require('$CACHE/node/node_modules/microformats-parser/package.json').version") parse5==$(node -p "require('$CACHE/node/node_modules/parse5/package.json').version")"
    echo "- microformats crate: $(grep -A1 '^name = "microformats"$' "$HERE/microformats-rs/Cargo.lock" | sed -n 's/version = "\(.*\)"/\1/p')"
} | tee "$CACHE/versions.txt"

# ---------------------------------------------------------------- subsets
BIGGEST=$(find -L "$CORPUS" -type f \( -name '*.html' -o -name '*.htm' \) -printf '%s\t%p\n' | sort -n | tail -1 | cut -f2-)
[ -n "$BIGGEST" ] || { echo "run.sh: no .html pages below $CORPUS" >&2; exit 2; }
echo "== corpus $CORPUS; the biggest page: ${BIGGEST#"$CORPUS"/} ($(stat -L -c %s "$BIGGEST") bytes)"

# A subset is a directory of symbolic links that keeps each page's path relative to the corpus,
# so every program sees the same relative names (and so the same base URLs) in every subset.
link_page() { # subset page
    local relative="${2#"$CORPUS"/}"
    mkdir -p "$WORK/$1/$(dirname "$relative")"
    ln -s "$2" "$WORK/$1/$relative"
}
subset_dir() { # subset -> directory
    case "$1" in
        all) echo "$CORPUS" ;;
        *) echo "$WORK/$1" ;;
    esac
}
for folder in synthetic real; do
    mkdir -p "$WORK/$folder"
    if [ -d "$CORPUS/$folder" ]; then
        while IFS= read -r -d '' page; do
            [ "$page" = "$BIGGEST" ] || link_page "$folder" "$page"
        done < <(find -L "$CORPUS/$folder" -type f \( -name '*.html' -o -name '*.htm' \) -print0)
    fi
done
mkdir -p "$WORK/huge"
link_page huge "$BIGGEST"

# ---------------------------------------------------------------- runs
# results.tsv: peer subset pages bytes seconds failures
RESULTS="$WORK/results.tsv"
: > "$RESULTS"
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
echo "== load average at start: $LOAD_START"

run_harvest() { # subset dir
    echo "-- harvest-bench on $1"
    local out
    out=$("$WORK/harvest-bench" "$2" --rounds "$ROUNDS")
    echo "$out"
    local pages
    pages=$(echo "$out" | sed -n '1s/^\([0-9]*\) pages.*/\1/p')
    # Bytes as the peers count them: the pages' file sizes.
    local bytes
    bytes=$(find -L "$2" -type f \( -name '*.html' -o -name '*.htm' \) -printf '%s\n' | awk '{s += $1} END {print s + 0}')
    # The first table only (header "phase seconds MB/s ..."), up to its first blank line.
    echo "$out" | awk -v subset="$1" -v pages="$pages" -v bytes="$bytes" '
        /^phase +seconds/ { inside = 1; next }
        inside && NF == 0 { exit }
        # harvest-bench prints seconds to 3 decimals and MB/s to 1: take the seconds from
        # whichever is the more precise (bytes / MB/s; the corpus pages are UTF-8, so the file
        # sizes are the decoded bytes harvest-bench counts).
        inside && $1 ~ /^(floor|traverse|mf2|microdata|links|all)$/ && $2 ~ /^[0-9.]+$/ {
            seconds = $2
            if ($3 > 0 && (seconds == 0 || 0.0005 / seconds > 0.05 / $3)) seconds = sprintf("%.6f", bytes / 1e6 / $3)
            printf "harvest %s\t%s\t%s\t%s\t%s\t\n", $1, subset, pages, bytes, seconds }' >> "$RESULTS"
}

run_peer() { # peer subset dir
    local command
    case "$1" in
        mf2py|extruct-microdata|extruct-all) command=("$CACHE/venv/bin/python" "$HERE/python/peers.py" "$1" "$3") ;;
        microformats-parser) command=(env NODE_PATH="$CACHE/node/node_modules" node "$HERE/node/mf2.cjs" "$3") ;;
        microformats-rs) command=("$PEER_RS" "$3") ;;
        *) echo "run.sh: unknown peer $1" >&2; return ;;
    esac
    echo "-- $1 on $2"
    local out status=0
    out=$(timeout "$PEER_TIMEOUT" "${command[@]}" --rounds "$ROUNDS" 2>&1) || status=$?
    echo "$out"
    local result
    result=$(echo "$out" | sed -n 's/^RESULT //p' | tail -1)
    if [ -n "$result" ]; then
        echo "$result" | tr ' ' '\n' | awk -F= -v peer="$1" -v subset="$2" '
            { v[$1] = $2 }
            END { printf "%s\t%s\t%s\t%s\t%s\t%s\n", peer, subset, v["pages"], v["bytes"], v["seconds"], v["failures"] }' >> "$RESULTS"
    elif [ "$status" = 124 ]; then
        printf '%s\t%s\t-\t-\ttimeout\t-\n' "$1" "$2" >> "$RESULTS"
    else
        printf '%s\t%s\t-\t-\terror\t-\n' "$1" "$2" >> "$RESULTS"
    fi
}

for subset in $SUBSETS; do
    dir=$(subset_dir "$subset")
    run_harvest "$subset" "$dir"
    for peer in $PEERS; do
        run_peer "$peer" "$subset" "$dir"
    done
done
LOAD_END=$(cut -d' ' -f1-3 /proc/loadavg)
cp "$RESULTS" "$CACHE/last-results.tsv"

# ---------------------------------------------------------------- table
# × harvest floor: the peer's throughput over harvest's floor on the same pages (= floor
# seconds / peer seconds). harvest ÷ peer: how many times faster harvest's matching phase is
# (mf2 for the mf2 peers, microdata for extruct-microdata, all for extruct-all).
echo
echo "Load average (1, 5, 15 min) at start: $LOAD_START; at end: $LOAD_END. Fastest of $ROUNDS rounds."
echo
awk -F'\t' -v subsets="$SUBSETS" '
    { peer[NR] = $1; subset[NR] = $2; pages[NR] = $3; bytes[NR] = $4; seconds[NR] = $5; failures[NR] = $6
      if ($1 ~ /^harvest /) { phase = substr($1, 9); hs[$2, phase] = $5; hb[$2] = $4; hp[$2] = $3 } }
    function counterpart(p) {
        if (p == "mf2py" || p == "microformats-parser" || p == "microformats-rs") return "mf2"
        if (p == "extruct-microdata") return "microdata"
        if (p == "extruct-all") return "all"
        return ""
    }
    END {
        print "| peer | subset | pages | MB | MB/s | × harvest floor | harvest ÷ peer | failures |"
        print "|---|---|---:|---:|---:|---:|---:|---:|"
        n = split(subsets, order, " ")
        for (k = 1; k <= n; k++) {
            s = order[k]
            for (i = 1; i <= NR; i++) {
                if (subset[i] != s) continue
                if (peer[i] ~ /^harvest (traverse|links)$/) continue
                if (seconds[i] !~ /^[0-9.]+$/) {
                    printf "| %s | %s | | | %s | | | |\n", peer[i], s, seconds[i]; continue
                }
                mb = bytes[i] / 1e6
                floor = hs[s, "floor"]
                ratio = (floor > 0) ? sprintf("%.3f", floor / seconds[i]) : "?"
                versus = ""
                c = counterpart(peer[i])
                if (c != "" && hs[s, c] > 0) versus = sprintf("%.1f× (%s)", seconds[i] / hs[s, c], c)
                printf "| %s | %s | %s | %.1f | %.2f | %s | %s | %s |\n", peer[i], s, pages[i], mb, mb / seconds[i], ratio, versus, failures[i]
            }
        }
    }' "$RESULTS" | tee "$CACHE/last-results.md"
