/**
 * The widget on a site in two languages, in real Chromium: the site engine stems English only
 * (wasm-site/, the smaller download), so a French page loads the engine with every stemmer
 * (wasm-site-all/) and finds a word in another inflection, while an English page never
 * downloads it. `build --site` writes the larger engine only for sites that need it.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { answerTo, cli, openPage, serve, tempDir, type Server, type Session } from "./harness.js";

let site: string;
let server: Server;
let session: Session | undefined;

const PAGES: Record<string, [lang: string, title: string, text: string]> = {
  "fr/index.html": ["fr", "Les recettes de cuisine", "Nous mangeons des légumes frais et des fruits de saison."],
  "fr/voyages.html": ["fr", "Voyages en train", "Les trains régionaux traversent les montagnes. Réservez vos billets en ligne."],
  "en/index.html": ["en", "Cooking recipes", "We are eating fresh vegetables and seasonal fruit."],
};

/** Writes the pages, each with the widget's two lines. */
function writeSite(dir: string, paths: string[]): void {
  for (const path of paths) {
    const [lang, title, text] = PAGES[path];
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(
      join(dir, path),
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>` +
        `<script type="module" src="/_rangefind/rangefind-search.js"></script></head>` +
        `<body><header><rangefind-search></rangefind-search></header><main><h1>${title}</h1><p>${text}</p></main></body></html>`,
    );
  }
}

function build(dir: string): void {
  execFileSync(cli, ["build", "--site", dir, "-q"], { stdio: ["ignore", "ignore", "inherit"] });
}

beforeAll(async () => {
  site = tempDir("site-languages");
  writeSite(site, Object.keys(PAGES));
  build(site);
  server = await serve(site);
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
});

/** Opens `path`, types `text` into the box and returns the results' titles. */
async function search(path: string, text: string): Promise<{ page: Page; titles: string[] }> {
  await session?.close();
  session = await openPage(`${server.url}${path}`, { testPage: false });
  const page = session.page;
  const answered = answerTo(page, text);
  const box = page.locator("rangefind-search input");
  await box.click();
  await box.pressSequentially(text, { delay: 20 });
  await answered;
  const titles = await page.locator("rangefind-search [role=option]").evaluateAll((nodes) =>
    nodes.map((node) => node.textContent ?? ""),
  );
  return { page, titles };
}

const wasmRead = () =>
  (session?.requested ?? []).map((url) => new URL(url).pathname).filter((path) => path.endsWith(".wasm"));

describe("a site in English and French", () => {
  it("writes the site engine with every stemmer beside the English-only one", () => {
    expect(existsSync(join(site, "_rangefind", "wasm-site", "rangefind_wasm_bg.wasm"))).toBe(true);
    expect(existsSync(join(site, "_rangefind", "wasm-site-all", "rangefind_wasm_bg.wasm"))).toBe(true);
  });

  it("searches a French page with the French stemmer (réserver finds Réservez)", async () => {
    const { titles } = await search("fr/index.html", "réserver");
    expect(titles.length).toBe(1);
    expect(titles[0]).toContain("Voyages en train");
    expect(wasmRead()).toEqual(["/_rangefind/wasm-site-all/rangefind_wasm_bg.wasm"]);
  });

  it("searches an English page with the smaller engine (eat finds eating)", async () => {
    const { titles } = await search("en/index.html", "eat");
    expect(titles.length).toBe(1);
    expect(titles[0]).toContain("Cooking recipes");
    expect(wasmRead()).toEqual(["/_rangefind/wasm-site/rangefind_wasm_bg.wasm"]);
  });

  it("leaves the larger engine out of an English site, and removes it when French pages go", () => {
    rmSync(join(site, "fr"), { recursive: true });
    build(site);
    expect(existsSync(join(site, "_rangefind", "wasm-site", "rangefind_wasm_bg.wasm"))).toBe(true);
    expect(existsSync(join(site, "_rangefind", "wasm-site-all"))).toBe(false);
    expect(existsSync(join(site, "_rangefind", "site-worker-all.js"))).toBe(false);
  });
});
