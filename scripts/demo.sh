#!/usr/bin/env bash
# The demo: builds an MDN index, serves it over HTTP with Range support, and searches it over
# HTTP, printing what each query cost (requests, bytes, waves). Uses the full shared MDN corpus
# when ../shared/corpora is present, else the sample bundled in examples/mdn.
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
out=out/mdn
bin=target/release/rangefind
"$bin" build --config examples/mdn/rangefind.yaml --input "$input" --out "$out"
"$bin" inspect "$out" | sed -n '1,6p'

port=${PORT:-8080}
"$bin" serve "$out" --port "$port" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/manifest.json" 2>/dev/null && break
  sleep 0.1
done

url="http://127.0.0.1:$port/"
for query in 'array map' 'Notification: click event' 'promis*' '"flex container"' 'section:"Web/CSS" grid'; do
  printf '\n\033[1m$ rangefind search %s %q --limit 3\033[0m\n' "$url" "$query"
  "$bin" search "$url" "$query" --limit 3
done

if [ -n "${DEMO_NO_SERVE:-}" ]; then
  exit 0
fi
printf '\nServing %s at %s (Ctrl-C to stop). Try: %s search %s "your query" --explain\n' "$out" "$url" "$bin" "$url"
wait "$server"
