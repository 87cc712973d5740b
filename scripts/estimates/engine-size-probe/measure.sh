#!/usr/bin/env bash
# Builds the size probe as the browser engine is built (opt-level z, LTO, wasm-bindgen,
# wasm-opt -Oz) with each codec and with all stemmers, and prints raw and brotli -q 11 sizes.
# Needs what scripts/setup.sh installs (the wasm target, wasm-bindgen, npm binaryen, brotli).
set -euo pipefail
cd "$(dirname "$0")"
repo=$(realpath ../../..)
export CARGO_TARGET_DIR="$repo/target/engine-size-probe"
for features in "" zstd deflate "zstd all-stemmers"; do
  cargo build -q --release --target wasm32-unknown-unknown --features "$features"
  out="$CARGO_TARGET_DIR/bound-${features// /-}"
  wasm-bindgen --target web --out-dir "$out" "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/sizeprobe.wasm"
  "$repo/node_modules/.bin/wasm-opt" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals "$out/sizeprobe_bg.wasm" -o "$out/opt.wasm"
  printf 'features [%s]: %s bytes raw, %s brotli -q 11\n' "$features" \
    "$(wc -c < "$out/opt.wasm")" "$(brotli -q 11 -c "$out/opt.wasm" | wc -c)"
done
