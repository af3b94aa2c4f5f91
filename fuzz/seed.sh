#!/usr/bin/env bash
# Fills fuzz/corpus/TARGET/ (git-ignored) with seed pages: the HTML of the official
# microformats test suite (../shared/mf2-tests/tests, used in place when present, or the
# directory HARVEST_MF2_SUITE names), real pages (../shared/corpus/real) and the W3C
# Microdata-to-RDF suite's pages (../shared/w3c-microdata-rdf/tests) and the RDFa test
# suite's pages (../shared/rdfa-test-suite/test-cases), in place when
# present (the jsonld target also gets the JSON-LD 1.1 API suite's inputs,
# ../shared/json-ld-api-tests), the microdata fixtures of test-suite/microdata/, and the committed regression inputs
# of fuzz/regressions/. Real pages run to hundreds of kilobytes: libFuzzer reads a seed longer
# than -max_len only up to it, so fuzz/campaign.sh gives them room with a larger -max_len. Files are named by content hash, so running
# it again adds nothing twice. Usage: fuzz/seed.sh [TARGET...] (default: every target).
set -euo pipefail
cd "$(dirname "$0")"

suite="${HARVEST_MF2_SUITE:-}"
if [ -z "$suite" ] && [ -d ../../shared/mf2-tests/tests ]; then
  suite="../../shared/mf2-tests/tests"
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo fuzz list 2>/dev/null || ls fuzz_targets | sed 's/\.rs$//')
fi

copy_into() { # DIR FILE...
  local dir="$1"; shift
  local f
  for f in "$@"; do
    [ -f "$f" ] || continue
    cp "$f" "$dir/$(sha1sum "$f" | cut -c1-16)"
  done
}

for target in "${targets[@]}"; do
  dir="corpus/$target"
  mkdir -p "$dir"
  html=()
  if [ -n "$suite" ] && [ -d "$suite" ]; then
    mapfile -t -O "${#html[@]}" html < <(find "$suite" -name '*.html' -type f)
  fi
  for shared in ../../shared/corpus/real ../../shared/w3c-microdata-rdf/tests ../../shared/rdfa-test-suite/test-cases; do
    if [ -d "$shared" ]; then
      mapfile -t -O "${#html[@]}" html < <(find "$shared" -name '*.html' -type f)
    fi
  done
  mapfile -t -O "${#html[@]}" html < <(find ../test-suite/microdata -name '*.html' -type f)
  case "$target" in
    dom_select)
      # A selector line before each page.
      for f in "${html[@]}"; do
        out="$dir/sel-$(sha1sum "$f" | cut -c1-16)"
        { printf '.h-card > [itemprop~=name], a[href^="http"]:not(.u-url), li:nth-child(2n+1)\n'; cat "$f"; } >"$out"
      done
      ;;
    jsonld)
      # The pages, and the JSON-LD 1.1 API suite's toRdf and expand inputs each as the block of
      # a page, and its HTML inputs (the suite in place: HARVEST_JSONLD_SUITE or
      # ../../shared/json-ld-api-tests).
      copy_into "$dir" "${html[@]}"
      jsonld_suite="${HARVEST_JSONLD_SUITE:-../../shared/json-ld-api-tests}"
      if [ -d "$jsonld_suite" ]; then
        mapfile -t pages < <(find "$jsonld_suite/html" -name '*.html' -type f)
        copy_into "$dir" "${pages[@]}"
        while IFS= read -r f; do
          out="$dir/jsonld-$(sha1sum "$f" | cut -c1-16)"
          { printf '<script type="application/ld+json">'; cat "$f"; printf '</script>'; } >"$out"
        done < <(find "$jsonld_suite/toRdf" "$jsonld_suite/expand" -name '*-in.jsonld' -type f)
      fi
      ;;
    warc)
      # Each page as the HTTP response of a WARC response record.
      for f in "${html[@]}"; do
        out="$dir/warc-$(sha1sum "$f" | cut -c1-16)"
        length=$(( $(wc -c <"$f") + 44 ))
        { printf 'WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: https://example.com/\r\nContent-Length: %d\r\n\r\n' "$length"
          printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n'; cat "$f"; printf '\r\n\r\n'; } >"$out"
      done
      ;;
    *) copy_into "$dir" "${html[@]}" ;;
  esac
  if [ -d "regressions/$target" ]; then
    copy_into "$dir" regressions/"$target"/*
  fi
  echo "$target: $(find "$dir" -type f | wc -l) seed files in fuzz/$dir"
done
