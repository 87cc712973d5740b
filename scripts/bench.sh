#!/usr/bin/env bash
# Reproduces the figures in BENCHMARKS.md: for the MDN and events-dev corpora in
# ../shared/corpora, the build (wall time, raw JSON MB/s, peak memory, index size / raw,
# hotcache and open-read ratios) and the cold cost of every query of the shared query files
# over HTTP on loopback (requests, bytes, waves; split-open read excluded and reported apart).
#
#   scripts/bench.sh [mdn|events]...   (default: both)   results in out/bench/
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
corpora=../shared/corpora
if [ ! -d "$corpora" ]; then
  echo "SKIPPED: $corpora is absent; the benchmarks need the shared corpora" >&2
  exit 0
fi
results=out/bench
mkdir -p "$results"
bin=target/release

bench() {
  local name=$1 config=$2 input=$3 queries=$4
  local out=$results/$name
  rm -rf "$out"
  echo "== $name: build"
  /usr/bin/time -v "$bin/rangefind" build --quiet --config "$config" --input "$input" --out "$out" \
    2>"$results/$name-build.log"
  grep -E "Finished" "$results/$name-build.log"
  grep -E "Elapsed \(wall|Maximum resident" "$results/$name-build.log" | sed 's/^\s*/  /'
  echo "== $name: splits"
  "$bin/rangefind" inspect "$out" | grep -E "documents|hotcache"
  echo "== $name: cold queries over HTTP (loopback, empty page cache, splits already open)"
  "$bin/rangefind-bench" --index "$out" --queries "$queries" --json-out "$results/$name-queries.jsonl"
}

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(mdn events)
for target in "${targets[@]}"; do
  case $target in
    mdn) bench mdn examples/mdn/rangefind.yaml "$corpora/mdn.jsonl.gz" "$corpora/queries-mdn.jsonl" ;;
    events) bench events examples/events/rangefind.yaml "$corpora/events-dev.jsonl.zst" "$corpora/queries-events.jsonl" ;;
    *) echo "unknown benchmark $target (mdn, events)" >&2; exit 2 ;;
  esac
done
