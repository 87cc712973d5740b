#!/usr/bin/env bash
# Builds the static linux-x64 CLI the npm package @rangefind/cli-linux-x64 ships (musl libc:
# runs on any Linux distribution), into target/x86_64-unknown-linux-musl/release/rangefind.
# Installs what is missing: the musl target (rustup) and musl-gcc (Debian's musl-tools), which
# compiles the C the CLI links (zstd, mimalloc, ring). Needs web/dist (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

target=x86_64-unknown-linux-musl
if ! rustup target list --installed | grep -q "^$target\$"; then
  say "rustup target add $target"
  rustup target add "$target"
fi
if ! command -v musl-gcc >/dev/null 2>&1; then
  say "apt-get install musl-tools"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq musl-tools
  else sudo apt-get update -qq && sudo apt-get install -y -qq musl-tools; fi
fi
say "cargo build --release --target $target (the CLI, without debug info: 24 MB, not 150)"
CARGO_PROFILE_RELEASE_DEBUG=false CARGO_PROFILE_RELEASE_STRIP=symbols cargo build --release --locked --quiet -p rangefind-builder --bin rangefind --target "$target"
file "target/$target/release/rangefind" 2>/dev/null || ls -l "target/$target/release/rangefind"
