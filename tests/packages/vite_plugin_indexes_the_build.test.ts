// `rangefind/vite` in a real Vite project: an empty project with vite and the packed packages
// installed by npm (PATH without Rust), two pages; `vite build` writes the index beside them,
// `vite preview` serves it, and the widget the plugin added finds the other page in Chromium.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort, openPage, repo, type Session } from "../browser/harness";
import { emptyProject, npmInstall, npxSearch, packPackages, run, startPrintingUrl, type Started } from "./user-project";

// The same Vite the workspace tests with, so npm finds it (and its dependencies) in its cache.
const viteVersion = JSON.parse(readFileSync(join(repo, "node_modules/vite/package.json"), "utf8")).version as string;

let project: string;
let preview: Started | undefined;
let session: Session | undefined;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,"></head>
<body>
<header><rangefind-search></rangefind-search></header>
<main><h1>${title}</h1>${body}</main>
<script type="module" src="/main.js"></script>
</body>
</html>
`;
}

beforeAll(() => {
  const tarballs = packPackages();
  project = emptyProject("vite");
  npmInstall(project, [`vite@${viteVersion}`, tarballs.main, tarballs.cli], ["--prefer-offline"]);
  writeFileSync(
    join(project, "vite.config.js"),
    `import { resolve } from "node:path";
import rangefind from "rangefind/vite";

export default {
  plugins: [rangefind()],
  build: { rollupOptions: { input: { main: resolve("index.html"), guide: resolve("guide/index.html") } } },
};
`,
  );
  writeFileSync(join(project, "main.js"), `document.documentElement.dataset.loaded = "yes";\n`);
  writeFileSync(
    join(project, "index.html"),
    page("Lighthouse keeping", "<p>A lighthouse keeper trims the wick and winds the clockwork every night.</p>"),
  );
  mkdirSync(join(project, "guide"));
  writeFileSync(
    join(project, "guide/index.html"),
    page(
      "Foghorn signals",
      `<p>When the fog rolls in, the keeper sounds the foghorn in a pattern ships can recognise.</p>
<h2 id="patterns">Patterns</h2><p>Two long blasts every minute mark the northern reef.</p>`,
    ),
  );
});

afterAll(async () => {
  await session?.close();
  preview?.stop();
});

it("vite build writes the index and the widget beside the pages", () => {
  run(project, "npx", ["vite", "build"]);
  const dist = join(project, "dist");
  for (const file of ["site.json", "rangefind-search.js", "worker.js", "wasm-site/rangefind_wasm_bg.wasm"]) {
    expect(existsSync(join(dist, "_rangefind", file)), file).toBe(true);
  }
  const built = readFileSync(join(dist, "guide/index.html"), "utf8");
  expect(built).toContain(`<script type="module" src="/_rangefind/rangefind-search.js"></script>`);
  const found = npxSearch(project, "dist/_rangefind", "foghorn");
  expect(found.hits.map((hit) => hit.url)).toEqual(["/guide/"]);
});

it("vite preview serves the index, and the widget finds the other page", async () => {
  const port = await freePort();
  preview = await startPrintingUrl(project, "npx", ["vite", "preview", "--port", String(port), "--strictPort", "--host", "127.0.0.1"]);
  const url = `http://127.0.0.1:${port}/`;
  const ranged = await fetch(`${url}_rangefind/site.json`, { headers: { Range: "bytes=0-0" } });
  expect(ranged.status).toBe(206);
  expect(npxSearch(project, `${url}_rangefind/`, "wick").hits.map((hit) => hit.url)).toEqual(["/"]);

  session = await openPage(url, { testPage: false });
  await session.page.locator("rangefind-search input").fill("northern reef");
  const first = session.page.locator("rangefind-search [role=option]").first();
  await first.waitFor();
  expect(new URL((await first.getAttribute("href"))!, url).pathname).toBe("/guide/");
  expect(session.console.filter((line) => line.startsWith("error") || line.startsWith("pageerror"))).toEqual([]);
});
