#!/usr/bin/env bash
# Fails unless this checkout's builder writes, byte for byte, what commit REF's wrote: for a
# change meant to move code without changing what it does (a restructuring, a rename).
#
#   scripts/checks/compare-builds.sh REF     e.g. main, HEAD~3, a commit hash
#
# What is built, by both: the MDN sample site bundled in examples/mdn-site (`build --site
# --splits`: site file, site.json, lexicon, splits, manifest), the MDN JSONL sample bundled in
# examples/mdn, and, when ../shared/corpora is present, the whole MDN site and the first 50,000
# GitHub events. REF's CLI is built once in target/compare (a target directory of its own, so
# this checkout's build is left as it is: a first run costs a release build, ~6 min on 2 cores)
# and kept as target/compare/rangefind-HASH.
set -euo pipefail
cd "$(dirname "$0")/../.."
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

[ $# -eq 1 ] || { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
ref=$(git rev-parse --verify "$1^{commit}") || { echo "compare-builds: no commit $1" >&2; exit 2; }
reference_bin=target/compare/rangefind-$ref
if [ ! -x "$reference_bin" ]; then
  say "building the CLI of ${ref:0:10} in target/compare"
  tree=$(mktemp -d)
  trap 'git worktree remove --force "$tree" 2>/dev/null || true; rm -rf "$tree"' EXIT
  git worktree add --detach --quiet "$tree" "$ref"
  CARGO_TARGET_DIR="$PWD/target/compare" cargo build --release --quiet --bin rangefind \
    --manifest-path "$tree/Cargo.toml"
  cp target/compare/release/rangefind "$reference_bin"
fi
say "building this checkout's CLI"
cargo build --release --quiet --bin rangefind
current_bin=target/release/rangefind

work=out/compare-builds
rm -rf "$work"
mkdir -p "$work/input"
tar xzf examples/mdn-site/sample-site.tar.gz -C "$work/input"
mv "$work/input/site-mdn" "$work/input/sample-site"
inputs=(sample-site mdn-jsonl-sample)
shared=../shared/corpora
if [ -d "$shared" ]; then
  tar xzf "$shared/site-mdn.tar.gz" -C "$work/input"
  # zstd is cut off by head's early exit: its broken pipe is expected.
  { zstd -dc "$shared/events-dev.jsonl.zst" || true; } | head -n 50000 >"$work/input/events.jsonl"
  inputs+=(site-mdn events)
else
  echo "(../shared/corpora is absent: comparing the bundled samples only)"
fi

build() { # build BIN NAME OUT
  local bin=$1 name=$2 out=$3
  case $name in
    sample-site | site-mdn)
      "$bin" build --site "$work/input/$name" --out "$out" --splits --no-widget --quiet ;;
    mdn-jsonl-sample)
      "$bin" build --config examples/mdn/rangefind.yaml --input examples/mdn/sample.jsonl.gz \
        --out "$out" --quiet ;;
    events)
      "$bin" build --config examples/events/rangefind.yaml --input "$work/input/events.jsonl" \
        --split-docs 20000 --out "$out" --quiet ;;
  esac
}

failed=0
for name in "${inputs[@]}"; do
  say "$name"
  for side in reference current; do
    bin=$reference_bin
    [ $side = current ] && bin=$current_bin
    log=$work/$name.$side.log
    build "$bin" "$name" "$work/$side/$name" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
  done
  files=$(find "$work/reference/$name" -type f | wc -l)
  if diff -r "$work/reference/$name" "$work/current/$name"; then
    echo "   the same: $files files, $(du -sh "$work/current/$name" | cut -f1)"
  else
    failed=1
  fi
done
[ $failed = 0 ] || { echo "compare-builds: the builds differ from ${ref:0:10}'s" >&2; exit 1; }
say "every file the same as ${ref:0:10}'s"
