#!/usr/bin/env bash
# The static-site benchmark: rangefind against Pagefind 1.6.0 on the same site, in one run.
#  1. builds both indexes into one copy of the site, alternating, three times each, under
#     /usr/bin/time (wall time, peak memory), and counts the files and bytes each wrote;
#  2. runs tests/benchmarks/site-vs-pagefind.bench-run.ts: both engines in Chromium at 100 ms
#     RTT and 10 Mbit/s (cold queries, first visits, 5-query sessions), over HTTP/1.1, or over
#     HTTP/2 with BENCH_HTTP2=1 (BENCH_COLD_QUERIES=N: how many cold queries, default 40).
# Uses ../shared/corpora/site-mdn.tar.gz and queries-mdn.jsonl when present, else the bundled
# sample site and its ten queries (examples/mdn-site/queries.jsonl). Installs Pagefind (npm,
# into out/bench-site) when missing. Writes out/bench-site/{build,browser}.json and prints the figures BENCHMARKS.md quotes.
set -euo pipefail
cd "$(dirname "$0")/../.."
./scripts/setup.sh
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

out=out/bench-site
mkdir -p "$out"
archive=../shared/corpora/site-mdn.tar.gz
queries=../shared/corpora/queries-mdn.jsonl
if [ ! -f "$archive" ] || [ ! -f "$queries" ]; then
  echo "(../shared/corpora is absent: using the bundled MDN sample site and its queries)"
  archive=examples/mdn-site/sample-site.tar.gz
  queries=examples/mdn-site/queries.jsonl
fi
pagefind_cli=$out/pagefind-cli/node_modules/.bin/pagefind
if [ ! -x "$pagefind_cli" ]; then
  say "npm install pagefind@1.6.0 (into $out/pagefind-cli)"
  npm install --prefix "$out/pagefind-cli" --no-audit --no-fund --silent pagefind@1.6.0
fi

say "unpacking $archive"
rm -rf "$out/site"
mkdir -p "$out/site"
tar xzf "$archive" -C "$out/site"
site=$(realpath "$out/site/site-mdn")

# measure NAME COMMAND…: appends "NAME seconds peak_kb" to $out/build-times.txt.
measure() {
  local name=$1
  shift
  /usr/bin/time -f "$name %e %M" -a -o "$out/build-times.txt" "$@" >/dev/null 2>&1
}
rm -f "$out/build-times.txt"
for run in 1 2 3; do
  say "build $run/3: rangefind build --site, then pagefind --site"
  measure rangefind target/release/rangefind build --site "$site" -q
  measure pagefind "$pagefind_cli" --site "$site"
done
count() { find "$1" -type f | wc -l; }
bytes() { find "$1" -type f "${@:2}" -printf '%s\n' | awk '{ s += $1 } END { print s }'; }
node -e '
const [times, out, rfFiles, rfBytes, widgetBytes, pfFiles, pfBytes] = process.argv.slice(1);
const rows = require("fs").readFileSync(times, "utf8").trim().split("\n").map((l) => l.split(" "));
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const of = (name, i) => rows.filter((r) => r[0] === name).map((r) => Number(r[i]));
const report = {};
for (const name of ["rangefind", "pagefind"]) report[name] = { seconds: of(name, 1), median_seconds: median(of(name, 1)), peak_mb: median(of(name, 2)) / 1024 };
report.rangefind.files = Number(rfFiles); report.rangefind.bytes = Number(rfBytes); report.rangefind.widget_bytes = Number(widgetBytes);
report.pagefind.files = Number(pfFiles); report.pagefind.bytes = Number(pfBytes);
require("fs").writeFileSync(out, JSON.stringify(report, null, 2));
console.log(JSON.stringify(report));
' "$out/build-times.txt" "$out/build.json" "$(count "$site/_rangefind")" "$(bytes "$site/_rangefind")" \
  "$(bytes "$site/_rangefind/wasm-site" ! -name '*.br' | awk -v js="$(cat "$site"/_rangefind/*.js | wc -c)" '{ print $1 + js }')" "$(count "$site/pagefind")" "$(bytes "$site/pagefind")"

say "Chromium at 100 ms RTT, 10 Mbit/s: rangefind and Pagefind on the same site"
BENCH_SITE="$site" BENCH_QUERIES="$(realpath "$queries")" BENCH_OUT="$(realpath "$out")/browser.json" \
  npx vitest run --project benchmark --reporter verbose tests/benchmarks/site-vs-pagefind.bench-run.ts
