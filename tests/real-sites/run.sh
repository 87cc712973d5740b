#!/usr/bin/env bash
# Known-item search on any static site you point it at: builds rangefind's index and
# Pagefind 1.6.0's into a copy of the site (the site itself is not written to), samples page
# titles and headings, and prints found@1 / found@10 for the CLI, the widget in Chromium and
# Pagefind in Chromium, after the share of pages whose title is the one a reader sees
# (titles.py) and how often a page named in its title is found by its name (names.py).
# Downloads nothing but Pagefind from npm (once, as scripts/bench/bench-site.sh does).
# BENCHMARKS.md, "Real documentation sites", quotes it.
#
#   tests/real-sites/run.sh DIR [NAME]     # e.g. /usr/share/doc/python3.11/html python
#
# Env: SAMPLE (queries of each kind, default 100), NO_PAGEFIND=1 (rangefind only).
# Writes out/real-sites/NAME/results.json (every query with each engine's rank), titles.json
# and names.txt.
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,12p' "$0"; exit 2; }
source_dir=$(realpath "$1")
name=${2:-$(basename "$source_dir")}
cd "$(dirname "$0")/../.."
./scripts/setup.sh >/dev/null
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
[ -x target/release/rangefind ] && [ -f web/dist/index.js ] || {
  say "building the CLI and the widget (once)"
  (cd web && npm run build --silent) && cargo build --release --quiet
}

out=out/real-sites/$name
say "copying $source_dir into $out/site"
rm -rf "$out"
mkdir -p "$out"
cp -r "$source_dir" "$out/site"
site=$(realpath "$out/site")

say "rangefind build --site"
target/release/rangefind build --site "$site" -q
if [ "${NO_PAGEFIND:-}" != 1 ]; then
  pagefind_cli=out/bench-site/pagefind-cli/node_modules/.bin/pagefind
  if [ ! -x "$pagefind_cli" ]; then
    say "npm install pagefind@1.6.0 (into out/bench-site/pagefind-cli)"
    npm install --prefix out/bench-site/pagefind-cli --no-audit --no-fund --silent pagefind@1.6.0
  fi
  say "pagefind --site"
  "$pagefind_cli" --site "$site" >/dev/null
fi

say "titles: does each page get the title a reader sees? (tests/real-sites/titles.py)"
python3 tests/real-sites/titles.py "$site" | tee "$out/titles.json"

say "names typed: does a page named in its title come first by its name? (tests/real-sites/names.py)"
python3 tests/real-sites/names.py "$site/_rangefind" --sample "${SAMPLE:-100}" | tee "$out/names.txt"

say "known items: the CLI, the widget and Pagefind"
REAL_SITE="$site" REAL_SITE_NAME="$name" REAL_SITE_SAMPLE="${SAMPLE:-100}" REAL_SITE_OUT="$(realpath "$out")/results.json" \
  npx vitest run --project benchmark --reporter verbose tests/real-sites/known-items.bench-run.ts
