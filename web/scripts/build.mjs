// Builds the package into dist/: TypeScript (page side and worker side), then the wasm engine
// engines built by ../scripts/build-wasm.sh (web/src/wasm → dist/wasm, and the engine with
// aggregations, web/src/wasm-analytics → dist/wasm-analytics).
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const engines = ["wasm", "wasm-analytics"];
for (const engine of engines) {
  if (!existsSync(join(root, "src", engine, "rangefind_wasm_bg.wasm"))) {
    console.error(`web/src/${engine} is missing: run scripts/build-wasm.sh first`);
    process.exit(1);
  }
}
rmSync(join(root, "dist"), { recursive: true, force: true });
const tsc = join(root, "..", "node_modules", ".bin", "tsc");
for (const project of ["tsconfig.json", "tsconfig.worker.json"]) {
  execFileSync(tsc, ["-p", join(root, project)], { stdio: "inherit" });
}
// The worker must load without a bundler (one <script type="module"> on a static site), so
// its one dependency (idb) is inlined; the wasm glue stays a separate file, because it finds
// the .wasm next to itself with new URL(…, import.meta.url).
const bundle = await rolldown({
  input: join(root, "dist", "worker.js"),
  external: [/rangefind_wasm\.js$/],
  logLevel: "warn",
});
await bundle.write({ file: join(root, "dist", "worker.js"), format: "esm", sourcemap: true });
await bundle.close();
for (const engine of engines) {
  for (const file of ["rangefind_wasm.js", "rangefind_wasm.d.ts", "rangefind_wasm_bg.wasm"]) {
    cpSync(join(root, "src", engine, file), join(root, "dist", engine, file));
  }
}
console.log("web/dist: built");
