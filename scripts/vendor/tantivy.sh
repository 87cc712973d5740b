#!/usr/bin/env bash
# tantivy as rangefind builds it: the crate published on crates.io, checked against its
# checksum, less the files a build never reads, with third_party/tantivy.patch applied
# (third_party/README.md says what the patch changes and why).
#
#   scripts/vendor/tantivy.sh           rewrite third_party/tantivy/ from the crate and the patch
#   scripts/vendor/tantivy.sh --check   fail when third_party/tantivy/ is not exactly that
#   scripts/vendor/tantivy.sh --diff    rewrite third_party/tantivy.patch from third_party/tantivy/
#                                       (after editing the copy by hand)
#
# To move to a new tantivy: set VERSION and SHA256 below (the `checksum` crates.io's index and
# Cargo.lock give), run it, mend the patch where it no longer applies, run `--diff`.
set -euo pipefail
cd "$(dirname "$0")/../.."
VERSION=0.27.0
SHA256=ad1ebacf6bc124b741ffbfb088f9835cb55e1e2ff57e182e9219e3efa1377b97
# In the published crate, not needed to build it: its repository's tooling and book, its lock
# (a dependency's lock is never read), its .gitignore and cargo's copy of the manifest as written.
UNUSED=(.cargo_vcs_info.json .claude .github .gitignore doc Cargo.lock Cargo.toml.orig)

mode=${1:-write}
case $mode in write | --check | --diff) ;; *) echo "usage: scripts/vendor/tantivy.sh [--check|--diff]" >&2; exit 2 ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Downloaded once into target/ (the test command runs --check on every run).
crate="target/vendor/tantivy-$VERSION.crate"
if ! echo "$SHA256  $crate" | sha256sum --check --quiet --status 2>/dev/null; then
  mkdir -p target/vendor
  curl -fsS -o "$crate.part" "https://static.crates.io/crates/tantivy/tantivy-$VERSION.crate"
  echo "$SHA256  $crate.part" | sha256sum --check --quiet
  mv "$crate.part" "$crate"
fi
tar xzf "$crate" -C "$work"
mkdir -p "$work/a"
mv "$work/tantivy-$VERSION" "$work/a/tantivy"
(cd "$work/a/tantivy" && rm -rf "${UNUSED[@]}")

if [ "$mode" = --diff ]; then
  # diff exits 1 when the trees differ, which is the point here.
  (cd "$work/a" && diff -ruN tantivy "$OLDPWD/third_party/tantivy" -x target) \
    | sed -e "s#^--- tantivy/\([^\t]*\).*#--- a/\1#" -e "s#^+++ $PWD/third_party/tantivy/\([^\t]*\).*#+++ b/\1#" \
      -e "s#^diff -ruN -x target tantivy/\([^ ]*\) .*#diff -ruN a/\1 b/\1#" > third_party/tantivy.patch || true
  echo "third_party/tantivy.patch: $(grep -c '^diff ' third_party/tantivy.patch) files changed"
  exit 0
fi

(cd "$work/a/tantivy" && patch -p1 --quiet --no-backup-if-mismatch) < third_party/tantivy.patch
if [ "$mode" = --check ]; then
  if ! diff -r -x target "$work/a/tantivy" third_party/tantivy >"$work/differences"; then
    head -40 "$work/differences" >&2
    echo "third_party/tantivy/ is not tantivy $VERSION with third_party/tantivy.patch: edit the copy, then scripts/vendor/tantivy.sh --diff" >&2
    exit 1
  fi
  echo "third_party/tantivy/: tantivy $VERSION with third_party/tantivy.patch"
  exit 0
fi
rm -rf third_party/tantivy
mv "$work/a/tantivy" third_party/tantivy
echo "third_party/tantivy/: tantivy $VERSION with third_party/tantivy.patch"
