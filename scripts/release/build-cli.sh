#!/usr/bin/env bash
# Builds the rangefind CLI for every platform a release ships, on this Linux x86-64 machine:
#
#   scripts/release/build-cli.sh [PLATFORM ...]     (all five when none is named)
#
# PLATFORM is named as npm names it: linux-x64, linux-arm64, darwin-x64, darwin-arm64,
# win32-x64. Each lands in out/cli/PLATFORM/rangefind (rangefind.exe for win32-x64), stripped.
# The release workflow runs this same script, so what is released is what is tested here
# (scripts/release/check-cli.sh runs the binaries; docs/releasing.md says what is verified).
#
# Cross-compiling: `cargo zigbuild` links with zig's linker and compiles the C the CLI carries
# (zstd, mimalloc, ring) with zig's clang, which ships the libc of every target: static musl
# for Linux (runs on any distribution), macOS's libSystem stubs, and MinGW for Windows. macOS's
# Security and CoreFoundation frameworks (native TLS roots, the time zone) are linked against
# the lists of their symbols in scripts/release/macos/, as Apple's SDK would provide them. Both
# tools come from PyPI (packages ziglang and cargo-zigbuild) into a virtual environment of their own;
# the Rust targets come from rustup, and `wheel` (for build-wheels.py) joins them. Idempotent:
# a second run only checks and builds.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/release/common.sh

# The versions measured to work together (2026-12-01).
ZIGLANG_VERSION=0.17.1
CARGO_ZIGBUILD_VERSION=0.24.1
WHEEL_VERSION=0.45.1

rust_target() {
  case "$1" in
    linux-x64) echo x86_64-unknown-linux-musl ;;
    linux-arm64) echo aarch64-unknown-linux-musl ;;
    darwin-x64) echo x86_64-apple-darwin ;;
    darwin-arm64) echo aarch64-apple-darwin ;;
    win32-x64) echo x86_64-pc-windows-gnu ;;
    *) return 1 ;;
  esac
}
ALL_PLATFORMS=(linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64)

case "${1:-}" in
  -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
platforms=("$@")
[ ${#platforms[@]} -gt 0 ] || platforms=("${ALL_PLATFORMS[@]}")
for platform in "${platforms[@]}"; do
  if ! rust_target "$platform" >/dev/null; then
    echo "build-cli: unknown platform '$platform': expected one of ${ALL_PLATFORMS[*]}" >&2
    exit 2
  fi
done

# The widget and the site engine the CLI embeds (builder/build.rs), and the browser engines.
if [ ! -f web/dist/.source-sha256 ]; then
  say "web/dist is not built: scripts/setup.sh"
  ./scripts/setup.sh
fi

tools=$RELEASE_TOOLS
if ! "$tools/bin/cargo-zigbuild" --version 2>/dev/null | grep -q "$CARGO_ZIGBUILD_VERSION" \
  || ! "$tools/bin/python" -m ziglang version >/dev/null 2>&1 \
  || ! "$tools/bin/python" -m wheel version >/dev/null 2>&1; then
  say "pip install ziglang==$ZIGLANG_VERSION cargo-zigbuild==$CARGO_ZIGBUILD_VERSION wheel==$WHEEL_VERSION (into $tools)"
  python3 -m venv "$tools"
  "$tools/bin/pip" install --quiet --disable-pip-version-check \
    "ziglang==$ZIGLANG_VERSION" "cargo-zigbuild==$CARGO_ZIGBUILD_VERSION" "wheel==$WHEEL_VERSION"
fi
# cargo-zigbuild finds zig as `python -m ziglang` of the python first on PATH.
export PATH="$tools/bin:$PATH"

for platform in "${platforms[@]}"; do
  target=$(rust_target "$platform")
  if ! rustup target list --installed | grep -q "^$target\$"; then
    say "rustup target add $target"
    rustup target add "$target"
  fi
done

for platform in "${platforms[@]}"; do
  target=$(rust_target "$platform")
  exe=rangefind
  [ "$platform" = win32-x64 ] && exe=rangefind.exe
  say "cargo zigbuild --release --target $target ($platform)"
  started=$SECONDS
  # Flags for the final link only (`rustc -- …`), so the dependencies are built as for any target.
  link_flags=()
  case "$platform" in darwin-*) link_flags=(-C "link-arg=-F$PWD/scripts/release/macos") ;; esac
  # No debug info in what users download: 24 MB instead of 150 (linux-x64). zig's clang
  # refuses __DATE__ (reproducible builds), which mimalloc's version banner uses.
  CARGO_PROFILE_RELEASE_DEBUG=false CARGO_PROFILE_RELEASE_STRIP=symbols TARGET_CFLAGS=-Wno-error=date-time \
    cargo-zigbuild rustc --release --locked --quiet -p rangefind-builder --bin rangefind --target "$target" \
    -- "${link_flags[@]}"
  mkdir -p "out/cli/$platform"
  cp "target/$target/release/$exe" "out/cli/$platform/$exe"
  printf '%s: out/cli/%s/%s, %s bytes, built in %ss\n' "$platform" "$platform" "$exe" \
    "$(stat -c %s "out/cli/$platform/$exe")" "$((SECONDS - started))"
done
