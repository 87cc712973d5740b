#!/usr/bin/env node
// Packs the npm packages a release publishes, into out/npm/ (or --out DIR):
//   rangefind-VERSION.tgz                    the library, the widget, the Vite plugin and the
//                                            `rangefind` launcher (web/), with the platform
//                                            packages as optional dependencies
//   rangefind-cli-PLATFORM-VERSION.tgz       @rangefind/cli-PLATFORM: one native CLI binary
// A platform package is packed for each binary given (--binary PLATFORM=PATH), by default the
// CLI built here for linux-x64 (target/release/rangefind). A release packs the static musl
// build instead (scripts/build-cli-musl.sh, then --binary
// linux-x64=target/x86_64-unknown-linux-musl/release/rangefind) and the other platforms'
// binaries from the release workflow (docs/releasing.md).
//
//   node scripts/pack-npm.mjs [--out DIR] [--binary linux-arm64=PATH ...]
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Every platform a CLI is released for: npm's os and cpu, and the Rust target building it. */
const PLATFORMS = {
  "linux-x64": { os: "linux", cpu: "x64", rust: "x86_64-unknown-linux-musl" },
  "linux-arm64": { os: "linux", cpu: "arm64", rust: "aarch64-unknown-linux-musl" },
  "darwin-arm64": { os: "darwin", cpu: "arm64", rust: "aarch64-apple-darwin" },
  "darwin-x64": { os: "darwin", cpu: "x64", rust: "x86_64-apple-darwin" },
  "win32-x64": { os: "win32", cpu: "x64", rust: "x86_64-pc-windows-msvc" },
};

const { values } = parseArgs({
  options: { out: { type: "string", default: join(root, "out", "npm") }, binary: { type: "string", multiple: true } },
});
const out = resolve(values.out);
const binaries = Object.fromEntries((values.binary ?? []).map(parseBinary));
if (Object.keys(binaries).length === 0) binaries["linux-x64"] = localBinary();

const web = JSON.parse(readFileSync(join(root, "web", "package.json"), "utf8"));
const version = web.version;
const cargoVersion = /\[workspace\.package\][^[]*?version = "([^"]+)"/.exec(readFileSync(join(root, "Cargo.toml"), "utf8"))?.[1];
if (cargoVersion !== version) fail(`web/package.json says ${version}, Cargo.toml ${cargoVersion}: release both as one version`);
if (!existsSync(join(root, "web", "dist", "node", "cli.js"))) fail("web/dist is not built: run scripts/setup.sh (or npm run build) first");

rmSync(out, { recursive: true, force: true });
const stage = join(out, "stage");
const tarballs = [];
for (const [platform, binary] of Object.entries(binaries)) {
  tarballs.push(packPlatform(platform, binary));
}
tarballs.push(packMain());
rmSync(stage, { recursive: true, force: true });
for (const tarball of tarballs) console.log(tarball);

/** @rangefind/cli-PLATFORM: package.json, README and bin/rangefind(.exe). */
function packPlatform(platform, binary) {
  const { os, cpu } = PLATFORMS[platform];
  const dir = join(stage, `cli-${platform}`);
  const file = os === "win32" ? "rangefind.exe" : "rangefind";
  mkdirSync(join(dir, "bin"), { recursive: true });
  copyFileSync(binary, join(dir, "bin", file));
  chmodSync(join(dir, "bin", file), 0o755);
  // A release build keeps line tables for backtraces: about 150 MB, 24 MB without.
  if (platform === `${process.platform}-${process.arch}`) stripDebugInfo(join(dir, "bin", file));
  writeJson(join(dir, "package.json"), {
    name: platformPackage(platform),
    version,
    description: `The rangefind CLI for ${platform} (installed by the rangefind package; run it with npx rangefind).`,
    license: web.license,
    os: [os],
    cpu: [cpu],
    files: ["bin"],
    preferUnplugged: true,
  });
  writeFileSync(
    join(dir, "README.md"),
    `# ${platformPackage(platform)}\n\nThe \`rangefind\` command-line tool for ${platform}. Install \`rangefind\`, which depends on ` +
      `this package on ${platform} only, and run \`npx rangefind --help\`.\n`,
  );
  return pack(dir);
}

/** rangefind: web/'s files, with every platform package as an optional dependency. */
function packMain() {
  const dir = join(stage, "rangefind");
  mkdirSync(dir, { recursive: true });
  for (const entry of [...web.files, "README.md"]) cpSync(join(root, "web", entry), join(dir, entry), { recursive: true });
  rmSync(join(dir, "dist", ".source-sha256"), { force: true });
  const { devDependencies: _bundled, scripts: _scripts, ...manifest } = web;
  manifest.optionalDependencies = Object.fromEntries(Object.keys(PLATFORMS).map((p) => [platformPackage(p), version]));
  writeJson(join(dir, "package.json"), manifest);
  return pack(dir);
}

function pack(dir) {
  const report = execFileSync("npm", ["pack", "--json", "--pack-destination", out], { cwd: dir, encoding: "utf8" });
  return join(out, JSON.parse(report)[0].filename);
}

function stripDebugInfo(path) {
  try {
    execFileSync("strip", [path], { stdio: "ignore" });
  } catch {
    console.warn(`pack-npm: could not strip ${path} (no strip on PATH?): packing it as it is`);
  }
}

function platformPackage(platform) {
  return `@rangefind/cli-${platform}`;
}

function parseBinary(text) {
  const [platform, path] = text.split(/=(.*)/s);
  if (!PLATFORMS[platform] || !path) fail(`--binary ${text}: expected PLATFORM=PATH, PLATFORM one of ${Object.keys(PLATFORMS).join(", ")}`);
  if (!existsSync(path)) fail(`--binary ${text}: no such file`);
  return [platform, resolve(path)];
}

/** The CLI `cargo build --release` made here (what the tests pack: always the current code). */
function localBinary() {
  if (`${process.platform}-${process.arch}` !== "linux-x64") fail("give the binaries to pack: --binary PLATFORM=PATH");
  const path = join(root, "target/release/rangefind");
  if (!existsSync(path)) fail("no CLI built: run cargo build --release (or give --binary linux-x64=PATH) first");
  return path;
}

function writeJson(path, value) {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

function fail(message) {
  console.error(`pack-npm: ${message}`);
  process.exit(1);
}
