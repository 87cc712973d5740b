#!/usr/bin/env bash
# Builds the wasm engine seven times, for what each host pays for. Each engine is a crate of
# wasm/engines/ (the adapter, rangefind-wasm, with its features), so that the five browser
# engines share one cargo profile and build the standard library and their dependencies once:
#  - web/src/wasm/ for browsers, where every byte is downloaded: rangefind-wasm-splits
#    (tantivy's `small-code`, third_party/README.md), profile `wasm` (opt-level z, LTO, one
#    codegen unit) → wasm-bindgen --target web →
#    wasm-opt -Oz (npm binaryen; Debian's binaryen 108 produces modules that fail to load).
#    It stems English only; web/src/wasm-all/ (rangefind-wasm-splits-all) is the same with
#    every stemmer, for data sets in the other 17 languages;
#  - web/src/wasm-analytics/: the same with aggregations (rangefind-wasm-analytics, about
#    190 KB more, brotli), loaded only by pages that open an index with { analytics: true };
#    English only, and web/src/wasm-analytics-all/ (rangefind-wasm-analytics-all) the same
#    with every stemmer;
#  - web/src/wasm-site/: the site engine alone, without tantivy (rangefind-wasm-site), which
#    searches a site's site file (`SiteIndex`): what the widget loads. It stems English only;
#    web/src/wasm-site-all/ (rangefind-wasm-site-all, feature `all-stemmers`) is the same with
#    every stemmer, for sites in the other 17 languages;
#  - worker/src/wasm/ for the edge Worker, where CPU time is billed and capped (10 ms on the
#    free plan) and the module is deployed once: rangefind-wasm-worker (aggregations, every
#    stemmer, tantivy without the browser engines' `small-code`), profile
#    `wasm-worker` (opt-level 3) → wasm-bindgen → wasm-opt -O2. About a quarter less CPU per
#    query than the small build.
# The six browser engines are built by the nightly toolchain with the standard library
# rebuilt for size (`-Zbuild-std`, `optimize_for_size`) and panics that abort at once
# (`-Cpanic=immediate-abort`): panics on wasm32 abort anyway and nothing printed their
# messages, so their formatting and file names were dead bytes (22 % of the site engine,
# brotli; BENCHMARKS.md, "Engine size"). They are built without reference
# types (`-Ctarget-feature=-reference-types`): wasm-bindgen then keeps the JS values the
# module holds in its glue's own table, and the module passes numbers instead of `externref`s
# through shims of wasm-bindgen's (0.6 KB less site engine, 1 KB less split engine, the glue
# 0.2 KB more, brotli; BENCHMARKS.md, "Engine size"). A derived `Debug` prints only its type's
# or variant's name (`-Zfmt-debug=shallow`): tantivy's traits require `Debug` of every query
# and directory, whose field-by-field printing no person reads (1.1 KB of the split engine);
# `{:?}` of texts and numbers, which messages quote, is unchanged. Without a nightly toolchain with
# rust-src (scripts/setup.sh adds it where nightly is installed) they are built by stable, larger,
# and the build says so. The Worker's engine stays on stable: it pays for CPU, not bytes.
# `scripts/build/build-wasm.sh site` builds only the engines named (splits, splits-all,
# analytics, analytics-all, site, site-all, worker);
# the demo needs only the site engine.
# Skips wasm-opt when a module did not change. Prints the sizes (raw, gzip, brotli).
set -euo pipefail
cd "$(dirname "$0")/../.."
say() { printf '\033[1m==> [%ds] %s\033[0m\n' "$SECONDS" "$*"; }

if [ ! -x node_modules/.bin/wasm-opt ]; then
  say "npm ci (binaryen for wasm-opt)"
  npm ci --no-audit --no-fund --quiet
fi

# Whether the nightly toolchain can rebuild the standard library (it has rust-src).
small_std=false
if rustup run nightly rustc --version >/dev/null 2>&1 \
  && rustup component list --toolchain nightly --installed 2>/dev/null | grep -q '^rust-src'; then
  small_std=true
