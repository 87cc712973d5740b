#!/usr/bin/env node
// Checks one packed npm package of a release (scripts/release/check-npm.sh): what a user and the
// registry see, read from the tarball itself.
//
//   node scripts/release/check-npm-manifest.mjs out/npm/rangefind-cli-linux-x64-0.1.0.tgz
import { execFileSync } from "node:child_process";
import { basename } from "node:path";

const tarball = process.argv[2];
if (!tarball) fail("usage: check-npm-manifest.mjs TARBALL");
const files = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" }).trim().split("\n");
const manifest = JSON.parse(execFileSync("tar", ["xzOf", tarball, "package/package.json"], { encoding: "utf8" }));
const problems = [];
const need = (ok, what) => ok || problems.push(what);

for (const file of ["package/package.json", "package/README.md", "package/LICENSE-MIT", "package/LICENSE-APACHE"]) {
  need(files.includes(file), `no ${file.slice("package/".length)}`);
}
need(manifest.license === "MIT OR Apache-2.0", `license ${manifest.license}`);
need(/^git\+https:\/\/.+\.git$/.test(manifest.repository?.url ?? ""), "no repository");
need(manifest.engines?.node, "no engines.node");
need(manifest.description, "no description");

const platform = /^@rangefind\/cli-(\w+)-(\w+)$/.exec(manifest.name);
if (platform) {
  const [, os, cpu] = platform;
  const binary = `package/bin/${os === "win32" ? "rangefind.exe" : "rangefind"}`;
  need(JSON.stringify(manifest.os) === JSON.stringify([os]), `os ${JSON.stringify(manifest.os)}`);
  need(JSON.stringify(manifest.cpu) === JSON.stringify([cpu]), `cpu ${JSON.stringify(manifest.cpu)}`);
  need(files.includes(binary), `no ${binary}`);
  need(files.length === 5, `files beyond the binary, the manifest, the README and the licences: ${files.join(", ")}`);
} else {
  need(manifest.name === "rangefind", `name ${manifest.name}`);
  need(manifest.bin?.rangefind === "bin/rangefind.js" && files.includes("package/bin/rangefind.js"), "no rangefind bin");
  const platforms = Object.keys(manifest.optionalDependencies ?? {});
  need(platforms.length === 5 && platforms.every((name) => manifest.optionalDependencies[name] === manifest.version),
    `optional dependencies ${JSON.stringify(manifest.optionalDependencies)}`);
  need(!manifest.devDependencies && !manifest.scripts, "devDependencies or scripts published");
}

if (problems.length) fail(`${basename(tarball)}: ${problems.join("; ")}`);
console.log(`${basename(tarball)}: ${manifest.name}@${manifest.version}, ${files.length} files, manifest complete`);

function fail(message) {
  console.error(`check-npm-manifest: ${message}`);
  process.exit(1);
}
