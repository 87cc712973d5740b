#!/usr/bin/env bash
# Installs what rangefind needs and is missing, then builds it. Idempotent: a second run
# only checks. Needs the base toolchains of the machine (Rust via rustup); installs the rest.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

if ! command -v cargo >/dev/null 2>&1; then
  echo "cargo is missing: install Rust with rustup (https://rustup.rs) and run this again" >&2
  exit 1
fi
if command -v rustup >/dev/null 2>&1; then
  for component in rustfmt clippy; do
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
fi
# A C compiler builds the bundled zstd and ring; GNU time measures peak memory in benchmarks;
# Debian's Chromium runs the browser tests (never a downloaded browser); brotli reports the
# engine's compressed size.
missing=()
command -v cc >/dev/null 2>&1 || missing+=(gcc)
[ -x /usr/bin/time ] || missing+=(time)
command -v curl >/dev/null 2>&1 || missing+=(curl)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v brotli >/dev/null 2>&1 || missing+=(brotli)
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
# The browser engine and the npm package (web/dist), then the CLI, which embeds the package's
# <rangefind-search> widget (builder/build.rs).
./scripts/build-wasm.sh
say "npm run build (the rangefind package)"
npm run build --silent
say "cargo build --release (the first build takes a few minutes)"
cargo build --release --quiet
