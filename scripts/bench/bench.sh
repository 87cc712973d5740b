#!/usr/bin/env bash
# Reproduces the figures in BENCHMARKS.md: for the MDN and events-dev corpora in
# ../shared/corpora, the build (wall time, raw JSON MB/s, peak memory, index size / raw,
# hotcache and open-read ratios) and the cold cost of every query of the shared query files
# over HTTP on loopback (requests, bytes, waves; split-open read excluded and reported apart).
#
# `publish` uploads the indexes built by the other targets to a local S3-compatible server
# (builder/examples/s3_server.rs, s3s-fs on loopback): upload time and throughput, then
# publishing again and rebuilding straight into the bucket (both must upload no split).
#
# `gharchive` builds events-dev in splits of 100,000 events with --threads 1 and 2 (build
# throughput), then runs the four queries of Quickwit's GH Archive benchmark over HTTP on
# loopback, each on a freshly opened index (cold: split opens included; the index open,
# manifest and split filters, reported apart) and then 20 times warm (median time), plus
# 100 logins found in one split only (how many splits pruning opens):
# scripts/data/gharchive-queries.py writes the requests. GHARCHIVE_SPLIT_DOCS="100000 25000 10000"
# runs it at each split size (results suffixed with the size).
#
# `gharchive-scale` does the same at GH Archive's density: the corpus GHARCHIVE_COPIES times
# over (default 10: 9.4 million events; scripts/data/scale-events.py), built in two shards at
# once (`--shard I/2`, one thread each) into one directory and merged (`manifest merge`), then
# the same requests (results in out/bench/gharchive-xN*).
#
# `worker` runs scripts/bench/bench-worker.mjs: the edge Worker in local workerd (Miniflare over a
# local R2 bucket for subrequests per cold query and edge-cache hits; plain `workerd serve`
# over an origin for CPU per cold and warm query and requests/s at 1/10/25 connections).
#
#   scripts/bench/bench.sh [mdn|events|gharchive|gharchive-scale|publish|worker]...   (default: mdn events)   results in out/bench/
set -euo pipefail
cd "$(dirname "$0")/../.."
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

publish_bench() {
  cargo build --release --quiet --example s3_server
  local s3dir=$results/s3 port=${S3_PORT:-19000}
  rm -rf "$s3dir" && mkdir -p "$s3dir"
  "$bin/examples/s3_server" "$s3dir" "$port" indexes >"$results/s3.log" 2>&1 &
  s3_server_pid=$!
  trap 'kill $s3_server_pid 2>/dev/null || true' EXIT
  for _ in $(seq 50); do grep -q "S3 on" "$results/s3.log" && break; sleep 0.1; done
  export AWS_ACCESS_KEY_ID=rangefind-test AWS_SECRET_ACCESS_KEY=rangefind-test-secret-key
  export AWS_REGION=us-east-1 AWS_ENDPOINT_URL=http://127.0.0.1:$port
  for name in mdn events; do
    if [ ! -f "$results/$name/manifest.json" ]; then
      echo "== publish $name: SKIPPED (run scripts/bench/bench.sh $name first)"
      continue
    fi
    echo "== publish $name to S3 on loopback (s3s-fs)"
    /usr/bin/time -f "  %e s wall, %M KB peak" "$bin/rangefind" publish --quiet "$results/$name" "s3://indexes/$name"
    echo "== publish $name again (nothing changed)"
    /usr/bin/time -f "  %e s wall" "$bin/rangefind" publish --quiet "$results/$name" "s3://indexes/$name"
  done
  echo "== build MDN straight into the bucket, twice (deterministic splits: the second uploads none)"
  for run in 1 2; do
    /usr/bin/time -f "  %e s wall" "$bin/rangefind" build --quiet --config examples/mdn/rangefind.yaml \
      --input "$corpora/mdn.jsonl.gz" --out s3://indexes/mdn-built 2>&1 | grep -E "Published|wall"
  done
  kill $s3_server_pid 2>/dev/null || true
}

