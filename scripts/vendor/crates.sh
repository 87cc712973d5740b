#!/usr/bin/env bash
# The crates rangefind builds patched (third_party/README.md says what each patch changes and
# why): each is the crate published on crates.io, checked against its checksum, less the files
# a build never reads, with third_party/NAME.patch applied.
#
#   scripts/vendor/crates.sh           rewrite third_party/NAME/ from each crate and its patch
#   scripts/vendor/crates.sh --check   fail when a third_party/NAME/ is not exactly that
#   scripts/vendor/crates.sh --diff    rewrite each third_party/NAME.patch from third_party/NAME/
#                                      (after editing the copy by hand)
#
# To move a crate to a new version: set its version and checksum below (the `checksum`
# crates.io's index gives, or Cargo.lock's before the crate was patched in), run it, mend the
# patch where it no longer applies, run `--diff`.
set -euo pipefail
cd "$(dirname "$0")/../.."

# name, version, sha256 of the .crate, then what in the published crate a build does not read:
# its repository's tooling, book, benchmark data and lock (a dependency's lock is never read),
# its .gitignore and cargo's copy of the manifest as written.
CRATES=(
  "tantivy 0.27.0 ad1ebacf6bc124b741ffbfb088f9835cb55e1e2ff57e182e9219e3efa1377b97
    .cargo_vcs_info.json .claude .github .gitignore doc Cargo.lock Cargo.toml.orig"
  "tantivy-columnar 0.27.0 95101fe3dd4a76156bdeff8d14ad41c547f2c1bce7ee0d23fdb6f95599f312ec
    .cargo_vcs_info.json Cargo.lock Cargo.toml.orig"
  "tantivy-fst 0.5.0 d60769b80ad7953d8a7b2c70cdfe722bbcdcac6bccc8ac934c40c034d866fc18
    .cargo_vcs_info.json Cargo.toml.orig data ci appveyor.yml Makefile"
)

mode=${1:-write}
case $mode in write | --check | --diff) ;; *) echo "usage: scripts/vendor/crates.sh [--check|--diff]" >&2; exit 2 ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# published NAME VERSION SHA256 UNUSED...: the crate as published, less UNUSED, into $work/a/NAME.
# Downloaded once into target/ (the test command runs --check on every run).
published() {
  local name=$1 version=$2 sha256=$3
  shift 3
  local crate="target/vendor/$name-$version.crate"
  if ! echo "$sha256  $crate" | sha256sum --check --quiet --status 2>/dev/null; then
    mkdir -p target/vendor
    curl -fsS -o "$crate.part" "https://static.crates.io/crates/$name/$name-$version.crate"
    echo "$sha256  $crate.part" | sha256sum --check --quiet
    mv "$crate.part" "$crate"
  fi
  mkdir -p "$work/a"
  tar xzf "$crate" -C "$work"
  mv "$work/$name-$version" "$work/a/$name"
  (cd "$work/a/$name" && rm -rf "$@")
}

status=0
for entry in "${CRATES[@]}"; do
  # shellcheck disable=SC2086 # the entry is words: name, version, checksum, unused files
  set -- $entry
  name=$1 version=$2
  published "$@"
  patch_file="third_party/$name.patch"

  if [ "$mode" = --diff ]; then
    # diff exits 1 when the trees differ, which is the point here.
    (cd "$work/a" && diff -ruN "$name" "$OLDPWD/third_party/$name" -x target) \
      | sed -e "s#^--- $name/\([^\t]*\).*#--- a/\1#" -e "s#^+++ $PWD/third_party/$name/\([^\t]*\).*#+++ b/\1#" \
        -e "s#^diff -ruN -x target $name/\([^ ]*\) .*#diff -ruN a/\1 b/\1#" > "$patch_file" || true
    echo "$patch_file: $(grep -c '^diff ' "$patch_file") files changed"
    continue
  fi

  (cd "$work/a/$name" && patch -p1 --quiet --no-backup-if-mismatch) < "$patch_file"
  if [ "$mode" = --check ]; then
    if ! diff -r -x target "$work/a/$name" "third_party/$name" >"$work/differences"; then
      head -40 "$work/differences" >&2
      echo "third_party/$name/ is not $name $version with $patch_file: edit the copy, then scripts/vendor/crates.sh --diff" >&2
      status=1
      continue
    fi
  else
    rm -rf "third_party/$name"
    mv "$work/a/$name" "third_party/$name"
  fi
  echo "third_party/$name/: $name $version with $patch_file"
done
exit $status
