#!/usr/bin/env bash
# The data-set benchmark: rangefind's split engine against DuckDB-Wasm (and sql.js-httpvfs) on
# the shared events, in Chromium, side by side in one run.
#  1. writes the events as Parquet with DuckDB 1.4.3 (Python, in a virtual environment under
#     out/bench-duckdb): DuckDB's default row groups, and 16,384-row ones
#     (scripts/data/events-parquet.py);
#  2. builds the rangefind index of the same events (examples/events/rangefind.yaml without
#     English stemming, so that a word means the same in both engines);
#  3. bundles DuckDB-Wasm 1.28.0 (npm; see below) with esbuild; installs sql.js-httpvfs 0.8.12
#     (npm) and writes the events as an SQLite database with FTS5 (scripts/data/events-sqlite.py);
#  4. writes the requests (scripts/data/events-vs-duckdb-queries.py; BENCH_PER_KIND=N of each,
#     default 3) and runs tests/benchmarks/datasets-vs-duckdb.bench-run.ts: both engines at
#     100 ms RTT and 10 Mbit/s (BENCH_LOOPBACK=1: loopback; BENCH_ONLY="rangefind sqlite": those
#     engines of rangefind, duckdb and sqlite), open, cold, warm and first visit;
#  5. runs the same SQL in DuckDB 1.4.3 (native, httpfs from PyPI) over HTTP from the same
#     server and counts the bytes it asks for (scripts/bench/duckdb-native-reads.py): what the
#     newest DuckDB would read (skipped when BENCH_ONLY leaves duckdb out).
# Why DuckDB-Wasm 1.28.0 (DuckDB 0.9.1): it is the newest release whose module carries the
# Parquet reader; from 1.29.0 on, Parquet is an extension each page downloads from
# extensions.duckdb.org, which no package registry serves and this machine cannot reach.
# Needs ../shared/corpora (events-dev.jsonl.zst, queries-events.jsonl). Writes
# out/bench-duckdb/{browser.json,native.jsonl} (browser-ENGINE.json with BENCH_ONLY) and prints
# the figures BENCHMARKS.md quotes. About an hour: DuckDB's text queries read the whole text
# column, ~130 MB, at 10 Mbit/s.
set -euo pipefail
cd "$(dirname "$0")/../.."
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

events=../shared/corpora/events-dev.jsonl.zst
queries=../shared/corpora/queries-events.jsonl
if [ ! -f "$events" ] || [ ! -f "$queries" ]; then
  echo "bench-duckdb.sh needs the shared events corpus ($events and $queries); it is absent"
  exit 2
fi
./scripts/setup.sh
out=out/bench-duckdb
site=$out/site
mkdir -p "$site"

if [ ! -x "$out/venv/bin/python" ] || ! "$out/venv/bin/python" -c 'import duckdb; assert duckdb.__version__ == "1.4.3"' 2>/dev/null; then
  say "pip install duckdb==1.4.3 (into $out/venv)"
  python3 -m venv "$out/venv"
  "$out/venv/bin/pip" install --quiet duckdb==1.4.3
fi
duckdb_dist=$out/duckdb-wasm/node_modules/@duckdb/duckdb-wasm/dist
if [ ! -f "$duckdb_dist/duckdb-eh.wasm" ] || ! grep -q '"version": "1.28.0"' "$duckdb_dist/../package.json"; then
  say "npm install @duckdb/duckdb-wasm@1.28.0 (into $out/duckdb-wasm)"
  npm install --prefix "$out/duckdb-wasm" --no-audit --no-fund --silent @duckdb/duckdb-wasm@1.28.0
fi
say "bundle DuckDB-Wasm's module with apache-arrow (esbuild)"
mkdir -p "$site/duckdb"
echo 'export * from "@duckdb/duckdb-wasm";' >"$out/duckdb-wasm/entry.mjs"
npx esbuild "$out/duckdb-wasm/entry.mjs" --bundle --format=esm --minify --log-level=warning \
  --outfile="$site/duckdb/duckdb.js"
cp "$duckdb_dist/duckdb-eh.wasm" "$duckdb_dist/duckdb-browser-eh.worker.js" "$site/duckdb/"

