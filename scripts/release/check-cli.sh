#!/usr/bin/env bash
# Runs each CLI scripts/release/build-cli.sh built, where this Linux x86-64 machine can run it:
#
#   scripts/release/check-cli.sh [PLATFORM ...]     (every platform in out/cli when none is named)
#
#   linux-x64     natively
#   linux-arm64   under qemu-user (Debian's qemu-user)
#   win32-x64     under Wine (Debian's wine64), given Windows paths: drive letter, backslashes;
#                 Wine 8 lacks a DLL every Windows 10 has, built here from wine/ with zig
#   darwin-*      not run: checked to be a Mach-O executable of its architecture that loads
#                 only macOS's own libraries (scripts/release/check-macho.py)
#
# Each run: `--version`; `build --site` on the bundled sample site, with the word memory so
# small that the build spills to temporary files; `search` finding pages; `serve` answering a
# Range request with 206 and exactly the bytes asked. Under a minute for all five (12 s on 2
# cores, 2026-12-01), once qemu-user and wine64 are installed (it installs them when missing).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/release/common.sh

platforms=("$@")
if [ ${#platforms[@]} -eq 0 ]; then
  for dir in out/cli/*/; do [ -d "$dir" ] && platforms+=("$(basename "$dir")"); done
fi
[ ${#platforms[@]} -gt 0 ] || fail "nothing in out/cli: run scripts/release/build-cli.sh first"

needs=()
for platform in "${platforms[@]}"; do
  case "$platform" in
    linux-arm64) command -v qemu-aarch64 >/dev/null || needs+=(qemu-user) ;;
    win32-x64) command -v wine >/dev/null || needs+=(wine64 wine) ;;
  esac
done
command -v curl >/dev/null || needs+=(curl)
apt_install "${needs[@]}"

version=$(release_version)
work=$(mktemp -d "${TMPDIR:-/tmp}/rangefind-check-cli.XXXXXX")
server=
cleanup() {
  [ -z "$server" ] || kill "$server" 2>/dev/null || true
  if [ -d "$work/wine" ]; then WINEPREFIX="$work/wine" wineserver -k 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# The CLI's own spelling of a path: Windows paths for the Windows binary.
native_path() {
  if [ "$platform" = win32-x64 ]; then winepath -w "$1" 2>/dev/null; else printf '%s' "$1"; fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

smoke_run() {
  local bin=$1 site="$work/$platform/site-mdn"
  say "$platform: --version"
  local printed
  printed=$("${runner[@]}" "$bin" --version | tr -d '\r')
  echo "$printed"
  [[ "$printed" == "rangefind $version "* ]] || fail "$platform: --version printed '$printed', expected rangefind $version"

  say "$platform: build --site (spilling to temporary files)"
  mkdir -p "$work/$platform"
  tar xzf examples/mdn-site/sample-site.tar.gz -C "$work/$platform"
  "${runner[@]}" "$bin" build --site "$(native_path "$site")" --word-memory 1 --quiet
  for file in site.json rangefind-search.js worker.js wasm-site/rangefind_wasm_bg.wasm; do
    [ -s "$site/_rangefind/$file" ] || fail "$platform: the build wrote no _rangefind/$file"
  done

  say "$platform: search"
  "${runner[@]}" "$bin" search "$(native_path "$site/_rangefind")" "fetch api" --json --fields title,url >"$work/found.json"
  python3 - "$work/found.json" "$platform" <<'EOF'
import json, sys
found = json.load(open(sys.argv[1], encoding="utf-8"))
titles = [hit["doc"].get("title", "") for hit in found["hits"]]
if found["count"] == 0 or not any("fetch" in title.lower() for title in titles):
    sys.exit(f"check-cli: {sys.argv[2]}: 'fetch api' found {found['count']} pages: {titles}")
print(f"'fetch api': {found['count']} pages, first {titles[0]!r}")
EOF

  say "$platform: serve, and a Range request"
  local port
  port=$(free_port)
  "${runner[@]}" "$bin" serve "$(native_path "$site")" --port "$port" >"$work/serve.log" 2>&1 &
  server=$!
  local url="http://127.0.0.1:$port/_rangefind/site.json" status=
  for _ in $(seq 300); do
    status=$(curl -s -o "$work/range" -w '%{http_code}' -H 'Range: bytes=10-109' "$url" || true)
    [ "$status" = 000 ] || break
    sleep 0.2
  done
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  server=
  [ "$status" = 206 ] || fail "$platform: Range request answered $status, expected 206 ($(cat "$work/serve.log"))"
  cmp -s "$work/range" <(tail -c +11 "$site/_rangefind/site.json" | head -c 100) \
    || fail "$platform: the Range answer is not bytes 10-109 of site.json"
  echo "206, the 100 bytes asked"
}

for platform in "${platforms[@]}"; do
  case "$platform" in
    darwin-x64) python3 scripts/release/check-macho.py "out/cli/$platform/rangefind" x86_64; continue ;;
    darwin-arm64) python3 scripts/release/check-macho.py "out/cli/$platform/rangefind" arm64; continue ;;
    linux-x64) runner=(env) bin="out/cli/$platform/rangefind" ;;
    linux-arm64) runner=(qemu-aarch64) bin="out/cli/$platform/rangefind" ;;
    win32-x64)
      export WINEPREFIX="$work/wine" WINEDEBUG=-all
      runner=(wine) bin="out/cli/$platform/rangefind.exe"
      say "win32-x64: a new Wine prefix (the first start takes a minute)"
      wineboot --init >/dev/null 2>&1 || true
      # zig from build-cli.sh's tools.
      "$RELEASE_TOOLS/bin/python" -m ziglang cc -target x86_64-windows-gnu -shared -O2 \
        -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
        scripts/release/wine/bcryptprimitives.c scripts/release/wine/bcryptprimitives.def -ladvapi32
      ;;
    *) fail "unknown platform '$platform'" ;;
  esac
  [ -f "$bin" ] || fail "$bin is missing: run scripts/release/build-cli.sh $platform"
  started=$SECONDS
  smoke_run "$bin"
  say "$platform: passed in $((SECONDS - started))s"
done
