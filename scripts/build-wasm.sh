#!/usr/bin/env bash
# Builds the browser/Worker engine into web/src/wasm/ (and a copy in worker/src/wasm/):
#   cargo (profile `wasm`: opt-level z, LTO, one codegen unit)
#   → wasm-bindgen --target web (the JS glue loads the .wasm with new URL(..., import.meta.url))
#   → wasm-opt -Oz (npm binaryen; Debian's binaryen 108 produces modules that fail to load).
# Installs wasm-bindgen-cli at exactly the version in Cargo.lock when it is missing.
# Skips wasm-opt when the module did not change. Prints the sizes (raw, gzip, brotli).
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
  say "cargo install wasm-bindgen-cli $version (about 3 minutes, once)"
  cargo install wasm-bindgen-cli --version "$version" --quiet
fi
if [ ! -x node_modules/.bin/wasm-opt ]; then
  say "npm ci (binaryen for wasm-opt)"
  npm ci --no-audit --no-fund --quiet
fi

say "cargo build -p rangefind-wasm --profile wasm --target wasm32-unknown-unknown"
cargo build -p rangefind-wasm --profile wasm --target wasm32-unknown-unknown --quiet
module=target/wasm32-unknown-unknown/wasm/rangefind_wasm.wasm
out=web/src/wasm
stamp="$out/.source-sha256"
source_sha=$(sha256sum "$module" | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$source_sha" ] && [ -f "$out/rangefind_wasm_bg.wasm" ]; then
  say "wasm engine up to date"
else
  mkdir -p "$out" target/wasm-bindgen
  wasm-bindgen --target web --out-dir target/wasm-bindgen --out-name rangefind_wasm "$module"
  say "wasm-opt -Oz (about a minute)"
  node_modules/.bin/wasm-opt -Oz --zero-filled-memory \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
    target/wasm-bindgen/rangefind_wasm_bg.wasm -o "$out/rangefind_wasm_bg.wasm"
  cp target/wasm-bindgen/rangefind_wasm.js target/wasm-bindgen/rangefind_wasm.d.ts "$out/"
  echo "$source_sha" > "$stamp"
fi
# The Worker bundles its own copy (wrangler and its test pool resolve modules inside worker/).
mkdir -p worker/src/wasm
for file in rangefind_wasm_bg.wasm rangefind_wasm.js rangefind_wasm.d.ts; do
  cmp -s "$out/$file" "worker/src/wasm/$file" || cp "$out/$file" "worker/src/wasm/$file"
done
wasm="$out/rangefind_wasm_bg.wasm"
printf 'rangefind_wasm_bg.wasm: %s bytes raw, %s gzip -9, %s brotli -q 11\n' \
  "$(wc -c < "$wasm")" "$(gzip -9 -c "$wasm" | wc -c)" \
  "$( (command -v brotli >/dev/null && brotli -q 11 -c "$wasm" | wc -c) || echo '?')"