fi

# cargo_build SMALL ARGS...: `cargo build ARGS`, by nightly with the standard library rebuilt
# for size when SMALL is `small` and that is possible.
cargo_build() {
  local small=$1
  shift
  if [ "$small" = small ] && $small_std; then
    say "cargo +nightly build $* (standard library rebuilt for size)"
    RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort -Ctarget-feature=-reference-types -Zfmt-debug=shallow" cargo +nightly build \
      -Zbuild-std=std,panic_abort -Zbuild-std-features=optimize_for_size "$@" --quiet
  else
    [ "$small" != small ] || say "no nightly toolchain with rust-src: built by stable, about 20 % larger"
    say "cargo build $*"
    cargo build "$@" --quiet
  fi
}

# compile CRATE PROFILE [small]: the engine's crate (wasm/engines/) built with cargo PROFILE
# (with a standard library rebuilt for size when `small`).
compile() {
  local crate=$1 profile=$2 small=${3:-}
  cargo_build "$small" -p "$crate" --profile "$profile" --target wasm32-unknown-unknown
}

# finish CRATE PROFILE NAME OUT WASM_OPT_LEVEL [small]: the module compile left, bound by
# wasm-bindgen (into target/wasm-bindgen/NAME) and optimised by wasm-opt into OUT (wrangler and the Worker's test pool resolve modules inside worker/, hence a copy there).
finish() {
  local crate=$1 profile=$2 name=$3 out=$4 level=$5 small=${6:-}
  local module="target/wasm32-unknown-unknown/$profile/${crate//-/_}.wasm"
  local bound="target/wasm-bindgen/$name"
  local stamp="$out/.source-sha256"
  local source_sha
  # The module and what is done to it: a change to this pipeline rebuilds every engine.
  source_sha=$(cat "$module" scripts/build/build-wasm.sh scripts/build/minify-wasm-names.mjs \
    scripts/build/drop-unused-closure-shims.mjs | sha256sum | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$source_sha" ] && [ -f "$out/rangefind_wasm_bg.wasm" ]; then
    say "$out: up to date"
  else
    mkdir -p "$out" "$bound"
    "$bindgen" "$module" "$bound"
    # Closure shims of js-sys imports the engine never calls, which wasm-bindgen leaves in the
    # function table (0.4 KB of the site engine, brotli).
    node scripts/build/drop-unused-closure-shims.mjs "$bound/rangefind_wasm_bg.wasm"
    say "wasm-opt $level ($out)"
    # Browser engines get short import and export names (scripts/build/minify-wasm-names.mjs), and
    # the optimisation run twice: the second -Oz finds more after the first (the site engines
    # 0.1-0.2 KB brotli, the split engines 1.4-1.7 KB; BENCHMARKS.md "Engine size"). Before
    # them, the code is flattened and its control flow rebuilt by binaryen's relooper
    # (`--flatten --rereloop`), which -Oz then shrinks further: 0.6-0.8 KB less site engine,
    # 3.4 KB less split engine, brotli, at no measurable cost in warm queries.
    # `--low-memory-unused`: Rust puts the stack first (it grows down from 1 MiB towards 0),
    # so no valid pointer plus a small constant wraps past 4 GiB into the lowest KiB; binaryen
    # may then fold such constants into load and store offsets, replacing with a trap an access
    # that could only come of a wrapped pointer (the site engine 0.8 KB smaller, brotli).
    local minify=() passes=("$level")
    [ "$small" != small ] || minify=(--minify-imports-and-exports-and-modules --strip-producers)
    [ "$small" != small ] || passes=(--flatten --rereloop "$level" "$level")
    node_modules/.bin/wasm-opt --low-memory-unused "${passes[@]}" --zero-filled-memory \
      --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
      "${minify[@]}" "$bound/rangefind_wasm_bg.wasm" -o "$out/rangefind_wasm_bg.wasm" >"$bound/names.json"
    cp "$bound/rangefind_wasm.js" "$bound/rangefind_wasm.d.ts" "$out/"
    if [ "$small" = small ]; then
      node scripts/build/minify-wasm-names.mjs "$out/rangefind_wasm_bg.wasm" "$bound/names.json" "$out/rangefind_wasm.js"
    fi
    echo "$source_sha" > "$stamp"
  fi
  # Sizes are measured once per module (brotli -q 11 of 5 MB takes seconds), then reprinted.
  local wasm="$out/rangefind_wasm_bg.wasm" sizes="$out/.sizes"
  if [ ! -f "$sizes" ] || [ "$(head -n1 "$sizes")" != "$source_sha" ]; then
    printf '%s\n%s: %s bytes raw, %s gzip -9, %s brotli -q 11\n' "$source_sha" "$wasm" \
      "$(wc -c < "$wasm")" "$(gzip -9 -c "$wasm" | wc -c)" \
      "$( (command -v brotli >/dev/null && brotli -q 11 -c "$wasm" | wc -c) || echo '?')" > "$sizes"
  fi
  tail -n +2 "$sizes"
}

# The five browser engines are compiled one after another in the one `wasm` profile (cargo
# holds a profile's directory while it builds), each bound and optimised in the background as
# soon as it is compiled (wasm-opt is long and mostly single-threaded) while the next
# compiles. The Worker's engine (stable, its own profile and directory) compiles beside them.
# Each step's output is printed when the engine is done.
engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=(splits splits-all analytics analytics-all site site-all worker)
browser=() worker=false
for engine in "${engines[@]}"; do
  case $engine in
    splits | splits-all | analytics | analytics-all | site | site-all) browser+=("$engine") ;;
    worker) worker=true ;;
    *) echo "build-wasm.sh: no engine '$engine' (splits, splits-all, analytics, analytics-all, site, site-all, worker)" >&2; exit 2 ;;
  esac
