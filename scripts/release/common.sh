# Shared by the release scripts (sourced): how they speak, fail, install Debian packages, and
# where build-cli.sh keeps the tools it installs (zig, cargo-zigbuild, wheel).
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
fail() { printf '%s: %s\n' "$(basename "$0" .sh)" "$*" >&2; exit 1; }

# apt-get install of the named packages, as root or through sudo; nothing when none is named.
apt_install() {
  [ $# -gt 0 ] || return 0
  say "apt-get install $*"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq "$@"
  else sudo apt-get update -qq && sudo apt-get install -y -qq "$@"; fi
}

# The MkDocs the MkDocs recipe is tried with (check-pip.sh) and the documentation site is built
# by (scripts/build/docs-site.sh).
MKDOCS_VERSION=1.6.1

RELEASE_TOOLS="${RANGEFIND_RELEASE_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/rangefind/release-tools}"

# The release's version, as Cargo.toml's [workspace.package] gives it (pack-npm.mjs refuses a
# web/package.json that disagrees).
release_version() {
  sed -n '/\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml
}
