// Builds the package into dist/: TypeScript (page side and worker side), then the wasm
// engines built by ../scripts/build-wasm.sh: the split engine (web/src/wasm → dist/wasm), the
// same with aggregations (web/src/wasm-analytics), and the site engine (web/src/wasm-site).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const engines = ["wasm", "wasm-analytics", "wasm-site"];
for (const engine of engines) {
  if (!existsSync(join(root, "src", engine, "rangefind_wasm_bg.wasm"))) {
    console.error(`web/src/${engine} is missing: run scripts/build-wasm.sh first`);
    process.exit(1);
  }
}
// The CLI embeds files of dist/ (the widget `rangefind build --site` writes), so an unchanged
// package must not be rewritten: a new mtime would make cargo rebuild the CLI.
const stampFile = join(root, "dist", ".source-sha256");
const stamp = sourceStamp();
if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) {
  console.log("web/dist: up to date");
  process.exit(0);
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
// <rangefind-search> is one file too, for one <script type="module"> tag: it finds worker.js
// next to itself, and site.json there by default (`rangefind build --site` copies both).
const element = await rolldown({ input: join(root, "dist", "search-element.js"), logLevel: "warn" });
await element.write({ file: join(root, "dist", "rangefind-search.js"), format: "esm", sourcemap: true, minify: true });
await element.close();
for (const engine of engines) {
  for (const file of ["rangefind_wasm.js", "rangefind_wasm.d.ts", "rangefind_wasm_bg.wasm"]) {
    cpSync(join(root, "src", engine, file), join(root, "dist", engine, file));
  }
}
writeFileSync(stampFile, stamp);
console.log("web/dist: built");

/** A hash of everything dist/ is built from. */
function sourceStamp() {
  const hash = createHash("sha256");
  const files = [
    ...["package.json", "tsconfig.base.json", "tsconfig.json", "tsconfig.worker.json", "scripts/build.mjs"],
    ...["src", ...engines.map((engine) => join("src", engine))].flatMap((dir) =>
      readdirSync(join(root, dir), { withFileTypes: true })
        // Dotfiles are scripts/build-wasm.sh's stamps and size notes, not sources.
        .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
        .map((entry) => join(dir, entry.name)),
    ),
  ].sort();
  for (const file of files) hash.update(file).update("\0").update(readFileSync(join(root, file))).update("\0");
  return hash.digest("hex");
}