done

# wasm-bindgen's library at the version of Cargo.lock, behind the one command line used here
# (wasm/bindgen/), built beside the CLI in target/release: in the background, while the first
# engine compiles (another target directory); `bindgen_ready` waits for it on cargo's lock.
say "cargo build --release -p rangefind-wasm-bindgen (about a minute, once; beside the engines)"
cargo build --release -p rangefind-wasm-bindgen --quiet &
bindgen_build=$!
bindgen=target/release/rangefind-wasm-bindgen
bindgen_ready() { cargo build --release -p rangefind-wasm-bindgen --quiet; }

logs=()
jobs_started=()
background() {
  local log
  log=$(mktemp)
  ("$@") >"$log" 2>&1 &
  jobs_started+=("$!")
  logs+=("$log")
}
# The Worker's engine, built for speed (profile wasm-worker, stable).
worker_engine() {
  compile rangefind-wasm-worker wasm-worker
  bindgen_ready
  finish rangefind-wasm-worker wasm-worker wasm-worker worker/src/wasm -O2
}
if $worker; then background worker_engine; fi
for engine in "${browser[@]}"; do
  case $engine in
    splits) set -- rangefind-wasm-splits wasm web/src/wasm ;;
    splits-all) set -- rangefind-wasm-splits-all wasm-all web/src/wasm-all ;;
    analytics) set -- rangefind-wasm-analytics wasm-analytics web/src/wasm-analytics ;;
    analytics-all) set -- rangefind-wasm-analytics-all wasm-analytics-all web/src/wasm-analytics-all ;;
    site) set -- rangefind-wasm-site wasm-site web/src/wasm-site ;;
    site-all) set -- rangefind-wasm-site-all wasm-site-all web/src/wasm-site-all ;;
  esac
  compile "$1" wasm small
  bindgen_ready
  background finish "$1" wasm "$2" "$3" -Oz small
done
wait "$bindgen_build" || bindgen_ready
status=0
for i in "${!jobs_started[@]}"; do
  wait "${jobs_started[$i]}" || status=$?
  cat "${logs[$i]}"
  rm -f "${logs[$i]}"
done
if [ "$status" != 0 ]; then
  echo "build-wasm.sh: a build failed (above)" >&2
  exit "$status"
fi
