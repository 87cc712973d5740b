#!/usr/bin/env node
// Usage: drop-unused-closure-shims.mjs WASM
// Takes out of WASM's function table, in place, the closure shims wasm-bindgen left there
// that nothing can call, so that wasm-opt removes them: 42 functions, 0.4 KB of the site
// engine (brotli; BENCHMARKS.md, "Engine size").
//
// Why they are there: js-sys declares many imports that take a closure (`Array.forEach`, a
// typed array's `map`, ...); each declaration's descriptor takes the address of the Rust shim
// that would call such a closure (`wasm_bindgen::convert::closures::_::invoke::<...>`), which
// puts the shim into the table, and the table keeps it after wasm-bindgen has dropped the
// unused imports and their descriptors (wasm-bindgen/wasm-bindgen#2535).
//
// Why nothing can call them: the glue calls a Rust closure through an export of its shim (a
// shim it uses is exported), never through the table, which is neither exported nor imported,
// so only the module's own indirect calls reach the table, and Rust code never calls these
// shims (they are for JS). The build stops if the table is exported or imported (a
// wasm-bindgen that works another way). A slot taken is given a function that traps.
import { readFileSync, writeFileSync } from "node:fs";
import binaryen from "binaryen";

const [wasmPath] = process.argv.slice(2);
if (!wasmPath) {
  console.error("usage: drop-unused-closure-shims.mjs WASM");
  process.exit(2);
}
const fail = (message) => {
  console.error(`drop-unused-closure-shims: ${message}`);
  process.exit(1);
};

// Names are kept (the section wasm-opt reads the Rust items' names from, when asked).
binaryen.setDebugInfo(true);
const module = binaryen.readBinary(readFileSync(wasmPath));
const SHIM = /^wasm_bindgen(\[[0-9a-f]+\])?::convert::closures::_::invoke::</;

// Other tables may be exported: with reference types, wasm-bindgen's table of JS values
// (`__wbindgen_externrefs`, the Worker's engine). Only the table the element segments fill
// (the function table) must be the module's own.
const exported = new Set();
const exportedTables = new Map();
for (let i = 0; i < module.getNumExports(); i++) {
  const info = binaryen.getExportInfo(module.getExportByIndex(i));
  if (info.kind === binaryen.ExternalTable) exportedTables.set(info.value, info.name);
  if (info.kind === binaryen.ExternalFunction) exported.add(info.value);
}
const importedTables = new Map();
for (let i = 0; i < module.getNumTables(); i++) {
  const table = binaryen.getTableInfo(module.getTableByIndex(i));
  if (table.module) importedTables.set(table.name, table.module);
}

const TRAP = "rangefind_dropped_closure_shim";
// Already there when the module was done before (the script runs again on a rebuilt module
// only, but a second run must not fail).
if (!module.getFunction(TRAP)) module.addFunction(TRAP, binaryen.none, binaryen.none, [], module.unreachable());
const segments = [];
for (let i = 0; i < module.getNumElementSegments(); i++) {
  segments.push(binaryen.getElementSegmentInfo(module.getElementSegmentByIndex(i)));
}
let dropped = 0;
for (const segment of segments) {
  if (exportedTables.has(segment.table)) {
    fail(`the function table is exported (as ${exportedTables.get(segment.table)})`);
  }
  if (importedTables.has(segment.table)) {
    fail(`the function table is imported (from ${importedTables.get(segment.table)})`);
  }
  const offset = binaryen.getExpressionInfo(segment.offset);
  if (offset.id !== binaryen.ConstId) fail(`element segment ${segment.name} has no constant offset`);
  const names = segment.data.map((name) => {
    if (!SHIM.test(name) || exported.has(name)) return name;
    dropped++;
    return TRAP;
  });
  module.removeElementSegment(segment.name);
  module.addActiveElementSegment(segment.table, segment.name, names, module.i32.const(offset.value));
}
if (!module.validate()) fail("the module is not valid afterwards");
writeFileSync(wasmPath, module.emitBinary());
console.log(`${wasmPath}: ${dropped} unused closure shims out of the function table`);