gharchive_bench() {
  # GHARCHIVE_SPLIT_DOCS="100000 25000 10000": the same events in more, smaller splits, to see
  # what pruning keeps flat as splits are added (BENCHMARKS.md, "What pruning keeps flat as splits are added"); build throughput on the first.
  local sizes=${GHARCHIVE_SPLIT_DOCS:-100000} first=1
  for split_docs in $sizes; do
    local out=$results/gharchive-$split_docs suffix="-$split_docs"
    [ "$sizes" = 100000 ] && out=$results/gharchive suffix=""
    local threads_list="2"
    [ $first = 1 ] && threads_list="1 2"
    first=0
    for threads in $threads_list; do
      rm -rf "$out"
      echo "== gharchive: build events-dev, $split_docs events a split, --threads $threads"
      /usr/bin/time -f "  %e s wall, %M KB peak" "$bin/rangefind" build --quiet --threads "$threads" \
        --config examples/events/rangefind.yaml --input "$corpora/events-dev.jsonl.zst" --out "$out" \
        --split-docs "$split_docs" 2>&1 | grep -E "Finished|wall"
    done
    ls -l "$out"/filters | awk 'NR > 1 { print "  split filter file", $NF, $5, "bytes" }'
    python3 scripts/data/gharchive-queries.py "$corpora/events-dev.jsonl.zst" "$corpora/queries-events.jsonl" \
      "$split_docs" >"$results/gharchive-requests$suffix.jsonl"
    echo "== gharchive ($split_docs events a split): Q1-Q4 and rare logins, cold (fresh index each), then 20 times warm"
    "$bin/rangefind-bench" --index "$out" --queries "$results/gharchive-requests$suffix.jsonl" --fresh-index \
      --warm 20 --json-out "$results/gharchive-queries$suffix.jsonl"
  done
}

gharchive_scale_bench() {
  local copies=${GHARCHIVE_COPIES:-10} split_docs=100000
  if [ $((split_docs % copies)) -ne 0 ]; then
    echo "GHARCHIVE_COPIES must divide $split_docs" >&2
    exit 2
  fi
  local input=$results/events-x$copies.jsonl.zst out=$results/gharchive-x$copies
  if [ ! -f "$input" ]; then
    echo "== gharchive-scale: events-dev $copies times over into $input"
    python3 scripts/data/scale-events.py "$corpora/events-dev.jsonl.zst" "$copies" | zstd -T2 -3 -q >"$input.part"
    mv "$input.part" "$input"
  fi
  rm -rf "$out"
  mkdir -p "$out"
  echo "== gharchive-scale: build in 2 shards at once (--threads 1 each), then merge"
  local started=$SECONDS
  for shard in 0 1; do
    /usr/bin/time -f "  shard $shard: %e s wall, %M KB peak" "$bin/rangefind" build --quiet --threads 1 \
      --config examples/events/rangefind.yaml --input "$input" --out "$out" --split-docs "$split_docs" \
      --shard "$shard/2" 2>&1 | grep -E "Finished|wall" &
  done
  wait
  "$bin/rangefind" manifest merge "$out"
  echo "  built in $((SECONDS - started)) s; $(du -sb "$out" | cut -f1) bytes"
  ls -l "$out"/filters | awk 'NR > 1 { print "  split filter file", $NF, $5, "bytes" }'
  # Each event of the corpus is `copies` events in a row: a split of the scaled index holds
  # the corpus's events of a split of split_docs / copies, so the requests (rare logins
  # included) come from the corpus itself.
  python3 scripts/data/gharchive-queries.py "$corpora/events-dev.jsonl.zst" "$corpora/queries-events.jsonl" \
    $((split_docs / copies)) >"$results/gharchive-x$copies-requests.jsonl"
  echo "== gharchive-scale: Q1-Q4 and rare logins, cold (fresh index each), then 20 times warm"
  "$bin/rangefind-bench" --index "$out" --queries "$results/gharchive-x$copies-requests.jsonl" --fresh-index \
    --warm 20 --json-out "$results/gharchive-x$copies-queries.jsonl"
}

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(mdn events)
for target in "${targets[@]}"; do
  case $target in
    mdn) bench mdn examples/mdn/rangefind.yaml "$corpora/mdn.jsonl.gz" "$corpora/queries-mdn.jsonl" ;;
    events) bench events examples/events/rangefind.yaml "$corpora/events-dev.jsonl.zst" "$corpora/queries-events.jsonl" ;;
    gharchive) gharchive_bench ;;
    gharchive-scale) gharchive_scale_bench ;;
    publish) publish_bench ;;
    worker) node scripts/bench/bench-worker.mjs ;;
    *) echo "unknown benchmark $target (mdn, events, gharchive, gharchive-scale, publish, worker)" >&2; exit 2 ;;
  esac
done
