// Builds the package into dist/: TypeScript (page side, worker side, and the Node side in
// dist/node: the CLI launcher's module and the Vite plugin), then the wasm engines built by
// ../scripts/build/build-wasm.sh: the split engine (web/src/wasm → dist/wasm, English stemmer
// only; web/src/wasm-all with every stemmer, for data sets in other languages), the same with
// aggregations (web/src/wasm-analytics, English; web/src/wasm-analytics-all, every stemmer), and
// the site engine (web/src/wasm-site, English stemmer only; web/src/wasm-site-all with every
// stemmer, for sites in other languages).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// The widget needs the site engine; the split engines (openIndex) and the site engine with
// every stemmer may be left out, as the demo does (`scripts/setup.sh --demo`): dist/ then
// lacks them, and says so, until they are built.
const allEngines = ["wasm", "wasm-all", "wasm-analytics", "wasm-analytics-all", "wasm-site", "wasm-site-all"];
if (!existsSync(join(root, "src", "wasm-site", "rangefind_wasm_bg.wasm"))) {
  console.error("web/src/wasm-site is missing: run scripts/build/build-wasm.sh first");
  process.exit(1);
}
const engines = allEngines.filter((engine) => existsSync(join(root, "src", engine, "rangefind_wasm_bg.wasm")));
const missing = allEngines.filter((engine) => !engines.includes(engine));
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
for (const project of ["tsconfig.json", "tsconfig.worker.json", "tsconfig.node.json"]) {
  try {
    execFileSync(tsc, ["-p", join(root, project)], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  } catch (error) {
    // Without the other engines (the demo's build) the worker's imports of them cannot be
    // type-checked; tsc still emits the JavaScript, which imports them only for openIndex.
    const errors = String(error.stdout).split("\n").filter((line) => line.includes("error TS"));
    if (missing.length === 0 || !errors.every(importsMissingEngine)) {
      process.stdout.write(String(error.stdout));
      process.exit(1);
    }
  }
}
for (const engine of engines) {
  for (const file of ["rangefind_wasm.js", "rangefind_wasm.d.ts", "rangefind_wasm_bg.wasm"]) {
    cpSync(join(root, "src", engine, file), join(root, "dist", engine, file));
  }
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
// The widget's workers carry their engine's glue, so that starting one is one script: the
// page passes them the module it compiled, or the .wasm's URL (openSite's `engineDir`).
for (const [worker, engine] of [["site-worker.js", "wasm-site"], ["site-worker-all.js", "wasm-site-all"]]) {
  if (!engines.includes(engine)) {
    rmSync(join(root, "dist", worker));
    continue;
  }
  const siteWorker = await rolldown({ input: join(root, "dist", worker), logLevel: "warn" });
  await siteWorker.write({ file: join(root, "dist", worker), format: "esm", sourcemap: true, minify: true });
  await siteWorker.close();
}
// <rangefind-search> is one file too, for one <script type="module"> tag: it finds worker.js
// next to itself, and site.json there by default (`rangefind build --site` copies both).
const element = await rolldown({ input: join(root, "dist", "search-element.js"), logLevel: "warn" });
await element.write({ file: join(root, "dist", "rangefind-search.js"), format: "esm", sourcemap: true, minify: true });
await element.close();
writeFileSync(stampFile, stamp);
console.log(
  missing.length === 0
    ? "web/dist: built"
    : `web/dist: built without ${missing.join(", ")} (openIndex and sites in other languages than English need them: scripts/build/build-wasm.sh, then npm run build)`,
);

/** Whether a tsc error line is about importing an engine this build leaves out. */
function importsMissingEngine(line) {
  return line.includes("error TS2307") && missing.some((engine) => line.includes(`'./${engine}/rangefind_wasm.js'`));
}

/** A hash of everything dist/ is built from. */
function sourceStamp() {
  const hash = createHash("sha256");
  const files = [
    ...["package.json", "tsconfig.base.json", "tsconfig.json", "tsconfig.worker.json", "tsconfig.node.json", "scripts/build.mjs"],
    ...["src", join("src", "node"), ...engines.map((engine) => join("src", engine))].flatMap((dir) =>
      readdirSync(join(root, dir), { withFileTypes: true })
        // Dotfiles are scripts/build/build-wasm.sh's stamps and size notes, not sources.
        .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
        .map((entry) => join(dir, entry.name)),
    ),
  ].sort();
  for (const file of files) hash.update(file).update("\0").update(readFileSync(join(root, file))).update("\0");
  // Which engines dist/ holds is part of what it is built from.
  hash.update(`missing: ${missing.join(" ")}`);
  return hash.digest("hex");
}