sqljs_dist=$out/sqljs/node_modules/sql.js-httpvfs/dist
if [ ! -f "$sqljs_dist/sqlite.worker.js" ] || ! grep -q '"version": "0.8.12"' "$sqljs_dist/../package.json"; then
  say "npm install sql.js-httpvfs@0.8.12 (into $out/sqljs)"
  npm install --prefix "$out/sqljs" --no-audit --no-fund --silent sql.js-httpvfs@0.8.12
fi
mkdir -p "$site/sqljs"
cp "$sqljs_dist/index.js" "$sqljs_dist/sqlite.worker.js" "$sqljs_dist/sql-wasm.wasm" "$site/sqljs/"
if [ ! -f "$site/events.sqlite3" ] || [ "$events" -nt "$site/events.sqlite3" ]; then
  say "the events as an SQLite database with FTS5"
  python3 scripts/data/events-sqlite.py "$events" "$site/events.sqlite3"
fi

for rows in default 16384; do
  parquet=$site/events-$rows.parquet
  if [ ! -f "$parquet" ] || [ "$events" -nt "$parquet" ]; then
    say "the events as Parquet ($rows rows a row group)"
    "$out/venv/bin/python" scripts/data/events-parquet.py "$events" "$parquet" \
      $([ "$rows" = default ] || echo --row-group-size "$rows")
  fi
done

say "the rangefind index of the same events (10 splits of 100,000)"
sed '/language: en/d' examples/events/rangefind.yaml >"$out/events-unstemmed.yaml"
rm -rf "$site/index"
target/release/rangefind build -q --config "$out/events-unstemmed.yaml" --input "$events" --out "$site/index" --split-docs 100000
mkdir -p "$site/rangefind"
cp -r web/dist/. "$site/rangefind/"

"$out/venv/bin/python" scripts/data/events-vs-duckdb-queries.py "$queries" "$site/events-default.parquet" "${BENCH_PER_KIND:-3}" >"$out/requests.jsonl"
say "both engines in Chromium ($(wc -l <"$out/requests.jsonl") requests)"
BENCH_SITE=$site BENCH_REQUESTS=$out/requests.jsonl BENCH_OUT=$out/browser${BENCH_ONLY:+-${BENCH_ONLY// /-}}.json \
  BENCH_PARQUET="events-default.parquet events-16384.parquet" BENCH_SQLITE=events.sqlite3 \
  npx vitest run --project benchmark --reporter verbose tests/benchmarks/datasets-vs-duckdb.bench-run.ts

case " ${BENCH_ONLY:-duckdb} " in *" duckdb "*) ;; *) exit 0 ;; esac
say "what DuckDB 1.4.3 (native, with httpfs) reads for the same SQL"
if ! "$out/venv/bin/python" -c 'import duckdb_extension_httpfs' 2>/dev/null; then
  "$out/venv/bin/pip" install --quiet duckdb-extension-httpfs==1.4.3
fi
target/release/rangefind serve "$site" --port 0 >"$out/serve.log" 2>&1 &
serve_pid=$!
trap 'kill "$serve_pid" 2>/dev/null || true' EXIT
url=
for _ in $(seq 100); do
  url=$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$out/serve.log" | head -n 1 || true)
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "rangefind serve did not start: $(cat "$out/serve.log")"; exit 1; }
"$out/venv/bin/python" scripts/bench/duckdb-native-reads.py "$url" "$out/requests.jsonl" \
  events-default.parquet events-16384.parquet >"$out/native.jsonl"
python3 - "$out/native.jsonl" <<'PY'
import collections, json, sys
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    row = json.loads(line)
    rows[(row["parquet"], row["kind"])].append(row)
for (parquet, kind), of in sorted(rows.items()):
    median = lambda key: sorted(r[key] for r in of)[len(of) // 2]
    print(f"DuckDB 1.4.3 native, {parquet}, {kind}: median {median('bytes'):,} bytes, {median('requests')} requests, median of {len(of)} {'query' if len(of) == 1 else 'queries'}")
PY
