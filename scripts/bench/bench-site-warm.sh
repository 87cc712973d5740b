#!/usr/bin/env bash
# Warm queries of the site engine in Chromium (tests/benchmarks/site-warm.bench-run.ts): every
# query of the MDN log searched once, then timed as it is searched again with everything in the
# engine's memory, in the page around `search()` and inside the engine. Runs on the bundled MDN
# sample site, and on the shared MDN site when ../shared/corpora is present. About 2 minutes a
# site. Writes out/bench-site-warm/{sample,mdn}.json and prints each run's medians.
#   BENCH_WARM_QUERIES=N (default 200), BENCH_WARM_REPEATS=N (default 7)
set -euo pipefail
cd "$(dirname "$0")/../.."
./scripts/setup.sh
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
out=out/bench-site-warm
queries=../shared/corpora/queries-mdn.jsonl
if [ ! -f "$queries" ]; then
  echo "(../shared/corpora is absent: the bundled sample site with its few queries)"
  queries=examples/mdn-site/queries.jsonl
fi
sites=(sample=examples/mdn-site/sample-site.tar.gz)
[ -f ../shared/corpora/site-mdn.tar.gz ] && sites+=(mdn=../shared/corpora/site-mdn.tar.gz)
for entry in "${sites[@]}"; do
  name=${entry%%=*}
  archive=${entry#*=}
  dir=$out/$name
  say "$name: unpacking $archive, rangefind build --site"
  rm -rf "$dir"
  mkdir -p "$dir"
  tar xzf "$archive" -C "$dir"
  site=$(realpath "$dir/site-mdn")
  target/release/rangefind build --site "$site" -q
  cp -r web/dist "$site/rangefind"
  cat >"$site/warm.html" <<'HTML'
<!doctype html><meta charset="utf-8"><title>warm queries</title><link rel="icon" href="data:,">
<script type="module">
import { openSite } from "./rangefind/index.js";
const site = await openSite("/_rangefind/");
const options = { limit: 10, fields: ["url", "title", "sections", "anchors"], count_all: false };
window.warm = async (query, repeats) => {
  let answer = await site.index.search(query, options);
  const page = [], engine = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    answer = await site.index.search(query, options);
    page.push(performance.now() - start);
    engine.push(answer.stats.elapsed_ms);
  }
  return { hits: answer.hits.length, page, engine };
};
window.ready = true;
</script>
HTML
  say "$name: warm queries in Chromium"
  BENCH_SITE="$site" BENCH_QUERIES="$queries" BENCH_OUT="$PWD/$out/$name.json" \
    npx vitest run --project benchmark tests/benchmarks/site-warm.bench-run.ts
done
