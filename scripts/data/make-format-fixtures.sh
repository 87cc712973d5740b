#!/usr/bin/env bash
# Writes tests/fixtures/formats/: one small index per on-disk format this rangefind writes, which
# every later reader must open and answer as recorded (builder test formats_stay_readable).
# Run it when a format version is bumped (fixtures of older versions stay: the test checks that
# readers refuse them by name), or when a change to the writer is meant to change the site
# file's bytes (the test builds the site fixture again and compares the bytes).
#  - site-<layout>-lexicon-<format>/: `build --site` of 16 glossary pages of the bundled MDN
#    sample site (examples/mdn-site/, CC-BY-SA: see its ATTRIBUTION.md);
#  - split-<format>-lexicon-<format>/: `build` of the first 16 pages of examples/mdn/sample.jsonl.gz
#    with examples/mdn/rangefind.yaml (a split, its split filter and its lexicon);
#  - each with expected.json: queries and the ids the fixture answers them with.
set -euo pipefail
cd "$(dirname "$0")/../.."
cli=target/release/rangefind
cargo build --release -p rangefind-builder --quiet
# "rangefind 0.1.0 (split format 5, manifest 1, split filters 2, site layout 10, site.json 1,
# lexicon format 5)": the fixtures are named by the three binary formats' versions; the manifest,
# the split filters and site.json are inside them.
versions=$("$cli" --version)
version_of() { sed -E "s/.*$1 ([0-9]+).*/\1/" <<<"$versions"; }
split=$(version_of "split format")
layout=$(version_of "site layout")
lexicon=$(version_of "lexicon format")
out=tests/fixtures/formats
src=$out/source
mkdir -p "$src"
if [ ! -d "$src/site" ]; then
  work=$(mktemp -d)
  tar xzf examples/mdn-site/sample-site.tar.gz -C "$work"
  for page in $(cd "$work/site-mdn" && ls -d glossary/*/ | head -16); do
    mkdir -p "$src/site/$page"
    cp "$work/site-mdn/$page/index.html" "$src/site/$page"
  done
  rm -rf "$work"
fi
[ -f "$src/docs.jsonl" ] || zcat examples/mdn/sample.jsonl.gz | head -16 >"$src/docs.jsonl"

queries=("promise" "api method" "colr" "glossary" "\"color space\"")
# expected.json for the index in $1: each query's hits, ids in order.
record() {
  local index=$1 first=1
  {
    printf '{\n'
    for query in "${queries[@]}"; do
      [ $first = 1 ] || printf ',\n'
      first=0
      printf '  %s: %s' "$(printf '%s' "$query" | node -e 'process.stdout.write(JSON.stringify(require("fs").readFileSync(0, "utf8")))')" \
        "$("$cli" search "$index" "$query" --json --limit 10 | node -e 'const a = JSON.parse(require("fs").readFileSync(0, "utf8")); process.stdout.write(JSON.stringify(a.hits.map((h) => h.id)))')"
    done
    printf '\n}\n'
  } >"$index/expected.json"
}

site=$out/site-$layout-lexicon-$lexicon
rm -rf "$site"
work=$(mktemp -d)
cp -r "$src/site" "$work/site"
"$cli" build --site "$work/site" --out "$site" --no-widget -q
rm -rf "$work"
record "$site"

splits=$out/split-$split-lexicon-$lexicon
rm -rf "$splits"
"$cli" build -q --config examples/mdn/rangefind.yaml --input "$src/docs.jsonl" --out "$splits"
record "$splits"
du -sh "$site" "$splits"
