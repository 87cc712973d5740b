#!/usr/bin/env node
// Usage: minify-wasm-names.mjs WASM MAP GLUE
// Rewrites wasm-bindgen's JS glue GLUE for the module WASM, whose import and export names
// `wasm-opt --minify-imports-and-exports-and-modules` shortened, with the mapping that pass
// printed (MAP, JSON: `imports` [module, name, new], `exports` [name, new]; the new module
// names are read from WASM).
//
// Why: wasm-bindgen names every import and export after the Rust item and a hash
// (`__wbg_fetch_3d2565ddc26dfa24`, closure shims of 300 characters); the hashes do not
// compress. Short names take 1.4 KB off the site engine (brotli) and 0.9 KB off its glue.
// The glue refers to imports as keys of its import object (`name: function`), to the import
// module by its quoted name, and to exports as `wasm.name`; every old name must be gone
// afterwards, or the build stops (a wasm-bindgen that writes its glue another way).
import { readFileSync, writeFileSync } from "node:fs";

const [wasmPath, mapPath, gluePath] = process.argv.slice(2);
if (!wasmPath || !mapPath || !gluePath) {
  console.error("usage: minify-wasm-names.mjs WASM MAP GLUE");
  process.exit(2);
}
const map = JSON.parse(readFileSync(mapPath, "utf8"));
let glue = readFileSync(gluePath, "utf8");

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Where the glue names an import (a key of its import object), an export, an import module. */
const IMPORT = ["(?<![\\w$])", "(?=: function)"];
const EXPORT = ["(?<=\\bwasm\\.)", "(?![\\w$])"];
const MODULE = ['(?<=")', '(?=": import)'];
const pattern = (names, [before, after]) =>
  new RegExp(`${before}(${[...names].sort((a, b) => b.length - a.length).map(escape).join("|")})${after}`, "g");
/** Replaces every old name of `pairs` where `place` says, in one pass (a new name may be an old one). */
function rename(pairs, place) {
  if (pairs.size > 0) glue = glue.replace(pattern(pairs.keys(), place), (name) => pairs.get(name));
}

const imports = new Map(map.imports.map(([, name, short]) => [name, short]));
const exports = new Map(map.exports.map(([name, short]) => [name, short]));
// The map leaves out the modules' new names: each is the module of its imports in WASM.
const moduleOf = new Map(
  WebAssembly.Module.imports(new WebAssembly.Module(readFileSync(wasmPath))).map((i) => [i.name, i.module]),
);
const modules = new Map();
for (const [module, , short] of map.imports) {
  const renamed = moduleOf.get(short);
  if (renamed === undefined || (modules.has(module) && modules.get(module) !== renamed)) {
    console.error(`minify-wasm-names.mjs: ${wasmPath} does not match ${mapPath} (import ${short})`);
    process.exit(1);
  }
  modules.set(module, renamed);
}
const renames = [[imports, IMPORT], [exports, EXPORT], [modules, MODULE]];
const found = (names, place) => (names.size > 0 ? glue.match(pattern(names, place))?.length ?? 0 : 0);
const before = renames.map(([pairs, place]) => found(new Set(pairs.keys()), place));
for (const [pairs, place] of renames) rename(pairs, place);
// Every import and module is named in the glue, and no old name is left where names go.
const left = renames.map(([pairs, place]) => {
  const shortNames = new Set(pairs.values());
  return found(new Set([...pairs.keys()].filter((name) => !shortNames.has(name))), place);
});
if (before[0] < imports.size || before[2] === 0 || left.some((count) => count > 0)) {
  console.error(`minify-wasm-names.mjs: ${gluePath} does not name the module's imports and exports as expected`);
  process.exit(1);
}
writeFileSync(gluePath, glue);
