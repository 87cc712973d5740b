#!/usr/bin/env bash
# Installs what rangefind needs and is missing, then builds it. Idempotent: a second run
# only checks. Needs the base toolchains of the machine (Rust via rustup); installs the rest.
#
#   scripts/setup.sh          everything the tests need: lints, Chromium, all five wasm engines
#   scripts/setup.sh --demo   what the demo needs: the site engine (the widget's) and the CLI
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step says when it starts (seconds since setup began), so a slow first run shows where it went.
say() { printf '\033[1m==> [%ds] %s\033[0m\n' "$SECONDS" "$*"; }
demo=false
case "${1:-}" in
  --demo) demo=true ;;
  "") ;;
  *) echo "usage: scripts/setup.sh [--demo]" >&2; exit 2 ;;
esac

if ! command -v cargo >/dev/null 2>&1; then
  echo "cargo is missing: install Rust with rustup (https://rustup.rs) and run this again" >&2
  exit 1
fi
if command -v rustup >/dev/null 2>&1; then
  $demo || for component in rustfmt clippy; do
    if ! rustup component list --installed 2>/dev/null | grep -q "^$component"; then
      say "rustup component add $component"
      rustup component add "$component"
    fi
  done
  # The engine must keep compiling for the browser and Worker hosts.
  if ! rustup target list --installed 2>/dev/null | grep -q '^wasm32-unknown-unknown$'; then
    say "rustup target add wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
  # The browser engines are smaller built by nightly with the standard library rebuilt for
  # size (scripts/build/build-wasm.sh): that needs the standard library's source. Without nightly
  # they are built by stable.
  if rustup run nightly rustc --version >/dev/null 2>&1 \
    && ! rustup component list --toolchain nightly --installed 2>/dev/null | grep -q '^rust-src'; then
    say "rustup component add rust-src --toolchain nightly"
    rustup component add rust-src --toolchain nightly || say "no rust-src: the browser engines will be built by stable"
  fi
fi
# A C compiler builds the bundled zstd and ring; GNU time measures peak memory in benchmarks;
# Debian's Chromium runs the browser tests (never a downloaded browser); brotli reports the
# engine's compressed size; zstd decompresses the events corpus for
# scripts/data/render-events-site.mjs.
missing=()
command -v cc >/dev/null 2>&1 || missing+=(gcc)
command -v curl >/dev/null 2>&1 || missing+=(curl)
if ! $demo; then
  [ -x /usr/bin/time ] || missing+=(time)
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v brotli >/dev/null 2>&1 || missing+=(brotli)
  command -v zstd >/dev/null 2>&1 || missing+=(zstd)
fi
if [ ${#missing[@]} -gt 0 ]; then
  say "apt-get install ${missing[*]}"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq "${missing[@]}"
  else sudo apt-get update -qq && sudo apt-get install -y -qq "${missing[@]}"; fi
fi
if ! command -v node >/dev/null 2>&1; then
  echo "node is missing: install Node.js 20 and run this again" >&2
  exit 1
fi
# npm packages (TypeScript, vitest, playwright-core, vite, webpack, binaryen), from the lock.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "npm ci"
  npm ci --no-audit --no-fund --quiet
fi
# The browser engines and the npm package (web/dist), then the CLI, which embeds the package's
# <rangefind-search> widget (builder/build.rs). The demo's widget needs only the site engine.
if $demo; then ./scripts/build/build-wasm.sh site; else ./scripts/build/build-wasm.sh; fi
say "npm run build (the rangefind package)"
npm run build --silent
# The demo runs the CLI alone; the tests also run the benchmark and typo tools beside it.
if $demo; then
  say "cargo build --release --bin rangefind (the first build takes a few minutes)"
  cargo build --release --bin rangefind --quiet
else
  say "cargo build --release (the first build takes a few minutes)"
  cargo build --release --quiet
fi
say "setup done"
