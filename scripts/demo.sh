#!/usr/bin/env bash
# The demo: a static site searched with rangefind, as a site owner would set it up. Unpacks the
# MDN site (the shared corpus's ../shared/corpora/site-mdn.tar.gz when present, else the
# sample bundled in examples/mdn-site), adds the widget's two lines to every page (what a site
# generator's template would hold), indexes it with `rangefind build --site`, and serves it on
# a static server with Range support. Also searches it over HTTP with the CLI, printing what
# each query cost (requests, bytes, waves).
#
#   scripts/demo.sh                   build, search, then keep serving until Ctrl-C
#   DEMO_NO_SERVE=1 scripts/demo.sh   stop after the searches (used by the tests)
#   PORT=9000 scripts/demo.sh         serve on another port (default 8080)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh --demo

archive=../shared/corpora/site-mdn.tar.gz
if [ ! -f "$archive" ]; then
  echo "(../shared/corpora is absent: using the MDN sample site bundled in examples/mdn-site)"
  archive=examples/mdn-site/sample-site.tar.gz
fi
demo=out/demo-site
site=$demo/site-mdn
rm -rf "$demo"
mkdir -p "$demo"
printf '\033[1m==> unpacking %s\033[0m\n' "$archive"
tar xzf "$archive" -C "$demo"
[ -d "$site" ] || { echo "$archive does not hold site-mdn/" >&2; exit 1; }
# The widget's two lines: the script in <head>, the element (with the demo's cost line) at the
# top of <body>.
find "$site" -name '*.html' -print0 | xargs -0 sed -i \
  -e 's#</head>#<script type="module" src="/_rangefind/rangefind-search.js"></script></head>#' \
  -e '/<body>/r examples/mdn-site/header.html'

bin=target/release/rangefind
"$bin" build --site "$site"

port=${PORT:-8080}
"$bin" serve "$site" --port "$port" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/_rangefind/site.json" 2>/dev/null && break
  sleep 0.1
done

url="http://127.0.0.1:$port/_rangefind/"
for query in 'fetch api' 'Notification: click event' 'promis*' '"flex container"' 'filter.section:"Web/CSS" grid'; do
  printf '\n\033[1m$ rangefind search %s %q --limit 3 --fields title,url\033[0m\n' "$url" "$query"
  "$bin" search "$url" "$query" --limit 3 --fields title,url
done

if [ -n "${DEMO_NO_SERVE:-}" ]; then
  exit 0
fi
printf '\n\033[1mOpen http://127.0.0.1:%s/ and search from any page\033[0m (Ctrl-C to stop).\n' "$port"
printf 'Or: %s search %s "your query" --explain\n' "$bin" "$url"
wait "$server"
