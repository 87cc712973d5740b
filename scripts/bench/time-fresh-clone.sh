#!/usr/bin/env bash
# Times the README's quick start as a new user meets it: a clone of this checkout (with its
# uncommitted changes) beside it, in ../rangefind-fresh-clone (so that ../shared/corpora is
# where the tests look for it), with no build products, an empty CARGO_HOME (crates are
# downloaded again), an empty npm cache, a new virtual environment for the docs site's MkDocs
# with pip's cache off, and a PATH without ~/.cargo/bin (rustup's cargo, rustc and rustup stay
# reachable). What it cannot undo: the rustup toolchains and targets and the apt packages
# already on this machine.
#
#   scripts/bench/time-fresh-clone.sh demo    # scripts/demo.sh, without serving
#   scripts/bench/time-fresh-clone.sh test    # scripts/test.sh
set -euo pipefail
what=${1:?usage: scripts/bench/time-fresh-clone.sh demo|test}
checkout=$(cd "$(dirname "$0")/../.." && pwd)
fresh=$(dirname "$checkout")/rangefind-fresh-clone
rm -rf "$fresh" /tmp/fresh-cargo-home /tmp/fresh-npm-cache /tmp/fresh-bin /tmp/fresh-docs-tools
mkdir -p /tmp/fresh-cargo-home /tmp/fresh-bin
for tool in cargo rustc rustup rustfmt cargo-fmt rustdoc cargo-clippy clippy-driver; do
  ln -s "$HOME/.cargo/bin/$tool" "/tmp/fresh-bin/$tool"
done
git clone -q "$checkout" "$fresh"
(cd "$checkout" && git diff HEAD) | (cd "$fresh" && git apply --allow-empty)
(cd "$checkout" && git ls-files --others --exclude-standard) | while read -r file; do
  mkdir -p "$fresh/$(dirname "$file")"
  cp -p "$checkout/$file" "$fresh/$file"
done
path="/tmp/fresh-bin:/tmp/fresh-cargo-home/bin:$(echo "$PATH" | tr ':' '\n' | grep -v '\.cargo' | paste -sd:)"
cd "$fresh"
case $what in
  demo) command=(env DEMO_NO_SERVE=1 PORT=18181 ./scripts/demo.sh) ;;
  test) command=(env DEMO_PORT=18182 ./scripts/test.sh) ;;
  *) echo "usage: scripts/bench/time-fresh-clone.sh demo|test" >&2; exit 2 ;;
esac
/usr/bin/time -f "wall: %e s" env PATH="$path" CARGO_HOME=/tmp/fresh-cargo-home \
  npm_config_cache=/tmp/fresh-npm-cache RANGEFIND_DOCS_TOOLS=/tmp/fresh-docs-tools PIP_NO_CACHE_DIR=1 \
  "${command[@]}"
