#!/usr/bin/env node
// Packs the npm packages a release publishes, into out/npm/ (or --out DIR):
//   rangefind-VERSION.tgz                    the library, the widget, the Vite plugin and the
//                                            `rangefind` launcher (web/), with the platform
//                                            packages as optional dependencies
//   rangefind-cli-PLATFORM-VERSION.tgz       @rangefind/cli-PLATFORM: one native CLI binary
// A platform package is packed for each binary given (--binary PLATFORM=PATH, or --cli-dir DIR
// for every DIR/PLATFORM/rangefind(.exe) there), by default the CLI built here for linux-x64
// (target/release/rangefind, what the tests pack: always the current code). A release packs
// the five scripts/release/build-cli.sh builds into out/cli (docs/releasing.md).
//
//   node scripts/release/pack-npm.mjs [--out DIR] [--cli-dir out/cli] [--binary linux-arm64=PATH ...]
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");

/** Every platform a CLI is released for: npm's os and cpu (scripts/release/build-cli.sh builds them). */
const PLATFORMS = {
  "linux-x64": { os: "linux", cpu: "x64" },
  "linux-arm64": { os: "linux", cpu: "arm64" },
  "darwin-arm64": { os: "darwin", cpu: "arm64" },
  "darwin-x64": { os: "darwin", cpu: "x64" },
  "win32-x64": { os: "win32", cpu: "x64" },
};
const LICENSE_FILES = ["LICENSE-MIT", "LICENSE-APACHE"];

const { values } = parseArgs({
  options: {
    out: { type: "string", default: join(root, "out", "npm") },
    binary: { type: "string", multiple: true },
    "cli-dir": { type: "string" },
  },
});
const out = resolve(values.out);
const binaries = Object.fromEntries([...(values["cli-dir"] ? builtBinaries(values["cli-dir"]) : []), ...(values.binary ?? []).map(parseBinary)]);
if (Object.keys(binaries).length === 0) binaries["linux-x64"] = localBinary();

const web = JSON.parse(readFileSync(join(root, "web", "package.json"), "utf8"));
const version = web.version;
const cargoVersion = /\[workspace\.package\][^[]*?version = "([^"]+)"/.exec(readFileSync(join(root, "Cargo.toml"), "utf8"))?.[1];
const repository = /\[workspace\.package\][^[]*?repository = "([^"]+)"/.exec(readFileSync(join(root, "Cargo.toml"), "utf8"))?.[1];
if (!repository) fail("Cargo.toml's [workspace.package] names no repository");
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
  // A local release build keeps its symbols: 32 MB, 24 MB stripped (build-cli.sh builds stripped).
  if (platform === `${process.platform}-${process.arch}`) stripDebugInfo(join(dir, "bin", file));
  writeJson(join(dir, "package.json"), {
    name: platformPackage(platform),
    version,
    description: `The rangefind CLI for ${platform} (installed by the rangefind package; run it with npx rangefind).`,
    license: web.license,
    repository: repositoryOf(),
    os: [os],
    cpu: [cpu],
    engines: web.engines,
    files: ["bin", ...LICENSE_FILES],
    preferUnplugged: true,
  });
  copyLicenses(dir);
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
  manifest.repository = repositoryOf("web");
  // npm adds a LICENSE of its own accord, not LICENSE-MIT and LICENSE-APACHE.
  manifest.files = [...web.files, ...LICENSE_FILES];
  manifest.optionalDependencies = Object.fromEntries(Object.keys(PLATFORMS).map((p) => [platformPackage(p), version]));
  writeJson(join(dir, "package.json"), manifest);
  copyLicenses(dir);
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

/** npm's repository field: the project's git repository, and the package's folder in it if any
 * (a platform package is generated here, from no folder of its own). */
function repositoryOf(directory) {
  return { type: "git", url: `git+${repository}.git`, ...(directory ? { directory } : {}) };
}

function copyLicenses(dir) {
  for (const file of LICENSE_FILES) copyFileSync(join(root, file), join(dir, file));
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

/** DIR/PLATFORM/rangefind(.exe) for every platform built there (scripts/release/build-cli.sh). */
function builtBinaries(dir) {
  const found = Object.entries(PLATFORMS)
    .map(([platform, { os }]) => [platform, resolve(dir, platform, os === "win32" ? "rangefind.exe" : "rangefind")])
    .filter(([, path]) => existsSync(path));
  if (found.length === 0) fail(`--cli-dir ${dir}: no PLATFORM/rangefind there (run scripts/release/build-cli.sh)`);
  return found;
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
