#!/usr/bin/env bash
# The demo: builds an MDN index, serves it with a search page (the wasm engine in a Web Worker,
# examples/mdn/demo.html) on a static server with Range support, and searches it over HTTP with
# the CLI too, printing what each query cost (requests, bytes, waves). Uses the full shared MDN
# corpus when ../shared/corpora is present, else the sample bundled in examples/mdn.
#
#   scripts/demo.sh             build, search, then keep serving until Ctrl-C
#   DEMO_NO_SERVE=1 scripts/demo.sh   stop after the searches (used by the tests)
#   PORT=9000 scripts/demo.sh   serve on another port (default 8080)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh

corpus=../shared/corpora/mdn.jsonl.gz
if [ -f "$corpus" ]; then
  input=$corpus
else
  echo "(../shared/corpora is absent: using the bundled sample of MDN pages)"
  input=examples/mdn/sample.jsonl.gz
fi
site=out/demo
bin=target/release/rangefind
"$bin" build --config examples/mdn/rangefind.yaml --input "$input" --out "$site/index"
"$bin" inspect "$site/index" | sed -n '1,6p'
# The page and the package next to the index: one static site.
rm -rf "$site/rangefind"
cp -r web/dist "$site/rangefind"
cp examples/mdn/demo.html "$site/index.html"

port=${PORT:-8080}
"$bin" serve "$site" --port "$port" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/index/manifest.json" 2>/dev/null && break
  sleep 0.1
done

url="http://127.0.0.1:$port/index/"
for query in 'array map' 'Notification: click event' 'promis*' '"flex container"' 'section:"Web/CSS" grid'; do
  printf '\n\033[1m$ rangefind search %s %q --limit 3\033[0m\n' "$url" "$query"
  "$bin" search "$url" "$query" --limit 3
done

if [ -n "${DEMO_NO_SERVE:-}" ]; then
  exit 0
fi
printf '\n\033[1mOpen http://127.0.0.1:%s/ to search in the browser\033[0m (Ctrl-C to stop).\n' "$port"
printf 'Or: %s search %s "your query" --explain\n' "$bin" "$url"
wait "$server"
